"""rummyhall: rules engines, optimal meld solvers and bots for the rummy family.

>>> from rummyhall import new_game
>>> state = new_game("gin", seed=7)
>>> state.current_player in (0, 1)
True
"""

from rummyhall.actions import (
    Action,
    Declare,
    Discard,
    Draw,
    Drop,
    Event,
    Knock,
    Pass,
    Play,
    action_from_json,
)
from rummyhall.errors import IllegalAction, NotationError, RummyhallError
from rummyhall.game import GameState
from rummyhall.registry import available_games, load, new_game, new_match

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "Event",
    "GameState",
    "IllegalAction",
    "Knock",
    "NotationError",
    "Pass",
    "Play",
    "RummyhallError",
    "action_from_json",
    "available_games",
    "load",
    "new_game",
    "new_match",
]
