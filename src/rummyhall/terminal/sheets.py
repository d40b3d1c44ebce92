"""The match score sheets: one row per finished hand, deal or round, then the totals.

Built from ``view["match"]`` (Gin: ``hands``; Indian Rummy: ``history`` with penalties,
pool totals or chips; Rummikub: ``history`` of rounds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from rummyhall.terminal.i18n import tr


def score_sheet(game: str, match: Mapping[str, Any], names: Sequence[str]) -> Table:
    """The sheet of a match view (``view["match"]``) of ``game``."""
    if game == "gin":
        return _gin_sheet(match, names)
    if game == "indian":
        return _indian_sheet(match, names)
    return _rummikub_sheet(match, names)


def _table(first: str, names: Sequence[str], caption: str | None) -> Table:
    table = Table(
        title=tr("sheet"), caption=caption, box=box.SIMPLE_HEAD, title_style="bold", pad_edge=False
    )
    table.add_column(first, justify="right")
    table.add_column(tr("sheet.result"))
    for name in names:
        table.add_column(name, justify="right", overflow="fold")
    return table


def _points(value: int) -> str:
    return f"{value:+d}" if value else "·"


def _gin_sheet(match: Mapping[str, Any], names: Sequence[str]) -> Table:
    table = _table(tr("sheet.hand"), names, tr("match.target", n=match["target"]))
    for entry in match["history"]:
        result = entry["result"]
        outcome = result["outcome"]
        label = tr("sheet.cancelled") if outcome == "cancelled" else tr(f"outcome.{outcome}")
        if outcome != "cancelled":
            label = f"{names[result['knocker']]}{tr(':')}{label}"
        table.add_row(str(entry["number"]), label, *(_points(p) for p in result["scores"]))
    totals = match["totals"]
    table.add_section()
    table.add_row(tr("sheet.total"), "", *(Text(str(t), style="bold") for t in totals))
    return table


def _indian_sheet(match: Mapping[str, Any], names: Sequence[str]) -> Table:
    limit = match.get("limit")
    caption = tr("match.pool_limit", n=limit) if limit else None
    table = _table(tr("sheet.deal"), names, caption)
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
        table.add_row(tr("sheet.chips"), "", *(Text(str(c), style="bold") for c in match["chips"]))
    else:
        totals = [Text(str(t), style="bold") for t in match["totals"]]
        table.add_row(tr("sheet.total"), "", *totals)
    return table


def _rummikub_sheet(match: Mapping[str, Any], names: Sequence[str]) -> Table:
    table = _table(tr("sheet.round"), names, None)
    for entry in match["history"]:
        result = entry["result"]
        label = ", ".join(names[w] for w in result["winners"])
        label += f"{tr(':')}{tr('outcome.' + result['outcome'])}"
        table.add_row(str(entry["number"]), label, *(_points(p) for p in result["scores"]))
    table.add_section()
    table.add_row(tr("sheet.total"), "", *(Text(str(t), style="bold") for t in match["totals"]))
    return table


def match_winner(match: Mapping[str, Any], names: Sequence[str]) -> Text:
    """Who won the finished match, and the final score."""
    winners = match["winners"]
    totals = match["chips"] if match.get("chips") is not None else match["totals"]
    if not winners:
        line = tr("match.no_winner")
    elif len(winners) == 1:
        line = tr("match.winner", who=names[winners[0]])
    else:
        line = tr("match.winners", who=", ".join(names[w] for w in winners))
    final = " · ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
    return Text.assemble((line, "bold"), f" — {tr('match.final')}{tr(':')}{final}")
