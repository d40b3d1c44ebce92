"""Many ``rummyhall serve`` processes behind one site, coordinated through Redis
(``serve --redis``, the ``redis`` extra); without it the server is one process.

The database's action log stays the truth; Redis only coordinates, so losing Redis
loses no action:

- **Ownership** (:mod:`~rummyhall.server.cluster.leases`): each open room is played by
  exactly one process, the holder of its lease (a key with a time to live that the
  owner renews). A process that dies stops renewing; once its leases lapse another
  process takes its rooms over, rebuilding each from its seed and its log as a restart
  does. A late write of a process that lost a lease cannot fork a match: the log's key
  (match, seq) admits one action per turn, and the loser drops the room.
- **Routing** (:mod:`~rummyhall.server.cluster.bus`,
  :mod:`~rummyhall.server.cluster.remote`, :mod:`~rummyhall.server.cluster.sockets`,
  :mod:`~rummyhall.server.cluster.visitors`): a client may connect to any process. Its
  requests for a room owned elsewhere go to the owner's channel, and what the owner
  sends it comes back on the channel of the process that holds its socket. Pub/sub
  rather than streams: nothing here must outlive a connection, because what a client was
  shown was committed first. A request not answered in time is answered
  ``unavailable`` (its state counter makes sending it again harmless), and after any
  gap (Redis reconnected, a room moved to another owner) the process holding the
  sockets joins them to the room again, which sends each its whole state.
- **The lobby** (:mod:`~rummyhall.server.cluster.directory`): every open room's
  description in one hash, written by its owner and read by every process for the
  public list, lookups by code and the limits that span rooms; the rates per address
  and per player (:mod:`~rummyhall.server.cluster.limits`) are kept there too.

:class:`~rummyhall.server.cluster.node.Cluster` ties them together for one process.
"""
