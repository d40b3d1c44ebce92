"""The arena's games: a game to play (:class:`Task`), what it gave (:class:`Played`)
and an outcome from the first bot's side (:class:`Outcome`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """One finished game (or Gin hand) from the first bot's side: its points and the
    second bot's."""

    first: int
    second: int

    @property
    def margin(self) -> int:
        return self.first - self.second


NO_OPTIONS: Mapping[str, Any] = MappingProxyType({})
"""No match options beyond the variant's."""


@dataclass(frozen=True)
class Task:
    game: str
    deal: int  # index of the deal: both games of a pair share it
    seed: int
    swapped: bool  # the second bot sits in seat 0
    kinds: tuple[str, str]
    options: dict[str, Any]  # for the hard bots: budget or simulations
    variant: str | None = None  # a variant's name; None: the game's contest
    match_options: tuple[tuple[str, Any], ...] = ()  # e.g. (("rounds", 4),): beyond the variant's


@dataclass
class Played:
    """What a worker sends back for one game."""

    task: Task
    game: Outcome
    hands: list[Outcome]
    seconds: tuple[list[float], list[float]]  # per move, first bot then second
