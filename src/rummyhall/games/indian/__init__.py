"""Indian 13-card Rummy: Points, Pools 101/201 and Deals (RULES.md IND-1…IND-15).

Public solver API (DESIGN.md): :func:`find_declaration`, :func:`penalty`, and
:func:`arrange` for the layout behind a penalty.
"""

from rummyhall.games.indian.melds import MeldKind, classify
from rummyhall.games.indian.solver import Arrangement, arrange, find_declaration, penalty

__all__ = ["Arrangement", "MeldKind", "arrange", "classify", "find_declaration", "penalty"]
