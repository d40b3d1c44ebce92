"""Rummikub bots: easy, medium (play the solver's maximum) and hard."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import cycle

from rummyhall.actions import Action, Play
from rummyhall.bots.base import Bot, Decision
from rummyhall.bots.rummikub.equity import Horizon, valuation
from rummyhall.bots.rummikub.model import Belief, beliefs
from rummyhall.bots.rummikub.styles import (
    BeginnerBot,
    HoarderBot,
    JokerHolderBot,
    KeeperBot,
    NewSetsBot,
    Policy,
    Position,
    holding_jokers,
    keeping_reserves,
)
from rummyhall.bots.rummikub.tiles import (
    no_play,
    rack_value,
    remove,
    solver_play,
)
from rummyhall.bots.search import Appraisal, Searcher, appraise, appraised_against, chosen
from rummyhall.cards import TILE_NAMES
from rummyhall.errors import IllegalAction
from rummyhall.games.rummikub import best_initial_meld, check_turn
from rummyhall.games.rummikub.melds import set_value
from rummyhall.games.rummikub.view import RummikubSeatView


def tiles_placed(view: RummikubSeatView, play: Play) -> int:
    return sum(map(len, play.table)) - sum(map(len, view["table"]))


def new_sets_value(view: RummikubSeatView, play: Play) -> int:
    """The value of the sets ``play`` adds to the table (an initial meld's, RKB-4): before
    melding, the table's sets stay as they are."""
    standing = Counter(tuple(sorted(tiles)) for tiles in view["table"])
    value = 0
    for tiles in play.table:
        key = tuple(sorted(tiles))
        if standing[key]:
            standing[key] -= 1
        else:
            value += set_value(tiles)
    return value


class MediumRummikubBot:
    """Plays the solver's maximum every turn: the most rack tiles, then the most value
    (the legal actions carry the solver's best play and best initial meld)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: RummikubSeatView, legal_actions: Sequence[Action]) -> Action:
        return self.decide(view, legal_actions).action

    def decide(self, view: RummikubSeatView, legal_actions: Sequence[Action]) -> Decision:
        """The move and why (``reason.*`` in the web catalogue): the rack tiles it lays
        and their points (an initial meld's: the value RKB-4 counts; later: what they
        would cost on the rack, RKB-8), or that nothing can be laid."""
        plays = [a for a in legal_actions if isinstance(a, Play)]
        melded = view["melded"][view["seat"]]
        if not plays:
            action = no_play(legal_actions)
            return Decision(action, {"kind": action.type if melded else "no_meld"})
        best = max(plays, key=lambda play: tiles_placed(view, play))
        laid = remove([tile for tiles in best.table for tile in tiles], [], view["table"])
        if melded:
            return Decision(best, {"kind": "play", "tiles": laid, "points": rack_value(laid)})
        return Decision(best, {"kind": "meld", "tiles": laid, "points": new_sets_value(view, best)})


class EasyRummikubBot:
    """A beginner: lays down new sets from its own rack worth 30 or more when it has them,
    and never extends or rearranges the table."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: RummikubSeatView, legal_actions: Sequence[Action]) -> Action:
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

REPLIES = 1
"""Rounds of the opponent's reply and the bot's next move played after a candidate (two
rounds of both playing their maximum were no better: the maximum spends the reserves)."""
REDRAWS = 5
"""Racks drawn at most per sample until one explains his last draw (then the last is
kept; with a budget, also once the move's time is up): the check costs a solver call."""


class HardRummikubBot(Searcher):
    """Search over the hidden tiles, two turns deep: whether to play the maximum now,
    keep the jokers back, keep back the tiles that fit the table on their own, or hold
    everything back and draw.

    Each sample invents a world from the view (a style for the opponent from the opponent
    model's mixture, ``rummikub/model.py``, his rack and the pool), plays every candidate
    in it with the opponent's answer and the bot's next maximum, and scores it by who is
    nearer to winning (:mod:`~rummyhall.bots.rummikub.equity`). How and why: docs/bots.md,
    "Rummikub: player styles and the hard bot's opponent model" and "The hard bots' budget".

    ``budget`` is the thinking time per move in seconds (the search answers as soon as its
    choice is settled); ``simulations`` instead fixes the number of samples, which makes
    the decisions a function of ``seed`` alone.
    """

    first_check = 16
    replies: int | None = REPLIES
    """Rounds of the opponent's reply and the bot's next move played after a candidate
    before the world is valued; ``None``: to the round's end (a review's valuation,
    docs/review.md)."""

    def act(self, view: RummikubSeatView, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return no_play(legal_actions)
        best = max(plays, key=lambda play: tiles_placed(view, play))
        if tiles_placed(view, best) == len(view["rack"]):
            return best  # going out wins the round
        candidates = self.candidates(view, legal_actions, best)
        return candidates[chosen(self.scores(view, candidates))]

    def appraise(
        self, view: RummikubSeatView, legal_actions: Sequence[Action], played: Action
    ) -> list[tuple[Action, Appraisal]]:
        """The moves the search weighs (and ``played``, the move a review judges, where it
        is none of them), each with what the search finds it worth (its mean value as
        :func:`~rummyhall.bots.rummikub.equity.valuation` says, its loss against the best)
        by the very sampling :meth:`act` chooses from."""
        self.start_clock()
        plays = [a for a in legal_actions if isinstance(a, Play)]
        best = max(plays, key=lambda play: tiles_placed(view, play))
        candidates = self.candidates(view, legal_actions, best)
        if played not in candidates:
            candidates.append(played)
        return list(zip(candidates, appraise(self.scores(view, candidates)), strict=True))

    def confirm(self, view: RummikubSeatView, worse: Action, better: Action) -> Appraisal:
        """``worse``'s loss against ``better`` over fresh worlds (the bot's ``rng`` and
        ``simulations``): an estimate no choice among noisy means has inflated, for a
        review's second look at a loss it would mark."""
        return appraised_against(*self.scores(view, [worse, better]))

    def candidates(
        self, view: RummikubSeatView, legal_actions: Sequence[Action], best: Play
    ) -> list[Action]:
        """The solver's maximum (first: :func:`~rummyhall.bots.search.chosen` keeps it
        unless the search beats it clearly), drawing instead, and the plays that keep the
        jokers or the reserves back."""
        me = view["seat"]
        position = Position(view["table"], view["rack"], view["melded"][me], view["pool_count"])
        candidates: list[Action] = [best, no_play(legal_actions)]
        for policy in (holding_jokers, keeping_reserves):
            other = self._legal(view, policy(position, self.rng))
            if other is not None and other not in candidates:
                candidates.append(other)
        return candidates

    @staticmethod
    def _unseen(view: RummikubSeatView) -> Counter[str]:
        """Tiles neither on the bot's rack nor on the table: the opponent's and the pool."""
        unseen = Counter({name: 2 for name in TILE_NAMES})
        unseen.subtract(Counter(view["rack"]))
        unseen.subtract(Counter(t for tiles in view["table"] for t in tiles))
        return +unseen

    @staticmethod
    def _legal(view: RummikubSeatView, table: list[list[str]] | None) -> Play | None:
        """``table`` as a play if the rules accept it from the bot's rack."""
        if table is None:
            return None
        play = Play(tuple(map(tuple, table)))
        try:
            check_turn(view["table"], view["rack"], play.table, melded=view["melded"][view["seat"]])
        except IllegalAction:
            return None
        return play

    def scores(self, view: RummikubSeatView, candidates: list[Action]) -> list[list[float]]:
        """Each candidate's value in every sampled world (the same worlds for all)."""
        unseen = self._unseen(view)
        opponent = (view["seat"] + 1) % view["players"]
        mixture = beliefs(view, opponent, unseen)
        size = view["rack_counts"][opponent]
        tiles = sorted(unseen.elements())
        urns = [self._urn(tiles, belief, size) for belief in mixture]
        weights = [belief.weight for belief in mixture]
        value, self.indifferent = valuation(view)
        scores: list[list[float]] = [[] for _ in candidates]
        deadline = self.deadline()
        for done in self.samples():
            index = self.rng.choices(range(len(mixture)), weights)[0]
            free, barred, kept = urns[index]
            for _ in range(REDRAWS):
                self.rng.shuffle(free)
                rest = free[kept:] + barred
                self.rng.shuffle(rest)
                theirs = free[:kept] + rest[: size - kept]
                if mixture[index].explains(theirs, self.rng) or self._late(deadline):
                    break
            stock = rest[size - kept :]
            policy = mixture[index].style.policy
            for at, action in enumerate(candidates):
                horizon = self._play_out(view, action, theirs, list(stock), opponent, policy)
                scores[at].append(value(horizon))
            if self.answered(done + 1, lambda: scores):
                break
        return scores

    @staticmethod
    def _held(table: Sequence[Sequence[str]], rack: list[str], melded: bool) -> int:
        """The tiles a player who drew could have laid on ``table`` (his maximum): held
        back, they are not tiles between him and going out."""
        new = solver_play(table, rack, melded)
        return 0 if new is None else len(rack) - len(remove(rack, table, new))

    @staticmethod
    def _late(deadline: float | None) -> bool:
        """Whether the move's time is up (never with a fixed number of samples)."""
        return deadline is not None and time.perf_counter() > deadline

    @staticmethod
    def _urn(tiles: list[str], belief: Belief, size: int) -> tuple[list[str], list[str], int]:
        """The unseen tiles his rack may hold under ``belief``, those it may not (the pool's
        for sure, but for the exempt ones), and how many of his tiles come from the first;
        when too few tiles are left for the style's rack, any rack."""
        free = [t for t in tiles if t not in belief.barred]
        kept = size - belief.exempt
        if len(free) < kept:  # the style does not fit what was seen: any rack
            return list(tiles), [], size
        return free, [t for t in tiles if t in belief.barred], kept

    def _play_out(
        self,
        view: RummikubSeatView,
        action: Action,
        theirs: list[str],
        stock: list[str],
        opponent: int,
        reply: Policy,
    ) -> Horizon:
        """Where one sampled world stands after the bot's move and :attr:`replies` rounds
        of the opponent's ``reply`` and its own maximum (a player who cannot play draws,
        or passes once the pool is empty; what the opponent held back on his last reply
        is left out of his tiles, :meth:`_held`); where ``replies`` is ``None``, at the
        round's end, both laying their maximum (a fast continuation: a solver call a
        turn)."""
        me = view["seat"]
        table: Sequence[Sequence[str]] = view["table"]
        racks = {me: list(view["rack"]), opponent: list(theirs)}
        melded = {me: view["melded"][me], opponent: view["melded"][opponent]}
        passes = held = 0
        if isinstance(action, Play):
            racks[me] = remove(racks[me], table, action.table)
            table = [list(tiles) for tiles in action.table]
            melded[me] = True
        elif stock:
            racks[me].append(stock.pop())
        else:
            passes = 1
        ends = self.replies is None
        seats = cycle((opponent, me)) if self.replies is None else (opponent, me) * self.replies
        for seat in seats:
            if not racks[me] or (ends and passes == 2):  # out (RKB-8), or blocked (RKB-9)
                break
            if seat == opponent and not ends:
                new = reply(Position(table, racks[seat], melded[seat], len(stock)), self.rng)
                held = 0 if new is not None else self._held(table, racks[seat], melded[seat])
            else:
                new = solver_play(table, racks[seat], melded[seat])
            if new is None:
                if stock:
                    racks[seat].append(stock.pop())
                else:
                    passes += 1
                continue
            passes = 0
            racks[seat] = remove(racks[seat], table, new)
            table, melded[seat] = new, True
            if not racks[seat]:
                break
        mine, theirs = racks[me], racks[opponent]
        lead = len(theirs) - held - len(mine)
        if ends and passes == 2:
            gap = rack_value(theirs) - rack_value(mine)
            return Horizon((gap > 0) - (gap < 0), rack_value(mine), rack_value(theirs), lead, True)
        out = 1 if not mine else -1 if not theirs else 0
        return Horizon(out, rack_value(mine), rack_value(theirs), lead)


STYLES: dict[str, Callable[..., Bot]] = {
    "keeper": KeeperBot,
    "joker-holder": JokerHolderBot,
    "new-sets": NewSetsBot,
    "hoarder": HoarderBot,
    "beginner": BeginnerBot,
}
"""Style variants of the rule player, by name: the opponents of the arena's zoo and the
player styles the hard bot's opponent model weighs."""

BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyRummikubBot,
    "medium": MediumRummikubBot,
    "hard": HardRummikubBot,
}
