"""Friends: a player at a table invites another by his username, or one of the people
he recently played against; the invitation waits in the invited player's lobby (kept in
the database, so it reaches him whenever he next comes) and reaches him at once where
he is connected (an ``invited`` message, on every process of a cluster)."""

from __future__ import annotations

from typing import Any

from rummyhall.server.people.accounts import Devices, clean_username
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.listing import UNFINISHED
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import InvitedMessage, PlayerInfo, RoomInfo
from rummyhall.server.wire.protocol import ProtocolError


class Friends:
    def __init__(
        self, store: Store, lobby: Lobby, devices: Devices, peers: Peers | None = None
    ) -> None:
        """``peers``: the other processes of a cluster, told to pass invitations on."""
        self.store = store
        self.lobby = lobby
        self.devices = devices
        self.peers = peers

    async def invite(
        self,
        inviter: Player,
        code: str,
        address: str,
        *,
        username: str | None = None,
        player_id: str | None = None,
    ) -> PlayerInfo:
        """Invite to room ``code`` (where ``inviter`` hosts or holds a seat, and which is
        not over) the player with ``username``, or ``player_id`` among the inviter's
        recent opponents; the invited player."""
        room = await self.lobby.describe(code, address)
        if room.status not in UNFINISHED:
            raise ProtocolError("room_over")
        if not _belongs(room, inviter):
            raise ProtocolError("not_at_table")
        invited = await self._invited(inviter, username, player_id)
        if invited.id == inviter.id:
            raise ProtocolError("own_invitation")
        await self.store.invite(room.code, inviter.id, invited.id)
        invitation = InvitedMessage(room=room.code, game=room.game, by=inviter.info())
        message = invitation.model_dump_json()
        self.devices.tell(invited.id, message)
        if self.peers is not None:
            self.peers.tell(invited.id, message)
        return invited

    async def _invited(
        self, inviter: Player, username: str | None, player_id: str | None
    ) -> PlayerInfo:
        if (username is None) == (player_id is None):
            raise ProtocolError("bad_invitation")
        if username is not None:
            try:
                key = clean_username(username)[1]
            except ProtocolError:
                raise ProtocolError("user_not_found", username=username) from None
            account = await self.store.account_by_username(key)
            if account is None:
                raise ProtocolError("user_not_found", username=username)
            names = await self.store.read(
                self.store.repository.players.nicknames, [account.player_id]
            )
            return PlayerInfo(id=account.player_id, nickname=names[account.player_id])
        opponents = await self.store.recent_opponents(inviter.id)
        found = next((each for each in opponents if each["id"] == player_id), None)
        if found is None:
            raise ProtocolError("user_not_found", username=player_id)
        return PlayerInfo(id=found["id"], nickname=found["nickname"])

    async def invitations(self, player: Player) -> list[dict[str, Any]]:
        return await self.store.invitations(player.id)

    async def dismiss(self, player: Player, invitation_id: int) -> None:
        if not await self.store.dismiss_invitation(player.id, invitation_id):
            raise ProtocolError("invitation_not_found")

    async def recent_opponents(self, player: Player) -> list[dict[str, Any]]:
        return await self.store.recent_opponents(player.id)


def _belongs(room: RoomInfo, player: Player) -> bool:
    """Whether ``player`` hosts ``room`` or holds one of its seats."""
    seated = any(seat.player is not None and seat.player.id == player.id for seat in room.seats)
    return seated or room.host.id == player.id
