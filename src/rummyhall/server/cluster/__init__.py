"""Many ``rummyhall serve`` processes behind one site, coordinated through Redis
(``serve --redis``, the ``redis`` extra); without it the server is one process.

The database's action log stays the truth and Redis only coordinates: each open room is
played by the one process holding its lease (:mod:`~rummyhall.server.cluster.leases`),
requests reach it from any process (:mod:`~rummyhall.server.cluster.bus`,
:mod:`~rummyhall.server.cluster.places`, :mod:`~rummyhall.server.cluster.remote`,
:mod:`~rummyhall.server.cluster.sockets`,
:mod:`~rummyhall.server.cluster.visitors`), rooms follow their players
(:mod:`~rummyhall.server.cluster.affinity`), and the lobby and the limits are shared
(:mod:`~rummyhall.server.cluster.directory`, :mod:`~rummyhall.server.cluster.limits`);
:class:`~rummyhall.server.cluster.node.Cluster` ties them together for one process. How
and why: docs/deploy.md, "How the cluster is built".
"""
