"""The game server: lobby, rooms with friends and bots, the WebSocket protocol and
persistence that survives a restart (``rummyhall serve``).

Read it by its subpackages, from the edge inwards:

- :mod:`~rummyhall.server.net`: the network edge (transport, addresses, HTTP hygiene,
  limits, the HTTP routes, one client's WebSocket);
- :mod:`~rummyhall.server.wire`: the protocol's messages, error codes and the server's texts;
- :mod:`~rummyhall.server.pairing`: quick pairing, the pools of players seeking a game;
- :mod:`~rummyhall.server.rooms`: the lobby, a room and its seats, table, stand-ins,
  pause, clock, bots, hints, chat, the catalogue of games and saved rooms brought back;
- :mod:`~rummyhall.server.people`: players, accounts, friends, presence, moderation,
  privacy, replays;
- :mod:`~rummyhall.server.reviews`: finished matches reviewed in worker processes;
- :mod:`~rummyhall.server.storage`: schema, migrations, repository, store, ratings,
  fault points;
- :mod:`~rummyhall.server.cluster`: several processes on Redis (``serve --redis``).

Beside them: :mod:`~rummyhall.server.app` (the ASGI app that builds it all),
:mod:`~rummyhall.server.services` (the shared parts it hands the routes and connections),
:mod:`~rummyhall.server.settings` (what an operator tunes, a part per concern),
:mod:`~rummyhall.server.workers` (``serve --workers``), :mod:`~rummyhall.server.logs`
(text or JSON log lines) and :mod:`~rummyhall.server.metrics` (Prometheus metrics).

What each defends against, and the test that shows it: ``docs/security.md``.

The package imports none of them, so the command line reads
:class:`~rummyhall.server.settings.Settings` (its flags) without loading the server:
import ``create_app`` from :mod:`~rummyhall.server.app`.
"""
