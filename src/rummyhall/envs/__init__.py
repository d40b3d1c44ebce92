"""Reinforcement-learning environments for every game (install extra ``rl``).

PettingZoo AEC environments, one per game, each documented (observation planes, action
ids, rewards) in its game's encoding module::

    from rummyhall import envs

    env = envs.make("gin_rummy_v0")                 # one hand of standard Gin
    env = envs.make("gin_rummy_v0", variant="oklahoma", match=True)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None
        if not (termination or truncation):
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)
        env.step(action)

``rummyhall.envs.gin_rummy_v0.env()`` / ``raw_env()`` are the same in PettingZoo's
usual form; :func:`single_agent` seats one learner against the built-in bots as a
Gymnasium environment, and :func:`vector` steps many of those at once. The names and
what each game's observation holds:

- ``gin_rummy_v0``: :mod:`rummyhall.envs.gin.encoding`;
- ``indian_rummy_v0``: :mod:`rummyhall.envs.indian.encoding`;
- ``rummikub_v0``: :mod:`rummyhall.envs.rummikub.encoding`.
"""

from rummyhall.envs.aec import RummyEnv
from rummyhall.envs.batch import SpreadVectorEnv, vector
from rummyhall.envs.catalogue import ENVS, make, make_raw
from rummyhall.envs.single import SingleAgentEnv, single_agent

__all__ = [
    "ENVS",
    "RummyEnv",
    "SingleAgentEnv",
    "SpreadVectorEnv",
    "make",
    "make_raw",
    "single_agent",
    "vector",
]
