"""Who is here in the browser: the lobby says how many players are online and, on each
game's card, how many of its games are in play (a guest sees the counts, never names);
a friend's profile says he is playing now."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import Server, play_to_the_end
from tests.web.play import signed_in_as


def test_the_lobby_counts_and_a_friend_sees_one_playing(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    known = {name: server.register(name) for name in ("Dina", "Emil")}
    (dina, emil), _ = play_to_the_end(server, ("Dina", "Emil"), registered=known)
    # Emil plays the computer now, connected.
    emil_token = known["Emil"][1]
    code = server.create_room(
        emil_token, game="indian", options={"players": 2}, bots=[None, "easy"]
    )
    at_table = server.client(emil_token)
    at_table.join(code["code"])
    at_table.send({"type": "start"})
    at_table.wait("state")

    page = new_page()
    page.goto("/")
    expect(page.locator("#who-is-here")).to_have_text(re.compile(r"^\d+ players? online$"))
    indian = page.locator("[data-presence='indian']")
    expect(indian).to_have_text(re.compile(r"^[1-9]\d* games? in play · [1-9]\d* playing$"))
    shot(page, "lobby-guest")

    friend = new_page()
    signed_in_as(friend, {"id": dina, "nickname": "Dina"}, known["Dina"][1])
    friend.goto(f"/?profile={emil}")
    expect(friend.locator("#profile-presence")).to_have_text("Playing now")
    shot(friend, "friend-playing")
    stranger = new_page()
    stranger.goto(f"/?profile={emil}")
    expect(stranger.locator("#profile-name")).to_have_text("Emil")
    expect(stranger.locator("#profile-presence")).to_have_count(0)
    at_table.close()
