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
from rummyhall.kit import GameInfo
from rummyhall.registry import KITS

ENVS = {kit.env: kit for kit in KITS.values() if kit.env}
"""Every environment's kit, by the environment's name."""


def kit_of(name: str) -> GameInfo:
    """The kit of environment ``name``, or an error listing the names."""
    try:
        return ENVS[name]
    except KeyError:
        known = ", ".join(sorted(ENVS))
        raise NotationError(f"unknown environment {name!r} (available: {known})") from None


def make_raw(name: str, **options: Any) -> RummyEnv:
    """The environment ``name`` itself, without PettingZoo's checking wrappers: the
    game's own faster one where it has one for these options (its kit's
    ``environments``), else its encoding played on the engine."""
    kit = kit_of(name)
    if kit.environments:
        made: RummyEnv = importlib.import_module(kit.environments).environment(kit, **options)
        return made
    return RummyEnv(kit, **options)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # untyped
    """PettingZoo's order enforcing wrapper, whose ``last()`` after a reset asks the
    environment at once: the base class's reads five attributes through its checking
    ``__getattr__``, which costs as much as a compiled Gin step."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # refused, by name
        return self.env.last(observe)  # type: ignore[no-any-return]


def make(name: str, **options: Any) -> AECEnv[str, Any, Any]:
    """The environment ``name`` (``gin_rummy_v0``, …) with ``options`` (``variant``,
    ``match``, ``render_mode`` and the game's own, e.g. ``players``), wrapped as
    PettingZoo's classic environments are, so that stepping or observing before
    ``reset`` is refused. (An action id out of range is refused by the environment
    itself, with its range, so PettingZoo's assertion wrapper is not needed.)"""
    return OrderEnforcing(make_raw(name, **options))


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
