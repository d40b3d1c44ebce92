"""Ways people and programs play Gin, as rules: the opponents of the arena's zoo, and the
player styles the hard bot weighs when it guesses a hand from what its holder did.

Each style is a :class:`Style` of three answers about a turn: would a player of the style
take this top discard, could he have thrown this card, would he have knocked with this
hand instead of discarding. The hard bot's opponent model (``gin/model.py``) replays the
opponent's turns under every style (:data:`MODELS` lists them with their prior odds); the
zoo's players (:data:`PLAYERS`: ``greedy``, ``patient``, ``safe``, ``hunter``,
``strong``) are bots built on the same answers. Each style, and why: docs/bots.md, "Gin
styles and the hard bot's opponent model".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.bots.base import Bot
from rummyhall.bots.gin import simple
from rummyhall.bots.gin.playout import DEADWOOD, SIMPLE_TAKES, SIMPLE_THROW, Start, WaryThrow
from rummyhall.cards import card_index, card_name
from rummyhall.games.gin.melds import CARD_VALUES, cards_of, mask_of
from rummyhall.games.gin.view import GinSeatView

PATIENT_LIMIT = 3
"""The most deadwood a patient player knocks with while the stock is long."""
LATE_STOCK = 10
"""Cards left in the stock from which the patient player knocks as soon as he may."""
LOOSE_SPREAD = 0.4
"""The chance of each throw of a player who throws any unmatched card (some two or three
of them on average)."""


class Style(NamedTuple):
    """A way of playing, as the answers the opponent model asks of each turn."""

    name: str
    code: int
    """Its number in the compiled check (``gin/_playout.c``: ``enum Style``)."""
    takes: Callable[[int, int, int], bool]
    """``(hand, top, limit)``: he would take ``top`` holding these ten cards."""
    throws: Callable[[int, int, int], bool]
    """``(hand, taken, thrown)``: holding eleven (``taken`` just taken from the discard
    pile, or -1), he could have thrown ``thrown``."""
    knocks: Callable[[int, int, int], bool]
    """``(hand, limit, stock)``: with these ten cards after his discard (and ``stock``
    cards in the stock) he would have knocked instead."""
    throw: Callable[[int, int], tuple[int, int]]
    """``(hand, taken) -> (left, card)``: the card he throws from eleven in the hard bot's
    playouts and the deadwood it leaves (a style that may throw any of several cards
    throws the simple bot's)."""
    spread: float = 1.0
    """The chance of each throw the style allows: 1 for a style that throws one card,
    less for one that may throw any of several."""
    wary_throw: WaryThrow | None = None
    """The playouts' throw of a style that heeds the other seat's cards
    (:func:`safest_throw`), followed instead of ``throw``."""


def lowers(hand: int, top: int, limit: int) -> bool:
    """The greedy take: ``top`` lowers the deadwood (after the best other discard) or
    allows a knock."""
    after = least_after_throw(hand | 1 << top, top)[0]
    return after < DEADWOOD(hand) or after <= limit


def least_after_throw(hand: int, taken: int) -> tuple[int, int]:
    """:func:`~rummyhall.bots.gin.simple.least_after_throw` on the compiled deadwood."""
    return simple.least_after_throw(hand, taken, DEADWOOD)


def melds_with(hand: int, top: int, limit: int) -> bool:
    """A cautious take: ``top`` is melded in some best arrangement of the eleven cards."""
    del limit
    return DEADWOOD(hand | 1 << top) != DEADWOOD(hand) + CARD_VALUES[top]


def unmatched(hand: int, taken: int, thrown: int) -> bool:
    """Any card unmatched in some best arrangement (the beginner's and the safe player's
    throw, whose choice among them the model does not guess: it depends on what he makes
    of the other seat's cards)."""
    return thrown != taken and DEADWOOD(hand ^ 1 << thrown) == DEADWOOD(hand) - CARD_VALUES[thrown]


def patient_takes(hand: int, top: int, limit: int) -> bool:
    """The simple bot's take, a knock counting only within :data:`PATIENT_LIMIT` (else a
    patient player would take cards to knock with and not knock, and two of them could
    pass cards back and forth for ever)."""
    return SIMPLE_TAKES(hand, top, min(limit, PATIENT_LIMIT))


def at_once(hand: int, limit: int, stock: int) -> bool:
    del stock
    return DEADWOOD(hand) <= limit


def patiently(hand: int, limit: int, stock: int) -> bool:
    left = DEADWOOD(hand)
    return left <= limit and (left <= PATIENT_LIMIT or stock <= LATE_STOCK)


HUNTER_STOCK = 26
"""Cards left in the stock down to which a gin hunter still knocks: its first few turns
(31 are left after the deal)."""


def hunts(hand: int, limit: int, stock: int) -> bool:
    """The gin hunter's knock: any knock in its first few turns, then gin only."""
    left = DEADWOOD(hand)
    return left == 0 or (left <= limit and stock >= HUNTER_STOCK)


def hunter_takes(hand: int, top: int, limit: int) -> bool:
    """The simple bot's take, a knock counting only as gin (a hunter who took cards to
    knock with and did not knock could pass cards back and forth with another for ever)."""
    del limit
    return SIMPLE_TAKES(hand, top, 0)


STRONG_KNOCKS = ((26, 10), (0, 0))
"""The strong player's knocks: with at least so many cards in the stock, the most
deadwood it knocks with (within the limit). Early a knock usually wins; later the
opponent's hand has improved, and a knock risks an undercut while waiting may reach gin.
Tuned in matches (docs/bots.md): knocking later with 5, 3 and 1 as the stock ran down
won fewer matches against medium and the gin hunter."""


def strong_knock_limit(stock: int) -> int:
    """The most deadwood the strong player knocks with, ``stock`` cards left."""
    return next(most for least, most in STRONG_KNOCKS if stock >= least)


def strong_knocks(hand: int, limit: int, stock: int) -> bool:
    left = DEADWOOD(hand)
    return left <= limit and left <= strong_knock_limit(stock)


def strong_takes(hand: int, top: int, limit: int) -> bool:
    """The strong player's take: ``top`` melds in some best arrangement of the eleven
    cards (a card taken for its own sake tells the opponent what one holds), or it leaves
    gin."""
    return melds_with(hand, top, limit) or least_after_throw(hand | 1 << top, top)[0] == 0


DANGER_WEIGHT = 3
"""Deadwood points the strong player would keep to avoid throwing a card near each card
the opponent picked up and still holds."""
PARTNER_WEIGHT = 2
"""Deadwood points it would keep to hold a card with a partner in hand (a card of the same
rank, or of the same suit within two ranks): half a meld."""
SHED_WEIGHT = 1
"""Deadwood points a card near the opponent's own throws is the safer for."""


def strong_throw(hand: int, taken: int, limit: int, picked: int, shed: int) -> tuple[int, int]:
    """The strong player's discard from eleven cards (never ``taken``) and the deadwood it
    leaves: the least deadwood when that allows a knock, else of the cards unmatched in
    some best arrangement (it breaks no meld) the one of the lowest deadwood left plus
    :data:`DANGER_WEIGHT` per pick-up of the opponent near it plus :data:`PARTNER_WEIGHT`
    per partner in hand less :data:`SHED_WEIGHT` per throw of his near it; ties to the
    highest card, then the lowest id."""
    least, card = least_after_throw(hand, taken)
    if least <= limit:
        return least, card
    best: tuple[int, int, int] | None = None
    for loose in cards_of(hand):
        if not unmatched(hand, taken, loose):
            continue
        left = DEADWOOD(hand ^ 1 << loose)
        near = NEAR[loose]
        cost = (
            left
            + DANGER_WEIGHT * (near & picked).bit_count()
            + PARTNER_WEIGHT * ((near & hand).bit_count() - 1)
            - SHED_WEIGHT * (near & shed).bit_count()
        )
        key = (cost, -CARD_VALUES[loose], loose)
        if best is None or key < best:
            best = key
            least = left
    return (least, card) if best is None else (least, best[2])


def throws_as(throw: Callable[[int, int], tuple[int, int]]) -> Callable[[int, int, int], bool]:
    """The ``throws`` answer of a style that throws one card: the one ``throw`` picks."""
    return lambda hand, taken, thrown: throw(hand, taken)[1] == thrown


DANGER_SPAN = 2
"""Ranks either side of a card within which a card of its suit may share a meld with it:
near a card the opponent picked up, a card may help him (the safe throw, and the hard
bot's card weights)."""


def near_in_meld(a: int, b: int) -> bool:
    """Whether two cards could share a meld: the same rank, or the same suit and close."""
    if a % 13 == b % 13:
        return True
    return a // 13 == b // 13 and abs(a % 13 - b % 13) <= DANGER_SPAN


NEAR = tuple(mask_of([b for b in range(52) if near_in_meld(a, b)]) for a in range(52))
"""Per card, the cards it could share a meld with (itself too), as a mask."""


def safest_throw(hand: int, taken: int, limit: int, picked: int, shed: int) -> tuple[int, int]:
    """The safe player's discard from eleven cards, and the deadwood it leaves: the simple
    bot's when it allows a knock (or no other card is unmatched), else of the unmatched
    cards the one least likely to help the other seat: the fewest of his pick-ups still
    held (``picked``) near it, then the most of his throws (``shed``) near it, then the
    highest, then the lowest card id."""
    left, card = SIMPLE_THROW(hand, taken)
    loose = [c for c in cards_of(hand) if unmatched(hand, taken, c)]
    if left <= limit or not loose:
        return left, card

    def danger(card: int) -> tuple[int, int, int]:
        near = NEAR[card]
        return (near & picked).bit_count(), -(near & shed).bit_count(), -CARD_VALUES[card]

    safest = min(loose, key=danger)
    return DEADWOOD(hand ^ 1 << safest), safest


MODELS: tuple[tuple[Style, float], ...] = (
    (
        Style(
            "simple",
            0,
            SIMPLE_TAKES,
            throws_as(SIMPLE_THROW),
            at_once,
            SIMPLE_THROW,
        ),
        0.4,
    ),
    (
        Style(
            "greedy",
            1,
            lowers,
            throws_as(least_after_throw),
            at_once,
            least_after_throw,
        ),
        0.15,
    ),
    (
        Style(
            "patient",
            2,
            patient_takes,
            throws_as(SIMPLE_THROW),
            patiently,
            SIMPLE_THROW,
        ),
        0.15,
    ),
    (Style("loose", 3, melds_with, unmatched, at_once, SIMPLE_THROW, LOOSE_SPREAD), 0.15),
    (
        Style(
            "safe", 4, SIMPLE_TAKES, unmatched, at_once, SIMPLE_THROW, LOOSE_SPREAD, safest_throw
        ),
        0.1,
    ),
    (Style("hunter", 5, hunter_takes, throws_as(SIMPLE_THROW), hunts, SIMPLE_THROW), 0.15),
    (
        Style(
            "strong",
            6,
            strong_takes,
            unmatched,
            strong_knocks,
            SIMPLE_THROW,
            LOOSE_SPREAD,
            strong_throw,
        ),
        0.05,
    ),
)
"""The styles the opponent model weighs, with their odds before he has played a card; the
hard bot's playouts number them the same way (``gin/_playout.c``: ``enum Style``)."""

PLAYOUT_STYLES = tuple(style for style, _ in MODELS)
"""The styles by code, as the playouts take them (``gin_playout.new_playouts``)."""


# ------------------------------------------------------------------------- players


def hand_of(view: GinSeatView) -> int:
    return mask_of([card_index(name) for name in view["hand"]])


def taken_card(view: GinSeatView) -> int:
    taken = view["taken_from_discard"]
    return -1 if taken is None else card_index(taken)


def draw_or_throw(
    view: GinSeatView,
    legal_actions: Sequence[Action],
    takes: Callable[[int, int, int], bool],
    throw: Callable[[int, int], int],
    knocks: Callable[[int, int, int], bool],
) -> Action:
    """A rule player's move from its three rules: ``throw(hand, taken)`` picks the card."""
    hand = hand_of(view)
    limit = view["knock_limit"]
    if any(isinstance(a, Discard | Knock) for a in legal_actions):
        card = throw(hand, taken_card(view))
        name = card_name(card)
        knock = Knock(name)
        return (
            knock
            if knock in legal_actions and knocks(hand ^ 1 << card, limit, view["stock_count"])
            else Discard(name)
        )
    top = card_index(view["discard_pile"][-1])
    if Draw("discard") in legal_actions and takes(hand, top, limit):
        return Draw("discard")
    return Pass() if Pass() in legal_actions else Draw("stock")


class StyleGinBot:
    """A zoo player: plays every turn by one style's rules, the very rules the hard bot's
    playouts follow for that style (its wary throw, heeding the opponent's pick-ups and
    throws, where it has one)."""

    def __init__(self, style: Style, seed: int = 0) -> None:
        self.style = style
        self.seed = seed

    def act(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Action:
        style = self.style
        wary = style.wary_throw
        if wary is None:

            def throw(hand: int, taken: int) -> int:
                return style.throw(hand, taken)[1]

        else:
            start = Start.of(view)
            his_picked, his_shed = start.picked[1], start.shed[1]

            def throw(hand: int, taken: int) -> int:
                return wary(hand, taken, start.limit, his_picked, his_shed)[1]

        return draw_or_throw(view, legal_actions, style.takes, throw, style.knocks)


def style_player(name: str) -> Callable[..., Bot]:
    """The zoo's player of the style ``name`` (a factory taking the seed)."""
    style = next(style for style, _ in MODELS if style.name == name)
    return lambda seed=0: StyleGinBot(style, seed)


PLAYERS: dict[str, Callable[..., Bot]] = {
    name: style_player(name) for name in ("greedy", "patient", "safe", "hunter", "strong")
}
"""The zoo's Gin players by style (``gin.STYLES``); the simple style is the medium bot,
the loose one the easy bot's way of playing."""
