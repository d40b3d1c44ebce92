"""Rummikub (RULES.md RKB-1…RKB-9): what a set is, the exact solvers and the rules engine.

Public solver API (DESIGN.md): :func:`is_valid_set`, :func:`joker_values`,
:func:`set_value`, :func:`best_initial_meld`, :func:`best_play`; turn validation:
:func:`check_turn`; the rules engine: :class:`RummikubState` (one round). There is no
multi-round match yet: ``new_match`` starts a single round.
"""

from rummyhall.actions import Play
from rummyhall.game import GameInfo, register
from rummyhall.games.rummikub.melds import canonical, is_valid_set, joker_values, set_value
from rummyhall.games.rummikub.solver import best_initial_meld, best_play
from rummyhall.games.rummikub.state import RummikubState
from rummyhall.games.rummikub.turn import Turn, check_turn

__all__ = [
    "Play",
    "RummikubState",
    "Turn",
    "best_initial_meld",
    "best_play",
    "canonical",
    "check_turn",
    "is_valid_set",
    "joker_values",
    "set_value",
]

register(
    GameInfo(
        name="rummikub",
        new_hand=RummikubState,
        new_match=RummikubState,
        load=RummikubState.from_json,
        description="Rummikub for 2–4: one round (no multi-round match yet)",
    )
)
