"""Keys and notation a player types, turned into actions (and the menu that lists them).

Per game, :func:`menu` lists what may be done now and :func:`parse` turns one input line
into an :class:`~rummyhall.actions.Action`; the game state then judges it, so a rule
broken is reported by the engine with its rule ID. Keys:

* everywhere: a number names the piece above it in the grouped hand; a card or tile in
  notation names itself (``7H``, ``10h``, ``R7``);
* Gin: ``s`` stock, ``d`` discard pile / take the upcard, ``p`` pass the upcard,
  ``k`` knock (``k 3``, ``k 7H``), ``g`` gin;
* Indian Rummy: ``s``, ``d``, ``p`` drop, ``x`` declare (``x 3``, ``x 7H``);
* Rummikub: the whole new table (``R7 R8 R9 | B4 K4 O4``), where ``#2`` stands for table
  set 2 and a number for that rack tile; ``+ …`` adds sets to the current table; a number
  alone plays that suggestion; ``d`` draws, ``p`` passes (pool empty).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from rummyhall.actions import Action, Declare, Discard, Draw, Drop, Knock, Pass, Play
from rummyhall.cards import card_index, card_name, parse_tiles, tile_name
from rummyhall.errors import NotationError
from rummyhall.games import gin
from rummyhall.terminal.cards import pieces_text
from rummyhall.terminal.i18n import tr, tr_text

View = Mapping[str, Any]


def menu(view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
    """The moves available now, as short key hints."""
    game = view["game"]
    if game == "gin":
        hints = _gin_menu(view, legal, order)
    elif game == "indian":
        hints = _indian_menu(view, legal, order)
    else:
        return _rummikub_menu(view, legal)
    return [Text(" · ").join([*hints, Text(tr("k.help")), Text(tr("k.quit"))])]


def _top(view: View) -> str:
    return str(view["discard_pile"][-1])


def _with_card(key: str, card: str, **values: object) -> Text:
    return tr_text(key, card=pieces_text([card]), **values)


def _gin_menu(view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
    phase = view["phase"]
    if phase == "offer":
        return [_with_card("k.take", _top(view)), Text(tr("k.pass"))]
    if phase == "draw":
        hints = [Text(tr("k.stock"))]
        if Draw("discard") in legal:
            hints.append(_with_card("k.discard_pile", _top(view)))
        return hints
    hints = [Text(tr("k.discard_n", n=len(order)))]
    knock = _best_knock(view, legal)
    if knock is not None:
        card, left = knock
        hints.append(_with_card("k.gin" if left == 0 else "k.knock", card, n=left))
    return hints


def _best_knock(view: View, legal: Sequence[Action]) -> tuple[str, int] | None:
    """The knock discard leaving the least deadwood (GIN-7, the engine's fact), and
    that deadwood."""
    options = [
        (
            gin.GinState.action_facts(view, action)["deadwood"],
            card_index(action.discard),
            action.discard,
        )
        for action in legal
        if isinstance(action, Knock)
    ]
    if not options:
        return None
    left, _, card = min(options)
    return card, left


def _indian_menu(view: View, legal: Sequence[Action], order: Sequence[str]) -> list[Text]:
    if view["phase"] == "draw":
        hints = [Text(tr("k.stock"))]
        if Draw("discard") in legal:
            hints.append(_with_card("k.discard_pile", _top(view)))
        seat = view["seat"]
        hints.append(Text(tr("k.drop", n=view["drop_penalty"][seat])))
        return hints
    hints = [Text(tr("k.discard_n", n=len(order)))]
    declares = [a for a in legal if isinstance(a, Declare)]
    if declares:
        hints.append(_with_card("k.declare", declares[0].discard))
    return hints


def _rummikub_menu(view: View, legal: Sequence[Action]) -> list[Text]:
    first = Text(tr("k.draw_tile") if Draw("pool") in legal else tr("k.pass_turn"))
    lines = [Text(" · ").join([first, Text(tr("k.add")), Text(tr("k.help")), Text(tr("k.quit"))])]
    lines.append(Text(tr("k.table"), style="dim"))
    plays = suggestions(view, legal)
    if not plays:
        lines.append(Text(tr("no_suggestion"), style="dim"))
    for number, (_, played) in enumerate(plays, 1):
        tiles = pieces_text(played)
        line = tr_text("suggestion", n=number, tiles=tiles, count=len(played), value=_value(played))
        lines.append(Text.assemble(" ", line))
    return lines


def _value(tiles: Sequence[str]) -> int:
    return sum(0 if t == "*" else int(t[1:]) for t in tiles)


def suggestions(view: View, legal: Sequence[Action]) -> list[tuple[Play, list[str]]]:
    """The solver's plays among the legal actions, each with the rack tiles it places."""
    before = Counter(t for tiles in view["table"] for t in tiles)
    found = []
    for action in legal:
        if isinstance(action, Play):
            after = Counter(t for tiles in action.table for t in tiles)
            found.append((action, sorted((after - before).elements(), key=_tile_order)))
    return found


def _tile_order(name: str) -> int:
    return parse_tiles([name])[0]


def parse(line: str, view: View, legal: Sequence[Action], order: Sequence[str]) -> Action:
    """The action a typed line asks for; raises :class:`NotationError` if it names none."""
    text = line.strip()
    game = view["game"]
    if game == "rummikub":
        return _parse_rummikub(text, view, legal, order)
    word, _, rest = text.partition(" ")
    key = word.lower()
    if key == "s":
        return Draw("stock")
    if key == "d":
        return Draw("discard")
    if key == "p":
        return Pass() if game == "gin" else Drop()
    if game == "gin" and key == "k":
        if rest:
            return Knock(_piece(rest, order))
        knock = _best_knock(view, legal)
        if knock is None:
            raise NotationError(tr("no_knock"))
        return Knock(knock[0])
    if game == "gin" and key == "g":
        knock = _best_knock(view, legal)
        if knock is None or knock[1] != 0:
            raise NotationError(tr("no_gin"))
        return Knock(knock[0])
    if game == "indian" and key == "x":
        if rest:
            return Declare(_piece(rest, order))
        declares = [a for a in legal if isinstance(a, Declare)]
        if not declares:
            raise NotationError(tr("no_declare"))
        return declares[0]
    if rest:
        raise NotationError(tr("unknown_key", text=text))
    return Discard(_piece(word, order))


def _piece(word: str, order: Sequence[str]) -> str:
    """A card named by its key number or its notation."""
    word = word.strip()
    if word.isdigit():
        number = int(word)
        if not 1 <= number <= len(order):
            raise NotationError(tr("no_card_n", n=number))
        return order[number - 1]
    try:
        return card_name(card_index(word))
    except NotationError:
        raise NotationError(tr("unknown_key", text=word)) from None


def _parse_rummikub(text: str, view: View, legal: Sequence[Action], order: Sequence[str]) -> Action:
    key = text.lower()
    if key == "d":
        return Draw("pool")
    if key == "p":
        return Pass()
    if text.isdigit():
        plays = suggestions(view, legal)
        number = int(text)
        if not 1 <= number <= len(plays):
            raise NotationError(tr("no_suggestion_n", n=number))
        return plays[number - 1][0]
    table: list[list[str]] = []
    if text.startswith("+"):
        table = [list(tiles) for tiles in view["table"]]
        text = text[1:]
    for chunk in text.split("|"):
        tiles: list[str] = []
        for word in chunk.replace(",", " ").split():
            tiles.extend(_tiles(word, view, order))
        if tiles:
            table.append(tiles)
    if not table:
        raise NotationError(tr("unknown_key", text=text))
    return Play(tuple(tuple(tiles) for tiles in table))


def _tiles(word: str, view: View, order: Sequence[str]) -> list[str]:
    """``#n`` is table set n, a number is rack tile n, anything else a tile's name (the
    engine reports a bad name with RKB-1)."""
    if word.startswith("#") and word[1:].isdigit():
        number = int(word[1:])
        if not 1 <= number <= len(view["table"]):
            raise NotationError(tr("no_card_n", n=word))
        return list(view["table"][number - 1])
    if word.isdigit():
        return [_piece(word, order)]
    try:
        return [tile_name(parse_tiles([word])[0])]
    except NotationError:
        return [word]
