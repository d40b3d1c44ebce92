"""A player's privacy: "Download my data", "Delete my account", and the rounds that
remove what is past its time (docs/privacy.md says what is kept, and for how long).

Deleting is one transaction (:mod:`rummyhall.server.storage.erasure`); once it is
committed, every room on every process shows the seat as a deleted player's (a rename
to :data:`~rummyhall.server.storage.erasure.DELETED_NICKNAME`, which also drops the
cached records naming him), and his connections everywhere are closed, so his seats
follow the away rules like any absent player's.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from rummyhall.server.people.accounts import Accounts
from rummyhall.server.people.players import Player, new_token, token_hash
from rummyhall.server.people.replays import match_record
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.settings import Settings
from rummyhall.server.storage.erasure import DELETED_NICKNAME
from rummyhall.server.storage.models import now
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

DAY = timedelta(days=1)


class Privacy:
    def __init__(self, settings: Settings, store: Store, accounts: Accounts, lobby: Lobby) -> None:
        self.settings = settings
        self.store = store
        self.accounts = accounts
        self.lobby = lobby

    async def delete(self, player: Player, password: str | None, address: str) -> None:
        """Delete ``player``'s account and what is his (an account's password confirms
        it: :meth:`Accounts.confirm`)."""
        await self.accounts.confirm(player, password, address)
        if not await self.store.erase_player(player.id, token_hash(new_token())):
            raise ProtocolError("unauthorized")  # deleted meanwhile by another request
        player.nickname = DELETED_NICKNAME
        self.lobby.renamed(player)
        self.accounts.signed_out(player.id, None)

    async def download(self, player: Player) -> dict[str, Any]:
        """Everything kept of ``player`` and of nobody else (:func:`~rummyhall.server.
        storage.erasure.export`), with the records of the finished games he played."""
        data = await self.store.export(player.id)
        if data is None:
            raise ProtocolError("unauthorized")
        games = []
        for match_id in data.pop("matches"):
            found = await self.store.finished_match(match_id)
            if found is not None:
                games.append(match_record(*found))
        return {"exported_at": now().isoformat(), **data, "games": games}

    async def expire(self) -> None:
        """One round: the chat lines and guests' games past their retention go."""
        settings, moment = self.settings, now()
        if settings.chat_retention_days:
            lines = await self.store.expire_chat(moment - settings.chat_retention_days * DAY)
            if lines:
                log.info("retention: %d chat lines removed", lines)
        if settings.guest_game_retention_days:
            before = moment - settings.guest_game_retention_days * DAY
            games = await self.store.expire_guest_games(before)
            if games:
                log.info("retention: %d guests' games removed", games)

    async def expire_forever(self) -> None:
        """A round now, then one every ``retention_every`` seconds; a round that fails
        (the database out of reach) is tried again at the next."""
        while True:
            try:
                await self.expire()
            except Exception:
                log.exception("retention round failed")
            await asyncio.sleep(self.settings.retention_every)
