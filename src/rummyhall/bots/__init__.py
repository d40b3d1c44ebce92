"""Computer players. A bot sees one seat's view and the legal actions, never the state."""

from rummyhall.bots.base import Bot, RandomBot, make_bot
from rummyhall.bots.gin import SimpleGinBot

__all__ = ["Bot", "RandomBot", "SimpleGinBot", "make_bot"]
