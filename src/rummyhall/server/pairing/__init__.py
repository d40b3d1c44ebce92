"""Quick pairing: players who ask for a game meet at a table (docs/pairing.md).

:mod:`~rummyhall.server.pairing.rules` (a seek, its widening rating window, who may
sit together), :mod:`~rummyhall.server.pairing.pool` (one pool's seeks and the pass that
seats them) and :mod:`~rummyhall.server.pairing.service` (the pools of a process, the
connections' seeks, and the tables opened through the lobby)."""
