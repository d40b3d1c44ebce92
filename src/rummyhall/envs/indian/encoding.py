"""Indian 13-card Rummy for reinforcement learning (``rummyhall.envs``:
``indian_rummy_v0``, 2–6 players; Points deals, or Pools and Deals matches): what a
seat sees as a vector a learner reads (934 values in [0, 1], from its own hand and the
public events only, faces numbered ``13 * suit + rank`` and 52 the printed joker, the
other seats seen from the observer), its 109 actions as ids the engine's legal actions
mask, and each deal's penalties as rewards.

Every index, action id and reward: docs/rl.md, "Observations and actions, index by
index".
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
