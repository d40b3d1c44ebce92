"""Exact declarations (IND-9) and minimum penalties (IND-10) of Indian Rummy hands.

The best partition into melds is searched in ``partition.py``; here a hand is read,
the three tiers of IND-10 are weighed, and a searched layout gets its real cards: the
wild slots dealt from the hand's wild cards, spare wild cards absorbed into melds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rummyhall.actions import JSON
from rummyhall.cards import CARD_NAMES, JOKER, canonical_key, card_index, names_in
from rummyhall.errors import NotationError
from rummyhall.games.indian.meldable import meldable
from rummyhall.games.indian.melds import MeldKind, card_points, is_wild, position_face, wild_rank
from rummyhall.games.indian.partition import AS_ITSELF, WILD, Meld, MeldSearch

PENALTY_CAP = 80
"""IND-10: a loser never pays more than 80."""


@dataclass(frozen=True)
class Arrangement:
    """A hand laid out: ``melds`` (each in order, wild cards where they stand), the
    unmelded ``deadwood``, the ``points`` they cost (capped at 80) and the scoring
    ``tier``: "declaration", "both lives", "pure only" or "no pure" (IND-10)."""

    melds: list[list[str]]
    kinds: list[str]
    deadwood: list[str]
    points: int
    tier: str

    def to_json(self) -> JSON:
        return {
            "melds": [{"kind": k, "cards": m} for k, m in zip(self.kinds, self.melds, strict=True)],
            "deadwood": self.deadwood,
            "points": self.points,
            "tier": self.tier,
        }


# ------------------------------------------------------------------ the public API


@dataclass
class _Hand:
    counts: list[int]  # natural cards per face
    flex: list[int]  # cut jokers per face
    jokers: int
    wild: int

    @property
    def wilds(self) -> int:
        return self.jokers + sum(self.flex)

    def points(self) -> int:
        return sum(c * card_points(f, self.wild) for f, c in enumerate(self.counts))


def _parse(cards: Iterable[str] | str, size: int | None) -> list[int]:
    faces = [card_index(name) for name in names_in(cards, "cards")]
    if size is not None and len(faces) != size:
        raise NotationError(f"expected {size} cards, got {len(faces)}")
    for face, copies in Counter(faces).items():
        if copies > 2:
            raise NotationError(
                f"{CARD_NAMES[face]} appears {copies} times; two packs hold two (IND-1)"
            )
    return faces


def hand_of(faces: Iterable[int], wild: int) -> _Hand:
    counts, flex, jokers = [0] * 52, [0] * 52, 0
    for face in faces:
        if face == JOKER:
            jokers += 1
        else:
            (flex if is_wild(face, wild) else counts)[face] += 1
    return _Hand(counts, flex, jokers, wild)


def _search(hand: _Hand, declare: bool) -> MeldSearch:
    return MeldSearch(list(hand.counts), list(hand.flex), hand.wilds, hand.wild, declare)


def _melds_but_one(hand: _Hand) -> bool:
    """Whether all the natural cards of 14 but one meld with the two lives: where not,
    no discard declares (IND-9)."""
    return meldable(hand.counts, hand.flex, hand.wilds, hand.wild, skips=1)


def _best_pure_sequence(hand: _Hand) -> tuple[int, Meld] | None:
    """IND-10's middle tier: the single pure sequence worth the most points."""
    best: tuple[int, Meld] | None = None
    for suit in range(4):
        slots: dict[int, int] = {}
        for position in range(1, 15):
            face = position_face(suit, position)
            if hand.counts[face]:
                slots[position] = face
            elif hand.flex[face]:
                slots[position] = face + AS_ITSELF
        for low, high in ((1, 13), (2, 14)):
            position = low
            while position <= high:
                end = position
                while end <= high and end in slots:
                    end += 1
                if end - position >= 3:
                    run = tuple(slots[q] for q in range(position, end))
                    worth = sum(card_points(f, hand.wild) for f in run if f < AS_ITSELF)
                    if best is None or worth > best[0]:
                        best = (worth, (MeldKind.PURE, run, position))
                position = end + 1
    return best


def _wild_cards(hand: _Hand, melds: list[Meld]) -> list[int]:
    """The wild cards not standing as themselves: printed jokers first, then cut jokers."""
    flex = list(hand.flex)
    for _, slots, _ in melds:
        for slot in slots:
            if slot >= AS_ITSELF:
                flex[slot - AS_ITSELF] -= 1
    pool = [JOKER] * hand.jokers
    for face in sorted(range(52), key=canonical_key):
        pool += [face] * flex[face]
    return pool


def _absorb(
    melds: list[list[int]], kinds: list[MeldKind], firsts: list[int], spare: list[int]
) -> bool:
    """Place spare wild cards into melds (a declaration must meld all 13, IND-9)."""
    if not spare:
        return True
    for i, kind in enumerate(kinds):
        if kind is MeldKind.SET:
            melds[i] += spare
            return True
    pure = [i for i, k in enumerate(kinds) if k is MeldKind.PURE]
    candidates = [i for i, k in enumerate(kinds) if k is MeldKind.IMPURE] + pure[1:]
    for i in candidates:
        low, high = firsts[i], firsts[i] + len(melds[i]) - 1
        room_high = 14 - high if low > 1 else 13 - high
        room_low = low - 1 if high < 14 else low - 2
        if room_high + room_low >= len(spare):
            up = min(room_high, len(spare))
            melds[i] = spare[up:] + melds[i] + spare[:up]
            firsts[i] = low - (len(spare) - up)
            kinds[i] = MeldKind.IMPURE
            return True
    if len(spare) >= 3:
        melds.append(list(spare))
        kinds.append(MeldKind.SET)
        firsts.append(0)
        return True
    return False


def _layout(
    hand: _Hand, found: list[Meld], declare: bool
) -> tuple[list[list[int]], list[MeldKind], list[int]] | None:
    """Real cards for a searched layout: wild slots dealt from the hand's wild cards;
    spare wild cards are absorbed into melds (or, if not declaring, left unmelded)."""
    pool = _wild_cards(hand, found)
    melds, kinds, firsts = [], [], []
    for kind, slots, first in found:
        cards = []
        for slot in slots:
            if slot == WILD:
                cards.append(pool.pop(0))
            else:
                cards.append(slot - AS_ITSELF if slot >= AS_ITSELF else slot)
        melds.append(cards)
        kinds.append(kind)
        firsts.append(first)
    if not _absorb(melds, kinds, firsts, pool) and declare:
        return None
    return melds, kinds, firsts


_KIND_ORDER = {MeldKind.PURE: 0, MeldKind.IMPURE: 1, MeldKind.SET: 2}


def _ordered(
    melds: list[list[int]], kinds: list[MeldKind], wild: int
) -> list[tuple[MeldKind, list[int]]]:
    """Pure sequences, then impure ones, then sets; each group by its lowest natural."""

    def key(item: tuple[MeldKind, list[int]]) -> tuple[int, tuple[int, int]]:
        naturals = [f for f in item[1] if not is_wild(f, wild)] or item[1]
        return _KIND_ORDER[item[0]], min(map(canonical_key, naturals))

    return sorted(zip(kinds, melds, strict=True), key=key)


def declaration_of(hand: _Hand) -> list[tuple[MeldKind, list[int]]] | None:
    """A valid declaration of the hand's cards as (kind, faces) melds, or ``None``."""
    search = _search(hand, declare=True)
    if search.best_melds is None:
        return None
    layout = _layout(hand, search.best_melds, declare=True)
    if layout is None:
        return None
    melds, kinds, _ = layout
    return _ordered(melds, kinds, hand.wild)


def declaring_discards(faces: list[int], wild: int) -> list[int]:
    """The faces whose discard leaves a valid declaration, from 14 cards (IND-9).

    Without any pure sequence nothing declares. Otherwise two searches of all 14 cards
    first: whether all but one natural card meld (the declaring search, cheap: it fails
    at the first card no meld can hold, and most hands fail it), then whether the two
    lives leave more points unmelded than one card can carry away; if so, no discard
    declares.
    """
    whole = hand_of(faces, wild)
    if _best_pure_sequence(whole) is None or not _melds_but_one(whole):
        return []
    best = _search(whole, declare=False).best
    if best < 0:
        return []
    gap = whole.points() - best
    found = []
    for face in sorted(set(faces)):
        if card_points(face, wild) < gap:
            continue
        rest = list(faces)
        rest.remove(face)
        if declaration_of(hand_of(rest, wild)) is not None:
            found.append(face)
    return found


def first_declaring_discard(faces: list[int], wild: int) -> int | None:
    """The lowest face of :func:`declaring_discards`, or ``None``, found sooner: with
    all but one card meldable, the discards are tried lowest first, each by the cheap
    declaring search, without the search of the whole hand's best layout."""
    whole = hand_of(faces, wild)
    if _best_pure_sequence(whole) is None or not _melds_but_one(whole):
        return None
    for face in sorted(set(faces)):
        rest = list(faces)
        rest.remove(face)
        if declaration_of(hand_of(rest, wild)) is not None:
            return face
    return None


def arrangement_of(hand: _Hand) -> Arrangement:
    """The layout behind the minimum penalty of a hand (IND-10)."""
    total = hand.points()
    options: list[tuple[int, str, list[Meld]]] = [(total, "no pure", [])]
    pure = _best_pure_sequence(hand)
    if pure is not None:
        options.append((total - pure[0], "pure only", [pure[1]]))
        search = _search(hand, declare=False)
        if search.best_melds is not None:
            options.append((total - search.best, "both lives", search.best_melds))
    points, tier, found = min(options, key=lambda o: (o[0], -len(o[2])))
    layout = _layout(hand, found, declare=False)
    assert layout is not None
    melds, kinds, _ = layout
    ordered = _ordered(melds, kinds, hand.wild)
    melded = Counter(f for meld in melds for f in meld)
    remaining = Counter(f for f in range(52) for _ in range(hand.counts[f] + hand.flex[f]))
    remaining[JOKER] = hand.jokers
    deadwood = sorted((remaining - melded).elements(), key=canonical_key)
    return Arrangement(
        melds=[[CARD_NAMES[f] for f in meld] for _, meld in ordered],
        kinds=[kind.value for kind, _ in ordered],
        deadwood=[CARD_NAMES[f] for f in deadwood],
        points=min(points, PENALTY_CAP),
        tier=tier,
    )


def find_declaration(cards: Iterable[str] | str, indicator: str) -> list[list[str]] | None:
    """A valid declaration of 13 cards (IND-9), or ``None`` when there is none.

    Pure sequences come first, then impure sequences, then sets; each sequence in
    order with its wild cards where they stand.

    >>> find_declaration("AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D", "7C")
    [['AH', '2H', '3H'], ['JK', '5S', '6S'], ['9H', '9D', '9C'], ['KS', 'KD', 'KC', '7D']]
    """
    hand = hand_of(_parse(cards, 13), wild_rank(card_index(indicator, "indicator")))
    melds = declaration_of(hand)
    return None if melds is None else [[CARD_NAMES[f] for f in meld] for _, meld in melds]


def arrange(cards: Iterable[str] | str, indicator: str) -> Arrangement:
    """The layout behind :func:`penalty`: what is melded, what counts, and why."""
    faces = _parse(cards, None)
    return arrangement_of(hand_of(faces, wild_rank(card_index(indicator, "indicator"))))


def penalty(cards: Iterable[str] | str, indicator: str) -> int:
    """Minimum penalty of a hand under the three tiers of IND-10, capped at 80.

    >>> penalty("AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 4D", "7C")
    4
    >>> penalty("AH 2H 3H 9C 9D 9H KS KD KC 4D 5S 8C QC", "7C")   # one life: sets count
    80
    """
    return arrange(cards, indicator).points
