"""One hand of Gin Rummy as a state machine (GIN-1…GIN-15).

Phases follow the table: the first upcard is offered (``OFFER``, GIN-2), then each turn
is ``DRAW`` then ``DISCARD`` (a discard may be a knock, GIN-7), until a knock is scored
or the stock runs down to its last two cards (GIN-14).

The deal (the dealer, a stacked deck, the knock limit it sets) is ``deal.py``, a turn's
legal actions and their checks ``turn.py``, the settlement of a knock ``settlement.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from functools import lru_cache
from typing import Any

from rummyhall.actions import JSON, Action, Draw, Event, Knock, Pass
from rummyhall.arguments import whole_number
from rummyhall.cards import CARD_NAMES, canonical_key
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.game import GameState
from rummyhall.games.gin.deal import WALL, knock_limit_for, stacked_deck
from rummyhall.games.gin.knocking import knock_facts
from rummyhall.games.gin.melds import cards_of
from rummyhall.games.gin.settlement import Settlement, settle_masks
from rummyhall.games.gin.solver import Arrangement, arrange, checked_knock_limit
from rummyhall.games.gin.turn import (
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS,
    check_discard,
    check_draw,
    check_offer,
    discard_actions,
)
from rummyhall.games.gin.view import GinResult, GinView

MODES = ("standard", "oklahoma")
"""GIN-8 (knock with 10 or less, to 100) and GIN-9 (Oklahoma: the upcard sets the limit, to 150)."""


class Phase(Enum):
    OFFER = "offer"  # the first upcard is offered (GIN-2)
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


class GinState(GameState):
    """A hand of Gin Rummy. Create with ``rummyhall.new_game("gin", seed=…, mode=…)``."""

    game = "gin"

    def __init__(
        self,
        *,
        seed: int,
        deck: Sequence[str] | None = None,
        mode: str = "standard",
        dealer: int | None = None,
        knock_limit: int | None = None,
    ) -> None:
        if mode not in MODES:
            raise NotationError(f"unknown Gin mode {mode!r} (choose from {', '.join(MODES)})")
        if dealer not in (None, 0, 1):
            raise NotationError(f"dealer must be seat 0 or 1, not {dealer!r}")
        dealer_draw, order = stacked_deck(seed, deck)
        self.seed = seed
        self.mode = mode
        self.dealer: int = dealer_draw if dealer is None else dealer
        self.deck = order
        self.hands = [sum(1 << c for c in order[0:10]), sum(1 << c for c in order[10:20])]
        self.first_upcard = order[20]
        self.discard_pile = [order[20]]
        self.stock = order[:20:-1]  # top of the stock is the end of the list
        self.fixed_knock_limit = None if knock_limit is None else checked_knock_limit(knock_limit)
        """A house rule's GIN-7 limit for this hand (``None``: the mode's, GIN-8/GIN-9)."""
        self.knock_limit = (
            knock_limit_for(mode, self.first_upcard)
            if self.fixed_knock_limit is None
            else self.fixed_knock_limit
        )
        self.multiplier = 2 if mode == "oklahoma" and self.first_upcard // 13 == 0 else 1
        self.phase = Phase.OFFER
        self.player = 1 - self.dealer
        self.passes = 0
        self.stock_only = False  # GIN-2: both passed, the non-dealer draws from stock
        self.taken_from_discard = -1
        self.knocker: int | None = None
        self.settlement: Settlement | None = None
        self.outcome: str | None = None  # "gin" | "knock" | "undercut" | "cancelled"
        self.points = [0, 0]
        self.actions: list[Action] = []  # every action applied, in order
        self.events: list[Event] = []  # the public history

    # ----------------------------------------------------------------- state API

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def scores(self) -> list[int]:
        return list(self.points)

    @property
    def winners(self) -> list[int]:
        """The seat that scored the hand (none for a cancelled hand, GIN-14)."""
        if self.settlement is None or self.knocker is None:
            return []
        won = self.settlement.winner == "knocker"
        return [self.knocker if won else 1 - self.knocker]

    @property
    def num_players(self) -> int:
        return 2

    @property
    def options(self) -> dict[str, Any]:
        fixed = self.fixed_knock_limit
        knock_limit = {} if fixed is None else {"knock_limit": fixed}  # old records stay alike
        return {"mode": self.mode, "dealer": self.dealer, **knock_limit}

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.DISCARD:
            return discard_actions(
                self.hands[self.player], self.taken_from_discard, self.knock_limit
            )
        if phase is Phase.DRAW:
            return [DRAW_STOCK] if self.stock_only else [DRAW_STOCK, DRAW_DISCARD]
        if phase is Phase.OFFER:
            return [DRAW_DISCARD, PASS]
        return []

    @classmethod
    def action_facts(cls, view: Mapping[str, Any], action: Action) -> JSON:
        """A knock: the deadwood it leaves and whether that is gin (GIN-7)."""
        return knock_facts(view, action) if isinstance(action, Knock) else {}

    @classmethod
    def layout(cls, view: Mapping[str, Any]) -> JSON | None:
        """GIN-6: the minimum-deadwood layout of the seat's hand (remembered per hand)."""
        hand = view.get("hand")
        return _remembered_layout(tuple(hand)).to_json() if hand else None

    def _check(self, action: Action) -> int:
        """Validate ``action``; return the card it names (or -1). Changes nothing."""
        phase = self.phase
        if phase is Phase.OVER:
            raise IllegalAction("GIN-3", "the hand is over", key="hand_over")
        if phase is Phase.OFFER:
            check_offer(action, dealer=self.player == self.dealer)
            return -1
        if phase is Phase.DRAW:
            check_draw(action, self.stock_only)
            return -1
        hand = self.hands[self.player]
        return check_discard(action, hand, self.taken_from_discard, self.knock_limit)

    def apply(self, action: Action) -> list[Event]:
        card: int = self._admit(action)
        self.actions.append(action)
        if isinstance(action, Pass):
            events = self._pass()
        elif isinstance(action, Draw):
            events = self._draw(action.source)
        elif isinstance(action, Knock):
            events = self._knock(card)
        else:
            events = self._discard(card)
        self.events.extend(events)
        return events

    # ------------------------------------------------------------ transitions

    def _pass(self) -> list[Event]:
        events = [Event("pass", self.player)]
        self.passes += 1
        self.player = 1 - self.player
        if self.passes == 2:
            self.phase = Phase.DRAW
            self.stock_only = True
        return events

    def _draw(self, source: str) -> list[Event]:
        player = self.player
        self.stock_only = False
        if source == "stock":
            card = self.stock.pop()
            self.taken_from_discard = -1
            event = Event("draw", player, {"source": "stock"})
        else:
            card = self.discard_pile.pop()
            self.taken_from_discard = card
            event = Event("draw", player, {"source": "discard", "card": CARD_NAMES[card]})
        self.hands[player] |= 1 << card
        self.phase = Phase.DISCARD
        return [event]

    def _discard(self, card: int) -> list[Event]:
        player = self.player
        self.hands[player] ^= 1 << card
        self.discard_pile.append(card)
        events = [Event("discard", player, {"card": CARD_NAMES[card]})]
        if len(self.stock) <= WALL:  # GIN-14: the hand is cancelled
            self.phase = Phase.OVER
            self.outcome = "cancelled"
            result = self._result_json()
            assert result is not None
            events.append(Event("part_over", None, result))
            return events
        self.player = 1 - player
        self.taken_from_discard = -1
        self.phase = Phase.DRAW
        return events

    def _knock(self, card: int) -> list[Event]:
        player = self.player
        self.hands[player] ^= 1 << card
        self.discard_pile.append(card)
        settlement = settle_masks(self.hands[player], self.hands[1 - player], self.knock_limit)
        self.settlement = settlement
        self.knocker = player
        self.outcome = settlement.kind
        winner = player if settlement.winner == "knocker" else 1 - player
        self.points[winner] = settlement.points * self.multiplier  # GIN-12
        self.phase = Phase.OVER
        result = self._result_json()
        assert result is not None
        return [
            Event("knock", player, {"discard": CARD_NAMES[card], "gin": settlement.kind == "gin"}),
            Event("part_over", None, result),
        ]

    # ------------------------------------------------------------ views

    def _result_json(self) -> GinResult | None:
        if self.outcome is None:
            return None
        if self.settlement is None:
            return {"outcome": self.outcome, "winners": [], "scores": [0, 0]}
        return {
            "outcome": self.outcome,
            "winners": self.winners,
            "knocker": self.knocker,
            "multiplier": self.multiplier,
            "scores": list(self.points),
            "settlement": self.settlement.to_json(),
        }

    def hand_names(self, seat: int) -> list[str]:
        """Seat's cards in the documented card order."""
        return [CARD_NAMES[c] for c in sorted(cards_of(self.hands[seat]), key=canonical_key)]

    def view(self, seat: int | None) -> GinView:
        if seat is not None and whole_number(seat, "seat") not in (0, 1):
            raise NotationError(f"Gin has seats 0 and 1, not {seat!r}")
        taken = self.taken_from_discard
        return {
            "game": "gin",
            "mode": self.mode,
            "seat": seat,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "turn": self.turn,
            "hand": None if seat is None else self.hand_names(seat),
            "hand_sizes": [self.hands[0].bit_count(), self.hands[1].bit_count()],
            "stock_count": len(self.stock),
            "discard_pile": [CARD_NAMES[c] for c in self.discard_pile],
            "first_upcard": CARD_NAMES[self.first_upcard],
            "knock_limit": self.knock_limit,
            "multiplier": self.multiplier,
            "taken_from_discard": None if taken < 0 else CARD_NAMES[taken],
            "picked_up": self._picked_up(self.events, 2),
            "moves": [event.to_json() for event in self.events],
            "result": self._result_json(),
            "scores": list(self.points),
        }

    def zones(self) -> dict[str, list[str]]:
        return {
            "hand0": self.hand_names(0),
            "hand1": self.hand_names(1),
            "stock": [CARD_NAMES[c] for c in self.stock],
            "discard_pile": [CARD_NAMES[c] for c in self.discard_pile],
        }

    def hidden_from(self, seat: int | None) -> set[str]:
        hidden = set(self.stock)
        if self.settlement is None:  # a scored knock lays both hands open (GIN-10)
            for other in (0, 1):
                if other != seat:
                    hidden |= set(cards_of(self.hands[other]))
        # Cards taken from the discard pile are known to be in their taker's hand.
        shown = {name for held in self._picked_up(self.events, 2) for name in held}
        return {CARD_NAMES[c] for c in hidden} - shown

    # ------------------------------------------------------------ persistence

    def to_json(self) -> JSON:
        return {
            "game": "gin",
            "kind": "hand",
            "version": 1,
            "seed": self.seed,
            "options": self.options,
            "deck": [CARD_NAMES[c] for c in self.deck],
            "log": self.log,
            "snapshot": self._snapshot(),
        }

    def _snapshot(self) -> JSON:
        return {
            "phase": self.phase.value,
            "player": self.player,
            "hands": [self.hand_names(0), self.hand_names(1)],
            "stock": [CARD_NAMES[c] for c in self.stock],
            "discard_pile": [CARD_NAMES[c] for c in self.discard_pile],
            "scores": list(self.points),
        }


LAYOUTS_KEPT = 4096
"""Gin hands whose layout is remembered (about 600 bytes each). A server sends every
seat its layout with every state message but an action changes one hand only, so the
other seats' layouts are found here: a hand is asked for again after about one action
per busy table, and 4,096 cover twice the server's default room limit."""


@lru_cache(maxsize=LAYOUTS_KEPT)
def _remembered_layout(hand: tuple[str, ...]) -> Arrangement:
    return arrange(hand)
