"""Telling a game as it goes: each move in a line, and when a hand ends its explanation
and the match score sheet. Shared by ``play``, ``match`` and ``replay``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from rummyhall.terminal.i18n import tr
from rummyhall.terminal.moves import describe
from rummyhall.terminal.results import explain
from rummyhall.terminal.sheets import match_winner, score_sheet

View = Mapping[str, Any]
HAND_OVER = "part_over"
"""The event that ends a hand (Gin), a deal (Indian Rummy) or a round (Rummikub)."""


def hand_label(view: View) -> str | None:
    """``hand 3`` in a match; ``None`` for a game of a single hand."""
    match = view.get("match")
    if match is None:
        return None
    return tr(f"{match['part']}_no", n=match["number"])


class Narrator:
    """Prints what happens to ``console``; ``names`` per seat."""

    def __init__(
        self, console: Console, game: str, names: Sequence[str], *, sheets: bool = True
    ) -> None:
        self.console = console
        self.game = game
        self.names = names
        self.sheets = sheets
        """Print the score sheet after every hand (else once, at the end)."""

    def moves(self, events: Sequence[View]) -> None:
        for event in events:
            line = describe(event, self.names, self.game)
            if line is not None:
                self.console.print(Text.assemble("  ", line))

    def after(
        self, before: View, events: Sequence[View], after: View, *, moves: bool = True
    ) -> bool:
        """Report one applied action: ``before`` and ``after`` are views around it,
        ``events`` what it returned (JSON). True when it ended a hand."""
        if moves:
            self.moves(events)
        for event in events:
            if event["type"] == HAND_OVER:
                self.result(event, before, after, [*before["moves"], *events])
                return True
        return False

    def result(self, result: View, before: View, after: View, hand_events: Sequence[View]) -> None:
        """The explanation of a finished hand, then the score sheet of its match."""
        what = hand_label(before) or tr(f"game.{self.game}")
        self.console.print(Rule(Text(tr("result.title", what=what), style="bold"), align="left"))
        lines = explain(self.game, result, self.names, hand_events, before.get("wild_rank"))
        for line in lines:
            self.console.print(line)
        if self.sheets and after.get("match") is not None:
            self.console.print(score_sheet(self.game, after["match"], self.names))

    def final(self, view: View) -> None:
        """The winner and final score of a finished game."""
        match = view.get("match")
        if match is not None:
            if not self.sheets:
                self.console.print(score_sheet(self.game, match, self.names))
            self.console.print(match_winner(match, self.names))
            return
        scores = " · ".join(
            f"{name} {score:+d}" if score else f"{name} 0"
            for name, score in zip(self.names, view["scores"], strict=True)
        )
        self.console.print(Text.assemble((tr("match.final"), "bold"), tr(":"), scores))
