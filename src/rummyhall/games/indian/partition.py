"""The best partition of an Indian Rummy hand into melds under the two-lives condition
(IND-9, IND-10): the search behind the solver (``solver.py``).

A branch-and-bound search over partitions. The lowest natural card still undecided is
either unmelded (with its twin copy, so no partition is visited twice) or the lowest
natural card of one meld; the bound is the value melded so far plus every natural card
still open. Wild cards are a pooled budget, spent as placeholders while searching and
dealt out as real cards only in the answer (``solver.py``).

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

from collections.abc import Iterator

from rummyhall.games.indian.melds import RUNS, MeldKind, card_points

WILD = -1
"""A wild slot in a meld under construction (its card is chosen at the end)."""
AS_ITSELF = 64
"""Added to a cut joker's face in a slot where it stands as itself (IND-5)."""

# A meld while searching: its kind and its slots. Sequences list one slot per position
# (a natural face, a cut joker's face + AS_ITSELF, or WILD); sets list their natural
# faces, then WILD for each wild card.
Meld = tuple[MeldKind, tuple[int, ...], int]  # kind, slots, first position (sequences)


NO_LAYOUT = -(1 << 20)
"""The value of a state from which the two lives can no longer be completed."""


MEMO_SIZE = 1 << 18
"""Search states remembered across hands before the memo starts again (about 150 bytes
each: some 40 MB in a process at most)."""
_MEMO: dict[tuple[int, int, int, int, int], int] = {}
MELD_WILDS = 5
"""No useful meld holds more wild cards than this (a run of five at most, two of its
ends natural), so a larger wild budget offers the same melds."""
_NEAR = [
    tuple(sorted({f for _, run, _ in RUNS[face] for f in run} - {face}))
    + tuple(s * 13 + face % 13 for s in range(4) if s * 13 + face % 13 != face)
    for face in range(52)
]
"""Per face: the faces that may share a meld with it."""
_MELDS: list[dict[int, list[tuple[Meld, int]]]] = [{} for _ in range(52)]
"""Per face and pattern of open neighbours: its melds (see ``MeldSearch._melds_with``)."""
_VALUES = [[card_points(f, wild) for f in range(52)] for wild in range(13)]
"""Per wild rank: the points of every face (IND-10)."""


class MeldSearch:
    """The best melded value of a hand under the two-lives condition (IND-9, IND-10).

    A memoised search: the open natural cards, cut jokers and wild budget are packed into
    one integer key together with the lives found so far (pure: 0/1, sequences: 0–2).
    The value of a key depends on nothing else, so the memo is shared by every hand
    (:data:`_MEMO`): the hands a bot weighs in a turn differ by a card or two and share
    most of their search.

    With ``skips`` (declaring only), that many natural cards may stay unmelded, one copy
    at a time: the search then only answers whether a layout exists (:attr:`best` ≥ 0),
    without :attr:`best_melds`.
    """

    def __init__(
        self,
        counts: list[int],
        flex: list[int],
        wilds: int,
        wild: int,
        declare: bool,
        skips: int = 0,
    ) -> None:
        self.counts = counts  # natural (non-wild) cards per face
        self.flex = flex  # cut jokers per face, usable as naturals in pure sequences
        self.wilds = wilds  # all wild cards: printed jokers and cut jokers
        self.spent = 0  # wild cards used so far (as wild slots or as themselves)
        self.value = _VALUES[wild]
        self.total = sum(c * v for c, v in zip(counts, self.value, strict=True))
        self.open_value = self.total  # points of the natural cards still open
        self.declare = declare  # every natural card must be melded
        self.skips = skips  # natural cards a declaring search may still leave unmelded
        self.key = sum(c << (2 * f) for f, c in enumerate(counts)) | sum(
            c << (2 * f + 104) for f, c in enumerate(flex)
        )
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
            for melds in _MELDS:
                melds.clear()
        self.memo = _MEMO
        self.best = self._best(0, 0, 0)
        self.best_melds = None if self.best < 0 or skips else self._trace()

    def _best(self, face: int, pures: int, sequences: int) -> int:
        """Most points meldable from the open cards, given the lives found so far."""
        counts = self.counts
        while face < 52 and not counts[face]:
            face += 1
        if face == 52:
            return 0 if pures and sequences >= 2 else NO_LAYOUT
        key = (self.key, self.wilds - self.spent, pures, sequences, self.declare + self.skips)
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
        elif self.skips and best < self.open_value:  # leave one copy of this card unmelded
            self._skip(face, -1)
            best = max(best, self._best(face, pures, sequences))
            self._skip(face, +1)
        self.memo[key] = best
        return best

    def _skip(self, face: int, sign: int) -> None:
        """Leave one copy of ``face`` unmelded (``sign`` -1) or take it back (+1)."""
        self.counts[face] += sign
        self.key += sign << (2 * face)
        self.open_value += sign * self.value[face]
        self.skips += sign

    def _trace(self) -> list[Meld]:
        """The melds of the best layout, found again by following the memo."""
        melds: list[Meld] = []
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

    def _take(self, meld: Meld, sign: int) -> None:
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

    def _melds_with(self, face: int) -> list[tuple[Meld, int]]:
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

    def _sequences_with(self, face: int) -> Iterator[tuple[Meld, int]]:
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
    ) -> Iterator[tuple[Meld, int]]:
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

    def _sets_with(self, face: int) -> Iterator[tuple[Meld, int]]:
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
