"""One suite over every registered game: hands and matches alike (docs/design.md, "tests/").

Random playouts to the end checking, after every step: no card lost or copied, JSON and
seed + log replay round-trips, no hidden card named in any seat's view, and every illegal
action rejected with a rule ID while the state stays byte-identical.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummyhall import (
    Action,
    Declare,
    Discard,
    Draw,
    Drop,
    GameState,
    IllegalAction,
    Knock,
    Pass,
    Play,
    available_games,
    load,
    new_game,
    new_match,
)
from rummyhall.cards import CARD_NAMES
from tests.json_values import card_strings

RULE_ID = re.compile(r"^[A-Z]{3}-\d+$")
PLAYOUTS = 12
MAX_STEPS = 1500

# Every action shape the games know, with every card name and some malformed ones.
CANDIDATES: list[Action] = [
    Draw("stock"),
    Draw("discard"),
    Draw("floor"),
    Pass(),
    Drop(),
    Discard("XX"),
    Knock("1Z"),
    Play(()),
    Play((("R1", "R2"),)),
    Play((("R1", "R2", "R3"), ("B7", "K7", "*"))),
    Play((("R12", "R13", "R1"),)),
    *[cls(name) for cls in (Discard, Knock, Declare) for name in CARD_NAMES],
]

# Options worth their own run, per game (the defaults always run): of a hand, of a match.
VARIANTS: dict[str, list[dict[str, object]]] = {
    "gin": [{"mode": "oklahoma"}],
    "indian": [
        {"players": 4, "joker_from_discard": True},
        {"players": 6, "reshuffle_on_empty": True},
        {"players": 3, "manual_declaration": True},
    ],
    "rummikub": [{"players": 4}],
}
MATCH_VARIANTS: dict[str, list[dict[str, object]]] = {
    "indian": [{"players": 3, "format": "deals"}],
}

Factory = Callable[[int], GameState]
FACTORIES: list[tuple[str, Factory]] = []
for _name in available_games():
    for _kind, _start, _variants in (
        ("hand", new_game, VARIANTS),
        ("match", new_match, MATCH_VARIANTS),
    ):
        FACTORIES.append((f"{_name}-{_kind}", lambda seed, n=_name, s=_start: s(n, seed=seed)))
        for _options in _variants.get(_name, []):
            _label = "-".join(f"{k}={v}" for k, v in _options.items())
            FACTORIES.append(
                (
                    f"{_name}-{_kind}-{_label}",
                    lambda seed, n=_name, s=_start, o=_options: s(n, seed=seed, **o),
                )
            )


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """A random legal action; leaving the game (a drop) only now and then, so that
    playouts also reach the end of the hand."""
    stay = [a for a in legal if not isinstance(a, Drop)]
    return rng.choice(stay if stay and rng.random() < 0.97 else legal)


def snapshot(state: GameState) -> str:
    views = [state.view(seat) for seat in [None, *range(state.num_players)]]
    return json.dumps([state.to_json(), views, state.zones()], sort_keys=True)


def check_views(state: GameState) -> None:
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        json.dumps(view)  # JSON-safe
        # A match's history holds only finished hands, public once scored.
        current = {k: v for k, v in view.items() if k != "match"}
        leaked = state.hidden_from(seat) & set(card_strings(current))
        assert not leaked, f"seat {seat} sees hidden cards {leaked}"


def check_illegal(state: GameState, rng: random.Random) -> None:
    legal = state.legal_actions()
    for action in legal:
        assert state.is_legal(action) is None, action
    before = snapshot(state)
    tried = [a for a in CANDIDATES if a not in legal]
    for action in rng.sample(tried, min(12, len(tried))):
        error = state.is_legal(action)
        if error is None:
            assert not state.legal_actions_complete, f"{action} is legal but not listed"
            continue
        assert RULE_ID.match(error.rule), error.rule
        with pytest.raises(IllegalAction) as raised:
            state.apply(action)
        assert raised.value.rule == error.rule
        assert snapshot(state) == before, f"{action} changed the state"


@pytest.mark.parametrize(("label", "factory"), FACTORIES, ids=[f[0] for f in FACTORIES])
def test_random_playouts(label: str, factory: Factory) -> None:
    is_hand = "-hand" in label
    every = 7 if is_hand else 400  # a random-play match runs to tens of thousands of steps
    runs = 1 if not is_hand else PLAYOUTS if label.endswith("-hand") else 3
    for seed in range(runs):
        cap = MAX_STEPS if is_hand else 10 * MAX_STEPS
        rng = random.Random(seed)
        state = factory(seed)
        cards = Counter(c for zone in state.zones().values() for c in zone)
        steps = 0
        while not state.is_over and steps < cap:
            assert state.current_player is not None
            if steps % every == 0:
                check_views(state)
                check_illegal(state, rng)
            state.apply(choose(rng, state.legal_actions()))
            steps += 1
            now = Counter(c for zone in state.zones().values() for c in zone)
            if is_hand:
                assert now == cards, "a card was lost or copied"
            else:
                assert sum(now.values()) == sum(cards.values())
        if not state.is_over:
            continue  # e.g. a reshuffling stock: random players may never finish
        assert state.current_player is None
        assert state.legal_actions() == []
        check_views(state)
        check_illegal(state, rng)
        assert len(state.scores) == state.num_players


@pytest.mark.parametrize(("label", "factory"), FACTORIES, ids=[f[0] for f in FACTORIES])
def test_json_and_replay_round_trips(label: str, factory: Factory) -> None:
    rng = random.Random(99)
    state = factory(1234)
    fresh = factory(1234)  # the same seed: replaying the log must give the same game
    chance = 1.0 if "-hand" in label else 0.005  # reloading a match replays it all
    while True:
        if rng.random() < chance or state.is_over:
            record = state.to_json()
            assert load(json.dumps(record)).to_json() == record
            if rng.random() < 0.2 or state.is_over:
                replayed = factory(1234)
                for entry in record["log"]:
                    replayed.apply_json(entry)
                assert replayed.to_json() == record
        if state.is_over:
            break
        action = choose(rng, state.legal_actions())
        state.apply(action)
        fresh.apply_json(action.to_json())
    assert fresh.to_json() == state.to_json()


@pytest.mark.parametrize("name", available_games())
def test_tampered_record_is_rejected(name: str) -> None:
    state = new_game(name, seed=5)
    state.apply(state.legal_actions()[0])
    record = state.to_json()
    record["log"].append({"type": "no-such-action"})
    with pytest.raises(ValueError):
        load(record)


@settings(max_examples=150)
@given(
    name=st.sampled_from(available_games()),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    steps=st.integers(min_value=0, max_value=120),
    players=st.randoms(use_true_random=False),
    action=st.sampled_from(CANDIDATES),
)
def test_illegal_action_leaves_the_state_byte_identical(
    name: str, seed: int, steps: int, players: random.Random, action: Action
) -> None:
    state = new_game(name, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(choose(players, state.legal_actions()))
    error = state.is_legal(action)
    assume(error is not None)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    assert raised.value.rule == error.rule and RULE_ID.match(error.rule)
    assert snapshot(state) == before
