"""What ``play`` and ``match`` set up: a game's variants, its state and its players' names,
all read from the games' kits."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.kit import Variant
from rummyhall.registry import KITS, find_game, new_game, new_match
from rummyhall.terminal.i18n import TEXTS, tr


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The game, ``--variant``, ``--players`` and ``--seed`` (``play`` and ``match``)."""
    parser.add_argument("game", choices=sorted(KITS))
    variants = "; ".join(
        f"{kit.name}: " + " | ".join(f"{v.name} [{v.title}]" for v in kit.variants)
        for kit in KITS.values()
    )
    parser.add_argument("--variant", help=f"{variants}. Default: the first one")
    seats = ", ".join(
        f"{kit.name} {kit.seats[0]}-{kit.seats[1]}"
        if kit.seats[0] < kit.seats[1]
        else f"{kit.name} is {kit.seats[0]}"
        for kit in KITS.values()
    )
    parser.add_argument(
        "--players", type=int, default=None, metavar="N", help=f"seats ({seats}; default: fewest)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, metavar="N", help="fixes the deal (default: random)"
    )


def check_game_options(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[Variant, int]:
    """The variant to play and the number of players; reports a bad variant or seat count
    through ``parser``."""
    kit = find_game(args.game)
    try:
        variant = kit.variant(args.variant)
    except NotationError as error:
        parser.error(str(error))
    low, high = kit.seats
    players = low if args.players is None else args.players
    if not low <= players <= high:
        parser.error(f"{args.game} seats {low}-{high} players, not {players}")
    return variant, players


def start(game: str, variant: Variant, seed: int, players: int) -> GameState:
    """A whole game of ``game``: a match of ``variant``, or one hand/deal/round when the
    variant is a single one (an Indian Points deal, a Rummikub round)."""
    seat_option = find_game(game).seat_option
    seats: dict[str, Any] = {} if seat_option is None else {seat_option.key: players}
    if variant.single:
        return new_game(game, seed=seed, **seats)
    return new_match(game, seed=seed, **{**variant.fixes, **seats})


def _translated(key: str, fallback: str) -> str:
    """The terminal's text for ``key``, or the kit's English ``fallback`` where it has none."""
    return tr(key) if key in TEXTS else fallback


def title(game: str, variant: str | None) -> str:
    """``Gin Rummy · Oklahoma``."""
    kit = find_game(game)
    name = _translated(f"game.{game}", kit.title)
    if variant is None:
        return name
    chosen = kit.variant(variant)
    return f"{name} · {_translated(chosen.label, chosen.title)}"


def variant_of(record_game: str, options: dict[str, object], kind: str) -> str | None:
    """The variant a saved game was played under (``None`` if it names none)."""
    found = find_game(record_game).variant_of(options, match=kind == "match")
    return None if found is None else found.name


def seat_names(levels: Sequence[str | None]) -> list[str]:
    """``You`` for a human seat (``None``), ``Bot 2 (medium)`` for a bot."""
    return [
        tr("you") if level is None else tr("bot", n=seat + 1, level=tr(f"level.{level}"))
        for seat, level in enumerate(levels)
    ]
