"""Persistence: the schema, its migrations, a synchronous repository and the async
store the server talks to (one writer thread, group commits), and the ratings every
rated match moves in its finishing transaction.

The bottom of the server: it imports nothing of the wire (:mod:`rummyhall.server.wire`)
or the rooms (:mod:`rummyhall.server.rooms`); an unreachable database is its own
:class:`~rummyhall.server.storage.store.StorageUnavailable`, which the connection and the
HTTP API answer ``storage_unavailable``."""
