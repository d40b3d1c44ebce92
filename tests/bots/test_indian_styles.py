"""The Indian style variants: each plays whole deals legally and keeps to the one rule
that sets it apart from medium."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummyhall import Discard, Draw, Drop, new_game
from rummyhall.bots import decide, make_bot, play_out
from rummyhall.bots.indian.levels import STYLES
from rummyhall.bots.indian.medium import cost, fits, without
from rummyhall.bots.indian.styles import SAFE_SLACK
from rummyhall.cards import card_index, parse_cards
from rummyhall.game import GameState
from rummyhall.games.indian.melds import card_points, is_wild
from tests.bots.test_bots import random_states

TAKE = Draw("discard")


def wild_of(state_view: dict[str, object]) -> int:
    return "A23456789TJQK".index(str(state_view["wild_rank"]))


@pytest.mark.parametrize("style", sorted(STYLES))
def test_styles_play_whole_deals_legally(style: str) -> None:
    for deal in range(6):
        state = new_game("indian", seed=500 + deal)
        play_out(state, [make_bot("indian", style, seed=1), make_bot("indian", "medium", seed=2)])
        assert state.is_over


@pytest.mark.parametrize("style", sorted(STYLES))
def test_same_seed_same_decisions(style: str) -> None:
    logs = []
    for _ in range(2):
        state = new_game("indian", seed=21)
        play_out(
            state,
            [make_bot("indian", style, seed=3), make_bot("indian", "hard", seed=4, simulations=1)],
        )
        logs.append(state.log)
    assert logs[0] == logs[1]


def draw_states(count: int) -> Iterator[GameState]:
    """Positions to draw in (each is played on after the caller's look)."""
    return (s for s in random_states("indian", count, seed=8) if s.phase.value == "draw")


def test_stock_only_never_takes_the_open_card() -> None:
    player = make_bot("indian", "stock-only")
    assert all(decide(s, player) != TAKE for s in draw_states(400))


def test_greedy_takes_every_open_card_that_fits_a_natural_card_held() -> None:
    player = make_bot("indian", "greedy")
    checked = 0
    for state in draw_states(400):
        if TAKE not in state.legal_actions():
            continue
        view = state.view(state.current_player)
        wild = wild_of(view)
        top = card_index(view["discard_pile"][-1])
        action = decide(state, player)
        if action == Drop():
            continue
        assert (action == TAKE) == (
            is_wild(top, wild) or fits(top, parse_cards(view["hand"]), wild)
        )
        checked += 1
    assert checked > 50


def discard_states(count: int) -> Iterator[GameState]:
    """Positions to discard in (each is played on after the caller's look)."""
    return (s for s in random_states("indian", count, seed=9) if s.phase.value == "discard")


def test_hoarder_throws_its_lowest_lone_card() -> None:
    player = make_bot("indian", "hoarder")
    checked = 0
    for state in discard_states(300):
        action = decide(state, player)
        if not isinstance(action, Discard):
            continue
        view = state.view(state.current_player)
        wild = wild_of(view)
        faces = parse_cards(view["hand"])
        choices = [card_index(a.card) for a in state.legal_actions() if isinstance(a, Discard)]
        lone = [f for f in choices if not is_wild(f, wild) and not fits(f, faces, wild)]
        if lone:
            thrown = card_index(action.card)
            assert thrown in lone
            assert card_points(thrown, wild) == min(card_points(f, wild) for f in lone)
            checked += 1
    assert checked > 20


def test_safe_discards_stay_near_mediums_cost() -> None:
    safe, medium = make_bot("indian", "safe"), make_bot("indian", "medium")
    for state in discard_states(300):
        action, usual = decide(state, safe), decide(state, medium)
        if not isinstance(action, Discard) or not isinstance(usual, Discard):
            continue
        view = state.view(state.current_player)
        wild = wild_of(view)
        faces = parse_cards(view["hand"])
        left = cost(without(faces, card_index(action.card)), wild)
        assert left <= cost(without(faces, card_index(usual.card)), wild) + SAFE_SLACK


def test_dropper_drops_more_first_hands_than_medium_and_no_drop_none() -> None:
    players = {style: make_bot("indian", style) for style in ("medium", "dropper", "no-drop")}
    drops = dict.fromkeys(players, 0)
    for state in draw_states(2000):
        if Drop() in state.legal_actions():
            for style, player in players.items():
                drops[style] += decide(state, player) == Drop()
    assert drops["dropper"] > drops["medium"]
    assert drops["no-drop"] == 0
