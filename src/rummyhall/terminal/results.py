"""Why a hand scored what it scored: the same explanations as the web page.

Each game explains its own parts (:meth:`.game.GameTerminal.explain`): Gin both layouts,
the lay-offs and the score arithmetic; Indian Rummy the declaration and each loser's
penalty with its IND-10 tier; Rummikub how the round ended and each rack's score. The
result is the one the engine reports (the ``part_over`` event, or ``view["result"]``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from rummyhall.terminal.game import Result
from rummyhall.terminal.games import terminal_of


def explain(
    game: str,
    result: Result,
    names: Sequence[str],
    events: Sequence[Result] = (),
    wild_rank: str | None = None,
) -> list[Text]:
    """The explanation of a finished hand of ``game``. Indian Rummy also needs the
    hand's ``events`` (drops, wrong shows) and its ``wild_rank`` (IND-2)."""
    return terminal_of(game).explain(result, names, events, wild_rank)
