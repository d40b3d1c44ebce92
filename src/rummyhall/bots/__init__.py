"""Computer players for every game, at the levels of :data:`LEVELS`.

A bot sees one seat's view and the legal actions, never the state: ``play.decide`` is
the only code that hands a state's view to a bot.

>>> from rummyhall import new_game
>>> from rummyhall.bots import make_bot, play_out
>>> state = new_game("gin", seed=4)
>>> play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "easy", seed=2)])
>>> state.is_over
True
"""

from rummyhall.bots.base import DEFAULT_BUDGET, KINDS, LEVELS, Bot, RandomBot
from rummyhall.bots.play import decide, play_out
from rummyhall.bots.registry import make_bot

__all__ = [
    "DEFAULT_BUDGET",
    "KINDS",
    "LEVELS",
    "Bot",
    "RandomBot",
    "decide",
    "make_bot",
    "play_out",
]
