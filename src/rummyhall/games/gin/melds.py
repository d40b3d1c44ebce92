"""What a Gin meld is (GIN-5) and what a card is worth (GIN-6), as bit masks.

A hand is a 52-bit integer: bit ``suit * 13 + rank`` (suits S H D C, ranks A … K) stands
for one card, so a suit's cards are a 13-bit slice. Everything the solver needs about runs
depends on one suit's slice alone, so it is tabulated once for all 8,192 slices at import:
this is what makes the pure-Python solver fast.
"""

from __future__ import annotations

from collections.abc import Iterator

SUIT_BITS = 0x1FFF
CARD_VALUES: tuple[int, ...] = tuple(min(rank + 1, 10) for _ in range(4) for rank in range(13))
"""GIN-6: A = 1, 2–10 face value, J/Q/K = 10, indexed by card id."""


def mask_of(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """Card ids of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_value(mask: int) -> int:
    return sum(CARD_VALUES[c] for c in cards_of(mask))


def _runs_only_tables() -> tuple[list[int], list[int]]:
    """Per 13-bit suit slice: minimum deadwood using runs only, and the run-capable cards.

    The minimum is found by deciding the lowest card first: it is deadwood, or it starts
    a run of some length ≥ 3 (GIN-5, ace low only, so runs never wrap).
    """
    size = 1 << 13
    best = [0] * size
    capable = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        rank = low.bit_length() - 1
        value = min(rank + 1, 10)
        result = value + best[mask ^ low]
        run = low
        top = rank
        while top + 1 < 13 and mask >> (top + 1) & 1:
            top += 1
            run |= 1 << top
            if top - rank >= 2:
                result = min(result, best[mask ^ run])
        best[mask] = result
    for mask in range(size):
        cap = 0
        for rank in range(11):
            three = 0b111 << rank
            if mask & three == three:
                cap |= three
        capable[mask] = cap
    return best, capable


RUN_DEADWOOD, RUN_CAPABLE = _runs_only_tables()


def all_melds(mask: int) -> list[int]:
    """Every meld (as a mask) that can be formed from the cards of ``mask``: runs by
    suit, start and length, then sets by rank. Only slices with a run and ranks held in
    three suits or more are looked at, which on most hands is none of them."""
    melds = []
    slices = [(mask >> (13 * suit)) & SUIT_BITS for suit in range(4)]
    for suit, slice_ in enumerate(slices):
        starts = slice_ & slice_ >> 1 & slice_ >> 2  # three in a row from this rank
        while starts:
            low = starts & -starts
            starts ^= low
            start = low.bit_length() - 1
            end = start + 2
            while end < 13 and slice_ >> end & 1:
                melds.append(((1 << (end + 1)) - (1 << start)) << (13 * suit))
                end += 1
    a, b, c, d = slices
    set_ranks = (a & b & (c | d)) | (c & d & (a | b))
    while set_ranks:
        low = set_ranks & -set_ranks
        set_ranks ^= low
        present = [low << (13 * suit) for suit in range(4) if slices[suit] & low]
        melds.extend(_subsets_of_size_at_least_3(present))
    return melds


def _subsets_of_size_at_least_3(bits: list[int]) -> Iterator[int]:
    n = len(bits)
    for choice in range(1 << n):
        if choice.bit_count() >= 3:
            yield sum(bits[i] for i in range(n) if choice >> i & 1)


def is_meld(mask: int) -> bool:
    """GIN-5: 3–4 cards of one rank, or 3+ consecutive cards of one suit."""
    cards = cards_of(mask)
    if len(cards) < 3:
        return False
    if len({c % 13 for c in cards}) == 1:
        return True
    suit = cards[0] // 13
    return all(c // 13 == suit for c in cards) and cards[-1] - cards[0] == len(cards) - 1


def is_set(mask: int) -> bool:
    return len({c % 13 for c in cards_of(mask)}) == 1
