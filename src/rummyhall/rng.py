"""Seeded randomness that stays identical across Python versions and platforms.

A replay is a seed plus an action log, so the shuffle must never change: the standard
library's ``random`` does not promise a stable ``shuffle`` across releases. We use
SplitMix64 (Steele, Lea & Flood 2014), a tiny, well-studied generator, with an unbiased
bounded draw (rejection sampling) and a Fisher-Yates shuffle.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from rummyhall.arguments import whole_number

_MASK64 = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """A SplitMix64 generator. ``Rng(seed)`` always yields the same stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = whole_number(seed, "seed") & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, last position first)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def derive(self) -> int:
        """A fresh 63-bit seed for a sub-game (e.g. the next hand of a match)."""
        return self.next_u64() >> 1
