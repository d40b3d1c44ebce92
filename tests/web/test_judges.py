"""The browser's copies of the meld rules agree with the engine's: the Indian meld kinds
(``classifyIndian``, IND-5…IND-8, against ``indian.classify``), the live penalty of the
player's groups (``groupingPenalty``, IND-10, against the rule read on the same groups
and against the solver's ``arrange`` on its own layout), the Rummikub set judge
(``judgeSet``, RKB-2/RKB-3, against ``is_valid_set`` and ``set_value``) and the order the
draft shows a set in (``sortSet``: each joker where ``canonical`` puts it), on thousands
of seeded random groups judged in one batch in the real Chromium."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from rummyhall.cards import CARD_NAMES, JOKER, RANKS, TILE_NAMES, card_index, parse_tiles
from rummyhall.games import indian, rummikub
from rummyhall.games.indian.melds import MeldKind, card_points, wild_rank
from rummyhall.games.indian.solver import PENALTY_CAP
from rummyhall.games.rummikub.melds import canonical_faces, colour_of, interpret

GROUPS = 4000
"""Random groups judged per kind of judge."""

INDIAN_EDGES = [
    ("QH KH AH", "5D"),  # the Ace high (IND-8)
    ("KH AH 2H", "5D"),  # never both
    ("KH JK 2H", "5D"),
    ("5H 6H 7H 8H", "7C"),  # a wild card in its own place is natural (IND-5)
    ("5H 6H 7S 8H", "7C"),
    ("AS 2S 3S", "JK"),  # a printed joker up: Aces wild (IND-2)
    ("KS AS 2S", "JK"),
    ("JK JK 7S", "7C"),  # wild cards alone are a set (IND-7)
    ("9H 9H 9S", "2C"),  # two copies are not two suits
    ("9H 9S 9D 9C JK 2D", "2C"),  # a set beyond four with wild cards
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "4D"),
    ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "4D"),
    ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS JK", "4D"),  # 14 cards: too long
]
RUMMIKUB_EDGES = [
    "R12 R13 R1",  # 1 is low only (RKB-2)
    "R13 * *",  # worth more as a group (RKB-3)
    "R12 * *",
    "* R12 R13",
    "R1 * *",
    "R5 B5 R5",
    "K4 * K2",
    "O1 * O3 *",
    "R5 B5 K5 O5 *",  # a group of five
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 * *",
    "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 *",  # 14 tiles: too long
]

JUDGE = """async ({ indian, hands, tiles }) => {
  const { classifyIndian, groupingPenalty } = await import("/js/cardtable.js");
  const { judgeSet, sortSet } = await import("/js/rummikub.js");
  return {
    indian: indian.map(([cards, wildRank]) => classifyIndian(cards, wildRank)),
    penalties: hands.map(([groups, wildRank]) => groupingPenalty(groups, wildRank)),
    rummikub: tiles.map((set) => judgeSet(set)),
    orders: tiles.map((set) => sortSet(set.map((code) => ({ code }))).map((tile) => tile.code)),
  };
}"""
"""The page's judges, imported as the app imports them, over the whole batch at once."""


def copies_allowed(faces: list[int], copies: int) -> bool:
    return all(faces.count(face) <= copies for face in set(faces))


def indian_group(rng: random.Random, wild: int) -> list[int]:
    """A group that is, or nearly is, a sequence (Ace low or high, a wraparound K-A-2, its
    own wild rank in place), a set, or anything: printed jokers and cut jokers mixed in,
    duplicates from the two packs (IND-1), sizes 1 to 15."""
    size = rng.choice((1, 2, 3, 3, 3, 4, 4, 5, 6, 7, 13, 14, 15))
    shape = rng.randrange(4)
    suit = rng.randrange(4)
    if shape == 0:  # consecutive positions 1…14 of one suit (14: the Ace high), or wrapping
        start = rng.randrange(1, 15)
        faces = [suit * 13 + (start + i - 1) % 13 for i in range(size)]
    elif shape == 1:  # one rank in random suits
        rank = rng.randrange(13)
        faces = [rng.randrange(4) * 13 + rank for _ in range(size)]
    elif shape == 2:  # a few naturals of one suit, the rest wild
        naturals = rng.randrange(size + 1)
        faces = [suit * 13 + rng.randrange(13) for _ in range(naturals)]
        faces += [rng.choice((JOKER, rng.randrange(4) * 13 + wild)) for _ in range(size - naturals)]
    else:
        faces = [rng.randrange(53) for _ in range(size)]
    for i in range(size):  # wild cards in the gaps, or a stray card
        roll = rng.random()
        if roll < 0.15:
            faces[i] = JOKER
        elif roll < 0.25:
            faces[i] = rng.randrange(4) * 13 + wild
        elif roll < 0.3:
            faces[i] = rng.randrange(52)
    rng.shuffle(faces)
    return faces if copies_allowed(faces, 2) else indian_group(rng, wild)


def indian_grouping(rng: random.Random) -> list[list[int]]:
    """13 cards of two packs in groups as a player makes them: often a sequence and a
    set ready (IND-9's lives or not), the rest in random groups of 1 to 5 cards."""
    pack = [face for face in range(53) for _ in range(2)]
    ready: list[list[int]] = []
    if rng.random() < 0.7:
        suit, start = rng.randrange(4), rng.randrange(1, 13)
        ready.append([suit * 13 + (start + i - 1) % 13 for i in range(rng.randrange(3, 6))])
        rank = rng.randrange(13)
        ready.append([s * 13 + rank for s in rng.sample(range(4), 3)])
        for face in ready[0] + ready[1]:
            pack.remove(face)
    rest = rng.sample(pack, 13 - sum(map(len, ready)))
    groups = ready
    while rest:
        size = rng.randint(1, 5)
        groups.append(rest[:size])
        rest = rest[size:]
    rng.shuffle(groups)
    return groups


def grouping_penalty(groups: list[list[int]], wild: int) -> int:
    """IND-10 read on a player's own groups: with a pure sequence and a second sequence
    only the invalid groups count; with a pure one alone all but the best pure sequence;
    with none every card. Cap 80."""
    kinds = [indian.classify(group, wild) for group in groups]
    points = [sum(card_points(face, wild) for face in group) for group in groups]
    pure = [p for p, kind in zip(points, kinds, strict=True) if kind is MeldKind.PURE]
    sequences = sum(kind is not None and kind.is_sequence for kind in kinds)
    if pure and sequences >= 2:
        total = sum(p for p, kind in zip(points, kinds, strict=True) if kind is None)
    elif pure:
        total = sum(points) - max(pure)
    else:
        total = sum(points)
    return min(total, PENALTY_CAP)


def rummikub_set(rng: random.Random) -> list[int]:
    """A run (wrapping 12-13-1 at times), a group, or anything: jokers (RKB-1 has two),
    duplicates (two of each tile), sizes 1 to 15."""
    size = rng.choice((1, 2, 3, 3, 3, 4, 4, 5, 6, 7, 12, 13, 14, 15))
    colour, shape = rng.randrange(4), rng.randrange(3)
    if shape == 0:
        start = rng.randrange(13)
        faces = [colour * 13 + (start + i) % 13 for i in range(size)]
    elif shape == 1:
        number = rng.randrange(13)
        faces = [rng.randrange(4) * 13 + number for _ in range(size)]
    else:
        faces = [rng.randrange(53) for _ in range(size)]
    for i in range(size):
        roll = rng.random()
        if roll < 0.15:
            faces[i] = JOKER
        elif roll < 0.2:
            faces[i] = rng.randrange(52)
    rng.shuffle(faces)
    if faces.count(JOKER) > 2 or not copies_allowed(faces, 2):
        return rummikub_set(rng)
    return faces


def indian_meld_kind(faces: list[int], wild: int) -> str:
    """The kind ``classifyIndian`` names: the engine's, or ``invalid``."""
    kind = indian.classify(faces, wild)
    return "invalid" if kind is None else kind.value


def rummikub_judgement(tiles: list[str]) -> tuple[bool, int]:
    """Valid or not, and what a valid set counts for (its jokers at their numbers)."""
    if not rummikub.is_valid_set(tiles):
        return False, 0
    return True, rummikub.set_value(tiles)


def rummikub_order(tiles: list[str]) -> list[str] | None:
    """The order the draft shows a valid set in: the engine's canonical order (a run's
    jokers where they stand, RKB-3), but a group's jokers last; ``None`` if invalid."""
    faces = parse_tiles(tiles)
    shown = interpret(faces)
    if shown is None:
        return None
    order = [TILE_NAMES[face] for face in canonical_faces(faces, shown)]
    if len({colour_of(face) for face in shown}) > 1:  # a group
        return sorted(order, key=lambda tile: tile == "*")
    return order


def disagreements(found: list[Any], expected: list[Any], asked: list[Any]) -> list[Any]:
    return [(a, f, e) for a, f, e in zip(asked, found, expected, strict=True) if f != e][:10]


def test_ind_5_to_10_and_rkb_2_3_browser_judges_agree_with_the_engine(
    new_page: Callable[..., Page],
) -> None:
    rng = random.Random(17)
    indicators = [rng.choice((JOKER, rng.randrange(52))) for _ in range(GROUPS)]
    wilds = [wild_rank(indicator) for indicator in indicators]
    groups = [indian_group(rng, wild) for wild in wilds]
    for cards, indicator in INDIAN_EDGES:
        groups.append([card_index(name) for name in cards.split()])
        wilds.append(wild_rank(card_index(indicator)))
    groupings = [indian_grouping(rng) for _ in range(GROUPS // 4)]
    grouping_indicators = [rng.randrange(53) for _ in groupings]
    grouping_wilds = [wild_rank(indicator) for indicator in grouping_indicators]
    # The solver's layouts of the same hands, their deadwood card by card: the live
    # penalty of the solver's own layout is the solver's penalty.
    layouts = [
        indian.arrange([CARD_NAMES[f] for group in groups for f in group], CARD_NAMES[indicator])
        for groups, indicator in zip(groupings, grouping_indicators, strict=True)
    ]
    sets = [[TILE_NAMES[f] for f in rummikub_set(rng)] for _ in range(GROUPS)]
    sets += [tiles.split() for tiles in RUMMIKUB_EDGES]

    indian_batch = [
        ([CARD_NAMES[f] for f in faces], RANKS[wild])
        for faces, wild in zip(groups, wilds, strict=True)
    ]
    hand_batch = [
        ([[CARD_NAMES[f] for f in group] for group in groups], RANKS[wild])
        for groups, wild in zip(groupings, grouping_wilds, strict=True)
    ] + [
        ([*layout.melds, *([card] for card in layout.deadwood)], RANKS[wild])
        for layout, wild in zip(layouts, grouping_wilds, strict=True)
    ]
    page = new_page()
    page.goto("/")
    judged = page.evaluate(JUDGE, {"indian": indian_batch, "hands": hand_batch, "tiles": sets})

    kinds = [indian_meld_kind(faces, wild) for faces, wild in zip(groups, wilds, strict=True)]
    assert set(kinds) == {"pure", "impure", "set", "invalid"}
    assert judged["indian"] == kinds, disagreements(judged["indian"], kinds, indian_batch)

    points = [
        grouping_penalty(groups, wild)
        for groups, wild in zip(groupings, grouping_wilds, strict=True)
    ] + [layout.points for layout in layouts]
    assert {layout.tier for layout in layouts} >= {"no pure", "pure only", "both lives"}
    assert judged["penalties"] == points, disagreements(judged["penalties"], points, hand_batch)

    expected = [rummikub_judgement(tiles) for tiles in sets]
    assert 0.2 < sum(valid for valid, _ in expected) / len(sets) < 0.8
    browser = [(result["reason"] is None, result["value"]) for result in judged["rummikub"]]
    assert browser == expected, disagreements(browser, expected, sets)

    orders = [rummikub_order(tiles) for tiles in sets]
    shown = [
        None if order is None else found
        for order, found in zip(orders, judged["orders"], strict=True)
    ]
    assert shown == orders, disagreements(shown, orders, sets)
