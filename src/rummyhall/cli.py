"""The ``rummyhall`` command.

``rummyhall serve`` starts the game server (web front end, HTTP API and WebSocket in one
process; what ``make run`` starts); ``rummyhall match gin`` plays a Gin match between two
computer players and prints each hand's result; ``rummyhall arena GAME --bots
hard,medium`` measures two bots against each other over many paired deals
(:mod:`rummyhall.bots.arena`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rummyhall.actions import JSON
from rummyhall.bots import DEFAULT_BUDGET, KINDS, LEVELS, arena, decide, make_bot
from rummyhall.errors import RummyhallError
from rummyhall.game import new_match, random_seed


def describe_hand(number: int, result: JSON, names: Sequence[str]) -> list[str]:
    """Human-readable lines for one finished hand of Gin (from a match history entry)."""
    if result["outcome"] == "cancelled":
        return [f"Hand {number}: stock down to two cards, hand cancelled (GIN-14)"]
    settlement = result["settlement"]
    knocker = result["knocker"]
    k, d = settlement["knocker"], settlement["defender"]
    verb = "goes gin" if settlement["kind"] == "gin" else f"knocks with {k['points']} deadwood"

    def layout(side: JSON) -> str:
        melds = " ".join("[" + " ".join(m) + "]" for m in side["melds"]) or "no melds"
        rest = " ".join(side["deadwood"]) or "-"
        return f"{melds}  deadwood: {rest} = {side['points']}"

    lines = [
        f"Hand {number}: {names[knocker]} {verb}",
        f"  {names[knocker]:>12}: {layout(k)}",
        f"  {names[1 - knocker]:>12}: {layout(d)}",
    ]
    if settlement["layoffs"]:
        laid = ", ".join(
            f"{x['card']} on [{' '.join(k['melds'][x['meld']])}]" for x in settlement["layoffs"]
        )
        lines.append(f"  lay-offs: {laid}")
    winner = knocker if settlement["winner"] == "knocker" else 1 - knocker
    how = {
        "gin": "gin: 25 + deadwood",
        "knock": "difference of deadwood",
        "undercut": "undercut: 25 + difference",
    }[settlement["kind"]]
    doubled = " ×2 (spade upcard, GIN-12)" if result["multiplier"] == 2 else ""
    total = settlement["points"] * result["multiplier"]
    lines.append(f"  {names[winner]} scores {total} ({how}{doubled})")
    return lines


def play_match(game: str, mode: str, seed: int, players: Sequence[str]) -> int:
    match = new_match(game, seed=seed, mode=mode)
    bots = [make_bot(game, kind, seed=seed + seat) for seat, kind in enumerate(players)]
    names = [f"P{seat + 1} ({kind})" for seat, kind in enumerate(players)]
    target = match.view(None)["match"]["target"]
    print(f"Gin Rummy, {mode}, to {target} — seed {seed} (replay with --seed {seed})")
    shown = 0
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(decide(match, bots[seat]))
        history = match.view(None)["match"]["hands"]
        for entry in history[shown:]:
            for line in describe_hand(entry["number"], entry["result"], names):
                print(line)
            totals = entry["totals"]
            print(f"  totals: {names[0]} {totals[0]}, {names[1]} {totals[1]}")
        shown = len(history)
    final = match.view(None)["match"]
    print(
        f"{names[final['winner']]} wins the match {max(final['totals'])}–"
        f"{min(final['totals'])} after {len(final['hands'])} hands"
    )
    return 0


def serve(args: argparse.Namespace) -> int:
    import logging

    import uvicorn

    from rummyhall.server import Settings, create_app

    settings = Settings(
        database_url=args.db,
        away_after=args.away_after,
        bot_delay=args.bot_delay,
        messages_per_second=args.rate,
        message_burst=max(1, int(2 * args.rate)),
        creations_per_minute=args.creation_rate,
        creation_burst=max(1, int(2 * args.creation_rate)),
        bot_levels=tuple(args.bot_levels.split(",")),
        away_level=args.away_level,
        compression=args.compression,
        match_seed=args.match_seed,
    )
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    print(f"rummyhall: serving on http://{args.host}:{args.port}/ (database {args.db})")
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=4 * settings.max_message_bytes,
        ws_per_message_deflate=settings.compression,
        limit_concurrency=settings.max_connections,
    )
    return 0


def run_arena(args: argparse.Namespace, kinds: tuple[str, str]) -> int:
    from rich.progress import Progress

    options: dict[str, object] = {"budget": args.budget}
    if args.simulations is not None:
        options = {"simulations": args.simulations}
    with Progress(transient=True) as bar:
        job = bar.add_task(f"{args.game}: {kinds[0]} vs {kinds[1]}", total=2 * args.games)
        report = arena.run(
            args.game,
            kinds,
            args.games,
            args.seed,
            workers=args.workers,
            options=options,
            progress=lambda done, total: bar.update(job, completed=done),
        )
    for line in report.lines():
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rummyhall", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    server = commands.add_parser("serve", help="run the game server (web, API, WebSocket)")
    server.add_argument("--host", default="127.0.0.1")
    server.add_argument("--port", type=int, default=8000)
    server.add_argument("--db", default="sqlite:///rummyhall.db", help="SQLAlchemy database URL")
    server.add_argument(
        "--away-after",
        type=float,
        default=60.0,
        help="seconds before an absent player's seat is played by a bot",
    )
    server.add_argument(
        "--bot-delay", type=float, default=0.4, help="seconds a bot waits before moving"
    )
    server.add_argument(
        "--rate", type=float, default=20.0, help="messages per second allowed per connection"
    )
    server.add_argument(
        "--creation-rate",
        type=float,
        default=30.0,
        help="guests and rooms one address may create per minute",
    )
    server.add_argument(
        "--bot-levels", default=",".join(LEVELS), help="bot levels offered, comma separated"
    )
    server.add_argument(
        "--away-level", default="medium", help="bot level that plays for an away player"
    )
    server.add_argument(
        "--compression",
        action="store_true",
        help="per-message deflate on the WebSocket (fewer bytes, more CPU)",
    )
    server.add_argument(
        "--match-seed",
        type=int,
        default=None,
        help="start every match from this seed (for tests: repeatable deals)",
    )
    server.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    match = commands.add_parser("match", help="play a match between computer players")
    match.add_argument("game", choices=["gin"])
    match.add_argument("--mode", choices=["standard", "oklahoma"], default="standard")
    match.add_argument("--seed", type=int, default=None)
    match.add_argument(
        "--players",
        default="medium,medium",
        help=f"two bot kinds, comma separated ({', '.join(KINDS)})",
    )
    duel = commands.add_parser(
        "arena", help="measure two bots over paired deals (each deal played twice, seats swapped)"
    )
    duel.add_argument("game", choices=arena.GAMES)
    duel.add_argument("--bots", default="hard,medium", help="two bot kinds, comma separated")
    duel.add_argument("--games", type=int, default=100, help="deals, each played twice")
    duel.add_argument("--seed", type=int, default=1)
    duel.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    duel.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET, help="hard bots' seconds per move"
    )
    duel.add_argument(
        "--simulations", type=int, default=None, help="hard bots: fixed search per move"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        try:
            return serve(args)
        except ValueError as error:
            print(f"rummyhall: {error}", file=sys.stderr)
            return 2
    try:
        if args.command == "arena":
            kinds = args.bots.split(",")
            if len(kinds) != 2:
                parser.error("--bots takes exactly two kinds")
            return run_arena(args, (kinds[0], kinds[1]))
        players = args.players.split(",")
        if len(players) != 2:
            parser.error("--players takes exactly two kinds")
        seed = random_seed() if args.seed is None else args.seed
        return play_match(args.game, args.mode, seed, players)
    except RummyhallError as error:
        print(f"rummyhall: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
