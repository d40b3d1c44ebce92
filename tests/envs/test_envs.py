"""Every environment: PettingZoo's own checks, masks exactly the engine's legal actions
over long random playouts, episodes that end, rewards that sum to zero, and bad
actions and options refused with the rule or the field named."""

from __future__ import annotations

import copy
import importlib
import itertools
import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from rummyhall import envs, load, new_game
from rummyhall.cards import CARD_NAMES
from rummyhall.envs.aec import RummyEnv
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.game import GameState
from rummyhall.games.gin.state import GinState
from rummyhall.games.indian.state import IndianState, faces_shown
from rummyhall.games.indian.turn import PACK
from rummyhall.games.rummikub.state import RummikubState
from rummyhall.registry import KITS

CASES = [
    ("gin_rummy_v0", {}),
    ("gin_rummy_v0", {"variant": "oklahoma"}),
    ("gin_rummy_v0", {"match": True}),
    ("indian_rummy_v0", {}),
    ("indian_rummy_v0", {"players": 6}),
    ("indian_rummy_v0", {"players": 3, "variant": "pool101", "match": True}),
    ("indian_rummy_v0", {"players": 3, "variant": "deals", "match": True}),
    ("rummikub_v0", {}),
    ("rummikub_v0", {"players": 4}),
    ("rummikub_v0", {"players": 3, "match": True}),
]
ENDING = {
    "gin_rummy_v0": set(range(55, 107)),  # knocks
    "indian_rummy_v0": set(range(56, 109)),  # declarations
    "rummikub_v0": {1},  # ending the play
}
"""Per environment, the action ids that end a part or a turn's play."""
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in CASES]


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_pettingzoo_api(name: str, options: dict[str, Any]) -> None:
    api_test(envs.make(name, **options), num_cycles=300)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_pettingzoo_seeds(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: envs.make(name, **options), num_cycles=300)


@pytest.mark.parametrize("name", sorted(envs.ENVS))
def test_pettingzoo_render(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``ansi`` returns the table as text, ``human`` prints it (PettingZoo's
    ``render_test``)."""
    render_test(lambda render_mode: envs.make(name, render_mode=render_mode))
    assert capsys.readouterr().out.count(envs.ENVS[name].title) >= 5


def decisive(env: RummyEnv, legal: list[int], rng: random.Random) -> int:
    """A random legal action, but an ending one (knock, declare, end the play) half the
    time one is legal, so that random matches end."""
    enders = sorted(ENDING[env.metadata["name"]].intersection(legal))
    return rng.choice(enders if enders and rng.random() < 0.5 else legal)


def masked_playout(env: RummyEnv, rng: random.Random) -> list[float]:
    """One episode of random masked actions; the total reward per agent. Where the
    engine lists every legal action (all but Rummikub, whose plays are built step by
    step), the mask must be exactly those at every step; elsewhere every step the mask
    allows must be accepted."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=50_000):
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        state = env.game_state
        assert state is not None
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        if state.legal_actions_complete:
            engine = {env.encoding.index(state, action) for action in state.legal_actions()}  # type: ignore[attr-defined]
            assert legal == sorted(engine)
        assert observation["observation"].shape == (env.encoding.observation_size,)
        assert 0.0 <= observation["observation"].min() <= observation["observation"].max() <= 1
        env.step(decisive(env, legal, rng))
    assert not env.agents, "the episode ended"
    return list(totals.values())


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_masks_are_exactly_the_legal_actions_and_rewards_sum_to_zero(
    name: str, options: dict[str, Any]
) -> None:
    env = envs.make_raw(name, **options)
    rng = random.Random(7)
    paid = []
    episodes = 60 if name != "rummikub_v0" else 3
    for episode in range(2 if options.get("match") else episodes):
        env.reset(seed=episode)
        rewards = masked_playout(env, rng)
        assert sum(rewards) == pytest.approx(0.0, abs=1e-9)
        paid.append(rewards)
    assert any(any(rewards) for rewards in paid), "some parts were scored"


@pytest.mark.parametrize("name", sorted(envs.ENVS))
def test_an_illegal_action_is_refused_and_changes_nothing(name: str) -> None:
    env = envs.make_raw(name)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    assert env.game_state is not None
    before = copy.deepcopy(env.game_state.to_json())
    with pytest.raises(IllegalAction) as refused:
        env.step(illegal)
    assert refused.value.rule
    assert env.game_state.to_json() == before
    top = env.encoding.action_count
    with pytest.raises(NotationError, match=f"action ids run from 0 to {top - 1}"):
        env.step(top)


def secret_places(state: GameState, seat: int) -> list[int]:
    """Where in the deck (dealing order) the cards lie that ``seat`` cannot see: the
    stock and the others' hands, but no face ever shown (thrown, taken, declared)."""
    if isinstance(state, GinState):
        hidden = state.hidden_from(seat)
        return [place for place, card in enumerate(state.deck) if CARD_NAMES[card] in hidden]
    if isinstance(state, RummikubState):  # a rack is never shown: its played tiles left it
        tiles = set(state.pool).union(*(r for other, r in enumerate(state.racks) if other != seat))
        return [place for place, tile in enumerate(state.deck) if tile in tiles]
    assert isinstance(state, IndianState)
    shown = faces_shown(state.events)
    secret = set(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            secret.update(hand)
    return [
        place
        for place, card in enumerate(state.deck)
        if card in secret and CARD_NAMES[card % PACK] not in shown
    ]


def with_secrets_shuffled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same part dealt with the cards ``seat`` cannot see shuffled among their
    places, and played with the same actions: the same public history, other secrets."""
    record = state.to_json()
    deck = list(record["deck"])
    places = secret_places(state, seat)
    cards = [deck[place] for place in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        deck[place] = card
    del record["snapshot"]  # it summarises the old deal: the log is replayed on the new one
    return load({**record, "deck": deck})


@pytest.mark.parametrize(
    ("game", "options", "states"),
    [
        ("gin", {}, 1000),
        ("indian", {"players": 2}, 500),
        ("indian", {"players": 5}, 500),
        ("rummikub", {"players": 2}, 500),
        ("rummikub", {"players": 4}, 500),
    ],
)
def test_an_observation_holds_nothing_hidden(
    game: str, options: dict[str, Any], states: int
) -> None:
    """Two parts that differ only in what the seat to act cannot see (the others' hands,
    the stock's order) give it the same observation, whatever was played before: 1,000
    random states a game."""
    kit = KITS[game]
    rng = random.Random(11)
    differed = compared = 0
    for trial in itertools.count():
        if compared == states:
            break
        state = new_game(game, seed=trial, **options)
        for _ in range(rng.randrange(0, 60)):
            if state.is_over:
                break
            legal = state.legal_actions()
            plays = [a for a in legal if a.type == "play"]  # Rummikub: the table grows
            state.apply(rng.choice(plays or [a for a in legal if a.type != "drop"] or legal))
        seat = state.current_player
        if seat is None:
            continue
        other = with_secrets_shuffled(state, seat, rng)
        seen = []
        for candidate in (state, other):
            encoding = importlib.import_module(kit.encoding).ENCODING(state.num_players)
            encoding.reset(candidate)
            encoding.update(candidate, candidate.events)  # type: ignore[attr-defined]
            seen.append(encoding.observe(candidate, seat))
        assert np.array_equal(seen[0], seen[1])
        compared += 1
        differed += state.zones() != other.zones()
    assert differed > states // 2, "the secrets did differ"


def test_bad_options_are_refused_at_once() -> None:
    with pytest.raises(NotationError, match="variants"):
        envs.make("gin_rummy_v0", variant="hollywood")
    with pytest.raises(NotationError, match="unknown environment"):
        envs.make("gin_v0")
    with pytest.raises(NotationError, match="render_mode"):
        envs.make("gin_rummy_v0", render_mode="rgb_array")
    with pytest.raises(NotationError, match="players"):
        envs.make("indian_rummy_v0", players=7)
    with pytest.raises(NotationError, match="match"):
        envs.make("indian_rummy_v0", variant="pool101")
