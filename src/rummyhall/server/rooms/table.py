"""A room's table: the match being played there, and the one way an action goes through it.

An action arrives already read (:mod:`rummyhall.server.wire.protocol` turns a message into
an :class:`~rummyhall.actions.Action` once). The room, holding its lock, hands it here
with the seat that sent it, and the table takes it one way: check (the state counter
the sender saw, whose turn it is, the rules), log it and wait for the commit, apply it,
finish the match once it is over (the result and the room in one commit), and render
the state text of each seat and of the spectators. The table knows no client: the room
says which seats are connected and sends what the table renders.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import anyio.to_thread

from rummyhall.actions import JSON, Action, Event
from rummyhall.game import GameState, Match
from rummyhall.registry import KITS
from rummyhall.server.rooms import advice
from rummyhall.server.rooms.catalogue import GameOptions, start_match
from rummyhall.server.storage.records import StoredMatch, StoredRoom
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import state_text
from rummyhall.server.wire.protocol import ProtocolError

Actor = Literal["player", "bot", "away", "clock"]
"""Who made a logged move: the seat's player, its bot, the away bot, or the computer
playing a turn whose clock ran out."""
StoredSeat = dict[str, str] | None
"""A seat as saved: ``{"player": id}``, ``{"bot": level}``, or ``None`` (open)."""


@dataclass
class Table:
    store: Store
    room: str
    """The room's code, named in every state message."""
    game: str
    id: str
    number: int
    """1 for a room's first match, then one more per rematch."""
    seed: int
    state: GameState
    seats: list[StoredSeat]
    """The seats as saved when the match started (they do not change while it runs)."""
    movers: list[tuple[int, Actor]] = field(default_factory=list)
    """Per action played, its seat and who made it: :meth:`standing` reads it."""

    # ------------------------------------------------------------------ a match begins

    @classmethod
    async def start(
        cls, store: Store, room: StoredRoom, options: GameOptions, number: int, seed: int
    ) -> Table:
        """Deal a new match and save it with its room (``room``, already ``playing``) in
        one commit: the table exists only once that commit has succeeded."""
        table, match = cls.deal(store, room, options, number, seed)
        await store.start_match(room, match)
        return table

    @classmethod
    def deal(
        cls, store: Store, room: StoredRoom, options: GameOptions, number: int, seed: int
    ) -> tuple[Table, StoredMatch]:
        """A new match dealt, and as it is to be saved: in play only once it is
        (:meth:`start`, or quick pairing's tables, a pass's in one commit)."""
        match = StoredMatch(
            secrets.token_hex(8), number, seed, options.model_dump(), room.seats, "playing"
        )
        state = start_match(room.game, options, seed)
        table = cls(store, room.code, room.game, match.id, number, seed, state, room.seats)
        return table, match

    @classmethod
    def restore(cls, store: Store, room: StoredRoom, options: GameOptions) -> Table | None:
        """The saved room's latest match, replayed from its seed and log (``None`` if it
        never had one)."""
        match = room.match
        if match is None:
            return None
        state = start_match(room.game, options, match.seed)
        state.replay(match.log)
        movers = [(seat, cast(Actor, actor)) for seat, actor in match.movers]
        return cls(
            store,
            room.code,
            room.game,
            match.id,
            match.number,
            match.seed,
            state,
            match.seats,
            movers,
        )

    # ------------------------------------------------------------------ an action

    def require_turn(self, turn: int) -> None:
        """Refuse a request made on a state counter that is not the current one."""
        if turn != self.state.turn:
            raise ProtocolError("stale", given=turn, turn=self.state.turn)

    def check(self, seat: int, action: Action) -> None:
        """Refuse ``action`` from ``seat`` unless it is that seat's turn and the rules
        allow it (``illegal`` names the rule)."""
        current = self.state.current_player
        if current != seat:
            raise ProtocolError("not_your_turn", current=current)
        error = self.state.is_legal(action)
        if error is not None:
            raise ProtocolError(
                "illegal", rule=error.rule, detail=error.message, key=error.key, params=error.values
            )

    async def play(
        self, seat: int, action: Action, actor: Actor, clock: dict[str, Any] | None = None
    ) -> list[Event]:
        """Log a checked action (with the turn ``clock`` after it), wait for its commit,
        then apply it; its events. Nothing is applied if the commit fails."""
        row = {
            "match_id": self.id,
            "seq": self.state.turn,
            "seat": seat,
            "actor": actor,
            "action": action.to_json(),
            "clock": clock,
        }
        # Shielded: once the row may be on disk, the action must be applied too.
        await asyncio.shield(self.store.append_action(row))
        self.movers.append((seat, actor))
        return self.state.apply(action)

    async def finish(self, room: StoredRoom, levels: Sequence[str]) -> list[int]:
        """Save the result, one statistics row per seat and the room (already
        ``finished``) in one commit; the winners. Idempotent (the repository writes a
        result once), so a restart may finish again a match a crash left unfinished."""
        winners = self.state.winners
        scores = self.state.scores
        rows = result_rows(self.seats, self.game, scores, winners, levels)
        for row, figures in zip(rows, await anyio.to_thread.run_sync(self.figures), strict=True):
            row["figures"] = figures
        result = {"scores": scores, "winners": winners, **self.standing()}
        await self.store.finish_match(room, self.id, result, rows)
        return winners

    def standing(self) -> dict[str, Any]:
        """What the log says of the people at the table, for the ratings (docs/pairing.md,
        "Aborts and leavers"): ``aborted`` if one of them made no move of his own (every
        move of his seat was the computer's: clock or away bot), and ``forfeits``, the
        seats whose last move was the away bot's (their player left and did not come
        back): those lose, whatever the away bot scored."""
        people = [index for index, seat in enumerate(self.seats) if seat and "player" in seat]
        own = {seat for seat, actor in self.movers if actor == "player"}
        last = dict(self.movers)
        return {
            "aborted": any(index not in own for index in people),
            "forfeits": [index for index in people if last.get(index) == "away"],
        }

    @property
    def part(self) -> int:
        """The part being played: how many have ended before it."""
        return len(self.state.history) if isinstance(self.state, Match) else 0

    def figures(self) -> list[dict[str, int] | None]:
        """Per seat, what the match says of it beyond its result, as the game's kit
        counts it from the match replayed move by move (``None`` where it counts none)."""
        state, kit = self.state, KITS[self.game]
        if kit.figures is None or not isinstance(state, Match):
            return [None] * state.num_players
        fresh = kit.new_match(seed=state.seed, **state.options)
        events = [event for action in state.actions for event in fresh.apply(action)]
        return list(kit.figures(events, state.history, state.num_players))

    # ------------------------------------------------------------------ what seats see

    async def legal(self) -> list[Action]:
        """The current player's legal actions."""
        if self.state.legal_actions_complete:
            return self.state.legal_actions()
        # Rummikub asks its solver for suggested plays: keep that off the event loop.
        return await anyio.to_thread.run_sync(self.state.legal_actions)

    async def position(self, seat: int) -> tuple[JSON, list[Action]]:
        """What ``seat`` sees, and what it may play (nothing when it is not its turn):
        all a bot or a hint is given."""
        legal = await self.legal() if seat == self.state.current_player else []
        return self.state.view(seat), legal

    async def hint(self, view: JSON, legal: Sequence[Action]) -> JSON:
        """A hint on a position: the medium bot's move and the solver's layout (on a
        thread: it may search)."""
        return await anyio.to_thread.run_sync(advice.hint, self.game, view, legal)

    async def text(self, seat: int | None, events: list[JSON], actor: Actor | None = None) -> str:
        """The state message of ``seat`` (``None``: a spectator) after ``events``, which
        ``actor`` made."""
        mine = seat is not None and seat == self.state.current_player
        return self._state_text(seat, events, await self.legal() if mine else [], actor)

    async def render(
        self,
        events: Sequence[Event],
        seats: Iterable[int],
        spectators: bool,
        actor: Actor | None = None,
    ) -> tuple[dict[int, str], str | None]:
        """The state text of each of ``seats`` and, if there are ``spectators``, the
        public one, after ``events`` (made by ``actor``)."""
        payload = [event.to_json() for event in events]
        texts = {seat: await self.text(seat, payload, actor) for seat in seats}
        return texts, self._state_text(None, payload, [], actor) if spectators else None

    def _state_text(
        self,
        seat: int | None,
        events: list[JSON],
        legal: Sequence[Action],
        actor: Actor | None = None,
    ) -> str:
        state = self.state
        view = state.view(seat)
        return state_text(
            room=self.room,
            turn=state.turn,
            seat=seat,
            view=view,
            legal=advice.describe_legal(state, view, legal) if legal else [],
            legal_complete=state.legal_actions_complete,
            events=events,
            actor=actor,
            arrangement=None if seat is None else advice.arrangement(self.game, view),
            current_player=state.current_player,
            scores=state.scores,
            over=state.is_over,
        )


def result_rows(
    seats: Sequence[StoredSeat],
    game: str,
    scores: Sequence[int],
    winners: Sequence[int],
    levels: Sequence[str],
) -> list[dict[str, Any]]:
    """One statistics row per seat of a finished match: its score, whether it won, and
    whom it played (``humans``, or the strongest bot level among the opponents)."""
    rank = {level: index for index, level in enumerate(levels)}
    bots = [None if seat is None else seat.get("bot") for seat in seats]
    rows = []
    for index, seat in enumerate(seats):
        against = [bot for other, bot in enumerate(bots) if other != index and bot is not None]
        rows.append(
            {
                "seat": index,
                "player_id": None if seat is None else seat.get("player"),
                "bot": bots[index],
                "against": max(against, key=lambda level: rank.get(level, -1))
                if against
                else "humans",
                "game": game,
                "score": scores[index],
                "won": index in winners,
            }
        )
    return rows
