"""The Indian hard bot's opponent model: what his moves say about the opponent's hidden
cards, read without assuming he plays like medium.

Each player style the zoo knows (medium, easy, random, the variants of
``indian/styles.py``, the hard bot) shows in how often he takes the open card, what he
throws and whether he drops at once (:class:`Style`, fitted from play); the styles'
weights follow from his observed choices (:func:`posterior`), beside a catch-all that
fits any rates equally (the "any consistent hand" of a player no style describes). How
much a pick-up, a discard or a pass says about the cards related to it depends on the
style (a greedy taker's pass says much more than a stock-only player's), so the unseen
cards expected in his hand are a mixture of the styles' estimates (:meth:`Belief.live`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from rummyhall.bots.indian.medium import related, wild_of
from rummyhall.cards import card_index
from rummyhall.games.indian.melds import card_points, is_wild
from rummyhall.games.indian.view import IndianHistoryEntry, IndianSeatView

HIGH = 10
"""A natural card worth this many points (10 to Ace) is a high discard."""
LEAST_MIDDLE_DROP = 40
"""The cheapest middle drop of any format (IND-11, IND-14): a deal lost by dropping for
less was dropped at the first turn."""
CATCH_ALL_PRIOR = 1.0
"""The catch-all's prior weight; each style has weight 1."""
NEGLIGIBLE = 1e-6
"""A style weighing less than this is left out of the mixture."""


@dataclass(frozen=True)
class Style:
    """How a player style shows: the chances that he takes an offered open card, that a
    discard is a wild card, that a natural discard is high, that he drops at his first
    turn; and the odds factors for an unseen card in his hand, per card related to it
    that he picked up, threw, or let pass (``search.odds``)."""

    take: float
    wild: float
    high: float
    drop: float
    picked: float
    discarded: float
    declined: float


@dataclass
class Evidence:
    """Counts of his observed choices, of this deal or carried over from earlier deals
    of the same match."""

    offers: int = 0
    takes: int = 0
    discards: int = 0
    wilds: int = 0
    highs: int = 0  # among the natural discards
    first_turns: int = 0
    first_drops: int = 0

    def __add__(self, other: Evidence) -> Evidence:
        return Evidence(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))


class Record:
    """What the view says about the opponent this deal (2 players; with more, the first
    other seat still playing): cards he picked up and still holds, cards he threw, open
    cards he could have taken and let pass, the counts of his choices (:class:`Evidence`),
    and the unseen cards, both physical copies counted (IND-1)."""

    def __init__(self, view: IndianSeatView) -> None:
        me = view["seat"]
        others = [s for s in range(view["players"]) if s != me]
        self.opponent = next((s for s in others if view["seats"][s] == "playing"), others[0])
        self.known = [card_index(name) for name in view["picked_up"][self.opponent]]
        self.discarded: list[int] = []
        self.declined: list[int] = []
        self.moves = 0
        self.evidence = Evidence()
        self._read(view)
        self.unseen = [2] * 53
        for name in [*view["hand"], *view["discard_pile"], view["indicator"]]:
            self.unseen[card_index(name)] -= 1
        for card in self.known:
            self.unseen[card] -= 1
        self.missing = view["hand_sizes"][self.opponent] - len(self.known)

    def _read(self, view: IndianSeatView) -> None:
        moves = view["moves"]
        wild_rank = wild_of(view)
        evidence = self.evidence
        started = False
        for move, top in zip(moves, open_cards(view), strict=True):
            kind, seat = move["type"], move["seat"]
            mine = seat == self.opponent
            if mine and not started:
                started = True
                evidence.first_turns += 1
                evidence.first_drops += kind == "drop"
            takeable = top is not None and (
                view["joker_from_discard"] or not is_wild(top, wild_rank)
            )
            if kind == "draw" and mine and top is not None and takeable:
                evidence.offers += 1
                if move["source"] == "discard":
                    evidence.takes += 1
                else:
                    self.declined.append(top)
            elif kind in ("discard", "declare") and mine:
                thrown = _thrown(move)
                self.discarded.append(thrown)
                evidence.discards += 1
                if is_wild(thrown, wild_rank):
                    evidence.wilds += 1
                elif card_points(thrown, wild_rank) >= HIGH:
                    evidence.highs += 1
            self.moves += mine


def open_cards(view: IndianSeatView) -> list[int | None]:
    """The open card on top of the discard pile before each move (``None``: the pile was
    empty). The first one is in no move: it shows when a draw takes it, or it still lies
    at the bottom of the pile."""
    first = -1  # the first open card while unknown
    pile = [first]
    for move in view["moves"]:
        if move["type"] == "draw" and move["source"] == "discard":
            if pile.pop() == first:
                first = card_index(move["card"])
                break
        elif move["type"] in ("discard", "declare"):
            pile.append(_thrown(move))
    else:
        first = card_index(view["discard_pile"][0]) if view["discard_pile"] else -1
    pile = [first]
    tops: list[int | None] = []
    for move in view["moves"]:
        tops.append(pile[-1] if pile and pile[-1] >= 0 else None)
        if move["type"] == "draw" and move["source"] == "discard":
            pile.pop()
        elif move["type"] in ("discard", "declare"):
            pile.append(_thrown(move))
    return tops


def _thrown(move: Mapping[str, Any]) -> int:
    """The card a discard or a declaration put on the pile."""
    return card_index(move.get("card") or move["discard"])


STYLES: dict[str, Style] = {
    "medium": Style(
        take=0.428, wild=0.00012, high=0.46, drop=0.031, picked=1.37, discarded=0.70, declined=0.78
    ),
    "easy": Style(
        take=0.000101,
        wild=0.0001,
        high=0.337,
        drop=0.00084,
        picked=1.00,
        discarded=0.90,
        declined=1.06,
    ),
    "random": Style(
        take=0.497, wild=0.078, high=0.378, drop=0.32, picked=0.96, discarded=0.98, declined=1.04
    ),
    "greedy": Style(
        take=0.824, wild=0.0003, high=0.48, drop=0.031, picked=1.28, discarded=0.77, declined=0.15
    ),
    "stock-only": Style(
        take=0.000116,
        wild=0.00012,
        high=0.483,
        drop=0.031,
        picked=1.00,
        discarded=0.73,
        declined=1.06,
    ),
    "hoarder": Style(
        take=0.471, wild=0.00012, high=0.422, drop=0.031, picked=1.35, discarded=0.61, declined=0.82
    ),
    "safe": Style(
        take=0.46, wild=0.00012, high=0.452, drop=0.031, picked=1.38, discarded=0.79, declined=0.77
    ),
    "dropper": Style(
        take=0.42, wild=0.0002, high=0.448, drop=0.31, picked=1.36, discarded=0.71, declined=0.75
    ),
    "no-drop": Style(
        take=0.429,
        wild=0.00012,
        high=0.461,
        drop=0.00084,
        picked=1.36,
        discarded=0.70,
        declined=0.78,
    ),
    "hard": Style(
        take=0.237, wild=0.00083, high=0.459, drop=0.015, picked=1.44, discarded=0.68, declined=0.81
    ),
}
"""The styles the model weighs, by their names in the zoo. Fitted from play: each
style against medium (hard: 100 deals, the others 600), the rates from his moves
((hits + 1/2) / (trials + 1)), the factors by a Poisson regression of the copies of each
unseen natural card in his hand on its related public cards, from medium's views at its
turns (every third deal)."""


def _binary(hits: int, trials: int, chance: float) -> float:
    """The log-likelihood of ``hits`` in ``trials`` at ``chance`` each."""
    return hits * math.log(chance) + (trials - hits) * math.log1p(-chance)


def _any_rate(hits: int, trials: int) -> float:
    """The log-likelihood of ``hits`` in ``trials`` at a rate uniform on [0, 1]:
    ``1 / ((trials + 1) * C(trials, hits))``."""
    return -math.log(trials + 1) - math.log(math.comb(trials, hits))


def _fits(style: Style, seen: Evidence) -> float:
    """How likely a player of ``style`` makes the observed choices (log)."""
    return (
        _binary(seen.takes, seen.offers, style.take)
        + _binary(seen.wilds, seen.discards, style.wild)
        + _binary(seen.highs, seen.discards - seen.wilds, style.high)
        + _binary(seen.first_drops, seen.first_turns, style.drop)
    )


def _fits_anyone(seen: Evidence) -> float:
    """The same for the catch-all: every rate equally likely."""
    return (
        _any_rate(seen.takes, seen.offers)
        + _any_rate(seen.wilds, seen.discards)
        + _any_rate(seen.highs, seen.discards - seen.wilds)
        + _any_rate(seen.first_drops, seen.first_turns)
    )


def posterior(seen: Evidence) -> tuple[dict[str, float], float]:
    """The styles' weights given the observed choices, and the catch-all's (summing to
    1 together)."""
    logs = {name: _fits(style, seen) for name, style in STYLES.items()}
    anyone = math.log(CATCH_ALL_PRIOR) + _fits_anyone(seen)
    top = max([anyone, *logs.values()])
    weights = {name: math.exp(value - top) for name, value in logs.items()}
    rest = math.exp(anyone - top)
    total = rest + sum(weights.values())
    return {name: w / total for name, w in weights.items()}, rest / total


TYPICAL_TAKE = STYLES["medium"].take
"""The share of offered open cards medium takes: the hard bot's discard safety, made for
medium, is scaled by the opponent's expected share over this."""


class Belief:
    """The model's reading of one position: the record of the deal and the weights of
    the styles given everything observed (this deal and the match's earlier ones)."""

    def __init__(self, record: Record, seen: Evidence) -> None:
        self.record = record
        self.seen = seen
        self.weights, self.anyone = posterior(seen)

    def take_share(self) -> float:
        """The share of offered open cards he is expected to take: the styles' rates by
        weight, the catch-all's the observed share (a uniform prior's mean)."""
        observed = (self.seen.takes + 1) / (self.seen.offers + 2)
        styles = sum(w * STYLES[name].take for name, w in self.weights.items())
        return styles + self.anyone * observed

    def live(self, wild: int) -> list[float]:
        """Per face: the unseen copies expected in the stock rather than in his hand,
        mixed over the styles (each draws his unknown cards from the unseen ones by its
        odds; the catch-all uniformly)."""
        record = self.record
        partners = _partners(wild)
        relations = []  # per kind of evidence, per face: his public cards related to it
        for cards in (record.known, record.discarded, record.declined):
            counts = [0] * 53
            for card in cards:
                for partner in partners[card]:
                    counts[partner] += 1
            relations.append(counts)
        mixed = [0.0] * 53
        for style, weight in [*self.weights.items(), (None, self.anyone)]:
            if weight < NEGLIGIBLE:
                continue
            weights = [1.0] * 53  # the catch-all's: uniform
            if style is not None:
                factors = STYLES[style]
                weights = [
                    1.0
                    if is_wild(card, wild)
                    else factors.picked ** relations[0][card]
                    * factors.discarded ** relations[1][card]
                    * factors.declined ** relations[2][card]
                    for card in range(53)
                ]
            total = sum(w * c for w, c in zip(weights, record.unseen, strict=True))
            share = record.missing / total if total else 0.0
            for card in range(53):
                mixed[card] += weight * record.unseen[card] * max(0.0, 1.0 - share * weights[card])
        return mixed


@lru_cache(maxsize=16)
def _partners(wild: int) -> tuple[tuple[int, ...], ...]:
    """Per face, the natural faces it could meld with (``related`` is symmetric)."""
    return tuple(
        tuple(
            other for other in range(53) if not is_wild(other, wild) and related(card, other, wild)
        )
        for card in range(53)
    )


class OpponentModel:
    """The evidence about one opponent across the deals of a match: a bot lives for a
    whole game, so what he showed in earlier deals still counts. It is kept while the
    views are of the same seat against the same opponent in the match's next deals, and
    forgotten when a new game starts (no match, or its deal number goes back)."""

    def __init__(self) -> None:
        self.carried = Evidence()
        self.last: Evidence | None = None  # of the deal last read
        self.table: tuple[int, int, int] | None = None  # seat, players, opponent
        self.deal: int | None = None

    def read(self, view: IndianSeatView) -> Belief:
        record = Record(view)
        table = (view["seat"], view["players"], record.opponent)
        match = view.get("match")
        deal = None if match is None else match["number"]
        if deal is None or self.deal is None or table != self.table or deal < self.deal:
            self.carried = Evidence()
        elif deal > self.deal and match is not None and self.last is not None:
            self.carried = self.carried + self.last
            for entry in match["history"]:
                # his first drops in the deal last read (after that view) and in any
                # deal not seen at all (he dropped before a move of ours)
                unseen_start = entry["number"] > self.deal or not self.last.first_turns
                if self.deal <= entry["number"] < deal and unseen_start:
                    self.carried = self.carried + _dropped(entry, record.opponent)
        self.table, self.deal, self.last = table, deal, record.evidence
        return Belief(record, self.carried + record.evidence)


def _dropped(entry: IndianHistoryEntry, seat: int) -> Evidence:
    """A first turn of ``seat`` in a finished deal, if he dropped at it (else the deal
    says nothing sure about his first turn)."""
    lost = entry["outcome"] == "last player" and seat not in entry["winners"]
    first = int(lost and entry["penalties"][seat] < LEAST_MIDDLE_DROP)
    return Evidence(first_turns=first, first_drops=first)
