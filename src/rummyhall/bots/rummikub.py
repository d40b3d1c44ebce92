"""Rummikub bots: easy, medium (play the solver's maximum) and hard."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rummyhall.actions import Action, Play
from rummyhall.bots.base import Bot, Decision
from rummyhall.bots.rummikub_model import last_turn
from rummyhall.bots.rummikub_styles import (
    BeginnerBot,
    HoarderBot,
    JokerHolderBot,
    KeeperBot,
    NewSetsBot,
)
from rummyhall.bots.rummikub_tiles import (
    fitting_faces,
    no_play,
    rack_value,
    remove,
    solver_play,
)
from rummyhall.bots.search import Searcher, chosen
from rummyhall.cards import TILE_NAMES
from rummyhall.errors import IllegalAction
from rummyhall.games.rummikub import best_initial_meld, best_play, check_turn
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
OUT_BONUS = 100
"""What going out is worth beyond the points it scores: the round is won (RKB-8)."""
TILE_WEIGHT = 5
"""Points per tile of rack difference when nobody is out yet: fewer tiles, nearer out."""


class HardRummikubBot(Searcher):
    """Search over the hidden tiles, two turns deep: whether to play the maximum now,
    keep the jokers back, keep back the tiles that fit the table on their own (to play
    them on later turns instead of drawing), or hold everything back and draw.

    Each sample invents a world from the view: the opponent's rack drawn from the unseen
    tiles (both copies of a face counted) and the pool order. The opponent is assumed to
    play as much as he can, as medium does: once he has melded, the tiles he kept after
    his last turn cannot fit the table on their own (else he would have played them), so
    they are drawn from the other faces, and only a tile he has just drawn may be any
    tile. Every candidate is played in that world, then the opponent answers with the
    solver's maximum and the bot plays its own maximum on its next turn (a player who
    cannot play draws: that draw is what the reserves save). The candidate is scored by
    who is nearer to winning the round then: going out wins it (:data:`OUT_BONUS` plus
    the points, RKB-8), else the difference of the racks' values (what the scoring pays)
    plus :data:`TILE_WEIGHT` per tile of difference.

    ``budget`` is the thinking time per move in seconds; ``simulations`` instead fixes
    the number of samples, which makes the decisions a function of ``seed`` alone.
    """

    def act(self, view: RummikubSeatView, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return no_play(legal_actions)
        best = max(plays, key=lambda play: tiles_placed(view, play))
        rack = view["rack"]
        if tiles_placed(view, best) == len(rack):
            return best  # going out wins the round
        me = view["seat"]
        opponent = (me + 1) % view["players"]
        unseen = self._unseen(view)
        playable = fitting_faces(view["table"])
        candidates: list[Action] = [best, no_play(legal_actions)]
        for other in (self._keeping_jokers(view), self._keeping_reserves(view, playable)):
            if other is not None and other not in candidates:
                candidates.append(other)
        return self._search(view, candidates, unseen, self._dead(view, opponent, playable))

    @staticmethod
    def _unseen(view: RummikubSeatView) -> Counter[str]:
        """Tiles neither on the bot's rack nor on the table: the opponent's and the pool."""
        unseen = Counter({name: 2 for name in TILE_NAMES})
        unseen.subtract(Counter(view["rack"]))
        unseen.subtract(Counter(t for tiles in view["table"] for t in tiles))
        return +unseen

    @staticmethod
    def _dead(view: RummikubSeatView, opponent: int, playable: set[str]) -> tuple[set[str], int]:
        """Faces the opponent's rack cannot hold and how many of his tiles are exempt
        (the one he has just drawn): after a turn of a melded player who plays his
        maximum, nothing left on his rack fits the table on its own (2 players: the
        table he left is the one the bot sees)."""
        if view["players"] != 2:
            return set(), 0
        done, melded = last_turn(view, opponent)
        if done is None or not melded:
            return set(), 0
        return playable, 1 if done == "draw" else 0

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

    @classmethod
    def _keeping_jokers(cls, view: RummikubSeatView) -> Play | None:
        rack = view["rack"]
        if "*" not in rack:
            return None
        plain = [t for t in rack if t != "*"]
        return cls._legal(view, solver_play(view["table"], plain, view["melded"][view["seat"]]))

    @classmethod
    def _keeping_reserves(cls, view: RummikubSeatView, playable: set[str]) -> Play | None:
        """The maximum without the rack tiles that fit the table on their own, kept to
        play on later turns instead of drawing; if nothing else can be played, the most
        valuable of those tiles alone."""
        if not view["melded"][view["seat"]]:
            return None
        rack = view["rack"]
        reserves = [t for t in rack if t in playable]
        if not reserves:
            return None
        rest = [t for t in rack if t not in playable]
        table = best_play(view["table"], rest) if rest else None
        if table is None:
            table = best_play(view["table"], [max(reserves, key=lambda t: rack_value([t]))])
        return cls._legal(view, table)

    def _search(
        self,
        view: RummikubSeatView,
        candidates: list[Action],
        unseen: Counter[str],
        dead: tuple[set[str], int],
    ) -> Action:
        opponent = (view["seat"] + 1) % view["players"]
        size = view["rack_counts"][opponent]
        faces, exempt = dead
        kept = size - exempt
        free = sorted(t for t in unseen.elements() if t not in faces)
        barred = sorted(t for t in unseen.elements() if t in faces)
        if len(free) < kept:  # the model does not fit what was seen: drop it
            free, barred, kept = sorted(unseen.elements()), [], size
        scores: list[list[int]] = [[] for _ in candidates]
        for _ in self.samples():
            self.rng.shuffle(free)
            rest = free[kept:] + barred
            self.rng.shuffle(rest)
            theirs = free[:kept] + rest[: size - kept]
            stock = rest[size - kept :]
            for index, action in enumerate(candidates):
                scores[index].append(self._score(view, action, theirs, list(stock), opponent))
        return candidates[chosen(scores)]

    def _score(
        self,
        view: RummikubSeatView,
        action: Action,
        theirs: list[str],
        stock: list[str],
        opponent: int,
    ) -> int:
        """The bot's rack advantage after its move and :data:`REPLIES` rounds of the
        opponent's maximum and its own, in one sampled world (a player who cannot play
        draws)."""
        me = view["seat"]
        table = view["table"]
        racks = {me: list(view["rack"]), opponent: list(theirs)}
        melded = {me: view["melded"][me], opponent: view["melded"][opponent]}
        if isinstance(action, Play):
            racks[me] = remove(racks[me], table, action.table)
            table = [list(tiles) for tiles in action.table]
            melded[me] = True
        elif stock:
            racks[me].append(stock.pop())
        for seat in (opponent, me) * REPLIES:
            new = solver_play(table, racks[seat], melded[seat])
            if new is None:
                if stock:
                    racks[seat].append(stock.pop())
                continue
            racks[seat] = remove(racks[seat], table, new)
            table, melded[seat] = new, True
            if not racks[seat]:  # out: the round is over and won (RKB-8)
                if seat == me:
                    return OUT_BONUS + rack_value(racks[opponent])
                return -OUT_BONUS - rack_value(racks[me])
        tiles = len(racks[opponent]) - len(racks[me])
        return TILE_WEIGHT * tiles + rack_value(racks[opponent]) - rack_value(racks[me])


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
