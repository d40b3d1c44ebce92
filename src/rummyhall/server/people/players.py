"""Guest identity: a nickname and a random secret token that the browser keeps.

The token is the proof of a seat: the guest's own, or one of a device signed in to his
account (:mod:`rummyhall.server.people.accounts`). The server stores only SHA-256 hashes, so a
leaked database does not let anyone take a seat.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass

import regex

from rummyhall.server.storage.erasure import DELETED_NICKNAME
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import PlayerInfo
from rummyhall.server.wire.protocol import ProtocolError

NICKNAME_MAX = 24
"""Characters a nickname may have, as a reader counts them: grapheme clusters (a family
emoji made of seven code points joined by ZWJ is one)."""
MARKS_MAX = 12
"""Code points one character may be made of: every emoji sequence fits (a couple with
skin tones has ten), a tower of combining marks that spills over the lines does not."""
NICKNAME_CODE_POINTS = NICKNAME_MAX * MARKS_MAX
"""The most code points a nickname can then hold (its database column's length)."""
STACKED_MARKS_MAX = 3
"""Combining marks one character may carry (variation selectors aside): enough for
Vietnamese, Thai or Devanagari letters, not for a tower ("Zalgo" text)."""
BLANK = regex.compile(r"[\p{Default_Ignorable_Code_Point}\u2800]")
"""Characters that look like nothing: Hangul fillers (U+3164, U+115F, U+1160, U+FFA0),
the braille blank (U+2800), zero-width ones; a name of them, or padded with them,
would pass for empty or for another's."""
VARIATION = regex.compile(r"[\uFE00-\uFE0F\U000E0100-\U000E01EF]")
JOINERS = {"\u200d"} | {chr(tag) for tag in range(0xE0020, 0xE0080)}
"""Format characters that build emoji (the zero-width joiner, the tags of subdivision
flags); every other format or control character is refused (bidi overrides spoof)."""


@dataclass(eq=False)
class Player:
    """One guest, one object (:class:`Players` hands out the same one for an id), so a
    rename reaches every seat, room and connection that holds it."""

    id: str
    nickname: str

    def info(self) -> PlayerInfo:
        return PlayerInfo(id=self.id, nickname=self.nickname)


def new_token() -> str:
    """A fresh secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_nickname(raw: str) -> str:
    """The nickname with its spaces folded (outer ones removed, inner runs made one);
    refuses an empty or blank-looking one, one longer than :data:`NICKNAME_MAX`
    characters, control, format or blank-looking characters (:data:`BLANK`) other than
    what builds emoji (joiners, variation selectors), characters stacked with marks, and
    the label of a deleted player's seat.

    >>> clean_nickname("  Ana  the   Bold ")
    'Ana the Bold'
    >>> clean_nickname("小明 👨‍👩‍👧")
    '小明 👨‍👩‍👧'
    """
    nickname = " ".join(raw.split())
    characters = regex.findall(r"\X", nickname)
    if (
        not characters
        or any(unwanted(ch) for ch in nickname)
        or all(BLANK.match(ch) or ch == " " for ch in nickname)
    ):
        raise ProtocolError("bad_nickname", most=NICKNAME_MAX)
    if len(characters) > NICKNAME_MAX:
        raise ProtocolError("nickname_too_long", most=NICKNAME_MAX, count=len(characters))
    if any(
        len(character) > MARKS_MAX or stacked_marks(character) > STACKED_MARKS_MAX
        for character in characters
    ):
        raise ProtocolError("nickname_marks")
    if nickname.casefold() == DELETED_NICKNAME:
        raise ProtocolError("reserved_nickname")
    return nickname


def unwanted(ch: str) -> bool:
    """A control, format or blank-looking character that builds no emoji."""
    invisible = unicodedata.category(ch)[0] == "C" or BLANK.match(ch) is not None
    return invisible and ch not in JOINERS and not VARIATION.match(ch)


def stacked_marks(character: str) -> int:
    """The combining marks on one character (a grapheme cluster), variation selectors
    (an emoji's presentation) aside."""
    return sum(unicodedata.category(ch)[0] == "M" and not VARIATION.match(ch) for ch in character)


class Players:
    """Creates guests, recognises them by token and renames them; one :class:`Player`
    per id. A token is looked up in the database every time (a request, a connection's
    hello), never remembered: signing out anywhere refuses it at once on every process."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._by_id: dict[str, Player] = {}

    def known(self, player_id: str, nickname: str) -> Player:
        """The one object for ``player_id`` (made from ``nickname`` the first time)."""
        player = self._by_id.get(player_id)
        if player is None:
            player = self._by_id[player_id] = Player(player_id, nickname)
        return player

    async def register(self, nickname: str) -> tuple[Player, str]:
        """A new guest and the token to give to its browser (shown only this once)."""
        player_id, cleaned = secrets.token_hex(8), clean_nickname(nickname)
        token = new_token()
        digest = token_hash(token)
        await self.store.create_player(player_id, cleaned, digest)
        return self.known(player_id, cleaned), token

    async def rename(self, player: Player, nickname: str) -> None:
        """Give ``player`` a new nickname: saved first, then seen everywhere it is held
        (a refused name or a failed commit changes nothing)."""
        cleaned = clean_nickname(nickname)
        await self.store.rename_player(player.id, cleaned)
        player.nickname = cleaned

    def renamed(self, player_id: str, nickname: str) -> Player | None:
        """Another server process renamed ``player_id``: the one object here, if any,
        takes the new nickname."""
        player = self._by_id.get(player_id)
        if player is not None:
            player.nickname = nickname
        return player

    async def authenticate(self, token: str) -> Player:
        row = await self.store.player_by_token_hash(token_hash(token))
        if row is None:
            raise ProtocolError("unauthorized")
        return self.known(row.id, row.nickname)
