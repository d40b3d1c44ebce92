"""Gin Rummy, standard and Oklahoma (docs/rulebook.md GIN-1…GIN-15).

Public solver API (docs/design.md): :func:`deadwood`, :func:`arrange`, :func:`settle`; the
rules engine: :class:`GinState` (one hand) and :class:`GinMatch` (to 100 / 150).
"""

from rummyhall.games.gin.figures import figures as count_figures
from rummyhall.games.gin.match import TARGETS, GinMatch, load
from rummyhall.games.gin.settlement import Layoff, Settlement, settle
from rummyhall.games.gin.solver import Arrangement, arrange, deadwood
from rummyhall.games.gin.state import MODES, GinState, Phase
from rummyhall.kit import GameInfo, Variant

__all__ = [
    "KIT",
    "Arrangement",
    "GinMatch",
    "GinState",
    "Layoff",
    "Phase",
    "Settlement",
    "arrange",
    "deadwood",
    "settle",
]

KIT = GameInfo(
    name="gin",
    title="Gin Rummy",
    part=GinMatch.part,
    seats=(2, 2),
    variants=tuple(
        Variant(
            mode, f"{mode.capitalize()} (to {TARGETS[mode]})", f"variant.{mode}", {"mode": mode}
        )
        for mode in MODES
    ),
    options=(),
    bots="rummyhall.bots.gin.levels",
    part_state=GinState,
    new_hand=GinState,
    new_match=GinMatch,
    load=load,
    env="gin_rummy_v0",
    encoding="rummyhall.envs.gin.encoding",
    environments="rummyhall.envs.gin.compiled",
    figures=count_figures,
)
"""This game's description, listed by :mod:`rummyhall.registry`."""
