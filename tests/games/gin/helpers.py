"""Stacked Gin deals for rule tests."""

from __future__ import annotations

from rummyhall import new_game
from rummyhall.games.gin import GinState


def deal(
    seat0: str,
    seat1: str,
    upcard: str,
    stock: str = "",
    *,
    dealer: int = 1,
    mode: str = "standard",
) -> GinState:
    """A hand with the given hands, first upcard and top of stock (seat 0 leads when
    seat 1 deals)."""
    deck = seat0.split() + seat1.split() + [upcard] + stock.split()
    state = new_game("gin", seed=0, deck=deck, dealer=dealer, mode=mode)
    assert isinstance(state, GinState)
    return state


def names(text: str) -> list[str]:
    return text.split()
