"""Bots at every level: only legal actions, reproducible from their seed, within their
time budget, and blind to everything but their seat's view."""

from __future__ import annotations

import ast
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import rummyhall.bots
from rummyhall import Drop, new_game
from rummyhall.bots import LEVELS, decide, make_bot, play_out
from rummyhall.errors import NotationError
from rummyhall.game import GameState

GAMES = ("gin", "indian", "rummikub")
TINY = {"simulations": 2}
"""Hard bots search this little in tests: legality does not depend on the amount."""


def bot(game: str, level: str, seed: int = 0) -> rummyhall.bots.Bot:
    return make_bot(game, level, seed=seed, **(TINY if level == "hard" else {}))


def random_states(game: str, count: int, seed: int) -> Iterator[GameState]:
    """``count`` positions met along random playouts (drops kept rare so that Indian
    deals run long)."""
    rng = random.Random(seed)
    found = 0
    deal = 0
    while True:
        state = new_game(game, seed=seed * 1000 + deal)
        deal += 1
        while not state.is_over and state.turn < 300:
            yield state
            found += 1
            if found == count:
                return
            actions = state.legal_actions()
            calm = [a for a in actions if not isinstance(a, Drop)] or actions
            state.apply(rng.choice(actions if rng.random() < 0.02 else calm))


STATES = {"gin": 3000, "indian": 1000, "rummikub": 600}


@pytest.mark.parametrize("game", GAMES)
def test_bots_return_only_legal_actions(game: str) -> None:
    bots = [bot(game, level, seed=7) for level in LEVELS]
    for index, state in enumerate(random_states(game, STATES[game], seed=1)):
        # every level on a share of the positions, easy and medium on all of them
        for level, player in zip(LEVELS, bots, strict=True):
            if level == "hard" and index % 5:
                continue
            action = decide(state, player)
            error = state.is_legal(action)
            assert error is None, f"{game} {level} chose {action} at turn {state.turn}: {error}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decisions(game: str, level: str) -> None:
    logs = []
    for _ in range(2):
        state = new_game(game, seed=11)
        play_out(state, [bot(game, level, seed=3), bot(game, level, seed=4)])
        logs.append(state.log)
    assert logs[0] == logs[1]


@pytest.mark.parametrize("game", GAMES)
def test_hard_bot_keeps_to_its_budget(game: str) -> None:
    player = make_bot(game, "hard", seed=1, budget=0.05)
    for state in random_states(game, 40, seed=2):
        began = time.perf_counter()
        decide(state, player)
        assert time.perf_counter() - began < 2.0  # loose: the machine is shared


def test_unknown_bots_are_refused() -> None:
    with pytest.raises(NotationError, match="no 'genius' bot"):
        make_bot("gin", "genius")
    with pytest.raises(NotationError, match="no bots for 'chess'"):
        make_bot("chess", "easy")


def test_bots_never_import_a_game_state() -> None:
    """Structural view-only: outside the driver and the arena, bot modules import no
    state or match class, so a bot cannot reach the hidden cards. The import contract
    (pyproject.toml, tests/test_layers.py) forbids the modules that define them; it sees
    modules, not names, so a class taken from a package that re-exports it
    (``from rummyhall.games.gin import GinState``) is caught here."""
    folder = Path(rummyhall.bots.__file__).parent
    for path in folder.rglob("*.py"):
        if path.name in ("play.py", "arena.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = {alias.name for alias in node.names}
                assert not any(name.endswith(("State", "Match")) for name in names), path.name
