"""Indian Rummy (2–6 players; a Points deal, or a Pools or Deals match with ``variant``
and ``match=True``) in PettingZoo's usual form, then its encoding
(:mod:`rummyhall.games.indian.encoding`)."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from rummyhall.envs.aec import RummyEnv
from rummyhall.envs.catalogue import make, make_raw
from rummyhall.games.indian import encoding

NAME = "indian_rummy_v0"
__doc__ = f"{__doc__}\n\n{encoding.__doc__}"  # every plane, action id and reward


def env(**options: Any) -> AECEnv[str, Any, Any]:
    return make(NAME, **options)


def raw_env(**options: Any) -> RummyEnv:
    return make_raw(NAME, **options)
