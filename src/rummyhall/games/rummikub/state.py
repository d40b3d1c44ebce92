"""One round of Rummikub for 2–4 players as a state machine (RKB-1 … RKB-9).

A turn is one action: ``Play(table)`` proposes the whole new table (``turn.check_turn``
judges it, since rearranging makes anything but before-and-after meaningless), or
``Draw("pool")`` takes one tile and ends the turn (RKB-7), or — only once the pool is
empty — ``Pass()`` (RKB-9). The round ends when a rack is empty (RKB-8) or, the pool being
empty, after a full round of consecutive passes (RKB-9). There is no round cap: a cap
would change the rules, so safety stops for random play belong to the tests.

Physical tiles are ids 0–105 (``id % 53`` is the face; the second copy adds 53); racks
and pool hold ids, the table holds faces in canonical order (``turn.arrange``), since
rearranging makes a table tile's identity meaningless.

Stacked decks: ``deck`` lists tiles in dealing order — the 14 tiles of each seat in seat
order, then the pool from the top. A face named twice is its two copies; a partial list
is completed in the seeded order. The seed also picks the first player unless ``first``
is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rummyhall.actions import JSON, Action, Draw, Event, Pass, Play
from rummyhall.arguments import whole_number
from rummyhall.cards import JOKER, TILE_NAMES, parse_tiles, stack_copies
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.game import GameState
from rummyhall.games.rummikub.melds import number_of
from rummyhall.games.rummikub.solver import best_initial_meld, best_play
from rummyhall.games.rummikub.turn import Turn, check_turn
from rummyhall.games.rummikub.view import RummikubResult, RummikubView
from rummyhall.rng import Rng

Table = tuple[tuple[str, ...], ...]
"""A whole table: sets of tile names, e.g. ``(("R7", "R8", "R9"), ("B4", "K4", "*"))``."""


COPY = 53
RACK_SIZE = 14
JOKER_PENALTY = 30
"""RKB-8, RKB-9: a joker left on a rack counts 30."""
DRAW = Draw("pool")
PASS = Pass()


def face(tile: int) -> int:
    return tile % COPY


def tile_value(f: int) -> int:
    """A face's weight on a rack at the end (RKB-8, RKB-9)."""
    return JOKER_PENALTY if f == JOKER else number_of(f)


def stacked_deck(rng: Rng, deck: Sequence[str] | None) -> list[int]:
    """The full order of the 106 physical tiles: the stack first, then the seeded rest."""
    order = list(range(2 * COPY))
    rng.shuffle(order)
    return stack_copies(order, parse_tiles(deck or ()), COPY, TILE_NAMES, "RKB-1")


class RummikubState(GameState):
    """A round of Rummikub. Create with ``rummyhall.new_game("rummikub", players=…)``."""

    game = "rummikub"
    legal_actions_complete = False

    def __init__(
        self,
        *,
        seed: int,
        deck: Sequence[str] | None = None,
        players: int = 2,
        first: int | None = None,
    ) -> None:
        if not 2 <= whole_number(players, "players") <= 4:
            raise NotationError(f"Rummikub seats 2 to 4 players, not {players!r} (RKB-1)")
        rng = Rng(seed)
        drawn = rng.below(players)
        if first is not None and not 0 <= whole_number(first, "first") < players:
            raise NotationError(f"first must be a seat 0…{players - 1}, not {first!r}")
        self.seed = seed
        self.players = players
        self.first = drawn if first is None else first
        self.deck = stacked_deck(rng, deck)
        self.racks = [self.deck[RACK_SIZE * s : RACK_SIZE * (s + 1)] for s in range(players)]
        self.pool = self.deck[RACK_SIZE * players :][::-1]  # the top is the end of the list
        self.table: list[list[str]] = []
        self.melded = [False] * players
        self.player = self.first
        self.passes = 0  # consecutive passes with the pool empty (RKB-9)
        self.over = False
        self._winners: list[int] = []
        self.outcome: str | None = None  # "out" (RKB-8) | "blocked" (RKB-9)
        self.points = [0] * players
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self._suggested: tuple[int, list[Action]] = (-1, [])

    # ----------------------------------------------------------------- state API

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        return list(self.points)

    @property
    def winners(self) -> list[int]:
        """Who went out, or the lowest rack totals when no one can (RKB-9)."""
        return list(self._winners)

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> dict[str, Any]:
        return {"players": self.players, "first": self.first}

    def rack_names(self, seat: int) -> list[str]:
        return [TILE_NAMES[f] for f in sorted(face(t) for t in self.racks[seat])]

    @classmethod
    def layout(cls, view: Mapping[str, Any]) -> JSON | None:
        """The rack alone arranged by the solver (``best_play`` on an empty table: the
        most tiles in sets, then the most value): ``sets`` and the ``rest``, so the rack
        can be grouped into the sets and runs it holds; remembered per rack."""
        rack = view.get("rack")
        return _remembered_layout(tuple(rack)) if rack else None

    def legal_actions(self) -> list[Action]:
        """Draw (or pass, pool empty) and the plays the solvers suggest (not every play)."""
        if self.over:
            return []
        if self._suggested[0] != self.turn:
            self._suggested = (self.turn, [DRAW if self.pool else PASS, *self._plays()])
        return list(self._suggested[1])

    def _plays(self) -> list[Action]:
        rack = self.rack_names(self.player)
        meld = best_initial_meld(rack)
        tables = [None if meld is None else [*self.table, *meld]]
        if self.melded[self.player]:
            tables.append(best_play(self.table, rack))
        plays: list[Action] = []
        for table in tables:
            play = None if table is None else Play(tuple(tuple(s) for s in table))
            if play is not None and play not in plays and self.is_legal(play) is None:
                plays.append(play)
        return plays

    def _check(self, action: Action) -> Turn | None:
        """Validate ``action`` without changing anything; a play returns its judgement."""
        if self.over:
            raise IllegalAction(
                "RKB-8" if self.outcome == "out" else "RKB-9", "the round is over", key="round_over"
            )
        if isinstance(action, Play):
            rack = self.rack_names(self.player)
            return check_turn(self.table, rack, action.table, melded=self.melded[self.player])
        if action == DRAW:
            if not self.pool:
                raise IllegalAction(
                    "RKB-9", "the pool is empty: play or pass", key="rkb.pool_empty"
                )
            return None
        if action == PASS:
            if self.pool:
                raise IllegalAction(
                    "RKB-9", "pass only when the pool is empty; else draw", key="rkb.pass_early"
                )
            return None
        if isinstance(action, Draw):
            raise IllegalAction(
                "RKB-7",
                f"draw from the 'pool', not {action.source!r}",
                key="rkb.draw_source",
                values={"source": action.source},
            )
        raise IllegalAction(
            "RKB-7",
            f"play tiles, draw or pass; not {action.type}",
            key="rkb.action_type",
            values={"type": action.type},
        )

    def apply(self, action: Action) -> list[Event]:
        judged: Turn | None = self._admit(action)
        self.actions.append(action)
        if judged is not None:
            events = self._play(judged)
        elif action == DRAW:
            events = self._draw()
        else:
            events = self._pass()
        self.events.extend(events)
        return events

    # ------------------------------------------------------------ transitions

    def _play(self, judged: Turn) -> list[Event]:
        player = self.player
        self.table = judged.table
        rack = self.racks[player]
        for f in judged.played:
            rack.remove(min(t for t in rack if face(t) == f))
        self.melded[player] = True
        self.passes = 0
        names = [TILE_NAMES[f] for f in judged.played]
        events = [Event("play", player, {"played": names, "table": self.table})]
        if not rack:
            return events + self._finish_out(player)
        return events + self._next()

    def _draw(self) -> list[Event]:
        self.racks[self.player].append(self.pool.pop())
        self.passes = 0
        return [Event("draw", self.player, {"source": "pool"}), *self._next()]

    def _pass(self) -> list[Event]:
        self.passes += 1
        events = [Event("pass", self.player)]
        if self.passes == self.players:
            return events + self._finish_blocked()
        return events + self._next()

    def _next(self) -> list[Event]:
        self.player = (self.player + 1) % self.players
        return []

    def rack_total(self, seat: int) -> int:
        return sum(tile_value(face(t)) for t in self.racks[seat])

    def _finish_out(self, winner: int) -> list[Event]:
        """RKB-8: the others pay their rack totals to the winner."""
        for seat in range(self.players):
            self.points[seat] = -self.rack_total(seat)
        self.points[winner] = -sum(self.points)
        return self._finish("out", [winner])

    def _finish_blocked(self) -> list[Event]:
        """RKB-9: the lowest totals win; each other pays his excess over them to each
        winner (equal lowest totals share the win, each scoring the full sum)."""
        totals = [self.rack_total(seat) for seat in range(self.players)]
        low = min(totals)
        winners = [seat for seat in range(self.players) if totals[seat] == low]
        self.points = [low - total for total in totals]
        gain = -sum(self.points)
        for seat in winners:
            self.points[seat] = gain
        return self._finish("blocked", winners)

    def _finish(self, outcome: str, winners: list[int]) -> list[Event]:
        self.over = True
        self._winners = winners
        self.outcome = outcome
        return [Event("part_over", None, self._result_json())]

    # ------------------------------------------------------------ views

    def _result_json(self) -> RummikubResult:
        return {
            "outcome": self.outcome,
            "winners": list(self._winners),
            "rack_totals": [self.rack_total(seat) for seat in range(self.players)],
            "racks": [self.rack_names(seat) for seat in range(self.players)],
            "scores": self.scores,
        }

    def view(self, seat: int | None) -> RummikubView:
        if seat is not None and not 0 <= whole_number(seat, "seat") < self.players:
            raise NotationError(f"this round has seats 0…{self.players - 1}, not {seat!r}")
        return {
            "game": "rummikub",
            "seat": seat,
            "players": self.players,
            "current_player": self.current_player,
            "turn": self.turn,
            "rack": None if seat is None else self.rack_names(seat),
            "rack_counts": [len(rack) for rack in self.racks],
            "table": [list(tiles) for tiles in self.table],
            "pool_count": len(self.pool),
            "melded": list(self.melded),
            "passes": self.passes,
            "moves": [event.to_json() for event in self.events],
            "result": self._result_json() if self.over else None,
            "scores": self.scores,
        }

    def zones(self) -> dict[str, list[str]]:
        zones = {f"rack{seat}": self.rack_names(seat) for seat in range(self.players)}
        zones["pool"] = [TILE_NAMES[face(t)] for t in self.pool]
        zones["table"] = [name for tiles in self.table for name in tiles]
        return zones

    def hidden_from(self, seat: int | None) -> set[str]:
        """The pool and the other racks, less the faces ``seat`` sees (a face has two
        copies, so one on the table or the own rack may be named). A finished round
        lays the racks open: their tiles are what each seat pays (RKB-8, RKB-9)."""
        hidden = {face(t) for t in self.pool}
        open_racks = range(self.players) if self.over else () if seat is None else (seat,)
        for other in range(self.players):
            if other not in open_racks:
                hidden |= {face(t) for t in self.racks[other]}
        seen = {name for tiles in self.table for name in tiles}
        for other in open_racks:
            seen |= set(self.rack_names(other))
        return {TILE_NAMES[f] for f in hidden} - seen

    # ------------------------------------------------------------ persistence

    def to_json(self) -> JSON:
        return {
            "game": "rummikub",
            "kind": "round",
            "version": 1,
            "seed": self.seed,
            "options": self.options,
            "deck": [TILE_NAMES[face(t)] for t in self.deck],
            "log": self.log,
            "snapshot": {
                "player": self.player,
                "over": self.over,
                "zones": self.zones(),
                "table": self.table,
                "melded": list(self.melded),
                "passes": self.passes,
                "winners": list(self._winners),
                "scores": self.scores,
            },
        }


LAYOUTS_KEPT = 1024
"""Racks whose layout is remembered (a few hundred bytes each): each state message
carries its seat's layout, and a rack changes only on its own seat's turn."""


@lru_cache(maxsize=LAYOUTS_KEPT)
def _remembered_layout(rack: tuple[str, ...]) -> JSON:
    sets = best_play([], rack) or []
    rest = list(rack)
    for tile in (tile for group in sets for tile in group):
        rest.remove(tile)
    return {"sets": sets, "rest": rest}
