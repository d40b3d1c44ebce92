"""The games a room can be created for, their variants and options (validated here).

Each registered game with an entry here is offered in the lobby: the options model checks
what a client asks for (unknown keys, out-of-range seat counts) before the engine is
touched, and says how many seats a room needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from rummyhall.game import GameState
from rummyhall.games.indian.match import reshuffles
from rummyhall.registry import available_games, new_match


class GameOptions(BaseModel):
    """Options of one game; ``seats`` is how many players sit at the table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @property
    def seats(self) -> int:
        return 2

    def engine_options(self) -> dict[str, Any]:
        """Keyword arguments for ``rummyhall.new_match``."""
        return self.model_dump()

    def label(self) -> str:
        return ""


class GinOptions(GameOptions):
    mode: Literal["standard", "oklahoma"] = "standard"
    """GIN-8 (to 100) or GIN-9 (Oklahoma, to 150)."""

    def label(self) -> str:
        return "Oklahoma Gin" if self.mode == "oklahoma" else "Gin Rummy"


class IndianOptions(GameOptions):
    players: int = Field(2, ge=2, le=6)
    format: Literal["points", "pool101", "pool201", "deals"] = "points"
    """IND-14."""
    deals: int = Field(2, ge=1, le=6)
    """Deals played in the ``deals`` format."""
    joker_from_discard: bool = False
    """IND-4."""
    manual_declaration: bool = False
    """IND-12: players group their own cards when declaring."""
    reshuffle_on_empty: bool | None = Field(None, validate_default=True)
    """IND-13; ``None``: the format's default (on in Pools and Deals, off in Points).
    Validation settles it, so a stored room replays the same whatever defaults become."""

    @field_validator("reshuffle_on_empty")
    @classmethod
    def _format_default(cls, value: bool | None, info: ValidationInfo) -> bool:
        return reshuffles(info.data.get("format", "points"), value)

    @property
    def seats(self) -> int:
        return self.players

    def label(self) -> str:
        names = {"points": "Points", "pool101": "Pool 101", "pool201": "Pool 201"}
        name = names.get(self.format, f"{self.deals} Deals")
        return f"Indian Rummy {name}"


class RummikubOptions(GameOptions):
    players: int = Field(2, ge=2, le=4)
    rounds: int | None = Field(None, ge=1, le=8)
    """Rounds whose scores add up; ``None``: one per player, so every seat starts once."""

    @property
    def seats(self) -> int:
        return self.players

    def label(self) -> str:
        return "Rummikub"


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    options: type[GameOptions]
    min_seats: int
    max_seats: int


CATALOG: dict[str, GameEntry] = {
    entry.name: entry
    for entry in (
        GameEntry("gin", "Gin Rummy", GinOptions, 2, 2),
        GameEntry("indian", "Indian Rummy", IndianOptions, 2, 6),
        GameEntry("rummikub", "Rummikub", RummikubOptions, 2, 4),
    )
}


def offered_games() -> list[GameEntry]:
    """Catalogue entries of the games the engine has registered."""
    registered = set(available_games())
    return [entry for name, entry in CATALOG.items() if name in registered]


def parse_options(game: str, options: dict[str, Any]) -> GameOptions:
    """Validate a room's options; raises ``KeyError`` for an unknown game and
    ``pydantic.ValidationError`` for bad options."""
    entry = {e.name: e for e in offered_games()}[game]
    return entry.options.model_validate(options)


def start_match(game: str, options: GameOptions, seed: int) -> GameState:
    """A new match of ``game`` (what a room plays from start to rematch)."""
    return new_match(game, seed=seed, **options.engine_options())


def describe() -> list[dict[str, Any]]:
    """The catalogue as JSON for clients: names, seat ranges, option schemas."""
    return [
        {
            "game": entry.name,
            "title": entry.title,
            "seats": {"min": entry.min_seats, "max": entry.max_seats},
            "options": entry.options.model_json_schema(),
        }
        for entry in offered_games()
    ]


def winners_of(state: GameState) -> list[int]:
    """The seats that won a finished match (several on a shared win, none on a void
    Points deal): Gin names one ``winner``, Indian and Rummikub list ``winners``."""
    winners = getattr(state, "winners", None)
    if winners is not None:
        return list(winners)
    winner = getattr(state, "winner", None)
    return [] if winner is None else [int(winner)]
