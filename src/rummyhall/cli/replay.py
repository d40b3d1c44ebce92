"""``rummyhall replay FILE|GAME_ID``: step through a saved game, forwards and back.

The game is rebuilt from its record (seed + action log) one action at a time; every
position is drawn from views, as one seat saw it (``--seat N``) or with all cards face
up (``--all``, the default). Keys: Enter or ``n`` next, ``b`` back, ``g N`` go to move
N, ``v N`` seat N's view, ``a`` all cards, ``e`` end, ``q`` quit. ``--moves`` prints the
whole move list instead.
"""

from __future__ import annotations

import argparse
import copy
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from rummyhall.actions import JSON
from rummyhall.cli.games import title, variant_of
from rummyhall.cli.records import add_source, read
from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.registry import load_start
from rummyhall.terminal.console import make_console
from rummyhall.terminal.i18n import tr
from rummyhall.terminal.moves import describe
from rummyhall.terminal.narrator import HAND_OVER, Narrator, hand_label
from rummyhall.terminal.screens import render

CHECKPOINT = 32
"""Every so many moves a copy of the state is kept, so stepping back is quick."""


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "replay",
        parents=[common],
        help="step through a saved game move by move",
        description="Step through a saved game (a record file, or a game id from the "
        "server's database), from one seat's view or with all cards face up. Keys: Enter "
        "or n next, b back, g N go to move N, v N seat N's view, a all cards, e end, q quit.",
    )
    add_source(parser, "FILE|GAME_ID")
    parser.add_argument("--seat", type=int, metavar="N", help="show what seat N (1, 2, …) saw")
    parser.add_argument("--all", action="store_true", help="show every hand (the default)")
    parser.add_argument("--at", type=int, default=0, metavar="N", help="start at move N")
    parser.add_argument("--moves", action="store_true", help="print the move list and exit")
    parser.set_defaults(run=run)


class Replay:
    """A record's game at any move: positions are rebuilt from the nearest checkpoint."""

    def __init__(self, record: JSON) -> None:
        self.record = record
        self.log: list[JSON] = list(record.get("log", []))
        start = load_start(record)
        self.game = start.game
        self.players = start.num_players
        self.checkpoints: dict[int, GameState] = {0: start}
        self.index = 0
        self.state = copy.deepcopy(start)
        self.events: list[JSON] = []  # what the last move returned
        self.before: Mapping[str, Any] = {}  # spectator view before the last move

    def go(self, index: int) -> None:
        """Move to the position after ``index`` actions."""
        if not 0 <= index <= len(self.log):
            raise NotationError(tr("replay.bad_move", n=len(self.log)))
        if index < self.index or index == 0:
            base = max(i for i in self.checkpoints if i <= max(index - 1, 0))
            self.state = copy.deepcopy(self.checkpoints[base])
            self.index = base
            self.events = []
        while self.index < index:
            self.before = self.state.view(None)
            self.events = [e.to_json() for e in self.state.apply_json(self.log[self.index])]
            self.index += 1
            if self.index % CHECKPOINT == 0 and self.index not in self.checkpoints:
                self.checkpoints[self.index] = copy.deepcopy(self.state)


def seat_labels(players: int) -> list[str]:
    return [tr("seat", n=seat + 1) for seat in range(players)]


def run(args: argparse.Namespace) -> int:
    record = read(args)
    replay = Replay(record)
    console = make_console()
    names = seat_labels(replay.players)
    if args.seat is not None and not 1 <= args.seat <= replay.players:
        raise NotationError(tr("replay.bad_seat", n=replay.players))
    seat = None if args.seat is None else args.seat - 1
    if args.moves:
        print_moves(console, replay, names)
        return 0
    replay.go(args.at)
    heading = title(
        replay.game, variant_of(replay.game, record.get("options", {}), str(record.get("kind")))
    )
    while True:
        show(console, replay, names, seat, heading)
        command = console.input(Text(f"{tr('replay.keys')}\n> ", style="cyan")).strip().lower()
        try:
            if command in ("q", "quit"):
                return 0
            seat = step(replay, command, seat)
        except NotationError as error:
            console.print(str(error), style="bold red")


def step(replay: Replay, command: str, seat: int | None) -> int | None:
    """Apply one replay command; returns the seat to show (``None``: all cards)."""
    word, _, rest = command.partition(" ")
    if word in ("", "n"):
        replay.go(min(replay.index + 1, len(replay.log)))
    elif word == "b":
        replay.go(max(replay.index - 1, 0))
    elif word == "e":
        replay.go(len(replay.log))
    elif word == "g" and rest.strip().isdigit():
        replay.go(int(rest))
    elif word == "a":
        return None
    elif word == "v" and rest.strip().isdigit():
        number = int(rest)
        if not 1 <= number <= replay.players:
            raise NotationError(tr("replay.bad_seat", n=replay.players))
        return number - 1
    else:
        raise NotationError(tr("unknown_key", text=command))
    return seat


def show(
    console: Console, replay: Replay, names: list[str], seat: int | None, heading: str
) -> None:
    """The position: the table from the chosen view, the last move, a hand's result."""
    state = replay.state
    view = state.view(seat)
    hands = None
    if seat is None:
        hands = {
            s: state.view(s).get("hand") or state.view(s).get("rack") or []
            for s in range(replay.players)
        }
    where = (
        tr("replay.move", i=replay.index, n=len(replay.log)) if replay.index else tr("replay.start")
    )
    who = tr("replay.view_all") if seat is None else tr("replay.view_seat", who=names[seat])
    number = hand_label(view)
    text = " · ".join(part for part in (heading, number, where, who) if part)
    width = min(console.width, 100)
    for part in render(view, names, title=text, width=width, hands=hands, mine=False).parts:
        console.print(part)
    narrator = Narrator(console, replay.game, names)
    narrator.moves(replay.events)
    for event in replay.events:
        if event["type"] == HAND_OVER:
            moves = [*replay.before["moves"], *replay.events]
            narrator.result(event, replay.before, state.view(None), moves)
    if state.is_over:
        narrator.final(state.view(None))


def print_moves(console: Console, replay: Replay, names: list[str]) -> None:
    """Every move of the game, numbered, with each hand's result where it ended."""
    narrator = Narrator(console, replay.game, names)
    for index in range(1, len(replay.log) + 1):
        replay.go(index)
        lines = [describe(e, names, replay.game) for e in replay.events]
        for line in lines:
            if line is not None:
                console.print(Text.assemble((f"{index:>4}  ", "dim"), line))
        for event in replay.events:
            if event["type"] == HAND_OVER:
                moves = [*replay.before["moves"], *replay.events]
                narrator.result(event, replay.before, replay.state.view(None), moves)
    if replay.state.is_over:
        narrator.final(replay.state.view(None))
