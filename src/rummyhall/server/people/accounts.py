"""Accounts: a guest claims his identity with a username and a password, then signs in
on other devices to be the same player, with the same seats and games.

Passwords are hashed with Argon2id (``argon2-cffi``'s defaults, RFC 9106's second
recommendation) off the event loop; checking one is constant-time, and a username that
does not exist costs a check against a dummy hash, so timing does not tell which
usernames exist. A password must have 8–128 characters and not be guessable: zxcvbn's
estimate (its lists of the most common leaked passwords, words, names, keyboard
patterns, the username and nickname) must reach :data:`MIN_STRENGTH`.

Wrong passwords are rate-limited per username and per client address (the limiters
every process of a site shares). A signed-in device holds a random token, sent in
headers and messages, never in an address; signing out deletes it, and signing out
everywhere deletes every token of the player at once.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn import zxcvbn

from rummyhall.server.net.limits import Limiter
from rummyhall.server.people.players import (
    BLANK,
    Player,
    Players,
    clean_nickname,
    new_token,
    token_hash,
)
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.storage import models
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.errors import ErrorCode
from rummyhall.server.wire.protocol import ProtocolError

USERNAME_MIN, USERNAME_MAX = 3, 20
PASSWORD_MIN, PASSWORD_MAX = 8, 128
MIN_STRENGTH = 2
"""zxcvbn's score a password must reach (0–4; 2: "somewhat guarded", more than a
million guesses: none of its lists' common passwords, words or patterns alone, which with
the rate limit and Argon2 keeps guessing online and offline hopeless)."""
USERNAME_MARKS = "_-."
"""Besides letters and digits (of any script), what a username may hold."""
HASHER = PasswordHasher()


@cache
def _dummy_hash() -> str:
    """A hash to check against when the username is unknown (made once)."""
    return HASHER.hash(new_token())


def clean_username(raw: str) -> tuple[str, str]:
    """The username as shown and its key (the same whatever its case or width), or
    ``bad_username``. Accounts are unique by more than the key: by how the name looks
    (:mod:`~rummyhall.server.storage.skeletons`).

    >>> clean_username(" Ana_K ")
    ('Ana_K', 'ana_k')
    >>> clean_username("ＡＮＡ")[1]
    'ana'
    """
    username = unicodedata.normalize("NFKC", raw.strip())
    allowed = all((ch.isalnum() or ch in USERNAME_MARKS) and not BLANK.match(ch) for ch in username)
    if not (USERNAME_MIN <= len(username) <= USERNAME_MAX and allowed):
        raise ProtocolError("bad_username", least=USERNAME_MIN, most=USERNAME_MAX)
    return username, unicodedata.normalize("NFKC", username.casefold())


def check_password(password: str, *known: str) -> None:
    """Refuse a password too short, too long or too easy to guess (``known``: the
    username and nickname, which it must not lean on)."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ProtocolError("bad_password", least=PASSWORD_MIN, most=PASSWORD_MAX)
    if zxcvbn(password, user_inputs=list(known))["score"] < MIN_STRENGTH:
        raise ProtocolError("weak_password")


@dataclass(frozen=True)
class SignedIn:
    player: Player
    username: str
    token: str
    """Shown only this once; the server keeps its hash."""


class Device(Protocol):
    """A connection as signing out and invitations see it
    (``rummyhall.server.net.connection.Connection``)."""

    token_hash: str

    def send(self, message: str) -> None: ...

    def close(self, code: ErrorCode, error: ProtocolError | None = None) -> None: ...


class Devices:
    """This process's open connections by player, so that signing out closes them and
    an invitation reaches them (on every process: the cluster tells the others)."""

    def __init__(self) -> None:
        self._open: dict[str, set[Device]] = {}

    def opened(self, player_id: str, device: Device) -> None:
        self._open.setdefault(player_id, set()).add(device)

    def closed(self, player_id: str, device: Device) -> None:
        devices = self._open.get(player_id)
        if devices is not None:
            devices.discard(device)
            if not devices:
                del self._open[player_id]

    def connected(self) -> set[str]:
        """The players with a connection open here."""
        return set(self._open)

    def tell(self, player_id: str, message: str) -> None:
        """Send ``message`` (JSON text) to every connection of ``player_id`` here."""
        for device in list(self._open.get(player_id, ())):
            device.send(message)

    def sign_out(self, player_id: str, token_digest: str | None) -> None:
        """Close ``player_id``'s connections made with the token whose hash is
        ``token_digest`` (every one of them when ``None``)."""
        for device in list(self._open.get(player_id, ())):
            if token_digest is None or device.token_hash == token_digest:
                device.close("signed_out")

    def turn_away(self, player_id: str, error: ProtocolError) -> None:
        """Close ``player_id``'s connections, telling them ``error`` (a suspension)."""
        for device in list(self._open.get(player_id, ())):
            device.close(error.code, error)


FAILURE_MEMORY = 24 * 3600.0
"""Seconds an address that gave a username a wrong password counts as having failed on
it (:attr:`WrongPasswords.failed`)."""


@dataclass(frozen=True)
class WrongPasswords:
    """How many wrong passwords are allowed, and for whom (docs/security.md, "Password
    guessing"). Guesses from anywhere must never lock the owner out: the tight limit is
    per username *and* address, and the username's own, looser limit holds back only
    the addresses that have failed on it within a day, so its owner, from an address
    that has not, always gets in."""

    by_pair: Limiter
    """Per username from one address: tight."""
    by_username: Limiter
    """Per username, from the addresses that have failed on it: loose."""
    by_address: Limiter
    """Per address, over every username."""
    failed: Limiter
    """One token per username and address, back after :data:`FAILURE_MEMORY`: taken,
    that address has failed on that username lately."""


class Accounts:
    def __init__(
        self,
        store: Store,
        players: Players,
        wrong: WrongPasswords,
        peers: Peers | None = None,
        admit: Callable[[str], Awaitable[object]] | None = None,
    ) -> None:
        """``wrong``: the wrong passwords allowed; ``peers``: the other processes of a
        cluster; ``admit``: refuses a player suspended from the site
        (:meth:`~rummyhall.server.people.moderation.Moderation.admit`)."""
        self.store = store
        self.admit = admit
        self.players = players
        self.wrong = wrong
        self.peers = peers
        self.devices = Devices()

    async def username_of(self, player: Player) -> str | None:
        account = await self.store.account_of(player.id)
        return None if account is None else account.username

    async def claim(
        self, player: Player, username: str, password: str, nickname: str | None = None
    ) -> str:
        """Make ``player`` (a guest) an account, shown as ``nickname`` from now on if
        given (saved in the same commit); returns the username as kept."""
        shown, key = clean_username(username)
        named = player.nickname if nickname is None else clean_nickname(nickname)
        check_password(password, shown, named)
        hashed = await asyncio.to_thread(HASHER.hash, password)
        refused = await self.store.create_account(player.id, shown, key, hashed, named)
        if refused is not None:
            raise ProtocolError(refused)
        player.nickname = named
        return shown

    async def sign_in(self, username: str, password: str, address: str) -> SignedIn:
        """A new device's token for the account, or ``wrong_password`` (the same for an
        unknown username) and ``rate_limited`` after too many wrong ones."""
        try:
            _, key = clean_username(username)
        except ProtocolError:
            raise ProtocolError("wrong_password") from None
        account = await self._checked(key, password, address)
        if self.admit is not None:  # told only to who knows the password
            await self.admit(account.player_id)
        token = new_token()
        row = await self.store.add_sign_in(account.player_id, token_hash(token))
        player = self.players.known(row.id, row.nickname)
        return SignedIn(player, account.username, token)

    async def confirm(self, player: Player, password: str | None, address: str) -> None:
        """Refuse, unless ``password`` is the password of ``player``'s account (what
        deleting it asks): ``password_required``, or ``wrong_password`` counted and
        limited as when signing in. A guest has none to give."""
        account = await self.store.account_of(player.id)
        if account is None:
            return
        if not password:
            raise ProtocolError("password_required")
        await self._checked(account.username_key, password, address)

    async def _checked(self, key: str, password: str, address: str) -> models.Account:
        """The account of username ``key`` if ``password`` is its password; otherwise
        ``wrong_password`` (the same for an unknown username), each counted, and
        ``rate_limited`` after too many."""
        wrong, pair = self.wrong, f"user:{key}@{address}"
        counted = [
            (wrong.by_pair, pair),
            (wrong.by_address, f"address:{address}"),
            (wrong.by_username, f"user:{key}"),
            (wrong.failed, pair),
        ]
        # The username's own limit holds back only an address that has failed on it.
        guarded = counted[:2] if await wrong.failed.fresh(pair) else counted[:3]
        for limiter, limit_key in guarded:
            await limiter.guard(limit_key)
        account = await self.store.account_by_username(key)
        stored = _dummy_hash() if account is None else account.password_hash
        right = await asyncio.to_thread(_verifies, stored, password[: PASSWORD_MAX * 4])
        if account is None or not right:
            for limiter, limit_key in counted:
                await limiter.spend(limit_key)
            raise ProtocolError("wrong_password")
        return account

    async def sign_out(self, player: Player, token: str) -> None:
        """This device signs out (an account only: a guest who signed out would be lost):
        its token is refused from now on and its connections are closed."""
        if await self.store.account_of(player.id) is None:
            raise ProtocolError("no_account")
        digest = token_hash(token)
        await self.store.sign_out(player.id, digest, token_hash(new_token()))
        self.signed_out(player.id, digest)

    async def sign_out_everywhere(self, player: Player) -> None:
        """Every device of the account signs out, this one too."""
        if await self.store.account_of(player.id) is None:
            raise ProtocolError("no_account")
        await self.store.sign_out_everywhere(player.id, token_hash(new_token()))
        self.signed_out(player.id, None)

    def signed_out(self, player_id: str, token_digest: str | None) -> None:
        """Close the signed-out connections here and on the other processes (their
        tokens are already refused everywhere: this only ends what is open)."""
        self.devices.sign_out(player_id, token_digest)
        if self.peers is not None:
            self.peers.signed_out(player_id, token_digest)


def _verifies(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
