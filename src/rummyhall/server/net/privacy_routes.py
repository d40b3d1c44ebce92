"""The HTTP routes of a player's privacy: his data to download, his account to delete
(:mod:`rummyhall.server.people.privacy`; docs/privacy.md)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from rummyhall.server.net.api import JSON, Limited, PlayerDep, Reads, services
from rummyhall.server.net.limits import client_address
from rummyhall.server.people.replays import encode

privacy = APIRouter(prefix="/api")


class Deletion(BaseModel):
    """``POST /api/me/deletion``: an account's password confirms it (a guest has none)."""

    password: str | None = Field(None, max_length=1024)


@privacy.get(
    "/me/data",
    dependencies=Reads,
    response_class=Response,
    responses={200: {"content": {JSON: {}}}},
)
async def download(player: PlayerDep, request: Request) -> Response:
    """Everything the server keeps of the token's player, and nothing of anyone else's:
    ``player``, ``account``, ``signed_in_devices``, ``ratings``, ``rating_changes``,
    his own ``chat`` lines and the records of the finished ``games`` he played (as
    ``GET /api/matches/{id}`` serves them), as a JSON file to save."""
    data = await services(request).privacy.download(player)
    name = f"rummyhall-{player.id}.json"
    return Response(
        encode(data),
        media_type=JSON,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@privacy.post("/me/deletion", status_code=204, dependencies=[Limited])
async def delete(body: Deletion, player: PlayerDep, request: Request) -> Response:
    """Delete the token's player for good, in one transaction: his account, sign-ins,
    chat lines, invitations and ratings go, his seat in others' game records is called
    a deleted player's (every replay still plays), his connections everywhere are
    closed. An account's ``password`` confirms it (``password_required``,
    ``wrong_password``, limited as signing in is)."""
    await services(request).privacy.delete(player, body.password, client_address(request))
    return Response(status_code=204)
