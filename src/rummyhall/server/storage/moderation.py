"""Moderation as the database keeps it: the moderators the operator named, the reports
players file, and the log of what moderators did (``moderation_actions``).

A mute or a suspension is a row of that log with its end (``until``, ``None`` for good);
it holds while it has not ended and no moderator lifted it. Every process reads it from
here, so it holds on all of them at once (:mod:`rummyhall.server.people.moderation`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database

Reason = Literal["abuse", "cheating", "spam", "name", "other"]
REASONS: Final[tuple[Reason, ...]] = ("abuse", "cheating", "spam", "name", "other")
"""Why a player is reported: insults or harassment, cheating (colluding, several
accounts), spam or advertising, an offensive name, something else (said in words)."""

Kind = Literal["warn", "mute", "suspend_play", "suspend_site", "lift", "dismiss"]
KINDS: Final[tuple[Kind, ...]] = ("warn", "mute", "suspend_play", "suspend_site", "lift", "dismiss")
"""What a moderator may do: warn a player, mute him in chat, suspend him from rated
play (rated rooms, seeks and seats, and chat) or from the site (no sign-in at all), lift
his mutes and suspensions, or dismiss a report (nothing done to anyone)."""
RESTRICTIONS: Final = frozenset({"mute", "suspend_play", "suspend_site"})
"""The kinds that hold for a time."""
WARNING_SHOWN = timedelta(days=1)
"""How long a warning is shown to its player each time he connects."""
CONTEXT_LINES = 5
"""The reported player's chat lines copied into a report: the one reported and those
he said before it in the room."""


def aware(moment: datetime) -> datetime:
    """``moment`` in UTC (SQLite gives back datetimes without their zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def action_row(action: models.ModerationAction) -> dict[str, Any]:
    """A moderation action as the API and the wire show it."""
    return {
        "id": action.id,
        "kind": action.kind,
        "reason": action.reason,
        "at": aware(action.at).isoformat(),
        "until": None if action.until is None else aware(action.until).isoformat(),
        "lifted_at": None if action.lifted_at is None else aware(action.lifted_at).isoformat(),
        "report": action.report_id,
    }


class ModerationRecords:
    """Moderators, reports and moderation actions; each method that writes is one
    transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ moderators

    def set_moderator(self, player_id: str, moderator: bool) -> bool:
        """Make ``player_id`` a moderator or not; whether that changed anything."""
        with self.db.transaction("set_moderator") as session:
            present = session.get(models.Moderator, player_id) is not None
            if moderator and not present:
                session.add(models.Moderator(player_id=player_id))
            elif present and not moderator:
                session.execute(
                    delete(models.Moderator).where(models.Moderator.player_id == player_id)
                )
            return present != moderator

    def moderators(self) -> list[dict[str, Any]]:
        """Every moderator: ``player, username, nickname, granted_at``, oldest first."""
        with self.db.sessions() as session:
            rows = session.execute(
                select(models.Moderator, models.Account.username, models.Player.nickname)
                .join(models.Player, models.Player.id == models.Moderator.player_id)
                .outerjoin(models.Account, models.Account.player_id == models.Moderator.player_id)
                .order_by(models.Moderator.granted_at)
            ).all()
        return [
            {
                "player": moderator.player_id,
                "username": username,
                "nickname": nickname,
                "granted_at": aware(moderator.granted_at).isoformat(),
            }
            for moderator, username, nickname in rows
        ]

    def is_moderator(self, player_id: str) -> bool:
        with self.db.sessions() as session:
            return session.get(models.Moderator, player_id) is not None

    # ------------------------------------------------------------------ reports

    def add_report(
        self,
        reporter_id: str,
        reported_id: str,
        reason: str,
        details: str | None,
        room_code: str | None,
        line_id: int | None,
    ) -> int | Literal["player_not_found", "report_target_not_found"]:
        """File a report; its id, or why not: no such reported player, or the chat line
        (said by him) or room named is not found. The reported chat lines and the
        room's latest match are copied in."""
        with self.db.transaction("add_report") as session:
            if session.get(models.Player, reported_id) is None:
                return "player_not_found"
            room_id = None
            lines: list[dict[str, Any]] = []
            if line_id is not None:
                line = session.get(models.ChatLine, line_id)
                if line is None or line.player_id != reported_id:
                    return "report_target_not_found"
                room_id = line.room_id
                lines = _lines_up_to(session, reported_id, line.room_id, line_id)
            elif room_code is not None:
                room_id = session.scalar(
                    select(models.Room.id).where(models.Room.code == room_code.upper())
                )
                if room_id is None:
                    return "report_target_not_found"
                lines = _lines_up_to(session, reported_id, room_id, None)
            code, match_id = _room_and_match(session, room_id)
            report = models.Report(
                reporter_id=reporter_id,
                reported_id=reported_id,
                reason=reason,
                details=details,
                room_code=code,
                match_id=match_id,
                lines=lines,
                status="open",
            )
            session.add(report)
            session.flush()
            return report.id

    def open_reports(self, count: int) -> list[dict[str, Any]]:
        """The ``count`` oldest open reports, each with the reported player's past
        actions, for the moderators' queue."""
        with self.db.sessions() as session:
            reports = session.scalars(
                select(models.Report)
                .where(models.Report.status == "open")
                .order_by(models.Report.id)
                .limit(count)
            ).all()
            people = {r.reporter_id for r in reports} | {r.reported_id for r in reports}
            names = _names(session, people)
            return [
                {
                    "id": report.id,
                    "reporter": names[report.reporter_id],
                    "reported": names[report.reported_id],
                    "reason": report.reason,
                    "details": report.details,
                    "room": report.room_code,
                    "match": report.match_id,
                    "lines": report.lines,
                    "at": aware(report.at).isoformat(),
                    "history": _signed(session, _actions(session, report.reported_id)),
                }
                for report in reports
            ]

    # ------------------------------------------------------------------ actions

    def act(
        self,
        moderator_id: str,
        player_id: str,
        kind: str,
        reason: str,
        until: datetime | None,
        report_id: int | None,
    ) -> dict[str, Any] | Literal["player_not_found", "report_not_found"]:
        """Log what a moderator did, and with it close the report it answers and, for
        ``lift``, end the player's mutes and suspensions: one transaction. The action
        as :func:`action_row` shows it, or why not."""
        with self.db.transaction("moderate") as session:
            if session.get(models.Player, player_id) is None:
                return "player_not_found"
            at = datetime.now(UTC)
            if report_id is not None:
                closed = session.execute(
                    update(models.Report)
                    .where(
                        models.Report.id == report_id,
                        models.Report.reported_id == player_id,
                        models.Report.status == "open",
                    )
                    .values(status="closed")
                )
                if closed.rowcount != 1:  # type: ignore[attr-defined]
                    return "report_not_found"
            if kind == "lift":
                for restriction in _restrictions(session, player_id, at):
                    restriction.lifted_at = at
            action = models.ModerationAction(
                player_id=player_id,
                moderator_id=moderator_id,
                kind=kind,
                reason=reason,
                report_id=report_id,
                at=at,
                until=until,
            )
            session.add(action)
            session.flush()
            return action_row(action)

    def standing(self, player_id: str) -> list[dict[str, Any]]:
        """What holds against ``player_id`` now: his mutes and suspensions not ended or
        lifted, and his warnings of the last :data:`WARNING_SHOWN`, newest first."""
        at = datetime.now(UTC)
        with self.db.sessions() as session:
            held = _restrictions(session, player_id, at)
            warnings = [
                action
                for action in _actions(session, player_id)
                if action.kind == "warn" and aware(action.at) > at - WARNING_SHOWN
            ]
            rows = sorted([*held, *warnings], key=lambda action: action.id, reverse=True)
            return [action_row(action) for action in rows]

    def restrictions(self, player_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
        """The mutes and suspensions that hold now against any of ``player_ids``, by
        player (one query: quick pairing asks it of a table's players)."""
        at = datetime.now(UTC)
        with self.db.sessions() as session:
            actions = session.scalars(
                select(models.ModerationAction).where(
                    models.ModerationAction.player_id.in_(player_ids),
                    models.ModerationAction.kind.in_(RESTRICTIONS),
                    models.ModerationAction.lifted_at.is_(None),
                )
            ).all()
            held: dict[str, list[dict[str, Any]]] = {}
            for action in actions:
                if action.until is None or aware(action.until) > at:
                    held.setdefault(action.player_id, []).append(action_row(action))
            return held

    def action(self, action_id: int) -> dict[str, Any] | None:
        """One action as :func:`action_row` shows it (``None``: no such action)."""
        with self.db.sessions() as session:
            action = session.get(models.ModerationAction, action_id)
            return None if action is None else action_row(action)

    def decided_since(self, since: datetime) -> list[tuple[int, str]]:
        """The actions on players taken at ``since`` or later (not dismissed reports),
        each as its id and player's id, the oldest first: what every process carries out
        (:mod:`rummyhall.server.people.enforcement`)."""
        with self.db.sessions() as session:
            rows = session.execute(
                select(models.ModerationAction.id, models.ModerationAction.player_id)
                .where(
                    models.ModerationAction.at >= since,
                    models.ModerationAction.kind != "dismiss",
                )
                .order_by(models.ModerationAction.id)
            ).all()
        return [(action_id, player_id) for action_id, player_id in rows]

    def history(self, player_id: str) -> list[dict[str, Any]]:
        """Every action concerning ``player_id`` but dismissed reports, newest first:
        what his own profile shows him."""
        with self.db.sessions() as session:
            return [action_row(action) for action in _actions(session, player_id)]

    def record(self, player_id: str) -> list[dict[str, Any]]:
        """:meth:`history` as moderators read it: each action with the moderator who
        took it (``moderator``: his id and nickname)."""
        with self.db.sessions() as session:
            return _signed(session, _actions(session, player_id))


def forget(session: Session, player_id: str) -> None:
    """What moderation keeps of a player who deletes his account (in that transaction):
    the words of the reports he filed and the chat lines copied into reports about him
    are emptied, and he is no moderator. The reports and what moderators decided stay,
    under the anonymous id, with the moderators' own reasons."""
    session.execute(
        update(models.Report).where(models.Report.reporter_id == player_id).values(details=None)
    )
    session.execute(
        update(models.Report).where(models.Report.reported_id == player_id).values(lines=[])
    )
    session.execute(delete(models.Moderator).where(models.Moderator.player_id == player_id))


def _actions(session: Session, player_id: str) -> list[models.ModerationAction]:
    return list(
        session.scalars(
            select(models.ModerationAction)
            .where(
                models.ModerationAction.player_id == player_id,
                models.ModerationAction.kind != "dismiss",
            )
            .order_by(models.ModerationAction.id.desc())
        ).all()
    )


def _signed(session: Session, actions: list[models.ModerationAction]) -> list[dict[str, Any]]:
    """``actions`` as :func:`action_row` shows them, with their moderators."""
    names = _names(session, {action.moderator_id for action in actions})
    return [
        {**action_row(action), "moderator": names.get(action.moderator_id)} for action in actions
    ]


def _restrictions(session: Session, player_id: str, at: datetime) -> list[models.ModerationAction]:
    """``player_id``'s mutes and suspensions that hold at ``at``."""
    return [
        action
        for action in _actions(session, player_id)
        if action.kind in RESTRICTIONS
        and action.lifted_at is None
        and (action.until is None or aware(action.until) > at)
    ]


def _lines_up_to(
    session: Session, player_id: str, room_id: str, line_id: int | None
) -> list[dict[str, Any]]:
    """``player_id``'s last :data:`CONTEXT_LINES` words in room ``room_id`` (up to line
    ``line_id`` if given), oldest first."""
    query = select(models.ChatLine).where(
        models.ChatLine.room_id == room_id,
        models.ChatLine.player_id == player_id,
        models.ChatLine.text.is_not(None),
    )
    if line_id is not None:
        query = query.where(models.ChatLine.id <= line_id)
    lines = session.scalars(query.order_by(models.ChatLine.id.desc()).limit(CONTEXT_LINES)).all()
    return [
        {"id": line.id, "text": line.text, "at": aware(line.at).isoformat()}
        for line in reversed(lines)
    ]


def _room_and_match(session: Session, room_id: str | None) -> tuple[str | None, str | None]:
    """Room ``room_id``'s code and its latest match's id."""
    if room_id is None:
        return None, None
    room = session.get(models.Room, room_id)
    match_id = session.scalar(
        select(models.Match.id)
        .where(models.Match.room_id == room_id)
        .order_by(models.Match.number.desc())
        .limit(1)
    )
    return (None if room is None else room.code), match_id


def _names(session: Session, player_ids: set[str]) -> dict[str, dict[str, Any]]:
    """``{id, nickname, username}`` of each player."""
    rows = session.execute(
        select(models.Player.id, models.Player.nickname, models.Account.username)
        .outerjoin(models.Account, models.Account.player_id == models.Player.id)
        .where(models.Player.id.in_(player_ids))
    ).all()
    return {
        player_id: {"id": player_id, "nickname": nickname, "username": username}
        for player_id, nickname, username in rows
    }
