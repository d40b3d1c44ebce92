"""Gin Rummy in the terminal: its keys, its table, its hands and why a hand scored.

Keys: ``s`` stock, ``d`` discard pile / take the upcard, ``p`` pass the upcard, ``k``
knock (``k 3``, ``k 7H``; alone: the discard leaving the least deadwood), ``g`` gin. The
table shows the first upcard and the knock limit (Oklahoma, GIN-15); the hand is laid out
with the least deadwood (GIN-6). A hand's explanation gives both layouts (the knocker's
chosen by GIN-13), the defender's lay-offs and the score arithmetic (gin 25 + deadwood,
knock difference, undercut 25 + difference, the Oklahoma spade doubling).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from rummyhall.actions import Action, Knock, Pass
from rummyhall.cards import card_index
from rummyhall.errors import NotationError
from rummyhall.games import gin
from rummyhall.terminal.cardgame import (
    CardGameTerminal,
    discard_pile,
    draw_hints,
    opponents,
    top,
    with_card,
)
from rummyhall.terminal.cards import meld_text, pieces_text
from rummyhall.terminal.game import Result, Screen, View, piece, sheet, signed
from rummyhall.terminal.hands import Group, hand_lines, order
from rummyhall.terminal.i18n import tr, tr_text


def gin_groups(hand: Sequence[str]) -> tuple[list[Group], gin.Arrangement]:
    """GIN-6: the minimum-deadwood layout, melds first."""
    layout = gin.arrange(list(hand))
    groups = [Group(meld, tr("group.meld"), True) for meld in layout.melds]
    if layout.deadwood:
        groups.append(Group(layout.deadwood, f"{tr('group.deadwood')} {layout.points}", False))
    return groups, layout


def best_knock(view: View, legal: Sequence[Action]) -> tuple[str, int] | None:
    """The knock discard leaving the least deadwood (GIN-7, the engine's fact), and
    that deadwood."""
    options = [
        (
            gin.GinState.action_facts(view, action)["deadwood"],
            card_index(action.discard),
            action.discard,
        )
        for action in legal
        if isinstance(action, Knock)
    ]
    if not options:
        return None
    left, _, card = min(options)
    return card, left


class GinTerminal(CardGameTerminal):
    name = gin.KIT.name
    pass_event = "ev.pass"
    pass_action = Pass()

    def hints(self, view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
        phase = view["phase"]
        if phase == "offer":
            return [with_card("k.take", top(view)), Text(tr("k.pass"))]
        if phase == "draw":
            return draw_hints(view, legal)
        hints = [Text(tr("k.discard_n", n=len(order)))]
        knock = best_knock(view, legal)
        if knock is not None:
            card, left = knock
            hints.append(with_card("k.gin" if left == 0 else "k.knock", card, n=left))
        return hints

    def key(
        self, key: str, rest: str, view: View, legal: Sequence[Action], order: Sequence[str]
    ) -> Action | None:
        if key == "k":
            if rest:
                return Knock(piece(rest, order))
            knock = best_knock(view, legal)
            if knock is None:
                raise NotationError(tr("no_knock"))
            return Knock(knock[0])
        if key == "g":
            knock = best_knock(view, legal)
            if knock is None or knock[1] != 0:
                raise NotationError(tr("no_gin"))
            return Knock(knock[0])
        return None

    def draw(
        self, screen: Screen, view: View, names: Sequence[str], width: int, owner: str
    ) -> None:
        parts = screen.parts
        parts.extend(opponents(view, names))
        parts.append(discard_pile(view))
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
                Text.assemble(
                    (self.own_heading(owner), "bold"), " — ", tr("deadwood_live", n=layout.points)
                )
            )
            parts.extend(hand_lines(groups, width=width))
            screen.order = order(groups)

    def groups(self, view: View, hand: Sequence[str]) -> list[Group]:
        return gin_groups(hand)[0]

    def explain(
        self,
        result: Result,
        names: Sequence[str],
        events: Sequence[Result] = (),
        wild_rank: str | None = None,
    ) -> list[Text]:
        if result["outcome"] == "cancelled":
            return [Text(tr("gin.cancelled"))]
        settlement = result["settlement"]
        knocker: int = result["knocker"]
        kind = settlement["kind"]
        k, d = settlement["knocker"], settlement["defender"]
        title = (
            tr("gin.by_gin", who=names[knocker])
            if kind == "gin"
            else tr("gin.by_knock", who=names[knocker], n=k["points"])
        )
        lines = [Text(title, style="bold")]
        lines.append(_layout(names[knocker], tr("gin.knocker"), k))
        lines.append(_layout(names[1 - knocker], tr("gin.defender"), d))
        if kind == "gin":
            lines.append(Text("  " + tr("gin.no_layoff_after_gin"), style="dim"))
        elif settlement["layoffs"]:
            laid = [
                tr_text(
                    "gin.onto",
                    card=pieces_text([x["card"]]),
                    meld=meld_text(k["melds"][x["meld"]]),
                )
                for x in settlement["layoffs"]
            ]
            lines.append(Text.assemble("  ", tr("gin.layoffs"), tr(":"), Text(", ").join(laid)))
        else:
            lines.append(Text("  " + tr("gin.no_layoffs"), style="dim"))
        points = settlement["points"]
        arithmetic = tr(f"gin.arith.{kind}", k=k["points"], d=d["points"], p=points)
        if result["multiplier"] == 2:
            arithmetic += " " + tr("gin.arith.double", p=points * 2)
        winner = knocker if settlement["winner"] == "knocker" else 1 - knocker
        lines.append(Text.assemble("  ", (arithmetic, "bold")))
        scored = points * result["multiplier"]
        lines.append(Text("  " + tr("gin.scores", who=names[winner], p=scored)))
        return lines

    def score_sheet(self, match: Mapping[str, Any], names: Sequence[str]) -> Table:
        table = sheet(tr("sheet.hand"), names, tr("match.target", n=match["target"]))
        for entry in match["history"]:
            result = entry["result"]
            outcome = result["outcome"]
            label = tr("sheet.cancelled") if outcome == "cancelled" else tr(f"outcome.{outcome}")
            if outcome != "cancelled":
                label = f"{names[result['knocker']]}{tr(':')}{label}"
            table.add_row(str(entry["number"]), label, *(signed(p) for p in result["scores"]))
        totals = match["totals"]
        table.add_section()
        table.add_row(tr("sheet.total"), "", *(Text(str(t), style="bold") for t in totals))
        return table


def _layout(name: str, role: str, side: Result) -> Text:
    melds = Text(" ").join(meld_text(m) for m in side["melds"])
    rest = pieces_text(side["deadwood"]) if side["deadwood"] else Text("—")
    who = name if name.lower() == role.lower() else tr("gin.side", name=name, role=role)
    return Text.assemble(
        f"  {who}{tr(':')}", melds, "  ", tr("gin.deadwood"), " ", rest, f" = {side['points']}"
    )


GIN = GinTerminal()
"""Gin Rummy's terminal rendering."""
