"""Finished matches as the record and replay routes serve them, cached.

A finished match never changes, so it is read and replayed once, on a reader thread of
the :class:`~rummyhall.server.storage.store.Store` (never on the event loop), and kept:
its record already encoded as JSON, and the game state pickled every
:data:`CHECKPOINT_EVERY` actions. A replay frame at turn ``t`` then costs one unpickle
and fewer than that many actions instead of replaying the whole log (a 436-action match
took 20 ms on the loop). A state holds every action played so far, each a fresh object
after a replay; the checkpoints of a match share them, one object per distinct action
(a Gin match has a few dozen), so a checkpoint stays small and quick to load however
late in the match it is. Frames already answered are kept too (a replay is stepped
through by each of its viewers, and a popular one by many). Both caches are
least-recently-used maps bounded by the bytes they hold; requests for a match being
loaded wait for that one load.
"""

from __future__ import annotations

import asyncio
import io
import json
import pickle
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from typing import Any

from rummyhall.actions import Action
from rummyhall.game import GameState
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.catalogue import parse_options, start_match
from rummyhall.server.storage import models
from rummyhall.server.storage.erasure import DELETED_NICKNAME
from rummyhall.server.storage.repository import Repository
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.protocol import ProtocolError

CHECKPOINT_EVERY = 8
"""Actions between two kept states (about 3 KB each pickled): a frame replays fewer."""


def encode(content: Any) -> bytes:
    """JSON exactly as FastAPI's ``JSONResponse`` renders it."""
    return json.dumps(
        content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


class _SharingPickler(pickle.Pickler):
    """Pickles every :class:`Action` as its index in ``shared`` (equal actions, which are
    immutable, as one), adding those not there yet."""

    def __init__(self, file: io.BytesIO, shared: list[Action], index: dict[Action, int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared
        self.index = index

    def persistent_id(self, obj: Any) -> int | None:
        if not isinstance(obj, Action):
            return None
        found = self.index.get(obj)
        if found is None:
            found = self.index[obj] = len(self.shared)
            self.shared.append(obj)
        return found


class _SharingUnpickler(pickle.Unpickler):
    def __init__(self, data: bytes, shared: list[Action]) -> None:
        super().__init__(io.BytesIO(data))
        self.shared = shared

    def persistent_load(self, pid: Any) -> Action:
        return self.shared[int(pid)]


@dataclass(frozen=True)
class FinishedMatch:
    record: bytes
    """The body of ``GET /api/matches/{id}``."""
    log: list[dict[str, Any]]
    checkpoints: list[bytes]
    """The pickled state after 0, CHECKPOINT_EVERY, 2·CHECKPOINT_EVERY, … actions."""
    actions: list[Action]
    """The distinct actions the checkpoints refer to."""
    players: int
    seated: frozenset[str]
    """The ids of the people who played it (whom the record names)."""

    @property
    def size(self) -> int:
        """Bytes held, roughly: the record (whose log the parsed log mirrors) twice and
        the checkpoints."""
        return 2 * len(self.record) + sum(map(len, self.checkpoints))

    def frame(self, turn: int, seat: int | None) -> bytes:
        """The body of ``GET /api/matches/{id}/replay``: the view of ``seat`` (or a
        spectator's) after ``turn`` actions (the whole match if ``turn`` is past its end)."""
        if seat is not None and seat >= self.players:
            raise ProtocolError("no_such_seat", seat=seat)
        turn = min(turn, len(self.log))
        base = turn // CHECKPOINT_EVERY
        state: GameState = _SharingUnpickler(self.checkpoints[base], self.actions).load()
        state.replay(self.log[base * CHECKPOINT_EVERY : turn])
        return encode({"turn": state.turn, "total": len(self.log), "view": state.view(seat)})


def game_record(match: models.Match, log: list[dict[str, Any]]) -> dict[str, Any]:
    """A finished match as a game record (docs/records.md): what ``rummyhall.load``
    replays, ``rummyhall export`` writes and a review reads."""
    options = parse_options(match.game, match.options).engine_options()
    return {
        "game": match.game,
        "kind": "match",
        "version": 1,
        "seed": match.seed,
        "options": options,
        "log": log,
    }


def load_finished(repository: Repository, match_id: str) -> FinishedMatch | None:
    """Read a finished match and replay it (for tools that hold a repository)."""
    found = repository.matches.finished_match(match_id)
    return None if found is None else replay_finished(*found)


def match_record(
    match: models.Match, log: list[dict[str, Any]], nicknames: list[str | None]
) -> dict[str, Any]:
    """The record of a finished match (``GET /api/matches/{id}``): its seats name their
    players (a deleted player's seat says so: ``deleted``), so a replay says who played."""
    seats = [
        seat if name is None else {**seat, "nickname": name, **_deleted(name)}
        for seat, name in zip(match.seats, nicknames, strict=True)
    ]
    return {
        "id": match.id,
        "game": match.game,
        "number": match.number,
        "options": match.options,
        "seed": match.seed,
        "seats": seats,
        "result": match.result,
        "started_at": match.started_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "log": log,
    }


def _deleted(name: str) -> dict[str, bool]:
    return {"deleted": True} if name == DELETED_NICKNAME else {}


def replay_finished(
    match: models.Match, log: list[dict[str, Any]], nicknames: list[str | None]
) -> FinishedMatch:
    """Replay a finished match once, keeping checkpoints (on a reader thread)."""
    record = match_record(match, log, nicknames)
    state = start_match(match.game, parse_options(match.game, match.options), match.seed)
    actions: list[Action] = []
    index: dict[Action, int] = {}

    def checkpoint() -> bytes:
        buffer = io.BytesIO()
        _SharingPickler(buffer, actions, index).dump(state)
        return buffer.getvalue()

    checkpoints = [checkpoint()]
    for start in range(0, len(log) - CHECKPOINT_EVERY + 1, CHECKPOINT_EVERY):
        state.replay(log[start : start + CHECKPOINT_EVERY])
        checkpoints.append(checkpoint())
    seated = frozenset(seat["player"] for seat in match.seats if seat and seat.get("player"))
    return FinishedMatch(encode(record), log, checkpoints, actions, state.num_players, seated)


class Replays:
    """The bounded caches of finished matches and their frames (see the module's
    docstring)."""

    def __init__(self, store: Store, capacity: int) -> None:
        self.store = store
        self.capacity = capacity
        """Bytes of :attr:`FinishedMatch.size` kept at most; frames get a quarter more."""
        self.held = 0
        self.loads = 0
        """Matches read and replayed so far (each miss that found a finished match)."""
        self.frames = _Frames(capacity // 4)
        self._entries: OrderedDict[str, FinishedMatch] = OrderedDict()
        self._loading: dict[str, asyncio.Future[FinishedMatch | None]] = {}

    def __contains__(self, match_id: str) -> bool:
        return match_id in self._entries

    async def get(self, match_id: str) -> FinishedMatch:
        """The finished match ``match_id``; ``game_not_found`` if there is none (yet)."""
        entry = self._entries.get(match_id)
        if entry is not None:
            self._entries.move_to_end(match_id)
            return entry
        loading = self._loading.get(match_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(match_id))
            self._loading[match_id] = loading
            loading.add_done_callback(partial(self._loaded, match_id))
        # Shielded: a client that goes away does not cancel the load others wait for.
        entry = await asyncio.shield(loading)
        if entry is None:
            raise ProtocolError("game_not_found", game=match_id)
        return entry

    async def _load(self, match_id: str) -> FinishedMatch | None:
        found = await self.store.finished_match(match_id)
        return None if found is None else await self.store.read(replay_finished, *found)

    async def frame(self, match_id: str, turn: int, seat: int | None) -> bytes:
        entry = await self.get(match_id)
        key = (match_id, min(turn, len(entry.log)), seat)
        body = self.frames.get(key)
        if body is None:
            body = await self.store.read(entry.frame, turn, seat)
            self.frames.keep(key, body)
        return body

    def forget_player(self, player: Player) -> None:
        """``player`` has a new name (or deleted his account): the records naming him
        are read again when next asked for."""
        for match_id, entry in list(self._entries.items()):
            if player.id in entry.seated:
                del self._entries[match_id]
                self.held -= entry.size

    def _loaded(self, match_id: str, loading: asyncio.Future[FinishedMatch | None]) -> None:
        del self._loading[match_id]
        if loading.cancelled() or loading.exception() is not None:
            return
        entry = loading.result()
        if entry is None:
            return
        self.loads += 1
        if entry.size > self.capacity:
            return
        self._entries[match_id] = entry
        self.held += entry.size
        while self.held > self.capacity:
            _, evicted = self._entries.popitem(last=False)
            self.held -= evicted.size


class _Frames:
    """Frames answered, by (match, turn, seat): least recently used first out."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.held = 0
        self._bodies: OrderedDict[tuple[str, int, int | None], bytes] = OrderedDict()

    def get(self, key: tuple[str, int, int | None]) -> bytes | None:
        body = self._bodies.get(key)
        if body is not None:
            self._bodies.move_to_end(key)
        return body

    def keep(self, key: tuple[str, int, int | None], body: bytes) -> None:
        if key in self._bodies or len(body) > self.capacity:
            return
        self._bodies[key] = body
        self.held += len(body)
        while self.held > self.capacity:
            _, evicted = self._bodies.popitem(last=False)
            self.held -= len(evicted)
