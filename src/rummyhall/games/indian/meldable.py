"""Whether an Indian Rummy hand melds whole but for a few natural cards, with the two
lives (IND-9): the question the solver asks of every 14-card hand before it looks for a
declaring discard (``solver.declaring_discards``), and most hands answer no.

The compiled search (``_meldable.c``, optional like the other extensions,
``rummyhall/compiled.py``: ``RUMMYHALL_INDIAN_MELD`` chooses) and its Python reference,
``partition.MeldSearch``'s declaring search with ``skips``, give the same answers
(``tests/games/indian/test_meldable.py``); the compiled one some twenty times sooner.
"""

from __future__ import annotations

from pathlib import Path

from rummyhall.compiled import load_compiled
from rummyhall.games.indian.partition import MeldSearch

_COMPILED = load_compiled(
    "rummyhall.games.indian._meldable",
    Path(__file__).with_name("_meldable.c"),
    "RUMMYHALL_INDIAN_MELD",
)
"""The compiled search (``_meldable.pyi``), or ``None``."""
MELDABLE_IMPLEMENTATION = "python" if _COMPILED is None else "c"


def reference_meldable(
    counts: list[int], flex: list[int], wilds: int, wild: int, skips: int
) -> bool:
    """The Python reference of :func:`meldable`."""
    return MeldSearch(list(counts), list(flex), wilds, wild, True, skips).best >= 0


def meldable(counts: list[int], flex: list[int], wilds: int, wild: int, skips: int) -> bool:
    """Whether the natural cards (``counts`` per face) meld, all but ``skips`` of them,
    into melds holding a pure sequence and a second sequence, with ``wilds`` wild
    cards, the cut jokers among them (``flex`` per face, of the ``wild`` rank) able to
    stand as themselves in a pure sequence (IND-5)."""
    if _COMPILED is None:
        return reference_meldable(counts, flex, wilds, wild, skips)
    found: bool = _COMPILED.meldable(bytes(counts), bytes(flex), wilds, skips)
    return found
