"""Style variants of Indian Rummy's rule player: how people and other programs play,
each medium with one rule changed (``MediumIndianBot.throw``, ``drops`` or
``take_for``). They are the opponents of the arena's zoo and the styles the hard bot's
opponent model (``indian/model.py``) weighs."""

from __future__ import annotations

from rummyhall.actions import Discard
from rummyhall.bots.indian.medium import (
    HOPELESS,
    MediumIndianBot,
    best_discard,
    cost,
    fits,
    hand_discards,
    natural_discards,
    promise,
    related,
    without,
)
from rummyhall.bots.indian.model import LEAST_MIDDLE_DROP, Record
from rummyhall.cards import card_index
from rummyhall.games.indian.melds import card_points, is_wild
from rummyhall.games.indian.solver import arrangement_of, hand_of
from rummyhall.games.indian.view import IndianSeatView

SAFE_SLACK = 3.0
"""How much worse (in medium's cost) a safe discard may leave the hand than the best."""
EAGER_PROMISE = HOPELESS + 2
"""The dropper drops at its first turn a hand whose promise is below this (medium: below
:data:`HOPELESS`): one wild card and a sequence start are not enough for it."""
DROPPER_PATIENCE = 6
"""Draws after which the dropper gives up, for 40, a hand with no pure sequence yet."""


class GreedyIndianBot(MediumIndianBot):
    """Takes the open card whenever it fits the hand: a natural card of the same rank
    in another suit, or of the same suit within two ranks, of a natural card held (the
    start of a set or a sequence, not only a hand made cheaper), or a wild card where the
    deal lets one be picked up; then throws as medium."""

    def take_for(
        self, view: IndianSeatView, faces: list[int], wild: int, top: int
    ) -> Discard | None:
        if not (is_wild(top, wild) or fits(top, faces, wild)):
            return None
        return best_discard([*faces, top], hand_discards(view), wild)[1]


class StockOnlyIndianBot(MediumIndianBot):
    """Never takes the open card (it shows nothing of its hand that way); otherwise
    medium."""

    def take_for(
        self, view: IndianSeatView, faces: list[int], wild: int, top: int
    ) -> Discard | None:
        return None


class HoarderIndianBot(MediumIndianBot):
    """Keeps whatever might join a meld, and its high cards: throws the lowest natural
    card with no partner in hand (no card of its rank in another suit, none of its suit
    within two ranks), and only when every card has one, medium's throw. Never throws a
    wild card while another card can go."""

    def throw(
        self, view: IndianSeatView, faces: list[int], choices: list[Discard], wild: int
    ) -> Discard:
        naturals = natural_discards(choices, wild)
        lone = [a for a in naturals if not fits(card_index(a.card), faces, wild)]
        if not lone:
            return best_discard(faces, choices, wild)[1]
        return min(lone, key=lambda a: (card_points(card_index(a.card), wild), card_index(a.card)))


class SafeIndianBot(MediumIndianBot):
    """Throws what the opponent will not take: among the discards leaving a hand at most
    :data:`SAFE_SLACK` worse than medium's best, first a face the opponent threw or let
    pass this deal, then a card unrelated to any card he picked up, the cheapest hand
    breaking ties."""

    def throw(
        self, view: IndianSeatView, faces: list[int], choices: list[Discard], wild: int
    ) -> Discard:
        record = Record(view)
        dead = {*record.discarded, *record.declined}
        scored = [
            (cost(without(faces, card_index(a.card)), wild), a)
            for a in natural_discards(choices, wild)
        ]
        least = min(score for score, _ in scored)

        def danger(item: tuple[float, Discard]) -> tuple[bool, bool, float]:
            score, action = item
            card = card_index(action.card)
            feeds = any(related(card, f, wild) for f in record.known)
            return card not in dead, feeds, score

        near = [item for item in scored if item[0] <= least + SAFE_SLACK]
        return min(near, key=danger)[1]


class DropperIndianBot(MediumIndianBot):
    """Cuts its losses: drops at its first turn (for 20, IND-11) a hand whose promise is below
    :data:`EAGER_PROMISE`, and later (for 40) a hand with no pure sequence after
    :data:`DROPPER_PATIENCE` draws; otherwise medium."""

    def drops(self, view: IndianSeatView, faces: list[int], wild: int) -> bool:
        seat = view["seat"]
        if view["drop_penalty"][seat] < LEAST_MIDDLE_DROP:
            return promise(faces, wild) < EAGER_PROMISE
        draws = sum(m["type"] == "draw" and m["seat"] == seat for m in view["moves"])
        no_pure = arrangement_of(hand_of(faces, wild)).tier == "no pure"
        return draws >= DROPPER_PATIENCE and no_pure


class NoDropIndianBot(MediumIndianBot):
    """Never drops: plays every hand out, as many players do; otherwise medium."""

    def drops(self, view: IndianSeatView, faces: list[int], wild: int) -> bool:
        return False
