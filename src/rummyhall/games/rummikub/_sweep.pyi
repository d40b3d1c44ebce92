"""The compiled sweep (``_sweep.c``); ``sweep.py`` documents and wraps it."""

from collections.abc import Callable, Mapping, Sequence

from rummyhall.games.rummikub.sweep_position import ColourStep

def configure(
    colour_options: Callable[[int, int, int, int, int, bool], Sequence[tuple[int, int, int, int]]],
    dominating: Sequence[Sequence[int]],
    group_jokers: Mapping[int, Sequence[int]],
    track_states: Sequence[tuple[int, int, int]],
    layout: tuple[int, int, int, int, int, int, int, int, int, int],
    /,
) -> None: ...
def sweep(
    steps: Sequence[ColourStep],
    rest: Sequence[Sequence[int]],
    total_jokers: int,
    table_jokers: int,
    cap: int,
    floor: int,
    beam: int,
    /,
) -> tuple[int, list[int]] | None: ...
