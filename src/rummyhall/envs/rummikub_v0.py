"""Rummikub (2–4 players; one round, or a match with ``match=True``) in PettingZoo's
usual form; :mod:`rummyhall.games.rummikub.encoding` documents it."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from rummyhall.envs.aec import RummyEnv
from rummyhall.envs.catalogue import make, make_raw

NAME = "rummikub_v0"


def env(**options: Any) -> AECEnv[str, Any, Any]:
    return make(NAME, **options)


def raw_env(**options: Any) -> RummyEnv:
    return make_raw(NAME, **options)
