"""The game server: lobby, rooms with friends and bots, the WebSocket protocol and
persistence that survives a restart (``rummyhall serve``).

Modules, one concept each: :mod:`~rummyhall.server.app` (the ASGI app),
:mod:`~rummyhall.server.api` (HTTP routes), :mod:`~rummyhall.server.protocol` (message
schemas), :mod:`~rummyhall.server.connection` (one client's WebSocket),
:mod:`~rummyhall.server.lobby` (rooms by code), :mod:`~rummyhall.server.rooms` (the
authority over a table), :mod:`~rummyhall.server.autoplay` (bots off the event loop),
:mod:`~rummyhall.server.advice` (legal-action labels and hints),
:mod:`~rummyhall.server.players` (guest identity), :mod:`~rummyhall.server.limits`
(rates per connection, address and guest), :mod:`~rummyhall.server.addresses` (who the
client is, behind trusted proxies), :mod:`~rummyhall.server.transport` (deadlines and
a connection cap below the ASGI app), :mod:`~rummyhall.server.http` (security headers,
body limits), :mod:`~rummyhall.server.replays` (finished matches, cached),
:mod:`~rummyhall.server.catalog` (games and options), :mod:`~rummyhall.server.i18n`,
:mod:`~rummyhall.server.storage` (schema, migrations, repository, store, fault points),
:mod:`~rummyhall.server.cluster` (several processes on Redis: ``serve --redis``),
:mod:`~rummyhall.server.workers` (``serve --workers``).
What each defends against, and the test that shows it: ``docs/security.md``.

The package imports none of them, so the command line reads
:class:`~rummyhall.server.settings.Settings` (its flags) without loading the server:
import ``create_app`` from :mod:`~rummyhall.server.app`.
"""
