"""The database schema (SQLAlchemy 2 declarative models).

A match is its seed, options and an append-only log of actions (``actions``): replaying
the log rebuilds the state exactly, so a room survives a restart. ``results`` keep one
row per seat of a finished match for statistics. Changes to these models go with an
Alembic revision in ``migrations/versions``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from rummyhall.server.storage.skeletons import SKELETON_MAX


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class Player(Base):
    """A guest: a nickname and the hash of the secret token the browser keeps. A player
    who deleted his account keeps only this row, nameless (``deleted_at``): the games he
    sat in still name a seat (:mod:`rummyhall.server.storage.erasure`)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    nickname: Mapped[str] = mapped_column(String(288))
    """24 characters of up to 12 code points (``players.NICKNAME_CODE_POINTS``)."""
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Account(Base):
    """A guest who claimed his identity: the username he signs in with (unique whatever
    its case: ``username_key``, and whatever look-alike letters: ``username_skeleton``)
    and his password's Argon2 hash."""

    __tablename__ = "accounts"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    username: Mapped[str] = mapped_column(String(32))
    username_key: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    username_skeleton: Mapped[str | None] = mapped_column(
        String(SKELETON_MAX), unique=True, index=True, nullable=True
    )
    """:func:`~rummyhall.server.storage.skeletons.skeleton` of the name; ``None`` only for
    an account older than the rule whose name looked like an older one's (migration
    0011): it keeps its name, and no new name may look like either."""
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SignIn(Base):
    """A device signed in to an account: the hash of the token it keeps (revoked by
    deleting the row). The guest's own token stays in ``players``."""

    __tablename__ = "sign_ins"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Room(Base):
    """A table: its game and options, who sits where, and where it stands."""

    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(16))
    options: Mapped[dict[str, Any]]
    public: Mapped[bool] = mapped_column(Boolean)
    spectators: Mapped[bool] = mapped_column(Boolean)
    hints: Mapped[bool] = mapped_column(Boolean)
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    """Spectators' chat messages reach the players too (the host's choice)."""
    clock: Mapped[str] = mapped_column(String(16), default="off")
    """The turn clock: ``off`` or ``TURN+BANK`` seconds (:mod:`rummyhall.server.rooms.clock`)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Its matches between people move ratings (casual: they do not). Rooms older than
    the choice (migration 0012) were rated, as every match between people was."""
    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    seats: Mapped[list[Any]]
    """Per seat: ``{"player": id}``, ``{"bot": level}`` or ``null`` (open)."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RoomCreation(Base):
    """A room opened by a request that carried an ``Idempotency-Key``: the same host
    asking again with that key is answered this room rather than a new one. Inserted in
    the room's first commit, so a crash leaves both or neither."""

    __tablename__ = "room_creations"

    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"))
    digest: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the request's body: the same key with another body is refused."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Match(Base):
    """One match played in a room (a rematch is a new row)."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(16))
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[Any]]
    """The seats as they were at the start (same form as ``Room.seats``)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Its room's choice when it started (older matches: rated, migration 0012)."""
    status: Mapped[str] = mapped_column(String(16))
    """``playing``, ``finished``, or ``abandoned`` (an orphan that earlier versions left
    behind after a crash; see ``Repository.abandon_orphans``)."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRecord(Base):
    """One applied action: the match's log, append-only, ``seq`` = state counter before."""

    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    actor: Mapped[str] = mapped_column(String(8))
    """``player``, ``bot``, ``away`` (the away bot playing for an absent player) or
    ``clock`` (the computer playing a turn whose clock ran out)."""
    action: Mapped[dict[str, Any]]
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The turn clock after this action (:meth:`rummyhall.server.rooms.clock.TurnClock.record`):
    a restarted room resumes its deadlines from the last one."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Result(Base):
    """How one seat did in a finished match (statistics)."""

    __tablename__ = "results"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    against: Mapped[str] = mapped_column(String(16))
    """``humans``, or the strongest bot level among the opponents."""
    game: Mapped[str] = mapped_column(String(16))
    score: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    figures: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """What the match says of this seat beyond its result, as its game's kit counts it
    (Gin: knocks, gins, undercuts…): summed on profiles."""


class Rating(Base):
    """A player's rating in one game (OpenSkill's Plackett–Luce ``mu`` and ``sigma``),
    moved by every rated match he finishes (:mod:`rummyhall.server.storage.ratings`)."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[int] = mapped_column(Integer, index=True)
    """What is shown and ranked: :func:`rummyhall.server.storage.ratings.shown` of the two."""
    matches: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingChange(Base):
    """A rating after one rated match: the history a profile draws. One row per match
    and player, written in the match's finishing transaction, so never twice."""

    __tablename__ = "rating_changes"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    before: Mapped[int] = mapped_column(Integer)
    after: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class ChatLine(Base):
    """One chat message or reaction in a room, kept with the room (not with a match's
    record: replays show the game only)."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The sender's seat, ``None`` for a spectator."""
    text: Mapped[str | None] = mapped_column(String(800), nullable=True)
    reaction: Mapped[str | None] = mapped_column(String(16), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Invitation(Base):
    """A player asked to a room by another (by username, or from his recent opponents):
    shown in the invited player's lobby until he dismisses it or the room is over. One
    per room and invited player (asking again brings it back to the top)."""

    __tablename__ = "invitations"
    __table_args__ = (UniqueConstraint("room_code", "to_player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_code: Mapped[str] = mapped_column(String(16), index=True)
    from_player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    to_player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class MatchReview(Base):
    """A finished match reviewed for one seat (docs/review.md): the review's JSON as
    ``rummyhall.review.Review.to_json`` writes it, computed once per ``engine``
    (``rummyhall.review.ENGINE``) and inserted whole in one commit, so a crash while it
    is computed leaves no row and the next request computes it again."""

    __tablename__ = "match_reviews"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    engine: Mapped[int] = mapped_column(Integer, primary_key=True)
    review: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Moderator(Base):
    """A player the operator made a moderator (``rummyhall moderator grant``, never the
    web): he sees the report queue and acts on players (docs/security.md)."""

    __tablename__ = "moderators"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    granted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Report(Base):
    """A player reported by another, with a reason from a fixed list and his words; what
    is reported (the chat lines, the room and its match) is copied in, so the report
    still shows it when the lines are gone. Open until a moderator acts on it."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    reported_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    reason: Mapped[str] = mapped_column(String(16))
    """One of :data:`rummyhall.server.storage.moderation.REASONS`."""
    details: Mapped[str | None] = mapped_column(String(2000), nullable=True)
    room_code: Mapped[str | None] = mapped_column(String(16), nullable=True)
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    lines: Mapped[list[Any]]
    """The reported player's chat lines in that room, up to the one reported:
    ``{"id", "text", "at"}`` each."""
    status: Mapped[str] = mapped_column(String(8), index=True)
    """``open``, or ``closed`` once a moderator acted on it."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ModerationAction(Base):
    """What a moderator did to a player (a warning, a mute, a suspension, lifting them)
    or to a report (dismissing it), with his reason: the moderation log, never edited
    but for ``lifted_at``."""

    __tablename__ = "moderation_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    """The player concerned (a dismissed report's reported player)."""
    moderator_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(16))
    """One of :data:`rummyhall.server.storage.moderation.KINDS`."""
    reason: Mapped[str] = mapped_column(String(2000))
    report_id: Mapped[int | None] = mapped_column(ForeignKey("reports.id"), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
    """Indexed: every process reads the latest decisions every second (migration 0016)."""
    until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When a mute or suspension ends; ``None``: for good (or no end: a warning)."""
    lifted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When a moderator lifted it before its end."""
