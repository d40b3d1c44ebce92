"""Which bot plays which game at which level: one module above the bots, so the bots'
shared base (``base.py``) imports no bot and the bots import only it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rummyhall.bots.base import KINDS, Bot, RandomBot
from rummyhall.errors import NotationError
from rummyhall.registry import KITS

FACTORIES: dict[str, dict[str, Callable[..., Bot]]] = {
    name: {**importlib.import_module(kit.bots).BOTS, **importlib.import_module(kit.bots).STYLES}
    for name, kit in KITS.items()
}
"""Each game's bots by level (``easy``, ``medium``, ``hard``) and by style (``STYLES``),
from the module its kit names (the games import no bot)."""


def make_bot(game: str, level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (one of :data:`KINDS`) for ``game``.

    ``options`` reach the hard bots: ``budget`` (seconds per move, default
    :data:`DEFAULT_BUDGET`) or ``simulations`` (a fixed amount of search per move, which
    makes the bot's decisions a function of ``seed`` alone).

    >>> make_bot("gin", "medium", seed=3).seed
    3
    """
    if level == "random":
        return RandomBot(seed)
    factories = FACTORIES.get(game)
    if factories is None:
        raise NotationError(f"no bots for {game!r} (games: {', '.join(FACTORIES)})")
    if level not in factories:
        raise NotationError(f"no {level!r} bot for {game!r} (try: {', '.join(KINDS)})")
    return factories[level](seed=seed, **options)
