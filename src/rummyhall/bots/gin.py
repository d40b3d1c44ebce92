"""A rule-based Gin player in the spirit of OpenSpiel's simple gin bot.

It takes the upcard only when that lowers its best deadwood, discards the card that leaves
the least deadwood (the highest such card on ties) and knocks as soon as it may, going
for gin when it can.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.actions import JSON, Action, Discard, Draw, Knock, Pass
from rummyhall.cards import card_index
from rummyhall.games.gin.melds import CARD_VALUES
from rummyhall.games.gin.solver import deadwood_after_best_discard, deadwood_mask


class SimpleGinBot:
    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        hand = sum(1 << card_index(name) for name in view["hand"])
        if any(isinstance(a, (Discard, Knock)) for a in legal_actions):
            return self._discard(hand, legal_actions)
        top = card_index(view["discard_pile"][-1])
        take = Draw("discard")
        if take in legal_actions:
            after, _ = deadwood_after_best_discard(hand | 1 << top)
            if after < deadwood_mask(hand):
                return take
        return Pass() if Pass() in legal_actions else Draw("stock")

    @staticmethod
    def _discard(hand: int, legal_actions: Sequence[Action]) -> Action:
        choices = [a for a in legal_actions if isinstance(a, (Discard, Knock))]

        def left(action: Discard | Knock) -> tuple[int, bool, int]:
            card = card_index(action.discard if isinstance(action, Knock) else action.card)
            # least deadwood, then knock over discard, then the highest card away
            return (
                deadwood_mask(hand ^ 1 << card),
                not isinstance(action, Knock),
                -CARD_VALUES[card],
            )

        return min(choices, key=left)
