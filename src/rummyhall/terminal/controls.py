"""Keys and notation a player types, turned into actions (and the menu that lists them).

:func:`menu` lists what may be done now and :func:`parse` turns one input line into an
:class:`~rummyhall.actions.Action`, each by the game's own keys (its module: :mod:`.gin`,
:mod:`.indian`, :mod:`.rummikub`); the game state then judges the action, so a rule
broken is reported by the engine with its rule ID. Everywhere a number names the piece
above it in the grouped hand and a card or tile in notation names itself (``7H``,
``10h``, ``R7``); Gin and Indian Rummy draw with ``s`` (stock) and ``d`` (discard pile).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from rummyhall.actions import Action
from rummyhall.terminal.game import View
from rummyhall.terminal.games import terminal_of


def menu(view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
    """The moves available now, as short key hints."""
    return terminal_of(view["game"]).menu(view, legal, order)


def parse(line: str, view: View, legal: Sequence[Action], order: Sequence[str]) -> Action:
    """The action a typed line asks for; raises :class:`NotationError` if it names none."""
    return terminal_of(view["game"]).parse(line.strip(), view, legal, order)
