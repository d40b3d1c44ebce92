"""Hypothesis state machines, one per game and format: random legal moves mixed with
random illegal ones and garbage in the JSON form, every invariant checked after each step.

A step is a legal action (sometimes one that ends the hand), an action of any shape with
any card or tile name, a mutated or random JSON action, a card another seat holds, or a
game-specific attempt at a rule (GIN-4's taken card, an IND-9 declaration, a Rummikub
table that breaks RKB-2 … RKB-5). After every step: every physical card or tile is in
exactly one place, every view's counts agree with the zones, no view names a hidden card
or shows the stock, the record round-trips through JSON and replays from seed and log,
and a finished game's scores add up. A refused step must raise ``IllegalAction`` (with
a rule ID) or ``NotationError`` and leave the state's JSON and every view byte-identical.

The default run takes a few seconds per machine; ``HYPOTHESIS_PROFILE=fuzz`` (``make
fuzz``) runs the profile's many more and longer examples.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from rummyhall import (
    Action,
    Declare,
    Discard,
    Draw,
    Drop,
    GameState,
    IllegalAction,
    Knock,
    NotationError,
    Pass,
    Play,
    load,
    new_game,
    new_match,
)
from rummyhall.cards import CARD_NAMES, TILE_NAMES, card_index
from rummyhall.game import Match
from rummyhall.games.gin import GinMatch, GinState
from rummyhall.games.gin.solver import deadwood_mask
from rummyhall.games.gin.state import Phase as GinPhase
from rummyhall.games.indian import IndianMatch, IndianState
from rummyhall.games.indian.state import Phase as IndianPhase
from rummyhall.games.rummikub import RummikubMatch, RummikubState
from tests.json_values import card_strings

RULE_ID = re.compile(r"^(GIN|IND|RKB)-\d+$")
JUNK_NAMES = ["", " ", "XX", "1Z", "0H", "14R", "R0", "R14", "JKR", "**", "AS AS", "7H\x00", "ﾟ"]
"""Names no card or tile has (``10H`` and ``r7`` are valid spellings, so not here)."""

Factory = Callable[[int], GameState]


def machine_settings(examples: int, steps: int) -> settings:
    """A few seconds per machine in the normal suite; under another profile (``fuzz``,
    ``thorough``) that profile's numbers."""
    if settings.get_current_profile_name() == "default":
        return settings(max_examples=examples, stateful_step_count=steps)
    return settings()


def lists_in(value: object) -> list[list[Any]]:
    """Every list in a JSON value, nested ones included."""
    found: list[list[Any]] = []
    if isinstance(value, dict):
        for v in value.values():
            found += lists_in(v)
    elif isinstance(value, list):
        found.append(value)
        for v in value:
            found += lists_in(v)
    return found


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


class GameMachine(RuleBasedStateMachine):
    """What every game shares; a subclass names its factory, deck and names and adds
    the game's own rules and score checks."""

    factory: ClassVar[Factory]
    names: ClassVar[tuple[str, ...]]
    """Every face name of the game (cards or tiles)."""
    copies: ClassVar[int]
    """Physical copies of each face in the deck."""
    hand_zone: ClassVar[str]
    """The zone name prefix of a seat's hand (``hand``, ``rack``)."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game("gin", seed=0)  # replaced at once by deal()
        self.seed = 0

    # ----------------------------------------------------------------- helpers

    @initialize(seed=st.integers(min_value=0, max_value=2**63 - 1))
    def deal(self, seed: int) -> None:
        self.seed = seed
        self.state = type(self).factory(seed)

    @property
    def deck(self) -> Counter[str]:
        return Counter({name: self.copies for name in self.names})

    def seats(self) -> list[int | None]:
        return [None, *range(self.state.num_players)]

    def snapshot(self) -> str:
        views = [self.state.view(seat) for seat in self.seats()]
        return json.dumps([self.state.to_json(), views, self.state.zones()], sort_keys=True)

    def held(self, seat: int) -> list[str]:
        return self.state.zones()[f"{self.hand_zone}{seat}"]

    def attempt(self, action: Action, rules: tuple[str, ...] = ()) -> bool:
        """Try ``action``: applied when legal (True), else refused with a rule (one of
        ``rules`` when given) and the state left byte-identical (False)."""
        state = self.state
        error = state.is_legal(action)
        if error is None:
            if state.legal_actions_complete:
                assert action in state.legal_actions(), f"{action} is legal but not listed"
            self.apply(action)
            return True
        assert RULE_ID.match(error.rule), error.rule
        assert not rules or error.rule in rules, f"{action}: {error} (expected {rules})"
        before = self.snapshot()
        try:
            state.apply(action)
        except IllegalAction as raised:
            assert raised.rule == error.rule
        else:
            raise AssertionError(f"is_legal refused {action} but apply took it")
        assert self.snapshot() == before, f"the refused {action} changed the state"
        return False

    def attempt_json(self, data: object) -> None:
        """Apply a JSON-form action from outside: refused with a clear error (and no
        change) unless it reads as a legal action."""
        before = self.snapshot()
        turn = self.state.turn
        try:
            self.state.apply_json(data)  # type: ignore[arg-type]
        except IllegalAction as error:
            assert RULE_ID.match(error.rule), error.rule
        except NotationError:
            pass
        else:
            assert self.state.turn == turn + 1
            return
        assert self.snapshot() == before, f"the refused {data!r} changed the state"

    def apply(self, action: Action) -> None:
        turn = self.state.turn
        events = self.state.apply(action)
        assert self.state.turn == turn + 1
        json.dumps([event.to_json() for event in events])  # public and JSON-safe

    def ending(self, legal: list[Action]) -> list[Action]:
        """Legal actions that end a hand (knocks, declarations, plays)."""
        return [a for a in legal if isinstance(a, Knock | Declare | Play)]

    # ----------------------------------------------------------------- rules

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        legal = self.state.legal_actions()
        assert legal, "a game in progress always has a legal action"
        ending = self.ending(legal)
        if ending and data.draw(st.booleans(), "end"):
            choice = ending
        else:
            # A drop leaves the deal at once: only now and then.
            stay = [a for a in legal if not isinstance(a, Drop)]
            choice = stay if stay and data.draw(st.integers(0, 15), "drop?") else legal
        self.apply(data.draw(st.sampled_from(choice), "action"))

    @rule(data=st.data())
    def any_action(self, data: st.DataObject) -> None:
        """An action of any shape naming any face (or none at all)."""
        name = st.sampled_from(self.names) | st.sampled_from(JUNK_NAMES)
        names = st.lists(name, max_size=5).map(tuple)
        action = data.draw(
            st.one_of(
                st.sampled_from(["stock", "discard", "pool", "floor", ""]).map(Draw),
                st.just(Pass()),
                st.just(Drop()),
                name.map(Discard),
                name.map(Knock),
                st.builds(Declare, name, st.none() | st.lists(names, max_size=5).map(tuple)),
                st.lists(names, max_size=6).map(lambda table: Play(tuple(table))),
            ),
            "action",
        )
        self.attempt(action)

    @rule(data=st.data())
    def mutated_json(self, data: st.DataObject) -> None:
        """A legal action's JSON form with a field dropped, retyped or added."""
        legal = self.state.legal_actions() or [Draw("stock")]
        form = data.draw(st.sampled_from(legal), "base").to_json()
        key = data.draw(st.sampled_from([*form, "extra"]), "key")
        how = data.draw(st.sampled_from(["drop", "replace"]), "how")
        if how == "drop":
            form.pop(key, None)
        else:
            form[key] = data.draw(json_values, "value")
        self.attempt_json(form)

    @rule(data=json_values)
    def random_json(self, data: object) -> None:
        self.attempt_json(data)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def another_seats_card(self, data: st.DataObject) -> None:
        """Name a face only another seat holds: never legal for the player to act."""
        state = self.state
        player = state.current_player
        assert player is not None
        mine = set(self.held(player))
        theirs = sorted(
            {f for s in range(state.num_players) if s != player for f in self.held(s)}
            - mine
            - set(self.public_faces())
        )
        if not theirs:
            return
        face = data.draw(st.sampled_from(theirs), "face")
        for action in self.actions_naming(face):
            assert not self.attempt(action), f"{action} names a card the player does not hold"

    def public_faces(self) -> list[str]:
        """Faces on the table or the discard pile (the second copy may be anywhere)."""
        return []

    def actions_naming(self, face: str) -> list[Action]:
        return [Discard(face), Knock(face), Declare(face)]

    # ----------------------------------------------------------------- invariants

    @invariant()
    def every_card_in_exactly_one_place(self) -> None:
        placed = Counter(name for zone in self.state.zones().values() for name in zone)
        assert placed == self.deck, f"lost {self.deck - placed}, copied {placed - self.deck}"

    @invariant()
    def views_agree_with_the_zones(self) -> None:
        zones = self.state.zones()
        for seat in self.seats():
            view = self.state.view(seat)
            json.dumps(view)
            # A match's view is its hand's, whose counter starts again at each deal.
            hand = self.state.current if isinstance(self.state, Match) else self.state
            assert view["seat"] == seat and view["turn"] == hand.turn
            assert view["current_player"] == self.state.current_player
            own = view.get("hand", view.get("rack"))
            if seat is None:
                assert own is None, "a spectator sees a hand"
            self.check_counts(view, zones, seat)

    def check_counts(
        self, view: dict[str, Any], zones: dict[str, list[str]], seat: int | None
    ) -> None:
        raise NotImplementedError

    @invariant()
    def no_view_leaks_a_secret(self) -> None:
        stock = self.state.zones()[self.stock_zone]
        for seat in self.seats():
            view = self.state.view(seat)
            current = {k: v for k, v in view.items() if k != "match"}  # past hands are public
            leaked = self.state.hidden_from(seat) & set(card_strings(current))
            assert not leaked, f"seat {seat} sees hidden cards {leaked}"
            if len(stock) > 1:
                for shown in lists_in(view):
                    assert shown != stock and shown != stock[::-1], "the stock order is shown"

    stock_zone: ClassVar[str] = "stock"

    @invariant()
    def record_round_trips_and_replays(self) -> None:
        record = self.state.to_json()
        text = json.dumps(record)
        assert load(text).to_json() == record
        replayed = type(self).factory(self.seed)
        replayed.replay(record["log"])
        assert replayed.to_json() == record

    @invariant()
    def over_means_over(self) -> None:
        state = self.state
        if not state.is_over:
            assert state.current_player is not None
            return
        event("the game reached its end")  # seen in --hypothesis-show-statistics
        assert state.current_player is None and state.legal_actions() == []
        assert len(state.scores) == state.num_players
        for action in (Draw("stock"), Draw("pool"), Pass(), Discard(self.names[0])):
            assert not self.attempt(action), "an action after the end"
        self.check_scores()

    def check_scores(self) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------------- Gin


class GinMachine(GameMachine):
    names = CARD_NAMES[:52]
    copies = 1
    hand_zone = "hand"

    @property
    def current_hand(self) -> GinState:
        state = self.state
        hand = state.hand if isinstance(state, GinMatch) else state
        assert isinstance(hand, GinState)
        return hand

    def public_faces(self) -> list[str]:
        return self.state.zones()["discard_pile"]

    def ending(self, legal: list[Action]) -> list[Action]:
        """Knocks, else the discards that leave the least deadwood: random play alone
        seldom gets a hand down to a knock."""
        knocks = [a for a in legal if isinstance(a, Knock)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if knocks or not discards:
            return knocks
        hand = self.current_hand.hands[self.current_hand.player]
        left = {a: deadwood_mask(hand ^ (1 << card_index(a.card))) for a in discards}
        return [a for a in discards if left[a] == min(left.values())]

    def check_counts(
        self, view: dict[str, Any], zones: dict[str, list[str]], seat: int | None
    ) -> None:
        assert view["hand_sizes"] == [len(zones["hand0"]), len(zones["hand1"])]
        assert view["stock_count"] == len(zones["stock"])
        assert view["discard_pile"] == zones["discard_pile"]
        if seat is not None:
            assert view["hand"] == zones[f"hand{seat}"]
        hand = self.current_hand
        if hand.phase is GinPhase.DISCARD:
            assert len(zones[f"hand{hand.player}"]) == 11
        elif hand.phase is not GinPhase.OVER:
            assert view["hand_sizes"] == [10, 10]

    @precondition(
        lambda self: (
            not self.state.is_over
            and self.current_hand.phase is GinPhase.DISCARD
            and self.current_hand.taken_from_discard >= 0
        )
    )
    @rule(knock=st.booleans())
    def gin4_the_card_just_taken_stays(self, knock: bool) -> None:
        taken = CARD_NAMES[self.current_hand.taken_from_discard]
        action: Action = Knock(taken) if knock else Discard(taken)
        assert not self.attempt(action, ("GIN-4",))

    @precondition(
        lambda self: not self.state.is_over and self.current_hand.phase is GinPhase.DISCARD
    )
    @rule(data=st.data())
    def gin7_knock_with_any_card(self, data: st.DataObject) -> None:
        card = data.draw(st.sampled_from(self.held(self.current_hand.player)), "card")
        self.attempt(Knock(card), ("GIN-4", "GIN-7", "GIN-9"))

    def check_scores(self) -> None:
        hand = self.current_hand
        points = hand.scores
        assert min(points) == 0 and points.count(0) >= 1
        if hand.outcome == "cancelled":
            assert points == [0, 0]
        else:
            assert hand.settlement is not None and hand.knocker is not None
            winner = hand.knocker if hand.settlement.winner == "knocker" else 1 - hand.knocker
            assert points[winner] == hand.settlement.points * hand.multiplier > 0
        match = self.state
        if isinstance(match, GinMatch):
            history = match.history
            assert [sum(h["result"]["scores"][s] for h in history) for s in (0, 1)] == match.totals
            (winner,) = match.winners
            assert match.totals[winner] == max(match.totals) >= match.target


NEAR_KNOCK = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "KC"]
"""Ten cards one draw away from a knock (GIN-7)."""


class GinStandardHand(GinMachine):
    """Seat 0 is dealt a hand one draw away from a knock, so hands end both ways."""

    factory = staticmethod(lambda seed: new_game("gin", seed=seed, deck=NEAR_KNOCK))


class GinOklahomaHand(GinMachine):
    factory = staticmethod(lambda seed: new_game("gin", seed=seed, mode="oklahoma"))


class GinOklahomaMatch(GinMachine):
    """A short match (to 25), so that random play reaches its end."""

    factory = staticmethod(lambda seed: new_match("gin", seed=seed, mode="oklahoma", target=25))


# ---------------------------------------------------------------------- Indian


class IndianMachine(GameMachine):
    names = CARD_NAMES
    copies = 2
    hand_zone = "hand"

    @property
    def current_deal(self) -> IndianState:
        state = self.state
        deal = state.deal if isinstance(state, IndianMatch) else state
        assert isinstance(deal, IndianState)
        return deal

    def public_faces(self) -> list[str]:
        zones = self.state.zones()
        return [*zones["discard_pile"], *zones["indicator"]]

    def actions_naming(self, face: str) -> list[Action]:
        return [Discard(face), Declare(face)]

    def check_counts(
        self, view: dict[str, Any], zones: dict[str, list[str]], seat: int | None
    ) -> None:
        players = self.state.num_players
        assert view["hand_sizes"] == [len(zones[f"hand{s}"]) for s in range(players)]
        assert view["stock_count"] == len(zones["stock"])
        assert view["discard_pile"] == zones["discard_pile"]
        assert [view["indicator"]] == zones["indicator"]
        deal = self.current_deal
        if seat is not None and deal.seats[seat].value != "out":
            assert view["hand"] == zones[f"hand{seat}"]
        for s, size in enumerate(view["hand_sizes"]):
            drawn = deal.phase is IndianPhase.DISCARD and s == deal.player
            if view["seats"][s] == "out":
                assert size == 0
            elif view["seats"][s] == "playing":
                assert size == (14 if drawn else 13)

    @precondition(
        lambda self: (
            not self.state.is_over
            and self.current_deal.phase is IndianPhase.DISCARD
            and not self.current_deal.manual_declaration
        )
    )
    @rule(data=st.data())
    def ind9_declare_with_any_card(self, data: st.DataObject) -> None:
        """A declaration is legal only when the other 13 cards make a valid show."""
        card = data.draw(st.sampled_from(self.held(self.current_deal.player)), "card")
        self.attempt(Declare(card), ("IND-3", "IND-9"))

    @precondition(
        lambda self: (
            not self.state.is_over
            and self.current_deal.phase is IndianPhase.DISCARD
            and self.current_deal.manual_declaration
        )
    )
    @rule(data=st.data())
    def ind12_declare_any_grouping(self, data: st.DataObject) -> None:
        """Under manual declaration, groups that hold exactly the other 13 cards are a
        show (valid, or a wrong show paying 80); anything else is refused."""
        hand = self.held(self.current_deal.player)
        order = data.draw(st.permutations(hand), "order")
        discard, rest = order[0], list(order[1:])
        cuts = sorted(data.draw(st.sets(st.integers(1, len(rest) - 1), max_size=5), "cuts"))
        groups = [rest[a:b] for a, b in zip([0, *cuts], [*cuts, len(rest)], strict=True)]
        if data.draw(st.booleans(), "tamper"):
            groups[0] = groups[0][1:] if len(groups[0]) > 1 else [*groups[0], groups[0][0]]
            action = Declare(discard, tuple(tuple(g) for g in groups))
            assert not self.attempt(action, ("IND-3", "IND-12"))
        else:
            self.attempt(Declare(discard, tuple(tuple(g) for g in groups)), ("IND-3",))

    def check_scores(self) -> None:
        deal = self.current_deal
        penalties = deal.penalties
        assert deal.scores == [-p for p in penalties]
        assert all(0 <= p <= 80 for p in penalties)
        for winner in deal.winners:
            assert penalties[winner] == 0
        assert deal.view(None)["result"]["penalties"] == penalties
        match = self.state
        if isinstance(match, IndianMatch):
            history = match.history
            players = match.num_players
            totals = [sum(h["penalties"][s] for h in history) for s in range(players)]
            assert totals == match.totals
            if match.format == "deals":
                assert sum(match.chips) == 80 * match.deals * players
                assert match.winners == [
                    s for s in range(players) if match.chips[s] == max(match.chips)
                ]


class IndianPointsTwo(IndianMachine):
    factory = staticmethod(lambda seed: new_game("indian", seed=seed))


class IndianPointsFour(IndianMachine):
    factory = staticmethod(
        lambda seed: new_game("indian", seed=seed, players=4, joker_from_discard=True)
    )


class IndianPointsManual(IndianMachine):
    factory = staticmethod(
        lambda seed: new_game("indian", seed=seed, players=3, manual_declaration=True)
    )


class IndianPool101(IndianMachine):
    factory = staticmethod(lambda seed: new_match("indian", seed=seed, players=3, format="pool101"))


class IndianDeals(IndianMachine):
    factory = staticmethod(
        lambda seed: new_match("indian", seed=seed, players=2, format="deals", deals=2)
    )


# ---------------------------------------------------------------------- Rummikub


class RummikubMachine(GameMachine):
    names = TILE_NAMES
    copies = 2
    hand_zone = "rack"
    stock_zone = "pool"

    @property
    def current_round(self) -> RummikubState:
        state = self.state
        current = state.round if isinstance(state, RummikubMatch) else state
        assert isinstance(current, RummikubState)
        return current

    def public_faces(self) -> list[str]:
        return self.state.zones()["table"]

    def actions_naming(self, face: str) -> list[Action]:
        table = tuple(tuple(s) for s in self.current_round.table)
        return [Play((*table, (face, face, face))), Play((*table, (face,)))]

    def ending(self, legal: list[Action]) -> list[Action]:
        return [a for a in legal if isinstance(a, Play)]

    def check_counts(
        self, view: dict[str, Any], zones: dict[str, list[str]], seat: int | None
    ) -> None:
        players = self.state.num_players
        assert view["rack_counts"] == [len(zones[f"rack{s}"]) for s in range(players)]
        assert view["pool_count"] == len(zones["pool"])
        assert [t for tiles in view["table"] for t in tiles] == zones["table"]
        if seat is not None:
            assert view["rack"] == zones[f"rack{seat}"]

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def rkb5_rearranged_table(self, data: st.DataObject) -> None:
        """The table's tiles and some rack tiles, shuffled and cut into sets: usually
        breaking RKB-2 … RKB-6, now and then a legal play."""
        round_ = self.current_round
        rack = self.held(round_.player)
        added = data.draw(st.lists(st.sampled_from(rack), max_size=6, unique=True), "added")
        tiles = data.draw(st.permutations([t for s in round_.table for t in s] + added), "tiles")
        if not tiles:
            assert not self.attempt(Play(()), ("RKB-5",))
            return
        cuts = sorted(data.draw(st.sets(st.integers(1, max(1, len(tiles) - 1))), "cuts"))
        sets = [tiles[a:b] for a, b in zip([0, *cuts], [*cuts, len(tiles)], strict=True)]
        self.attempt(Play(tuple(tuple(s) for s in sets if s)))

    @precondition(lambda self: not self.state.is_over and self.current_round.table)
    @rule(data=st.data())
    def rkb5_a_table_tile_lost(self, data: st.DataObject) -> None:
        table = [list(s) for s in self.current_round.table]
        index = data.draw(st.integers(0, len(table) - 1), "set")
        table[index].pop(data.draw(st.integers(0, len(table[index]) - 1), "tile"))
        assert not self.attempt(Play(tuple(tuple(s) for s in table if s)), ("RKB-2", "RKB-5"))

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def rkb5_no_tile_from_the_rack(self) -> None:
        table = tuple(tuple(s) for s in self.current_round.table)
        assert not self.attempt(Play(table), ("RKB-5",))

    def check_scores(self) -> None:
        round_ = self.current_round
        assert sum(round_.scores) == 0
        assert round_.winners and all(
            round_.scores[w] == max(round_.scores) for w in round_.winners
        )
        if round_.outcome == "out":
            assert [len(round_.racks[w]) for w in round_.winners] == [0]
        match = self.state
        if isinstance(match, RummikubMatch):
            assert sum(match.totals) == 0
            history = match.history
            players = match.num_players
            totals = [sum(h["result"]["scores"][s] for h in history) for s in range(players)]
            assert totals == match.totals
            assert match.winners == [
                s for s in range(players) if match.totals[s] == max(match.totals)
            ]


ALL_IN_SETS = [
    "R1",
    "R2",
    "R3",
    "R4",
    "R5",
    "R6",
    "R7",
    "B10",
    "K10",
    "O10",
    "R10",
    "B11",
    "K11",
    "O11",
]
"""A rack that is one initial meld (RKB-4) emptying it at once (RKB-8)."""


class RummikubTwo(RummikubMachine):
    factory = staticmethod(lambda seed: new_game("rummikub", seed=seed))


class RummikubThree(RummikubMachine):
    """Seat 0 can go out on his first turn, so rounds reach their end and are scored."""

    factory = staticmethod(
        lambda seed: new_game("rummikub", seed=seed, players=3, deck=ALL_IN_SETS)
    )


class RummikubFourMatch(RummikubMachine):
    factory = staticmethod(lambda seed: new_match("rummikub", seed=seed, players=4, rounds=2))


# ---------------------------------------------------------------------- the tests

MACHINES: list[type[GameMachine]] = [
    GinStandardHand,
    GinOklahomaHand,
    GinOklahomaMatch,
    IndianPointsTwo,
    IndianPointsFour,
    IndianPointsManual,
    IndianPool101,
    IndianDeals,
    RummikubTwo,
    RummikubThree,
    RummikubFourMatch,
]

TestGinStandardHand = GinStandardHand.TestCase
TestGinOklahomaHand = GinOklahomaHand.TestCase
TestGinOklahomaMatch = GinOklahomaMatch.TestCase
TestIndianPointsTwo = IndianPointsTwo.TestCase
TestIndianPointsFour = IndianPointsFour.TestCase
TestIndianPointsManual = IndianPointsManual.TestCase
TestIndianPool101 = IndianPool101.TestCase
TestIndianDeals = IndianDeals.TestCase
TestRummikubTwo = RummikubTwo.TestCase
TestRummikubThree = RummikubThree.TestCase
TestRummikubFourMatch = RummikubFourMatch.TestCase
for _machine in MACHINES:
    _machine.TestCase.settings = machine_settings(examples=10, steps=60)
