"""The network edge: a client's bytes until they are a message for a room, and back.

:mod:`~rummyhall.server.net.transport` (uvicorn's protocols with deadlines and a
connection cap), :mod:`~rummyhall.server.net.addresses` (who the client is, behind
trusted proxies), :mod:`~rummyhall.server.net.http` (security headers, body limits),
:mod:`~rummyhall.server.net.limits` (rates per connection, address and guest),
:mod:`~rummyhall.server.net.api` (the HTTP routes),
:mod:`~rummyhall.server.net.connection` (one client's WebSocket) and
:mod:`~rummyhall.server.net.mailbox` (its two queues)."""
