"""What the server adds to a seat's legal actions, and its hints.

Both come from the seat's own view and legal actions only (like a bot), so they can
never reveal anything the seat may not know: the legal actions carry the engine's facts
(:meth:`GameState.describe`), a hint is the medium bot's move plus the solver's layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummyhall.actions import JSON, Action
from rummyhall.bots.base import Adviser
from rummyhall.bots.registry import make_bot
from rummyhall.game import GameState
from rummyhall.registry import find_game
from rummyhall.server.wire.messages import LegalAction
from rummyhall.view import View

LEGAL_FIELDS = tuple(LegalAction.model_fields)


def describe_legal(state: GameState, view: View, actions: Sequence[Action]) -> list[JSON]:
    """The legal actions as sent to the client (``protocol.LegalAction``, every field
    present): the engine's facts that a button shows, e.g. a Gin knock's deadwood and
    whether it is gin (GIN-7), an Indian declaration's melds (IND-9)."""
    return [
        {name: fact.get(name) for name in LEGAL_FIELDS} for fact in state.describe(view, actions)
    ]


def arrangement(game: str, view: View | JSON) -> dict[str, Any] | None:
    """The solver's best layout of the seat's own hand (``GameState.layout``), sent with
    every state so the table can show the live deadwood (Gin, GIN-6) or penalty (Indian,
    IND-10) and sort the hand into melds (Rummikub: the rack into its sets and runs);
    ``None`` for spectators."""
    return find_game(game).part_state.layout(view)


HINT_LEVEL = "medium"
"""The bot whose move a hint suggests: it plays the solver's choices (Gin: least
deadwood, knocking when it pays; Indian: declaring when it can; Rummikub: the solver's
maximum, RKB-4/RKB-5) and answers at once."""


def hint(game: str, view: View | JSON, actions: Sequence[Action]) -> dict[str, Any]:
    """``arrangement``: the solver's best layout of the seat's hand (see
    :func:`arrangement`); ``suggestion``: the move the medium bot would make among
    ``actions``, and ``reason``: why, from the bot's own decision (``{"kind": ..., **facts}``,
    put in words by the web catalogue's ``reason.<kind>``); both ``None`` when there are no
    actions (not the seat's turn). The bot's seed is the turn, so asking again gives the
    same hint."""
    suggestion = reason = None
    if actions:
        bot = make_bot(game, HINT_LEVEL, seed=int(view["turn"]))
        assert isinstance(bot, Adviser), f"the {HINT_LEVEL} bot of {game} gives no reasons"
        decision = bot.decide(view, actions)
        suggestion, reason = decision.action.to_json(), decision.reason
    return {"arrangement": arrangement(game, view), "suggestion": suggestion, "reason": reason}
