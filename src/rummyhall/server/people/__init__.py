"""People: who plays, and what stays with them after a match.

:mod:`~rummyhall.server.people.players` (guests and their tokens),
:mod:`~rummyhall.server.people.accounts` (usernames, passwords, sign-ins),
:mod:`~rummyhall.server.people.friends` (invitations) and
:mod:`~rummyhall.server.people.replays` (finished matches, cached). Ratings move inside
a match's finishing transaction, so they live in :mod:`~rummyhall.server.storage`."""
