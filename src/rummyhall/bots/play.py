"""The one place where bots meet a game state.

Everything that seats bots (the CLI, the arena, the server) goes through :func:`decide`:
it hands the bot its seat's view and the legal actions, never the state itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.actions import Action
from rummyhall.bots.base import Bot
from rummyhall.game import GameState


def decide(state: GameState, bot: Bot) -> Action:
    """The action ``bot`` chooses for the seat to play in ``state``."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to play")
    return bot.act(state.view(seat), state.legal_actions())


def play_out(state: GameState, bots: Sequence[Bot]) -> None:
    """Let ``bots`` (one per seat) play ``state`` to its end."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(decide(state, bots[seat]))
