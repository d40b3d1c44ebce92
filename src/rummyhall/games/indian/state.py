"""One deal of Indian Rummy for 2–6 players (IND-1…IND-13, IND-15).

Each turn is ``DRAW`` (stock or open discard pile; or drop, IND-11) then ``DISCARD`` (a
plain discard, or a declaration, IND-9). The deal ends at a valid declaration, when only
one player is left in it (drops, wrong shows), or void when the stock runs out — unless
``reshuffle_on_empty`` (the default of Pools and Deals, see ``match.py``) renews the stock
from the discard pile (IND-13).

Physical cards are ids 0–105 (``id % 53`` is the face; the second pack adds 53), so the
two copies of a face stay apart where the rules care (IND-3, IND-7); actions name faces.

The deal (the seats dealt in, the order of the cards, a stacked deck) is ``deal.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from rummyhall.actions import JSON, Action, Declare, Draw, Drop, Event
from rummyhall.arguments import whole_number
from rummyhall.cards import (
    CARD_NAMES,
    RANKS,
    canonical_key,
    card_names,
    parse_cards,
)
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.game import GameState
from rummyhall.games.indian.deal import (
    Seat,
    deal_cards,
    next_playing,
    playing,
    seats_dealt_in,
    stacked_deck,
)
from rummyhall.games.indian.declaration import (
    WRONG_SHOW,
    Melds,
    declaration_facts,
    melds_json,
    shown_melds,
)
from rummyhall.games.indian.melds import wild_rank
from rummyhall.games.indian.solver import Arrangement, arrange, arrangement_of, hand_of
from rummyhall.games.indian.turn import (
    check_discard,
    check_draw,
    discard_actions,
    draw_actions,
    face,
)
from rummyhall.games.indian.view import IndianResult, IndianView
from rummyhall.rng import Rng


class Phase(Enum):
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


class IndianState(GameState):
    """A deal of Indian Rummy. Create with ``rummyhall.new_game("indian", players=…)``."""

    game = "indian"

    def __init__(
        self,
        *,
        seed: int,
        deck: Sequence[str] | None = None,
        players: int = 2,
        dealer: int | None = None,
        seated: Sequence[int] | None = None,
        joker_from_discard: bool = False,
        manual_declaration: bool = False,
        reshuffle_on_empty: bool = False,
        first_drop: int = 20,
        middle_drop: int = 40,
    ) -> None:
        in_deal = seats_dealt_in(players, seated)
        rng = Rng(seed)
        dealer_draw = in_deal[rng.below(len(in_deal))]
        if dealer is not None and dealer not in in_deal:
            raise NotationError(f"the dealer must be a seated player, not {dealer!r}")
        self.seed = seed
        self.players = players
        self.dealer = dealer_draw if dealer is None else dealer
        self.joker_from_discard = bool(joker_from_discard)
        self.manual_declaration = bool(manual_declaration)
        self.reshuffle_on_empty = bool(reshuffle_on_empty)
        self.drops = (int(first_drop), int(middle_drop))
        self.legal_actions_complete = not self.manual_declaration
        self._rng = rng  # after the shuffle: reshuffles of the discard pile (IND-13)
        self.deck = stacked_deck(rng, deck)
        self.hands, self.indicator, self.discard_pile, self.stock = deal_cards(
            self.deck, players, in_deal
        )
        self.wild = wild_rank(face(self.indicator))
        self.seats = [Seat.PLAYING if s in in_deal else Seat.OUT for s in range(players)]
        self.has_drawn = [False] * players
        self.penalties = [0] * players
        self.layouts: dict[int, Arrangement] = {}  # losers' hands as shown at the end
        self.declaration: Melds | None = None
        self._winners: list[int] = []
        self.outcome: str | None = None  # "declared" | "last player" | "void"
        self.phase = Phase.DRAW
        self.player = next_playing(self.seats, self.dealer)  # IND-15
        self.taken = -1  # the physical card just taken from the discard pile
        self.actions: list[Action] = []
        self.events: list[Event] = []

    # ----------------------------------------------------------------- state API

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def scores(self) -> list[int]:
        """Minus each seat's penalty as settled so far (the winner's is 0, IND-14)."""
        return [-p for p in self.penalties]

    @property
    def winners(self) -> list[int]:
        """The seat that declared (none on a void deal, IND-13)."""
        return list(self._winners)

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "dealer": self.dealer,
            "seated": [s for s in range(self.players) if self.seats[s] is not Seat.OUT],
            "joker_from_discard": self.joker_from_discard,
            "manual_declaration": self.manual_declaration,
            "reshuffle_on_empty": self.reshuffle_on_empty,
            "first_drop": self.drops[0],
            "middle_drop": self.drops[1],
        }

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.DRAW:
            return draw_actions(self.discard_pile[-1], self.wild, self.joker_from_discard)
        if self.phase is Phase.OVER:
            return []
        hand = self.hands[self.player]
        return discard_actions(hand, self.taken, self.wild, self.manual_declaration)

    @classmethod
    def action_facts(cls, view: Mapping[str, Any], action: Action) -> JSON:
        """A declaration: whether it is valid, its melds and its penalty (IND-9/IND-12)."""
        return declaration_facts(view, action) if isinstance(action, Declare) else {}

    @classmethod
    def layout(cls, view: Mapping[str, Any]) -> JSON | None:
        """IND-10: the layout behind the seat's minimum penalty."""
        hand = view.get("hand")
        return arrange(hand, view["indicator"]).to_json() if hand else None

    def _check(self, action: Action) -> int:
        """Validate ``action`` without changing anything; return its physical card (or -1)."""
        if self.phase is Phase.OVER:
            raise IllegalAction("IND-9", "the deal is over", key="deal_over")
        if self.phase is Phase.DRAW:
            check_draw(action, self.discard_pile[-1], self.wild, self.joker_from_discard)
            return -1
        hand = self.hands[self.player]
        return check_discard(action, hand, self.taken, self.wild, self.manual_declaration)

    def apply(self, action: Action) -> list[Event]:
        card: int = self._admit(action)
        self.actions.append(action)
        if isinstance(action, Draw):
            events = self._draw(action.source)
        elif isinstance(action, Drop):
            events = self._drop()
        elif isinstance(action, Declare):
            events = self._declare(card, action.groups)
        else:
            events = self._discard(card)
        self.events.extend(events)
        return events

    # ------------------------------------------------------------ transitions

    def _draw(self, source: str) -> list[Event]:
        player = self.player
        if source == "stock":
            card = self.stock.pop()
            self.taken = -1
            event = Event("draw", player, {"source": "stock"})
        else:
            card = self.discard_pile.pop()
            self.taken = card
            event = Event("draw", player, {"source": "discard", "card": CARD_NAMES[face(card)]})
        self.hands[player].append(card)
        self.has_drawn[player] = True
        self.phase = Phase.DISCARD
        return [event]

    def _discard(self, card: int) -> list[Event]:
        player = self.player
        self.hands[player].remove(card)
        self.discard_pile.append(card)
        events = [Event("discard", player, {"card": CARD_NAMES[face(card)]})]
        if not self.stock:  # IND-13
            if self.reshuffle_on_empty and len(self.discard_pile) > 1:
                self.stock = self.discard_pile[:-1]
                self._rng.shuffle(self.stock)
                self.discard_pile = self.discard_pile[-1:]
                events.append(Event("reshuffle", None, {"stock_count": len(self.stock)}))
            else:
                return events + self._finish("void", None)
        return events + self._pass_turn()

    def _pass_turn(self) -> list[Event]:
        self.player = next_playing(self.seats, self.player)
        self.taken = -1
        self.phase = Phase.DRAW
        return []

    def _drop(self) -> list[Event]:
        player = self.player
        cost = self.drops[1] if self.has_drawn[player] else self.drops[0]  # IND-11
        self.seats[player] = Seat.DROPPED
        self.penalties[player] = cost
        kind = "middle" if self.has_drawn[player] else "first"
        return [Event("drop", player, {"penalty": cost, "kind": kind}), *self._after_leaving()]

    def _after_leaving(self) -> list[Event]:
        left = playing(self.seats)
        if len(left) == 1:
            return self._finish("last player", left[0])
        return self._pass_turn()

    def _declare(self, card: int, groups: tuple[tuple[str, ...], ...] | None) -> list[Event]:
        player = self.player
        self.hands[player].remove(card)
        self.discard_pile.append(card)
        event = Event("declare", player, {"discard": CARD_NAMES[face(card)]})
        self.declaration = shown_melds([face(c) for c in self.hands[player]], groups, self.wild)
        if self.declaration is None:  # IND-12: a wrong show
            self.seats[player] = Seat.WRONG_SHOW
            self.penalties[player] = WRONG_SHOW
            # The show lays the groups open to the table, in canonical names (IND-12).
            shown = [card_names(parse_cards(g)) for g in groups or ()]
            wrong = Event("wrong_show", player, {"penalty": WRONG_SHOW, "groups": shown})
            return [event, wrong, *self._after_leaving()]
        self.seats[player] = Seat.DECLARED
        return [event, *self._finish("declared", player)]

    def _finish(self, outcome: str, winner: int | None) -> list[Event]:
        self.phase = Phase.OVER
        self.outcome = outcome
        self._winners = [] if winner is None else [winner]
        if outcome == "declared":  # IND-10: each loser pays his hand's least penalty
            for seat in playing(self.seats):
                self.layouts[seat] = arrangement_of(hand_of(map(face, self.hands[seat]), self.wild))
                self.penalties[seat] = self.layouts[seat].points
        return [Event("part_over", None, self._result_json())]

    # ------------------------------------------------------------ views

    def _result_json(self) -> IndianResult:
        melds = self.declaration if self.outcome == "declared" else None
        return {
            "outcome": self.outcome,
            "winners": list(self._winners),
            "penalties": list(self.penalties),
            "declaration": None if melds is None else melds_json(melds),
            "hands": {str(seat): layout.to_json() for seat, layout in self.layouts.items()},
            "indicator": CARD_NAMES[face(self.indicator)],
            "wild_rank": RANKS[self.wild],
        }

    def hand_names(self, seat: int) -> list[str]:
        """Seat's cards in card order (the second copy of a face beside the first)."""
        return [
            CARD_NAMES[f] for f in sorted((face(c) for c in self.hands[seat]), key=canonical_key)
        ]

    def view(self, seat: int | None) -> IndianView:
        if seat is not None and not 0 <= whole_number(seat, "seat") < self.players:
            raise NotationError(f"this deal has seats 0…{self.players - 1}, not {seat!r}")
        mine = seat is not None and self.seats[seat] is not Seat.OUT
        return {
            "game": "indian",
            "seat": seat,
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "turn": self.turn,
            "hand": self.hand_names(seat) if mine and seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "seats": [s.value for s in self.seats],
            "stock_count": len(self.stock),
            "discard_pile": [CARD_NAMES[face(c)] for c in self.discard_pile],
            "indicator": CARD_NAMES[face(self.indicator)],
            "wild_rank": RANKS[self.wild],
            "joker_from_discard": self.joker_from_discard,
            "manual_declaration": self.manual_declaration,
            "taken_from_discard": None if self.taken < 0 else CARD_NAMES[face(self.taken)],
            "picked_up": self._picked_up(self.events, self.players),
            "drop_penalty": [self.drops[1] if d else self.drops[0] for d in self.has_drawn],
            "moves": [event.to_json() for event in self.events],
            "result": self._result_json() if self.is_over else None,
            "scores": self.scores,
        }

    def zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": self.hand_names(s) for s in range(self.players)}
        zones["stock"] = [CARD_NAMES[face(c)] for c in self.stock]
        zones["discard_pile"] = [CARD_NAMES[face(c)] for c in self.discard_pile]
        zones["indicator"] = [CARD_NAMES[face(self.indicator)]]
        return zones

    def hidden_from(self, seat: int | None) -> set[str]:
        """The stock and the hands not laid open, less every face ``seat`` has seen or
        the deal has shown (a face has two copies: one in sight may be named)."""
        hidden = list(self.stock)
        for other, hand in enumerate(self.hands):
            if other != seat and other not in self.layouts:
                hidden += hand
        seen = [*self.discard_pile, self.indicator, *(() if seat is None else self.hands[seat])]
        faces = {CARD_NAMES[face(c)] for c in hidden} - {CARD_NAMES[face(c)] for c in seen}
        return faces - faces_shown(self.events)

    # ------------------------------------------------------------ persistence

    def to_json(self) -> JSON:
        return {
            "game": "indian",
            "kind": "deal",
            "version": 1,
            "seed": self.seed,
            "options": self.options,
            "deck": [CARD_NAMES[face(c)] for c in self.deck],
            "log": self.log,
            "snapshot": self._snapshot(),
        }

    def _snapshot(self) -> JSON:
        return {
            "phase": self.phase.value,
            "player": self.player,
            "zones": self.zones(),
            "seats": [s.value for s in self.seats],
            "penalties": list(self.penalties),
        }


def faces_shown(events: Sequence[Event]) -> set[str]:
    """Every face a deal's public events name: the cards thrown and taken, the groups of
    a wrong show (IND-12), the declaration and the losers' layouts at the end."""
    shown = {e.data[k] for e in events for k in ("card", "discard") if k in e.data}
    for event in events:
        if event.type == "wrong_show":
            shown.update(name for group in event.data["groups"] for name in group)
        elif event.type == "part_over":
            result = event.data
            for meld in result["declaration"] or ():
                shown.update(meld["cards"])
            for layout in result["hands"].values():
                shown.update(layout["deadwood"])
                shown.update(name for meld in layout["melds"] for name in meld["cards"])
    return shown
