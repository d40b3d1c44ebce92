"""Where ``replay`` and ``export`` get a saved game: a file, or a game id looked up by a
:data:`RecordReader`.

A record is what ``GameState.to_json()`` writes (docs/records.md): ``game``, ``kind``,
``version``, ``seed``, ``options``, ``log`` (the actions in JSON form), for a single
hand the stacked ``deck`` when there was one, and optionally a ``snapshot`` that loading
checks. ``rummyhall.load(record)`` replays it exactly.

Game ids belong to the game server's database. The reader that looks them up is the one
seam between the command and the server's storage: :func:`database_reader` returns it
for a database URL.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from rummyhall.actions import JSON
from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.registry import load

RecordReader = Callable[[str], JSON]
"""Returns the record of a finished game by its id; raises :class:`NotationError` if the
store holds no such game."""

DEFAULT_DATABASE = "sqlite:///rummyhall.db"
"""Where ``rummyhall serve`` keeps its games unless told otherwise."""


def database_reader(url: str) -> RecordReader:
    """The reader of the game server's database at ``url``: finished matches only, as
    the server's replays are (a match in progress keeps its secrets)."""
    from rummyhall.server.people.replays import game_record
    from rummyhall.server.storage.database import make_engine
    from rummyhall.server.storage.repository import Repository

    repository = Repository(make_engine(url))

    def read(game_id: str) -> JSON:
        found = repository.matches.finished_match(game_id)
        if found is None:
            raise NotationError(f"no finished game {game_id!r} in {url}")
        match, log, _ = found
        return game_record(match, log)

    return read


def add_source(parser: argparse.ArgumentParser, metavar: str) -> None:
    """The saved game a command reads: a file or a game id, and ``--db`` for ids."""
    parser.add_argument("game", metavar=metavar, help="a record file, or a game id")
    parser.add_argument(
        "--db", default=DEFAULT_DATABASE, help=f"the server's database URL ({DEFAULT_DATABASE})"
    )


def read(args: argparse.Namespace) -> JSON:
    """The record in the file ``args.game`` names, or else the game with that id in the
    database ``args.db``."""
    path = Path(args.game)
    if path.is_file():
        return read_file(path)
    return database_reader(args.db)(args.game)


def read_file(path: Path) -> JSON:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise NotationError(f"{path}: not a game record ({error})") from None
    if not isinstance(record, dict):
        raise NotationError(f"{path}: a game record is a JSON object")
    return record


def checked(record: JSON) -> GameState:
    """The game of ``record`` replayed to its end; a corrupt record is an error."""
    return load(record)
