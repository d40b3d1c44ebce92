"""Indian 13-card Rummy: Points, Pools 101/201 and Deals (docs/rulebook.md IND-1…IND-15).

Public solver API (docs/design.md): :func:`find_declaration`, :func:`penalty`, and
:func:`arrange` for the layout behind a penalty; the rules engine: :class:`IndianState`
(one deal) and :class:`IndianMatch` (the formats of IND-14).
"""

from rummyhall.game import GameInfo
from rummyhall.games.indian.match import IndianMatch, load, new_deal_or_match
from rummyhall.games.indian.melds import MeldKind, classify
from rummyhall.games.indian.solver import Arrangement, arrange, find_declaration, penalty
from rummyhall.games.indian.state import IndianState, Phase, Seat

__all__ = [
    "KIT",
    "Arrangement",
    "IndianMatch",
    "IndianState",
    "MeldKind",
    "Phase",
    "Seat",
    "arrange",
    "classify",
    "find_declaration",
    "penalty",
]

KIT = GameInfo(
    name="indian",
    new_hand=new_deal_or_match,
    new_match=IndianMatch,
    load=load,
)
"""This game's description, listed by :mod:`rummyhall.registry`."""
