"""A second exact method for the best play (RKB-5), independent of the solver: the integer
programme of den Hertog & Hulshof (2006) solved by HiGHS through ``scipy.optimize.milp``.

Every valid set (runs of 3–5 tiles suffice) whose real tiles are all present is a variable
counting how often it is laid (0–2, two copies exist); a joker is written as the tile it
stands for, so a set with jokers is a separate variable. Each face is laid exactly as
often as the table holds it plus the rack tiles placed, the jokers likewise. The objective
is lexicographic and solved in two steps, so no weighting can blur it: first the most rack
tiles (jokers included), then, with that count fixed, the most value of the new table
(jokers at the number they stand for). MILP solvers have been seen to return a
sub-optimal answer marked optimal on Rummikub instances, so the gap is set to zero and a
mismatch is worth a close look.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

COLOURS = "RBKO"
JOKER = "*"
Set = tuple[tuple[str, ...], int]  # (the faces it uses, "*" for a joker), its value


def _runs() -> list[list[str]]:
    """Runs of 3–5 tiles: a longer run is two or more of them laid end to end, with the
    same tiles and value, so they are all the model needs (fewer variables, less symmetry)."""
    return [
        [f"{c}{n}" for n in range(low, low + size)]
        for c in COLOURS
        for size in range(3, 6)
        for low in range(1, 15 - size)
    ]


def _groups() -> list[list[str]]:
    return [
        [f"{c}{n}" for c in chosen]
        for n in range(1, 14)
        for size in (3, 4)
        for chosen in combinations(COLOURS, size)
    ]


def candidate_sets(present: Counter[str], jokers: int) -> list[Set]:
    """Every set with up to ``jokers`` jokers standing in, keeping at least one real
    tile, whose real tiles are all in ``present``."""
    sets: dict[tuple[str, ...], int] = {}
    for faces in _runs() + _groups():
        value = sum(int(f[1:]) for f in faces)
        for count in range(min(jokers, len(faces) - 1) + 1):
            for stand_ins in combinations(range(len(faces)), count):
                tiles = tuple(JOKER if i in stand_ins else f for i, f in enumerate(faces))
                if all(present[t] for t in tiles if t != JOKER):
                    key = tuple(sorted(tiles))  # R5 B5 * stands for K5 or O5 alike
                    sets[key] = max(value, sets.get(key, 0))
    return sorted(sets.items())


def best_play_milp(table: list[list[str]], rack: list[str]) -> tuple[int, int]:
    """(rack tiles placed, value of the new table) of an optimal play; (0, 0) when no
    rack tile can be placed."""
    on_table = Counter(t for s in table for t in s)
    on_rack = Counter(rack)
    present = on_table + on_rack
    sets = candidate_sets(present, present[JOKER])
    kinds = sorted(present)
    # Variables: one count per candidate set, then the rack tiles placed per kind.
    n_sets, n_kinds = len(sets), len(kinds)
    uses = np.zeros((n_kinds, n_sets + n_kinds))
    for j, (tiles, _) in enumerate(sets):
        for tile, count in Counter(tiles).items():
            uses[kinds.index(tile), j] = count
    for i in range(n_kinds):
        uses[i, n_sets + i] = -1  # laid = table + placed
    needed = np.array([on_table[k] for k in kinds], dtype=float)
    balance = LinearConstraint(uses, needed, needed)
    upper = np.array([2.0] * n_sets + [float(on_rack[k]) for k in kinds])
    bounds = Bounds(np.zeros(n_sets + n_kinds), upper)
    integral = np.ones(n_sets + n_kinds)
    options = {"mip_rel_gap": 0.0}

    placed = np.zeros(n_sets + n_kinds)
    placed[n_sets:] = 1.0
    first = milp(
        -placed, constraints=[balance], bounds=bounds, integrality=integral, options=options
    )
    assert first.success, first.message
    tiles = round(-first.fun)
    if tiles == 0:
        return 0, 0
    value = np.array([v for _, v in sets] + [0.0] * n_kinds)
    count_fixed = LinearConstraint(placed.reshape(1, -1), tiles, tiles)
    second = milp(
        -value,
        constraints=[balance, count_fixed],
        bounds=bounds,
        integrality=integral,
        options=options,
    )
    assert second.success, second.message
    return tiles, round(-second.fun)
