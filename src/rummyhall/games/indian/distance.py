"""How far an Indian Rummy hand is from a valid declaration (IND-9): the fewest cards to
replace (draw one, throw one) until 13 cards form two sequences, one of them pure (the
analogue of *shanten* in mahjong), by an exact branch-and-bound search remembered per
hand. A caller with a clock passes a ``deadline``: a search still running then stops
with :class:`OutOfTime`. The method and its memos: docs/solvers.md, "Indian Rummy: how
far a hand is from a declaration".
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Generic, TypeVar

from rummyhall.cards import JOKER
from rummyhall.games.indian.melds import RUNS, is_wild

HAND = 13


BASE = 128
"""The memo stores kept counts plus BASE, as bytes: objects the garbage collector never
walks. A value below BASE is a state that cannot make its second sequence (a search
adds at most 14 cards to it, so it stays below)."""


class OutOfTime(Exception):
    """A search ran past its deadline. Nothing it had not finished was remembered."""


K = TypeVar("K")
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A memo of ``size`` entries (looked up in ``fresh``) that forgets without a
    pause: once full, its entries are set aside whole (``stale``) and dropped one for
    every entry added after. Clearing 2^18 entries at once takes some 20 ms, an overrun
    of a move that must keep to its budget; dropping them one by one goes unseen.

    >>> memo = Memo(2)
    >>> for key in range(5):
    ...     memo.add(key, key * key)
    >>> memo.fresh, memo.stale
    ({4: 16}, {2: 4, 3: 9})
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.fresh: dict[K, V] = {}
        self.stale: dict[K, V] = {}

    def add(self, key: K, value: V) -> None:
        if self.stale:
            self.stale.popitem()
        if len(self.fresh) >= self.size:  # the stale ones are gone by now
            self.stale, self.fresh = self.fresh, {}
        self.fresh[key] = value


class _Search:
    """The pure sequence is chosen first (its holes are specific cards; a cut joker in
    one of them stands as itself), then a memoised search finds, for every room left,
    the most other natural cards kept in impure sequences and sets whose cards and gaps
    fit in it. A layout keeping ``kept`` cards with ``specific`` holes in the pure
    sequence is ``max(13 - kept - wild cards left, specific)`` away from a declaration.

    Past ``deadline`` (a ``time.perf_counter()`` value), the next state not in the memo
    raises :class:`OutOfTime`."""

    def __init__(
        self, counts: list[int], flex: list[int], wilds: int, deadline: float | None
    ) -> None:
        self.counts = counts  # natural cards per face
        self.key = sum(c << (2 * f) for f, c in enumerate(counts))
        self.deadline = deadline
        self.best = HAND + 1
        everything = self._rest(0, True)  # removing the pure sequence's cards keeps no more
        for members, specific, itself in _pure_sequences(counts, flex):
            kept = len(members) + len(itself)
            spare = wilds - len(itself)
            bound = HAND - kept - spare - (everything[HAND - kept - specific] - BASE)
            if max(specific, bound) >= self.best:
                continue
            self._take(members, -1)
            more = self._rest(0, True)[HAND - kept - specific] - BASE
            self._take(members, +1)
            if more >= 0:
                self.best = min(self.best, max(specific, HAND - kept - more - spare))

    def _take(self, members: Sequence[int], sign: int) -> None:
        for f in members:
            self.counts[f] += sign
            self.key += sign << (2 * f)

    def _rest(self, face: int, need: bool) -> bytes:
        """Per room (0…13 places): the most natural cards from ``face`` on kept in melds
        whose cards and gaps fit in the room, one of them a sequence if ``need`` (plus
        :data:`BASE`)."""
        counts = self.counts
        while face < 52 and not counts[face]:
            face += 1
        if face == 52:
            return _DRAWN_SEQUENCE if need else _NOTHING
        memo_key = 2 * self.key + need
        known = _MEMO.fresh.get(memo_key)
        if known is not None:
            return known
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        copies = counts[face]
        counts[face] = 0
        self.key -= copies << (2 * face)
        best = list(self._rest(face + 1, need))  # every copy thrown
        counts[face] = copies
        self.key += copies << (2 * face)
        for members, size, is_set in _groups(counts, face):
            self._take(members, -1)
            more = self._rest(face, need and is_set)
            self._take(members, +1)
            kept = len(members)
            for room in range(size, HAND + 1):
                value = kept + more[room - size]
                if value > best[room]:
                    best[room] = value
        vector = bytes(best)
        known = _VECTORS.fresh.get(vector)
        if known is None:
            known = vector
            _VECTORS.add(known, known)
        _MEMO.add(memo_key, known)
        return known


MEMO_SIZE = 1 << 18
"""States remembered across hands (about 100 bytes each: some 25 MB in a process at
most, and as much again for a while after the memo fills)."""
_MEMO: Memo[int, bytes] = Memo(MEMO_SIZE)
"""Per set of open natural cards (and whether a sequence is still needed): the most
kept per room. It depends on those cards alone, so hands that differ by a card or two
share most of their search."""
_VECTORS: Memo[bytes, bytes] = Memo(1 << 16)
"""The values of :data:`_MEMO`, one copy of each: a thousand or so tell apart a quarter
of a million states."""
_NOTHING = bytes([BASE] * (HAND + 1))
_DRAWN_SEQUENCE = bytes([0] * 3 + [BASE] * (HAND - 2))
"""No natural card left: the second sequence, if still needed, is drawn whole."""


_Pure = tuple[tuple[int, ...], int, tuple[int, ...]]
"""A pure sequence candidate: its natural cards, its holes, the cut jokers in place."""


def _pure_sequences(counts: list[int], flex: list[int]) -> list[_Pure]:
    """The candidates for the pure sequence: its natural cards, its holes left, and the
    cut jokers filling the others as themselves (IND-5); fewest holes first."""
    found: list[_Pure] = [((), 3, ())]  # drawn whole
    for suit in range(4):
        cards = range(13 * suit, 13 * suit + 13)
        pattern = sum(1 << i for i, f in enumerate(cards) if counts[f])
        pattern |= sum(1 << (13 + i) for i, f in enumerate(cards) if flex[f])
        known = _PURE.fresh.get(pattern | suit << 26)
        if known is None:
            known = _suit_pure_sequences(suit, counts, flex)
            _PURE.add(pattern | suit << 26, known)
        found += known
    return sorted(found, key=lambda option: (option[1], -len(option[0]) - len(option[2])))


_PURE: Memo[int, tuple[_Pure, ...]] = Memo(1 << 16)
"""The pure sequence candidates of a suit, per pattern of its natural cards and cut
jokers."""


def _suit_pure_sequences(suit: int, counts: list[int], flex: list[int]) -> tuple[_Pure, ...]:
    found: dict[_Pure, None] = {}
    for face in range(13 * suit, 13 * suit + 13):
        if not counts[face]:
            continue
        for _, run, at in RUNS[face]:
            last = len(run) - 1
            if any(counts[run[i]] for i in range(at)):
                continue  # found from its lowest card
            others = [i for i, f in enumerate(run) if i > at and counts[f]]
            for mask in range(1 << len(others)):
                places = [at] + [i for j, i in enumerate(others) if mask >> j & 1]
                if last > 2 and (places[0] != 0 or places[-1] != last):
                    continue
                gaps = [run[i] for i in range(last + 1) if i not in places]
                itself = tuple(f for f in gaps if flex[f])
                found[(tuple(run[i] for i in places), len(gaps) - len(itself), itself)] = None
    return tuple(found)


def _neighbours() -> list[tuple[int, ...]]:
    """Per face: the other faces that can share an impure sequence or a set with it."""
    table = []
    for face in range(52):
        near = {f for _, run, _ in RUNS[face] for f in run}
        near |= {s * 13 + face % 13 for s in range(4)}
        near.discard(face)
        table.append(tuple(sorted(near)))
    return table


_NEIGHBOURS = _neighbours()
_Group = tuple[tuple[int, ...], int, bool]
"""An impure sequence or a set: its natural cards, its size with the gaps, whether a set."""
_GROUPS: list[dict[int, tuple[_Group, ...]]] = [{} for _ in range(52)]
"""Per face and pattern of its neighbours present (2^11 at most): its groups."""


def _groups(counts: list[int], face: int) -> tuple[_Group, ...]:
    """The impure sequences and sets holding one copy of ``face`` and other open
    natural cards: (their naturals, their size with the gaps, whether a set). A run
    longer than three starts and ends on natural cards (else a shorter one holds the
    same cards). Remembered per face and pattern of neighbours present."""
    near = _NEIGHBOURS[face]
    pattern = 0
    for bit, f in enumerate(near):
        if counts[f]:
            pattern |= 1 << bit
    known = _GROUPS[face].get(pattern)
    if known is not None:
        return known
    found: dict[_Group, None] = {}
    for _, run, at in RUNS[face]:
        last = len(run) - 1
        others = [i for i, f in enumerate(run) if i != at and counts[f]]
        for mask in range(1 << len(others)):
            places = [at] + [i for j, i in enumerate(others) if mask >> j & 1]
            if last > 2 and (min(places) != 0 or max(places) != last):
                continue
            members = tuple(sorted(run[i] for i in places))
            found[(members, last + 1, False)] = None
    rank = face % 13
    others = [s * 13 + rank for s in range(4) if s * 13 + rank != face and counts[s * 13 + rank]]
    for mask in range(1, 1 << len(others)):
        members = (face, *(others[j] for j in range(len(others)) if mask >> j & 1))
        found[(members, max(3, len(members)), True)] = None
    groups = tuple(found)
    _GROUPS[face][pattern] = groups
    return groups


_HANDS: Memo[bytes, int] = Memo(1 << 18)
"""The distance per wild rank and sorted hand (as bytes, which the garbage collector
never walks)."""


def distance(faces: Sequence[int], wild: int, *, deadline: float | None = None) -> int:
    """The fewest cards to replace before ``faces`` hold a valid declaration (IND-9).

    0 means 13 of the cards declare as they are. With 14 cards (after a draw), the
    distance of the best 13 of them. ``wild`` is the wild rank (``melds.wild_rank``).

    A search still running at ``deadline`` (a ``time.perf_counter()`` value) raises
    :class:`OutOfTime`; a hand already known is answered whatever the time.

    >>> from rummyhall.cards import parse_cards
    >>> hand = parse_cards("AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D")
    >>> distance(hand, 6), distance(hand[:-1] + parse_cards("4D"), 6)
    (0, 1)
    """
    hand = bytes([wild, *sorted(faces)])
    known = _HANDS.fresh.get(hand)
    if known is not None:
        return known
    counts, flex, wilds = [0] * 52, [0] * 52, 0
    for face in faces:
        if face == JOKER:
            wilds += 1
        elif is_wild(face, wild):
            flex[face] += 1
            wilds += 1
        else:
            counts[face] += 1
    known = _Search(counts, flex, wilds, deadline).best
    _HANDS.add(hand, known)
    return known
