"""``rummyhall play GAME``: a whole game against bots in the terminal.

You sit in seat 1; the bots (``--vs easy|medium|hard``) fill the other seats and get
their moves through ``bots.decide``, so they see only their own views. On your turn the
table is drawn (:mod:`rummyhall.terminal.screens`) with the moves you may make
(:mod:`rummyhall.terminal.controls`); a move the rules forbid is refused with its rule ID
and you try again. After each hand come the result's explanation and the score sheet.
``q``, Ctrl-C or end of input leave the game; ``--save FILE`` writes its record (for
``rummyhall replay``) when the game ends or is left.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from rummyhall.actions import Action, Drop
from rummyhall.bots import LEVELS, Bot, decide, make_bot
from rummyhall.cli.games import add_game_options, check_game_options, seat_names, start, title
from rummyhall.errors import NotationError
from rummyhall.game import GameState, random_seed
from rummyhall.terminal.console import make_console
from rummyhall.terminal.controls import menu, parse
from rummyhall.terminal.i18n import tr
from rummyhall.terminal.narrator import Narrator, hand_label
from rummyhall.terminal.screens import render

HUMAN = 0
MAX_WIDTH = 100
"""Wider terminals get at most this many columns of layout."""


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "play",
        parents=[common],
        help="play a game against bots in the terminal",
        description="Play a game against bots in the terminal: you are seat 1, the bots "
        "take the other seats. Type ? during the game for the keys.",
    )
    add_game_options(parser)
    parser.add_argument("--vs", choices=LEVELS, default="medium", help="the bots' level")
    parser.add_argument(
        "--save", type=Path, metavar="FILE", help="write the game's record to this file at the end"
    )
    parser.set_defaults(run=lambda args: run(parser, args))


class Quit(Exception):
    """The player leaves the game."""


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    variant, players = check_game_options(parser, args)
    seed = random_seed() if args.seed is None else args.seed
    state = start(args.game, variant, seed, players)
    console = make_console()
    levels: list[str | None] = [None] + [args.vs] * (players - 1)
    bots = {seat: make_bot(args.game, args.vs, seed=seed + seat) for seat in range(1, players)}
    table = Table(
        state,
        console,
        seat_names(levels),
        bots,
        f"{title(args.game, variant.name)} · {tr('seed', seed=seed)}",
    )
    status = 0
    try:
        table.play()
    except (Quit, EOFError, KeyboardInterrupt) as stop:
        console.print()
        console.print(tr("bye", seed=seed))
        status = 130 if isinstance(stop, KeyboardInterrupt) else 0
    finally:
        if args.save is not None:
            args.save.write_text(json.dumps(state.to_json(), indent=1) + "\n", encoding="utf-8")
            console.print(tr("saved", path=args.save))
    return status


class Table:
    """One human seat (:data:`HUMAN`) and bots around a game state."""

    def __init__(
        self, state: GameState, console: Console, names: list[str], bots: dict[int, Bot], title: str
    ) -> None:
        self.state = state
        self.console = console
        self.names = names
        self.bots = bots
        self.title = title
        self.narrator = Narrator(console, state.game, names)

    def play(self) -> None:
        state = self.state
        while state.current_player is not None:
            seat = state.current_player
            action = self.ask() if seat == HUMAN else self.bot_move(seat)
            before = state.view(HUMAN)
            events = [event.to_json() for event in state.apply(action)]
            if self.narrator.after(before, events, state.view(HUMAN)) and not state.is_over:
                self.read(tr("continue"))
        self.narrator.final(state.view(HUMAN))

    def bot_move(self, seat: int) -> Action:
        """The bot's move; on a terminal a spinner shows while it thinks."""
        if not self.console.is_terminal:
            return decide(self.state, self.bots[seat])
        with self.console.status(tr("waiting", who=self.names[seat])):
            return decide(self.state, self.bots[seat])

    def ask(self) -> Action:
        """Draw the table and read moves until one is legal."""
        state = self.state
        view = state.view(HUMAN)
        legal = state.legal_actions()
        width = min(self.console.width, MAX_WIDTH)
        number = hand_label(view)
        heading = self.title if number is None else f"{self.title} · {number}"
        screen = render(view, self.names, title=heading, width=width)
        for part in screen.parts:
            self.console.print(part)
        hints = menu(view, legal, screen.order)
        for hint in hints:
            self.console.print(hint, style="cyan")
        while True:
            line = self.read(Text(f"{tr('your_turn')} > ", style="bold green"))
            if line in ("?", "h", "help"):
                self.console.print(tr(f"help.{state.game}"))
                continue
            if not line:
                for hint in hints:
                    self.console.print(hint, style="cyan")
                continue
            try:
                action = parse(line, view, legal, screen.order)
            except NotationError as bad:
                self.console.print(str(bad), style="bold red")
                continue
            illegal = state.is_legal(action)
            if illegal is not None:
                self.console.print(f"{illegal.rule}: {illegal.message}", style="bold red")
                continue
            if isinstance(action, Drop) and not self.confirm_drop(view):
                continue
            return action

    def read(self, prompt: str | Text) -> str:
        """One line of input; ``q`` leaves the game at any prompt."""
        line = self.console.input(prompt).strip()
        if line.lower() in ("q", "quit", "exit"):
            raise Quit
        return line

    def confirm_drop(self, view: Mapping[str, Any]) -> bool:
        """IND-11: a drop ends your deal at once, so it is confirmed first."""
        penalty = view["drop_penalty"][HUMAN]
        return self.read(tr("confirm_drop", n=penalty)).lower() in ("y", "yes", "是")
