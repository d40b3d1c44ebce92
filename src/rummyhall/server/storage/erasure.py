"""A player's data as the database keeps it, taken out ("Download my data") or erased
("Delete my account"; docs/privacy.md).

Erasing is one transaction: his account, sign-ins, chat lines, invitations (sent and
received), room requests, ratings and their history go; his ``players`` row stays, its
nickname replaced by :data:`DELETED_NICKNAME` and its token by one nobody holds, because
the games he sat in belong to the other players too: their records name his seat by that
id, and every replay still plays. A crash before the commit leaves everything as it was;
after it, all of it is gone.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session

from rummyhall.server.storage import models, moderation
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.models import now

DELETED_NICKNAME = "deleted player"
"""What a deleted player's seat is called (no nickname may be it: ``reserved_nickname``);
the web shows it in the reader's language."""

PERSONAL = (
    (models.ChatLine, models.ChatLine.player_id),
    (models.SignIn, models.SignIn.player_id),
    (models.Account, models.Account.player_id),
    (models.RoomCreation, models.RoomCreation.host_id),
    (models.RatingChange, models.RatingChange.player_id),
    (models.Rating, models.Rating.player_id),
)
"""The rows that are a player's alone, by the column naming him: erased with him."""


def erase(session: Session, player_id: str, unheld_token_hash: str) -> bool:
    """Erase ``player_id`` (see the module); whether there was such a player not yet
    erased. ``unheld_token_hash``: the hash of a token nobody holds."""
    player = session.get(models.Player, player_id, with_for_update=True)
    if player is None or player.deleted_at is not None:
        return False
    for table, column in PERSONAL:
        session.execute(delete(table).where(column == player_id))
    moderation.forget(session, player_id)
    session.execute(
        delete(models.Invitation).where(
            or_(
                models.Invitation.from_player_id == player_id,
                models.Invitation.to_player_id == player_id,
            )
        )
    )
    session.execute(
        update(models.Player)
        .where(models.Player.id == player_id)
        .values(nickname=DELETED_NICKNAME, token_hash=unheld_token_hash, deleted_at=now())
    )
    return True


def deleted_among(session: Session, player_ids: list[str]) -> set[str]:
    """Those of ``player_ids`` who deleted their account."""
    return set(
        session.scalars(
            select(models.Player.id).where(
                models.Player.id.in_(player_ids), models.Player.deleted_at.is_not(None)
            )
        )
    )


def export(session: Session, player_id: str) -> dict[str, Any] | None:
    """What the database holds of ``player_id`` and of nobody else: his profile, account,
    signed-in devices, ratings with their history, chat lines (his own: the others'
    lines in the same rooms are theirs) and the ids of the finished matches he sat in,
    whose records the caller adds; ``None`` for no such player (or one erased)."""
    player = session.get(models.Player, player_id)
    if player is None or player.deleted_at is not None:
        return None
    account = session.get(models.Account, player_id)
    devices = session.scalars(
        select(models.SignIn.created_at)
        .where(models.SignIn.player_id == player_id)
        .order_by(models.SignIn.created_at)
    ).all()
    rated = session.scalars(
        select(models.Rating).where(models.Rating.player_id == player_id).order_by("game")
    ).all()
    changes = session.scalars(
        select(models.RatingChange)
        .where(models.RatingChange.player_id == player_id)
        .order_by(models.RatingChange.at)
    ).all()
    chat = session.execute(
        select(models.ChatLine, models.Room.code)
        .join(models.Room, models.Room.id == models.ChatLine.room_id)
        .where(models.ChatLine.player_id == player_id)
        .order_by(models.ChatLine.id)
    ).all()
    matches = session.execute(
        select(models.Result.match_id, models.Match.finished_at)
        .join(models.Match, models.Match.id == models.Result.match_id)
        .where(models.Result.player_id == player_id)
        .distinct()
        .order_by(models.Match.finished_at)
    ).all()
    return {
        "player": {
            "id": player.id,
            "nickname": player.nickname,
            "created_at": player.created_at.isoformat(),
        },
        "account": None
        if account is None
        else {"username": account.username, "created_at": account.created_at.isoformat()},
        "signed_in_devices": [{"since": at.isoformat()} for at in devices],
        "ratings": [
            {
                "game": row.game,
                "rating": row.rating,
                "mu": row.mu,
                "sigma": row.sigma,
                "matches": row.matches,
                "wins": row.wins,
                "updated_at": row.updated_at.isoformat(),
            }
            for row in rated
        ],
        "rating_changes": [
            {
                "match": row.match_id,
                "game": row.game,
                "before": row.before,
                "after": row.after,
                "at": row.at.isoformat(),
            }
            for row in changes
        ],
        "chat": [
            {
                "room": code,
                "seat": line.seat,
                "text": line.text,
                "reaction": line.reaction,
                "at": line.at.isoformat(),
            }
            for line, code in chat
        ],
        "matches": [match_id for match_id, _ in matches],
    }


class ErasureRecords:
    """A player's data taken out or erased, one session or transaction each."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def erase_player(self, player_id: str, unheld_token_hash: str) -> bool:
        """:func:`erase`, one transaction."""
        with self.db.transaction("erase_player") as session:
            return erase(session, player_id, unheld_token_hash)

    def export(self, player_id: str) -> dict[str, Any] | None:
        """:func:`export`, in one read."""
        with self.db.sessions() as session, session.begin():
            return export(session, player_id)
