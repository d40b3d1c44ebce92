"""Random Rummikub positions for the tests and the benchmark: valid sets grown around
random tiles of a shuffled pool."""

from __future__ import annotations

import random
from collections import Counter

COLOURS = "RBKO"
ALL_TILES = [f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2 + ["*", "*"]


def random_set(
    rng: random.Random, pool: list[str], lengths: tuple[int, ...] = (3, 3, 4, 5)
) -> list[str] | None:
    """A random valid set taken out of ``pool``: a random tile grown into a group or into
    a run of one of ``lengths``; a joker may replace one missing tile."""
    anchor = rng.choice([t for t in pool if t != "*"])
    colour, number = anchor[0], int(anchor[1:])
    if rng.random() < 0.5:
        others = rng.sample([c for c in COLOURS if c != colour], rng.choice((2, 3)))
        wanted = [anchor] + [f"{c}{number}" for c in others]
    else:
        length = rng.choice(lengths)
        low = rng.randint(max(1, number - length + 1), min(number, 14 - length))
        wanted = [f"{colour}{n}" for n in range(low, low + length)]
    left = Counter(pool)
    tiles = []
    for face in wanted:
        if left[face]:
            left[face] -= 1
            tiles.append(face)
        elif left["*"] and "*" not in tiles:
            left["*"] -= 1
            tiles.append("*")
        else:
            return None
    for tile in tiles:
        pool.remove(tile)
    return tiles


def small_position(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """A few tiles from a narrow window of colours and numbers: sets overlap a lot."""
    colours = rng.sample(COLOURS, rng.choice((2, 3, 4)))
    low = rng.randrange(1, 11)
    numbers = range(low, min(14, low + rng.choice((3, 4, 5))))
    pool = [f"{c}{n}" for c in colours for n in numbers] * 2 + ["*"] * rng.choice((0, 1, 2))
    rng.shuffle(pool)
    table: list[list[str]] = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        for _ in range(20):
            tiles = random_set(rng, pool) if any(t != "*" for t in pool) else None
            if tiles is not None:
                table.append(tiles)
                break
    return table, pool[: rng.randrange(1, 7)]


def full_position(rng: random.Random, rack_size: int) -> tuple[list[list[str]], list[str]]:
    pool = list(ALL_TILES)
    rng.shuffle(pool)
    table: list[list[str]] = []
    target = rng.randint(20, 60)
    while sum(map(len, table)) < target:
        tiles = random_set(rng, pool)
        if tiles is not None:
            table.append(tiles)
    return table, pool[:rack_size]


def small_joker_position(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """A small position (``small_position``'s window) whose table holds one or two jokers
    (RKB-6), sometimes both in one set; the rack may hold the other joker."""
    while True:
        colours = rng.sample(COLOURS, rng.choice((2, 3, 4)))
        low = rng.randrange(1, 11)
        numbers = range(low, min(14, low + rng.choice((3, 4, 5))))
        pool = [f"{c}{n}" for c in colours for n in numbers] * 2 + ["*", "*"]
        rng.shuffle(pool)
        table: list[list[str]] = []
        for _ in range(rng.choice((1, 2, 2, 3))):
            tiles = random_set(rng, pool)
            if tiles is not None:
                table.append(tiles)
        if "*" in pool and table and rng.random() < 0.3:
            _second_joker(rng, table, pool)
        if any("*" in s for s in table):
            return table, pool[: rng.randrange(1, 7)]


def _second_joker(rng: random.Random, table: list[list[str]], pool: list[str]) -> None:
    """Swap a real tile of a table set for the pool's joker, back into the pool."""
    tiles = rng.choice(table)
    real = [i for i, t in enumerate(tiles) if t != "*"]
    if len(real) < 2 or len(tiles) - len(real) >= 2:
        return
    index = rng.choice(real)
    pool.remove("*")
    pool.append(tiles[index])
    rng.shuffle(pool)
    tiles[index] = "*"


def small_stand_in_position(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """A small position whose table joker stands for a tile both real copies of which are
    in play too (one in a table group, the other in another group or on the rack): a
    joker kept as that tile makes three copies of a face to the solver (RKB-6)."""
    colour, number = rng.choice(COLOURS), rng.randint(2, 12)
    face = f"{colour}{number}"
    others = [c for c in COLOURS if c != colour]
    table = [[f"{colour}{number - 1}", "*", f"{colour}{number + 1}"]]
    table.append([face, *(f"{c}{number}" for c in rng.sample(others, 2))])
    rack = [face]
    if rng.random() < 0.5:
        table.append([face, *(f"{c}{number}" for c in rng.sample(others, 2))])
        rack = []
    colours = [colour, *rng.sample(others, rng.choice((1, 2)))]
    numbers = range(max(1, number - 2), min(13, number + 2) + 1)
    pool = Counter([f"{c}{n}" for c in colours for n in numbers] * 2 + ["*"])
    pool -= Counter(t for tiles in [*table, rack] for t in tiles)
    rest = sorted(pool.elements())
    return table, rack + rng.sample(rest, rng.randrange(1, 6))
