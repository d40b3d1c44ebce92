"""Rummikub (docs/rulebook.md RKB-1…RKB-9): what a set is, the exact solvers and the rules engine.

Public solver API (docs/design.md): :func:`is_valid_set`, :func:`joker_values`,
:func:`set_value`, :func:`best_initial_meld`, :func:`best_play`; turn validation:
:func:`check_turn`; the rules engine: :class:`RummikubState` (one round) and
:class:`RummikubMatch` (rounds whose scores add up).
"""

from rummyhall.actions import Play
from rummyhall.games.rummikub.figures import figures as count_figures
from rummyhall.games.rummikub.match import RummikubMatch, load
from rummyhall.games.rummikub.melds import canonical, is_valid_set, joker_values, set_value
from rummyhall.games.rummikub.solver import best_initial_meld, best_play
from rummyhall.games.rummikub.state import RummikubState
from rummyhall.games.rummikub.turn import Turn, check_turn
from rummyhall.kit import GameInfo, Option, Variant

__all__ = [
    "KIT",
    "Play",
    "RummikubMatch",
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

KIT = GameInfo(
    name="rummikub",
    title="Rummikub",
    part=RummikubMatch.part,
    seats=(2, 4),
    variants=(
        Variant("match", "Match (one round per player)", "variant.match"),
        Variant("round", "One round", "variant.round", {"rounds": 1}, single=True),
    ),
    options=(
        Option("players", "Players", "lobby.players", int, 2, low=2, high=4, rule="RKB-1"),
        Option(
            "rounds",
            "Rounds (default: one per player)",
            "lobby.rounds",
            int,
            None,
            low=1,
            high=8,
            nullable=True,
            rule="RKB-8",
            variants=("match",),
        ),
    ),
    bots="rummyhall.bots.rummikub.levels",
    part_state=RummikubState,
    new_hand=RummikubState,
    new_match=RummikubMatch,
    load=load,
    env="rummikub_v0",
    encoding="rummyhall.envs.rummikub.encoding",
    figures=count_figures,
)
"""This game's description, listed by :mod:`rummyhall.registry`."""
