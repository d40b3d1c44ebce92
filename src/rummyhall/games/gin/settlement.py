"""The settlement of a knock (GIN-10…13): the knocker's layout that scores best against
the defender's lay-offs, the undercut, the gin bonus, and everything that explains the
score. Compiled for the playouts and the learning environments in ``_settle.h``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from pathlib import Path

from rummyhall.actions import JSON
from rummyhall.cards import card_name
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.games.gin.melds import cards_of, is_set
from rummyhall.games.gin.solver import (
    Meld,
    arrangement_of,
    best_arrangement,
    checked_knock_limit,
    deadwood_mask,
    hand_mask,
    melds_key,
    packings,
    sorted_melds,
)

SETTLE_HEADER = Path(__file__).with_name("_settle.h")
"""The compiled settlement of a knock (it includes the deadwood), for the playouts and
the learning environments' core."""


class Layoff(str):
    """A card the defender laid off (GIN-10). It reads as the card's notation, so
    ``"4H" in settlement.layoffs`` works; ``meld`` is the index of the knocker's meld it
    joined, in ``Settlement.knocker_melds``.
    """

    meld: int

    def __new__(cls, card: str, meld: int) -> Layoff:
        layoff = super().__new__(cls, card)
        layoff.meld = meld
        return layoff

    def __getnewargs__(self) -> tuple[str, int]:  # type: ignore[override]
        """What ``pickle`` and ``copy`` rebuild it from (``str``'s would drop ``meld``):
        the replay cache keeps pickled game states."""
        return self.card, self.meld

    @property
    def card(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Layoff(card={self.card!r}, meld={self.meld})"

    def to_json(self) -> JSON:
        return {"card": self.card, "meld": self.meld}


@dataclass(frozen=True)
class Settlement:
    """The scored end of a knock (GIN-10…13), with everything that explains the score.

    ``points`` go to ``winner`` and are before Oklahoma doubling (GIN-12).
    """

    kind: str  # "gin" | "knock" | "undercut"
    winner: str  # "knocker" | "defender"
    points: int
    knocker_melds: list[list[str]]
    knocker_deadwood: list[str]
    knocker_points: int
    defender_melds: list[list[str]]
    defender_deadwood: list[str]
    defender_points: int
    layoffs: list[Layoff]

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "points": self.points,
            "knocker": {
                "melds": self.knocker_melds,
                "deadwood": self.knocker_deadwood,
                "points": self.knocker_points,
            },
            "defender": {
                "melds": self.defender_melds,
                "deadwood": self.defender_deadwood,
                "points": self.defender_points,
            },
            "layoffs": [layoff.to_json() for layoff in self.layoffs],
        }


_LayoffPlan = tuple[int, list[tuple[int, int]]]  # (cards laid off, [(card, meld index)])


def _layoff_options(melds: list[Meld], defender: int) -> list[list[_LayoffPlan]]:
    """Per knocker meld, the ways the defender can lay off onto it (GIN-10).

    A 3-card set takes its missing fourth card; a run takes chains of the defender's
    cards going down from its low end and up from its high end (ace low only).
    """
    per_meld: list[list[_LayoffPlan]] = []
    for index, meld in enumerate(melds):
        cards = cards_of(meld)
        options: list[_LayoffPlan] = [(0, [])]
        if is_set(meld):
            if len(cards) == 3:
                rank = cards[0] % 13
                missing = next(13 * s + rank for s in range(4) if not meld >> (13 * s + rank) & 1)
                if defender >> missing & 1:
                    options.append((1 << missing, [(missing, index)]))
        else:
            suit, low, high = cards[0] // 13, cards[0] % 13, cards[-1] % 13
            down = _chain(defender, suit, range(low - 1, -1, -1))
            up = _chain(defender, suit, range(high + 1, 13))
            for n_down in range(len(down) + 1):
                for n_up in range(len(up) + 1):
                    if n_down or n_up:
                        chosen = down[:n_down] + up[:n_up]
                        plan = [(c, index) for c in chosen]
                        options.append((sum(1 << c for c in chosen), plan))
        per_meld.append(options)
    return per_meld


def _chain(defender: int, suit: int, ranks: range) -> list[int]:
    chain = []
    for rank in ranks:
        card = 13 * suit + rank
        if not defender >> card & 1:
            break
        chain.append(card)
    return chain


def _defender_response(melds: list[Meld], defender: int) -> tuple[int, list[tuple[int, int]]]:
    """The defender's lowest deadwood after lay-offs onto ``melds``; fewest lay-offs on ties."""
    best: tuple[int, int] = (1 << 30, 0)
    best_plan: list[tuple[int, int]] = []
    for combo in product(*_layoff_options(melds, defender)):
        laid = 0
        plan: list[tuple[int, int]] = []
        overlap = False
        for cards, steps in combo:
            if laid & cards:
                overlap = True
                break
            laid |= cards
            plan.extend(steps)
        if overlap:
            continue
        key = (deadwood_mask(defender ^ laid), len(plan))
        if key < best:
            best, best_plan = key, plan
    return best[0], best_plan


def settle_masks(knocker: int, defender: int, knock_limit: int = 10) -> Settlement:
    """:func:`settle` on masks. Raises ``IllegalAction("GIN-7")`` if the knock is illegal."""
    least = deadwood_mask(knocker)
    if least > knock_limit:
        raise IllegalAction(
            "GIN-7",
            f"knocking needs deadwood ≤ {knock_limit}; the best layout leaves {least}",
            key="gin.knock_best",
            values={"limit": knock_limit, "left": least},
        )
    if least == 0:
        _, k_melds = best_arrangement(knocker)
        d_points, d_melds = best_arrangement(defender)
        return _settlement("gin", "knocker", 25 + d_points, knocker, k_melds, defender, d_melds, [])
    # GIN-13: try every legal layout of the knocker against the defender's best reply.
    best_key = None
    best = None
    for k_points, melds in packings(knocker, knock_limit):
        d_points, plan = _defender_response(melds, defender)
        score = d_points - k_points if d_points > k_points else -(25 + k_points - d_points)
        key = (-score, k_points, melds_key(melds))
        if best_key is None or key < best_key:
            best_key, best = key, (score, melds, plan)
    assert best is not None
    score, k_melds, plan = best
    k_melds = sorted_melds(k_melds)
    # Re-derive the plan against the sorted meld order so indices match the output.
    _, plan = _defender_response(k_melds, defender)
    laid = sum(1 << card for card, _ in plan)
    _, d_melds = best_arrangement(defender ^ laid)
    if score > 0:
        return _settlement("knock", "knocker", score, knocker, k_melds, defender, d_melds, plan)
    return _settlement("undercut", "defender", -score, knocker, k_melds, defender, d_melds, plan)


def _settlement(
    kind: str,
    winner: str,
    points: int,
    knocker: int,
    k_melds: list[Meld],
    defender: int,
    d_melds: list[Meld],
    plan: list[tuple[int, int]],
) -> Settlement:
    k = arrangement_of(knocker, k_melds)
    laid = sum(1 << card for card, _ in plan)
    d = arrangement_of(defender ^ laid, d_melds)
    return Settlement(
        kind=kind,
        winner=winner,
        points=points,
        knocker_melds=k.melds,
        knocker_deadwood=k.deadwood,
        knocker_points=k.points,
        defender_melds=d.melds,
        defender_deadwood=d.deadwood,
        defender_points=d.points,
        layoffs=[Layoff(card_name(card), meld) for card, meld in plan],
    )


def settle(
    knocker: Iterable[str] | str, defender: Iterable[str] | str, *, knock_limit: int = 10
) -> Settlement:
    """Score a knock: both hands have 10 cards, the knocker's after his discard.

    >>> s = settle("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "5S 6S 7S 8S 3H 3D 3C JC QC TD")
    >>> s.kind, s.winner, s.points
    ('knock', 'knocker', 10)
    """
    limit = checked_knock_limit(knock_limit)
    k = hand_mask(knocker, "knocker", 10)
    d = hand_mask(defender, "defender", 10)
    if k & d:
        dup = card_name(cards_of(k & d)[0])
        raise NotationError(f"{dup} is in both hands; Gin uses one deck")
    return settle_masks(k, d, limit)
