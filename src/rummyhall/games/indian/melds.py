"""What an Indian Rummy meld is (IND-2, IND-5…IND-8) and what a card costs (IND-10).

Cards are faces (``cards.py``: ``suit * 13 + rank``, printed joker 52). The joker
indicator makes every standard card of its rank wild ("cut jokers"), or every Ace when
the indicator is itself a printed joker; printed jokers are always wild.

Sequences are read on the positions 1 … 14, where an Ace stands at 1 (A-2-3) or at 14
(Q-K-A), never both (IND-8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum

from rummyhall.cards import JOKER

ACE = 0


class MeldKind(Enum):
    PURE = "pure"  # pure sequence, IND-5
    IMPURE = "impure"  # impure sequence, IND-6
    SET = "set"  # IND-7

    @property
    def is_sequence(self) -> bool:
        return self is not MeldKind.SET


def wild_rank(indicator: int) -> int:
    """IND-2: the rank whose standard cards are wild (Aces when the indicator is a joker)."""
    return ACE if indicator == JOKER else indicator % 13


def is_wild(face: int, wild: int) -> bool:
    return face == JOKER or face % 13 == wild


def card_points(face: int, wild: int) -> int:
    """IND-10: 2–9 face value; 10, J, Q, K and A 10 each; every wild card 0."""
    if is_wild(face, wild):
        return 0
    rank = face % 13
    return 10 if rank == ACE or rank >= 9 else rank + 1


def position_face(suit: int, position: int) -> int:
    """The face standing at sequence ``position`` (1 … 14) of ``suit``."""
    return suit * 13 + (0 if position == 14 else position - 1)


def _runs() -> list[list[tuple[int, tuple[int, ...], int]]]:
    """Per face: every run of 3–5 sequence places holding it, as (first place, the faces
    of the run, the index of the face in it); an Ace stands low or high (IND-8)."""
    table: list[list[tuple[int, tuple[int, ...], int]]] = []
    for face in range(52):
        suit, rank = divmod(face, 13)
        runs = []
        for place in (1, 14) if rank == 0 else (rank + 1,):
            for length in (3, 4, 5):
                for first in range(max(1, place - length + 1), min(place, 15 - length) + 1):
                    faces = tuple(position_face(suit, q) for q in range(first, first + length))
                    runs.append((first, faces, place - first))
        table.append(runs)
    return table


RUNS = _runs()
"""The runs of 3–5 places holding each face: the solver and the distance search build
their sequences on them (a longer sequence splits into two valid ones)."""


def classify(faces: Sequence[int], wild: int) -> MeldKind | None:
    """The kind of meld ``faces`` form, or ``None``: the rules checked from their text.

    A pure sequence wins over an impure reading, and a sequence over a set (a natural
    card with two wilds reads as both).
    """
    if len(faces) < 3:
        return None
    if _is_pure_sequence(faces):
        return MeldKind.PURE
    naturals = [f for f in faces if not is_wild(f, wild)]
    if naturals and _fits_sequence(naturals, len(faces)):
        return MeldKind.IMPURE
    if _is_set(naturals):
        return MeldKind.SET
    return None


def _is_pure_sequence(faces: Sequence[int]) -> bool:
    if JOKER in faces or len({f // 13 for f in faces}) != 1:
        return False
    ranks = sorted(f % 13 + 1 for f in faces)
    for reading in (ranks, sorted(14 if r == 1 else r for r in ranks)):
        if reading == list(range(reading[0], reading[0] + len(reading))):
            return True
    return False


def _fits_sequence(naturals: Sequence[int], length: int) -> bool:
    """Naturals of one suit, distinct ranks, that fit a window of ``length`` positions
    inside 1 … 13 or 2 … 14 (wild cards fill the rest, IND-6, IND-8)."""
    if len({f // 13 for f in naturals}) != 1:
        return False
    ranks = [f % 13 + 1 for f in naturals]
    if len(set(ranks)) != len(ranks) or length > 13:
        return False
    # Read the Ace low (window inside 1 … 13) or high (inside 2 … 14).
    return any(
        max(reading) - min(reading) < length
        for reading in (ranks, [14 if r == 1 else r for r in ranks])
    )


def _is_set(naturals: Sequence[int]) -> bool:
    """IND-7: naturals of one rank in distinct suits (two copies never make two suits);
    wild cards may add to any size, and wild cards alone are a set."""
    if len({f % 13 for f in naturals}) > 1:
        return False
    return max(Counter(f // 13 for f in naturals).values(), default=0) <= 1
