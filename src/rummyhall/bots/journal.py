"""An arena run's finished games, one JSON line each, so that a measurement of hours
survives being stopped: run again with the same journal, the arena plays only the games
it lacks and counts the others as they were played.

A game is known by everything that decides it (game, variant and match options, deal
and its seed, seats, bot kinds and their search options), so a journal shared by runs
of other bots, budgets or seeds gives each only its own games. A line cut short by a
stop in mid-write is the last one; it is left out, and the game played again."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rummyhall.bots.paired import Outcome, Played, Task
from rummyhall.errors import NotationError


def task_key(task: Task) -> str:
    """What decides a game of the arena, as one text."""
    return json.dumps(
        [
            task.game,
            task.variant,
            [list(item) for item in task.match_options],
            task.deal,
            task.seed,
            task.swapped,
            list(task.kinds),
            task.options,
        ],
        sort_keys=True,
    )


def _outcome(data: list[int]) -> Outcome:
    return Outcome(data[0], data[1])


class Journal:
    """The games finished so far in the file at ``path`` (created when missing)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lines: dict[str, dict[str, Any]] = {}
        data = self.path.read_bytes() if self.path.exists() else b""
        whole = data.rfind(b"\n") + 1
        self._cut_at = whole if whole < len(data) else None
        """Where a last line cut short begins: the next write replaces it."""
        for number, line in enumerate(data[:whole].decode("utf-8").splitlines(), 1):
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                entry = None
            if not isinstance(entry, dict) or not isinstance(entry.get("task"), str):
                raise NotationError(f"{self.path}, line {number}: not an arena journal's line")
            self._lines[entry["task"]] = entry
        if self._cut_at is not None and not data[whole:].startswith(b"{"):
            number = data.count(b"\n") + 1  # a line that was never one of ours
            raise NotationError(f"{self.path}, line {number}: not an arena journal's line")

    def __len__(self) -> int:
        return len(self._lines)

    def played(self, task: Task) -> Played | None:
        """``task``'s game as the journal holds it, or ``None``."""
        entry = self._lines.get(task_key(task))
        if entry is None:
            return None
        hands = [_outcome(hand) for hand in entry["hands"]]
        first, second = entry["seconds"]
        return Played(task, _outcome(entry["game"]), hands, (first, second))

    def write(self, played: Played) -> None:
        """Add a finished game: on disk before this returns."""
        key = task_key(played.task)
        entry = {
            "task": key,
            "game": [played.game.first, played.game.second],
            "hands": [[hand.first, hand.second] for hand in played.hands],
            "seconds": [played.seconds[0], played.seconds[1]],
        }
        self._lines[key] = entry
        if self._cut_at is not None:
            os.truncate(self.path, self._cut_at)
            self._cut_at = None
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")
            file.flush()
            os.fsync(file.fileno())
