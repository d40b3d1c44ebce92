"""Exact declarations (IND-9) and minimum penalties (IND-10) of Indian Rummy hands.

A branch-and-bound search over partitions. The lowest natural card still undecided is
either unmelded (with its twin copy, so no partition is visited twice) or the lowest
natural card of one meld; the bound is the value melded so far plus every natural card
still open. Wild cards are a pooled budget, spent as placeholders while searching and
dealt out as real cards only in the answer.

Three facts keep the candidate melds few without losing optimality:

* a meld never needs more wild cards than it takes to be valid (wild cards cost 0, so an
  extra one melds nothing more); an impure sequence longer than three therefore starts
  and ends on natural cards;
* a sequence of six or more splits into two valid ones (a part made only of wild cards is
  a set), which keeps every card melded and never loses a sequence, so sequences of 3–5
  suffice; sets need at most four natural cards;
* a cut joker is natural only in a pure sequence, at its own place (IND-5); everywhere
  else it serves exactly as any wild card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rummyhall.actions import JSON
from rummyhall.cards import CARD_NAMES, JOKER, canonical_key, card_index, names_in
from rummyhall.errors import NotationError
from rummyhall.games.indian.melds import (
    RUNS,
    MeldKind,
    card_points,
    is_wild,
    position_face,
    wild_rank,
)

PENALTY_CAP = 80
"""IND-10: a loser never pays more than 80."""

WILD = -1
"""A wild slot in a meld under construction (its card is chosen at the end)."""
AS_ITSELF = 64
"""Added to a cut joker's face in a slot where it stands as itself (IND-5)."""

# A meld while searching: its kind and its slots. Sequences list one slot per position
# (a natural face, a cut joker's face + AS_ITSELF, or WILD); sets list their natural
# faces, then WILD for each wild card.
_Meld = tuple[MeldKind, tuple[int, ...], int]  # kind, slots, first position (sequences)


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


NO_LAYOUT = -(1 << 20)
"""The value of a state from which the two lives can no longer be completed."""


MEMO_SIZE = 1 << 18
"""Search states remembered across hands before the memo starts again (about 150 bytes
each: some 40 MB in a process at most)."""
_MEMO: dict[tuple[int, int, int, int, bool], int] = {}
MELD_WILDS = 5
"""No useful meld holds more wild cards than this (a run of five at most, two of its
ends natural), so a larger wild budget offers the same melds."""
_NEAR = [
    tuple(sorted({f for _, run, _ in RUNS[face] for f in run} - {face}))
    + tuple(s * 13 + face % 13 for s in range(4) if s * 13 + face % 13 != face)
    for face in range(52)
]
"""Per face: the faces that may share a meld with it."""
_MELDS: list[dict[int, list[tuple[tuple[MeldKind, tuple[int, ...], int], int]]]] = [
    {} for _ in range(52)
]
"""Per face and pattern of open neighbours: its melds (see ``_Search._melds_with``)."""
_VALUES = [[card_points(f, wild) for f in range(52)] for wild in range(13)]
"""Per wild rank: the points of every face (IND-10)."""


class _Search:
    """The best melded value of a hand under the two-lives condition (IND-9, IND-10).

    A memoised search: the open natural cards, cut jokers and wild budget are packed into
    one integer key together with the lives found so far (pure: 0/1, sequences: 0–2).
    The value of a key depends on nothing else, so the memo is shared by every hand
    (:data:`_MEMO`): the hands a bot weighs in a turn differ by a card or two and share
    most of their search.
    """

    def __init__(
        self, counts: list[int], flex: list[int], wilds: int, wild: int, declare: bool
    ) -> None:
        self.counts = counts  # natural (non-wild) cards per face
        self.flex = flex  # cut jokers per face, usable as naturals in pure sequences
        self.wilds = wilds  # all wild cards: printed jokers and cut jokers
        self.spent = 0  # wild cards used so far (as wild slots or as themselves)
        self.value = _VALUES[wild]
        self.total = sum(c * v for c, v in zip(counts, self.value, strict=True))
        self.open_value = self.total  # points of the natural cards still open
        self.declare = declare  # every natural card must be melded
        self.key = sum(c << (2 * f) for f, c in enumerate(counts)) | sum(
            c << (2 * f + 104) for f, c in enumerate(flex)
        )
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
            for melds in _MELDS:
                melds.clear()
        self.memo = _MEMO
        self.best = self._best(0, 0, 0)
        self.best_melds = None if self.best < 0 else self._trace()

    def _best(self, face: int, pures: int, sequences: int) -> int:
        """Most points meldable from the open cards, given the lives found so far."""
        counts = self.counts
        while face < 52 and not counts[face]:
            face += 1
        if face == 52:
            return 0 if pures and sequences >= 2 else NO_LAYOUT
        key = (self.key, self.wilds - self.spent, pures, sequences, self.declare)
        known = self.memo.get(key)
        if known is not None:
            return known
        best = NO_LAYOUT
        for meld, gained in self._melds_with(face):
            kind = meld[0]
            self._take(meld, -1)
            rest = self._best(
                face, pures | (kind is MeldKind.PURE), min(2, sequences + kind.is_sequence)
            )
            self._take(meld, +1)
            if gained + rest > best:
                best = gained + rest
                if best == self.open_value:  # everything melded: nothing beats it
                    break
        if not self.declare and best < self.open_value:  # leave this card (and its twin) unmelded
            copies = counts[face]
            counts[face] = 0
            self.key -= copies << (2 * face)
            self.open_value -= copies * self.value[face]
            rest = self._best(face + 1, pures, sequences)
            self.open_value += copies * self.value[face]
            self.key += copies << (2 * face)
            counts[face] = copies
            best = max(best, rest)
        self.memo[key] = best
        return best

    def _trace(self) -> list[_Meld]:
        """The melds of the best layout, found again by following the memo."""
        melds: list[_Meld] = []
        face, pures, sequences = 0, 0, 0
        target = self.best
        while True:
            while face < 52 and not self.counts[face]:
                face += 1
            if face == 52:
                break
            for meld, gained in self._melds_with(face):
                kind = meld[0]
                self._take(meld, -1)
                after = (pures | (kind is MeldKind.PURE), min(2, sequences + kind.is_sequence))
                if gained + self._best(face, *after) == target:
                    melds.append(meld)
                    target -= gained
                    pures, sequences = after
                    break
                self._take(meld, +1)
            else:  # unmelded
                self.key -= self.counts[face] << (2 * face)
                self.open_value -= self.counts[face] * self.value[face]
                self.counts[face] = 0
        return melds

    def _take(self, meld: _Meld, sign: int) -> None:
        """Take a meld's cards out of the hand (``sign`` -1) or put them back (+1)."""
        for slot in meld[1]:
            if slot == WILD:
                self.spent -= sign
            elif slot >= AS_ITSELF:
                self.flex[slot - AS_ITSELF] += sign
                self.key += sign << (2 * slot - 2 * AS_ITSELF + 104)
                self.spent -= sign
            else:
                self.counts[slot] += sign
                self.key += sign << (2 * slot)
                self.open_value += sign * self.value[slot]

    def _melds_with(self, face: int) -> list[tuple[_Meld, int]]:
        """Every useful meld whose lowest open natural card is ``face``, best first.

        They depend only on which neighbours of ``face`` are open (natural, or cut
        jokers) and on the wild budget, so they are remembered per such pattern (a
        natural card's points do not depend on the wild rank)."""
        counts, flex = self.counts, self.flex
        pattern = min(self.wilds - self.spent, MELD_WILDS)
        for f in _NEAR[face]:
            pattern = pattern << 2 | (counts[f] > 0) << 1 | (flex[f] > 0)
        found = _MELDS[face].get(pattern)
        if found is None:
            found = list(self._sequences_with(face)) + list(self._sets_with(face))
            found.sort(key=lambda item: -item[1])
            _MELDS[face][pattern] = found
        return found

    def _sequences_with(self, face: int) -> Iterator[tuple[_Meld, int]]:
        counts, flex = self.counts, self.flex
        room = self.wilds - self.spent
        for first, faces, at in RUNS[face]:
            slots = list(faces)
            missing = as_itself = 0
            for i, f in enumerate(faces):
                if i == at or counts[f]:
                    continue
                if flex[f]:
                    slots[i] = f + AS_ITSELF
                    as_itself += 1
                else:
                    slots[i] = WILD
                    missing += 1
                if missing + as_itself > room:
                    break
            else:
                yield from self._window_melds(slots, first, at, missing, as_itself, room)

    def _window_melds(
        self, slots: list[int], first: int, at: int, missing: int, as_itself: int, room: int
    ) -> Iterator[tuple[_Meld, int]]:
        """The melds of one window whose places are filled as far as the hand allows:
        the pure sequence when nothing is missing, and the impure ones."""
        value = self.value
        last = len(slots) - 1
        if missing and last > 2 and WILD in (slots[0], slots[-1]):
            return  # an end wild card melds nothing more
        if not missing:
            gained = sum(value[f] for f in slots if f < AS_ITSELF)
            yield (MeldKind.PURE, tuple(slots), first), gained
        # Impure: cut jokers in place serve as any wild card; naturals may also be
        # spared for other melds, a wild card taking their place.
        impure = [WILD if f >= AS_ITSELF else f for f in slots]
        spare = [
            i for i, f in enumerate(impure) if f != WILD and i != at and (last == 2 or 0 < i < last)
        ]
        budget = room - missing - as_itself
        for chosen in range(1 << len(spare)):
            replaced = chosen.bit_count()
            if replaced > budget or not (missing or as_itself or replaced):
                continue
            variant = list(impure)
            for j, i in enumerate(spare):
                if chosen >> j & 1:
                    variant[i] = WILD
            gained = sum(value[f] for f in variant if f != WILD)
            yield (MeldKind.IMPURE, tuple(variant), first), gained

    def _sets_with(self, face: int) -> Iterator[tuple[_Meld, int]]:
        rank = face % 13
        others = [
            s * 13 + rank for s in range(4) if s * 13 + rank != face and self.counts[s * 13 + rank]
        ]
        room = self.wilds - self.spent
        for mask in range(1 << len(others)):
            chosen = [face] + [others[i] for i in range(len(others)) if mask >> i & 1]
            wild_slots = max(0, 3 - len(chosen))
            if wild_slots <= room:
                yield (
                    (MeldKind.SET, tuple(chosen) + (WILD,) * wild_slots, 0),
                    sum(self.value[f] for f in chosen),
                )


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


def _search(hand: _Hand, declare: bool) -> _Search:
    return _Search(list(hand.counts), list(hand.flex), hand.wilds, hand.wild, declare)


def _best_pure_sequence(hand: _Hand) -> tuple[int, _Meld] | None:
    """IND-10's middle tier: the single pure sequence worth the most points."""
    best: tuple[int, _Meld] | None = None
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


def _wild_cards(hand: _Hand, melds: list[_Meld]) -> list[int]:
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
    hand: _Hand, found: list[_Meld], declare: bool
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

    Without any pure sequence nothing declares; otherwise one search of all 14 cards
    first: if the two lives leave more points unmelded than one card can carry away, no
    discard declares.
    """
    whole = hand_of(faces, wild)
    if _best_pure_sequence(whole) is None:
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


def arrangement_of(hand: _Hand) -> Arrangement:
    """The layout behind the minimum penalty of a hand (IND-10)."""
    total = hand.points()
    options: list[tuple[int, str, list[_Meld]]] = [(total, "no pure", [])]
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
