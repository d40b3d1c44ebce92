"""What the hard bots share (``bots/search.py``): when a search on a budget answers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummyhall import new_game
from rummyhall.actions import Play
from rummyhall.bots import decide, make_bot, search
from rummyhall.bots.search import Searcher
from rummyhall.game import GameState


def searching_position(game: str) -> GameState:
    """A position where the game's hard bot searches: Gin's first turn; in Rummikub the
    first turn, medium playing before it, at which the player can lay tiles."""
    state = new_game(game, seed=5)
    medium = make_bot(game, "medium")
    while game == "rummikub" and not any(isinstance(a, Play) for a in state.legal_actions()):
        state.apply(decide(state, medium))
    return state


@pytest.mark.parametrize("game", ["gin", "rummikub"])
def test_a_search_on_a_budget_answers_once_its_choice_is_settled(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However long its budget, the search stops at its first check when the choice is
    settled; with a fixed number of simulations it never asks (its decisions then depend
    on the seed alone)."""
    samples_taken = []

    def counting(bot: Searcher) -> None:
        samples = bot.samples

        def counted() -> Iterator[int]:
            for done in samples():
                samples_taken[-1] = done + 1
                yield done

        monkeypatch.setattr(bot, "samples", counted)

    monkeypatch.setattr(search, "settled", lambda scores, indifferent: True)
    state = searching_position(game)
    first_check = 0
    for options in ({"budget": 60.0}, {"simulations": 40}):
        bot = make_bot(game, "hard", **options)
        assert isinstance(bot, Searcher)
        first_check = bot.first_check
        counting(bot)
        samples_taken.append(0)
        bot.act(state.view(state.current_player), state.legal_actions())
    assert samples_taken == [first_check, 40]


def test_settled_counts_a_gap_below_the_bots_indifference_as_none() -> None:
    """Two candidates whose paired difference is 0 ± 0.2 are settled for a bot to which a
    point is no difference (the Rummikub bot's rack points), not for one that tells 0.02
    apart (the Gin bot's hand values)."""
    first = [float(i) for i in range(30)]
    second = [x + (0.2 if i % 2 else -0.2) for i, x in enumerate(first)]
    assert search.settled([first, second], indifferent=1.0)
    assert not search.settled([first, second])
