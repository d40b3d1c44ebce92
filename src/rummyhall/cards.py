"""Card and tile notation, faces and physical copies (docs/rulebook.md, "Card notation").

A *face* is what a card shows; a *physical card* is one object of a deck. Games with two
packs hold two physical cards of each face, so the engines track physical ids and the
notation (``"7H"``, ``"R7"``) names faces only.

Standard cards: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` accepted on input) and suit
``S H D C``; face index ``suit * 13 + rank`` with ``A = 0 … K = 12``; the printed joker
``JK`` is face 52.

>>> parse_cards("AS 10h kd")
[0, 22, 38]
>>> card_names([0, 22, 38, JOKER])
['AS', 'TH', 'KD', 'JK']

Rummikub tiles: colour ``R B K O`` (red, blue, black, orange) and number 1–13; face index
``colour * 13 + number - 1``; the joker ``*`` is face 52.

>>> parse_tiles("R1 K13 *")
[0, 38, 52]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rummyhall.arguments import quoted
from rummyhall.errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
COLOURS = "RBKO"
JOKER = 52
"""Face index of the printed joker (cards) and of the joker tile (Rummikub)."""

CARD_NAMES: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), "JK")
TILE_NAMES: tuple[str, ...] = (*(f"{c}{n}" for c in COLOURS for n in range(1, 14)), "*")

_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
_CARD_INDEX.update({name.replace("T", "10"): i for i, name in enumerate(CARD_NAMES[:52])})
_TILE_INDEX = {name: i for i, name in enumerate(TILE_NAMES)}


def card_index(text: str, what: str = "") -> int:
    """The face index of one card in notation (case-insensitive); an error names
    ``what`` (the argument) when given."""
    try:
        return _CARD_INDEX[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(
            f"{what + ': ' if what else ''}not a card: {quoted(text)} "
            "(expected rank A23456789TJQK or 10, then suit SHDC, or JK)"
        ) from None


def card_name(face: int) -> str:
    return CARD_NAMES[face]


def card_names(faces: Iterable[int]) -> list[str]:
    return [CARD_NAMES[f] for f in faces]


def names_in(value: str | Iterable[str], what: str) -> list[str]:
    """The names in one space/comma separated string or an iterable of strings, the two
    ways the public API takes cards and tiles; anything else is a :class:`NotationError`
    naming ``what`` (the argument), so ``deadwood(None)`` says what went wrong."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, Iterable) and not isinstance(value, bytes | Mapping):
        return list(value)  # each name is checked where it is read (card_index, …)
    raise NotationError(
        f"{what} must be names in one string, separated by spaces, or a list of strings, "
        f"not {quoted(value)}"
    )


def parse_cards(cards: str | Iterable[str], what: str = "cards") -> list[int]:
    """Faces of cards given as one space/comma separated string or an iterable of names."""
    return [card_index(c) for c in names_in(cards, what)]


def tile_index(text: str) -> int:
    """The face index of one Rummikub tile in notation (``R7``, ``k13``, ``*``)."""
    try:
        return _TILE_INDEX[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(
            f"not a tile: {text!r} (expected colour RBKO then 1-13, or * for the joker)"
        ) from None


def tile_name(face: int) -> str:
    return TILE_NAMES[face]


def parse_tiles(tiles: str | Iterable[str], what: str = "tiles") -> list[int]:
    return [tile_index(t) for t in names_in(tiles, what)]


def canonical_key(face: int) -> tuple[int, int]:
    """The documented card order used for sorting outputs and breaking ties.

    Rank first (A … K), then suit in the order S, H, D, C; the joker last.
    """
    if face == JOKER:
        return (13, 0)
    return (face % 13, face // 13)


def stack_copies(
    shuffled: Sequence[int], stacked: Sequence[int], stride: int, names: Sequence[str], rule: str
) -> list[int]:
    """A two-copy deck in dealing order: the ``stacked`` faces first, then the rest of
    the ``shuffled`` physical ids.

    A face ``f`` has the physical ids ``f`` and ``f + stride``; a face stacked twice is
    its two copies, a third time is an error naming ``rule``.

    >>> stack_copies([3, 0, 56, 53, 2, 55], [3, 0, 3], 53, CARD_NAMES, "IND-1")
    [3, 0, 56, 53, 2, 55]
    """
    given: list[int] = []
    used: Counter[int] = Counter()
    for face in stacked:
        if used[face] == 2:
            raise NotationError(f"{rule}: {names[face]} is stacked three times; there are two")
        given.append(face + stride * used[face])
        used[face] += 1
    taken = set(given)
    return given + [card for card in shuffled if card not in taken]
