"""A room's chat: short messages and quick reactions from its players and spectators.

A message has 1 to :data:`TEXT_MAX` printable characters (spaces folded); it is kept
with the room (``chat_lines``, not the match's record) before anyone hears it, and sent
as text (clients show it as text: no markup, no links made clickable). Each player may
say :data:`BURST` things at once and one every ``60 / PER_MINUTE`` seconds after, per
room. Players hear everyone; a spectator's words reach the players only when the host
allowed it (``spectator_chat``), and the other spectators always. Muting is each
reader's own choice, made in his client. The server adds nothing of its own: no game
information ever travels in the chat.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from rummyhall.server.net.limits import TokenBucket
from rummyhall.server.people.players import Player
from rummyhall.server.wire.messages import ChatLine, ChatMessage, PlayerInfo
from rummyhall.server.wire.protocol import ProtocolError

if TYPE_CHECKING:
    from rummyhall.server.rooms.seats import Client
    from rummyhall.server.storage.store import Store

TEXT_MAX = 200
HISTORY = 50
"""The lines a client gets when it joins."""
PER_MINUTE, BURST = 12.0, 5


def clean_text(raw: str) -> str:
    """The message with its spaces folded; refuses an empty, long or control text.

    >>> clean_text("  good   game ")
    'good game'
    """
    text = " ".join(raw.split())
    if not 1 <= len(text) <= TEXT_MAX or any(unicodedata.category(ch)[0] == "C" for ch in text):
        raise ProtocolError("bad_chat", most=TEXT_MAX)
    return text


def line(row: dict[str, Any], player: Player | None) -> ChatLine:
    """A stored chat row as sent (the sender's current nickname where known)."""
    nickname = player.nickname if player is not None else row["nickname"] or "?"
    return ChatLine(
        id=row["id"],
        player=PlayerInfo(id=row["player"], nickname=nickname),
        seat=row["seat"],
        text=row["text"],
        reaction=row["reaction"],
        at=row["at"],
    )


class Chat:
    """One room's chat (the room's process keeps it; other processes forward to it)."""

    def __init__(self, store: Store, room_id: str, code: str) -> None:
        self.store = store
        self.room_id = room_id
        self.code = code
        self._buckets: dict[str, TokenBucket] = {}

    async def say(
        self,
        sender: Client,
        listeners: list[Client],
        spectators_heard: bool,
        text: str | None = None,
        reaction: str | None = None,
    ) -> None:
        """``sender`` (a player or a spectator of the room) says ``text`` or reacts."""
        player = sender.player
        assert player is not None
        cleaned = None if text is None else clean_text(text)
        bucket = self._buckets.setdefault(player.id, TokenBucket(PER_MINUTE / 60, BURST))
        if not bucket.allow():
            raise ProtocolError("chat_rate_limited")
        row = await self.store.add_chat(self.room_id, player.id, sender.seat, cleaned, reaction)
        if row is None:  # he deleted his account a moment ago: his connections are closing
            raise ProtocolError("unauthorized")
        message = ChatMessage(room=self.code, lines=[line(row, player)]).model_dump_json()
        for listener in listeners:
            if sender.seat is None and listener.seat is not None and not spectators_heard:
                continue
            listener.send(message)

    async def history(self, reader: Client, spectators_heard: bool) -> ChatMessage:
        """The last lines ``reader`` may read, to send when he joins."""
        rows = await self.store.chat_history(self.room_id, HISTORY)
        hidden = reader.seat is not None and not spectators_heard
        lines = [line(row, None) for row in rows if not (hidden and row["seat"] is None)]
        return ChatMessage(room=self.code, lines=lines, history=True)
