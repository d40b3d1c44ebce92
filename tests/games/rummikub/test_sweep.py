"""The solver's two sweeps (``sweep.py``): the compiled ``_sweep`` and the pure-Python
reference give identical results — score and path, so layout — on the same positions
(RKB-4 initial melds, RKB-5 plays, jokers included). ``tests/test_compiled.py`` checks the
choice between them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummyhall.games import rummikub
from rummyhall.games.rummikub import solver, sweep
from rummyhall.games.rummikub.sweep_position import SweepPosition
from rummyhall.games.rummikub.sweep_tables import BIG
from tests.games.rummikub.positions import full_position, small_joker_position, small_position
from tests.threads import assert_same_in_threads

needs_compiled = pytest.mark.skipif(
    "c" not in sweep.SWEEPS, reason="the compiled sweep is not built (pip install -e .)"
)


def sweep_calls(pos: SweepPosition, known: int, cap: int = 0) -> list[tuple[int, int, int]]:
    """``(cap, floor, beam)`` of the sweeps a search makes, and of a few more floors: the
    beam pass, exact passes at and around the optimum and with no floor at all."""
    best = sweep.python_sweep(pos, cap, known, 0)
    calls = [(cap, known, solver.BEAM), (cap, known, 3), (cap, 0, 0)]
    if best is not None:
        calls += [(cap, best[0] + d, 0) for d in (-7, 0, 1)]
    return calls


def assert_same_sweeps(pos: SweepPosition, known: int, cap: int = 0) -> None:
    python, compiled = sweep.SWEEPS["python"], sweep.SWEEPS["c"]
    for cap_, floor, beam in sweep_calls(pos, known, cap):
        assert python(pos, cap_, floor, beam) == compiled(pos, cap_, floor, beam), (
            cap_,
            floor,
            beam,
        )


def assert_same_plays(table: list[list[str]], rack: list[str]) -> None:
    """Both sweeps agree on every joker plan of a play (RKB-6)."""
    for _, pos in solver.play_positions(table, rack):
        assert_same_sweeps(pos, BIG)


def with_both_jokers(table: list[list[str]], rack: list[str]) -> list[str]:
    """The rack with its first tiles swapped for the jokers the table does not hold."""
    missing = 2 - Counter(t for s in [*table, rack] for t in s)["*"]
    return ["*"] * missing + rack[missing:]


@needs_compiled
def test_rkb_5_compiled_sweep_matches_python_on_full_size_positions() -> None:
    rng = random.Random(55)
    for i in range(90):
        table, rack = full_position(rng, (14, 30, 8)[i % 3])
        if i % 2:
            rack = with_both_jokers(table, rack)  # the tail of the solver's run times
        assert_same_plays(table, rack)


@needs_compiled
def test_rkb_5_compiled_sweep_matches_python_on_small_positions() -> None:
    rng = random.Random(56)
    for _ in range(200):
        assert_same_plays(*small_position(rng))


@needs_compiled
def test_rkb_6_compiled_sweep_matches_python_with_table_jokers() -> None:
    """Every joker plan, stand-ins included: three or four copies of a face."""
    rng = random.Random(60)
    for _ in range(150):
        assert_same_plays(*small_joker_position(rng))
    for i in range(60):
        table, rack = full_position(rng, (14, 30)[i % 2])
        if any("*" in s for s in table):
            assert_same_plays(table, rack)


@needs_compiled
def test_rkb_6_stand_ins_make_three_copies_of_a_face() -> None:
    # the joker must stay R7 (no R7 on the rack) while both real R7 are on the table
    table = [["R6", "*", "R8"], ["R7", "B7", "K7"], ["R7", "B7", "O7"]]
    plans = solver.play_positions(table, ["R9", "R10", "K7"])
    (plan, pos), *_ = plans
    assert plan.kept == (6,) and pos.table[6] == 3
    assert_same_plays(table, ["R9", "R10", "K7"])


@needs_compiled
def test_rkb_4_compiled_sweep_matches_python_on_initial_melds() -> None:
    rng = random.Random(57)
    for _ in range(120):
        _, rack = full_position(rng, rng.choice((6, 14, 20)))
        assert_same_sweeps(solver.meld_position(rack), 0, solver.INITIAL_MELD_VALUE)


@needs_compiled
@pytest.mark.parametrize("implementation", ["python", "c"])
def test_public_results_do_not_depend_on_the_implementation(
    implementation: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(58)
    positions = [full_position(rng, 14) for _ in range(8)]
    positions += [small_joker_position(rng) for _ in range(40)]  # every joker plan (RKB-6)
    expected = [rummikub.best_play(t, r) for t, r in positions]
    melds = [rummikub.best_initial_meld(r) for _, r in positions]
    monkeypatch.setattr(sweep, "SWEEP_IMPLEMENTATION", implementation)
    assert [rummikub.best_play(t, r) for t, r in positions] == expected
    assert [rummikub.best_initial_meld(r) for _, r in positions] == melds


@needs_compiled
def test_compiled_sweep_is_thread_safe() -> None:
    """The compiled sweep runs without the GIL: threads solving at once get the answers
    each gets alone."""
    rng = random.Random(59)
    positions = [
        pos for _ in range(12) for _, pos in solver.play_positions(*full_position(rng, 14))
    ]
    compiled = sweep.SWEEPS["c"]
    assert_same_in_threads(lambda: [compiled(pos, 0, BIG, 0) for pos in positions])


@needs_compiled
def test_compiled_sweep_rejects_malformed_arguments() -> None:
    from rummyhall.games.rummikub import _sweep

    ((_, pos),) = solver.play_positions([["R1", "R2", "R3"]], ["R4"])
    known = BIG
    with pytest.raises(ValueError, match="colour steps"):
        _sweep.sweep(pos.steps[:-1], pos.rest, 0, 0, 0, known, 0)
    with pytest.raises(ValueError, match="colour"):
        _sweep.sweep(pos.steps[1:] + pos.steps[:1], pos.rest, 0, 0, 0, known, 0)
    with pytest.raises(ValueError, match="out of range"):
        _sweep.sweep(pos.steps, pos.rest, 3, 0, 0, known, 0)
    bad = pos.steps[0]._replace(viable=b"\x01")
    with pytest.raises(TypeError, match="viable"):
        _sweep.sweep((bad, *pos.steps[1:]), pos.rest, 0, 0, 0, known, 0)
    # configured once (on import); again only with the same tables
    _sweep.configure(*sweep._TABLES, sweep._LAYOUT)
    options, dominating, group_jokers, track_states = sweep._TABLES
    fewer = tuple(offsets[:1] for offsets in dominating)
    with pytest.raises(RuntimeError, match="other tables"):
        _sweep.configure(options, fewer, group_jokers, track_states, sweep._LAYOUT)
    with pytest.raises(ValueError, match="layout"):
        _sweep.configure(*sweep._TABLES, (sweep._LAYOUT[0] + 1, *sweep._LAYOUT[1:]))
