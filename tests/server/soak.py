"""The soak: plain ``kill -9`` of the server at random moments while bot games run, then a
restart, over and over; every cycle is audited (:mod:`tests.server.pilot`).

``make soak`` runs 200 cycles (``python -m tests.server.soak --cycles 200``); the test
suite runs a short version (``test_soak.py``). The rooms mix the three games and every
kind of seat: people who stay, people whose connection drops after each of their moves
(their seats are played by the away bot while they are gone), and bots.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.server.harness import Server
from tests.server.pilot import Pilot, PilotedRoom, open_room

ROOMS: list[tuple[str, dict[str, Any], bool]] = [
    ("gin", {"game": "gin", "bots": [None, "medium"]}, False),
    ("gin", {"game": "gin", "options": {"mode": "oklahoma"}, "bots": [None, "easy"]}, True),
    (
        "indian",
        {"game": "indian", "options": {"players": 3}, "bots": [None, None, "medium"]},
        True,
    ),
    ("indian", {"game": "indian", "options": {"format": "pool101"}, "bots": [None, "easy"]}, False),
    ("rummikub", {"game": "rummikub", "options": {"rounds": 1}, "bots": [None, "easy"]}, False),
]
"""(game, room request, flaky players) of the rooms a soak plays, each as many times as
``--copies`` says."""


@dataclass
class SoakReport:
    cycles: int
    restarts: int
    acknowledged: int
    """Actions the clients were acknowledged, over every match."""
    matches: int
    seconds: float
    slowest_restart: float
    problems: list[str]

    def __str__(self) -> str:
        return (
            f"{self.cycles} kill -9 cycles, {self.restarts} restarts (slowest "
            f"{self.slowest_restart:.2f} s), {self.acknowledged} acknowledged actions in "
            f"{self.matches} matches, {self.seconds:.0f} s: "
            + ("no problem" if not self.problems else f"{len(self.problems)} problems")
        )


def soak(folder: Path, cycles: int, seed: int, copies: int = 1) -> SoakReport:
    """Play the rooms on a fresh server in ``folder`` and kill it ``cycles`` times at
    random moments (seeded); a last kill audits the end."""
    rng = random.Random(seed)
    server = Server(folder / "soak.db", "--away-after", "1").start()
    started = time.monotonic()
    restarts: list[float] = []
    try:
        rooms: list[PilotedRoom] = []
        for copy in range(copies):
            for game, request, flaky in ROOMS:
                people = request["bots"].count(None)
                humans = [f"{game}{copy}p{seat}" for seat in range(people)]
                room = open_room(server, humans, matches=10**6, **request)
                room.flaky = flaky
                rooms.append(room)
        pilot = Pilot(server, rooms)

        async def killer() -> None:
            for _ in range(cycles):
                await asyncio.sleep(rng.uniform(0.1, 1.5))
                begun = time.monotonic()
                await pilot.kill()
                restarts.append(time.monotonic() - begun)

        asyncio.run(pilot.run(deadline=cycles * 30 + 60, until=killer))
    finally:
        server.stop()
    return SoakReport(
        cycles=cycles,
        restarts=pilot.restarts,
        acknowledged=sum(sum(room.acked.values()) for room in rooms),
        matches=sum(len(room.acked) for room in rooms),
        seconds=time.monotonic() - started,
        slowest_restart=max(restarts, default=0.0),
        problems=pilot.problems,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None, help="default: a random one")
    parser.add_argument("--copies", type=int, default=2, help="copies of each room")
    args = parser.parse_args()
    seed = random.randrange(2**32) if args.seed is None else args.seed
    print(f"soak: seed {seed}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        report = soak(Path(folder), args.cycles, seed, args.copies)
    print(f"soak: {report}")
    for problem in report.problems:
        print(f"  {problem}")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
