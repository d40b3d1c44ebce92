"""The pools of a site of several processes, in Redis (``serve --redis``): seekers on
different processes meet (docs/pairing.md, "Across processes").

Each pool is a sorted set of seek ids by rating; the seeks' records are one hash, with
indexes by player (his one seek per pool) and by process (to drop a dead process's).
Every change is a Lua script, atomic in Redis. Every process runs the passes over a
mirror of the pools it reads from Redis, and seats a table by *claiming* its seeks:
the script takes them out only if every one is still there (with the players' seeks
in other pools), and keeps the table until its room is open. Two processes that
computed the same table race for the claim and one wins: nobody is seated twice. The
table kept in Redis is what a process killed between the claim and the room's opening
leaves behind: another process opens it (the room's creation key is the table's id,
so a room opened already is found, not opened again) and tells its players."""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from redis.asyncio import Redis

from rummyhall.server.cluster.client import unavailable_without_redis
from rummyhall.server.pairing.local import LocalPools
from rummyhall.server.pairing.rules import Curve
from rummyhall.server.pairing.seeks import Held, PoolKey, Recovered, SeatedTable, SeekRecord

PREFIX = "rummyhall:pairing:"

DROP = """
local P = ARGV[1]
local function drop(id)
  local raw = redis.call('HGET', P .. 'seeks', id)
  if not raw then return false end
  local r = cjson.decode(raw)
  local pool = P .. 'pool:' .. r.name
  redis.call('HDEL', P .. 'seeks', id)
  redis.call('ZREM', pool, id)
  if redis.call('ZCARD', pool) == 0 then redis.call('SREM', P .. 'pools', r.name) end
  local mine = P .. 'player:' .. r.seek.player_id
  if redis.call('HGET', mine, r.name) == id then redis.call('HDEL', mine, r.name) end
  redis.call('SREM', P .. 'node:' .. r.node, id)
  return raw
end
"""
"""The common start of every script: ``drop(id)`` takes a seek out of every key and
returns its record (``false``: no such seek). ARGV[1] is :data:`PREFIX`."""

PUT = """
local id, rating, record, name, player, node = ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7]
local old = redis.call('HGET', P .. 'player:' .. player, name)
local function put()
  redis.call('HSET', P .. 'seeks', id, record)
  redis.call('ZADD', P .. 'pool:' .. name, rating, id)
  redis.call('SADD', P .. 'pools', name)
  redis.call('HSET', P .. 'player:' .. player, name, id)
  redis.call('SADD', P .. 'node:' .. node, id)
  redis.call('SADD', P .. 'nodes', node)
end
"""
"""After :data:`DROP`, for the scripts given a seek (ARGV[2…7]: its id, rating, record,
pool, player and process): ``old``, the player's seek in that pool, and ``put()``, which
puts this one there."""

ADD = (
    DROP
    + PUT
    + """
local replaced = ''
if old then replaced = drop(old) or '' end
put()
return {replaced, redis.call('ZCARD', P .. 'pool:' .. name)}
"""
)
"""Put a seek in its pool in place of its player's seek there: that one (``''``: none)
and how many wait in the pool now."""

REMOVE = DROP + "return drop(ARGV[2])\n"

CLAIM = (
    DROP
    + """
for i = 4, #ARGV do
  if redis.call('HEXISTS', P .. 'seeks', ARGV[i]) == 0 then return false end
end
local seated, ended = {}, {}
for i = 4, #ARGV do seated[#seated + 1] = drop(ARGV[i]) end
for _, raw in ipairs(seated) do
  local r = cjson.decode(raw)
  for _, other in ipairs(redis.call('HVALS', P .. 'player:' .. r.seek.player_id)) do
    local gone = drop(other)
    if gone then ended[#ended + 1] = gone end
  end
end
local kept = cjson.encode({node = ARGV[3], seeks = seated, ended = ended})
redis.call('HSET', P .. 'tables', ARGV[2], kept)
return kept
"""
)
"""Seat table ARGV[2] for process ARGV[3] from the seeks ARGV[4…], only if every one
is still waiting: out of their pools, with their players' seeks in other pools, the
table kept (its JSON returned); ``false`` if one is gone."""

DEAD = (
    DROP
    + """
local dropped, gone = 0, P .. 'dropped:' .. ARGV[2]
for _, id in ipairs(redis.call('SMEMBERS', P .. 'node:' .. ARGV[2])) do
  if drop(id) then
    dropped = dropped + 1
    redis.call('SADD', gone, id)
  end
end
if dropped > 0 then redis.call('EXPIRE', gone, ARGV[3]) end
redis.call('DEL', P .. 'node:' .. ARGV[2])
redis.call('SREM', P .. 'nodes', ARGV[2])
return dropped
"""
)
"""Drop every seek of the dead process ARGV[2], noting their ids for ARGV[3] seconds
(a process only late to beat finds its seeks there and puts them back); how many."""

RESTORE = (
    DROP
    + PUT
    + """
if old then return old == id and 1 or 0 end
put()
return 1
"""
)
"""Put back a seek a process was wrongly thought dead for (:data:`DEAD`), unless its
player has sought in that pool since: 1 if it is back, 0 if not."""

DROPPED_FOR = 3600
"""Seconds a dead process's dropped seeks are noted for it."""

STEAL = """
local raw = redis.call('HGET', ARGV[1] .. 'tables', ARGV[2])
if not raw then return false end
local kept = cjson.decode(raw)
if kept.node ~= ARGV[3] then return false end
kept.node = ARGV[4]
raw = cjson.encode(kept)
redis.call('HSET', ARGV[1] .. 'tables', ARGV[2], raw)
return raw
"""
"""Take table ARGV[2], seated by the dead process ARGV[3], for process ARGV[4], only if
no other process took it first."""


def _records(raw: Any) -> list[SeekRecord]:
    """Records from a Lua list (``cjson`` writes an empty one as an object)."""
    return [SeekRecord.from_json(text) for text in (raw or [])]


class SharedPools(LocalPools):
    """The pools in Redis, and this process's mirror of them to run passes on."""

    def __init__(
        self,
        redis: Redis,
        node: str,
        alive: Callable[[Sequence[str]], Awaitable[set[str]]],
        curve: Curve,
        countdown: float,
    ) -> None:
        super().__init__(curve, countdown)
        self.redis = redis
        self.node = node
        self.alive = alive
        self._add_script = redis.register_script(ADD)
        self._remove_script = redis.register_script(REMOVE)
        self._claim = redis.register_script(CLAIM)
        self._dead = redis.register_script(DEAD)
        self._steal = redis.register_script(STEAL)
        self._restore = redis.register_script(RESTORE)

    @staticmethod
    def _given(record: SeekRecord) -> list[str | int]:
        """A seek as :data:`PUT` takes it."""
        seek = record.seek
        return [
            PREFIX,
            seek.id,
            seek.rating,
            record.to_json(),
            record.pool.name,
            seek.player_id,
            record.node,
        ]

    async def add(self, record: SeekRecord) -> tuple[SeekRecord | None, int]:
        with unavailable_without_redis():
            replaced, waiting = await self._add_script(args=self._given(record))
        return (SeekRecord.from_json(replaced) if replaced else None), int(waiting)

    async def remove(self, seek_id: str) -> SeekRecord | None:
        with unavailable_without_redis():
            removed = await self._remove_script(args=[PREFIX, seek_id])
        return None if not removed else SeekRecord.from_json(removed)

    async def tables(self, now: float) -> list[SeatedTable]:
        """A pass over the mirror, brought up to date first; each table claimed in
        Redis (one another process claimed first is dropped from the mirror)."""
        with unavailable_without_redis():
            return await self._tables(now)

    async def _tables(self, now: float) -> list[SeatedTable]:
        await self._sync()
        tables = []
        for table in self._pair(now):
            seated, _ = self._seat(table)
            table_id = secrets.token_hex(8)
            ids = [record.seek.id for record in seated]
            kept = await self._claim(args=[PREFIX, table_id, self.node, *ids])
            if kept:
                data = json.loads(kept)
                tables.append(
                    SeatedTable(table_id, _records(data["seeks"]), _records(data["ended"]))
                )
        return tables

    async def waiting(self, keys: Iterable[PoolKey]) -> dict[PoolKey, int]:
        wanted = list(keys)
        with unavailable_without_redis():
            return await self._waiting(wanted)

    async def _waiting(self, wanted: list[PoolKey]) -> dict[PoolKey, int]:
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in wanted:
                pipe.zcard(f"{PREFIX}pool:{key.name}")
            counts = await pipe.execute()
        return dict(zip(wanted, counts, strict=True))

    async def recover(self, held: Held) -> Recovered:
        """Put back this process's seeks another process dropped while it was late to
        beat, drop the seeks of dead processes and this process's seeks it no longer
        ``held`` (their connection closed while Redis was out of reach), and take the
        tables dead processes seated but did not open, to open them here. ``held`` is
        asked at each step, not once: a seek made meanwhile is held."""
        with unavailable_without_redis():
            return await self._recover(held)

    async def _recover(self, held: Held) -> Recovered:
        replaced = await self._put_back(held)
        for seek_id in await self._members(f"{PREFIX}node:{self.node}"):
            if held(seek_id) is None:
                await self.remove(seek_id)
        nodes = await self._members(f"{PREFIX}nodes")
        living = await self.alive(nodes) if nodes else set()
        for node in nodes:
            if node not in living and node != self.node:
                await self._dead(args=[PREFIX, node, DROPPED_FOR])
        kept = await self.redis.hgetall(f"{PREFIX}tables")
        owners = {str(table_id): json.loads(raw)["node"] for table_id, raw in kept.items()}
        living = await self.alive(sorted(set(owners.values()))) if owners else set()
        taken = []
        for table_id, owner in owners.items():
            if owner in living or owner == self.node:
                continue
            raw = await self._steal(args=[PREFIX, table_id, owner, self.node])
            if raw:
                data = json.loads(raw)
                taken.append(SeatedTable(table_id, _records(data["seeks"]), []))
        return Recovered(taken, replaced)

    async def _put_back(self, held: Held) -> list[SeekRecord]:
        """The seeks here that another process dropped, thinking this one dead (under
        load a heartbeat can be late), back in their pools with their waiting time; those
        whose player has sought in that pool since, returned (replaced)."""
        noted = f"{PREFIX}dropped:{self.node}"
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.smembers(noted)
            pipe.delete(noted)
            dropped, _ = await pipe.execute()
        replaced = []
        for seek_id in sorted(str(member) for member in dropped):
            record = held(seek_id)
            if record is not None and not await self._restore(args=self._given(record)):
                replaced.append(record)
        return replaced

    async def opened(self, table: SeatedTable) -> None:
        with unavailable_without_redis():
            await self.redis.hdel(f"{PREFIX}tables", table.id)

    async def _sync(self) -> None:
        """Bring the mirror to Redis's pools: new seeks in, gone ones out (a seek
        kept keeps the countdown its short table has run)."""
        names = await self._members(f"{PREFIX}pools")
        async with self.redis.pipeline(transaction=False) as pipe:
            for name in names:
                pipe.zrange(f"{PREFIX}pool:{name}", 0, -1)
            members = await pipe.execute()
        ids = [seek_id for pool in members for seek_id in pool]
        raws = await self.redis.hmget(f"{PREFIX}seeks", ids) if ids else []
        present = {str(seek_id): str(raw) for seek_id, raw in zip(ids, raws, strict=True) if raw}
        for seek_id in [seek_id for seek_id in self.records if seek_id not in present]:
            self._remove(seek_id)
        for seek_id, raw in present.items():
            if seek_id not in self.records:
                self._add(SeekRecord.from_json(raw))

    async def _members(self, key: str) -> list[str]:
        """The members of the set ``key``, sorted (the client decodes them)."""
        return sorted(str(member) for member in await self.redis.smembers(key))
