"""Friends as the database keeps them: invitations to rooms, and the people a player has
recently played against (to invite them again). Each function works in the session it
is given; :class:`InvitationRecords` opens it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, aliased

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.models import now

OPEN = ("waiting", "playing")
"""Rooms an invitation still leads to."""


def invite(session: Session, room_code: str, from_id: str, to_id: str) -> None:
    """Ask ``to_id`` to room ``room_code`` (again: the invitation moves to the top)."""
    found = session.scalar(
        select(models.Invitation).where(
            models.Invitation.room_code == room_code, models.Invitation.to_player_id == to_id
        )
    )
    if found is None:
        session.add(
            models.Invitation(room_code=room_code, from_player_id=from_id, to_player_id=to_id)
        )
    else:
        found.from_player_id, found.at = from_id, now()


def invitations(session: Session, player_id: str, count: int = 20) -> list[dict[str, Any]]:
    """The ``count`` latest invitations of ``player_id`` to rooms not over, newest first."""
    rows = session.execute(
        select(models.Invitation, models.Room, models.Player.nickname)
        .join(models.Room, models.Room.code == models.Invitation.room_code)
        .join(models.Player, models.Player.id == models.Invitation.from_player_id)
        .where(models.Invitation.to_player_id == player_id, models.Room.status.in_(OPEN))
        .order_by(models.Invitation.at.desc(), models.Invitation.id.desc())
        .limit(count)
    ).all()
    return [
        {
            "id": invitation.id,
            "room": room.code,
            "game": room.game,
            "options": room.options,
            "status": room.status,
            "from": {"id": invitation.from_player_id, "nickname": nickname},
            "at": invitation.at.isoformat(),
        }
        for invitation, room, nickname in rows
    ]


def dismiss(session: Session, player_id: str, invitation_id: int) -> bool:
    """Forget one of ``player_id``'s invitations; whether he had it."""
    gone = session.execute(
        delete(models.Invitation).where(
            models.Invitation.id == invitation_id, models.Invitation.to_player_id == player_id
        )
    )
    return bool(gone.rowcount)  # type: ignore[attr-defined]


def recent_opponents(session: Session, player_id: str, count: int = 12) -> list[dict[str, Any]]:
    """The people ``player_id`` played finished matches against, the latest first (those
    who deleted their account left out): id, nickname, username (``None`` for a guest),
    matches together and when the last was."""
    mine, theirs = aliased(models.Result), aliased(models.Result)
    last = func.max(models.Match.started_at).label("last")
    together = func.count().label("together")
    rows = session.execute(
        select(theirs.player_id, last, together)
        .join(mine, mine.match_id == theirs.match_id)
        .join(models.Match, models.Match.id == theirs.match_id)
        .join(models.Player, models.Player.id == theirs.player_id)
        .where(
            mine.player_id == player_id,
            theirs.player_id != player_id,
            models.Player.deleted_at.is_(None),
        )
        .group_by(theirs.player_id)
        .order_by(last.desc())
        .limit(count)
    ).all()
    ids = [row.player_id for row in rows]
    names = dict(
        session.execute(
            select(models.Player.id, models.Player.nickname).where(models.Player.id.in_(ids))
        ).all()
    )
    usernames = dict(
        session.execute(
            select(models.Account.player_id, models.Account.username).where(
                models.Account.player_id.in_(ids)
            )
        ).all()
    )
    return [
        {
            "id": row.player_id,
            "nickname": names.get(row.player_id, "?"),
            "username": usernames.get(row.player_id),
            "matches": row.together,
            "last": row.last.isoformat(),
        }
        for row in rows
    ]


def friends(session: Session, player_id: str, other_id: str) -> bool:
    """Whether two players are friends: one invited the other to a room (an invitation
    still kept), or they played a finished match together."""
    invited = session.scalar(
        select(models.Invitation.id)
        .where(
            (
                (models.Invitation.from_player_id == player_id)
                & (models.Invitation.to_player_id == other_id)
            )
            | (
                (models.Invitation.from_player_id == other_id)
                & (models.Invitation.to_player_id == player_id)
            )
        )
        .limit(1)
    )
    if invited is not None:
        return True
    mine, theirs = aliased(models.Result), aliased(models.Result)
    together = session.scalar(
        select(mine.match_id)
        .join(theirs, theirs.match_id == mine.match_id)
        .where(mine.player_id == player_id, theirs.player_id == other_id)
        .limit(1)
    )
    return together is not None


class InvitationRecords:
    """Invitations, recent opponents and who are friends, one transaction or session
    each."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def invite(self, room_code: str, from_id: str, to_id: str) -> None:
        """:func:`invite`, one transaction."""
        with self.db.transaction("invite") as session:
            invite(session, room_code, from_id, to_id)

    def invitations(self, player_id: str) -> list[dict[str, Any]]:
        with self.db.sessions() as session:
            return invitations(session, player_id)

    def dismiss_invitation(self, player_id: str, invitation_id: int) -> bool:
        with self.db.transaction("dismiss_invitation") as session:
            return dismiss(session, player_id, invitation_id)

    def recent_opponents(self, player_id: str) -> list[dict[str, Any]]:
        with self.db.sessions() as session:
            return recent_opponents(session, player_id)

    def friends(self, player_id: str, other_id: str) -> bool:
        """:func:`friends`."""
        with self.db.sessions() as session:
            return friends(session, player_id, other_id)
