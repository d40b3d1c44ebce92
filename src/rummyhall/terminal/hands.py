"""Hands and racks grouped by the solvers, laid out with a key number under each piece.

A hand is shown as its optimal layout, in groups each game makes (:mod:`.gin`: melds
then deadwood; :mod:`.indian`: pure sequences, impure sequences, sets then the cards
that count; :mod:`.rummikub`: the most tiles the rack could lay down on its own, then
the rest). The numbers under the pieces are the keys ``play`` accepts, so the order here
is also the order of the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from rummyhall.terminal.cards import CELL, is_wild, piece_text


@dataclass(frozen=True)
class Group:
    """Pieces shown together, with the label printed under them (``pure``, ``set`` …)."""

    pieces: list[str]
    label: str
    melded: bool


def order(groups: Sequence[Group]) -> list[str]:
    """The pieces in display order: piece ``n`` (1-based) is what key ``n`` names."""
    return [piece for group in groups for piece in group.pieces]


def hand_lines(
    groups: Sequence[Group], *, width: int, numbered: bool = True, wild_rank: str | None = None
) -> list[Text]:
    """The groups as rows of three lines (pieces, key numbers, labels), wrapped to ``width``.

    Melded groups are bracketed; pieces are numbered from 1 across all groups.
    """
    rows: list[list[tuple[Group, int]]] = [[]]
    used = 0
    first = 1
    for group in _split(groups, width):
        size = _group_width(group)
        if rows[-1] and used + size > width:
            rows.append([])
            used = 0
        rows[-1].append((group, first))
        used += size
        first += len(group.pieces)
    lines: list[Text] = []
    for row in rows:
        pieces, numbers, labels = Text(), Text(), Text()
        for column, (group, start) in enumerate(row):
            size = _group_width(group)
            room = width - sum(map(_group_width, (g for g, _ in row[:column])))
            label_width = room if column == len(row) - 1 else size - 1
            open_, close = ("[", "]") if group.melded else (" ", " ")
            pieces.append(open_)
            numbers.append(" ")
            for index, name in enumerate(group.pieces):
                if index:
                    pieces.append(" ")
                    numbers.append(" ")
                pieces.append_text(piece_text(name, wild=is_wild(name, wild_rank), width=CELL))
                numbers.append(str(start + index).rjust(CELL), style="dim")
            pieces.append(close + " ")
            numbers.append("  ")
            label = _fit(group.label, label_width)
            labels.append(label + " " * max(0, size - cell_len(label)), style="italic dim")
        lines.append(pieces)
        if numbered:
            lines.append(numbers)
        lines.append(labels)
    return lines


def _split(groups: Sequence[Group], width: int) -> list[Group]:
    """Groups too wide for one line cut into pieces that fit (the label repeats)."""
    most = max(1, (width - 2) // (CELL + 1))
    return [
        Group(group.pieces[start : start + most], group.label, group.melded)
        for group in groups
        for start in range(0, len(group.pieces), most)
    ]


def _group_width(group: Group) -> int:
    return len(group.pieces) * (CELL + 1) + 2


def _fit(label: str, width: int) -> str:
    """Cut a label to ``width`` display cells (Chinese characters take two)."""
    out = " "
    for char in label:
        if cell_len(out + char) > width:
            break
        out += char
    return out
