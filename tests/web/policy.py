"""How the browser tests choose their moves: the same fixed policy the tests click and
the seed search below simulates, so a seeded game goes the same way in both."""

from __future__ import annotations

from typing import Any

from rummyhall.games import gin, indian

Action = dict[str, Any]


def without(cards: list[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def indian_choice(view: dict[str, Any], legal: list[Action]) -> Action:
    """Declare when possible, else draw from the stock, else the discard that leaves the
    least penalty (IND-10)."""
    for action in legal:
        if action["type"] == "declare":
            return action
    for action in legal:
        if action == {"type": "draw", "source": "stock"}:
            return action
    discards = [a for a in legal if a["type"] == "discard"]
    return min(
        discards, key=lambda a: indian.penalty(without(view["hand"], a["card"]), view["indicator"])
    )


def first_declaring_seed(seeds: range, level: str = "medium") -> tuple[int, int]:
    """The first seed of ``seeds`` where seat 0 following :func:`indian_choice` declares
    against a ``level`` bot (which moves as the server's bots do), and the turn it
    declares on."""
    from rummyhall.actions import action_from_json
    from rummyhall.server.rooms.autoplay import choose, move_seed
    from rummyhall.server.rooms.catalogue import parse_options, start_match

    for seed in seeds:
        state = start_match("indian", parse_options("indian", {"players": 2}), seed)
        while not state.is_over and state.turn < 200:
            legal = state.legal_actions()
            if state.current_player == 0:
                choice = indian_choice(state.view(0), [a.to_json() for a in legal])
                if choice["type"] == "declare":
                    return seed, state.turn
                state.apply(action_from_json(choice))
            else:
                view = state.view(1)
                state.apply(choose("indian", level, move_seed(seed, 1, state.turn), view, legal))
    raise AssertionError("no seed declares")


def gin_choice(view: dict[str, Any], legal: list[Action]) -> Action:
    """Take the first upcard, then always draw from the stock; knock (gin first) with the
    least deadwood as soon as allowed, else throw the card leaving the least deadwood."""
    knocks = [a for a in legal if a["type"] == "knock"]
    if knocks:
        return min(knocks, key=lambda a: gin.deadwood(without(view["hand"], a["discard"])))
    for wanted in ({"type": "draw", "source": "discard"}, {"type": "draw", "source": "stock"}):
        if wanted in legal and (wanted["source"] == "stock" or view["phase"] == "offer"):
            return wanted
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    discards = [a for a in legal if a["type"] == "discard"]
    return min(discards, key=lambda a: gin.deadwood(without(view["hand"], a["card"])))


def first_knocking_seed(seeds: range, level: str = "medium") -> int:
    """The first seed of ``seeds`` where seat 0 following :func:`gin_choice` knocks in the
    first hand against a ``level`` bot (which moves as the server's bots do)."""
    from rummyhall.actions import action_from_json
    from rummyhall.server.rooms.autoplay import choose, move_seed
    from rummyhall.server.rooms.catalogue import parse_options, start_match

    for seed in seeds:
        state = start_match("gin", parse_options("gin", {}), seed)
        while not state.history:  # the first hand
            legal = state.legal_actions()
            if state.current_player == 0:
                choice = gin_choice(state.view(0), [a.to_json() for a in legal])
                if choice["type"] == "knock":
                    return seed
                state.apply(action_from_json(choice))
            else:
                view = state.view(1)
                state.apply(choose("gin", level, move_seed(seed, 1, state.turn), view, legal))
    raise AssertionError("no seed knocks")
