"""A room's chat as the database keeps it (``chat_lines``, beside the room, not in a
match's record)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database


class ChatRecords:
    """Chat lines, kept and read back."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add_chat(
        self, room_id: str, player_id: str, seat: int | None, text: str | None, reaction: str | None
    ) -> dict[str, Any] | None:
        """Keep one chat line; returns it with its id and time (``None``: the player has
        deleted his account meanwhile, nothing is kept)."""
        with self.db.transaction("add_chat") as session:
            sender = session.get(models.Player, player_id)
            if sender is None or sender.deleted_at is not None:
                return None
            line = models.ChatLine(
                room_id=room_id, player_id=player_id, seat=seat, text=text, reaction=reaction
            )
            session.add(line)
            session.flush()
            return _chat_row(line, None)

    def chat_history(self, room_id: str, count: int) -> list[dict[str, Any]]:
        """A room's last ``count`` chat lines, oldest first, with their senders' names."""
        with self.db.sessions() as session:
            rows = session.execute(
                select(models.ChatLine, models.Player.nickname)
                .join(models.Player, models.Player.id == models.ChatLine.player_id)
                .where(models.ChatLine.room_id == room_id)
                .order_by(models.ChatLine.id.desc())
                .limit(count)
            ).all()
        return [_chat_row(line, nickname) for line, nickname in reversed(rows)]


def _chat_row(line: models.ChatLine, nickname: str | None) -> dict[str, Any]:
    return {
        "id": line.id,
        "player": line.player_id,
        "nickname": nickname,
        "seat": line.seat,
        "text": line.text,
        "reaction": line.reaction,
        "at": line.at.isoformat(),
    }
