"""The games this library plays, by name: start a hand or a match of one, or load one.

Each game describes itself once, in its kit (``games/<game>/__init__.py`` ``KIT``, a
:class:`~rummyhall.kit.GameInfo`). This module, above the games, lists the kits: the
games import the engine's base classes from :mod:`rummyhall.game` and nothing here, so
there is no self-registration and no import circle.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rummyhall.actions import JSON
from rummyhall.arguments import check_options
from rummyhall.errors import NotationError
from rummyhall.game import GameState, random_seed
from rummyhall.games import gin, indian, rummikub
from rummyhall.kit import GameInfo

KITS: dict[str, GameInfo] = {kit.name: kit for kit in (gin.KIT, indian.KIT, rummikub.KIT)}
"""Every game's kit, by name."""


def available_games() -> list[str]:
    """Names accepted by :func:`new_game`, sorted."""
    return sorted(KITS)


def find_game(name: str) -> GameInfo:
    try:
        return KITS[name]
    except KeyError:
        known = ", ".join(sorted(KITS))
        raise NotationError(f"unknown game {name!r} (available: {known})") from None


def new_game(
    name: str, *, seed: int | None = None, deck: Sequence[str] | None = None, **options: Any
) -> GameState:
    """Start one hand/deal/round of ``name`` (a whole match: :func:`new_match`).

    ``seed`` fixes every random choice (a fresh one is drawn and recorded when omitted);
    ``deck`` stacks the deck: the given cards come first in dealing order (see each
    game's docs), the rest follow in the seeded order.
    """
    info = find_game(name)
    check_options(info.new_hand, options, f"a {name} hand")
    return info.new_hand(seed=random_seed() if seed is None else seed, deck=deck, **options)


def new_match(name: str, *, seed: int | None = None, **options: Any) -> GameState:
    """Start a multi-hand match of ``name`` (Gin to 100/150, Indian pools, …)."""
    info = find_game(name)
    check_options(info.new_match, options, f"a {name} match")
    return info.new_match(seed=random_seed() if seed is None else seed, **options)


def load(data: JSON | str) -> GameState:
    """Rebuild a state (hand or match) from :meth:`GameState.to_json` output, or from
    that record as JSON text."""
    try:
        record = json.loads(data) if isinstance(data, str) else data
    except json.JSONDecodeError as error:
        raise NotationError(f"data is not a saved game's JSON: {error}") from None
    if not isinstance(record, dict) or "game" not in record:
        raise NotationError("a saved game is an object with a 'game' field")
    return find_game(str(record["game"]).split(":")[0]).load(record)


def load_start(record: JSON) -> GameState:
    """The game of a checked ``record`` (:func:`load`) before its first action: where a
    replay, or a review, applies the log one action at a time."""
    fresh = {key: value for key, value in record.items() if key not in ("log", "snapshot")}
    return load({**fresh, "log": []})
