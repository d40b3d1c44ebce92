"""Any game of the library as a PettingZoo AEC environment, through its encoding.

The seats are agents ``player_0`` … ``player_{n-1}``; the agent to act is the game's
current player (in Gin one seat draws and then discards: two steps running). Every
agent's observation is ``{"observation": float32 vector, "action_mask": int8 vector}``
(PettingZoo's classic convention); the mask is all zeros for an agent not to act.
An action the mask rules out raises ``IllegalAction`` (naming the rule) and changes
nothing, so a learner's bug is never a silent move. Rewards are paid when a part ends
(zero-sum, the game's own points: each game's encoding says how), and the episode ends
with the part, or with the match when ``match=True``.
"""

from __future__ import annotations

import importlib
import io
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.console import Console

from rummyhall.actions import Action, Event
from rummyhall.envs.encoding import Encoding, Observation, standings
from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.kit import SEATS_KEY, GameInfo
from rummyhall.registry import new_game, new_match
from rummyhall.terminal.console import WIDTH, make_console
from rummyhall.terminal.screens import render

ObsDict = dict[str, np.ndarray]


RENDER_MODES = ("ansi", "human")
METADATA = {"render_modes": list(RENDER_MODES), "is_parallelizable": False, "render_fps": 1}


class RummyEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    def __init__(
        self,
        kit: GameInfo,
        *,
        variant: str | None = None,
        match: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """``variant`` (the kit's names, its default if omitted) and ``options`` (the
        kit's, e.g. ``players``) as ``new_game``/``new_match`` take them; ``match``
        plays a whole match, else one part."""
        super().__init__()
        if render_mode not in (None, *RENDER_MODES):
            raise NotationError(f"render_mode is 'ansi', 'human' or None, not {render_mode!r}")
        self.kit = kit
        self.metadata = {**METADATA, "name": kit.env}
        chosen = kit.variant(variant)
        fixes = dict(chosen.fixes) if match or not chosen.single else {}
        self.options = {**fixes, **options}
        self.match = match
        self.render_mode = render_mode
        players = options.get(SEATS_KEY, kit.seats[0])
        self._new(0)  # a bad option is refused now, with the engine's words
        module = importlib.import_module(kit.encoding)
        self.encoding: Encoding = module.ENCODING(players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, count = self.encoding.observation_size, self.encoding.action_count
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._seeds = random.Random()
        self._state: GameState | None = None
        self._standings: list[float] = []

    @property
    def game_state(self) -> GameState | None:
        """The hand, deal or round (or match) being played: the engine's own state, for
        rendering, records and analysis, to read (act through :meth:`step` and
        :meth:`act`). ``state()`` stays PettingZoo's global-state method, which these
        games do not offer."""
        return self._state

    def _new(self, seed: int) -> GameState:
        name = self.kit.name
        if self.match:
            return new_match(name, seed=seed, **self.options)
        return new_game(name, seed=seed, **self.options)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: its seed drawn from ``seed`` (or from the generator a former
        ``seed`` started), so a seeded run replays exactly."""
        self._state = state = self._new(self._next_seed(seed))
        self.encoding.reset(state)
        self._standings = standings(state.scores)
        self._start(self._acting(state))

    def _next_seed(self, seed: int | None) -> int:
        """The next deal's seed: drawn from ``seed``'s generator (or the former one's)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        return self._seeds.getrandbits(63)

    def _start(self, agent: str) -> None:
        """PettingZoo's episode bookkeeping at a new deal, ``agent`` to act."""
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent

    def _acting(self, state: GameState) -> str:
        seat = state.current_player
        assert seat is not None
        return self.possible_agents[seat]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        assert state is not None
        move = self.encoding.play(state, self._index(agent, action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if move is not None:
            self._apply(state, move)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _index(self, agent: str, action: int | None) -> int:
        """The action id stepped, refused by name when it is none or out of range."""
        if action is None:
            raise NotationError(f"{agent} is to act: step an action id, not None")
        index = int(action)
        if not 0 <= index < self.encoding.action_count:
            raise NotationError(
                f"action ids run from 0 to {self.encoding.action_count - 1}, not {action!r}"
            )
        return index

    def act(self, action: Action) -> None:
        """Play a whole engine action for the agent to act (a bot's, say: a Rummikub
        play is then one step, not the steps that build it)."""
        state = self._state
        assert state is not None
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        self._apply(state, action)
        self._accumulate_rewards()

    def _apply(self, state: GameState, action: Action) -> None:
        events = state.apply(action)
        self.encoding.update(state, events)
        paid = self._paid(state, events)
        if paid is not None:
            for seat, reward in enumerate(paid):
                self.rewards[self.possible_agents[seat]] = reward
        if state.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._acting(state)

    def _paid(self, state: GameState, events: Sequence[Event]) -> list[float] | None:
        """What the step pays each seat: a finished part's settlement, or in a match the
        change in the seats' standings (``None``: nothing ended)."""
        if not any(event.type in ("part_over", "part_scored", "match_over") for event in events):
            return None
        if not self.match:
            return self.encoding.settle(state)
        now = standings(state.scores)
        paid = [after - before for before, after in zip(self._standings, now, strict=True)]
        self._standings = now
        return paid

    # ------------------------------------------------------------------ what a seat sees

    def observe(self, agent: str) -> ObsDict:
        state = self._state
        assert state is not None
        seat = self._seat[agent]
        observation: Observation = self.encoding.observe(state, seat)
        if state.current_player == seat:
            mask = self.encoding.mask(state)
        else:
            mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The table as the seat to act sees it (the terminal's drawing): ``ansi``
        returns it as text with colour codes, ``human`` prints it."""
        state = self.game_state
        if self.render_mode is None or state is None:
            return None
        seat = state.current_player
        view = state.view(self._seat[self.agent_selection] if seat is None else seat)
        title = f"{self.kit.title} · {self.metadata['name']}"
        parts = render(view, self.possible_agents, title=title, width=WIDTH).parts
        if self.render_mode == "human":
            console = make_console()
            for part in parts:
                console.print(part)
            return None
        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=True, width=WIDTH, highlight=False)
        for part in parts:
            console.print(part)
        return buffer.getvalue()

    def close(self) -> None:
        pass
