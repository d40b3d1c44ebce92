"""Indian Rummy's moves valued for a review: every legal move of a decision (the draw
from the stock or the pile, the drop, each discard, each declaration) played out in the
same sampled worlds (the other seats' hands and the stock drawn from the cards the seat
has not seen, the cards they picked up from the pile in their hands) by a fast rule
player for every seat (:mod:`~rummyhall.review.indian_playout`), settled exactly. What
the solver decides exactly is said as a fact: the distance to a declaration a discard
left and the nearest any discard could leave (0: a declaration was there to make)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

from rummyhall.actions import JSON, Action, Declare, Discard, Draw
from rummyhall.bots.indian.medium import hand_faces, natural_discards, wild_of, without
from rummyhall.bots.indian.pool import win_chance
from rummyhall.bots.search import Appraisal, Stop, appraise, paired_gap
from rummyhall.cards import card_index
from rummyhall.games.indian.distance import distance
from rummyhall.games.indian.formats import drop_penalties, reshuffles
from rummyhall.games.indian.view import IndianSeatView
from rummyhall.review.indian_playout import Deal, Rules, apply, net_points, play_to_end

WORLDS = 48
"""Sampled worlds per decision for the moves kept (:data:`KEPT`): one seat of a
six-player deal reviewed within 10 s of one core (``bench/review.py``)."""
SCREENED = 8
"""The first worlds, in which every move weighed is played out."""
KEPT = 4
"""The moves with the best means over the screening worlds played out in every world
(with the move played, always)."""
SPREAD = 25
"""Points either side of level totals over which :data:`POINTS_IN_PP` is measured."""
POOL = "pool101"
"""The pool :data:`POINTS_IN_PP` weighs a deal's points in."""


def points_in_pp() -> float:
    """What a point of a deal is worth in percentage points of the chance to win, for
    the accuracy: its worth at the start of a two-player Pool 101 (the hard bot's pool
    equity, ``bots/indian/pool.py``)."""
    drops = drop_penalties(POOL)
    gained = win_chance(0, SPREAD, 101, drops) - win_chance(SPREAD, 0, 101, drops)
    return 100 * gained / (2 * SPREAD)


POINTS_IN_PP = points_in_pp()


def in_pool(view: IndianSeatView) -> bool:
    """Whether the review values this seat's chance to win a pool: a two-player Pool
    101 or 201, where every deal is a step towards the other's elimination."""
    match = view.get("match")
    return match is not None and match["limit"] is not None and view["players"] == 2


def rules_of(view: IndianSeatView) -> Rules:
    match = view.get("match")
    format_ = "points" if match is None else match["format"]
    return Rules(
        wild=wild_of(view),
        drops=drop_penalties(format_),
        joker_from_discard=view["joker_from_discard"],
        reshuffle=reshuffles(format_, None),
    )


def sampled(view: IndianSeatView, rng: random.Random) -> Deal:
    """One world consistent with the seat's view: the cards each other seat picked up
    from the pile and still holds in its hand, the rest of its hand and the stock dealt
    from the unseen cards, uniformly."""
    me = view["seat"]
    unseen = [2] * 53
    known = [[card_index(name) for name in held] for held in view["picked_up"]]
    known[me] = []
    for name in [*view["hand"], *view["discard_pile"], view["indicator"]]:
        unseen[card_index(name)] -= 1
    for card in (card for held in known for card in held):
        unseen[card] -= 1
    pool = [face for face in range(53) for _ in range(max(0, unseen[face]))]
    rng.shuffle(pool)
    hands = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == me:
            hands.append(hand_faces(view))
            continue
        missing = max(0, size - len(known[seat]))
        hands.append(known[seat] + pool[:missing])
        del pool[:missing]
    drawn = [False] * view["players"]
    for move in view["moves"]:
        if move["type"] == "draw":
            drawn[move["seat"]] = True
    taken = view["taken_from_discard"]
    return Deal(
        hands=hands,
        stock=pool[: view["stock_count"]],
        pile=[card_index(name) for name in view["discard_pile"]],
        playing=[status == "playing" for status in view["seats"]],
        drawn=drawn,
        penalties=[-score for score in view["scores"]],
        player=me,
        discarding=view["phase"] == "discard",
        taken=-1 if taken is None else card_index(taken),
    )


class IndianAppraiser:
    """Values one seat's decisions by playouts in sampled worlds, common to every move of
    a decision (the same hands, stock and reshuffles): a move's loss is measured on the
    same deals as the best move's."""

    worlds = WORLDS

    def __init__(self, worlds: int) -> None:
        self.worlds = worlds

    @staticmethod
    def unit(view: IndianSeatView) -> str:
        """``pp`` in a two-player pool (the chance to win it), else ``points``."""
        return "pp" if in_pool(view) else "points"

    @staticmethod
    def pp_per_unit(view: IndianSeatView) -> float:
        return 1.0 if in_pool(view) else POINTS_IN_PP

    @staticmethod
    def facts(view: IndianSeatView, legal: Sequence[Action], played: Action) -> JSON:
        """After the draw, the solver's exact word on the discard: the ``distance`` to a
        declaration it left (0 for a declaration) and the ``nearest`` any discard could
        leave (0 where a declaration was legal, IND-9). Before it, whether taking the
        open card would bring the hand closer (``take_closer``, when it may be taken)."""
        faces = hand_faces(view)
        wild = wild_of(view)
        if view["phase"] == "draw":
            if Draw("discard") not in legal:
                return {}
            top = card_index(view["discard_pile"][-1])
            return {"take_closer": distance([*faces, top], wild) < distance(faces, wild)}
        throws = [a for a in legal if isinstance(a, Discard)]
        if any(isinstance(a, Declare) for a in legal):
            least = 0
        else:
            least = min(
                distance(without(faces, card_index(a.card)), wild)
                for a in natural_discards(throws, wild)
            )
        if isinstance(played, Declare):
            return {"distance": 0, "nearest": least}
        if isinstance(played, Discard):
            left = distance(without(faces, card_index(played.card)), wild)
            return {"distance": left, "nearest": least}
        return {}

    def appraise(
        self, view: IndianSeatView, legal: Sequence[Action], played: Action, seed: int
    ) -> list[tuple[Action, Appraisal]]:
        """Every move weighed with its value (the seat's points of the deal, or its
        chance to win the pool) and loss: every move over the first :data:`SCREENED`
        worlds, then the :data:`KEPT` best of them and the move played over all
        :attr:`worlds`; a move left behind has its loss against the best over the worlds
        it was played in."""
        rules = rules_of(view)
        seeds, worlds = sampled_worlds(view, seed, self.worlds)
        moves = weighed(legal, played, rules.wild)
        screened = min(SCREENED, self.worlds)
        scores = [played_out(view, rules, action, worlds[:screened], seeds) for action in moves]
        kept = sorted(range(len(moves)), key=lambda i: -statistics.fmean(scores[i]))[:KEPT]
        kept += [moves.index(played)] if moves.index(played) not in kept else []
        for i in kept:
            scores[i] += played_out(view, rules, moves[i], worlds[screened:], seeds[screened:])
        full = appraise([scores[i] for i in kept])
        best = kept[min(range(len(kept)), key=lambda k: full[k].loss)]
        found = dict(zip(kept, full, strict=True))
        for i in range(len(moves)):
            if i not in found:
                gap = paired_gap(scores[i], scores[best][:screened])
                loss, error = gap if gap is not None else (0.0, math.inf)
                found[i] = Appraisal(found[best].mean - loss, loss, error)
        return [(action, found[i]) for i, action in enumerate(moves)]

    @staticmethod
    def confirm(
        view: IndianSeatView, played: Action, best: Action, seed: int, worlds: int, stop: Stop
    ) -> Appraisal:
        """The second look at the loss of ``played`` against ``best``: both played out
        again in all ``worlds`` fresh worlds (``seed``), at once (``stop`` is not asked:
        the fast playouts make a whole look cheap)."""
        rules = rules_of(view)
        seeds, dealt = sampled_worlds(view, seed, worlds)
        mine = played_out(view, rules, played, dealt, seeds)
        gap = paired_gap(mine, played_out(view, rules, best, dealt, seeds))
        loss, error = gap if gap is not None else (0.0, math.inf)
        return Appraisal(statistics.fmean(mine), loss, error)


def sampled_worlds(view: IndianSeatView, seed: int, count: int) -> tuple[list[int], list[Deal]]:
    """``count`` worlds (:func:`sampled`) and their seeds, drawn from ``seed``."""
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(count)]
    return seeds, [sampled(view, random.Random(world_seed)) for world_seed in seeds]


def played_out(
    view: IndianSeatView, rules: Rules, action: Action, worlds: Sequence[Deal], seeds: Sequence[int]
) -> list[float]:
    """The values of ``action`` played out in each of ``worlds`` (a copy of it), its
    reshuffles drawn from its seed: the same for every move."""
    values = []
    for world, world_seed in zip(worlds, seeds, strict=False):
        deal = copied(world)
        shuffles = random.Random(world_seed)
        apply(deal, action, rules, shuffles)
        play_to_end(deal, rules, shuffles)
        values.append(value(view, deal))
    return values


def copied(deal: Deal) -> Deal:
    return Deal(
        hands=[list(hand) for hand in deal.hands],
        stock=list(deal.stock),
        pile=list(deal.pile),
        playing=list(deal.playing),
        drawn=list(deal.drawn),
        penalties=list(deal.penalties),
        player=deal.player,
        discarding=deal.discarding,
        taken=deal.taken,
    )


def weighed(legal: Sequence[Action], played: Action, wild: int) -> list[Action]:
    """The moves a decision weighs, as the hard bot does: every draw and the drop; after
    the draw one declaration (every declaration wins the deal alike) and the discards of
    natural cards (a wild card only where nothing else may go); the move played always."""
    declares = [a for a in legal if isinstance(a, Declare)]
    throws = [a for a in legal if isinstance(a, Discard)]
    if not throws:
        return list(legal)
    moves: list[Action] = [*declares[:1], *natural_discards(throws, wild)]
    return moves if played in moves else [*moves, played]


def value(view: IndianSeatView, deal: Deal) -> float:
    """The seat's value of a deal played out: its chance to win a two-player pool from
    the totals after the deal; in Deals the chips it wins or pays (the winner takes every
    loser's penalty, :func:`net_points`); else minus its penalty, as the deal scores it
    (IND-14: the winner pays nothing)."""
    seat = view["seat"]
    match = view.get("match")
    if match is None or not in_pool(view):
        if match is not None and match["format"] == "deals":
            return float(net_points(deal, seat))
        return float(-deal.penalties[seat])
    other = 1 - seat
    totals = match["totals"]
    limit = match["limit"]
    assert limit is not None  # in_pool
    return win_chance(
        totals[seat] + deal.penalties[seat],
        totals[other] + deal.penalties[other],
        limit,
        drop_penalties(match["format"]),
    )
