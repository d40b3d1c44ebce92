"""One learner against the built-in bots, as a Gymnasium environment.

The learner holds one seat (drawn at each reset unless ``seat`` is given); the bots of
``opponent``'s kind (``random``, ``easy``, ``medium``, ``hard``, or a style of the
game's rule player: ``rummyhall.bots.registry.kinds``) play the others, through the same
views and legal actions as everywhere else. A step is the learner's action and then the
bots' until it is the learner's turn again or the episode is over; its reward is what
the learner was paid meanwhile (the game's own points, see each game's encoding). A
deal the bots end before the learner has moved (a Gin opponent who takes the first
upcard and knocks at once) is dealt again: an episode always starts with a decision.

Masks for ``sb3-contrib``'s ``MaskablePPO``: :meth:`SingleAgentEnv.action_masks`, and
``info["action_mask"]`` after every reset and step. Many games at once:
:func:`rummyhall.envs.batch.vector`.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from rummyhall.bots.base import Bot
from rummyhall.bots.play import decide
from rummyhall.bots.registry import make_bot
from rummyhall.envs.aec import RENDER_MODES, RummyEnv
from rummyhall.envs.catalogue import make_raw
from rummyhall.errors import NotationError


class SingleAgentEnv(gymnasium.Env[np.ndarray, np.int64]):
    metadata = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012  # Gymnasium's convention

    def __init__(
        self,
        name: str,
        *,
        opponent: str = "medium",
        seat: int | None = None,
        bot_options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """``name`` and ``options`` as :func:`rummyhall.envs.make` takes them;
        ``bot_options`` reach the bots (``budget``, ``simulations`` for ``hard``)."""
        self.game: RummyEnv = make_raw(name, render_mode=render_mode, **options)
        players = len(self.game.possible_agents)
        if seat is not None and seat not in range(players):
            raise NotationError(f"seat is one of 0–{players - 1}, not {seat!r}")
        self.opponent = opponent
        self.bot_options = bot_options or {}
        make_bot(self.game.kit.name, opponent, **self.bot_options)  # an unknown kind: now
        self.fixed_seat = seat
        self.render_mode = render_mode
        encoding = self.game.encoding
        self.observation_space = spaces.Box(0.0, 1.0, (encoding.observation_size,), np.float32)
        self.action_space = spaces.Discrete(encoding.action_count)
        self._deals = random.Random()
        self.seat = 0
        self.bots: dict[int, Bot] = {}

    @property
    def agent(self) -> str:
        return self.game.possible_agents[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._deals = random.Random(seed)
        game = self.game
        players = len(game.possible_agents)
        kit = game.kit.name
        while True:  # a deal the bots end before the learner's first move is dealt again
            game.reset(seed=self._deals.getrandbits(63))
            seat = self._deals.randrange(players) if self.fixed_seat is None else self.fixed_seat
            self.seat = seat
            self.bots = {
                other: make_bot(
                    kit, self.opponent, seed=self._deals.getrandbits(31), **self.bot_options
                )
                for other in range(players)
                if other != seat
            }
            self._bots_play()
            assert game.game_state is not None
            if not game.game_state.is_over:
                return self._seen()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        if game.game_state is None or game.terminations.get(self.agent, True):
            raise NotationError("the episode is over: reset the environment")
        game.step(int(action))
        reward = game.rewards[self.agent] + self._bots_play()
        observation, info = self._seen()
        return observation, float(reward), bool(game.game_state.is_over), False, info

    def _bots_play(self) -> float:
        """The bots' moves until the learner is to act or the game is over; what the
        learner was paid meanwhile."""
        game = self.game
        state = game.game_state
        assert state is not None
        paid = 0.0
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            game.act(decide(state, self.bots[seat]))
            paid += game.rewards[self.agent]
        return paid

    def _seen(self) -> tuple[np.ndarray, dict[str, Any]]:
        seen = self.game.observe(self.agent)
        return seen["observation"], {"action_mask": seen["action_mask"]}

    def action_masks(self) -> np.ndarray:
        """The legal action ids now, as booleans (``MaskablePPO`` asks for them)."""
        return self.game.observe(self.agent)["action_mask"].astype(bool)

    def render(self) -> str | None:
        return self.game.render()


def single_agent(name: str, **options: Any) -> SingleAgentEnv:
    """One learner against bots in environment ``name`` (``opponent="medium"``, …)."""
    return SingleAgentEnv(name, **options)
