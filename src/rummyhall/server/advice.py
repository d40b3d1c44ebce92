"""What the server adds to a seat's legal actions, and the solver's hints.

Both are computed from the seat's own view and legal actions only (like a bot), so
they can never reveal anything the seat may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rummyhall.actions import JSON, Action, Declare, Discard, Knock, Play
from rummyhall.games import gin, indian, rummikub


def _without(cards: Sequence[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def describe_legal(game: str, view: JSON, actions: Sequence[Action]) -> list[JSON]:
    """The legal actions as sent to the client (``protocol.LegalAction``, every field
    present); a Gin knock says whether it is gin and how much deadwood it leaves (GIN-7),
    so the client can label its button."""
    described = []
    for action in actions:
        if game == "gin" and isinstance(action, Knock):
            left = gin.deadwood(_without(view["hand"], action.discard))
            described.append({"action": action.to_json(), "gin": left == 0, "deadwood": left})
        else:
            described.append({"action": action.to_json(), "gin": None, "deadwood": None})
    return described


GIN_LAYOUTS_KEPT = 4096
"""Gin hands whose layout is remembered (about 600 bytes each). Every state message
carries its seat's layout but an action changes one hand only, so the other seats'
layouts are found here: a hand is asked for again after about one action per busy
table, and 4,096 cover twice the server's default room limit."""


@lru_cache(maxsize=GIN_LAYOUTS_KEPT)
def _gin_layout(hand: tuple[str, ...]) -> gin.Arrangement:
    return gin.arrange(hand)


def arrangement(game: str, view: JSON) -> dict[str, Any] | None:
    """The solver's best layout of the seat's own hand, sent with every state so the
    table can show the live deadwood (Gin, GIN-6) or penalty (Indian, IND-10) and sort
    the hand into melds; ``None`` for spectators and Rummikub."""
    if game == "gin" and view.get("hand"):
        return _gin_layout(tuple(view["hand"])).to_json()
    if game == "indian" and view.get("hand"):
        return indian.arrange(view["hand"], view["indicator"]).to_json()
    return None


def hint(game: str, view: JSON, actions: Sequence[Action]) -> dict[str, Any]:
    """``arrangement``: the solver's best layout of the seat's hand (Gin: least
    deadwood, GIN-6; Indian: least penalty, IND-10), and ``suggestion``: the action the
    solver prefers among ``actions``, or ``None`` when it has no opinion (e.g. which
    pile to draw from). Rummikub suggests the best play (RKB-4/RKB-5)."""
    if game == "gin":
        return _gin_hint(view, actions)
    if game == "indian":
        return _indian_hint(view, actions)
    if game == "rummikub":
        return _rummikub_hint(view)
    return {"arrangement": None, "suggestion": None}


def _gin_hint(view: JSON, actions: Sequence[Action]) -> dict[str, Any]:
    hand = view["hand"]
    best: tuple[int, bool, Action] | None = None
    for action in actions:
        if isinstance(action, (Discard, Knock)):
            card = action.card if isinstance(action, Discard) else action.discard
            key = (gin.deadwood(_without(hand, card)), not isinstance(action, Knock), action)
            if best is None or key[:2] < best[:2]:
                best = key
    return {
        "arrangement": arrangement("gin", view),
        "suggestion": None if best is None else best[2].to_json(),
    }


def _indian_hint(view: JSON, actions: Sequence[Action]) -> dict[str, Any]:
    hand, indicator = view["hand"], view["indicator"]
    suggestion: Action | None = next((a for a in actions if isinstance(a, Declare)), None)
    if suggestion is None:
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            suggestion = min(
                discards, key=lambda a: indian.penalty(_without(hand, a.card), indicator)
            )
    return {
        "arrangement": arrangement("indian", view),
        "suggestion": None if suggestion is None else suggestion.to_json(),
    }


def _rummikub_hint(view: JSON) -> dict[str, Any]:
    rack, table = view["rack"], view["table"]
    if view["melded"][view["seat"]]:
        new_table = rummikub.best_play(table, rack)
    else:
        meld = rummikub.best_initial_meld(rack)
        new_table = None if meld is None else [*table, *meld]
    suggestion = None if new_table is None else Play(tuple(map(tuple, new_table))).to_json()
    return {"arrangement": None, "suggestion": suggestion}
