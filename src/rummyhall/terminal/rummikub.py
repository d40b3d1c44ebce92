"""Rummikub in the terminal: its keys, its table, its racks and why a round scored.

Keys: the whole new table (``R7 R8 R9 | B4 K4 O4``), where ``#2`` stands for table set 2
and a number for that rack tile; ``+ …`` adds sets to the current table; a number alone
plays that suggestion; ``d`` draws, ``p`` passes (pool empty). A rack is shown as the
most tiles it could lay down on its own (``best_play`` on an empty table) then the rest.
A round's explanation says how it ended and how each rack total became a score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from rummyhall.actions import Action, Draw, Pass, Play
from rummyhall.cards import parse_tiles, tile_name
from rummyhall.errors import NotationError
from rummyhall.games import rummikub
from rummyhall.terminal.cards import pieces_text, tile_text
from rummyhall.terminal.game import GameTerminal, Result, Screen, View, piece, sheet, signed
from rummyhall.terminal.hands import Group, hand_lines, order
from rummyhall.terminal.i18n import tr, tr_text


def rummikub_groups(rack: Sequence[str]) -> list[Group]:
    """The sets the rack could make alone (RKB-2), then the loose tiles."""
    sets = rummikub.best_play([], list(rack)) or []
    placed = Counter(tile for tiles in sets for tile in tiles)
    groups = [Group(tiles, set_kind(tiles), True) for tiles in sets]
    loose = list((Counter(rack) - placed).elements())
    if loose:
        groups.append(Group(loose, tr("group.loose"), False))
    return groups


def set_kind(tiles: Sequence[str]) -> str:
    """ "group" when every tile stands for one number (jokers as they read), else "run"."""
    numbers = {int(tile[1:]) for tile in tiles if tile != "*"}
    numbers.update(rummikub.joker_values(list(tiles)))
    return tr("group.group") if len(numbers) == 1 else tr("group.run")


def suggestions(view: View, legal: Sequence[Action]) -> list[tuple[Play, list[str]]]:
    """The solver's plays among the legal actions, each with the rack tiles it places."""
    before = Counter(t for tiles in view["table"] for t in tiles)
    found = []
    for action in legal:
        if isinstance(action, Play):
            after = Counter(t for tiles in action.table for t in tiles)
            found.append((action, sorted((after - before).elements(), key=_tile_order)))
    return found


def _tile_order(name: str) -> int:
    return parse_tiles([name])[0]


def _value(tiles: Sequence[str]) -> int:
    return sum(0 if t == "*" else int(t[1:]) for t in tiles)


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


class RummikubTerminal(GameTerminal):
    name = rummikub.KIT.name
    holding = "rack"

    def menu(self, view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
        first = Text(tr("k.draw_tile") if Draw("pool") in legal else tr("k.pass_turn"))
        keys = [first, Text(tr("k.add")), Text(tr("k.help")), Text(tr("k.quit"))]
        lines = [Text(" · ").join(keys), Text(tr("k.table"), style="dim")]
        plays = suggestions(view, legal)
        if not plays:
            lines.append(Text(tr("no_suggestion"), style="dim"))
        for number, (_, played) in enumerate(plays, 1):
            tiles = pieces_text(played)
            line = tr_text(
                "suggestion", n=number, tiles=tiles, count=len(played), value=_value(played)
            )
            lines.append(Text.assemble(" ", line))
        return lines

    def parse(self, text: str, view: View, legal: Sequence[Action], order: Sequence[str]) -> Action:
        key = text.lower()
        if key == "d":
            return Draw("pool")
        if key == "p":
            return Pass()
        if text.isdigit():
            plays = suggestions(view, legal)
            number = int(text)
            if not 1 <= number <= len(plays):
                raise NotationError(tr("no_suggestion_n", n=number))
            return plays[number - 1][0]
        table: list[list[str]] = []
        if text.startswith("+"):
            table = [list(tiles) for tiles in view["table"]]
            text = text[1:]
        for chunk in text.split("|"):
            tiles: list[str] = []
            for word in chunk.replace(",", " ").split():
                tiles.extend(_tiles(word, view, order))
            if tiles:
                table.append(tiles)
        if not table:
            raise NotationError(tr("unknown_key", text=text))
        return Play(tuple(tuple(tiles) for tiles in table))

    def draw(
        self, screen: Screen, view: View, names: Sequence[str], width: int, owner: str
    ) -> None:
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
            heading = Text.assemble(
                (self.own_heading(owner), "bold"), " — ", tr("rack_total", n=total)
            )
            if not view["melded"][view["seat"]]:
                heading.append(" · " + tr("not_melded"))
            parts.append(heading)
            parts.extend(hand_lines(groups, width=width))
            screen.order = order(groups)

    def groups(self, view: View, hand: Sequence[str]) -> list[Group]:
        return rummikub_groups(hand)

    def explain(
        self,
        result: Result,
        names: Sequence[str],
        events: Sequence[Result] = (),
        wild_rank: str | None = None,
    ) -> list[Text]:
        winners = result["winners"]
        totals = result["rack_totals"]
        scores = result["scores"]
        if result["outcome"] == "out":
            lines = [Text(tr("rkb.out", who=names[winners[0]]), style="bold")]
        else:
            lines = [Text(tr("rkb.blocked"), style="bold")]
        for seat, name in enumerate(names):
            if seat not in winners:
                lines.append(Text("  " + tr("rkb.pays", who=name, t=totals[seat], s=scores[seat])))
        for seat in winners:
            lines.append(Text("  " + tr("rkb.gets", who=names[seat], s=scores[seat]), style="bold"))
        lines.append(Text("  " + tr("rkb.jokers"), style="dim"))
        return lines

    def score_sheet(self, match: Mapping[str, Any], names: Sequence[str]) -> Table:
        table = sheet(tr("sheet.round"), names, None)
        for entry in match["history"]:
            result = entry["result"]
            label = ", ".join(names[w] for w in result["winners"])
            label += f"{tr(':')}{tr('outcome.' + result['outcome'])}"
            table.add_row(str(entry["number"]), label, *(signed(p) for p in result["scores"]))
        table.add_section()
        totals = [Text(str(t), style="bold") for t in match["totals"]]
        table.add_row(tr("sheet.total"), "", *totals)
        return table


def _tiles(word: str, view: View, order: Sequence[str]) -> list[str]:
    """``#n`` is table set n, a number is rack tile n, anything else a tile's name (the
    engine reports a bad name with RKB-1)."""
    if word.startswith("#") and word[1:].isdigit():
        number = int(word[1:])
        if not 1 <= number <= len(view["table"]):
            raise NotationError(tr("no_card_n", n=word))
        return list(view["table"][number - 1])
    if word.isdigit():
        return [piece(word, order)]
    try:
        return [tile_name(parse_tiles([word])[0])]
    except NotationError:
        return [word]


RUMMIKUB = RummikubTerminal()
"""Rummikub's terminal rendering."""
