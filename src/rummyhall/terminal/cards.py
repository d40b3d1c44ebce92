"""Cards and tiles as Rich text.

Cards show their rank and suit symbol (``10♥``), red suits in red, printed jokers as
``JK``; wild cards (Indian Rummy) are highlighted. Rummikub tiles keep their notation
(``R7``, ``K13``, ``*``) in their colour, so they stay readable without colour and can
be typed back as shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from rummyhall.cards import SUIT_SYMBOLS, SUITS

SUIT_STYLES = {"S": "bold", "H": "bold red", "D": "bold red", "C": "bold"}
TILE_STYLES = {"R": "bold red", "B": "bold blue", "K": "bold", "O": "bold dark_orange"}
JOKER_STYLE = "bold magenta"
WILD_STYLE = "reverse"
CELL = 3
"""Width of one card or tile: ``10♥``, `` 7♠``, ``R13``."""


def card_label(name: str) -> str:
    """``"TH"`` → ``"10♥"``; the joker stays ``"JK"``."""
    if name == "JK":
        return name
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SYMBOLS[SUITS.index(name[1])]


def card_text(name: str, *, wild: bool = False, width: int = 0) -> Text:
    """One card, right-aligned in ``width`` cells (0: its natural width)."""
    label = card_label(name)
    style = JOKER_STYLE if name == "JK" else SUIT_STYLES[name[1]]
    if wild:
        style += " " + WILD_STYLE
    return Text(label.rjust(width), style=style)


def tile_text(name: str, *, width: int = 0) -> Text:
    """One Rummikub tile in its colour, right-aligned in ``width`` cells."""
    style = JOKER_STYLE if name == "*" else TILE_STYLES[name[0]]
    return Text(name.rjust(width), style=style)


def piece_text(name: str, *, wild: bool = False, width: int = 0) -> Text:
    """A card or a tile, told apart by its notation (tiles start with a colour letter)."""
    if name == "*" or (name[0] in TILE_STYLES and name[1:].isdigit()):
        return tile_text(name, width=width)
    return card_text(name, wild=wild, width=width)


def pieces_text(names: Iterable[str], *, wild_rank: str | None = None) -> Text:
    """Cards or tiles separated by spaces; ``wild_rank`` highlights Indian wild cards."""
    return Text(" ").join(piece_text(n, wild=is_wild(n, wild_rank)) for n in names)


def meld_text(names: Iterable[str], *, wild_rank: str | None = None) -> Text:
    """A meld in brackets: ``[A♠ 2♠ 3♠]``."""
    return Text.assemble("[", pieces_text(names, wild_rank=wild_rank), "]")


def is_wild(name: str, wild_rank: str | None) -> bool:
    """Whether a card is wild given the wild rank (IND-2: printed jokers always are)."""
    return wild_rank is not None and (name == "JK" or name[0] == wild_rank)
