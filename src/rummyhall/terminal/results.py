"""Why a hand scored what it scored: the same explanations as the web page.

* Gin: both layouts (the knocker's chosen by GIN-13), the defender's lay-offs, and the
  score arithmetic (gin 25 + deadwood, knock difference, undercut 25 + difference, the
  Oklahoma spade doubling);
* Indian Rummy: the declaration, then each loser's penalty with the arrangement behind
  it and the IND-10 tier that applied; drops and wrong shows with their fixed cost;
* Rummikub: how the round ended and each rack total turned into a score.

Each function takes the result as the engine reports it (the ``part_over``
event, or ``view["result"]``) and returns lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from rummyhall.cards import RANKS, card_index
from rummyhall.games.indian.melds import card_points
from rummyhall.terminal.cards import meld_text, pieces_text
from rummyhall.terminal.i18n import tr, tr_text

Result = Mapping[str, Any]


def explain(
    game: str,
    result: Result,
    names: Sequence[str],
    events: Sequence[Result] = (),
    wild_rank: str | None = None,
) -> list[Text]:
    """The explanation of a finished hand of ``game``. Indian Rummy also needs the
    hand's ``events`` (drops, wrong shows) and its ``wild_rank`` (IND-2)."""
    if game == "gin":
        return explain_gin(result, names)
    if game == "indian":
        return explain_indian(result, names, events, wild_rank)
    return explain_rummikub(result, names)


def explain_gin(result: Result, names: Sequence[str]) -> list[Text]:
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
    lines.append(_gin_layout(names[knocker], tr("gin.knocker"), k))
    lines.append(_gin_layout(names[1 - knocker], tr("gin.defender"), d))
    if kind == "gin":
        lines.append(Text("  " + tr("gin.no_layoff_after_gin"), style="dim"))
    elif settlement["layoffs"]:
        laid = [
            tr_text(
                "gin.onto", card=pieces_text([x["card"]]), meld=meld_text(k["melds"][x["meld"]])
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
    lines.append(Text("  " + tr("gin.scores", who=names[winner], p=points * result["multiplier"])))
    return lines


def _gin_layout(name: str, role: str, side: Result) -> Text:
    melds = Text(" ").join(meld_text(m) for m in side["melds"])
    rest = pieces_text(side["deadwood"]) if side["deadwood"] else Text("—")
    who = name if name.lower() == role.lower() else tr("gin.side", name=name, role=role)
    return Text.assemble(
        f"  {who}{tr(':')}", melds, "  ", tr("gin.deadwood"), " ", rest, f" = {side['points']}"
    )


def explain_indian(
    result: Result, names: Sequence[str], events: Sequence[Result], wild_rank: str | None
) -> list[Text]:
    outcome = result["outcome"]
    winner = result["winner"]
    lines: list[Text] = []
    if outcome == "void":
        lines.append(Text(tr("ind.void"), style="bold"))
    elif outcome == "declared":
        lines.append(Text(tr("ind.declared", who=names[winner]), style="bold"))
        shown = Text(" ").join(_indian_meld(m["cards"], m["kind"]) for m in result["declaration"])
        lines.append(Text.assemble("  ", tr("ind.declaration"), tr(":")))
        lines.append(Text.assemble("    ", shown))
    else:
        lines.append(Text(tr("ind.last", who=names[winner]), style="bold"))
    for event in events:
        if event["type"] == "drop":
            who, kind = names[event["seat"]], tr(f"ev.drop.{event['kind']}")
            lines.append(Text("  " + tr("ind.dropped", who=who, kind=kind, n=event["penalty"])))
        elif event["type"] == "wrong_show":
            who = names[event["seat"]]
            lines.append(Text("  " + tr("ind.wrong", who=who, n=event["penalty"])))
    if winner is not None:
        lines.append(Text("  " + tr("ind.winner_zero", who=names[winner])))
    for seat, layout in sorted(result["hands"].items(), key=lambda item: int(item[0])):
        lines.extend(_indian_loser(names[int(seat)], layout, wild_rank))
    return lines


def _indian_meld(cards: Sequence[str], kind: str, wild_rank: str | None = None) -> Text:
    label = (" " + tr(f"group.{kind}"), "italic dim")
    return Text.assemble(meld_text(cards, wild_rank=wild_rank), label)


def _indian_loser(name: str, layout: Result, wild_rank: str | None) -> list[Text]:
    """A loser's penalty: the melds kept, the tier, and the cards that count (the
    arrangement's deadwood: the tier decides what was left unmelded, IND-10)."""
    points = layout["points"]
    lines = [Text("  " + tr("ind.penalty", who=name, n=points), style="bold")]
    melds = [_indian_meld(m["cards"], m["kind"], wild_rank) for m in layout["melds"]]
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


def explain_rummikub(result: Result, names: Sequence[str]) -> list[Text]:
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
