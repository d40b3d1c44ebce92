"""Indian 13-card Rummy for reinforcement learning (``rummyhall.envs``:
``indian_rummy_v0``, 2–6 players; Points deals, or Pools and Deals matches).

Faces are numbered ``f = 13 * suit + rank`` (suits ♠ ♥ ♦ ♣, ranks A … K), and 52 is
the printed joker; two packs are used, so a face is held at most twice, and a face
plane holds ``copies / 2``. Seats are seen from the observer: ``relative`` 1 is the
next seat to his left in turn order, up to 5; the planes of absent seats stay 0.

**Observation** (``float32``, 934 values in [0, 1]), 17 planes of 53 faces, then scalars:

==========  ===================================================================
index       meaning
==========  ===================================================================
0–52        the seat's own hand
53–105      the top of the discard pile (the card that may be taken)
106–158     the discard pile, copies / 2
159–211     the discard pile in order: the face's latest copy at position ``k``
            from the bottom is ``(k + 1) / 106``
212–264     the wild faces: the printed jokers and the cut joker's rank (IND-2)
265–317     the face of the joker indicator (IND-2)
318–370     what this seat threw this deal
371 + 106·(r−1) …
            for the seat ``r`` places on (r = 1 … 5): the faces it took from the
            discard pile and still holds (53), then the faces it threw (53)
901, 902    the phase: draw, discard
903         cards left in the stock / 106
904 + 5·r …  for the observer (r = 0) and each seat after him (r = 1 … 5): seated
            at this table; still in the deal (not dropped, out or wrong); has drawn
            this deal (its drop would be the middle drop, IND-11); cards in hand /
            14; in a match, its total / the pool limit (Pools), or its share of
            all the chips (Deals)
==========  ===================================================================

**Actions** (109): 0 draw from the stock; 1 take the discard pile's top card (IND-4);
2 drop (IND-11); ``3 + f`` discard face ``f``; ``56 + f`` declare, discarding face ``f``
(IND-9; under ``manual_declaration`` the engine's own grouping is shown, IND-12).

**Rewards**: when a deal ends, each loser pays the winner his penalty (IND-10, IND-11,
IND-14): the winner gets their sum, each loser minus his own; a void deal pays nothing
(IND-13). In a match, each deal pays the change in (own standing − the others' mean),
standing being minus the penalty total in Pools and the chips in Deals.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rummyhall.actions import Action, Declare, Discard, Event
from rummyhall.cards import CARD_NAMES, card_index
from rummyhall.envs.encoding import ActionMask, Observation, PileTraffic, part_of
from rummyhall.game import GameState
from rummyhall.games.indian.deal import Seat
from rummyhall.games.indian.formats import POOL_LIMITS
from rummyhall.games.indian.match import IndianMatch
from rummyhall.games.indian.melds import is_wild
from rummyhall.games.indian.state import IndianState, Phase
from rummyhall.games.indian.turn import DISCARDS, DRAW_DISCARD, DRAW_STOCK, DROP, PACK

SEATS = 6
DECK = 2 * PACK
HAND, TOP, PILE, ORDER, WILD, INDICATOR, I_THREW = (n * PACK for n in range(7))
OTHERS = 7 * PACK
"""Per other seat: two planes, the faces it holds from the pile and those it threw."""
PHASE = OTHERS + 2 * (SEATS - 1) * PACK
STOCK = PHASE + 2
SEAT_FACTS = STOCK + 1
FACTS = 5
SIZE = SEAT_FACTS + FACTS * SEATS
DISCARD, DECLARE = 3, 3 + PACK
ACTION_COUNT = 3 + 2 * PACK


def action_id(action: Action) -> int:
    if isinstance(action, Declare):
        return DECLARE + card_index(action.discard)
    if isinstance(action, Discard):
        return DISCARD + card_index(action.card)
    return (DRAW_STOCK, DRAW_DISCARD, DROP).index(action)


class IndianEncoding:
    observation_size = SIZE
    action_count = ACTION_COUNT

    def __init__(self, players: int) -> None:
        self.players = players
        self.traffic = PileTraffic(players, PACK, copies=2)

    def reset(self, state: GameState) -> None:
        self.traffic.reset()

    def update(self, state: GameState, events: Sequence[Event]) -> None:
        self.traffic.update(events)

    def observe(self, state: GameState, seat: int) -> Observation:
        deal = part_of(state)
        assert isinstance(deal, IndianState)
        out = np.zeros(SIZE, dtype=np.float32)
        hand = np.bincount(np.asarray(deal.hands[seat], dtype=np.int64) % PACK, minlength=PACK)
        out[HAND : HAND + PACK] = hand / 2
        pile = np.asarray(deal.discard_pile, dtype=np.int64) % PACK
        if len(pile):
            out[TOP + pile[-1]] = 1.0
            out[PILE : PILE + PACK] = np.bincount(pile, minlength=PACK) / 2
            out[ORDER + pile] = np.arange(1, len(pile) + 1, dtype=np.float32) / DECK
        wild = [f for f in range(PACK) if is_wild(f, deal.wild)]
        out[WILD + np.asarray(wild)] = 1.0
        out[INDICATOR + deal.indicator % PACK] = 1.0
        out[I_THREW : I_THREW + PACK] = self.traffic.threw[seat] / 2
        for relative in range(1, self.players):
            other = (seat + relative) % self.players
            base = OTHERS + 2 * PACK * (relative - 1)
            out[base : base + PACK] = self.traffic.holds[other] / 2
            out[base + PACK : base + 2 * PACK] = self.traffic.threw[other] / 2
        if deal.phase is Phase.DRAW:
            out[PHASE] = 1.0
        elif deal.phase is Phase.DISCARD:
            out[PHASE + 1] = 1.0
        out[STOCK] = len(deal.stock) / DECK
        totals = self._totals(state)
        for relative in range(self.players):
            other = (seat + relative) % self.players
            base = SEAT_FACTS + FACTS * relative
            out[base] = 1.0
            out[base + 1] = float(deal.seats[other] is Seat.PLAYING)
            out[base + 2] = float(deal.has_drawn[other])
            out[base + 3] = len(deal.hands[other]) / 14
            out[base + 4] = totals[other]
        return out

    def _totals(self, state: GameState) -> list[float]:
        """Per seat, its match total on the scale [0, 1] (0 outside a match)."""
        if not isinstance(state, IndianMatch):
            return [0.0] * self.players
        if state.format == "deals":
            whole = sum(state.chips)
            return [chips / whole for chips in state.chips]
        limit = POOL_LIMITS.get(state.format)
        if limit is None:
            return [0.0] * self.players
        return [min(1.0, total / limit) for total in state.totals]

    def mask(self, state: GameState) -> ActionMask:
        out = np.zeros(ACTION_COUNT, dtype=np.int8)
        out[[action_id(action) for action in state.legal_actions()]] = 1
        return out

    def play(self, state: GameState, index: int) -> Action:
        """The action of id ``index``; a declaration carries the grouping the engine
        offers (needed under ``manual_declaration``)."""
        if index >= DECLARE:
            discard = CARD_NAMES[index - DECLARE]
            offered = [a for a in state.legal_actions() if isinstance(a, Declare)]
            return next((a for a in offered if a.discard == discard), Declare(discard))
        if index >= DISCARD:
            return DISCARDS[index - DISCARD]
        return (DRAW_STOCK, DRAW_DISCARD, DROP)[index]

    def index(self, state: GameState, action: Action) -> int:
        return action_id(action)

    def settle(self, part: GameState) -> list[float]:
        scores = [float(score) for score in part.scores]  # minus each penalty
        for winner in part.winners:
            scores[winner] = -sum(scores)
        return scores


ENCODING = IndianEncoding
