"""Ratings as the database keeps them: moving them when a rated match finishes (inside
its finishing transaction), a player's public profile and a game's leaderboard. The
rating model itself is :mod:`rummyhall.server.storage.ratings`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from rummyhall.server.storage import erasure, models, ratings
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.models import now


def profile(
    session: Session, player_id: str, history: int = 100, recent: int = 20
) -> dict[str, Any] | None:
    """A player's public page: nickname and username, per game his rating with its
    last ``history`` changes, matches played and won, and his ``recent`` finished
    matches (newest first); ``None`` for an unknown id (or a deleted player's)."""
    player = session.get(models.Player, player_id)
    if player is None or player.deleted_at is not None:
        return None
    account = session.get(models.Account, player_id)
    rated = session.scalars(select(models.Rating).where(models.Rating.player_id == player_id)).all()
    games = []
    for record in sorted(rated, key=lambda r: -r.matches):
        changes = session.execute(
            select(
                models.RatingChange.at,
                models.RatingChange.before,
                models.RatingChange.after,
            )
            .where(
                models.RatingChange.player_id == player_id,
                models.RatingChange.game == record.game,
            )
            .order_by(models.RatingChange.at.desc())
            .limit(history)
        ).all()
        games.append(
            {
                "game": record.game,
                "rating": record.rating,
                "provisional": ratings.provisional(record.sigma),
                "matches": record.matches,
                "wins": record.wins,
                "history": _history(changes),
            }
        )
    latest = session.execute(
        select(
            models.Result.match_id,
            models.Result.game,
            models.Result.seat,
            models.Result.won,
            models.Result.against,
            models.Match.finished_at,
            models.RatingChange.before,
            models.RatingChange.after,
        )
        .join(models.Match, models.Match.id == models.Result.match_id)
        .outerjoin(
            models.RatingChange,
            (models.RatingChange.match_id == models.Result.match_id)
            & (models.RatingChange.player_id == player_id),
        )
        .where(models.Result.player_id == player_id)
        .order_by(models.Match.finished_at.desc())
        .limit(recent)
    ).all()
    return {
        "player": {"id": player.id, "nickname": player.nickname},
        "username": None if account is None else account.username,
        "since": player.created_at.isoformat(),
        "ratings": games,
        "games": _figures(session, player_id),
        "recent": [
            {
                "match": match_id,
                "game": game,
                "seat": seat,
                "won": won,
                "against": against,
                "finished_at": None if at is None else at.isoformat(),
                "rating": None if after is None else {"before": before, "after": after},
            }
            for match_id, game, seat, won, against, at, before, after in latest
        ],
    }


def _figures(session: Session, player_id: str) -> list[dict[str, Any]]:
    """Per game the player's finished matches, those won, and the sums of his figures
    (what each match said of him beyond its result: Gin's knocks and gins, …), most
    played first."""
    games: dict[str, dict[str, Any]] = {}
    rows = session.execute(
        select(models.Result.game, models.Result.won, models.Result.figures).where(
            models.Result.player_id == player_id
        )
    )
    for game, won, figures in rows:
        entry = games.setdefault(game, {"game": game, "played": 0, "won": 0, "figures": {}})
        entry["played"] += 1
        entry["won"] += int(won)
        for name, count in (figures or {}).items():
            entry["figures"][name] = entry["figures"].get(name, 0) + count
    return sorted(games.values(), key=lambda entry: -entry["played"])


def leaderboard(
    session: Session, game: str, player_id: str | None, size: int = 100
) -> dict[str, Any]:
    """The ``size`` best rated players of ``game`` (ties share a rank), and where
    ``player_id`` stands if he is rated."""
    best = session.execute(
        select(models.Rating, models.Player.nickname, models.Account.username)
        .join(models.Player, models.Player.id == models.Rating.player_id)
        .outerjoin(models.Account, models.Account.player_id == models.Rating.player_id)
        .where(models.Rating.game == game)
        .order_by(models.Rating.rating.desc(), models.Rating.matches.desc())
        .limit(size)
    ).all()
    yours = None
    if player_id is not None:
        own = session.get(models.Rating, (player_id, game))
        if own is not None:
            above = session.scalar(
                select(func.count()).where(
                    models.Rating.game == game, models.Rating.rating > own.rating
                )
            )
            yours = {
                "rank": int(above or 0) + 1,
                "rating": own.rating,
                "provisional": ratings.provisional(own.sigma),
            }
    rated = session.scalar(select(func.count()).where(models.Rating.game == game))
    rows: list[dict[str, Any]] = []
    for record, nickname, username in best:
        tied = rows and rows[-1]["rating"] == record.rating
        rank = rows[-1]["rank"] if tied else len(rows) + 1
        rows.append(
            {
                "rank": rank,
                "player": {"id": record.player_id, "nickname": nickname},
                "username": username,
                "rating": record.rating,
                "provisional": ratings.provisional(record.sigma),
                "matches": record.matches,
                "wins": record.wins,
            }
        )
    return {"game": game, "players": int(rated or 0), "top": rows, "yours": yours}


def _history(changes: Sequence[Any]) -> list[dict[str, Any]]:
    """A rating's points, oldest first, from its changes newest first: the rating the
    oldest shown started from (no date), then the rating after each."""
    oldest = list(reversed(changes))
    start = [{"at": None, "rating": oldest[0].before}] if oldest else []
    return start + [{"at": at.isoformat(), "rating": after} for at, _, after in oldest]


def rate(
    session: Session,
    match_id: str,
    rows: Sequence[dict[str, Any]],
    rated: bool,
    result: dict[str, Any],
) -> None:
    """Move the ratings of a finished match's players if it is rated (its room's choice,
    ``rated``, and its seats: :func:`~rummyhall.server.storage.ratings.is_rated`) and not
    aborted (``result``'s ``aborted``: someone never moved), a seat in ``result``'s
    ``forfeits`` (its player left for good) ranked below everyone, and keep each one's
    change; a player who deleted his account meanwhile moves the others' ratings as he
    played, but keeps none. In the match's finishing transaction: a match finishes once,
    so it is rated once."""
    if not ratings.is_rated(rows, rated) or result.get("aborted"):
        return
    forfeits = set(result.get("forfeits", ()))
    won = [bool(row["won"]) and row["seat"] not in forfeits for row in rows]
    game = rows[0]["game"]
    ids = [row["player_id"] for row in rows]
    found = session.scalars(
        select(models.Rating)
        .where(models.Rating.game == game, models.Rating.player_id.in_(ids))
        .with_for_update()
    )
    current = {record.player_id: record for record in found}
    before = [(current[i].mu, current[i].sigma) if i in current else ratings.START for i in ids]
    places = [
        3 if row["seat"] in forfeits else 1 if winner else 2
        for row, winner in zip(rows, won, strict=True)
    ]
    after = ratings.rate(before, places)
    deleted = erasure.deleted_among(session, ids)
    for row, old, new, winner in zip(rows, before, after, won, strict=True):
        if row["player_id"] in deleted:
            continue
        record = current.get(row["player_id"])
        if record is None:
            record = models.Rating(player_id=row["player_id"], game=game, matches=0, wins=0)
            session.add(record)
        record.mu, record.sigma = new
        record.rating = ratings.shown(*new)
        record.matches += 1
        record.wins += winner
        record.updated_at = now()
        session.add(
            models.RatingChange(
                match_id=match_id,
                player_id=row["player_id"],
                game=game,
                before=ratings.shown(*old),
                after=record.rating,
            )
        )


SKILL = select(models.Rating.mu, models.Rating.sigma).where(
    models.Rating.player_id == bindparam("player"), models.Rating.game == bindparam("game")
)
"""A player's rating in a game (quick pairing reads it at every seek)."""


class StandingRecords:
    """Statistics, profiles and leaderboards, read."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def player_stats(self, player_id: str) -> dict[str, Any]:
        """Matches played and won, in total, per game and per opponent level."""
        with self.db.sessions() as session:
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
        """:func:`profile`: a player's public page, or ``None``."""
        with self.db.sessions() as session:
            return profile(session, player_id, history, recent)

    def leaderboard(self, game: str, player_id: str | None, size: int = 100) -> dict[str, Any]:
        """:func:`leaderboard`: the best rated players and the asker's rank."""
        with self.db.sessions() as session:
            return leaderboard(session, game, player_id, size)

    def skill(self, player_id: str, game: str) -> tuple[int, bool]:
        """:func:`~rummyhall.server.storage.ratings.skill` of a player in ``game`` (a
        new player's if he has no rating there), and whether his rating there is still
        provisional."""
        with self.db.connect() as connection:
            found = connection.execute(SKILL, {"player": player_id, "game": game}).first()
        mu, sigma = ratings.START if found is None else found
        return ratings.skill(mu), ratings.provisional(sigma)

    def bot_stats(self) -> dict[str, Any]:
        """How each bot level fares, per game."""
        with self.db.sessions() as session:
            rows = session.execute(
                select(models.Result.game, models.Result.bot, models.Result.won).where(
                    models.Result.bot.is_not(None)
                )
            ).all()
        return summarize((game, str(bot), won) for game, bot, won in rows)


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
