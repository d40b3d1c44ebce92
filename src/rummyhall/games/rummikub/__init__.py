"""Rummikub (RULES.md RKB-1…RKB-9): what a set is and the exact solvers.

Public solver API (DESIGN.md): :func:`is_valid_set`, :func:`joker_values`,
:func:`set_value`, :func:`best_initial_meld`, :func:`best_play`. The rules engine (state
machine) comes later; this package registers no game yet.
"""

from rummyhall.games.rummikub.melds import canonical, is_valid_set, joker_values, set_value
from rummyhall.games.rummikub.solver import best_initial_meld, best_play

__all__ = [
    "best_initial_meld",
    "best_play",
    "canonical",
    "is_valid_set",
    "joker_values",
    "set_value",
]
