"""Which bot plays which game at which level: one module above the bots, so the bots'
shared base (``base.py``) imports no bot and the bots import only it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple

from rummyhall.bots.base import KINDS, LEVELS, Bot, RandomBot
from rummyhall.errors import NotationError
from rummyhall.registry import KITS

_MODULES = {name: importlib.import_module(kit.bots) for name, kit in KITS.items()}
FACTORIES: dict[str, dict[str, Callable[..., Bot]]] = {
    name: module.BOTS for name, module in _MODULES.items()
}
"""Each game's bots by level (``easy``, ``medium``, ``hard``), from the module its kit
names (the games import no bot)."""
STYLES: dict[str, dict[str, Callable[..., Bot]]] = {
    name: module.STYLES for name, module in _MODULES.items()
}
"""Each game's style variants of its rule player, by name (the same module's
``STYLES``)."""


class Peer(NamedTuple):
    """Another project's player behind an adapter, imported only when asked for: it needs
    that project's library, an optional install."""

    module: str
    factory: str
    package: str  # what pip installs for it


PEERS: dict[str, dict[str, Peer]] = {
    "gin": {"openspiel": Peer("rummyhall.bots.gin.openspiel", "OpenSpielGinBot", "open-spiel")},
}
"""Other projects' players, by game and name."""


def kinds(game: str) -> list[str]:
    """Every kind of bot :func:`make_bot` knows for ``game``: the levels, ``random``, the
    game's styles and its peers (installed or not)."""
    return [*KINDS, *STYLES.get(game, {}), *PEERS.get(game, {})]


def peer_factory(game: str, kind: str) -> Callable[..., Bot]:
    """The adapter class of a peer; a :class:`NotationError` saying what to install when its
    library is missing."""
    peer = PEERS[game][kind]
    try:
        module = importlib.import_module(peer.module)
    except ImportError as error:
        raise NotationError(
            f"the {kind!r} bot needs {peer.package}: pip install {peer.package} "
            "(or pip install 'rummyhall[bench]')"
        ) from error
    factory: Callable[..., Bot] = getattr(module, peer.factory)
    return factory


def zoo(game: str) -> list[str]:
    """The opponents to measure a bot against in ``game``: every level, ``random``, every
    style, and every peer whose library is installed.

    >>> zoo("rummikub")[:4]
    ['easy', 'medium', 'hard', 'random']
    """
    if game not in FACTORIES:
        raise NotationError(f"no bots for {game!r} (games: {', '.join(FACTORIES)})")
    found = [*KINDS, *STYLES[game]]
    for kind in PEERS.get(game, {}):
        try:
            peer_factory(game, kind)
        except NotationError:
            continue
        found.append(kind)
    return found


def make_bot(game: str, level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of kind ``level`` for ``game``: one of :data:`KINDS`, a style of the game or a
    peer (:func:`kinds`).

    ``options`` reach the hard bots: ``budget`` (seconds per move, default
    :data:`DEFAULT_BUDGET`) or ``simulations`` (a fixed amount of search per move, which
    makes the bot's decisions a function of ``seed`` alone).

    >>> make_bot("gin", "medium", seed=3).seed
    3
    """
    if level == "random":
        return RandomBot(seed)
    if game not in FACTORIES:
        raise NotationError(f"no bots for {game!r} (games: {', '.join(FACTORIES)})")
    if level in LEVELS:
        return FACTORIES[game][level](seed=seed, **options)
    if level in STYLES[game]:
        return STYLES[game][level](seed=seed, **options)
    if level in PEERS.get(game, {}):
        return peer_factory(game, level)(seed=seed, **options)
    raise NotationError(f"no {level!r} bot for {game!r} (try: {', '.join(kinds(game))})")
