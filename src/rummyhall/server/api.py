"""The HTTP API: guests, the lobby, statistics and replays (OpenAPI at ``/openapi.json``).

Playing happens on the WebSocket (``/ws``, :mod:`rummyhall.server.protocol`); these
routes create a guest, list and create rooms, and read finished matches.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from markdown_it import MarkdownIt
from pydantic import BaseModel, Field

import rummyhall
from rummyhall.server.addresses import limit_key
from rummyhall.server.catalog import describe, parse_options, start_match
from rummyhall.server.i18n import Locale
from rummyhall.server.lobby import RoomRequest
from rummyhall.server.players import Player
from rummyhall.server.protocol import (
    PROTOCOL_VERSION,
    PlayerInfo,
    ProtocolError,
    RoomInfo,
    protocol_schema,
)

if TYPE_CHECKING:
    from rummyhall.server.app import Hub

router = APIRouter(prefix="/api")

RULES = Path(rummyhall.__file__).with_name("web") / "rules"
"""The rules pages, one Markdown file per game and language (``gin.en.md``, …)."""


def hub(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


async def current_player(request: Request, authorization: Annotated[str, Header()] = "") -> Player:
    """The guest whose token is given as ``Authorization: Bearer <token>``."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise ProtocolError("unauthorized")
    return await hub(request).players.authenticate(token.strip())


PlayerDep = Annotated[Player, Depends(current_player)]


async def creation_limit(request: Request) -> None:
    """Refuse a client address that creates guests or rooms too fast (the address as
    :mod:`rummyhall.server.addresses` resolved it: proxies' headers only if trusted)."""
    address = request.client.host if request.client else "unknown"
    hub(request).creations.check(limit_key(address))


Limited = Depends(creation_limit)


class NewPlayer(BaseModel):
    nickname: str = Field(max_length=64)


class Registration(BaseModel):
    player: PlayerInfo
    token: str
    """The secret that proves this guest: keep it (it is never shown again)."""


@router.get("/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/info")
async def info(request: Request) -> dict[str, Any]:
    """Protocol version, the games and their options, bot levels and limits."""
    settings = hub(request).settings
    return {
        "protocol": PROTOCOL_VERSION,
        "websocket": "/ws",
        "games": describe(),
        "bot_levels": list(settings.bot_levels),
        "away_after": settings.away_after,
        "away_level": settings.away_level,
        "limits": {
            "max_message_bytes": settings.max_message_bytes,
            "messages_per_second": settings.messages_per_second,
            "message_burst": settings.message_burst,
            "max_spectators": settings.max_spectators,
            "max_rooms_per_player": settings.max_rooms_per_player,
            "creations_per_minute": settings.creations_per_minute,
            "player_rooms_per_minute": settings.player_rooms_per_minute,
            "max_body_bytes": settings.max_body_bytes,
            "max_connections_per_address": settings.max_connections_per_address,
            "hello_timeout": settings.hello_timeout,
            "idle_timeout": settings.idle_timeout,
        },
    }


@router.get("/protocol")
async def protocol() -> dict[str, Any]:
    """JSON Schemas of every WebSocket message."""
    return protocol_schema()


@router.post("/players", status_code=201, dependencies=[Limited])
async def register(body: NewPlayer, request: Request) -> Registration:
    """Create a guest; the token in the answer is the only proof of its seats."""
    player, token = await hub(request).players.register(body.nickname)
    return Registration(player=player.info(), token=token)


@router.get("/me")
async def me(player: PlayerDep, request: Request) -> dict[str, Any]:
    store = hub(request).store
    stats = await store.call(store.repository.player_stats, player.id)
    return {"player": player.info().model_dump(), "stats": stats}


@router.get("/players/{player_id}/stats")
async def player_stats(player_id: str, request: Request) -> dict[str, Any]:
    """Matches played and won, per game and per opponent level."""
    store = hub(request).store
    return await store.call(store.repository.player_stats, player_id[:32])


@router.get("/stats/bots")
async def bot_stats(request: Request) -> dict[str, Any]:
    store = hub(request).store
    return await store.call(store.repository.bot_stats)


@router.get("/rooms")
async def rooms(request: Request) -> dict[str, list[RoomInfo]]:
    """The public rooms, those waiting for players first."""
    return {"rooms": hub(request).lobby.public_rooms()}


@router.post("/rooms", status_code=201, dependencies=[Limited])
async def create_room(body: RoomRequest, player: PlayerDep, request: Request) -> RoomInfo:
    """Open a room; join it on the WebSocket with its ``code``."""
    hub(request).player_rooms.check(player.id)
    room = await hub(request).lobby.create(player, body)
    return room.info()


@router.get("/rooms/{code}")
async def room(code: str, request: Request) -> RoomInfo:
    return hub(request).lobby.find(code[:8]).info()


async def _finished(request: Request, match_id: str) -> tuple[Any, list[dict[str, Any]]]:
    store = hub(request).store
    found = await store.call(store.repository.finished_match, match_id[:32])
    if found is None:
        raise ProtocolError("game_not_found", game=match_id[:32])
    return found


@router.get("/matches/{match_id}")
async def match_record(match_id: str, request: Request) -> dict[str, Any]:
    """A finished match: seed, options, seats, result and the whole action log (with
    ``rummyhall.load`` or the replay route it replays exactly)."""
    match, log = await _finished(request, match_id)
    return {
        "id": match.id,
        "game": match.game,
        "number": match.number,
        "options": match.options,
        "seed": match.seed,
        "seats": match.seats,
        "result": match.result,
        "started_at": match.started_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "log": log,
    }


@router.get("/matches/{match_id}/replay")
async def replay(
    match_id: str,
    request: Request,
    turn: Annotated[int, Query(ge=0)],
    seat: Annotated[int | None, Query(ge=0, le=5)] = None,
) -> dict[str, Any]:
    """A finished match as ``seat`` (or a spectator) saw it after ``turn`` actions."""
    match, log = await _finished(request, match_id)
    state = start_match(match.game, parse_options(match.game, match.options), match.seed)
    state.replay(log[:turn])
    if seat is not None and seat >= state.num_players:
        raise ProtocolError("no_such_seat", seat=seat)
    return {"turn": state.turn, "total": len(log), "view": state.view(seat)}


@functools.cache
def _rules_html(game: str, locale: str) -> str:
    text = (RULES / f"{game}.{locale}.md").read_text(encoding="utf-8")
    return str(MarkdownIt("commonmark").enable("table").render(text))


@router.get("/rules/{game}")
async def rules(game: str, locale: Locale = "en") -> dict[str, str]:
    """A game's rules page as HTML, in English (from RULES.md) or Simplified Chinese
    (from the seed pages); the Markdown sources ship in ``rummyhall/web/rules``."""
    if game not in {entry["game"] for entry in describe()}:
        raise ProtocolError("unknown_game", game=game[:32])
    return {"game": game, "locale": locale, "html": _rules_html(game, locale)}
