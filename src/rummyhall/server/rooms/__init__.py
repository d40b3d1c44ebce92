"""Rooms: where matches are played, from the lobby to the last action of a match.

:mod:`~rummyhall.server.rooms.lobby` (every open room by code),
:mod:`~rummyhall.server.rooms.listing` (the public list),
:mod:`~rummyhall.server.rooms.room` (the one authority over a room, in layers: requests,
joining, the host, its life), :mod:`~rummyhall.server.rooms.play` (its match: the path of
an action), :mod:`~rummyhall.server.rooms.state` (what a room is, saved, described and
told), :mod:`~rummyhall.server.rooms.seating` (who sits where and who watches),
:mod:`~rummyhall.server.rooms.standins` (who plays a seat when its person does not),
:mod:`~rummyhall.server.rooms.lock` (a room's lock), :mod:`~rummyhall.server.rooms.seats`
(one seat), :mod:`~rummyhall.server.rooms.table`
(the match at the table), :mod:`~rummyhall.server.rooms.pause` (between two parts),
:mod:`~rummyhall.server.rooms.clock` (turn clocks),
:mod:`~rummyhall.server.rooms.autoplay` (bots off the event loop),
:mod:`~rummyhall.server.rooms.advice` (action labels and hints),
:mod:`~rummyhall.server.rooms.chat`, :mod:`~rummyhall.server.rooms.catalogue` (the
games and their options) and :mod:`~rummyhall.server.rooms.peers` (the other processes
of a site, as the rooms see them)."""
