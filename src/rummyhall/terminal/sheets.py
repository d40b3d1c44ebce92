"""The match score sheets: one row per finished hand, deal or round, then the totals,
and the match's winner.

Built from ``view["match"]`` (its ``history``, ``totals`` and ``winners``); each game
draws its own sheet (:meth:`.game.GameTerminal.score_sheet`: Indian Rummy's penalties,
pool totals or chips).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from rummyhall.terminal.games import terminal_of
from rummyhall.terminal.i18n import tr


def score_sheet(game: str, match: Mapping[str, Any], names: Sequence[str]) -> Table:
    """The sheet of a match view (``view["match"]``) of ``game``."""
    return terminal_of(game).score_sheet(match, names)


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
