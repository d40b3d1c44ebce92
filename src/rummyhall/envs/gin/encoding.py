"""Gin Rummy for reinforcement learning (``rummyhall.envs``: ``gin_rummy_v0``).

Cards are numbered ``c = 13 * suit + rank`` with suits ♠ ♥ ♦ ♣ (S H D C) and ranks
A 2 … K (``rummyhall.cards.CARD_NAMES``).

**Observation** (``float32``, 373 values in [0, 1]), seven planes of 52 cards, then
scalars:

==========  ===================================================================
index       meaning
==========  ===================================================================
0–51        the seat's own hand
52–103      cards the opponent took from the discard pile and still holds
104–155     cards the opponent threw this hand
156–207     cards this seat threw this hand
208–259     the top of the discard pile (the card that may be taken)
260–311     the discard pile in order: a card at position ``k`` from the bottom
            (the first upcard is 0) is ``(k + 1) / 32``
312–363     the card this seat just took from the discard pile (GIN-4: it may not
            be thrown back this turn)
364–366     the phase: the first upcard's offer (GIN-2), draw, discard
367         cards left in the stock / 31
368         the knock limit / 10 (GIN-7, GIN-9)
369         1 when the hand counts double (Oklahoma, a spade upcard, GIN-9)
370         1 when this seat dealt
371, 372    in a match, this seat's and the opponent's total / the target
==========  ===================================================================

**Actions** (107): 0 draw from the stock; 1 take the discard pile's top card (also the
first upcard, GIN-2); 2 pass the first upcard; ``3 + c`` discard card ``c``; ``55 + c``
knock, discarding card ``c`` face down (gin when no deadwood is left, GIN-7). The
knock's lay-offs are settled by the engine, which lays the defender's cards off in the
way that is best for him (GIN-10, GIN-11).

**Rewards**: when a hand ends, the winner gets its points (GIN-12, GIN-13) and the loser
as many negative; a cancelled hand pays nothing (GIN-14). In a match, each hand pays
the change in (own total − opponent's total), so the match's bonuses (GIN-15) arrive
with its last hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rummyhall.actions import Action, Event, Knock
from rummyhall.cards import CARD_NAMES
from rummyhall.envs.encoding import ActionMask, Observation, PileTraffic, part_of
from rummyhall.game import GameState
from rummyhall.games.gin.match import GinMatch
from rummyhall.games.gin.state import GinState, Phase
from rummyhall.games.gin.turn import DISCARDS, DRAW_DISCARD, DRAW_STOCK, PASS

CARDS = 52
ACTIONS: tuple[Action, ...] = (
    DRAW_STOCK,
    DRAW_DISCARD,
    PASS,
    *DISCARDS,
    *(Knock(name) for name in CARD_NAMES[:CARDS]),
)
INDEX = {action: index for index, action in enumerate(ACTIONS)}
MASKS = 4
"""The first planes: own hand, the opponent's holdings from the pile, the opponent's
throws, own throws."""
TOP, PILE, JUST_TAKEN = (n * CARDS for n in range(MASKS, MASKS + 3))
PHASE = 7 * CARDS
"""The scalars start here: three phases, stock, knock limit, double, dealer, totals."""
SIZE = PHASE + 9
PHASES = {Phase.OFFER: 0, Phase.DRAW: 1, Phase.DISCARD: 2}
PILE_ORDER = np.arange(1, 33, dtype=np.float32) / 32
"""The discard pile's plane: a card at position ``k`` from the bottom is ``(k + 1) / 32``."""


def hand_plane(mask: int) -> np.ndarray:
    """The 52 bits of a hand mask as 0/1 values."""
    packed = np.frombuffer(mask.to_bytes(7, "little"), dtype=np.uint8)
    return np.unpackbits(packed, bitorder="little")[:CARDS]


class GinEncoding:
    observation_size = SIZE
    action_count = len(ACTIONS)

    def __init__(self, players: int = 2) -> None:
        self.traffic = PileTraffic(2, CARDS, copies=1)

    def reset(self, state: GameState) -> None:
        self.traffic.reset()

    def update(self, state: GameState, events: Sequence[Event]) -> None:
        self.traffic.update(events)

    def observe(self, state: GameState, seat: int) -> Observation:
        hand = part_of(state)
        assert isinstance(hand, GinState)
        out = np.zeros(SIZE, dtype=np.float32)
        other = 1 - seat
        traffic = self.traffic
        out[:CARDS] = hand_plane(hand.hands[seat])
        out[CARDS : 2 * CARDS] = traffic.holds[other]
        out[2 * CARDS : 3 * CARDS] = traffic.threw[other]
        out[3 * CARDS : MASKS * CARDS] = traffic.threw[seat]
        pile = hand.discard_pile
        if pile:
            out[TOP + pile[-1]] = 1.0
            out[PILE + np.asarray(pile)] = PILE_ORDER[: len(pile)]
        if hand.current_player == seat and hand.taken_from_discard >= 0:
            out[JUST_TAKEN + hand.taken_from_discard] = 1.0
        phase = PHASES.get(hand.phase)
        totals = (0.0, 0.0)
        if isinstance(state, GinMatch):
            target = state.target
            totals = (min(1.0, state.totals[seat] / target), min(1.0, state.totals[other] / target))
        out[PHASE:SIZE] = (
            phase == 0,
            phase == 1,
            phase == 2,
            len(hand.stock) / 31,
            hand.knock_limit / 10,
            hand.multiplier == 2,
            hand.dealer == seat,
            *totals,
        )
        return out

    def mask(self, state: GameState) -> ActionMask:
        out = np.zeros(len(ACTIONS), dtype=np.int8)
        out[[INDEX[action] for action in state.legal_actions()]] = 1
        return out

    def play(self, state: GameState, index: int) -> Action:
        return ACTIONS[index]

    def index(self, state: GameState, action: Action) -> int:
        return INDEX[action]

    def settle(self, part: GameState) -> list[float]:
        first, second = part.scores
        return [float(first - second), float(second - first)]


ENCODING = GinEncoding
