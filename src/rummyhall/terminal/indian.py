"""Indian Rummy in the terminal: its keys, its table, its hands and why a deal scored.

Keys: ``s`` stock, ``d`` discard pile, ``p`` drop, ``x`` declare (``x 3``, ``x 7H``;
alone: the first declaration the engine found). The table shows the joker indicator and
the wild rank (IND-2); the hand is laid out behind its minimum penalty (IND-10). A deal's
explanation gives the declaration, then each loser's penalty with the arrangement behind
it and the IND-10 tier that applied; drops and wrong shows with their fixed cost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from rummyhall.actions import Action, Declare, Drop
from rummyhall.cards import RANKS, card_index
from rummyhall.errors import NotationError
from rummyhall.games import indian
from rummyhall.games.indian.melds import card_points
from rummyhall.terminal.cardgame import (
    CardGameTerminal,
    discard_pile,
    draw_hints,
    opponents,
    with_card,
)
from rummyhall.terminal.cards import card_label, meld_text, pieces_text
from rummyhall.terminal.game import Result, Screen, View, piece, sheet
from rummyhall.terminal.hands import Group, hand_lines, order
from rummyhall.terminal.i18n import tr, tr_text


def indian_groups(hand: Sequence[str], indicator: str) -> tuple[list[Group], indian.Arrangement]:
    """IND-10: the layout behind the minimum penalty, labelled pure / impure / set."""
    layout = indian.arrange(list(hand), indicator)
    groups = [
        Group(meld, tr(f"group.{kind}"), True)
        for meld, kind in zip(layout.melds, layout.kinds, strict=True)
    ]
    if layout.deadwood:
        groups.append(Group(layout.deadwood, tr("group.unmelded"), False))
    return groups, layout


class IndianTerminal(CardGameTerminal):
    name = indian.KIT.name
    pass_action = Drop()

    def hints(self, view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
        if view["phase"] == "draw":
            hints = draw_hints(view, legal)
            seat = view["seat"]
            hints.append(Text(tr("k.drop", n=view["drop_penalty"][seat])))
            return hints
        hints = [Text(tr("k.discard_n", n=len(order)))]
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            hints.append(with_card("k.declare", declares[0].discard))
        return hints

    def key(
        self, key: str, rest: str, view: View, legal: Sequence[Action], order: Sequence[str]
    ) -> Action | None:
        if key != "x":
            return None
        if rest:
            return Declare(piece(rest, order))
        declares = [a for a in legal if isinstance(a, Declare)]
        if not declares:
            raise NotationError(tr("no_declare"))
        return declares[0]

    def draw(
        self, screen: Screen, view: View, names: Sequence[str], width: int, owner: str
    ) -> None:
        parts = screen.parts
        parts.extend(opponents(view, names))
        parts.append(discard_pile(view))
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
                    (self.own_heading(owner), "bold"), " — ", tr("penalty_live", n=layout.points)
                )
            )
            parts.extend(hand_lines(groups, width=width, wild_rank=rank))
            screen.order = order(groups)

    def groups(self, view: View, hand: Sequence[str]) -> list[Group]:
        return indian_groups(hand, view["indicator"])[0]

    def explain(
        self,
        result: Result,
        names: Sequence[str],
        events: Sequence[Result] = (),
        wild_rank: str | None = None,
    ) -> list[Text]:
        outcome = result["outcome"]
        winners = result["winners"]  # the declarer or the last player; none when void
        lines: list[Text] = []
        if outcome == "void":
            lines.append(Text(tr("ind.void"), style="bold"))
        elif outcome == "declared":
            lines.append(Text(tr("ind.declared", who=names[winners[0]]), style="bold"))
            shown = Text(" ").join(_meld(m["cards"], m["kind"]) for m in result["declaration"])
            lines.append(Text.assemble("  ", tr("ind.declaration"), tr(":")))
            lines.append(Text.assemble("    ", shown))
        else:
            lines.append(Text(tr("ind.last", who=names[winners[0]]), style="bold"))
        for event in events:
            if event["type"] == "drop":
                who, kind = names[event["seat"]], tr(f"ev.drop.{event['kind']}")
                lines.append(Text("  " + tr("ind.dropped", who=who, kind=kind, n=event["penalty"])))
            elif event["type"] == "wrong_show":
                who = names[event["seat"]]
                lines.append(Text("  " + tr("ind.wrong", who=who, n=event["penalty"])))
        for winner in winners:
            lines.append(Text("  " + tr("ind.winner_zero", who=names[winner])))
        for seat, layout in sorted(result["hands"].items(), key=lambda item: int(item[0])):
            lines.extend(_loser(names[int(seat)], layout, wild_rank))
        return lines

    def score_sheet(self, match: Mapping[str, Any], names: Sequence[str]) -> Table:
        limit = match.get("limit")
        caption = tr("match.pool_limit", n=limit) if limit else None
        table = sheet(tr("sheet.deal"), names, caption)
        for entry in match["history"]:
            winners = entry["winners"]  # the declarer; none on a void deal
            if winners:
                label = f"{names[winners[0]]}{tr(':')}{tr('outcome.' + entry['outcome'])}"
            else:
                label = tr("sheet.void")
            cells = []
            for seat, penalty in enumerate(entry["penalties"]):
                cell = "·" if seat in winners or not penalty else f"−{penalty}"
                if seat in entry["eliminated"]:
                    cell += " " + tr("sheet.out")
                cells.append(cell)
            table.add_row(str(entry["number"]), label, *cells)
        table.add_section()
        if match.get("chips") is not None:
            chips = [Text(str(c), style="bold") for c in match["chips"]]
            table.add_row(tr("sheet.chips"), "", *chips)
        else:
            totals = [Text(str(t), style="bold") for t in match["totals"]]
            table.add_row(tr("sheet.total"), "", *totals)
        return table


def _meld(cards: Sequence[str], kind: str, wild_rank: str | None = None) -> Text:
    label = (" " + tr(f"group.{kind}"), "italic dim")
    return Text.assemble(meld_text(cards, wild_rank=wild_rank), label)


def _loser(name: str, layout: Result, wild_rank: str | None) -> list[Text]:
    """A loser's penalty: the melds kept, the tier, and the cards that count (the
    arrangement's deadwood: the tier decides what was left unmelded, IND-10)."""
    points = layout["points"]
    lines = [Text("  " + tr("ind.penalty", who=name, n=points), style="bold")]
    melds = [_meld(m["cards"], m["kind"], wild_rank) for m in layout["melds"]]
    if melds:
        lines.append(Text.assemble("    ", Text(" ").join(melds)))
    lines.append(Text("    " + tr(f"ind.tier.{layout['tier']}")))
    counted = layout["deadwood"]
    if counted:
        wild = RANKS.index(wild_rank) if wild_rank else -1
        raw = sum(card_points(card_index(card), wild) for card in counted)
        shown = pieces_text(counted, wild_rank=wild_rank)
        lines.append(Text.assemble("    ", tr_text("ind.counted", cards=shown, n=raw)))
        if points < raw:
            lines.append(Text("    " + tr("ind.capped")))
    return lines


INDIAN = IndianTerminal()
"""Indian Rummy's terminal rendering."""
