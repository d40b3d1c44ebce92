"""Gin Rummy for reinforcement learning (``rummyhall.envs``: ``gin_rummy_v0``): what a
seat sees as a vector a learner reads (373 values in [0, 1], from its own hand and the
public events only, cards numbered ``13 * suit + rank``), its 107 actions as ids the
engine's legal actions mask, and each hand's points as rewards.

Every index, action id and reward: docs/rl.md, "Observations and actions, index by
index".
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
