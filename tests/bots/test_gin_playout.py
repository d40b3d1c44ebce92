"""The Gin hard bot's two playouts (``bots/gin/playout.py``): the reference
(:class:`World`) plays a hand as the rules engine does, medium against medium; the
compiled ``_playout`` gives the reference's answers (deadwood, GIN-6; the simple bot's
meld group, take and throw, ``gin_simple``; knock settlement, GIN-10…13; whole played-out
hands, GIN-2, GIN-4, GIN-14), and so the bot's decisions do not depend on which one runs."""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

import pytest

from rummyhall import new_game
from rummyhall.bots import decide, make_bot
from rummyhall.bots.gin import playout as playouts
from rummyhall.bots.gin import simple as gin_simple
from rummyhall.bots.gin.playout import (
    DISCARD,
    DRAW,
    KNOCK,
    OFFER,
    PASS,
    STOCK,
    TAKE,
    TAKE_KNOCK,
    TAKE_THROW,
    THROW,
    Memo,
    Start,
    World,
    move_code,
)
from rummyhall.bots.gin.styles import PLAYOUT_STYLES
from rummyhall.cards import CARD_NAMES, card_index
from rummyhall.games.gin.melds import cards_of, mask_of
from rummyhall.games.gin.settlement import settle_masks
from rummyhall.games.gin.solver import deadwood_after_best_discard, deadwood_mask
from rummyhall.games.gin.state import MODES, GinState
from tests.threads import assert_same_in_threads

needs_compiled = pytest.mark.skipif(
    "c" not in playouts.PLAYOUTS, reason="the compiled playouts are not built (pip install -e .)"
)


def shuffled(rng: random.Random, sets: bool) -> list[int]:
    """A shuffled deck; with ``sets``, the first 20 cards come from five ranks, so hands
    are full of sets, four-card sets and ranks contested between sets and runs."""
    if not sets:
        return rng.sample(range(52), 52)
    ranks = rng.sample(range(13), 5)
    head = rng.sample([13 * suit + rank for rank in ranks for suit in range(4)], 20)
    return head + rng.sample([card for card in range(52) if card not in head], 32)


@needs_compiled
def test_gin_6_compiled_deadwood_and_simple_rules_match_the_reference() -> None:
    from rummyhall.bots.gin import _playout

    rng = random.Random(61)
    for i in range(6000):
        deck = shuffled(rng, sets=i % 2 == 1)
        for size in (10, 11, 13):
            hand = mask_of(deck[:size])
            assert _playout.deadwood(hand) == deadwood_mask(hand), deck[:size]
            assert _playout.best_deadwood(hand) == gin_simple.best_deadwood(hand)
        ten, eleven, top = mask_of(deck[:10]), mask_of(deck[:11]), deck[11]
        for limit in (0, 10):
            expected = gin_simple.simple_takes(ten, top, limit)
            assert _playout.simple_takes(ten, top, limit) == expected, deck[:12]
        for taken in (-1, deck[10], deck[0]):
            expected_throw = gin_simple.simple_throw(eleven, taken)
            assert _playout.simple_throw(eleven, taken) == expected_throw, deck[:11]


@needs_compiled
def test_gin_10_to_13_compiled_settlement_matches_the_solver() -> None:
    """Knocks, gins and undercuts, with lay-offs on sets and at both ends of runs."""
    from rummyhall.bots.gin import _playout

    rng = random.Random(62)
    kinds = set()
    for i in range(3000):
        deck = shuffled(rng, sets=i % 2 == 1)
        left, card = deadwood_after_best_discard(mask_of(deck[:11]))
        knocker, defender = mask_of(deck[:11]) ^ 1 << card, mask_of(deck[11:21])
        for limit in {10, left}:
            if left <= limit:
                settlement = settle_masks(knocker, defender, limit)
                kinds.add(settlement.kind)
                sign = 1 if settlement.winner == "knocker" else -1
                expected = sign * settlement.points
                assert _playout.settle(knocker, defender, limit) == expected, (deck, limit)
    assert kinds == {"gin", "knock", "undercut"}


def starts(rng: random.Random) -> list[tuple[int, int, bytes, Start, int, int]]:
    """Playouts from the deal (the first upcard offered to either seat, GIN-2), from a
    draw and after taking the top (which may not be thrown back, GIN-4), with knock
    limits from Oklahoma's gin-only 0 to 10."""
    deck = shuffled(rng, sets=rng.random() < 0.3)
    mine, theirs, top, stock = mask_of(deck[:10]), mask_of(deck[10:20]), deck[20], deck[21:]
    limit = rng.choice((0, 5, 10, 10))
    cases = [
        (mine, theirs, bytes(stock), Start(top, OFFER, passes, -1, limit), kind, 0)
        for passes in (0, 1)
        for kind in (TAKE, PASS)
    ]
    cases.append((mine, theirs, bytes(stock), Start(top, DRAW, 0, -1, limit), STOCK, 0))
    taken = mine | 1 << top
    for card in deck[:10]:
        kinds = (THROW, KNOCK) if deadwood_mask(taken ^ 1 << card) <= limit else (THROW,)
        cases += [
            (taken, theirs, bytes(stock), Start(-1, DISCARD, 0, top, limit), kind, card)
            for kind in kinds
        ]
    for card in deck[:10]:  # a whole turn: take the top, throw (or knock with) a card
        kinds = (
            (TAKE_THROW, TAKE_KNOCK) if deadwood_mask(taken ^ 1 << card) <= limit else (TAKE_THROW,)
        )
        cases += [
            (mine, theirs, bytes(stock), Start(top, DRAW, 0, -1, limit), kind, card)
            for kind in kinds
        ]
    short = bytes(stock[-3:])  # GIN-14: the hand is cancelled when two cards are left
    cases.append((mine, theirs, short, Start(top, DRAW, 0, -1, limit), STOCK, 0))
    return [(*case[:3], with_records(rng, case[3], case[0], case[1]), *case[4:]) for case in cases]


def with_records(rng: random.Random, start: Start, mine: int, theirs: int) -> Start:
    """``start`` with each seat's pick-ups (some of its cards) and throws (cards of
    neither hand) for the safe style to heed."""
    elsewhere = [c for c in range(52) if not (mine | theirs) >> c & 1]
    picked = [mask_of(rng.sample(cards_of(hand), rng.randrange(4))) for hand in (mine, theirs)]
    shed = [mask_of(rng.sample(elsewhere, rng.randrange(8))) for _ in range(2)]
    return start._replace(picked=(picked[0], picked[1]), shed=(shed[0], shed[1]))


@needs_compiled
def test_gin_14_compiled_playouts_match_the_reference() -> None:
    rng = random.Random(63)
    python = playouts.python_playouts(PLAYOUT_STYLES)
    compiled = playouts.PLAYOUTS["c"](PLAYOUT_STYLES)
    scores = set()
    for _ in range(400):
        for case in starts(rng):
            styles = rng.randrange(len(PLAYOUT_STYLES)), rng.randrange(len(PLAYOUT_STYLES))
            expected = python(*case, *styles)
            assert compiled(*case, *styles) == expected, (case, styles)
            scores.add((expected > 0) - (expected < 0))
    assert scores == {-1, 0, 1}


@needs_compiled
def test_compiled_playouts_refuse_what_is_not_a_gin_position() -> None:
    from rummyhall.bots.gin import _playout

    # no meld in either hand: the one at seat 0 has 62 deadwood
    mine_cards, theirs_cards = list(range(0, 50, 5)), list(range(1, 51, 5))
    mine, theirs = mask_of(mine_cards), mask_of(theirs_cards)
    rest = [card for card in range(52) if card not in mine_cards + theirs_cards]
    top, stock = rest[0], bytes(rest[1:])
    legal = (mine, theirs, stock, top, OFFER, 0, -1, 10)
    records = (0, 0, 0, 0)
    assert isinstance(_playout.playout(*legal, TAKE, 0, 0, 3, *records), int)
    taken = (mine | 1 << top, theirs, stock, -1, DISCARD, 0, top, 10)
    wrong = {
        "overlapping hands": (mine, mine, *legal[2:], TAKE, 0, 0, 0),
        "a card twice": (mine, theirs, stock + stock[:1], *legal[3:], TAKE, 0, 0, 0),
        "no such card": (mine, theirs, b"\x40", *legal[3:], TAKE, 0, 0, 0),
        "a throw before drawing": (*legal, THROW, 0, 0, 0),
        "a card not held": (*taken, THROW, 1, 0, 0),
        "an illegal knock (GIN-7)": (*taken, KNOCK, 0, 0, 0),
        "no such move": (*legal, 9, 0, 0, 0),
        "no such style": (*legal, TAKE, 0, 0, len(PLAYOUT_STYLES)),
    }
    for what, arguments in wrong.items():
        with pytest.raises(ValueError, match="not a position"):
            _playout.playout(*arguments, *records)
            pytest.fail(what)
    not_held = {
        "a pick-up not held": (1 << rest[1], 0, 0, 0),
        "his pick-up not held": (0, 1 << rest[1], 0, 0),
    }
    for what, wrong_records in not_held.items():
        with pytest.raises(ValueError, match="not a position"):
            _playout.playout(*legal, TAKE, 0, 0, 4, *wrong_records)
            pytest.fail(what)
    with pytest.raises(ValueError, match="52-bit"):
        _playout.deadwood(1 << 52)
    with pytest.raises(ValueError, match="GIN-7"):
        _playout.settle(mine, theirs, 10)


@needs_compiled
def test_compiled_playouts_are_thread_safe() -> None:
    """They run without the GIL: threads playing at once get the scores each gets alone."""
    rng = random.Random(64)
    cases = [(*case, 1, 2) for _ in range(40) for case in starts(rng)]
    compiled = playouts.PLAYOUTS["c"](PLAYOUT_STYLES)
    assert_same_in_threads(lambda: [compiled(*case) for case in cases])


@needs_compiled
def test_hard_decisions_do_not_depend_on_the_implementation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def decisions() -> list[str]:
        played = []
        for seed in range(3):
            state = new_game("gin", seed=seed)
            hard = make_bot("gin", "hard", seed=seed, simulations=12)
            bots = [hard, make_bot("gin", "medium")]
            while not state.is_over:
                action = decide(state, bots[state.current_player])
                played.append(repr(action))
                state.apply(action)
        return played

    compiled = decisions()
    monkeypatch.setattr(playouts, "PLAYOUT_IMPLEMENTATION", "python")
    assert decisions() == compiled


class Position(NamedTuple):
    """A position of a hand the engine played, as a playout starts from it: the seat to
    move, its hand and the other's, the stock (the top last), the public start and the
    move medium chose there."""

    seat: int
    mine: int
    theirs: int
    stock: bytes
    start: Start
    move: tuple[int, int]


def engine_hand(
    seed: int, players: tuple[str, str] = ("medium", "medium")
) -> tuple[GinState, list[Position]]:
    """A hand dealt from a stacked deck (either mode, either dealer, one in four
    Oklahoma with an Ace up) and played to its end by the rules engine, ``players`` (bot
    kinds) on seats 0 and 1, with every position on the way."""
    rng = random.Random(seed)
    gin_only = seed % 4 == 0  # Oklahoma, an Ace up (GIN-9): hands that run the stock down
    deck = shuffled(rng, sets=not gin_only and seed % 3 == 0)
    mode = rng.choice(MODES)
    if gin_only:
        mode = "oklahoma"
        ace = deck.index(13 * rng.randrange(4))
        deck[ace], deck[20] = deck[20], deck[ace]
    names = [CARD_NAMES[card] for card in deck]
    state = GinState(seed=seed, deck=names, mode=mode, dealer=rng.randrange(2))
    bots = [make_bot("gin", kind) for kind in players]
    positions = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].act(view, state.legal_actions())
        mine, theirs = state.hands[seat], state.hands[1 - seat]
        start = Start.of(view)
        positions.append(Position(seat, mine, theirs, bytes(state.stock), start, move_code(action)))
        state.apply(action)
    return state, positions


def engine_score(state: GinState, seat: int) -> int:
    """The hand's points for ``seat`` as a playout counts them: negative when the other
    seat wins, without Oklahoma's spade doubling (GIN-12, a factor the playouts leave out)."""
    return (state.points[seat] - state.points[1 - seat]) // state.multiplier


@cache
def engine_hands() -> list[tuple[GinState, list[Position]]]:
    """500 hands the engine played (:func:`engine_hand`), shared by the tests below."""
    return [engine_hand(seed) for seed in range(500)]


def test_gin_2_to_14_world_plays_medium_against_medium_as_the_engine() -> None:
    """From every position of 500 stacked deals, the reference playout ends the hand
    where the engine's does: same hands, same stock, same knocker (or the same cancelled
    hand, GIN-14) and the same score."""
    outcomes = set()
    for seed, (state, positions) in enumerate(engine_hands()):
        outcomes.add(state.outcome)
        memo = Memo(PLAYOUT_STYLES)
        for index, position in enumerate(positions):
            world = World(
                position.mine, position.theirs, position.stock, position.start, (0, 0), memo
            )
            score = world.score_after(*position.move)
            seat, other = position.seat, 1 - position.seat
            where = (seed, index)
            assert score == engine_score(state, seat), where
            assert world.hands == [state.hands[seat], state.hands[other]], where
            assert world.stock == state.stock, where
            assert world.player == (0 if state.player == seat else 1), where
    assert outcomes == {"gin", "knock", "undercut", "cancelled"}


@pytest.mark.parametrize("implementation", ["python", pytest.param("c", marks=needs_compiled)])
def test_gin_2_to_14_playouts_score_hands_as_the_engine(implementation: str) -> None:
    """Each implementation of the playouts, from the deal and from every later position
    of the engine's medium-against-medium hands, scores the hand the engine scored."""
    for seed, (state, positions) in enumerate(engine_hands()):
        playout = playouts.PLAYOUTS[implementation](PLAYOUT_STYLES)
        for index, position in enumerate(positions):
            score = playout(
                position.mine, position.theirs, position.stock, position.start, *position.move, 0, 0
            )
            assert score == engine_score(state, position.seat), (seed, index)


@pytest.mark.parametrize("implementation", ["python", pytest.param("c", marks=needs_compiled)])
def test_gin_2_to_14_playouts_play_each_style_as_its_zoo_player(implementation: str) -> None:
    """A playout whose seats play the greedy and the patient styles, the gin hunter and
    the strong one, or both the safe one or the strong one (which heed the other seat's
    pick-ups and throws, tracked through the playout), ends every hand of the zoo's
    players of those styles, from every position, as the engine did."""
    codes = {style.name: style.code for style in PLAYOUT_STYLES}
    pairings = [("greedy", "patient"), ("safe", "safe"), ("hunter", "strong"), ("strong", "strong")]
    for seed in range(300):
        players = pairings[seed % len(pairings)]
        state, positions = engine_hand(seed, players)
        playout = playouts.PLAYOUTS[implementation](PLAYOUT_STYLES)
        for index, position in enumerate(positions):
            mine, theirs = players[position.seat], players[1 - position.seat]
            score = playout(
                position.mine,
                position.theirs,
                position.stock,
                position.start,
                *position.move,
                codes[mine],
                codes[theirs],
            )
            assert score == engine_score(state, position.seat), (seed, index)


@needs_compiled
def test_gin_2_to_7_compiled_style_check_matches_the_reference() -> None:
    """Every style's check of the opponent's turns, compiled and in Python, on his true
    hand and on random ones, in hands between players of every style."""
    from rummyhall.bots.gin import levels as gin
    from rummyhall.bots.gin.model import Knowledge
    from rummyhall.bots.gin.styles import MODELS

    rng = random.Random(64)
    players = [gin.MediumGinBot, gin.EasyGinBot, *gin.STYLES.values()]
    outcomes = set()
    for seed in range(24):
        state = new_game("gin", seed=seed)
        bots = [players[seed % len(players)](), players[(seed // 2) % len(players)]()]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            knowledge = Knowledge(view)
            hidden = state.hands[1 - seat]
            seen = mask_of([card_index(c) for c in [*view["hand"], *view["discard_pile"]]])
            known = mask_of([*knowledge.known])  # a sampled hand holds what he picked up
            others = [c for c in range(52) if not (hidden | seen) >> c & 1]
            rest = 10 - known.bit_count()
            held = rng.sample([c for c in cards_of(hidden) if not known >> c & 1], rest // 2)
            guess = known | mask_of([*held, *rng.sample(others, rest - rest // 2)])
            for theirs in (hidden, guess):
                for style, _ in MODELS:
                    expected = knowledge.reference_explains(theirs, style)
                    assert knowledge.explains(theirs, style) == expected, (seed, style.name)
                    outcomes.add(expected)
            state.apply(decide(state, bots[seat]))
    assert outcomes == {True, False}
