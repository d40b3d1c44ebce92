"""The Gin hard bot's playouts: a hand it invented, played from a candidate move to its
end by medium's policy on both seats, and scored exactly.

This is where the hard bot spends its time, and the more worlds it plays the better it
chooses, so the playout has two implementations that give the same scores: the compiled
``_gin_playout`` (C, ``_gin_playout.c``) and the readable reference below (:class:`World`),
the fallback where the C extension was not built. ``PLAYOUT_IMPLEMENTATION`` says which
one :func:`new_playouts` gives; the environment variable ``RUMMYHALL_PLAYOUT`` overrides
the choice (``python`` or ``c``, as :mod:`rummyhall.compiled` explains). The compiled
module's deadwood and best discard serve the bot's other hot loop, checking sampled hands
(``DEADWOOD``, ``BEST_DISCARD``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.cards import card_index
from rummyhall.compiled import load_compiled
from rummyhall.games.gin.melds import CARD_VALUES, cards_of
from rummyhall.games.gin.solver import (
    Settlement,
    deadwood_after_best_discard,
    deadwood_mask,
    settle_masks,
)
from rummyhall.games.gin.state import WALL
from rummyhall.games.gin.view import GinSeatView

PHASES = {"offer": 0, "draw": 1, "discard": 2}
"""A hand's phases as the playouts number them: the first upcard offered (GIN-2), a
draw, a discard."""
OFFER, DRAW, DISCARD = PHASES.values()
THROW, KNOCK, TAKE, PASS, STOCK = range(5)
"""The kinds of move a playout starts with (:func:`move_code`)."""


class Start(NamedTuple):
    """The public position the bot's worlds start from, its own seat to move: the top
    discard (or -1), the phase, the passes of the first upcard so far, the card it has just
    taken from the discard pile (or -1) and the knock limit."""

    top: int
    phase: int
    passes: int
    taken: int
    limit: int

    @classmethod
    def of(cls, view: GinSeatView) -> Start:
        pile, taken = view["discard_pile"], view["taken_from_discard"]
        return cls(
            top=card_index(pile[-1]) if pile else -1,
            phase=PHASES[view["phase"]],
            passes=sum(move["type"] == "pass" for move in view["moves"]),
            taken=-1 if taken is None else card_index(taken),
            limit=view["knock_limit"],
        )


def move_code(action: Action) -> tuple[int, int]:
    """A move as a playout's ``(kind, card)``; ``card`` is 0 unless a card is thrown."""
    if isinstance(action, Knock):
        return KNOCK, card_index(action.discard)
    if isinstance(action, Discard):
        return THROW, card_index(action.card)
    if isinstance(action, Pass):
        return PASS, 0
    assert isinstance(action, Draw)
    return (TAKE if action.source == "discard" else STOCK), 0


Deadwood = Callable[[int], int]
"""``solver.deadwood_mask``'s signature."""
BestDiscard = Callable[[int], tuple[int, int]]
"""``solver.deadwood_after_best_discard``'s signature."""
Playout = Callable[[int, int, bytes, Start, int, int], int]
"""``(mine, theirs, stock, start, kind, card) -> score``: seat 0's points for the hand
(negative when seat 1 wins it) when it holds ``mine`` against ``theirs`` (52-bit masks),
the stock is ``stock`` (card ids, the top last), the position is ``start`` and it plays
``(kind, card)``."""


# ------------------------------------------------------------------ the reference


class World:
    """A hand of Gin the bot invents, from its own seat (seat 0) against the opponent
    (seat 1): the hands as masks, the stock, the top discard. Both players follow
    medium's policy to the end (:meth:`play_out`)."""

    __slots__ = ("hands", "limit", "memo", "passes", "phase", "player", "stock", "taken", "top")

    def __init__(self, mine: int, theirs: int, stock: bytes, start: Start, memo: Memo) -> None:
        self.memo = memo
        self.hands = [mine, theirs]
        self.stock = list(stock)  # the top is the end of the list
        self.top, self.phase, self.passes, self.taken, self.limit = start
        self.player = 0

    def score_after(self, kind: int, card: int) -> int:
        """Seat 0's score for the hand when it plays ``(kind, card)`` now."""
        if kind in (THROW, KNOCK):
            result = self.throw(card, kind == KNOCK)
            return self.play_out() if result is None else result
        if kind == TAKE:
            self.take()
        elif kind == PASS:
            self.decline()
        else:
            self.draw()
        return self.play_out()

    def take(self) -> None:
        self.hands[self.player] |= 1 << self.top
        self.taken = self.top
        self.top = -1
        self.phase = DISCARD

    def draw(self) -> None:
        self.hands[self.player] |= 1 << self.stock.pop()
        self.taken = -1
        self.phase = DISCARD

    def decline(self) -> None:
        """Pass the first upcard (GIN-2); after two passes the non-dealer draws."""
        self.passes += 1
        self.player = 1 - self.player
        if self.passes == 2:
            self.draw()

    def throw(self, card: int, knock: bool) -> int | None:
        """Discard ``card`` (knocking if ``knock``): seat 0's score if the hand ends."""
        player = self.player
        hand = self.hands[player] ^ 1 << card
        self.hands[player] = hand
        if knock:
            result = self.memo.settle(hand, self.hands[1 - player], self.limit)
            sign = 1 if (result.winner == "knocker") == (player == 0) else -1
            return sign * result.points
        self.top = card
        if len(self.stock) <= WALL:  # GIN-14: cancelled
            return 0
        self.player = 1 - player
        self.phase = DRAW
        return None

    def play_out(self) -> int:
        """Both seats play medium's policy to the end; seat 0's score."""
        while True:
            hand = self.hands[self.player]
            if self.phase != DISCARD:
                if self.top >= 0 and self.memo.takes(hand, self.top, self.limit):
                    self.take()
                elif self.phase == OFFER:
                    self.decline()
                elif self.stock:
                    self.draw()
                else:
                    return 0
                continue
            left, card = self.memo.throw(hand, self.taken)
            result = self.throw(card, left <= self.limit)
            if result is not None:
                return result


class Memo:
    """Medium's policy with the solver's answers remembered during one decision: the
    playouts of one world, one per candidate, meet the same hands again and again."""

    def __init__(self) -> None:
        self.deadwood: dict[int, int] = {}
        self.best: dict[int, tuple[int, int]] = {}
        self.settled: dict[tuple[int, int, int], Settlement] = {}

    def deadwood_of(self, hand: int) -> int:
        value = self.deadwood.get(hand)
        if value is None:
            value = self.deadwood[hand] = deadwood_mask(hand)
        return value

    def best_discard(self, hand: int) -> tuple[int, int]:
        found = self.best.get(hand)
        if found is None:
            found = self.best[hand] = deadwood_after_best_discard(hand)
        return found

    def settle(self, knocker: int, defender: int, limit: int) -> Settlement:
        key = (knocker, defender, limit)
        found = self.settled.get(key)
        if found is None:
            found = self.settled[key] = settle_masks(knocker, defender, limit)
        return found

    def takes(self, hand: int, top: int, limit: int) -> bool:
        return medium_takes(hand, top, limit, self.deadwood_of, self.best_discard)

    def throw(self, hand: int, taken: int) -> tuple[int, int]:
        return medium_throw(hand, taken, self.deadwood_of, self.best_discard)


def medium_takes(
    hand: int, top: int, limit: int, deadwood: Deadwood, best_discard: BestDiscard
) -> bool:
    """Medium takes the top discard when it lowers the best deadwood or makes a knock
    possible (``deadwood`` and ``best_discard``: the solver's, computed as the caller likes)."""
    before, after, _ = take_deadwoods(hand, top, deadwood, best_discard)
    return worth_taking(before, after, limit)


def take_deadwoods(
    hand: int, top: int, deadwood: Deadwood, best_discard: BestDiscard
) -> tuple[int, int, int]:
    """What taking ``top`` does: the best deadwood before, after taking it and throwing
    the best card, and that card (what medium's take weighs, and a hint tells)."""
    after, thrown = best_discard(hand | 1 << top)
    return deadwood(hand), after, thrown


def worth_taking(before: int, after: int, limit: int) -> bool:
    """Medium's rule for the top discard: it lowers the deadwood or allows a knock."""
    return after < before or after <= limit


def medium_throw(
    hand: int, taken: int, deadwood: Deadwood, best_discard: BestDiscard
) -> tuple[int, int]:
    """Medium's discard from 11 cards, never the card just taken (GIN-4): the deadwood
    left and the card (the least deadwood, then the highest card)."""
    left, card = best_discard(hand)
    if card != taken:
        return left, card
    card = min(
        (c for c in cards_of(hand) if c != taken),
        key=lambda c: (deadwood(hand ^ 1 << c), -CARD_VALUES[c]),
    )
    return deadwood(hand ^ 1 << card), card


def python_playouts() -> Playout:
    """Playouts by :class:`World`, sharing one :class:`Memo`: for one decision's worlds."""
    memo = Memo()

    def playout(mine: int, theirs: int, stock: bytes, start: Start, kind: int, card: int) -> int:
        return World(mine, theirs, stock, start, memo).score_after(kind, card)

    return playout


# ------------------------------------------------------------- choice of implementation


_SOURCE = Path(__file__).with_name("_gin_playout.c")
"""The compiled playout's source: present in a source tree (and an editable install)."""

PLAYOUTS: dict[str, Callable[[], Playout]] = {"python": python_playouts}
"""The implementations available here, by name: each makes the playouts of a decision."""
DEADWOOD: Deadwood = deadwood_mask
"""``solver.deadwood_mask``, compiled when the playouts are."""
BEST_DISCARD: BestDiscard = deadwood_after_best_discard
"""``solver.deadwood_after_best_discard``, compiled when the playouts are."""

_EXTENSION = load_compiled("rummyhall.bots._gin_playout", _SOURCE, "RUMMYHALL_PLAYOUT")
"""The compiled module (its interface: ``_gin_playout.pyi``), or ``None``."""

if _EXTENSION is not None:
    _compiled_playout = _EXTENSION.playout

    def compiled_playouts() -> Playout:
        """:func:`python_playouts`, compiled (``_gin_playout.c``)."""

        def playout(
            mine: int, theirs: int, stock: bytes, start: Start, kind: int, card: int
        ) -> int:
            points: int = _compiled_playout(mine, theirs, stock, *start, kind, card)
            return points

        return playout

    PLAYOUTS["c"] = compiled_playouts
    DEADWOOD = _EXTENSION.deadwood
    BEST_DISCARD = _EXTENSION.best_discard

PLAYOUT_IMPLEMENTATION = "c" if "c" in PLAYOUTS else "python"
"""The implementation :func:`new_playouts` uses: ``"c"`` or ``"python"``."""


def new_playouts() -> Playout:
    """The playouts of one decision, by ``PLAYOUT_IMPLEMENTATION``."""
    return PLAYOUTS[PLAYOUT_IMPLEMENTATION]()
