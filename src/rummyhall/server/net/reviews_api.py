"""The HTTP routes of reviews (docs/protocol.md, "Reviews"): ask for one seat's review
of a finished match, and follow it until it is done."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Path, Request
from fastapi.responses import JSONResponse

from rummyhall.server.net.api import PlayerDep, Reads, bearer_token, current_player, services
from rummyhall.server.people.players import Player
from rummyhall.server.reviews.service import Answer

router = APIRouter(prefix="/api")

SeatPath = Annotated[int, Path(ge=0, le=5)]


def answered(answer: Answer) -> JSONResponse:
    """A review under way is 202 (asked again or looked at, it says how far it is)."""
    return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)


@router.post("/matches/{match_id}/reviews/{seat}")
async def ask_review(
    match_id: str, seat: SeatPath, player: PlayerDep, request: Request
) -> JSONResponse:
    """Token: the review of ``seat`` in the finished match ``match_id``: ``{"status":
    "done", "review"}`` (200) if it was computed, else ``{"status": "running", "done",
    "total"}`` (202), started if it was not under way (one of the player's
    ``reviews_per_hour``)."""
    return answered(await services(request).reviews.ask(match_id[:32], seat, player))


@router.get("/matches/{match_id}/reviews/{seat}", dependencies=Reads)
async def look_review(
    match_id: str,
    seat: SeatPath,
    request: Request,
    authorization: Annotated[str, Header()] = "",
) -> JSONResponse:
    """The review as ``POST`` answers it, or ``{"status": "none"}`` if it is neither
    computed nor under way on this process; starts nothing. The token is needed only for
    one's own seat in a private room's match."""
    player: Player | None = None
    if authorization:
        player = await current_player(request, bearer_token(authorization))
    return answered(await services(request).reviews.look(match_id[:32], seat, player))
