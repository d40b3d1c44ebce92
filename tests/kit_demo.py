"""A test-only Gin variant, "knock5" (GIN-7 with a knock limit of 5), added the way a new
variant is: to the Gin kit alone. ``install()`` puts the extended kit in the registry;
:data:`LAUNCHER` runs ``rummyhall`` with it installed (for a server or a command run
as a program)."""

from __future__ import annotations

import dataclasses
import sys

from rummyhall import registry
from rummyhall.games import gin
from rummyhall.kit import GameInfo, Option, Variant

KNOCK5 = Variant(
    "knock5", "Knock limit 5", "variant.knock5", {"mode": "standard", "knock_limit": 5}
)
KNOCK_LIMIT = Option(
    "knock_limit",
    "Knock limit",
    "lobby.knock_limit",
    int,
    None,
    low=0,
    high=10,
    nullable=True,
    rule="GIN-7",
    lobby=False,
)
KIT: GameInfo = dataclasses.replace(
    gin.KIT, variants=(*gin.KIT.variants, KNOCK5), options=(*gin.KIT.options, KNOCK_LIMIT)
)
"""The Gin kit with the demo variant: what ``games/gin/__init__.py`` would declare."""

LAUNCHER = (
    sys.executable,
    "-c",
    "import sys; from tests import kit_demo; kit_demo.install(); "
    "from rummyhall.cli import main; sys.exit(main(sys.argv[1:]))",
)


def install() -> None:
    registry.KITS["gin"] = KIT
