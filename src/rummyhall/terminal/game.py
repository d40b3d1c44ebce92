"""What the terminal draws and reads differently per game, and the pieces every game's
drawing shares.

Each game's own terminal rendering lives in its module (:mod:`.gin`, :mod:`.indian`,
:mod:`.rummikub`) as a :class:`GameTerminal`; :mod:`.games` lists them by the kit's name
and the shared modules (screens, controls, moves, results, sheets) look a game up there
once, so none of them asks which game it is drawing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from rummyhall.actions import Action
from rummyhall.cards import card_index, card_name
from rummyhall.errors import NotationError
from rummyhall.terminal.hands import Group
from rummyhall.terminal.i18n import tr

View = Mapping[str, Any]
Result = Mapping[str, Any]


@dataclass
class Screen:
    """What to print, and the own pieces in key order (key ``n`` names ``order[n-1]``)."""

    parts: list[RenderableType] = field(default_factory=list)
    order: list[str] = field(default_factory=list)


class GameTerminal(ABC):
    """One game in the terminal: its keys, its part of the table, its hands' grouping,
    the explanation of a finished part and its score sheet."""

    name: ClassVar[str]
    """The game's kit name (``view["game"]``)."""
    holding: ClassVar[str] = "hand"
    """What a seat's pieces are called: ``hand`` (cards) or ``rack`` (tiles)."""
    pass_event: ClassVar[str] = "ev.pass_turn"
    """The text of a ``pass`` event."""

    @abstractmethod
    def menu(self, view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
        """The moves available now, as short key hints."""

    @abstractmethod
    def parse(self, text: str, view: View, legal: Sequence[Action], order: Sequence[str]) -> Action:
        """The action a typed line (stripped) asks for; raises :class:`NotationError`."""

    @abstractmethod
    def draw(
        self, screen: Screen, view: View, names: Sequence[str], width: int, owner: str
    ) -> None:
        """The game's part of the table below the scores: opponents, piles or table, its
        own information, then the seat's hand (``owner``: whose it is, "" for the reader)."""

    @abstractmethod
    def groups(self, view: View, hand: Sequence[str]) -> list[Group]:
        """Any seat's pieces grouped by the solver (a replay shows every hand)."""

    @abstractmethod
    def explain(
        self,
        result: Result,
        names: Sequence[str],
        events: Sequence[Result] = (),
        wild_rank: str | None = None,
    ) -> list[Text]:
        """Why a finished part scored what it scored (``result``: its ``part_over``
        event); ``events`` are the part's events and ``wild_rank`` its wild cards."""

    @abstractmethod
    def score_sheet(self, match: Mapping[str, Any], names: Sequence[str]) -> Table:
        """The sheet of a match view (``view["match"]``)."""

    def own_heading(self, owner: str) -> str:
        """The heading of the viewing seat's hand: "Your hand", or "Seat 2's hand"."""
        return self.holding_of(owner) if owner else tr(f"your_{self.holding}")

    def holding_of(self, name: str) -> str:
        """The heading of ``name``'s hand or rack."""
        return tr(f"{self.holding}_of", name=name)


def piece(word: str, order: Sequence[str]) -> str:
    """A card named by its key number or its notation."""
    word = word.strip()
    if word.isdigit():
        number = int(word)
        if not 1 <= number <= len(order):
            raise NotationError(tr("no_card_n", n=number))
        return order[number - 1]
    try:
        return card_name(card_index(word))
    except NotationError:
        raise NotationError(tr("unknown_key", text=word)) from None


def sheet(first: str, names: Sequence[str], caption: str | None) -> Table:
    """An empty score sheet: the part's number (``first`` heads it), its result, a column
    per seat."""
    table = Table(
        title=tr("sheet"), caption=caption, box=box.SIMPLE_HEAD, title_style="bold", pad_edge=False
    )
    table.add_column(first, justify="right")
    table.add_column(tr("sheet.result"))
    for name in names:
        table.add_column(name, justify="right", overflow="fold")
    return table


def signed(value: int) -> str:
    """A sheet's points: ``+25``, ``-7``, ``·`` for none."""
    return f"{value:+d}" if value else "·"
