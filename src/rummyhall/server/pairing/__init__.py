"""Quick pairing: players who ask for a game meet at a table (docs/pairing.md).

:mod:`~rummyhall.server.pairing.rules` (a seek, its widening rating window, who may
sit together), :mod:`~rummyhall.server.pairing.pool` (one pool's seeks and the pass that
seats them), :mod:`~rummyhall.server.pairing.seeks` (a seek as the pools keep it),
:mod:`~rummyhall.server.pairing.open_seats` (public rooms with an open seat it fits),
:mod:`~rummyhall.server.pairing.local` (the pools in memory),
:mod:`~rummyhall.server.pairing.shared` (the pools in Redis, across processes),
:mod:`~rummyhall.server.pairing.tables` (a pass's tables opened in one commit) and
:mod:`~rummyhall.server.pairing.service` (a process's connections' seeks, the passes,
and telling the seekers)."""
