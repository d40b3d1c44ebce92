"""The wire: what a client and the server say to each other, and in which language.

:mod:`~rummyhall.server.wire.protocol` (the versioned JSON messages, docs/protocol.md),
:mod:`~rummyhall.server.wire.errors` (every error code with its English and Chinese
messages) and :mod:`~rummyhall.server.wire.i18n` (the server's texts in the reader's
language).
Depends on nothing else of the server."""
