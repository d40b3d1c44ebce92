"""Moderation: players report others, moderators act, and what they decided holds.

A moderator is a player the operator named on the command line (``rummyhall moderator
grant``); the web can neither make nor unmake one. He sees the open reports and acts on
a player: a warning, a mute in chat for a time, a suspension from rated play (no rated
room, seek or seat, and no chat; casual games and games against the computer stay open)
or from the site (no sign-in at all) for a time or for good, or lifting them; or he
dismisses a report. Every action is logged with its moderator and reason
(:mod:`rummyhall.server.storage.moderation`) and carried out on every process
(:mod:`rummyhall.server.people.enforcement`): told to the player, his connections closed
(the site) or his seats at rated tables taken from them (rated play).

What holds is read from the database at each check (a hello, a chat line, a seat taken,
a room opened), so it holds on every process of a site the moment it is
committed, and ends at its time without anything to wake. But a quick pairing seek:
its connection keeps what it read at its hello (:class:`Standing`) until a decision is
carried out on its process, any decision, and reads again then. So a decision bars a
seek the moment it reaches the seeker's process (over the bus, or read from the
database within a second), a seek waiting then is ended, and a rated table is checked
against the database before it opens; a seek costs no read of it (docs/pairing.md,
"Measured").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal, Protocol

from rummyhall.server.people.blocked_words import BlockedWords
from rummyhall.server.people.players import Player, unwanted
from rummyhall.server.storage.moderation import KINDS, REASONS, RESTRICTIONS
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.protocol import ChatRequest, ProtocolError

DETAILS_MAX = 500
"""Characters of a report's details, and of a moderator's reason."""


class Enforcer(Protocol):
    """What carries decisions out on every process
    (:class:`~rummyhall.server.people.enforcement.Enforcement`, which reads
    :func:`refusal` from here)."""

    decisions: int
    """Decisions this process has begun to carry out so far."""

    async def decided(self, action_id: int, player_id: str) -> None:
        """Action ``action_id`` on ``player_id`` was committed here a moment ago."""


LONGEST = timedelta(days=365)
"""The longest mute or suspension with an end (longer ones are for good)."""
QUEUE = 100
"""Open reports shown at once, the oldest first."""

Need = Literal["chat", "rated", "site"]
BARS: Final[dict[Need, frozenset[str]]] = {
    "chat": frozenset(RESTRICTIONS),
    "rated": frozenset({"suspend_play", "suspend_site"}),
    "site": frozenset({"suspend_site"}),
}
"""What keeps a player from chatting, from rated play (rated rooms, seeks and seats)
and from the site (casual play among it)."""


@dataclass(frozen=True)
class Standing:
    """What held against a player when it was read, as a connection keeps it between
    its checks: good while no decision has been carried out on its process since the
    read began (:attr:`Enforcer.decisions` then was :attr:`decisions`)."""

    actions: list[dict[str, Any]]
    """His restrictions and warnings (``ModerationRecords.standing``)."""
    decisions: int

    def holding(self) -> list[dict[str, Any]]:
        """:attr:`actions` but the restrictions that ended since (at their ``until``)."""
        now = datetime.now(UTC)
        return [
            action
            for action in self.actions
            if action["until"] is None or datetime.fromisoformat(action["until"]) > now
        ]


def play_need(rated: bool) -> Need:
    """What a suspension must not bar for a ``rated`` room, seek or seat (or a casual one)."""
    return "rated" if rated else "site"


def shown_time(moment: str) -> str:
    """An ISO time as a refusal says it.

    >>> shown_time("2026-12-05T10:30:12.5+00:00")
    '2026-12-05 10:30 UTC'
    """
    return datetime.fromisoformat(moment).astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def refusal(standing: list[dict[str, Any]], need: Need) -> ProtocolError | None:
    """Why a player whose ``standing`` this is may not do what ``need`` says: the
    restriction that ends last among those that bar it, or ``None``."""
    bars = [action for action in standing if action["kind"] in BARS[need]]
    if not bars:
        return None
    last = max(bars, key=lambda action: action["until"] or "9999")
    reason, until = last["reason"], last["until"]
    if last["kind"] == "mute":
        return ProtocolError("muted", until=shown_time(until), reason=reason)
    if last["kind"] == "suspend_play":
        if until is None:
            return ProtocolError("suspended_play_for_good", reason=reason)
        return ProtocolError("suspended_play", until=shown_time(until), reason=reason)
    if until is None:
        return ProtocolError("suspended_for_good", reason=reason)
    return ProtocolError("suspended", until=shown_time(until), reason=reason)


def clean_words(raw: str | None, required: bool) -> str | None:
    """A report's details or a moderator's reason, its spaces folded; ``None`` when
    empty; a ``ValueError`` when too long, required and empty, or with control
    characters."""
    text = " ".join((raw or "").split())
    if len(text) > DETAILS_MAX or any(unwanted(ch) for ch in text) or (required and not text):
        raise ValueError(f"a reason of 1 to {DETAILS_MAX} printable characters")
    return text or None


class Moderation:
    """Reports, moderators' actions and the checks that enforce them."""

    enforcement: Enforcer

    def __init__(self, store: Store, blocked: BlockedWords) -> None:
        self.store = store
        self.blocked = blocked

    def attach(self, enforcement: Enforcer) -> None:
        """What carries the decisions out (made once the connections, the lobby and
        quick pairing are)."""
        self.enforcement = enforcement

    # ------------------------------------------------------------------ checks

    async def standing(self, player_id: str) -> list[dict[str, Any]]:
        """What holds against ``player_id`` now (his warnings of the last day too)."""
        records = self.store.repository.moderation
        return await self.store.read(records.standing, player_id)

    async def check(self, player_id: str, need: Need, known: Standing | None = None) -> Standing:
        """Refuse ``player_id`` what ``need`` says if something bars it; else his
        standing. ``known``: his standing as his connection last read it, read again
        only if a decision was carried out here since."""
        decisions = self.enforcement.decisions
        standing = known
        if standing is None or standing.decisions != decisions:
            standing = Standing(await self.standing(player_id), decisions)
        refused = refusal(standing.holding(), need)
        if refused is not None:
            raise refused
        return standing

    async def admit(self, player_id: str) -> Standing:
        """Refuse a player suspended from the site (a hello, a sign-in, a request)."""
        return await self.check(player_id, "site")

    async def may_play(self, player_id: str, rated: bool) -> None:
        """Refuse a suspended player a room, a seek or a seat: a ``rated`` one to a
        player suspended from rated play or from the site, a casual one only to the
        latter."""
        await self.check(player_id, play_need(rated))

    async def refused(self, player_ids: Sequence[str], rated: bool) -> dict[str, ProtocolError]:
        """Of ``player_ids``, those :meth:`may_play` refuses, with why (one read)."""
        records = self.store.repository.moderation
        held = await self.store.read(records.restrictions, player_ids)
        need: Need = "rated" if rated else "site"
        refusals = {player_id: refusal(rows, need) for player_id, rows in held.items()}
        return {player_id: error for player_id, error in refusals.items() if error is not None}

    async def chat(self, player: Player, message: ChatRequest) -> ChatRequest:
        """Refuse a muted or suspended player's chat; the message with its blocked words
        masked."""
        await self.check(player.id, "chat")
        masked = self.blocked.mask(" ".join(message.text.split()))
        return message if masked == message.text else message.model_copy(update={"text": masked})

    async def is_moderator(self, player_id: str) -> bool:
        return await self.store.read(self.store.repository.moderation.is_moderator, player_id)

    async def require_moderator(self, player: Player) -> None:
        if not await self.is_moderator(player.id):
            raise ProtocolError("not_moderator")

    # ------------------------------------------------------------------ reports

    async def report(
        self,
        reporter: Player,
        reported_id: str,
        reason: str,
        details: str | None,
        room: str | None,
        line: int | None,
    ) -> int:
        """File a report about ``reported_id`` (a chat ``line`` of his, or a ``room``
        he plays in, or him alone); its id."""
        if reported_id == reporter.id:
            raise ProtocolError("own_report")
        try:
            if reason not in REASONS:
                raise ValueError(reason)
            cleaned = clean_words(details, required=reason == "other")
        except ValueError:
            raise ProtocolError(
                "bad_report", reasons=", ".join(REASONS), most=DETAILS_MAX
            ) from None
        filed = await self.store.add_report(reporter.id, reported_id, reason, cleaned, room, line)
        if isinstance(filed, str):
            raise ProtocolError(filed)
        return filed

    async def queue(self, moderator: Player) -> list[dict[str, Any]]:
        """The open reports, oldest first, with the lines and the game reported."""
        await self.require_moderator(moderator)
        return await self.store.read(self.store.repository.moderation.open_reports, QUEUE)

    async def history(self, player_id: str) -> list[dict[str, Any]]:
        """Every moderation action concerning ``player_id`` (but dismissed reports)."""
        return await self.store.read(self.store.repository.moderation.history, player_id)

    async def record(self, moderator: Player, player_id: str) -> dict[str, Any]:
        """For a moderator: what holds against ``player_id`` and every action on him,
        with its moderator."""
        await self.require_moderator(moderator)
        return {
            "standing": await self.standing(player_id),
            "history": await self.store.read(self.store.repository.moderation.record, player_id),
        }

    # ------------------------------------------------------------------ actions

    async def act(
        self,
        moderator: Player,
        player_id: str,
        kind: str,
        reason: str,
        seconds: int | None,
        report: int | None,
    ) -> dict[str, Any]:
        """A moderator's action on ``player_id`` (for ``seconds``, or for good when
        ``None`` and a suspension), answering ``report`` if given; told to the player
        at once, and a suspension closes his connections on every process."""
        await self.require_moderator(moderator)
        until = _until(kind, seconds, moderator.id == player_id, report)
        try:
            cleaned = clean_words(reason, required=True)
        except ValueError as error:
            raise ProtocolError("bad_moderation", detail=str(error)) from None
        assert cleaned is not None
        row = await self.store.moderate(moderator.id, player_id, kind, cleaned, until, report)
        if isinstance(row, str):
            raise ProtocolError(row, report=report)
        if kind != "dismiss":
            await self.enforcement.decided(row["id"], player_id)
        return row


def _until(kind: str, seconds: int | None, own: bool, report: int | None) -> datetime | None:
    """When an action of ``kind`` lasting ``seconds`` ends (``None``: for good, or no
    end), or ``bad_moderation`` saying why it cannot be."""

    def bad(detail: str) -> ProtocolError:
        return ProtocolError("bad_moderation", detail=detail)

    if kind not in KINDS:
        raise bad(f"the kind is one of {', '.join(KINDS)}")
    if own and kind != "dismiss":
        raise bad("a moderator does not act on himself")
    if kind == "dismiss" and report is None:
        raise bad("dismiss answers a report")
    if kind not in RESTRICTIONS:
        if seconds is not None:
            raise bad(f"{kind} has no duration")
        return None
    if seconds is None:
        if kind == "mute":
            raise bad("a mute has a duration")
        return None
    if not 1 <= seconds <= LONGEST.total_seconds():
        raise bad(f"a duration is 1 second to {LONGEST.days} days (or none: for good)")
    return datetime.now(UTC) + timedelta(seconds=seconds)
