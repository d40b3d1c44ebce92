"""``rummyhall review RECORD|GAME_ID [--seat N] [--json]``: learn from a finished game.

Every decision of a seat (of every seat without ``--seat``) is valued by the game's hard
bot from what that seat saw (:mod:`rummyhall.review`, docs/review.md); the game is
printed move by move with each reviewed move's value, its mark and the better move, then
each seat's accuracy. ``--json`` prints the record carrying the reviews instead
(docs/records.md); reviews a record already carries (today's engine, as many worlds)
are not computed again.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.text import Text

from rummyhall.actions import JSON
from rummyhall.cli.records import add_source, read
from rummyhall.cli.replay import Replay, seat_labels
from rummyhall.review import Option, Review, ReviewedMove, review, with_reviews
from rummyhall.review.marks import counted_loss
from rummyhall.review.positions import checked
from rummyhall.review.records import reusable
from rummyhall.review.reviewer import sampled_worlds
from rummyhall.terminal.console import make_console
from rummyhall.terminal.i18n import tr
from rummyhall.terminal.moves import describe
from rummyhall.terminal.narrator import HAND_OVER, Narrator

MARK_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "review",
        parents=[common],
        help="review a finished game move by move: marks, better moves, accuracy",
        description="Review a finished game (a record file, or a game id from the server's "
        "database): every decision of a seat valued by the hard bot's search from what that "
        "seat saw, each move played marked as an inaccuracy, a mistake or a blunder by what "
        "it lost, the better move shown, an accuracy per seat (docs/review.md).",
    )
    add_source(parser, "RECORD|GAME_ID")
    parser.add_argument(
        "--seat", type=int, metavar="N", help="review seat N (1, 2, …) only (default: every seat)"
    )
    parser.add_argument(
        "--worlds",
        type=int,
        metavar="N",
        help=(
            "sampled worlds a decision (default: Gin 512, Indian 48, Rummikub 64; "
            "fewer: quicker, noisier)"
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the record carrying the reviews, as JSON (docs/records.md)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = read(args)
    # A record that does not replay, a seat it does not have, a game not finished, a
    # game not reviewed yet: an error before anything is computed.
    players = checked(record, 0 if args.seat is None else args.seat - 1).num_players
    seats = range(players) if args.seat is None else [args.seat - 1]
    reviews = reviewed(record, seats, args.worlds)
    if args.json:
        found = with_reviews(record, reviews)
        sys.stdout.write(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
        return 0
    print_review(make_console(), record, reviews)
    return 0


def reviewed(record: JSON, seats: Sequence[int], worlds: int | None) -> list[Review]:
    """The seats' reviews: those the record carries from today's engine at as many
    worlds as they are, the others computed with a progress bar on the terminal's
    error stream."""
    kept = reusable(record, sampled_worlds(str(record["game"]), worlds))
    names = seat_labels(checked(record, 0).num_players)
    with Progress(console=make_console(sys.stderr), transient=True) as bar:
        found = []
        for seat in seats:
            if seat in kept:
                found.append(kept[seat])
                continue
            job = bar.add_task(tr("review.working", who=names[seat]), total=None)

            def progress(done: int, total: int, job: Any = job) -> None:
                bar.update(job, completed=done, total=total)

            found.append(review(record, seat, worlds=worlds, progress=progress))
    return found


def print_review(console: Console, record: JSON, reviews: Sequence[Review]) -> None:
    """The game move by move, each reviewed move annotated, then each seat's summary."""
    replay = Replay(record)
    names = seat_labels(replay.players)
    annotated = {move.move: (one, move) for one in reviews for move in one.moves}
    narrator = Narrator(console, replay.game, names)
    for index in range(1, len(replay.log) + 1):
        replay.go(index)
        for event in replay.events:
            line = describe(event, names, replay.game)
            if line is not None:
                console.print(Text.assemble((f"{index:>4}  ", "dim"), line))
        if index - 1 in annotated:
            one, move = annotated[index - 1]
            for line in annotation(one, move, names, replay.game):
                console.print(line)
        for event in replay.events:
            if event["type"] == HAND_OVER:
                moves = [*replay.before["moves"], *replay.events]
                narrator.result(event, replay.before, replay.state.view(None), moves)
    if replay.state.is_over:
        narrator.final(replay.state.view(None))
    console.print()
    for one in reviews:
        console.print(summary(one, names))


def annotation(one: Review, move: ReviewedMove, names: Sequence[str], game: str) -> list[Text]:
    """The lines under a reviewed move: its value, and where it lost, the loss with its
    mark (or that it is within the search's noise) and the better move; a throw that
    left more deadwood, or a play that placed fewer tiles, than the most it could, or an
    Indian discard that left the hand farther from a declaration than another (or threw
    a declaration away), as the solver says."""
    text = Text("        ")
    text.append(value_text(one.unit, move.played.value), style="dim")
    facts = move.facts
    if "most" in facts and facts["placed"] < facts["most"]:
        text.append("  " + tr("review.fewer", placed=facts["placed"], most=facts["most"]))
    if "least" in facts and facts["deadwood"] > facts["least"]:
        words = "review.gin_missed" if facts["least"] == 0 else "review.more_deadwood"
        text.append("  " + tr(words, left=facts["deadwood"], least=facts["least"]))
    if "nearest" in facts and facts["distance"] > facts["nearest"]:
        words = "review.declare_missed" if facts["nearest"] == 0 else "review.farther"
        text.append("  " + tr(words, left=facts["distance"], nearest=facts["nearest"]))
    if move.played.action == move.best.action:
        text.append(f"  ✓ {tr('review.best')}", style="green")
        return [text]
    loss = f"−{move.played.loss:.1f} {tr(f'review.unit.{one.unit}')}"
    if move.mark is not None:
        text.append(f"  {tr(f'review.mark.{move.mark}')} {loss}", style=MARK_STYLES[move.mark])
    elif counted_loss(move.played.loss, move.played.error) == 0:
        text.append(f"  {tr('review.noise', loss=loss)}", style="dim")
    else:
        text.append(f"  {loss}")
    better = describe(action_event(move.best, one.seat, move.before), names, game)
    if better is None:
        return [text]
    line = Text(f"        {tr('review.better')}: ")
    line.append_text(better)
    line.append(f" ({value_text(one.unit, move.best.value)})", style="dim")
    return [text, line]


def action_event(option: Option, seat: int, before: JSON) -> Mapping[str, Any]:
    """The move of ``option`` as the event it would have been, for :func:`describe`: a
    take names the card it takes, a play the tiles it lays."""
    event = {**option.action.to_json(), "seat": seat}
    if event["type"] == "draw" and event.get("source") == "discard":
        event["card"] = before["top"]
    if event["type"] == "play":
        laid = Counter(t for tiles in event["table"] for t in tiles)
        laid.subtract(t for tiles in before["table"] for t in tiles)
        event["played"] = sorted(laid.elements())
    return event


def value_text(unit: str, value: float) -> str:
    return tr(f"review.value.{unit}", v=f"{value:.1f}")


def summary(one: Review, names: Sequence[str]) -> Text:
    accuracy = "—" if one.accuracy is None else f"{one.accuracy:.1f}%"
    counts = tr("review.sep").join(tr(f"review.count.{mark}", n=n) for mark, n in one.marks.items())
    who, n = names[one.seat], len(one.moves)
    return Text(tr("review.summary", who=who, accuracy=accuracy, counts=counts, n=n))
