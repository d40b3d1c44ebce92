"""What Gin and Indian Rummy share in the terminal: a stock and a discard pile, the
keys ``s`` stock, ``d`` discard pile, ``p`` and a card to discard, opponents holding
cards."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text

from rummyhall.actions import Action, Discard, Draw
from rummyhall.errors import NotationError
from rummyhall.terminal.cards import pieces_text
from rummyhall.terminal.game import GameTerminal, View, piece
from rummyhall.terminal.i18n import tr, tr_text


class CardGameTerminal(GameTerminal):
    """A card game's keys and table pieces; its own keys and hints come from
    :meth:`hints` and :meth:`key`."""

    pass_action: ClassVar[Action]
    """What ``p`` does (Gin: pass the upcard; Indian: drop)."""

    def menu(self, view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
        hints = self.hints(view, legal, order)
        return [Text(" · ").join([*hints, Text(tr("k.help")), Text(tr("k.quit"))])]

    @abstractmethod
    def hints(self, view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
        """The game's key hints (help and quit follow)."""

    def parse(self, text: str, view: View, legal: Sequence[Action], order: Sequence[str]) -> Action:
        word, _, rest = text.partition(" ")
        key = word.lower()
        if key == "s":
            return Draw("stock")
        if key == "d":
            return Draw("discard")
        if key == "p":
            return self.pass_action
        action = self.key(key, rest, view, legal, order)
        if action is not None:
            return action
        if rest:
            raise NotationError(tr("unknown_key", text=text))
        return Discard(piece(word, order))

    @abstractmethod
    def key(
        self, key: str, rest: str, view: View, legal: Sequence[Action], order: Sequence[str]
    ) -> Action | None:
        """The action of one of the game's own keys (``rest``: what follows it), or
        ``None`` when ``key`` is not one."""


def top(view: View) -> str:
    """The card on the discard pile."""
    return str(view["discard_pile"][-1])


def with_card(key: str, card: str, **values: object) -> Text:
    """A key hint naming a card, drawn in colour."""
    return tr_text(key, card=pieces_text([card]), **values)


def draw_hints(view: View, legal: Sequence[Action]) -> list[Text]:
    """The draw: the stock, and the discard pile when it may be taken."""
    hints = [Text(tr("k.stock"))]
    if Draw("discard") in legal:
        hints.append(with_card("k.discard_pile", top(view)))
    return hints


def opponents(view: View, names: Sequence[str]) -> list[Text]:
    """Every other seat: cards held, dealer, status, what it picked up from the pile."""
    return [
        _opponent(view, names, seat, size)
        for seat, size in enumerate(view["hand_sizes"])
        if seat != view["seat"]
    ]


def _opponent(view: View, names: Sequence[str], seat: int, count: int) -> Text:
    line = Text.assemble((names[seat], "bold"), tr(":"), tr("cards", n=count))
    if view.get("dealer") == seat:
        line.append(f" · {tr('dealer')}")
    status = (view.get("seats") or [None] * (seat + 1))[seat]
    if status not in (None, "playing"):
        line.append(f" · {tr('status.' + status)}", style="bold yellow")
    taken = view["picked_up"][seat]
    if taken:
        line.append(f" · {tr('picked_up')}{tr(':')}")
        line.append_text(pieces_text(taken, wild_rank=view.get("wild_rank")))
    return line


def discard_pile(view: View) -> Text:
    """The stock's count, the discard pile's top card and the few below it."""
    pile = view["discard_pile"]
    line = Text.assemble(
        (tr("stock"), "bold"),
        f" {view['stock_count']} · ",
        (tr("discard_pile"), "bold"),
        " ",
    )
    if not pile:
        return line.append(tr("empty"))
    wild = view.get("wild_rank")
    line.append_text(pieces_text([pile[-1]], wild_rank=wild))
    if len(pile) > 1:
        below = pile[-2:-6:-1]
        line.append(f"  ({tr('cards', n=len(pile))}; {tr('under_it')}{tr(':')}", style="dim")
        line.append_text(pieces_text(below, wild_rank=wild))
        line.append(" …)" if len(pile) > 5 else ")", style="dim")
    return line
