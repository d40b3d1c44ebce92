"""``rummyhall solve GAME …``: the solvers' answer on a position, as text or ``--json``.

* ``solve gin "AS 2S 3S …"``: minimum deadwood and the optimal layout (GIN-6); with
  ``--defender "…"`` (both hands of 10 cards, the knocker's after his discard) the
  settled knock with lay-offs and score (GIN-10…13).
* ``solve indian "…" --indicator 7D``: a valid declaration of 13 cards (IND-9) and the
  minimum penalty with its layout (IND-10).
* ``solve rummikub --rack "…"``: the best initial meld (RKB-4); with
  ``--table "R1 R2 R3 | B5 B6 B7"`` the best play, as the whole new table (RKB-5).
  ``--melded`` / ``--no-melded`` say whether the player has made his initial meld; an
  empty ``--table ""`` says nothing about it, so it needs one of them.

A hand, rack or indicator that names no card is refused (exit status 2) like bad notation.

The JSON forms are the solver API's own values (``Arrangement.to_json()``,
``Settlement.to_json()``, lists of melds), so scripts get exactly what the library gives.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from rich.text import Text

from rummyhall.actions import JSON
from rummyhall.cards import CARD_NAMES, card_index, parse_cards, parse_tiles, tile_name
from rummyhall.errors import NotationError
from rummyhall.games import gin, indian, rummikub
from rummyhall.games.gin.solver import checked_knock_limit
from rummyhall.terminal.cards import meld_text, pieces_text
from rummyhall.terminal.console import make_console
from rummyhall.terminal.gin import GIN
from rummyhall.terminal.i18n import tr, tr_text
from rummyhall.terminal.rummikub import table_lines

SOLVE_HELP = """\
The solvers' answer for a position, as text or --json (the library's own values).

  rummyhall solve gin "AS 2S 3S 7H 7D 7C KS QH 9D 2C"
      minimum deadwood and the optimal layout (GIN-6)
  rummyhall solve gin "AS 2S 3S 4H 5H 6H 7D 8D 9D KC" --defender "5S 6S 7S 8S 3H 3D 3C JC QC TD"
      a knock settled: both layouts, lay-offs, score (GIN-10..13)
  rummyhall solve indian "AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D" --indicator 7C
      a valid declaration (IND-9) and the minimum penalty (IND-10)
  rummyhall solve rummikub --rack "R10 R11 R12 B3 K3 O3"
      the best initial meld (RKB-4)
  rummyhall solve rummikub --table "R1 R2 R3 | B5 B6 B7" --rack "R4 B8 *"
      the best play, as the whole new table (RKB-5)
  rummyhall solve rummikub --table "" --melded --rack "R4 R5 R6 B8"
      an empty table: --melded for the best play, --no-melded for the initial meld"""


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "solve",
        parents=[common],
        help="the optimal layout, declaration or play for a position",
        description=SOLVE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    gin_parser = games.add_parser(
        "gin", parents=[common], help="minimum deadwood, the layout, or a knock settled"
    )
    gin_parser.add_argument("cards", help='the hand in notation, e.g. "AS 2S 3S 7H 7D 7C KS"')
    gin_parser.add_argument("--defender", help="the defender's 10 cards: settle a knock")
    gin_parser.add_argument("--knock-limit", type=int, default=10, help="default 10 (GIN-8)")
    indian_parser = games.add_parser(
        "indian", parents=[common], help="a valid declaration and the minimum penalty"
    )
    indian_parser.add_argument("cards", help="the hand in notation (13 cards to declare)")
    indian_parser.add_argument(
        "--indicator", required=True, help="the joker indicator, e.g. 7D (JK: Aces wild)"
    )
    rummikub_parser = games.add_parser(
        "rummikub", parents=[common], help="the best initial meld or the best play"
    )
    rummikub_parser.add_argument("--rack", required=True, help='the rack, e.g. "R7 R8 B9 *"')
    rummikub_parser.add_argument(
        "--table", help='the table, sets separated by |, e.g. "R1 R2 R3 | B5 B6 B7"'
    )
    rummikub_parser.add_argument(
        "--melded",
        action=argparse.BooleanOptionalAction,
        help="whether the player has made his initial meld (default: he has when --table "
        "shows sets, he has not without --table; an empty --table needs it)",
    )
    gin_parser.set_defaults(solve=lambda a: solve_gin(a.cards, a.defender, a.knock_limit))
    indian_parser.set_defaults(solve=lambda a: solve_indian(a.cards, a.indicator))
    rummikub_parser.set_defaults(solve=lambda a: solve_rummikub(a.rack, a.table, a.melded))
    for sub in (gin_parser, indian_parser, rummikub_parser):
        sub.add_argument("--json", action="store_true", help="print the answer as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    answer, lines = args.solve(args)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False))
        return 0
    console = make_console()
    for line in lines:
        console.print(line)
    return 0


def _cards(text: str, what: str) -> list[str]:
    """The cards of a command-line argument, which must name at least one."""
    names = [CARD_NAMES[face] for face in parse_cards(text, what)]
    if not names:
        raise NotationError(f'{what} names no card: give the cards, e.g. "AS 2S 3S"')
    return names


def solve_gin(cards: str, defender: str | None, knock_limit: int) -> tuple[JSON, list[Text]]:
    hand = _cards(cards, "CARDS")
    knock_limit = checked_knock_limit(knock_limit, "--knock-limit")
    if defender is not None:
        settlement = gin.settle(hand, _cards(defender, "--defender"), knock_limit=knock_limit)
        result = {
            "outcome": settlement.kind,
            "knocker": 0,
            "multiplier": 1,
            "settlement": settlement.to_json(),
        }
        names = [tr("gin.knocker").capitalize(), tr("gin.defender").capitalize()]
        return settlement.to_json(), GIN.explain(result, names)
    layout = gin.arrange(hand)
    lines = [
        Text(tr("solve.deadwood", n=layout.points), style="bold"),
        _melds_line(layout.melds),
        Text.assemble(
            tr("gin.deadwood"), tr(":"), pieces_text(layout.deadwood) if layout.deadwood else "—"
        ),
    ]
    if len(hand) == 10:
        key = "solve.knock_ok" if layout.points <= knock_limit else "solve.no_knock"
        lines.append(Text(tr(key, limit=knock_limit)))
    return layout.to_json(), lines


def _melds_line(melds: list[list[str]], wild_rank: str | None = None) -> Text:
    shown = Text(" ").join(meld_text(m, wild_rank=wild_rank) for m in melds) if melds else Text("—")
    return Text.assemble(tr("solve.melds"), tr(":"), shown)


def solve_indian(cards: str, indicator: str) -> tuple[JSON, list[Text]]:
    hand = _cards(cards, "CARDS")
    wild = CARD_NAMES[card_index(indicator, "--indicator")]
    wild_rank = "A" if wild == "JK" else wild[0]
    declaration = indian.find_declaration(hand, wild) if len(hand) == 13 else None
    layout = indian.arrange(hand, wild)
    lines: list[Text] = []
    if len(hand) == 13:
        if declaration is None:
            lines.append(Text(tr("solve.no_declaration")))
        else:
            lines.append(Text(tr("solve.declaration"), style="bold"))
            lines.append(
                Text.assemble(
                    "  ", Text(" ").join(meld_text(m, wild_rank=wild_rank) for m in declaration)
                )
            )
    lines.append(Text(tr("solve.penalty", n=layout.points), style="bold"))
    melds = [
        Text.assemble(meld_text(m, wild_rank=wild_rank), (" " + tr(f"group.{k}"), "italic dim"))
        for m, k in zip(layout.melds, layout.kinds, strict=True)
    ]
    if melds:
        lines.append(Text.assemble("  ", Text(" ").join(melds)))
    lines.append(Text("  " + tr(f"ind.tier.{layout.tier}")))
    if layout.deadwood:
        lines.append(
            Text.assemble(
                "  ", tr("group.unmelded"), ": ", pieces_text(layout.deadwood, wild_rank=wild_rank)
            )
        )
    answer: dict[str, Any] = {
        "declaration": declaration,
        "penalty": layout.points,
        "arrangement": layout.to_json(),
    }
    return answer, lines


def _table(text: str | None) -> list[list[str]]:
    if not text:
        return []
    return [
        [tile_name(f) for f in parse_tiles(chunk, "--table")]
        for chunk in text.split("|")
        if chunk.strip()
    ]


def _has_melded(table: list[list[str]], given: bool | None, table_given: bool) -> bool:
    """Whether the player has made his initial meld (RKB-4): as told, else what the table
    shows; an empty ``--table`` shows nothing, so it must be told."""
    if given is not None:
        return given
    if table_given and not table:
        raise NotationError(
            "--table is empty: say whether the player has made his initial meld, "
            "--melded (the best play, RKB-5) or --no-melded (the best initial meld, RKB-4)"
        )
    return bool(table)


def solve_rummikub(
    rack_text: str, table_text: str | None, melded: bool | None = None
) -> tuple[JSON, list[Text]]:
    rack = [tile_name(f) for f in parse_tiles(rack_text, "--rack")]
    if not rack:
        raise NotationError('--rack names no tile: give the rack, e.g. "R7 R8 B9 *"')
    table = _table(table_text)
    if not _has_melded(table, melded, table_text is not None):
        meld = rummikub.best_initial_meld(rack)
        if meld is None:
            return {"initial_meld": None}, [Text(tr("solve.no_initial"))]
        placed = [t for tiles in meld for t in tiles]
        lines = [
            Text(tr("solve.initial"), style="bold"),
            *table_lines(meld, width=80),
            _placed(placed),
        ]
        return {"initial_meld": meld}, lines
    new = rummikub.best_play(table, rack)
    if new is None:
        return {"table": None, "placed": []}, [Text(tr("solve.no_play"))]
    placed = sorted(
        (Counter(t for s in new for t in s) - Counter(t for s in table for t in s)).elements(),
        key=lambda t: parse_tiles([t])[0],
    )
    lines = [
        Text(tr("solve.best_play"), style="bold"),
        *table_lines(new, width=80),
        _placed(placed),
    ]
    return {"table": new, "placed": placed}, lines


def _placed(tiles: list[str]) -> Text:
    return tr_text("solve.placed", n=len(tiles), tiles=pieces_text(tiles))
