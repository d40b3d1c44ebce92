"""Every database query the server makes, synchronous, behind one small class.

The async :class:`~rummyhall.server.storage.store.Store` runs these on its writer
thread; tests and tools may call them directly.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import (
    URL,
    Connection,
    Engine,
    create_engine,
    delete,
    event,
    func,
    make_url,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from rummyhall.server.storage import friends, models, standings
from rummyhall.server.storage.faults import Faults
from rummyhall.server.storage.log_insert import LogInsert
from rummyhall.server.storage.models import now

OPEN_STATUSES = ("waiting", "playing", "finished")


AccountRefusal = Literal["already_claimed", "username_taken"]
"""Why an account was not made: error codes (of the wire's ``ErrorCode``, which storage
does not import)."""

POOL_SIZE = 4
"""Connections a PostgreSQL engine keeps open: the writer's, the two readers' and one
for a request between them (``Store``); up to as many more open under a burst."""


def database_url(url: str) -> URL:
    """``url`` parsed, PostgreSQL's plain scheme meaning the psycopg (v3) driver (the
    ``postgres`` extra) rather than SQLAlchemy's default, psycopg2."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite files get WAL journaling, which keeps every
    committed action through a process crash without a disk flush per commit, enforced
    foreign keys, and no automatic checkpoints: a checkpoint flushes the disk, and run by
    the committing writer it would stall every room (see :meth:`Repository.checkpoint`).
    PostgreSQL gets a pool of :data:`POOL_SIZE` connections, each checked before use (a
    server restart or an idle timeout must not fail the next commit)."""
    parsed = database_url(url)
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(
                parsed, pool_size=POOL_SIZE, max_overflow=POOL_SIZE, pool_pre_ping=True
            )
        except ModuleNotFoundError as missing:
            raise ValueError(
                f"no driver for {parsed.drivername} ({missing.name} is not installed; "
                "PostgreSQL: pip install 'rummyhall[postgres]')"
            ) from None
    engine = create_engine(parsed, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


class LogConflict(Exception):
    """A turn logged twice: another process wrote it first (a room's former owner,
    still playing after it lost its lease). The log's key admits one action per turn, so
    a match never forks; the room is read again from the log."""


@dataclass
class StoredMatch:
    id: str
    number: int
    seed: int
    options: dict[str, Any]
    seats: list[Any]
    status: str
    log: list[dict[str, Any]] = field(default_factory=list)
    clock: dict[str, Any] | None = None
    """The turn clock as the log's last action left it (``None``: no action yet)."""
    started: float = 0.0
    """When the match began (wall clock, seconds): its first turn's start."""


@dataclass
class StoredRoom:
    """A room as saved, with its latest match and that match's action log."""

    id: str
    code: str
    game: str
    options: dict[str, Any]
    public: bool
    spectators: bool
    hints: bool
    host_id: str
    seats: list[Any]
    status: str
    match: StoredMatch | None = None
    spectator_chat: bool = False
    """Spectators' chat messages reach the players too (the host's choice)."""
    clock: str = "off"
    """The turn clock (:mod:`rummyhall.server.rooms.clock`)."""


@dataclass(frozen=True)
class Creation:
    """A room creation's ``Idempotency-Key``, its body's digest and, once committed,
    the room it opened."""

    key: str
    digest: str
    room_id: str = ""
    code: str = ""


class Repository:
    """Each method that writes is one transaction: what belongs together (a match's
    start or end and its room's status) commits together or not at all."""

    def __init__(self, engine: Engine, faults: Faults | None = None) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.faults = faults or Faults()
        self._insert_log = LogInsert(engine)
        self._log: Connection | None = None
        """SQLite: the connection the action log is appended on, kept open (a local
        file never drops it), which saves a pool check-out and reset per commit."""

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None
        self.engine.dispose()

    @contextmanager
    def _transaction(self, name: str) -> Iterator[Session]:
        """One named transaction, committed when the block ends; its fault points are
        reached just before the commit and just after it."""
        with self.sessions() as session, session.begin():
            yield session
            self.faults.reach(name, "before")
        self.faults.reach(name, "after")

    # ------------------------------------------------------------------ players

    def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database file without blocking
        writers; called periodically off the writer thread. Other databases: nothing."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def create_player(self, player_id: str, nickname: str, token_hash: str) -> None:
        with self._transaction("create_player") as session:
            session.add(models.Player(id=player_id, nickname=nickname, token_hash=token_hash))

    def rename_player(self, player_id: str, nickname: str) -> None:
        with self._transaction("rename_player") as session:
            session.execute(
                update(models.Player).where(models.Player.id == player_id).values(nickname=nickname)
            )

    def player_by_token_hash(self, token_hash: str) -> models.Player | None:
        """The player a token is for: a guest's own token, or a device signed in to his
        account."""
        with self.sessions() as session:
            player = session.scalar(
                select(models.Player).where(models.Player.token_hash == token_hash)
            )
            if player is None:
                player = session.scalar(
                    select(models.Player)
                    .join(models.SignIn, models.SignIn.player_id == models.Player.id)
                    .where(models.SignIn.token_hash == token_hash)
                )
            return player

    # ------------------------------------------------------------------ chat

    def add_chat(
        self, room_id: str, player_id: str, seat: int | None, text: str | None, reaction: str | None
    ) -> dict[str, Any]:
        """Keep one chat line; returns it with its id and time."""
        with self._transaction("add_chat") as session:
            line = models.ChatLine(
                room_id=room_id, player_id=player_id, seat=seat, text=text, reaction=reaction
            )
            session.add(line)
            session.flush()
            return _chat_row(line, None)

    def chat_history(self, room_id: str, count: int) -> list[dict[str, Any]]:
        """A room's last ``count`` chat lines, oldest first, with their senders' names."""
        with self.sessions() as session:
            rows = session.execute(
                select(models.ChatLine, models.Player.nickname)
                .join(models.Player, models.Player.id == models.ChatLine.player_id)
                .where(models.ChatLine.room_id == room_id)
                .order_by(models.ChatLine.id.desc())
                .limit(count)
            ).all()
        return [_chat_row(line, nickname) for line, nickname in reversed(rows)]

    # ------------------------------------------------------------------ accounts

    def create_account(
        self,
        player_id: str,
        username: str,
        username_key: str,
        password_hash: str,
        nickname: str | None = None,
    ) -> AccountRefusal | None:
        """Give ``player_id`` an account (and the ``nickname`` it is to be shown by);
        ``None``, or why not: ``already_claimed``, ``username_taken`` (whatever its
        case)."""
        try:
            with self._transaction("create_account") as session:
                if session.get(models.Account, player_id) is not None:
                    return "already_claimed"
                taken = select(models.Account).where(models.Account.username_key == username_key)
                if session.scalar(taken) is not None:
                    return "username_taken"
                session.add(
                    models.Account(
                        player_id=player_id,
                        username=username,
                        username_key=username_key,
                        password_hash=password_hash,
                    )
                )
                if nickname is not None:
                    session.execute(
                        update(models.Player)
                        .where(models.Player.id == player_id)
                        .values(nickname=nickname)
                    )
        except IntegrityError:  # the same name claimed at the same moment elsewhere
            return "username_taken"
        return None

    def account_of(self, player_id: str) -> models.Account | None:
        with self.sessions() as session:
            return session.get(models.Account, player_id)

    def account_by_username(self, username_key: str) -> models.Account | None:
        with self.sessions() as session:
            return session.scalar(
                select(models.Account).where(models.Account.username_key == username_key)
            )

    def add_sign_in(self, player_id: str, token_hash: str) -> models.Player:
        """A device signed in to ``player_id``'s account: its token's hash."""
        with self._transaction("add_sign_in") as session:
            session.add(models.SignIn(token_hash=token_hash, player_id=player_id))
            player = session.get(models.Player, player_id)
            assert player is not None
            return player

    def sign_out(self, player_id: str, token_hash: str, new_guest_hash: str) -> None:
        """The device holding ``token_hash`` signs out: its sign-in is deleted, or when
        it is the guest's own token, that is replaced by ``new_guest_hash`` (a token
        nobody holds)."""
        with self._transaction("sign_out") as session:
            session.execute(
                delete(models.SignIn).where(
                    models.SignIn.token_hash == token_hash, models.SignIn.player_id == player_id
                )
            )
            session.execute(
                update(models.Player)
                .where(models.Player.id == player_id, models.Player.token_hash == token_hash)
                .values(token_hash=new_guest_hash)
            )

    def sign_out_everywhere(self, player_id: str, new_guest_hash: str) -> None:
        """Every device signs out, in one transaction: the sign-ins are deleted and the
        guest's own token is replaced by ``new_guest_hash`` (a token nobody holds)."""
        with self._transaction("sign_out_everywhere") as session:
            session.execute(delete(models.SignIn).where(models.SignIn.player_id == player_id))
            session.execute(
                update(models.Player)
                .where(models.Player.id == player_id)
                .values(token_hash=new_guest_hash)
            )

    def nicknames(self, player_ids: Sequence[str]) -> dict[str, str]:
        with self.sessions() as session:
            rows = session.execute(
                select(models.Player.id, models.Player.nickname).where(
                    models.Player.id.in_(player_ids)
                )
            )
            return {player_id: nickname for player_id, nickname in rows}

    # ------------------------------------------------------------------ rooms

    def save_room(self, room: StoredRoom) -> None:
        """Insert or update a room's own row (not its matches)."""
        with self._transaction("save_room") as session:
            _merge_room(session, room)

    def create_room(self, room: StoredRoom, creation: Creation) -> str:
        """Insert a new room opened by a keyed request, with its key, in one commit; the
        id of the room that key opened: this one, or the one another process (or a
        request before a crash) committed first, in which case nothing is written."""
        try:
            with self._transaction("save_room") as session:
                _merge_room(session, room)
                session.flush()  # the room row first: the key refers to it
                session.add(
                    models.RoomCreation(
                        host_id=room.host_id,
                        key=creation.key,
                        room_id=room.id,
                        digest=creation.digest,
                    )
                )
        except IntegrityError:
            found = self.room_created(room.host_id, creation.key)
            if found is None:  # not the key that clashed: a real failure
                raise
            return found.room_id
        return room.id

    def room_created(self, host_id: str, key: str) -> Creation | None:
        """What ``host_id``'s request ``key`` opened, if it was committed."""
        with self.sessions() as session:
            row = session.get(models.RoomCreation, (host_id, key))
            if row is None:
                return None
            code = session.scalar(select(models.Room.code).where(models.Room.id == row.room_id))
            return Creation(row.key, row.digest, row.room_id, code or "")

    def open_rooms(self) -> list[StoredRoom]:
        """Every room not closed, with its latest match and log, to rebuild at start-up."""
        with self.sessions() as session:
            rooms = session.scalars(
                select(models.Room).where(models.Room.status.in_(OPEN_STATUSES))
            ).all()
            return [self._stored(session, room) for room in rooms]

    def open_room(self, code: str) -> StoredRoom | None:
        """The room ``code`` with its latest match and log, if it is open (a process
        taking it over from another reads it so)."""
        with self.sessions() as session:
            room = session.scalar(
                select(models.Room).where(
                    models.Room.code == code, models.Room.status.in_(OPEN_STATUSES)
                )
            )
            return None if room is None else self._stored(session, room)

    def open_codes(self) -> list[str]:
        """The codes of every room not closed."""
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(models.Room.code).where(models.Room.status.in_(OPEN_STATUSES))
                )
            )

    def abandon_orphans(self) -> int:
        """Mark ``abandoned`` every match left ``playing`` that can never go on: one in
        a room still waiting, or one a later match of its room has replaced. Earlier
        versions committed a match and its room separately, and a crash between the two
        left such orphans; nothing creates them now. Returns how many it marked
        (0 on a second run: it is idempotent)."""
        latest = (
            select(models.Match.room_id, func.max(models.Match.number).label("number"))
            .group_by(models.Match.room_id)
            .subquery()
        )
        with self._transaction("abandon_orphans") as session:
            orphans = session.scalars(
                select(models.Match.id)
                .join(models.Room, models.Room.id == models.Match.room_id)
                .join(latest, latest.c.room_id == models.Match.room_id)
                .where(
                    models.Match.status == "playing",
                    (models.Room.status == "waiting") | (models.Match.number < latest.c.number),
                )
            ).all()
            if orphans:
                session.execute(
                    update(models.Match)
                    .where(models.Match.id.in_(orphans))
                    .values(status="abandoned")
                )
            return len(orphans)

    def _stored(self, session: Session, room: models.Room) -> StoredRoom:
        match = session.scalar(
            select(models.Match)
            .where(models.Match.room_id == room.id, models.Match.status != "abandoned")
            .order_by(models.Match.number.desc())
            .limit(1)
        )
        stored_match = None
        if match is not None:
            in_match = models.ActionRecord.match_id == match.id
            log = session.scalars(
                select(models.ActionRecord.action).where(in_match).order_by(models.ActionRecord.seq)
            ).all()
            stored_match = StoredMatch(
                match.id, match.number, match.seed, match.options, match.seats, match.status
            )
            stored_match.log = list(log)
            # Only the last row's clock matters: the turn it leaves.
            stored_match.clock = session.scalar(
                select(models.ActionRecord.clock)
                .where(in_match)
                .order_by(models.ActionRecord.seq.desc())
                .limit(1)
            )
            stored_match.started = _epoch(match.started_at)
        return StoredRoom(
            room.id,
            room.code,
            room.game,
            room.options,
            room.public,
            room.spectators,
            room.hints,
            room.host_id,
            room.seats,
            room.status,
            stored_match,
            spectator_chat=room.spectator_chat,
            clock=room.clock,
        )

    def code_taken(self, code: str) -> bool:
        with self.sessions() as session:
            return (
                session.scalar(select(models.Room.id).where(models.Room.code == code)) is not None
            )

    # ------------------------------------------------------------------ matches

    def start_match(self, room: StoredRoom, match: StoredMatch) -> None:
        """Insert a new match and save its room (``playing``) in one commit: a crash
        leaves either both or neither, never a match nobody can play."""
        with self._transaction("start_match") as session:
            _merge_room(session, room)
            session.flush()  # the room row first: the match refers to it
            session.add(
                models.Match(
                    id=match.id,
                    room_id=room.id,
                    number=match.number,
                    game=room.game,
                    options=match.options,
                    seed=match.seed,
                    seats=match.seats,
                    status="playing",
                )
            )

    def append_actions(self, rows: Sequence[dict[str, Any]]) -> None:
        """Append log entries (``match_id, seq, seat, actor, action``) in one commit.

        The busiest write (every action of every room): a precompiled insert on a plain
        connection (``log_insert``), not an ORM session's bulk insert (three times the
        CPU)."""
        created = now()
        try:
            with self._log_connection() as connection, connection.begin():
                self._insert_log(connection, rows, created)
                self.faults.reach("append_actions", "before")
        except IntegrityError as error:
            raise LogConflict(str(error.orig)) from error
        self.faults.reach("append_actions", "after")

    @contextmanager
    def _log_connection(self) -> Iterator[Connection]:
        """The kept connection on SQLite; a pooled one (checked on check-out) elsewhere,
        where a server may close idle connections."""
        if self.engine.dialect.name != "sqlite":
            with self.engine.connect() as connection:
                yield connection
            return
        if self._log is None:
            self._log = self.engine.connect()
        yield self._log

    def finish_match(
        self,
        room: StoredRoom,
        match_id: str,
        result: dict[str, Any],
        seats: Sequence[dict[str, Any]],
    ) -> None:
        """Mark a match finished with its result and one statistics row per seat
        (``seat, player_id, bot, against, game, score, won``), and save its room, in one
        commit. Idempotent: for a match already finished only the room is saved, so a
        recovery that finishes it again after a crash writes no second result."""
        with self._transaction("finish_match") as session:
            finished = session.execute(
                update(models.Match)
                .where(models.Match.id == match_id, models.Match.status == "playing")
                .values(status="finished", result=result, finished_at=now())
            )
            if finished.rowcount == 1:  # type: ignore[attr-defined]
                session.add_all(models.Result(match_id=match_id, **row) for row in seats)
                standings.rate(session, match_id, seats)
            _merge_room(session, room)

    def finished_match(
        self, match_id: str
    ) -> tuple[models.Match, list[dict[str, Any]], list[str | None]] | None:
        """A finished match, its log and per seat the player's nickname (``None``: a
        bot); replays are public once a match is over."""
        with self.sessions() as session:
            match = session.get(models.Match, match_id)
            if match is None or match.status != "finished":
                return None
            log = session.scalars(
                select(models.ActionRecord.action)
                .where(models.ActionRecord.match_id == match_id)
                .order_by(models.ActionRecord.seq)
            ).all()
            ids = [seat.get("player") if seat else None for seat in match.seats]
            found = session.execute(
                select(models.Player.id, models.Player.nickname).where(
                    models.Player.id.in_([i for i in ids if i is not None])
                )
            ).all()
            nicknames = {player_id: nickname for player_id, nickname in found}
            return match, list(log), [nicknames.get(i) if i else None for i in ids]

    # ------------------------------------------------------------------ statistics

    def player_stats(self, player_id: str) -> dict[str, Any]:
        """Matches played and won, in total, per game and per opponent level."""
        with self.sessions() as session:
            rows = session.execute(
                select(
                    models.Result.game,
                    models.Result.against,
                    models.Result.won,
                    models.Result.match_id,
                ).where(models.Result.player_id == player_id)
            ).all()
        return summarize((game, against, won) for game, against, won, _ in rows) | {
            "recent": [match_id for *_, match_id in rows[-20:]]
        }

    def profile(
        self, player_id: str, history: int = 100, recent: int = 20
    ) -> dict[str, Any] | None:
        """:func:`standings.profile`: a player's public page, or ``None``."""
        with self.sessions() as session:
            return standings.profile(session, player_id, history, recent)

    def leaderboard(self, game: str, player_id: str | None, size: int = 100) -> dict[str, Any]:
        """:func:`standings.leaderboard`: the best rated players and the asker's rank."""
        with self.sessions() as session:
            return standings.leaderboard(session, game, player_id, size)

    # ------------------------------------------------------------------ friends

    def invite(self, room_code: str, from_id: str, to_id: str) -> None:
        """:func:`friends.invite`, one transaction."""
        with self._transaction("invite") as session:
            friends.invite(session, room_code, from_id, to_id)

    def invitations(self, player_id: str) -> list[dict[str, Any]]:
        with self.sessions() as session:
            return friends.invitations(session, player_id)

    def dismiss_invitation(self, player_id: str, invitation_id: int) -> bool:
        with self._transaction("dismiss_invitation") as session:
            return friends.dismiss(session, player_id, invitation_id)

    def recent_opponents(self, player_id: str) -> list[dict[str, Any]]:
        with self.sessions() as session:
            return friends.recent_opponents(session, player_id)

    def bot_stats(self) -> dict[str, Any]:
        """How each bot level fares, per game."""
        with self.sessions() as session:
            rows = session.execute(
                select(models.Result.game, models.Result.bot, models.Result.won).where(
                    models.Result.bot.is_not(None)
                )
            ).all()
        return summarize((game, str(bot), won) for game, bot, won in rows)


def _epoch(moment: datetime) -> float:
    """Seconds since the epoch of a stored time (SQLite gives it back without its UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _merge_room(session: Session, room: StoredRoom) -> None:
    session.merge(
        models.Room(
            id=room.id,
            code=room.code,
            game=room.game,
            options=room.options,
            public=room.public,
            spectators=room.spectators,
            hints=room.hints,
            spectator_chat=room.spectator_chat,
            clock=room.clock,
            host_id=room.host_id,
            seats=room.seats,
            status=room.status,
            updated_at=now(),
        )
    )


def summarize(rows: Any) -> dict[str, Any]:
    """``{"played", "won", "games": {game: {"played", "won", "by_level": {level: …}}}}``."""
    total = {"played": 0, "won": 0}
    games: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"played": 0, "won": 0, "by_level": defaultdict(lambda: {"played": 0, "won": 0})}
    )
    for game, level, won in rows:
        for bucket in (total, games[game], games[game]["by_level"][level]):
            bucket["played"] += 1
            bucket["won"] += int(bool(won))
    return {
        **total,
        "games": {
            game: {**entry, "by_level": dict(entry["by_level"])} for game, entry in games.items()
        },
    }


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
