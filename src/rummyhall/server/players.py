"""Guest identity: a nickname and a random secret token that the browser keeps.

The token is the proof of a seat: the guest's own, or one of a device signed in to his
account (:mod:`rummyhall.server.accounts`). The server stores only SHA-256 hashes, so a
leaked database does not let anyone take a seat.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass

from rummyhall.server.protocol import PlayerInfo, ProtocolError
from rummyhall.server.storage.store import Store

NICKNAME_MAX = 24


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
    """The nickname with outer spaces removed; refuses empty, long or control text.

    >>> clean_nickname("  Ana ")
    'Ana'
    >>> clean_nickname("小明")
    '小明'
    """
    nickname = " ".join(raw.split())
    if not 1 <= len(nickname) <= NICKNAME_MAX or any(
        unicodedata.category(ch)[0] == "C" for ch in nickname
    ):
        raise ProtocolError("bad_nickname")
    return nickname


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
