"""What ``play`` and ``match`` set up: a game's variants, its state and its players' names."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rummyhall.game import GameState
from rummyhall.registry import new_game, new_match
from rummyhall.terminal.i18n import tr

GAMES = ("gin", "indian", "rummikub")
VARIANTS = {
    "gin": ("standard", "oklahoma"),
    "indian": ("points", "pool101", "pool201", "deals"),
    "rummikub": ("match", "round"),
}
"""Per game, the variants ``--variant`` accepts; the first is the default."""
SEATS = {"gin": (2, 2), "indian": (2, 6), "rummikub": (2, 4)}


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The game, ``--variant``, ``--players`` and ``--seed`` (``play`` and ``match``)."""
    parser.add_argument("game", choices=GAMES)
    parser.add_argument(
        "--variant",
        help="gin: standard (to 100) | oklahoma (to 150); indian: points | pool101 | "
        "pool201 | deals; rummikub: match (one round per player) | round. "
        "Default: the first one",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        metavar="N",
        help="seats (indian 2-6, rummikub 2-4; gin is 2)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, metavar="N", help="fixes the deal (default: random)"
    )


def check_game_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str:
    """The variant to play; reports a bad variant or seat count through ``parser``."""
    variants = VARIANTS[args.game]
    variant = args.variant or variants[0]
    if variant not in variants:
        parser.error(f"{args.game} variants: {', '.join(variants)} (not {variant!r})")
    low, high = SEATS[args.game]
    if not low <= args.players <= high:
        parser.error(f"{args.game} seats {low}-{high} players, not {args.players}")
    return variant


def start(game: str, variant: str, seed: int, players: int) -> GameState:
    """A whole game of ``game``: a Gin match, an Indian deal or match, Rummikub round(s)."""
    if game == "gin":
        return new_match("gin", seed=seed, mode=variant)
    if game == "indian":
        return new_game("indian", seed=seed, format=variant, players=players)
    if variant == "round":
        return new_game("rummikub", seed=seed, players=players)
    return new_match("rummikub", seed=seed, players=players)


def title(game: str, variant: str | None) -> str:
    """``Gin Rummy · Oklahoma``."""
    name = tr(f"game.{game}")
    return name if variant is None else f"{name} · {tr('variant.' + variant)}"


def variant_of(record_game: str, options: dict[str, object], kind: str) -> str | None:
    """The variant a saved game was played under (``None`` if it names none)."""
    if record_game == "gin":
        return str(options.get("mode", "standard"))
    if record_game == "indian":
        return str(options.get("format", "points"))
    return "match" if kind == "match" else "round"


def seat_names(levels: Sequence[str | None]) -> list[str]:
    """``You`` for a human seat (``None``), ``Bot 2 (medium)`` for a bot."""
    return [
        tr("you") if level is None else tr("bot", n=seat + 1, level=tr(f"level.{level}"))
        for seat, level in enumerate(levels)
    ]
