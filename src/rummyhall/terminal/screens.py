"""The table as one seat sees it, drawn from a view (``GameState.view``) on 80 columns.

Header (game, variant, hand number, seed), the running scores, every opponent (cards
held, dealer, what he picked up from the discard pile, status), the piles with their
counts and top cards, the game's own information (Oklahoma upcard and knock limit, the
Joker indicator, the Rummikub table sets), then the seat's hand grouped by the solver
with the key numbers ``play`` accepts.

``hands`` shows other seats' hands too (a replay with all cards face up); a seat's own
hand always comes from its view, so nothing secret is ever needed to draw a screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from rummyhall.terminal.cards import card_label, pieces_text, tile_text
from rummyhall.terminal.hands import (
    Group,
    gin_groups,
    hand_lines,
    indian_groups,
    order,
    rummikub_groups,
)
from rummyhall.terminal.i18n import tr

View = Mapping[str, Any]


@dataclass
class Screen:
    """What to print, and the own pieces in key order (key ``n`` names ``order[n-1]``)."""

    parts: list[RenderableType] = field(default_factory=list)
    order: list[str] = field(default_factory=list)


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
    game = view["game"]
    seat = view["seat"]
    owner = "" if mine or seat is None else names[seat]
    if game == "gin":
        _gin(screen, view, names, width, owner)
    elif game == "indian":
        _indian(screen, view, names, width, owner)
    else:
        _rummikub(screen, view, names, width, owner)
    for other, hand in sorted((hands or {}).items()):
        if other != seat and hand:
            key = "rack_of" if game == "rummikub" else "hand_of"
            screen.parts.append(Text(tr(key, name=names[other]), style="bold"))
            groups = _groups(view, hand)
            screen.parts.extend(
                hand_lines(groups, width=width, numbered=False, wild_rank=view.get("wild_rank"))
            )
    return screen


def _groups(view: View, hand: Sequence[str]) -> list[Group]:
    if view["game"] == "gin":
        return gin_groups(hand)[0]
    if view["game"] == "indian":
        return indian_groups(hand, view["indicator"])[0]
    return rummikub_groups(hand)


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


def _opponent(view: View, names: Sequence[str], seat: int, count: int, unit: str) -> Text:
    line = Text.assemble((names[seat], "bold"), tr(":"), tr(unit, n=count))
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


def _opponents(view: View, names: Sequence[str], sizes: Sequence[int], unit: str) -> list[Text]:
    return [
        _opponent(view, names, seat, size, unit)
        for seat, size in enumerate(sizes)
        if seat != view["seat"]
    ]


def _discard_pile(view: View, stock_key: str) -> Text:
    pile = view["discard_pile"]
    line = Text.assemble(
        (tr(stock_key), "bold"),
        f" {view[stock_key + '_count']} · ",
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


def _own(game: str, owner: str) -> str:
    """The heading of the viewing seat's hand: "Your hand", or "Seat 2's hand"."""
    if game == "rummikub":
        return tr("rack_of", name=owner) if owner else tr("your_rack")
    return tr("hand_of", name=owner) if owner else tr("your_hand")


def _gin(screen: Screen, view: View, names: Sequence[str], width: int, owner: str) -> None:
    parts = screen.parts
    parts.extend(_opponents(view, names, view["hand_sizes"], "cards"))
    parts.append(_discard_pile(view, "stock"))
    upcard = view["first_upcard"]
    info = Text.assemble(f"{tr('first_upcard')} ", pieces_text([upcard]), " · ")
    limit = view["knock_limit"]
    info.append(tr("gin_only") if limit == 0 else tr("knock_limit", n=limit))
    if view["multiplier"] == 2:
        info.append(" · " + tr("spades_double"), style="bold")
    parts.append(info)
    hand = view["hand"]
    if hand:
        groups, layout = gin_groups(hand)
        parts.append(
            Text.assemble((_own("gin", owner), "bold"), " — ", tr("deadwood_live", n=layout.points))
        )
        parts.extend(hand_lines(groups, width=width))
        screen.order = order(groups)


def _indian(screen: Screen, view: View, names: Sequence[str], width: int, owner: str) -> None:
    parts = screen.parts
    parts.extend(_opponents(view, names, view["hand_sizes"], "cards"))
    parts.append(_discard_pile(view, "stock"))
    rank = view["wild_rank"]
    wild = tr("wild_aces") if rank == "A" else tr("wild_rank", rank=card_label(rank + "S")[:-1])
    parts.append(
        Text.assemble(f"{tr('indicator')} ", pieces_text([view["indicator"]]), f" · {wild}")
    )
    hand = view["hand"]
    if hand:
        groups, layout = indian_groups(hand, view["indicator"])
        parts.append(
            Text.assemble(
                (_own("indian", owner), "bold"), " — ", tr("penalty_live", n=layout.points)
            )
        )
        parts.extend(hand_lines(groups, width=width, wild_rank=rank))
        screen.order = order(groups)


def _rummikub(screen: Screen, view: View, names: Sequence[str], width: int, owner: str) -> None:
    parts = screen.parts
    for seat, count in enumerate(view["rack_counts"]):
        if seat != view["seat"]:
            line = Text.assemble((names[seat], "bold"), tr(":"), tr("tiles", n=count))
            if not view["melded"][seat]:
                line.append(f" · {tr('not_melded')}", style="dim")
            parts.append(line)
    parts.append(Text.assemble((tr("pool"), "bold"), f" {view['pool_count']}"))
    parts.append(Text(tr("table"), style="bold"))
    parts.extend(table_lines(view["table"], width=width))
    rack = view["rack"]
    if rack:
        groups = rummikub_groups(rack)
        total = sum(30 if t == "*" else int(t[1:]) for t in rack)
        heading = Text.assemble((_own("rummikub", owner), "bold"), " — ", tr("rack_total", n=total))
        if not view["melded"][view["seat"]]:
            heading.append(" · " + tr("not_melded"))
        parts.append(heading)
        parts.extend(hand_lines(groups, width=width))
        screen.order = order(groups)


def table_lines(table: Sequence[Sequence[str]], *, width: int) -> list[Text]:
    """Rummikub table sets, numbered, as many to a line as ``width`` allows."""
    if not table:
        return [Text("  " + tr("table_empty"), style="dim")]
    lines = [Text(" ")]
    for number, tiles in enumerate(table, 1):
        cell = Text.assemble((f"{number}:", "dim"), Text(" ").join(tile_text(t) for t in tiles))
        if len(lines[-1]) + len(cell) + 3 > width and len(lines[-1]) > 1:
            lines.append(Text(" "))
        lines[-1].append("  ")
        lines[-1].append_text(cell)
    return lines
