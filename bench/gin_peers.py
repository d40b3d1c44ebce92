"""Gin Rummy speed of two peer libraries, for ratios in our benchmark.

Peers (optional; every function returns None when its peer does not import):

* OpenSpiel -- PyPI ``open-spiel`` (C++ engine behind pybind11, ``pyspiel``).
* RLCard    -- PyPI ``rlcard`` (pure Python).

Card ids passed in are *ours*: ``suit_index * 13 + rank_index`` with suits
S, H, D, C = 0..3 and ranks A=0, 2=1, ..., T=9, J=10, Q=11, K=12.

"Min deadwood" is the minimum total deadwood over all ways to meld the cards,
counting *every* card given (A=1, 2-10 face, J/Q/K=10; sets of 3-4 of a rank,
runs of 3+ in a suit, ace low only).  Hands are converted to each peer's own
representation before the timer starts; only the deadwood calls are timed.

Neither peer's ready-made "min deadwood" call does exactly this for an
11-card hand, so for 11 cards we call the peer's own meld search and take the
minimum ourselves (see the two ``_*_deadwood_fn`` helpers).  For 10 cards the
library's own deadwood call is used as is.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

# OpenSpiel's suit order is s, c, d, h (index 0..3); ours is S, H, D, C.
_OPENSPIEL_SUIT = (0, 3, 2, 1)


def available() -> dict[str, bool]:
    """Whether each peer library can be imported."""
    result = {}
    for name, module in (("openspiel", "pyspiel"), ("rlcard", "rlcard")):
        try:
            __import__(module)
        except Exception:  # ImportError, or a broken binary / numpy mismatch
            result[name] = False
        else:
            result[name] = True
    return result


# ---------------------------------------------------------------- OpenSpiel


def _openspiel_hands(hands: list[list[int]]) -> list[list[int]]:
    return [[_OPENSPIEL_SUIT[c // 13] * 13 + c % 13 for c in hand] for hand in hands]


def _openspiel_deadwood_fn() -> Callable[[list[int]], int]:
    """A callable hand -> all-cards min deadwood, built on OpenSpiel's C++ utils.

    ``GinRummyUtils.min_deadwood(hand)`` is exact for 10 cards.  For 11 cards
    (``hand_size + 1``) it does NOT count all cards: it takes its best meld
    group and then drops the highest-ranked deadwood card (its "after the
    draw, discard the worst card" rule).  So for 11 cards we use
    ``total_card_value(hand) - total_card_value(best_meld_group(hand))``,
    which performs the same C++ meld-group search (``BestMeldGroup``) that
    ``min_deadwood`` runs, plus one extra pybind call.
    """
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)  # ranks, suits, hand size
    min_deadwood = utils.min_deadwood
    best_meld_group = utils.best_meld_group
    total_card_value = utils.total_card_value

    def deadwood(hand: list[int]) -> int:
        if len(hand) != 11:
            return min_deadwood(hand)
        return total_card_value(hand) - total_card_value(best_meld_group(hand))

    return deadwood


def openspiel_deadwood_values(hands: list[list[int]]) -> list[int] | None:
    """All-cards min deadwood of each hand per OpenSpiel (for cross-checking)."""
    try:
        fn = _openspiel_deadwood_fn()
    except ImportError:
        return None
    return [fn(h) for h in _openspiel_hands(hands)]


def openspiel_deadwood_seconds(hands: list[list[int]], repeat: int = 1) -> float | None:
    """Seconds for ``repeat`` passes of OpenSpiel's min deadwood over ``hands``.

    Each call crosses into C++ with a list of ints (pybind11 converts it) and
    runs OpenSpiel's exhaustive meld-group search; see ``_openspiel_deadwood_fn``.
    """
    try:
        fn = _openspiel_deadwood_fn()
    except ImportError:
        return None
    converted = _openspiel_hands(hands)
    start = time.perf_counter()
    for _ in range(repeat):
        for hand in converted:
            fn(hand)
    return time.perf_counter() - start


def openspiel_random_hands_seconds(n: int, seed: int) -> float | None:
    """Wall seconds to play ``n`` full random-vs-random hands in OpenSpiel.

    ``pyspiel.load_game("gin_rummy")`` with default parameters (knock card 10,
    OpenSpiel's rules including its knock/lay-melds/lay-off phases and the
    wall).  Each hand starts from ``game.new_initial_state()``; a Python loop
    picks uniformly from ``state.legal_actions()`` for the players and samples
    ``state.chance_outcomes()`` by probability at chance nodes, both from one
    ``random.Random(seed)``, and calls ``state.apply_action`` until terminal.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                r = rng.random()
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, prob in outcomes:
                    r -= prob
                    if r < 0.0:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    return time.perf_counter() - start


# ------------------------------------------------------------------- RLCard


def _rlcard_hands(hands: list[list[int]]) -> list[list]:
    # RLCard's card_id is rank_id + 13 * suit_id with suits S, H, D, C: same as
    # ours.  get_card returns the shared Card objects the game itself uses.
    from rlcard.games.gin_rummy.utils import utils

    return [[utils.get_card(c) for c in hand] for hand in hands]


def _rlcard_deadwood_fn() -> Callable[[list], int]:
    """A callable hand -> all-cards min deadwood, built on RLCard's melding utils.

    For 10 cards this is exactly how RLCard's own scorer gets a hand's
    deadwood: ``melding.get_best_meld_clusters(hand)`` (enumerates every
    cluster of up to 3 disjoint melds) then ``utils.get_deadwood_count`` on
    the first best cluster (all cards' value when there is no meld).

    Both of those refuse hands that are not 10 cards, and RLCard has no
    all-cards minimum for 11 cards (its knock/gin check, judge's
    ``_get_going_out_cards``, reasons about discarding one card instead).
    For 11 cards we therefore call ``melding.get_meld_clusters(hand)`` -- the
    same enumeration -- and take the minimum deadwood over the clusters in
    Python with ``utils.get_deadwood_value``, mirroring the body of
    ``get_best_meld_clusters``/``get_deadwood_count`` without the size checks.
    """
    from rlcard.games.gin_rummy.utils import melding, utils

    get_best_meld_clusters = melding.get_best_meld_clusters
    get_meld_clusters = melding.get_meld_clusters
    get_deadwood_count = utils.get_deadwood_count
    value = utils.get_deadwood_value

    def deadwood(hand: list) -> int:
        if len(hand) == 10:
            best = get_best_meld_clusters(hand)
            return get_deadwood_count(hand, best[0] if best else [])
        best_count = sum(value(card) for card in hand)
        for cluster in get_meld_clusters(hand):
            melded = [card for pile in cluster for card in pile]
            count = sum(value(card) for card in hand if card not in melded)
            if count < best_count:
                best_count = count
        return best_count

    return deadwood


def rlcard_deadwood_values(hands: list[list[int]]) -> list[int] | None:
    """All-cards min deadwood of each hand per RLCard (for cross-checking)."""
    try:
        fn = _rlcard_deadwood_fn()
    except ImportError:
        return None
    return [fn(h) for h in _rlcard_hands(hands)]


def rlcard_deadwood_seconds(hands: list[list[int]], repeat: int = 1) -> float | None:
    """Seconds for ``repeat`` passes of RLCard's min deadwood over ``hands``.

    Pure Python over RLCard ``Card`` objects; see ``_rlcard_deadwood_fn``.
    """
    try:
        fn = _rlcard_deadwood_fn()
    except ImportError:
        return None
    converted = _rlcard_hands(hands)
    start = time.perf_counter()
    for _ in range(repeat):
        for hand in converted:
            fn(hand)
    return time.perf_counter() - start


def rlcard_random_hands_seconds(n: int, seed: int, use_env: bool = False) -> float | None:
    """Wall seconds to play ``n`` full random-vs-random hands in RLCard.

    Default (``use_env=False``): drives RLCard's ``GinRummyGame`` directly,
    the faithful equivalent of the OpenSpiel loop (legal actions + apply, no
    observation encoding): ``game.init_game()`` per hand (deal seeded through
    ``game.np_random``), then ``game.judge.get_legal_actions()`` and
    ``game.step(action)`` with a uniform choice from ``random.Random(seed)``
    until ``game.is_over()``.  RLCard's rules: default ``Settings`` (knock at
    10, dead hand when 2 stock cards remain, move cap); knocking ends the hand
    at once and scoring includes lay-offs, so there are no meld/lay-off
    action phases as in OpenSpiel.

    ``use_env=True``: the way RLCard's examples run it --
    ``rlcard.make('gin-rummy', config={'seed': seed})`` with two
    ``RandomAgent``s and ``env.run(is_training=False)`` per hand.  This also
    pays for the 5x52 numpy observation and the payoffs of every step, and
    ``RandomAgent`` draws from numpy's global RNG, which is reseeded here with
    ``np.random.seed(seed)``.
    """
    try:
        import rlcard
    except ImportError:
        return None
    if use_env:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent

        env = rlcard.make("gin-rummy", config={"seed": seed})
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
        np.random.seed(seed)
        start = time.perf_counter()
        for _ in range(n):
            env.run(is_training=False)
        return time.perf_counter() - start

    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(n):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
    return time.perf_counter() - start
