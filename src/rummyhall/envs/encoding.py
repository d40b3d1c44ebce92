"""What a game gives a learner: a fixed observation vector and a fixed, finite action
space. Each game writes its own (``games/<game>/encoding.py``, named by its kit's
``encoding``); :class:`~rummyhall.envs.aec.RummyEnv` plays any of them.

An encoding sees the game only as a seat may: :meth:`Encoding.observe` reads the seat's
own hand and what every seat saw happen (the public events it is given through
:meth:`Encoding.update`), never an opponent's hand or the stock's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from rummyhall.actions import Action, Event
from rummyhall.cards import card_index
from rummyhall.game import GameState, Match

Observation = npt.NDArray[np.float32]
ActionMask = npt.NDArray[np.int8]


class Encoding(Protocol):
    observation_size: int
    """The length of every observation vector (values in [0, 1])."""
    action_count: int
    """Action ids are ``0 … action_count - 1``."""

    def reset(self, state: GameState) -> None:
        """A new episode starts at ``state`` (a part, or a match)."""

    def update(self, state: GameState, events: Sequence[Event]) -> None:
        """``events`` (public) have just happened in ``state``."""

    def observe(self, state: GameState, seat: int) -> Observation:
        """What ``seat`` knows, as a new vector."""

    def mask(self, state: GameState) -> ActionMask:
        """1 for each legal action id of the seat to act, as a new vector."""

    def play(self, state: GameState, index: int) -> Action | None:
        """What action id ``index`` does now: an engine action to apply (the engine
        then checks it), or ``None`` for a step the encoding takes itself inside the
        turn (Rummikub's draft table), refused with :class:`IllegalAction` when the mask
        rules it out."""

    def settle(self, part: GameState) -> list[float]:
        """Per seat, what the finished ``part`` pays (the game's own points, summing to
        zero)."""


class PileTraffic:
    """Per seat, the faces it took from the discard pile and still holds, and those it
    threw (each was shown face up): the reading of ``GameState._picked_up``, kept up
    from the public events as they come, as copies of each face (``players`` × ``faces``),
    at most the ``copies`` a face has (a face thrown, taken back and thrown again counts
    once a copy)."""

    def __init__(self, players: int, faces: int, copies: int) -> None:
        self.copies = copies
        self.holds = np.zeros((players, faces), dtype=np.float32)
        self.threw = np.zeros((players, faces), dtype=np.float32)

    def reset(self) -> None:
        self.holds[:] = 0
        self.threw[:] = 0

    def update(self, events: Sequence[Event]) -> None:
        """``events`` have happened; a match's ``deal`` of its next part starts afresh."""
        for event in events:
            kind, seat = event.type, event.seat
            if kind == "deal":
                self.reset()
            elif seat is None:  # the part's end: nobody's move
                continue
            elif kind == "draw" and event.data["source"] == "discard":
                self.holds[seat, card_index(event.data["card"])] += 1
            elif kind in ("discard", "knock", "declare"):
                face = card_index(event.data.get("card") or event.data["discard"])
                self.threw[seat, face] = min(float(self.threw[seat, face]) + 1, self.copies)
                if self.holds[seat, face]:
                    self.holds[seat, face] -= 1


def part_of(state: GameState) -> GameState:
    """The hand, deal or round in progress (``state`` itself outside a match)."""
    return state.current if isinstance(state, Match) else state


def standings(totals: Sequence[int]) -> list[float]:
    """Each seat's total less the mean of the others' (zero-sum): a match's rewards are
    the changes of these."""
    players = len(totals)
    whole = sum(totals)
    return [total - (whole - total) / (players - 1) for total in totals]
