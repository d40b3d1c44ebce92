"""``rummyhall match GAME``: computer players against each other, every hand explained.

The same explanations and score sheets as ``play`` shows, without a human seat: a quick
way to watch the bots, or to see how each game scores.
"""

from __future__ import annotations

import argparse

from rummyhall.bots import KINDS, decide, make_bot
from rummyhall.cli.games import add_game_options, check_game_options, seat_names, start, title
from rummyhall.game import random_seed
from rummyhall.terminal.console import make_console
from rummyhall.terminal.i18n import tr
from rummyhall.terminal.narrator import Narrator


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "match",
        parents=[common],
        help="play a game between computer players and explain every hand",
        description="Play a game between computer players and print every hand's result "
        "with its explanation, then the score sheet.",
    )
    add_game_options(parser)
    parser.add_argument(
        "--bots",
        default="medium",
        help=f"bot kind per seat, comma separated, or one for all ({', '.join(KINDS)})",
    )
    parser.set_defaults(run=lambda args: run(parser, args))


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    variant, players = check_game_options(parser, args)
    kinds = args.bots.split(",")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        parser.error(f"--bots takes one kind or {players}, comma separated")
    seed = random_seed() if args.seed is None else args.seed
    state = start(args.game, variant, seed, players)
    bots = [make_bot(args.game, kind, seed=seed + seat) for seat, kind in enumerate(kinds)]
    console = make_console()
    names = seat_names(kinds)
    console.print(f"{title(args.game, variant.name)} · {tr('seed', seed=seed)}", style="bold")
    narrator = Narrator(console, args.game, names, sheets=False)
    while state.current_player is not None:
        before = state.view(None)
        events = state.apply(decide(state, bots[state.current_player]))
        narrator.after(before, [e.to_json() for e in events], state.view(None), moves=False)
    narrator.final(state.view(None))
    return 0
