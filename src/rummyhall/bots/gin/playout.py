"""The Gin hard bot's playouts: a hand it invented, played from a candidate move to its
end, each seat by the rules of a player style (:mod:`~rummyhall.bots.gin.styles`: the
simple bot's, :mod:`~rummyhall.bots.gin.simple`, or a variant), and scored exactly.

This is where the hard bot spends its time, and the more worlds it plays the better it
chooses, so the playout has two implementations that give the same scores: the compiled
``_playout`` (C, ``_playout.c``) and the readable reference below (:class:`World`),
the fallback where the C extension was not built. ``PLAYOUT_IMPLEMENTATION`` says which
one :func:`new_playouts` gives; the environment variable ``RUMMYHALL_PLAYOUT`` overrides
the choice (``python`` or ``c``, as :mod:`rummyhall.compiled` explains). The compiled
module's deadwood and simple rules serve the bots' other hot loops, the medium bot and the
check of sampled hands (``DEADWOOD``, ``SIMPLE_TAKES``, ``SIMPLE_THROW``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.bots.gin.simple import simple_takes, simple_throw
from rummyhall.cards import card_index
from rummyhall.compiled import load_compiled
from rummyhall.games.gin.deal import WALL
from rummyhall.games.gin.melds import mask_of
from rummyhall.games.gin.settlement import SETTLE_HEADER, Settlement, settle_masks
from rummyhall.games.gin.solver import DEADWOOD_HEADER, deadwood_mask
from rummyhall.games.gin.view import GinSeatView

PHASES = {"offer": 0, "draw": 1, "discard": 2}
"""A hand's phases as the playouts number them: the first upcard offered (GIN-2), a
draw, a discard."""
OFFER, DRAW, DISCARD = PHASES.values()
MOST_TURNS = 200
"""Steps (a draw or a discard) after which a playout stops and counts as a cancelled hand:
a hand takes some 60 at most unless two styles keep taking each other's discards, which
their rules make rare but do not rule out."""
THROW, KNOCK, TAKE, PASS, STOCK, TAKE_THROW, TAKE_KNOCK = range(7)
"""The kinds of move a playout starts with (:func:`move_code`); the last two take the top
discard and then throw the card given (knocking with the last), a whole turn."""


class Start(NamedTuple):
    """The public position the bot's worlds start from, its own seat to move: the top
    discard (or -1), the phase, the passes of the first upcard so far, the card it has just
    taken from the discard pile (or -1), the knock limit, and per seat (its own first) the
    cards it picked up from the discard pile and still holds and the cards it has thrown,
    as masks (what a wary style heeds, ``gin_styles.safest_throw``)."""

    top: int
    phase: int
    passes: int
    taken: int
    limit: int
    picked: tuple[int, int] = (0, 0)
    shed: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, view: GinSeatView) -> Start:
        pile, taken = view["discard_pile"], view["taken_from_discard"]
        seats = view["seat"], 1 - view["seat"]
        picked = [mask_of([card_index(c) for c in view["picked_up"][seat]]) for seat in seats]
        shed = [
            mask_of(
                [
                    card_index(move["card"])
                    for move in view["moves"]
                    if move["type"] == "discard" and move["seat"] == seat
                ]
            )
            for seat in seats
        ]
        return cls(
            top=card_index(pile[-1]) if pile else -1,
            phase=PHASES[view["phase"]],
            passes=sum(move["type"] == "pass" for move in view["moves"]),
            taken=-1 if taken is None else card_index(taken),
            limit=view["knock_limit"],
            picked=(picked[0], picked[1]),
            shed=(shed[0], shed[1]),
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
WaryThrow = Callable[[int, int, int, int, int], tuple[int, int]]
"""``gin_styles.safest_throw``'s signature: ``(hand, taken, limit, picked, shed)``."""
Takes = Callable[[int, int, int], bool]
"""``gin_simple.simple_takes``'s signature: ``(hand, top, limit)``."""
Throw = Callable[[int, int], tuple[int, int]]
"""``gin_simple.simple_throw``'s signature: ``(hand, taken) -> (left, card)``."""
Playout = Callable[[int, int, bytes, Start, int, int, int, int], int]
"""``(mine, theirs, stock, start, kind, card, my_style, their_style) -> score``: seat 0's
points for the hand (negative when seat 1 wins it) when it holds ``mine`` against
``theirs`` (52-bit masks), the stock is ``stock`` (card ids, the top last), the position
is ``start``, it plays ``(kind, card)`` and then each seat plays by its style's rules
(numbered as ``gin_styles.MODELS``)."""


class PlayoutStyle(Protocol):
    """A style's rules as a playout follows them (``gin_styles.Style``)."""

    @property
    def takes(self) -> Takes: ...
    @property
    def throw(self) -> Throw: ...
    @property
    def knocks(self) -> Callable[[int, int, int], bool]: ...
    @property
    def wary_throw(self) -> WaryThrow | None: ...


# ------------------------------------------------------------------ the reference


class World:
    """A hand of Gin the bot invents, from its own seat (seat 0) against the opponent
    (seat 1): the hands as masks, the stock, the top discard, each seat's style. Both
    players follow their style's rules to the end (:meth:`play_out`)."""

    __slots__ = (
        "hands",
        "limit",
        "memo",
        "passes",
        "phase",
        "picked",
        "player",
        "shed",
        "stock",
        "styles",
        "taken",
        "top",
    )

    def __init__(
        self,
        mine: int,
        theirs: int,
        stock: bytes,
        start: Start,
        styles: tuple[int, int],
        memo: Memo,
    ) -> None:
        self.memo = memo
        self.styles = styles
        self.hands = [mine, theirs]
        self.stock = list(stock)  # the top is the end of the list
        self.top, self.phase, self.passes = start.top, start.phase, start.passes
        self.taken, self.limit = start.taken, start.limit
        self.picked = list(start.picked)
        self.shed = list(start.shed)
        self.player = 0

    def score_after(self, kind: int, card: int) -> int:
        """Seat 0's score for the hand when it plays ``(kind, card)`` now."""
        if kind in (TAKE_THROW, TAKE_KNOCK):
            self.take()
            kind = THROW if kind == TAKE_THROW else KNOCK
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
        self.picked[self.player] |= 1 << self.top
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
        self.picked[player] &= ~(1 << card)
        self.shed[player] |= 1 << card
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
        """Both seats play their style's rules to the end; seat 0's score (0 for a hand
        still going after :data:`MOST_TURNS` turns)."""
        for _ in range(MOST_TURNS):
            hand = self.hands[self.player]
            style = self.styles[self.player]
            if self.phase != DISCARD:
                if self.top >= 0 and self.memo.takes(style, hand, self.top, self.limit):
                    self.take()
                elif self.phase == OFFER:
                    self.decline()
                elif self.stock:
                    self.draw()
                else:
                    return 0
                continue
            wary = self.memo.styles[style].wary_throw
            if wary is None:
                _, card = self.memo.throw(style, hand, self.taken)
            else:
                other = 1 - self.player
                _, card = wary(hand, self.taken, self.limit, self.picked[other], self.shed[other])
            knock = self.memo.knocks(style, hand ^ 1 << card, self.limit, len(self.stock))
            result = self.throw(card, knock)
            if result is not None:
                return result
        return 0


class Memo:
    """The styles' rules and the settlements with their answers remembered during one
    decision: the playouts of one world, one per candidate, meet the same hands again and
    again."""

    def __init__(self, styles: Sequence[PlayoutStyle]) -> None:
        self.styles = styles
        self.took: dict[tuple[int, int, int, int], bool] = {}
        self.threw: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.settled: dict[tuple[int, int, int], Settlement] = {}

    def takes(self, style: int, hand: int, top: int, limit: int) -> bool:
        key = (style, hand, top, limit)
        found = self.took.get(key)
        if found is None:
            found = self.took[key] = self.styles[style].takes(hand, top, limit)
        return found

    def throw(self, style: int, hand: int, taken: int) -> tuple[int, int]:
        key = (style, hand, taken)
        found = self.threw.get(key)
        if found is None:
            found = self.threw[key] = self.styles[style].throw(hand, taken)
        return found

    def knocks(self, style: int, hand: int, limit: int, stock: int) -> bool:
        return self.styles[style].knocks(hand, limit, stock)

    def settle(self, knocker: int, defender: int, limit: int) -> Settlement:
        key = (knocker, defender, limit)
        found = self.settled.get(key)
        if found is None:
            found = self.settled[key] = settle_masks(knocker, defender, limit)
        return found


def python_playouts(styles: Sequence[PlayoutStyle]) -> Playout:
    """Playouts by :class:`World`, sharing one :class:`Memo`: for one decision's worlds,
    with ``styles`` the rules of each style code."""
    memo = Memo(styles)

    def playout(
        mine: int,
        theirs: int,
        stock: bytes,
        start: Start,
        kind: int,
        card: int,
        my_style: int,
        their_style: int,
    ) -> int:
        world = World(mine, theirs, stock, start, (my_style, their_style), memo)
        return world.score_after(kind, card)

    return playout


# ------------------------------------------------------------- choice of implementation


_SOURCE = Path(__file__).with_name("_playout.c")
"""The compiled playout's source: present in a source tree (and an editable install)."""

PLAYOUTS: dict[str, Callable[[Sequence[PlayoutStyle]], Playout]] = {"python": python_playouts}
"""The implementations available here, by name: each makes the playouts of a decision."""
DEADWOOD: Deadwood = deadwood_mask
"""``solver.deadwood_mask``, compiled when the playouts are."""
SIMPLE_TAKES: Takes = simple_takes
"""``gin_simple.simple_takes``, compiled when the playouts are."""
SIMPLE_THROW: Throw = simple_throw
"""``gin_simple.simple_throw``, compiled when the playouts are."""

_EXTENSION = load_compiled(
    "rummyhall.bots.gin._playout", _SOURCE, "RUMMYHALL_PLAYOUT", (DEADWOOD_HEADER, SETTLE_HEADER)
)
"""The compiled module (its interface: ``gin/_playout.pyi``), or ``None``."""

if _EXTENSION is not None:
    _compiled_playout = _EXTENSION.playout

    def compiled_playouts(styles: Sequence[PlayoutStyle]) -> Playout:
        """:func:`python_playouts`, compiled (``gin/_playout.c``, whose ``enum Style``
        are the ``styles``)."""
        del styles

        def playout(
            mine: int,
            theirs: int,
            stock: bytes,
            start: Start,
            kind: int,
            card: int,
            my_style: int,
            their_style: int,
        ) -> int:
            points: int = _compiled_playout(
                mine,
                theirs,
                stock,
                start.top,
                start.phase,
                start.passes,
                start.taken,
                start.limit,
                kind,
                card,
                my_style,
                their_style,
                *start.picked,
                *start.shed,
            )
            return points

        return playout

    PLAYOUTS["c"] = compiled_playouts
    DEADWOOD = _EXTENSION.deadwood
    SIMPLE_TAKES = _EXTENSION.simple_takes
    SIMPLE_THROW = _EXTENSION.simple_throw

COMPILED_EXPLAINS: Callable[[int, bytes, int, int, int], bool] | None = (
    None if _EXTENSION is None else _EXTENSION.explains
)
"""``gin_model.Knowledge.explains``, compiled (``None`` where the extension is not built)."""

COMPILED_EQUITY: Callable[[int, bytes, bytes], bytes] | None = (
    None if _EXTENSION is None else _EXTENSION.equity
)
"""``gin_equity.reference_table``, compiled, on laws and a table of C doubles (``None``
where the extension is not built)."""

PLAYOUT_IMPLEMENTATION = "c" if "c" in PLAYOUTS else "python"
"""The implementation :func:`new_playouts` uses: ``"c"`` or ``"python"``."""


def new_playouts(styles: Sequence[PlayoutStyle]) -> Playout:
    """The playouts of one decision, by ``PLAYOUT_IMPLEMENTATION``."""
    return PLAYOUTS[PLAYOUT_IMPLEMENTATION](styles)
