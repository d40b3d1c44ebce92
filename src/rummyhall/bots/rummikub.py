"""Rummikub bots: easy, medium (play the solver's maximum) and hard."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rummyhall.actions import JSON, Action, Play
from rummyhall.bots.base import Bot
from rummyhall.bots.search import Searcher, chosen
from rummyhall.cards import TILE_NAMES
from rummyhall.errors import IllegalAction
from rummyhall.games.rummikub import best_initial_meld, best_play, check_turn


def tiles_placed(view: JSON, play: Play) -> int:
    return sum(map(len, play.table)) - sum(map(len, view["table"]))


def no_play(legal_actions: Sequence[Action]) -> Action:
    """Draw from the pool, or pass once it is empty (RKB-7, RKB-9)."""
    return next(a for a in legal_actions if not isinstance(a, Play))


class MediumRummikubBot:
    """Plays the solver's maximum every turn: the most rack tiles, then the most value
    (the legal actions carry the solver's best play and best initial meld)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return no_play(legal_actions)
        return max(plays, key=lambda play: tiles_placed(view, play))


class EasyRummikubBot:
    """A beginner: lays down new sets from its own rack worth 30 or more when it has them,
    and never extends or rearranges the table."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        melds = best_initial_meld(view["rack"])
        if melds is not None:
            table = (*map(tuple, view["table"]), *map(tuple, melds))
            try:
                check_turn(view["table"], view["rack"], table, melded=view["melded"][view["seat"]])
            except IllegalAction:
                return no_play(legal_actions)
            return Play(table)
        return no_play(legal_actions)


# --------------------------------------------------------------------------- hard

JOKER_VALUE = 30
"""A joker left on a rack costs 30 (RKB-8)."""


def rack_value(tiles: Sequence[str]) -> int:
    """What a rack costs its owner at the end of a round (RKB-8, RKB-9)."""
    return sum(JOKER_VALUE if name == "*" else int(name[1:]) for name in tiles)


def remove(
    rack: Sequence[str], table: Sequence[Sequence[str]], new: Sequence[Sequence[str]]
) -> list[str]:
    """The rack left after playing from ``table`` to ``new``."""
    left = Counter(rack)
    left.subtract(Counter(t for tiles in new for t in tiles))
    left.update(Counter(t for tiles in table for t in tiles))
    return sorted(left.elements())


def solver_play(
    table: Sequence[Sequence[str]], rack: Sequence[str], melded: bool
) -> list[list[str]] | None:
    """Medium's move as a new table (the solver's maximum), or ``None`` to draw."""
    if not melded:
        melds = best_initial_meld(rack)
        return None if melds is None else [*map(list, table), *melds]
    return best_play(table, rack)


class HardRummikubBot(Searcher):
    """Search over the hidden tiles, two turns deep: whether to play the maximum now,
    keep the jokers back, or hold everything back and draw.

    Each sample invents a world from the view: the opponent's rack drawn from the unseen
    tiles (both copies of a face counted) and the pool order. Every candidate is played
    in that world, then the opponent answers with the solver's maximum and the bot plays
    its own maximum on its next turn; the candidate is scored by the difference of the
    racks' values then (what the round's scoring pays, RKB-8), going out counting in
    full. Playing out in one move and keeping jokers (worth 30 on a rack, but the most
    flexible tile) are weighed by the same samples.

    ``budget`` is the thinking time per move in seconds; ``simulations`` instead fixes
    the number of samples, which makes the decisions a function of ``seed`` alone.
    """

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return no_play(legal_actions)
        best = max(plays, key=lambda play: tiles_placed(view, play))
        rack = view["rack"]
        if tiles_placed(view, best) == len(rack):
            return best  # going out wins the round
        candidates: list[Action] = [best, no_play(legal_actions)]
        keep = self._keeping_jokers(view)
        if keep is not None and keep != best:
            candidates.append(keep)
        return self._search(view, candidates)

    @staticmethod
    def _keeping_jokers(view: JSON) -> Play | None:
        rack = view["rack"]
        if "*" not in rack:
            return None
        plain = [t for t in rack if t != "*"]
        melded = view["melded"][view["seat"]]
        table = solver_play(view["table"], plain, melded)
        if table is None:
            return None
        play = Play(tuple(map(tuple, table)))
        try:
            check_turn(view["table"], rack, play.table, melded=melded)
        except IllegalAction:
            return None
        return play

    def _search(self, view: JSON, candidates: list[Action]) -> Action:
        me = view["seat"]
        opponent = (me + 1) % view["players"]
        unseen = Counter({name: 2 for name in TILE_NAMES})
        unseen.subtract(Counter(view["rack"]))
        unseen.subtract(Counter(t for tiles in view["table"] for t in tiles))
        pool = sorted(unseen.elements())
        size = view["rack_counts"][opponent]
        scores: list[list[int]] = [[] for _ in candidates]
        for _ in self.samples():
            self.rng.shuffle(pool)
            theirs, stock = pool[:size], pool[size:]
            for index, action in enumerate(candidates):
                scores[index].append(self._score(view, action, theirs, list(stock), opponent))
        return candidates[chosen(scores)]

    @staticmethod
    def _score(
        view: JSON, action: Action, theirs: list[str], stock: list[str], opponent: int
    ) -> int:
        """The bot's rack advantage after its move, the opponent's reply and its next
        move, in one sampled world."""
        me = view["seat"]
        table = view["table"]
        rack = list(view["rack"])
        melded = view["melded"][me]
        if isinstance(action, Play):
            rack = remove(rack, table, action.table)
            table = [list(tiles) for tiles in action.table]
            melded = True
        elif stock:
            rack.append(stock.pop())
        reply = solver_play(table, theirs, view["melded"][opponent])
        if reply is None:
            if stock:
                theirs = [*theirs, stock.pop()]
        else:
            theirs = remove(theirs, table, reply)
            table = reply
            if not theirs:
                return -rack_value(rack)
        mine = solver_play(table, rack, melded)
        if mine is not None:
            rack = remove(rack, table, mine)
            if not rack:
                return rack_value(theirs)
        return rack_value(theirs) - rack_value(rack)


BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyRummikubBot,
    "medium": MediumRummikubBot,
    "hard": HardRummikubBot,
}
