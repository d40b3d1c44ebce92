"""The HTTP API: guests, the lobby, statistics and replays (OpenAPI at ``/openapi.json``).

Playing happens on the WebSocket (``/ws``, :mod:`rummyhall.server.wire.protocol`); these
routes create a guest, list and create rooms, and read finished matches.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from markdown_it import MarkdownIt
from pydantic import BaseModel, Field

import rummyhall
from rummyhall.registry import KITS
from rummyhall.server.net.limits import client_address
from rummyhall.server.people.players import NICKNAME_CODE_POINTS, NICKNAME_MAX, Player
from rummyhall.server.rooms.catalogue import describe
from rummyhall.server.rooms.listing import ListedStatus
from rummyhall.server.rooms.lobby import RoomRequest
from rummyhall.server.wire.i18n import Locale
from rummyhall.server.wire.messages import PlayerInfo, RoomInfo, RoomPage, protocol_schema
from rummyhall.server.wire.protocol import PROTOCOL_VERSION, ProtocolError

if TYPE_CHECKING:
    from rummyhall.server.services import Services

router = APIRouter(prefix="/api")

RULES = Path(rummyhall.__file__).with_name("web") / "rules"
"""The rules pages, one Markdown file per game and language (``gin.en.md``, …)."""


def services(request: Request) -> Services:
    return request.app.state.services  # type: ignore[no-any-return]


def bearer_token(authorization: Annotated[str, Header()] = "") -> str:
    """The token given as ``Authorization: Bearer <token>`` (never in an address)."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ProtocolError("unauthorized")
    return token.strip()


TokenDep = Annotated[str, Depends(bearer_token)]


async def current_player(request: Request, token: TokenDep) -> Player:
    """The guest whose token is given (online for a while: he asked), refused while
    suspended from the site."""
    here = services(request)
    player = await here.players.authenticate(token)
    await here.moderation.admit(player.id)
    here.presence.saw(player.id)
    return player


PlayerDep = Annotated[Player, Depends(current_player)]


async def creation_limit(request: Request) -> None:
    """Refuse a client address that creates guests or rooms too fast (the address as
    :mod:`rummyhall.server.net.addresses` resolved it: proxies' headers only if trusted)."""
    await services(request).creations.check(client_address(request))


async def read_limit(request: Request) -> None:
    """Refuse a client address that reads too fast (every route but ``/health``, which
    monitors poll, and the creations, which have their own limit)."""
    await services(request).reads.check(client_address(request))


Limited = Depends(creation_limit)
Reads = [Depends(read_limit)]

JSON = "application/json"


class NewPlayer(BaseModel):
    """``POST /api/players`` and ``PATCH /api/me``: the nickname wanted (its length is
    checked in characters as people count them: ``players.clean_nickname``)."""

    nickname: str = Field(max_length=NICKNAME_CODE_POINTS)


class SeatedRoom(BaseModel):
    room: RoomInfo
    seat: int
    """The seat the token's player holds there."""


class Registration(BaseModel):
    player: PlayerInfo
    token: str
    """The secret that proves this guest: keep it (it is never shown again)."""


class Credentials(BaseModel):
    """``POST /api/me/account`` (claim) and ``POST /api/sign-ins`` (sign in)."""

    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class Claim(Credentials):
    """``POST /api/me/account``: the credentials and, optionally, the nickname the
    player is to be shown by from now on (his guest name otherwise)."""

    nickname: str | None = Field(None, max_length=NICKNAME_CODE_POINTS)


class SignInAnswer(BaseModel):
    player: PlayerInfo
    username: str
    token: str
    """The secret of this device's sign-in: keep it (it is never shown again)."""


@router.get("/health")
async def health(request: Request) -> dict[str, str]:
    """``ok``; in a cluster also which process answered (``process``: its id in Redis)."""
    cluster = services(request).cluster
    return {"status": "ok"} if cluster is None else {"status": "ok", "process": cluster.node}


@router.get("/info", dependencies=Reads)
async def info(request: Request) -> dict[str, Any]:
    """Protocol version, the games and their options, bot levels and limits."""
    settings = services(request).settings
    return {
        "protocol": PROTOCOL_VERSION,
        "websocket": "/ws",
        "games": describe(),
        "bot_levels": list(settings.bot_levels),
        "away_after": settings.away_after,
        "away_level": settings.away_level,
        "clocks": ["off", *settings.clocks],
        "hand_over_after": settings.hand_over_after,
        "privacy": {
            "chat_retention_days": settings.chat_retention_days,
            "guest_game_retention_days": settings.guest_game_retention_days,
        },
        "limits": {
            "nickname_max": NICKNAME_MAX,
            "max_message_bytes": settings.max_message_bytes,
            "messages_per_second": settings.messages_per_second,
            "message_burst": settings.message_burst,
            "max_spectators": settings.max_spectators,
            "max_spectators_per_player": settings.max_spectators_per_player,
            "max_rooms_per_player": settings.max_rooms_per_player,
            "max_waiting_seats": settings.max_waiting_seats,
            "remove_ban": settings.remove_ban,
            "reads_per_second": settings.reads_per_second,
            "read_burst": settings.read_burst,
            "room_guesses_per_minute": settings.room_guesses_per_minute,
            "lobby_page": settings.lobby_page,
            "lobby_page_max": settings.lobby_page_max,
            "creations_per_minute": settings.creations_per_minute,
            "player_rooms_per_minute": settings.player_rooms_per_minute,
            "max_body_bytes": settings.max_body_bytes,
            "max_connections_per_address": settings.max_connections_per_address,
            "hello_timeout": settings.hello_timeout,
            "idle_timeout": settings.idle_timeout,
        },
    }


@router.get("/protocol", dependencies=Reads)
async def protocol() -> dict[str, Any]:
    """JSON Schemas of every WebSocket message."""
    return protocol_schema()


@router.post("/players", status_code=201, dependencies=[Limited])
async def register(body: NewPlayer, request: Request) -> Registration:
    """Create a guest; the token in the answer is the only proof of its seats."""
    player, token = await services(request).players.register(body.nickname)
    return Registration(player=player.info(), token=token)


@router.get("/me", dependencies=Reads)
async def me(player: PlayerDep, request: Request) -> dict[str, Any]:
    """The token's player, his account's username (``null`` for a guest) and figures."""
    stats = await services(request).store.player_stats(player.id)
    username = await services(request).accounts.username_of(player)
    return {"player": player.info().model_dump(), "username": username, "stats": stats}


@router.post("/me/account", status_code=201, dependencies=[Limited])
async def claim(body: Claim, player: PlayerDep, request: Request) -> dict[str, Any]:
    """The token's guest claims his identity: a username (unique whatever its case) and
    a password, to sign in with on other devices, and a new ``nickname`` if given, in
    one transaction. This device stays signed in."""
    renamed = player.nickname
    username = await services(request).accounts.claim(
        player, body.username, body.password, body.nickname
    )
    if player.nickname != renamed:
        services(request).lobby.renamed(player)
    return {"player": player.info().model_dump(), "username": username}


@router.post("/sign-ins", status_code=201, dependencies=[Limited])
async def sign_in(body: Credentials, request: Request) -> SignInAnswer:
    """Sign this device in to an account: the answer's token makes it the account's
    player, with his seats and games. Wrong passwords are limited per username and
    address, per address, and per username for the addresses that failed on it
    (``rate_limited``; docs/security.md)."""
    accounts = services(request).accounts
    signed = await accounts.sign_in(body.username, body.password, client_address(request))
    return SignInAnswer(player=signed.player.info(), username=signed.username, token=signed.token)


@router.delete("/sign-ins/current", status_code=204)
async def sign_out(player: PlayerDep, token: TokenDep, request: Request) -> Response:
    """This device signs out: its token is refused from now on, and its connections are
    closed."""
    await services(request).accounts.sign_out(player, token)
    return Response(status_code=204)


@router.delete("/sign-ins", status_code=204)
async def sign_out_everywhere(player: PlayerDep, request: Request) -> Response:
    """Every device of the account signs out, this one too: every token of the player is
    refused from now on, on every server process, and his connections are closed."""
    await services(request).accounts.sign_out_everywhere(player)
    return Response(status_code=204)


@router.patch("/me", dependencies=[Limited])
async def rename(body: NewPlayer, player: PlayerDep, request: Request) -> dict[str, Any]:
    """Change the nickname of the token's player, who keeps its id, token and seats; the
    rooms it sits in or hosts are told at once."""
    await services(request).players.rename(player, body.nickname)
    services(request).lobby.renamed(player)
    return {"player": player.info().model_dump()}


@router.get("/me/rooms", dependencies=Reads)
async def my_rooms(player: PlayerDep, request: Request) -> list[SeatedRoom]:
    """The unfinished rooms (waiting or playing) the token's player holds a seat in,
    to resume them: what ``GET /api/rooms/{code}`` shows, and the seat."""
    return [
        SeatedRoom(room=room, seat=seat)
        for room, seat in await services(request).lobby.seated_rooms(player)
    ]


class InvitationRequest(BaseModel):
    """``POST /api/rooms/{code}/invitations``: whom to invite, by his account's
    ``username`` or, for one of your recent opponents, his ``player`` id."""

    username: str | None = Field(None, max_length=64)
    player: str | None = Field(None, max_length=32)


@router.post("/rooms/{code}/invitations", status_code=201, dependencies=[Limited])
async def invite(
    code: str, body: InvitationRequest, player: PlayerDep, request: Request
) -> dict[str, Any]:
    """Invite someone to a room you host or sit in (not over): it waits in his lobby
    (``GET /api/me/invitations``) and reaches his open connections at once."""
    invited = await services(request).friends.invite(
        player, code[:16], client_address(request), username=body.username, player_id=body.player
    )
    return {"room": code[:16].upper(), "invited": invited.model_dump()}


@router.get("/me/invitations", dependencies=Reads)
async def invitations(player: PlayerDep, request: Request) -> list[dict[str, Any]]:
    """Your invitations to rooms not over, newest first: ``id, room, game, options,
    status, from {id, nickname}, at``."""
    return await services(request).friends.invitations(player)


@router.delete("/me/invitations/{invitation_id}", status_code=204)
async def dismiss_invitation(invitation_id: int, player: PlayerDep, request: Request) -> Response:
    """Forget one of your invitations."""
    await services(request).friends.dismiss(player, invitation_id)
    return Response(status_code=204)


@router.get("/me/opponents", dependencies=Reads)
async def recent_opponents(player: PlayerDep, request: Request) -> list[dict[str, Any]]:
    """The people you played finished matches against, the latest first (to invite them
    again): ``id, nickname, username, matches, last``."""
    return await services(request).friends.recent_opponents(player)


@router.get("/players/{player_id}/stats", dependencies=Reads)
async def player_stats(player_id: str, request: Request) -> dict[str, Any]:
    """Matches played and won, per game and per opponent level."""
    return await services(request).store.player_stats(player_id[:32])


@router.get("/players/{player_id}/profile", dependencies=Reads)
async def profile(
    player_id: str, request: Request, authorization: Annotated[str, Header()] = ""
) -> dict[str, Any]:
    """A player's public page: nickname, username, per game his rating (OpenSkill, see
    ``server/storage/ratings.py``) with its history, matches played and won, and his recent
    finished matches (replays are public once a match is over); asked with the token of
    one of his friends, whether he is online or playing (``presence``; ``null`` while
    that is not known: Redis out of reach)."""
    here = services(request)
    found = await here.store.profile(player_id)
    if found is None:
        raise ProtocolError("player_not_found")
    if authorization:
        viewer = await current_player(request, bearer_token(authorization))
        if viewer.id != player_id and await here.store.friends(viewer.id, player_id):
            found["presence"] = await here.presence.of(player_id)  # None: not known now
    return found


@router.get("/presence", dependencies=Reads)
async def presence(request: Request) -> dict[str, Any]:
    """Who is here: players online, and per game the matches under way and the people
    at them (counts, never names); this process's alone, ``partial``, while Redis is out
    of reach."""
    return await services(request).presence.counts()


@router.get("/leaderboard/{game}", dependencies=Reads)
async def leaderboard(
    game: str, request: Request, player: Annotated[str | None, Query(max_length=32)] = None
) -> dict[str, Any]:
    """The 100 best rated players of ``game`` and, with ``?player=ID``, his rank."""
    if game not in KITS:
        raise ProtocolError("unknown_game", game=game)
    return await services(request).store.leaderboard(game, player)


@router.get("/stats/bots", dependencies=Reads)
async def bot_stats(request: Request) -> dict[str, Any]:
    return await services(request).store.bot_stats()


@router.get("/rooms", dependencies=Reads, response_model=RoomPage, response_class=Response)
async def rooms(
    request: Request,
    limit: Annotated[int | None, Query(ge=1)] = None,
    cursor: Annotated[str | None, Query(pattern=r"^[0-3][A-Z2-9]{6,10}$")] = None,
    game: Annotated[str | None, Query(max_length=16)] = None,
    status: ListedStatus | None = None,
) -> Response:
    """A page of the public rooms, those waiting for players first: ``limit`` of them
    (default and most: ``/api/info`` ``limits.lobby_page``/``lobby_page_max``), after
    ``cursor`` (the previous page's ``next``), of one ``game`` or ``status`` if given;
    without a ``status``, the rooms waiting or playing (not the finished ones)."""
    settings = services(request).settings
    size = min(limit or settings.lobby_page, settings.lobby_page_max)
    page = await services(request).lobby.listing.page(size, cursor, game, status)
    return Response(page, media_type=JSON)


RequestKey = Annotated[
    str | None,
    Header(alias="Idempotency-Key", min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$"),
]


@router.post("/rooms", status_code=201, dependencies=[Limited])
async def create_room(
    body: RoomRequest,
    player: PlayerDep,
    request: Request,
    response: Response,
    key: RequestKey = None,
) -> RoomInfo:
    """Open a room; join it on the WebSocket with its ``code``. With an
    ``Idempotency-Key`` header, asking again with the same key answers the room it
    opened (200) instead of opening another (docs/protocol.md)."""
    await services(request).moderation.may_play(player.id, body.rated)
    await services(request).player_rooms.check(player.id)
    room, created = await services(request).lobby.create(player, body, key)
    if not created:
        response.status_code = 200
    return room


@router.get("/rooms/{code}", dependencies=Reads)
async def room(code: str, request: Request) -> RoomInfo:
    """One room, public or private, by its code (a miss spends one of the address's
    guesses: ``room_guesses_per_minute``)."""
    return await services(request).lobby.describe(code[:16], client_address(request))


@router.get(
    "/matches/{match_id}",
    dependencies=Reads,
    response_class=Response,
    responses={200: {"content": {JSON: {}}}},
)
async def match_record(match_id: str, request: Request) -> Response:
    """A finished match: ``id, game, number, options, seed, seats, result, started_at,
    finished_at`` and the whole action ``log`` (with ``rummyhall.load`` or the replay
    route it replays exactly)."""
    finished = await services(request).replays.get(match_id[:32])
    return Response(finished.record, media_type=JSON)


@router.get(
    "/matches/{match_id}/replay",
    dependencies=Reads,
    response_class=Response,
    responses={200: {"content": {JSON: {}}}},
)
async def replay(
    match_id: str,
    request: Request,
    turn: Annotated[int, Query(ge=0)],
    seat: Annotated[int | None, Query(ge=0, le=5)] = None,
) -> Response:
    """A finished match as ``seat`` (or a spectator) saw it after ``turn`` actions:
    ``{"turn", "total", "view"}``."""
    frame = await services(request).replays.frame(match_id[:32], turn, seat)
    return Response(frame, media_type=JSON)


@functools.cache
def _rules_html(game: str, locale: str) -> str:
    text = (RULES / f"{game}.{locale}.md").read_text(encoding="utf-8")
    return str(MarkdownIt("commonmark").enable("table").render(text))


@router.get("/rules/{game}", dependencies=Reads)
async def rules(game: str, locale: Locale = "en") -> dict[str, str]:
    """A game's rules page as HTML, in English (from docs/rulebook.md) or Simplified Chinese
    (from the seed pages); the Markdown sources ship in ``rummyhall/web/rules``."""
    if game not in {entry["game"] for entry in describe()}:
        raise ProtocolError("unknown_game", game=game[:32])
    return {"game": game, "locale": locale, "html": _rules_html(game, locale)}
