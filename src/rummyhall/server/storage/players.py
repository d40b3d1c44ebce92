"""Players and accounts as the database keeps them: guests and their tokens, usernames
and passwords, and the devices signed in to an account."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.records import AccountRefusal
from rummyhall.server.storage.skeletons import skeleton


class PlayerRecords:
    """Players, accounts and sign-ins; each method that writes is one transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create_player(self, player_id: str, nickname: str, token_hash: str) -> None:
        with self.db.transaction("create_player") as session:
            session.add(models.Player(id=player_id, nickname=nickname, token_hash=token_hash))

    def rename_player(self, player_id: str, nickname: str) -> None:
        with self.db.transaction("rename_player") as session:
            session.execute(
                update(models.Player).where(models.Player.id == player_id).values(nickname=nickname)
            )

    def player_by_token_hash(self, token_hash: str) -> models.Player | None:
        """The player a token is for: a guest's own token, or a device signed in to his
        account."""
        with self.db.sessions() as session:
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
        case, or by a name that looks the same: :mod:`.skeletons`)."""
        try:
            with self.db.transaction("create_account") as session:
                if session.get(models.Account, player_id) is not None:
                    return "already_claimed"
                looks = skeleton(username)
                taken = select(models.Account).where(
                    (models.Account.username_key == username_key)
                    | (models.Account.username_skeleton == looks)
                )
                if session.scalar(taken) is not None:
                    return "username_taken"
                session.add(
                    models.Account(
                        player_id=player_id,
                        username=username,
                        username_key=username_key,
                        username_skeleton=looks,
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
        with self.db.sessions() as session:
            return session.get(models.Account, player_id)

    def account_by_username(self, username_key: str) -> models.Account | None:
        with self.db.sessions() as session:
            return session.scalar(
                select(models.Account).where(models.Account.username_key == username_key)
            )

    def add_sign_in(self, player_id: str, token_hash: str) -> models.Player:
        """A device signed in to ``player_id``'s account: its token's hash."""
        with self.db.transaction("add_sign_in") as session:
            session.add(models.SignIn(token_hash=token_hash, player_id=player_id))
            player = session.get(models.Player, player_id)
            assert player is not None
            return player

    def sign_out(self, player_id: str, token_hash: str, new_guest_hash: str) -> None:
        """The device holding ``token_hash`` signs out: its sign-in is deleted, or when
        it is the guest's own token, that is replaced by ``new_guest_hash`` (a token
        nobody holds)."""
        with self.db.transaction("sign_out") as session:
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
        with self.db.transaction("sign_out_everywhere") as session:
            session.execute(delete(models.SignIn).where(models.SignIn.player_id == player_id))
            session.execute(
                update(models.Player)
                .where(models.Player.id == player_id)
                .values(token_hash=new_guest_hash)
            )

    def nicknames(self, player_ids: Sequence[str]) -> dict[str, str]:
        with self.db.sessions() as session:
            rows = session.execute(
                select(models.Player.id, models.Player.nickname).where(
                    models.Player.id.in_(player_ids)
                )
            )
            return {player_id: nickname for player_id, nickname in rows}
