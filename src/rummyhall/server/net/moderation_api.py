"""The HTTP routes of moderation (:mod:`rummyhall.server.people.moderation`): any player
reports another and reads what moderators decided about himself; the ``/moderation``
routes answer moderators only (403 ``not_moderator`` to everyone else)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, Field

from rummyhall.server.net.api import Limited, PlayerDep, Reads, services
from rummyhall.server.people.moderation import DETAILS_MAX
from rummyhall.server.storage.moderation import Kind, Reason

moderation_routes = APIRouter(prefix="/api")

PlayerId = Annotated[str, Path(max_length=32)]


class ReportRequest(BaseModel):
    """``POST /api/reports``: who, why, and what (a chat ``line`` of his, or a ``room``
    where he plays; neither: the player himself, his name say)."""

    player: str = Field(max_length=32)
    reason: Reason
    details: str | None = Field(None, max_length=4 * DETAILS_MAX)
    """Required for ``other``; the length is checked in characters after spaces fold."""
    room: str | None = Field(None, max_length=16)
    line: int | None = Field(None, ge=1)


class ActionRequest(BaseModel):
    """``POST /api/moderation/actions``: what a moderator does to ``player``, why, for
    how long (``seconds``; none: for good, for a suspension), answering which
    ``report``."""

    player: str = Field(max_length=32)
    kind: Kind
    reason: str = Field(max_length=4 * DETAILS_MAX)
    seconds: int | None = Field(None, ge=1)
    report: int | None = Field(None, ge=1)


@moderation_routes.post("/reports", status_code=201, dependencies=[Limited])
async def report(body: ReportRequest, player: PlayerDep, request: Request) -> dict[str, int]:
    """Report a player to the moderators; the report's id. The chat lines named and the
    game are copied into the report."""
    moderation = services(request).moderation
    filed = await moderation.report(
        player, body.player, body.reason, body.details, body.room, body.line
    )
    return {"report": filed}


@moderation_routes.get("/me/moderation", dependencies=Reads)
async def my_moderation(player: PlayerDep, request: Request) -> dict[str, Any]:
    """What moderators decided about you: what holds now (``standing``), every action
    (``history``), and whether you are a moderator yourself."""
    moderation = services(request).moderation
    return {
        "moderator": await moderation.is_moderator(player.id),
        "standing": await moderation.standing(player.id),
        "history": await moderation.history(player.id),
    }


@moderation_routes.get("/moderation/reports", dependencies=Reads)
async def queue(player: PlayerDep, request: Request) -> list[dict[str, Any]]:
    """Moderators: the open reports, oldest first, each with the reported chat lines,
    the room and match, and the reported player's past actions."""
    return await services(request).moderation.queue(player)


@moderation_routes.post("/moderation/actions", status_code=201)
async def act(body: ActionRequest, player: PlayerDep, request: Request) -> dict[str, Any]:
    """Moderators: warn, mute, suspend, lift or dismiss (a report); logged with you and
    your reason, and told to the player at once."""
    moderation = services(request).moderation
    return await moderation.act(
        player, body.player, body.kind, body.reason, body.seconds, body.report
    )


@moderation_routes.get("/moderation/players/{player_id}", dependencies=Reads)
async def player_record(player_id: PlayerId, player: PlayerDep, request: Request) -> dict[str, Any]:
    """Moderators: one player's moderation: what holds now and every action, with the
    moderator who took it."""
    return await services(request).moderation.record(player, player_id)
