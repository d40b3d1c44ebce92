"""A second exact method for the best play (RKB-5), independent of the solver: the integer
programme of den Hertog & Hulshof (2006) solved by HiGHS through ``scipy.optimize.milp``.

Every valid set (runs of 3–5 tiles suffice) whose real tiles are all present is a variable
counting how often it is laid (0–2, two copies exist); a joker is written as the tile it
stands for, so a set with jokers is a separate variable per reading. Each face is laid
exactly as often as the table holds it plus the rack tiles placed, the jokers likewise;
joker release (RKB-6) adds a linear constraint per tile an old table joker stood for
(``best_play_milp``). The objective
is lexicographic and solved in two steps, so no weighting can blur it: first the most rack
tiles (jokers included), then, with that count fixed, the most value of the new table
(jokers at the number they stand for). MILP solvers have been seen to return a
sub-optimal answer marked optimal on Rummikub instances, so the gap is set to zero and a
mismatch is worth a close look.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.games.rummikub.brute_force import set_readings

COLOURS = "RBKO"
JOKER = "*"
Set = tuple[tuple[tuple[str, ...], tuple[str, ...]], int]
"""((the tiles it uses, "*" for a joker), the tiles its jokers stand for), its value"""


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
    tile, whose real tiles are all in ``present``: each reading of its jokers (the tiles
    they stand for, sorted) is a separate set, as RKB-6 tells them apart."""
    sets: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
    for faces in _runs() + _groups():
        value = sum(int(f[1:]) for f in faces)
        for count in range(min(jokers, len(faces) - 1) + 1):
            for stand_ins in combinations(range(len(faces)), count):
                tiles = tuple(JOKER if i in stand_ins else f for i, f in enumerate(faces))
                if all(present[t] for t in tiles if t != JOKER):
                    reading = tuple(sorted(faces[i] for i in stand_ins))
                    sets[tuple(sorted(tiles)), reading] = value
    return sorted(sets.items())


def old_readings(table: list[list[str]]) -> list[tuple[str, ...]]:
    """Every reading of the old table's jokers together (one per set holding one, as the
    brute force finds them: any length of run)."""
    per_set = [list(set_readings(tuple(s))) for s in table if JOKER in s]
    return [tuple(t for part in pick for t in part) for pick in product(*per_set)]


def best_play_milp(table: list[list[str]], rack: list[str]) -> tuple[int, int]:
    """(rack tiles placed, value of the new table) of an optimal legal play (RKB-5, RKB-6);
    (0, 0) when no rack tile can be placed.

    RKB-6 is linear once an old reading ``was`` is fixed: each tile ``f`` the old jokers
    stood for is still stood for, or played from the rack, as often as ``was`` holds it:
    ``was[f] <= (jokers standing for f) + (rack f placed)``. One binary per old reading
    picks it (exactly one is 1), so the model holds every reading at once."""
    on_table = Counter(t for s in table for t in s)
    on_rack = Counter(rack)
    present = on_table + on_rack
    sets = candidate_sets(present, present[JOKER])
    kinds = sorted(present)
    readings = old_readings(table) if on_table[JOKER] else []
    # Variables: one count per candidate set, the rack tiles placed per kind, then one
    # binary per old reading of the table jokers.
    n_sets, n_kinds, n_was = len(sets), len(kinds), len(readings)
    size = n_sets + n_kinds + n_was
    uses = np.zeros((n_kinds, size))
    for j, ((tiles, _), _) in enumerate(sets):
        for tile, count in Counter(tiles).items():
            uses[kinds.index(tile), j] = count
    for i in range(n_kinds):
        uses[i, n_sets + i] = -1  # laid = table + placed
    needed = np.array([on_table[k] for k in kinds], dtype=float)
    constraints = [LinearConstraint(uses, needed, needed)]
    if readings:
        constraints += _release_constraints(sets, kinds, readings)
    upper = np.array([2.0] * n_sets + [float(on_rack[k]) for k in kinds] + [1.0] * n_was)
    bounds = Bounds(np.zeros(size), upper)
    integral = np.ones(size)
    options = {"mip_rel_gap": 0.0}

    placed = np.zeros(size)
    placed[n_sets : n_sets + n_kinds] = 1.0
    first = milp(
        -placed, constraints=constraints, bounds=bounds, integrality=integral, options=options
    )
    assert first.success, first.message
    tiles = round(-first.fun)
    if tiles == 0:
        return 0, 0
    value = np.zeros(size)
    value[:n_sets] = [v for _, v in sets]
    count_fixed = LinearConstraint(placed.reshape(1, -1), tiles, tiles)
    second = milp(
        -value,
        constraints=[*constraints, count_fixed],
        bounds=bounds,
        integrality=integral,
        options=options,
    )
    assert second.success, second.message
    return tiles, round(-second.fun)


def _release_constraints(
    sets: list[Set], kinds: list[str], readings: list[tuple[str, ...]]
) -> list[LinearConstraint]:
    """RKB-6 over the variables (sets, placed per kind, one binary per old reading)."""
    n_sets, n_kinds = len(sets), len(kinds)
    size = n_sets + n_kinds + len(readings)
    faces = sorted({f for was in readings for f in was})
    rows = np.zeros((len(faces), size))
    for r, face in enumerate(faces):
        for j, ((_, reading), _) in enumerate(sets):
            rows[r, j] = -reading.count(face)
        if face in kinds:
            rows[r, n_sets + kinds.index(face)] = -1.0
        for w, was in enumerate(readings):
            rows[r, n_sets + n_kinds + w] = was.count(face)
    one = np.zeros((1, size))
    one[0, n_sets + n_kinds :] = 1.0
    return [
        LinearConstraint(rows, -np.inf, np.zeros(len(faces))),
        LinearConstraint(one, 1.0, 1.0),
    ]
