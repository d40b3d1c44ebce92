"""OpenSpiel's ``SimpleGinRummyBot`` as a rummyhall Gin player: the real C++ bot (PyPI
``open-spiel``), asked move by move, with rummyhall the referee. Like every bot it gets
its seat's view and the legal actions; for every decision :class:`SimpleGinRummy` builds
a small pyspiel ``gin_rummy`` state in which player 0 sees just what the bot reads, and
asks it. How those states are built, and where it deviates from the bot in OpenSpiel
(GIN-4, the wall, lay-offs): docs/bots.md, "OpenSpiel's SimpleGinRummyBot".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Literal

import pyspiel

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.bots.gin.simple import least_after_throw, openspiel_id
from rummyhall.cards import card_index, card_name
from rummyhall.games.gin.melds import mask_of
from rummyhall.games.gin.view import GinSeatView

Phase = Literal["offer", "draw", "discard"]
"""The phases of a rummyhall Gin hand (``GinView.phase``) in which a player decides."""

RANKS = 13
HAND = 10
PLAYER = 0  # the bot sits in seat 0 of every built state
DRAW_UPCARD: int = pyspiel.gin_rummy.DRAW_UPCARD_ACTION
DRAW_STOCK: int = pyspiel.gin_rummy.DRAW_STOCK_ACTION
PASS: int = pyspiel.gin_rummy.PASS_ACTION
KNOCK: int = pyspiel.gin_rummy.KNOCK_ACTION

TO_OPENSPIEL = tuple(openspiel_id(card) for card in range(52))
"""OpenSpiel's card id (suit × 13 + rank, suits s, c, d, h) of each rummyhall card index."""
FROM_OPENSPIEL = tuple(card_name(TO_OPENSPIEL[card]) for card in range(52))
"""The rummyhall card name of each OpenSpiel card id (the mapping is its own inverse)."""


MELDLESS = tuple(
    suit * RANKS + rank
    for suit, lowest in ((0, 0), (1, 1), (2, 2), (3, 0))
    for rank in range(lowest, RANKS, 3)
)
"""18 OpenSpiel cards of which no three make a meld (each suit's ranks three apart, only two
suits sharing ranks)."""
FILLERS = (*MELDLESS, *(card for card in range(52) if card not in MELDLESS))
"""The order player 1's filler cards are taken in: meldless ones first, which keeps
OpenSpiel's deadwood counts of his hand (the bot never reads it) cheap."""


def openspiel_card(name: str) -> int:
    return TO_OPENSPIEL[card_index(name)]


class SimpleGinRummy:
    """The real ``SimpleGinRummyBot`` of one knock card, asked about built situations
    (:func:`simple_gin_rummy` keeps one per knock card)."""

    def __init__(self, knock_card: int) -> None:
        game = pyspiel.load_game("gin_rummy", {"knock_card": knock_card})
        self.start = game.new_initial_state()
        self.bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), PLAYER)

    def situation(self, phase: Phase, hand: Sequence[int], upcard: int | None) -> Any:
        """A pyspiel state in which player 0 is to play ``phase`` holding ``hand`` (OpenSpiel
        card ids; 11 cards to discard from, else 10) with ``upcard`` showing (offer, draw)."""
        if phase == "discard":
            dealt, shown, moves = list(hand[:HAND]), hand[HAND], [DRAW_UPCARD]
        else:
            assert upcard is not None
            dealt, shown, moves = list(hand), upcard, []
        fillers = [card for card in FILLERS if card not in {*dealt, shown}]
        opponent = fillers[:HAND]
        if phase == "draw":  # player 1 holds the top discard; he takes a filler upcard
            opponent, shown = [*fillers[: HAND - 1], shown], fillers[HAND - 1]
            moves = [PASS, DRAW_UPCARD, opponent[-1]]  # ... and throws the top discard
        state = self.start.clone()
        for action in (*dealt, *opponent, shown, *moves):
            state.apply_action(action)
        return state

    def answer(self, phase: Phase, hand: Sequence[int], upcard: int | None) -> tuple[int, ...]:
        """The bot's OpenSpiel actions: one (a card, a draw, a pass), or a knock and the
        card it then throws."""
        state = self.situation(phase, hand, upcard)
        self.bot.restart()
        action = int(self.bot.step(state))
        if action != KNOCK:
            return (action,)
        state.apply_action(KNOCK)
        return action, int(self.bot.step(state))


@cache
def simple_gin_rummy(knock_card: int) -> SimpleGinRummy:
    """The process's bot of a knock card, shared by every :class:`OpenSpielGinBot` (it is
    restarted for every decision, and bots decide one at a time)."""
    return SimpleGinRummy(knock_card)


def translated(answer: tuple[int, ...]) -> Action:
    """The rummyhall action of an answer of :meth:`SimpleGinRummy.answer`."""
    if answer == (DRAW_UPCARD,):
        return Draw("discard")
    if answer == (DRAW_STOCK,):
        return Draw("stock")
    if answer == (PASS,):
        return Pass()
    if answer[0] == KNOCK:
        return Knock(FROM_OPENSPIEL[answer[1]])
    return Discard(FROM_OPENSPIEL[answer[0]])


def instead_of_taken(hand: Sequence[str], taken: str, legal_actions: Sequence[Action]) -> Action:
    """GIN-4: instead of throwing back the card it has just taken, the card whose loss leaves
    the least deadwood (the highest-valued on ties, then the first in rummyhall's card
    order), with a knock when rummyhall allows it: the rule rummyhall's own copy of the bot
    (the medium Gin bot) follows there."""
    mask = mask_of([card_index(name) for name in hand])
    card = least_after_throw(mask, card_index(taken))[1]
    knock = Knock(card_name(card))
    return knock if knock in legal_actions else Discard(card_name(card))


class OpenSpielGinBot:
    """OpenSpiel's ``SimpleGinRummyBot`` playing rummyhall's Gin (``make_bot("gin",
    "openspiel")``): takes the upcard when it allows a knock or falls in its best melds,
    throws the highest-ranked card of its best deadwood, knocks as soon as it may. ``seed``
    is kept for the bot protocol: the bot is deterministic."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        phase = view["phase"]
        assert phase != "over"
        hand = [openspiel_card(name) for name in view["hand"]]
        upcard = None if phase == "discard" else openspiel_card(view["discard_pile"][-1])
        answer = simple_gin_rummy(view["knock_limit"]).answer(phase, hand, upcard)
        action = translated(answer)
        if action in legal_actions:
            return action
        taken = view["taken_from_discard"]
        assert taken is not None, f"OpenSpiel's bot answered an illegal {action}"
        return instead_of_taken(view["hand"], taken, legal_actions)
