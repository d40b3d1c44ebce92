"""Rummikub bots: easy, medium (play the solver's maximum) and hard."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummyhall.actions import JSON, Action, Play
from rummyhall.bots.base import Bot
from rummyhall.errors import IllegalAction
from rummyhall.games.rummikub import best_initial_meld, check_turn


def tiles_placed(view: JSON, play: Play) -> int:
    return sum(map(len, play.table)) - sum(map(len, view["table"]))


def no_play(legal_actions: Sequence[Action]) -> Action:
    """Draw from the pool, or pass once it is empty (RKB-7, RKB-9)."""
    return next(a for a in legal_actions if not isinstance(a, Play))


class MediumRummikubBot:
    """Plays the solver's maximum every turn: the most rack tiles, then the most value
    (the legal actions carry the solver's best play and best initial meld)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return no_play(legal_actions)
        return max(plays, key=lambda play: tiles_placed(view, play))


class EasyRummikubBot:
    """A beginner: lays down new sets from its own rack worth 30 or more when it has them,
    and never extends or rearranges the table."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        melds = best_initial_meld(view["rack"])
        if melds is not None:
            table = (*map(tuple, view["table"]), *map(tuple, melds))
            try:
                check_turn(view["table"], view["rack"], table, melded=view["melded"][view["seat"]])
            except IllegalAction:
                return no_play(legal_actions)
            return Play(table)
        return no_play(legal_actions)


BOTS: dict[str, Callable[..., Bot]] = {"easy": EasyRummikubBot, "medium": MediumRummikubBot}
