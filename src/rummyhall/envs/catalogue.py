"""The environments by name, each its game's kit with the kit's encoding."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from rummyhall.envs.aec import RummyEnv
from rummyhall.errors import NotationError
from rummyhall.registry import KITS

ENVS = {kit.env: kit for kit in KITS.values() if kit.env}
"""Every environment's kit, by the environment's name."""


def make_raw(name: str, **options: Any) -> RummyEnv:
    """The environment ``name`` itself, without PettingZoo's checking wrappers."""
    try:
        kit = ENVS[name]
    except KeyError:
        known = ", ".join(sorted(ENVS))
        raise NotationError(f"unknown environment {name!r} (available: {known})") from None
    return RummyEnv(kit, **options)


def make(name: str, **options: Any) -> AECEnv[str, Any, Any]:
    """The environment ``name`` (``gin_rummy_v0``, …) with ``options`` (``variant``,
    ``match``, ``render_mode`` and the game's own, e.g. ``players``), wrapped as
    PettingZoo's classic environments are, so that stepping or observing before
    ``reset`` is refused. (An action id out of range is refused by the environment
    itself, with its range, so PettingZoo's assertion wrapper is not needed.)"""
    return wrappers.OrderEnforcingWrapper(make_raw(name, **options))


def constructors(
    name: str,
) -> tuple[Callable[..., AECEnv[str, Any, Any]], Callable[..., RummyEnv]]:
    """PettingZoo's usual ``env()`` and ``raw_env()`` of environment ``name``, for the
    module named after it."""
    return partial(make, name), partial(make_raw, name)


def encoding_doc(name: str) -> str:
    """The documentation of environment ``name``'s encoding: every observation index,
    action id and reward."""
    return importlib.import_module(ENVS[name].encoding).__doc__ or ""
