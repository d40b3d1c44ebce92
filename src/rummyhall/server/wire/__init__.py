"""The wire: what a client and the server say to each other, and in which language.

:mod:`~rummyhall.server.wire.protocol` (the versioned JSON messages, docs/protocol.md)
and :mod:`~rummyhall.server.wire.i18n` (the server's own texts in English and Chinese).
Depends on nothing else of the server."""
