"""People: who plays, and what stays with them after a match.

:mod:`~rummyhall.server.people.players` (guests and their tokens),
:mod:`~rummyhall.server.people.accounts` (usernames, passwords, sign-ins),
:mod:`~rummyhall.server.people.friends` (invitations),
:mod:`~rummyhall.server.people.ratings` (OpenSkill ratings) and
:mod:`~rummyhall.server.people.replays` (finished matches, cached)."""
