"""Optimal Gin layouts: minimum deadwood (GIN-6) and arrangements; the settlement of a
knock (GIN-10…13) is ``settlement.py``.

The hot path, :func:`deadwood_mask`, splits the hand into its four suit slices and reads
the runs-only minimum of each from a table (``melds.RUN_DEADWOOD``). Sets are what tie
suits together, and only ranks held in three or four suits can form one. A set rank none
of whose cards can be in a run is always melded whole; the few remaining ("contested")
ranks are enumerated, each either unmelded or melded as one of its useful subsets. On
uniform random hands most calls never reach the enumeration. The same method is
compiled (``_core.c``, optional like the other extensions: ``RUMMYHALL_GIN_CORE``
chooses, see ``rummyhall.compiled``); :data:`DEADWOOD_IMPLEMENTATION` says which runs.

Tie-breaking (GIN-13, "a fixed, documented card order"). Cards are ordered rank first
(A … K), then suit S, H, D, C (``cards.canonical_key``). A meld is listed in that order
(runs therefore low to high) and an arrangement lists its melds sorted by their card
lists. When two arrangements are equally good, the one with fewer melds wins, then the
one whose meld list comes first in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import product
from pathlib import Path

from rummyhall.actions import JSON
from rummyhall.arguments import whole_number
from rummyhall.cards import CARD_NAMES, canonical_key, card_index, card_name, names_in
from rummyhall.compiled import load_compiled
from rummyhall.errors import NotationError
from rummyhall.games.gin.melds import (
    CARD_VALUES,
    RUN_CAPABLE,
    RUN_DEADWOOD,
    SUIT_BITS,
    all_melds,
    cards_of,
    mask_value,
)

_RD = RUN_DEADWOOD
_RC = RUN_CAPABLE
_ORDER = tuple(canonical_key(face) for face in range(52))
"""``canonical_key`` of every card, looked up rather than computed in the sorts."""
_IN_ORDER = _ORDER.__getitem__


# --------------------------------------------------------------------------- deadwood


def reference_deadwood_mask(mask: int) -> int:
    """Minimum deadwood of the cards in ``mask``, counting every card (GIN-6): the
    Python reference of the compiled :func:`deadwood_mask`."""
    a = mask & SUIT_BITS
    b = (mask >> 13) & SUIT_BITS
    c = (mask >> 26) & SUIT_BITS
    d = mask >> 39
    set_ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not set_ranks:
        return _RD[a] + _RD[b] + _RD[c] + _RD[d]
    return _deadwood_with_sets(a, b, c, d, set_ranks)


def _deadwood_with_sets(a: int, b: int, c: int, d: int, set_ranks: int) -> int:
    ca, cb, cc, cd = _RC[a], _RC[b], _RC[c], _RC[d]
    # A set rank whose cards are in no possible run is melded whole: it frees nothing.
    forced = set_ranks & ~(ca | cb | cc | cd)
    if forced:
        keep = ~forced
        a, b, c, d = a & keep, b & keep, c & keep, d & keep
        set_ranks ^= forced
        if not set_ranks:
            return _RD[a] + _RD[b] + _RD[c] + _RD[d]
    slices = (a, b, c, d)
    capable = (ca, cb, cc, cd)
    options = [_set_options(slices, capable, rank_bit) for rank_bit in _bits(set_ranks)]
    mask = a | b << 13 | c << 26 | d << 39
    best = 1 << 30
    for removal in product(*options):
        rest = mask ^ sum(removal)
        total = (
            _RD[rest & SUIT_BITS]
            + _RD[(rest >> 13) & SUIT_BITS]
            + _RD[(rest >> 26) & SUIT_BITS]
            + _RD[rest >> 39]
        )
        if total < best:
            best = total
    return best


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def _set_options(slices: tuple[int, ...], capable: tuple[int, ...], rank_bit: int) -> list[int]:
    """The useful ways to meld one rank as a set: not at all, or a subset of ≥ 3 cards
    holding every card of that rank that no run could use (melding those is free)."""
    present = [s for s in range(4) if slices[s] & rank_bit]
    required = [s for s in present if not capable[s] & rank_bit]
    shift = rank_bit.bit_length() - 1
    options = [0]
    for choice in range(1, 1 << len(present)):
        chosen = [present[i] for i in range(len(present)) if choice >> i & 1]
        if len(chosen) >= 3 and all(s in chosen for s in required):
            options.append(sum(1 << (13 * s + shift) for s in chosen))
    return options


def deadwood_after_best_discard(mask: int) -> tuple[int, int]:
    """For 11 cards: the lowest deadwood reachable by one discard, and that discard's id.

    Used to judge knocks (GIN-7). A discard can lower the 11-card minimum by at most its
    own value, which prunes most candidates.
    """
    whole = deadwood_mask(mask)
    best, best_card = 1 << 30, -1
    for card in sorted(cards_of(mask), key=lambda c: -CARD_VALUES[c]):
        if whole - CARD_VALUES[card] >= best:
            continue
        value = deadwood_mask(mask ^ (1 << card))
        if value < best:
            best, best_card = value, card
    return best, best_card


DEADWOOD_HEADER = Path(__file__).with_name("_deadwood.h")
"""The compiled deadwood, included by this core, the hard bot's playouts and the
learning environments' core."""
_CORE = load_compiled(
    "rummyhall.games.gin._core",
    Path(__file__).with_name("_core.c"),
    "RUMMYHALL_GIN_CORE",
    (DEADWOOD_HEADER,),
)
"""The compiled core (``_core.pyi``), or ``None``."""
DEADWOOD_IMPLEMENTATION = "python" if _CORE is None else "c"
deadwood_mask: Callable[[int], int] = (
    reference_deadwood_mask if _CORE is None else _CORE.deadwood_mask
)
"""Minimum deadwood of the cards in a 52-bit ``mask``, counting every card (GIN-6)."""


# --------------------------------------------------------------------- arrangements


Meld = int  # a mask


def packings(mask: int, limit: int) -> Iterator[tuple[int, list[Meld]]]:
    """Every way to lay ``mask`` out as disjoint melds with deadwood ≤ ``limit``.

    Yields ``(deadwood, melds)``; each packing exactly once (the lowest undecided card is
    either deadwood or the lowest card of the meld it joins).
    """
    by_low: dict[int, list[int]] = {}
    for meld in all_melds(mask):
        by_low.setdefault(meld & -meld, []).append(meld)
    return _walk(by_low, limit, mask, 0, [])


def _walk(
    by_low: dict[int, list[int]], limit: int, rest: int, points: int, chosen: list[Meld]
) -> Iterator[tuple[int, list[Meld]]]:
    """``packings`` from ``rest`` on. A module function, not a closure that calls itself:
    such a closure is a reference cycle, garbage only the cyclic collector frees, and the
    server asks for a layout on every Gin action."""
    if not rest:
        yield points, chosen
        return
    low = rest & -rest
    value = CARD_VALUES[low.bit_length() - 1]
    if points + value <= limit:
        yield from _walk(by_low, limit, rest ^ low, points + value, chosen)
    for meld in by_low.get(low, ()):
        if meld & rest == meld:
            yield from _walk(by_low, limit, rest ^ meld, points, [*chosen, meld])


def meld_names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards_of(mask), key=_IN_ORDER)]


def melds_key(melds: list[Meld]) -> tuple[int, list[list[tuple[int, int]]]]:
    ordered = sorted([sorted(map(_IN_ORDER, cards_of(m))) for m in melds])
    return len(melds), ordered


def sorted_melds(melds: list[Meld]) -> list[Meld]:
    return sorted(melds, key=lambda m: sorted(map(_IN_ORDER, cards_of(m))))


def best_arrangement(mask: int) -> tuple[int, list[Meld]]:
    """The minimum deadwood and the melds of the tie-break-first optimal layout."""
    target = deadwood_mask(mask)
    if target == mask_value(mask):  # no meld at all (every card counts ≥ 1)
        return target, []
    layouts = [melds for points, melds in packings(mask, target) if points == target]
    return target, sorted_melds(min(layouts, key=melds_key))


@dataclass(frozen=True)
class Arrangement:
    """An optimal layout: ``melds`` (each in card order), ``deadwood`` cards and ``points``."""

    melds: list[list[str]]
    deadwood: list[str]
    points: int

    def to_json(self) -> JSON:
        """Fresh lists: one arrangement may be shared (a cache) and its JSON edited."""
        return {
            "melds": [list(meld) for meld in self.melds],
            "deadwood": list(self.deadwood),
            "points": self.points,
        }


def arrangement_of(mask: int, melds: list[Meld]) -> Arrangement:
    rest = mask
    for meld in melds:
        rest ^= meld
    return Arrangement(
        melds=[meld_names(m) for m in sorted_melds(melds)],
        deadwood=meld_names(rest),
        points=mask_value(rest),
    )


# ------------------------------------------------------------------------ public API


MAX_KNOCK_LIMIT = 10
"""GIN-8's knock limit, the most an Oklahoma upcard sets (GIN-9)."""

_CARD_BITS = {name: 1 << face for face, name in enumerate(CARD_NAMES[:52])}


def hand_mask(cards: Iterable[str] | str, what: str, size: int | None = None) -> int:
    """The mask of distinct Gin cards given in notation; a clear error otherwise."""
    mask = count = 0
    for name in names_in(cards, what):
        bit = _CARD_BITS.get(name)
        if bit is None:  # lower case, "10", a joker or no card at all
            face = card_index(name)
            if face >= 52:
                raise NotationError(f"{what}: Gin Rummy has no jokers (GIN-1)")
            bit = 1 << face
        if mask & bit:
            raise NotationError(
                f"{what}: {card_name(bit.bit_length() - 1)} appears twice; Gin uses one deck"
            )
        mask |= bit
        count += 1
    if size is not None and count != size:
        raise NotationError(f"{what}: expected {size} cards, got {count}")
    return mask


def checked_knock_limit(knock_limit: int, what: str = "knock_limit") -> int:
    """A knock limit a hand can have: 0 (gin only, an Oklahoma Ace) to 10 (GIN-8, GIN-9)."""
    limit = whole_number(knock_limit, what)
    if not 0 <= limit <= MAX_KNOCK_LIMIT:
        raise NotationError(
            f"{what} must be 0 (gin only) to {MAX_KNOCK_LIMIT} (GIN-8, GIN-9), not {limit}"
        )
    return limit


def deadwood(cards: Iterable[str] | str) -> int:
    """Minimum deadwood counting every card given (GIN-6).

    >>> deadwood(["AS", "2S", "3S", "7H", "7D", "7C", "KS", "QH", "9D", "2C"])
    31
    """
    if _CORE is not None:
        value: int = _CORE.deadwood(cards)  # plain names read in C; -1: anything else
        if value >= 0:
            return value
    return deadwood_mask(hand_mask(cards, "cards"))


def arrange(cards: Iterable[str] | str) -> Arrangement:
    """An optimal layout of the cards (minimum deadwood), ties broken as documented above.

    >>> arrange("AS 2S 3S 4S 4H 4D KC").melds
    [['AS', '2S', '3S'], ['4S', '4H', '4D']]
    """
    mask = hand_mask(cards, "cards")
    _, melds = best_arrangement(mask)
    return arrangement_of(mask, melds)
