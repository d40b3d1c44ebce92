"""Declaring (IND-9, IND-12): the melds the engine finds in a hand, the judgement of the
groups a player shows, and what a declaration would be, told beside a legal one.

The state judges a declaration with these when it is made, and describes a legal
``declare`` with them from the declarer's own view, so both say the same thing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rummyhall.actions import JSON, Declare
from rummyhall.cards import CARD_NAMES, card_index, parse_cards
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.games.indian.melds import MeldKind, classify, wild_rank
from rummyhall.games.indian.solver import declaration_of, hand_of

WRONG_SHOW = 80
"""IND-12."""

Melds = list[tuple[MeldKind, list[int]]]
"""A declaration as (kind, faces) melds."""


def found_melds(faces: Sequence[int], wild: int) -> Melds | None:
    """The engine's own valid grouping of the 13 cards kept (IND-9), or ``None``."""
    return declaration_of(hand_of(faces, wild))


def judge(groups: Sequence[Sequence[str]], wild: int) -> Melds | None:
    """A manual declaration as melds if it is valid (IND-9), else ``None`` (a wrong
    show, IND-12)."""
    melds = []
    for group in groups:
        faces = parse_cards(group)
        kind = classify(faces, wild)
        if kind is None:
            return None
        melds.append((kind, faces))
    sequences = [k for k, _ in melds if k.is_sequence]
    if len(sequences) < 2 or MeldKind.PURE not in sequences:
        return None
    return melds


def shown_melds(
    rest: Sequence[int], groups: Sequence[Sequence[str]] | None, wild: int
) -> Melds | None:
    """The melds a declaration shows with ``rest`` (the faces kept after its discard): the
    engine's own grouping (IND-9), or the player's ``groups`` judged (manual declaration);
    ``None`` for a wrong show (IND-12)."""
    return found_melds(rest, wild) if groups is None else judge(groups, wild)


def check_declaration(action: Declare, rest: Sequence[int], wild: int, *, manual: bool) -> None:
    """Refuse a declaration the rules do not let be made with ``rest`` (the faces kept
    after its discard): without ``manual`` (IND-9) the engine must find the melds and no
    groups are given; with it (IND-12) the groups must hold exactly those cards — whether
    they are melds is judged when it is applied (a wrong show is a legal action)."""
    if not manual:
        if action.groups is not None:
            raise IllegalAction(
                "IND-9",
                "groups are given only under the manual_declaration option",
                key="ind.groups_unasked",
            )
        if found_melds(rest, wild) is None:
            raise IllegalAction(
                "IND-9",
                f"discarding {action.discard} leaves no two sequences with a pure one",
                key="ind.no_declaration",
                values={"card": action.discard},
            )
        return
    if action.groups is None:
        raise IllegalAction(
            "IND-12", "a manual declaration shows its groups", key="ind.groups_missing"
        )
    try:
        grouped = [f for group in action.groups for f in parse_cards(group)]
    except NotationError as error:
        raise IllegalAction("IND-12", str(error)) from None
    if Counter(grouped) != Counter(rest):
        raise IllegalAction(
            "IND-12",
            "the groups must hold exactly your other 13 cards",
            key="ind.groups_cards",
        )


def melds_json(melds: Melds) -> list[JSON]:
    return [{"kind": kind.value, "cards": [CARD_NAMES[f] for f in meld]} for kind, meld in melds]


def declaration_facts(view: Mapping[str, Any], action: Declare) -> JSON:
    """What ``action`` would declare, from the declarer's view: whether it is valid, its
    melds, and the penalty it costs (0, or a wrong show's, IND-12)."""
    wild = wild_rank(card_index(view["indicator"]))
    rest = [card_index(name) for name in view["hand"]]
    rest.remove(card_index(action.discard))
    melds = shown_melds(rest, action.groups, wild)
    return {
        "valid": melds is not None,
        "melds": None if melds is None else melds_json(melds),
        "penalty": 0 if melds is not None else WRONG_SHOW,
    }
