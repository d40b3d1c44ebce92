"""Rummikub best play (RKB-5) against the PyPI package ``rummikub-solver`` (MILP), in one run.

    python bench/rummikub.py [--positions N] [--seed S]

Positions come from a seeded ``random.Random``: a shuffled 106-tile pool; valid sets are
dealt onto the table (a random tile of the pool, grown into a run or group around it from
tiles still in the pool; a missing tile is replaced by a joker while the pool holds one)
until the table holds 20–60 tiles; the rack is then dealt from the rest, so jokers land on
the table or the rack at their natural rate.

Both solvers get the same positions and maximise the rack tiles placed (jokers count as
tiles). Ours is ``rummikub.best_play`` on notation strings (parsing included); the first
line says which of its sweeps ran: the compiled one (``c``) or the pure-Python reference
(``python``: the C extension is not built, or ``RUMMYHALL_SWEEP=python``). The peer is
``RuleSet.solve(state, SolverMode.TILE_COUNT)`` on a state built before the clock starts;
its model (``RuleSet()``, about 0.5–1 s) is built once and a warm-up solve is made before
timing, both excluded. Its default backend is SciPy (HiGHS via ``scipy.optimize.milp``);
do not install ``highspy``, which switches it. A peer that is not installed is reported as
such (``pip install rummikub-solver``).

Disagreements on the optimal tile count are split by who places more. Each of our layouts
is checked (every set valid, old table kept, only rack tiles added), so a position where
the peer places fewer is one its model cannot express: its set catalogue holds runs of
4–5 only with jokers inside and groups of 4 only without jokers (``R5 R6 R7 R8`` + ``*``
→ ``R5 … R9``, or ``R5 B5 K5`` + ``*``, are out of its reach). A position where the peer
places more would be a bug of ours.
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

from rummyhall.games import rummikub
from rummyhall.games.rummikub.sweep import SWEEP_IMPLEMENTATION
from tests.games.rummikub.positions import ALL_TILES, random_set

RUN_LENGTHS = (3, 3, 4, 4, 5, 6)
"""Lengths of the runs dealt onto the table."""
Position = tuple[list[list[str]], list[str]]


# ----------------------------------------------------------------------- positions


def new_pool(rng: random.Random) -> list[str]:
    pool = list(ALL_TILES)
    rng.shuffle(pool)
    return pool


def deal_position(rng: random.Random, table_size: int, rack_size: int) -> Position:
    pool = new_pool(rng)
    table: list[list[str]] = []
    placed = 0
    while placed < table_size:
        tiles = random_set(rng, pool, RUN_LENGTHS)
        if tiles is not None and placed + len(tiles) <= table_size + 3:
            table.append(tiles)
            placed += len(tiles)
    return table, pool[:rack_size]


# ------------------------------------------------------------------------- solvers


def ours(position: Position) -> tuple[int, float]:
    table, rack = position
    start = time.perf_counter()
    result = rummikub.best_play(table, rack)
    seconds = time.perf_counter() - start
    if result is None:
        return 0, seconds
    old = Counter(t for s in table for t in s)
    new = Counter(t for s in result for t in s)
    added = new - old
    assert not old - new, "a table tile went missing"
    assert not added - Counter(rack), "a tile that was not on the rack appeared"
    assert all(rummikub.is_valid_set(s) for s in result), result
    return sum(added.values()), seconds


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
        self.backend = str(self.ruleset.backend)
        self.solve(([["R1", "R2", "R3"]], ["R4"]))  # warm-up, not timed

    def solve(self, position: Position) -> tuple[int, float]:
        table, rack = position
        state = self.ruleset.new_game()
        state.add_table(*(self.tiles[t] for s in table for t in s))
        state.add_rack(*(self.tiles[t] for t in rack))
        state.initial = False
        start = time.perf_counter()
        solution = self.ruleset.solve(state, self.mode)
        seconds = time.perf_counter() - start
        return (len(solution.tiles) if solution else 0), seconds


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
    our_counts, our_times = zip(*(ours(p) for p in positions), strict=True)
    jokers = sum(1 for t, r in positions if "*" in r or any("*" in s for s in t))
    print(f"  positions with a joker in play: {jokers}")
    print(f"  ours (rummyhall DP)   {summary(list(our_times))}")
    if peer is None:
        print("  rummikub-solver       not installed (pip install rummikub-solver)")
        return
    peer_counts, peer_times = zip(*(peer.solve(p) for p in positions), strict=True)
    print(f"  rummikub-solver       {summary(list(peer_times))}")
    ratio = statistics.median(peer_times) / statistics.median(our_times)
    print(f"  median ratio peer / ours: {ratio:.1f}×")
    fewer = [i for i, (a, b) in enumerate(zip(our_counts, peer_counts, strict=True)) if b < a]
    more = [i for i, (a, b) in enumerate(zip(our_counts, peer_counts, strict=True)) if b > a]
    print(f"  optimal tile count differs: {len(fewer) + len(more)}")
    print(f"    peer places more (a bug of ours; must be 0): {len(more)}")
    print(f"    peer places fewer (set outside its catalogue; our layout checked): {len(fewer)}")
    for i in (more + fewer)[:3]:
        table, rack = positions[i]
        print(f"      e.g. ours {our_counts[i]}, peer {peer_counts[i]}: table {table} rack {rack}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per row")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"rummyhall: {SWEEP_IMPLEMENTATION} sweep")
    peer = load_peer()
    if peer is not None:
        print(
            f"rummikub-solver: backend {peer.backend}, model built once in "
            f"{peer.build_seconds:.2f} s (excluded from the timings)"
        )
    rows = {
        "14-tile racks, 20–60-tile tables": (14, 20, 60),
        "30-tile racks, 20–60-tile tables": (30, 20, 60),
        "14-tile racks, 30–60-tile tables": (14, 30, 60),
    }
    for name, (rack, low, high) in rows.items():
        positions = [
            deal_position(rng, rng.randint(low, high), rack) for _ in range(args.positions)
        ]
        compare(name, positions, peer)


if __name__ == "__main__":
    main()
