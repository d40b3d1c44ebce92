"""Every game's terminal rendering, by the name of its kit (``view["game"]``)."""

from __future__ import annotations

from rummyhall.terminal.game import GameTerminal
from rummyhall.terminal.gin import GIN
from rummyhall.terminal.indian import INDIAN
from rummyhall.terminal.rummikub import RUMMIKUB

TERMINALS: dict[str, GameTerminal] = {game.name: game for game in (GIN, INDIAN, RUMMIKUB)}


def terminal_of(game: str) -> GameTerminal:
    """The terminal rendering of the game called ``game``."""
    return TERMINALS[game]
