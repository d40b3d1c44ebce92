"""The table as one seat sees it, drawn from a view (``GameState.view``) on 80 columns.

Header (game, variant, hand number, seed), the running scores, then the game's own part
(:meth:`.game.GameTerminal.draw`: every opponent, the piles or the Rummikub table, the
Oklahoma upcard and knock limit or the Joker indicator), then the seat's hand grouped by
the solver with the key numbers ``play`` accepts.

``hands`` shows other seats' hands too (a replay with all cards face up); a seat's own
hand always comes from its view, so nothing secret is ever needed to draw a screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.rule import Rule
from rich.text import Text

from rummyhall.terminal.game import Screen, View
from rummyhall.terminal.games import terminal_of
from rummyhall.terminal.hands import hand_lines


def render(
    view: View,
    names: Sequence[str],
    *,
    title: str,
    width: int,
    hands: Mapping[int, Sequence[str]] | None = None,
    mine: bool = True,
) -> Screen:
    """The screen for ``view``; ``title`` names the game and variant in the header.
    ``mine``: the view's seat is the reader ("Your hand"), else it is named."""
    screen = Screen()
    screen.parts.append(Rule(Text(title, style="bold"), align="left"))
    screen.parts.append(_scores(view, names, width))
    game = terminal_of(view["game"])
    seat = view["seat"]
    owner = "" if mine or seat is None else names[seat]
    game.draw(screen, view, names, width, owner)
    for other, hand in sorted((hands or {}).items()):
        if other != seat and hand:
            screen.parts.append(Text(game.holding_of(names[other]), style="bold"))
            groups = game.groups(view, hand)
            screen.parts.extend(
                hand_lines(groups, width=width, numbered=False, wild_rank=view.get("wild_rank"))
            )
    return screen


def _scores(view: View, names: Sequence[str], width: int) -> Text:
    """Every seat's score (match totals, pool penalties or chips), the seat to play
    highlighted; wrapped between seats, never inside a name."""
    match = view.get("match")
    if match is None:
        values = view["scores"]
    elif match.get("chips") is not None:
        values = match["chips"]
    else:
        values = match["totals"]
    lines = [Text()]
    for seat, (name, value) in enumerate(zip(names, values, strict=True)):
        style = "bold reverse" if seat == view["current_player"] else "bold"
        part = Text.assemble((f" {name} ", style), f" {value}")
        if lines[-1] and len(lines[-1]) + len(part) + 3 > width:
            lines.append(Text())
        if lines[-1]:
            lines[-1].append("   ")
        lines[-1].append_text(part)
    return Text("\n").join(lines)
