"""A game's kit: the one description of a game that every interface reads.

``games/<game>/__init__.py`` declares its ``KIT`` (a :class:`GameInfo`): its name and
title, how many seats it has, its variants, the options of a match, what one part of a
match is called, and where its bots live. :mod:`rummyhall.registry` lists the kits; the
catalogue, ``/api/info`` (and through it the lobby), the command line and the arena
build their choices from them, so a variant is added in its game's folder alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummyhall.actions import JSON, Event
from rummyhall.errors import NotationError
from rummyhall.game import GameState

SEATS_KEY = "players"
"""The option that sets how many seats a table has (a game with one seat count has none)."""


@dataclass(frozen=True)
class Variant:
    """A named way to play a game: the match options it fixes."""

    name: str
    title: str
    """English name, shown where no translation of ``label`` exists."""
    label: str
    """The interfaces' translation key."""
    fixes: Mapping[str, Any] = field(default_factory=dict)
    """Keyword arguments of ``new_match`` this variant sets, e.g. ``{"mode": "oklahoma"}``."""
    single: bool = False
    """One hand/deal/round is the whole game: the command line and the arena play a part
    (``new_game``) rather than a match; a room still plays a match with ``fixes``."""


@dataclass(frozen=True)
class Option:
    """A match option a player chooses (beyond the variant): what it takes, its default,
    and the rule it comes from."""

    key: str
    """The keyword argument of ``new_match`` (and the key a room stores)."""
    title: str
    label: str
    kind: type[int] | type[bool]
    default: Any
    low: int | None = None
    high: int | None = None
    nullable: bool = False
    """``None`` is accepted: the engine then decides (see ``settle``)."""
    rule: str = ""
    variants: tuple[str, ...] = ()
    """The variants it matters in (empty: all)."""
    lobby: bool = True
    """Offered by the lobby's form (else left at its default there)."""
    settle: Callable[[Mapping[str, Any]], Any] | None = None
    """The value ``None`` stands for, given the options declared before it (one that failed
    validation is missing): fixed when a room's options are validated, so what a room
    stores replays the same whatever defaults become."""


@dataclass(frozen=True, eq=False)
class GameInfo:
    """What a game says about itself (its kit): how to start a hand and a match of it and
    how to load one, and what a player may choose. Kits are compared by identity."""

    name: str
    title: str
    part: str
    """What one part of a match is called: ``hand``, ``deal`` or ``round``."""
    seats: tuple[int, int]
    """The fewest and the most players."""
    variants: tuple[Variant, ...]
    """The first one is the default."""
    options: tuple[Option, ...]
    bots: str
    """The module of this game's bots (named, never imported: games import no bot)."""
    part_state: type[GameState]
    """The class of one part: its rules, and what it tells of a seat's view (the
    solver's layout of the hand, the facts of a legal action)."""
    new_hand: Callable[..., GameState]
    new_match: Callable[..., GameState]
    load: Callable[[JSON], GameState]
    env: str = ""
    """Its reinforcement-learning environment's name (``rummyhall.envs.make``)."""
    encoding: str = ""
    """The module of its encoding for learners (named, never imported: it needs the
    ``rl`` extra)."""
    figures: Callable[[Sequence[Event], Sequence[JSON], int], list[dict[str, int]]] | None = None
    """What a finished match says of each seat beyond its result (counts a profile adds
    up, e.g. Gin's gins and undercuts), from the match's events and ``history``."""
    environments: str = ""
    """The module that makes its environments where it has faster ones than its encoding
    played on the engine (named, never imported): ``environment(kit, **options)``, an
    AEC environment, and ``vector(kit, count, **options)``, a vector form or ``None``
    when it has none for those options."""

    def variant(self, name: str | None) -> Variant:
        """The variant called ``name`` (``None``: the default)."""
        if name is None:
            return self.variants[0]
        for variant in self.variants:
            if variant.name == name:
                return variant
        known = ", ".join(v.name for v in self.variants)
        raise NotationError(f"{self.name} variants: {known} (not {name!r})")

    @property
    def seat_option(self) -> Option | None:
        """The option that sets the number of seats, if the game has more than one."""
        return next((o for o in self.options if o.key == SEATS_KEY), None)

    def variant_of(self, options: Mapping[str, Any], *, match: bool) -> Variant | None:
        """The variant a saved game (its ``options``) was played under: the one fixing
        the most of them; a saved part (``match=False``) of a game whose variant is a single
        part is that variant."""
        if not match:
            single = [v for v in self.variants if v.single]
            if len(single) == 1:
                return single[0]
        fitting = [
            v for v in self.variants if all(options.get(k) == value for k, value in v.fixes.items())
        ]
        return max(fitting, key=lambda v: len(v.fixes), default=None)
