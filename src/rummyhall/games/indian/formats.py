"""The numbers of Indian Rummy's formats (IND-13, IND-14): their names, the pools'
limits, the drop penalties and which formats renew an empty stock. The match
(``match.py``) plays them; a bot reads them without touching the match class."""

from __future__ import annotations

FORMATS = ("points", "pool101", "pool201", "deals")
POOL_LIMITS = {"pool101": 101, "pool201": 201}
DROPS = {"pool201": (25, 50)}
"""IND-14: drop penalties by format (20/40 unless named here)."""


RESHUFFLING_FORMATS = frozenset({"pool101", "pool201", "deals"})
"""IND-13: the formats whose empty stock is renewed from the discard pile by default."""


def drop_penalties(format: str) -> tuple[int, int]:
    return DROPS.get(format, (20, 40))


def reshuffles(format: str, reshuffle_on_empty: bool | None) -> bool:
    """Whether an empty stock is renewed (IND-13): the option when given, else the
    format's default (Pools and Deals reshuffle, Points voids the deal)."""
    if reshuffle_on_empty is None:
        return format in RESHUFFLING_FORMATS
    return bool(reshuffle_on_empty)
