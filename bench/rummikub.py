"""Rummikub best play (RKB-5, RKB-6) against the PyPI package ``rummikub-solver`` (MILP),
in one run.

    python bench/rummikub.py [--positions N] [--seed S] [--no-peer] [--exhaustive N]

Positions come from a seeded ``random.Random``: a shuffled 106-tile pool; valid sets are
dealt onto the table (a random tile of the pool, grown into a run or group around it from
tiles still in the pool; a missing tile is replaced by a joker while the pool holds one)
until the table holds 20–60 tiles; the rack is then dealt from the rest, so jokers land on
the table or the rack at their natural rate. The rows "jokers on the table" keep only
deals whose table holds a joker (one or two), where joker release (RKB-6) matters.

Both solvers get the same positions and maximise the rack tiles placed (jokers count as
tiles). Ours is ``rummikub.best_play`` on notation strings (parsing included); the first
line says which of its sweeps ran: the compiled one (``c``) or the pure-Python reference
(``python``: the C extension is not built, or ``RUMMYHALL_SWEEP=python``). The peer is
``RuleSet.solve(state, SolverMode.TILE_COUNT)`` on a state built before the clock starts;
its model (``RuleSet()``, about 0.5–1 s) is built once and a warm-up solve is made before
timing, both excluded. Its default backend is SciPy (HiGHS via ``scipy.optimize.milp``);
do not install ``highspy``, which switches it. A peer that is not installed is reported as
such (``pip install .[bench]``).

Every answer, ours and the peer's, is judged by ``check_turn`` (RKB-5, RKB-6): the peer
ignores joker release (a table joker moves freely), so some of its answers are illegal;
ours must never be. The peer's free jokers (left out of its sets) are put back into the
first set that takes them, else its answer loses a table tile (illegal, RKB-5).
Disagreements on the optimal tile count are split by who places more: a peer placing more
with a legal answer would be a bug of ours; placing more only illegally is RKB-6 at work;
placing fewer is a set outside its catalogue: runs of 4–5 only with jokers inside and
groups of 4 only without jokers (``R5 R6 R7 R8`` + ``*`` → ``R5 … R9``, or
``R5 B5 K5`` + ``*``, are out of its reach).

``--exhaustive N`` adds N small positions with one or two jokers on the table (one in
four with a joker that must keep a tile whose two real copies are in play too), each
solved by the tests' exhaustive search (``tests/games/rummikub/brute_force.py``: every
partition of the table plus the tiles placed, every reading, RKB-6 applied) and counts
our answers that are illegal or place fewer tiles or less value: both must be 0.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummyhall.errors import IllegalAction
from rummyhall.games import rummikub
from rummyhall.games.rummikub.sweep import SWEEP_IMPLEMENTATION
from tests.games.rummikub.brute_force import brute_best_play, legal_value
from tests.games.rummikub.positions import (
    ALL_TILES,
    random_set,
    small_joker_position,
    small_stand_in_position,
)

RUN_LENGTHS = (3, 3, 4, 4, 5, 6)
"""Lengths of the runs dealt onto the table."""
Position = tuple[list[list[str]], list[str]]
Table = list[list[str]]


# ----------------------------------------------------------------------- positions


def new_pool(rng: random.Random) -> list[str]:
    pool = list(ALL_TILES)
    rng.shuffle(pool)
    return pool


def deal_position(
    rng: random.Random, table_size: int, rack_size: int, table_jokers: bool = False
) -> Position:
    """A deal (module docstring); with ``table_jokers`` one whose table holds a joker."""
    while True:
        pool = new_pool(rng)
        table: list[list[str]] = []
        placed = 0
        while placed < table_size:
            tiles = random_set(rng, pool, RUN_LENGTHS)
            if tiles is not None and placed + len(tiles) <= table_size + 3:
                table.append(tiles)
                placed += len(tiles)
        if not table_jokers or any("*" in tiles for tiles in table):
            return table, pool[:rack_size]


def legal(position: Position, table: Table | None) -> bool:
    """Does ``table`` pass ``check_turn`` (RKB-5, RKB-6)? ``None``, no play, always does."""
    if table is None:
        return True
    try:
        rummikub.check_turn(*position, table, melded=True)
    except IllegalAction:
        return False
    return True


def placed(position: Position, table: Table | None) -> int:
    """Rack tiles a new table holds beyond the old one."""
    if table is None:
        return 0
    old = Counter(t for s in position[0] for t in s)
    return (Counter(t for s in table for t in s) - old).total()


# ------------------------------------------------------------------------- solvers


def ours(position: Position) -> tuple[Table | None, float]:
    table, rack = position
    start = time.perf_counter()
    result = rummikub.best_play(table, rack)
    return result, time.perf_counter() - start


class Peer:
    """``rummikub-solver`` (MILP after den Hertog & Hulshof 2006), maximising tiles placed."""

    def __init__(self) -> None:
        from rummikub_solver import Colour, Number, RuleSet, SolverMode

        start = time.perf_counter()
        self.ruleset = RuleSet()
        self.build_seconds = time.perf_counter() - start
        self.mode = SolverMode.TILE_COUNT
        colours = {Colour.RED: "R", Colour.BLUE: "B", Colour.BLACK: "K", Colour.ORANGE: "O"}
        self.tiles: dict[str, Any] = {}
        for tile in self.ruleset.tiles:
            if isinstance(tile, Number):
                self.tiles[f"{colours[tile.colour]}{tile.value}"] = tile
            else:
                self.tiles["*"] = tile
        self.names = {tile: name for name, tile in self.tiles.items()}
        self.backend = str(self.ruleset.backend)
        self.solve(([["R1", "R2", "R3"]], ["R4"]))  # warm-up, not timed

    def solve(self, position: Position) -> tuple[Table | None, float]:
        table, rack = position
        state = self.ruleset.new_game()
        state.add_table(*(self.tiles[t] for s in table for t in s))
        state.add_rack(*(self.tiles[t] for t in rack))
        state.initial = False
        start = time.perf_counter()
        solution = self.ruleset.solve(state, self.mode)
        seconds = time.perf_counter() - start
        if solution is None:
            return None, seconds
        sets = [[self.names[tile] for tile in tiles] for tiles in solution.sets]
        return with_free_jokers(sets, solution.free_jokers), seconds


def with_free_jokers(sets: Table, jokers: int) -> Table:
    """The peer's free jokers put into the first sets that stay valid with them (module
    docstring); any left over are simply missing from the table."""
    for _ in range(jokers):
        for tiles in sets:
            if rummikub.is_valid_set([*tiles, "*"]):
                tiles.append("*")
                break
    return sets


def load_peer() -> Peer | None:
    try:
        return Peer()
    except ImportError:
        return None


# ------------------------------------------------------------------------- report


def summary(seconds: list[float]) -> str:
    ms = sorted(s * 1e3 for s in seconds)
    p99 = statistics.quantiles(ms, n=100, method="inclusive")[98] if len(ms) > 1 else ms[0]
    return f"median {statistics.median(ms):7.2f} ms  p99 {p99:7.2f} ms  max {ms[-1]:7.2f} ms"


def compare(name: str, positions: list[Position], peer: Peer | None) -> None:
    print(f"\n{name}: {len(positions)} positions")
    our_tables, our_times = zip(*(ours(p) for p in positions), strict=True)
    our_counts = [placed(p, t) for p, t in zip(positions, our_tables, strict=True)]
    our_illegal = sum(not legal(p, t) for p, t in zip(positions, our_tables, strict=True))
    jokers = sum(1 for t, r in positions if "*" in r or any("*" in s for s in t))
    on_table = sum(1 for t, _ in positions if any("*" in s for s in t))
    print(f"  positions with a joker in play: {jokers}, on the table: {on_table}")
    print(f"  ours (rummyhall DP)   {summary(list(our_times))}")
    print(f"    answers illegal under RKB-5/RKB-6 (check_turn; must be 0): {our_illegal}")
    if peer is None:
        print("  rummikub-solver       not run (--no-peer) or not installed (pip install .[bench])")
        return
    peer_tables, peer_times = zip(*(peer.solve(p) for p in positions), strict=True)
    peer_counts = [placed(p, t) for p, t in zip(positions, peer_tables, strict=True)]
    peer_legal = [legal(p, t) for p, t in zip(positions, peer_tables, strict=True)]
    print(f"  rummikub-solver       {summary(list(peer_times))}")
    ratio = statistics.median(peer_times) / statistics.median(our_times)
    print(f"  median ratio peer / ours: {ratio:.1f}×")
    illegal = peer_legal.count(False)
    print(
        f"  peer answers illegal under RKB-5/RKB-6 (check_turn): {illegal} "
        f"({100 * illegal / len(positions):.1f} %)"
    )
    pairs = list(enumerate(zip(our_counts, peer_counts, strict=True)))
    fewer = [i for i, (a, b) in pairs if b < a]
    more = [i for i, (a, b) in pairs if b > a and peer_legal[i]]
    cheats = [i for i, (a, b) in pairs if b > a and not peer_legal[i]]
    print(f"  optimal tile count differs: {len(fewer) + len(more) + len(cheats)}")
    print(f"    peer places more, legally (a bug of ours; must be 0): {len(more)}")
    print(f"    peer places more only by an illegal answer (RKB-6): {len(cheats)}")
    print(f"    peer places fewer (set outside its catalogue; our layout checked): {len(fewer)}")
    for i in (more + fewer + cheats)[:3]:
        table, rack = positions[i]
        print(f"      e.g. ours {our_counts[i]}, peer {peer_counts[i]}: table {table} rack {rack}")


def exhaustive(count: int, rng: random.Random) -> None:
    """Our answers against the exhaustive search on small joker positions (docstring)."""
    illegal = worse = 0
    for i in range(count):
        make = small_stand_in_position if i % 4 == 3 else small_joker_position
        table, rack = make(rng)
        result = rummikub.best_play(table, rack)
        if not legal((table, rack), result):
            illegal += 1
            continue
        got = (0, 0)
        if result is not None:
            got = (placed((table, rack), result), legal_value(table, rack, result) or 0)
        worse += got != brute_best_play(table, rack)
    print(
        f"\nexhaustive search, small positions with jokers on the table: {count} "
        f"(one in four with a joker beside both copies of its tile)"
    )
    print(f"  ours illegal (must be 0): {illegal}, sub-optimal (must be 0): {worse}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per row")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-peer", action="store_true", help="time ours only")
    parser.add_argument(
        "--exhaustive", type=int, default=0, help="small joker positions for the exhaustive check"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"rummyhall: {SWEEP_IMPLEMENTATION} sweep")
    peer = None if args.no_peer else load_peer()
    if peer is not None:
        print(
            f"rummikub-solver: backend {peer.backend}, model built once in "
            f"{peer.build_seconds:.2f} s (excluded from the timings)"
        )
    rows = {
        "14-tile racks, 20–60-tile tables": (14, 20, 60, False),
        "30-tile racks, 20–60-tile tables": (30, 20, 60, False),
        "14-tile racks, 30–60-tile tables": (14, 30, 60, False),
        "14-tile racks, 30–60-tile tables, jokers on the table": (14, 30, 60, True),
        "30-tile racks, 20–60-tile tables, jokers on the table": (30, 20, 60, True),
    }
    for name, (rack, low, high, jokers) in rows.items() if args.positions else ():
        positions = [
            deal_position(rng, rng.randint(low, high), rack, jokers) for _ in range(args.positions)
        ]
        compare(name, positions, peer)
    if args.exhaustive:
        exhaustive(args.exhaustive, rng)


if __name__ == "__main__":
    main()
