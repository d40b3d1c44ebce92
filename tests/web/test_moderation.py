"""Moderation in the browser: a player reports a chat line, and the table; a moderator
(named by the command line) finds both on the moderation page (in English and
Chinese), the line shown as text with links to the game, mutes the sender and dismisses
the other; the muted player is told why, his next line is refused with the same reason
and his profile shows the record; the moderator lifts the mute from that profile. A
player suspended from rated play is offered casual games only, and told why, and at a
rated table he loses his seat and watches instead."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from rummyhall.cli import main
from tests.server.harness import Server
from tests.server.test_accounts import auth, claim
from tests.web.play import invite_friend


def say(page: Page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat-input").press("Enter")


def moderator_page(new_page: Callable[..., Page], server: Server) -> Page:
    """A page signed in as a new account the operator made a moderator."""
    player_id, token = server.register("Moe")
    assert claim(server, token, "Moe_Mod").status_code == 201
    assert main(["moderator", "grant", "Moe_Mod", "--db", server.database_url]) == 0
    page = new_page()
    page.goto("/?rules=gin")
    player = {"id": player_id, "nickname": "Moe", "username": "Moe_Mod"}
    page.evaluate(
        "([token, player]) => { localStorage.setItem('rummyhall.token', token);"
        " localStorage.setItem('rummyhall.player', player); }",
        [token, json.dumps(player)],
    )
    return page


def test_a_reported_line_is_muted_and_its_sender_sees_why(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path], server: Server
) -> None:
    host, friend, _ = invite_friend(new_page)
    host.click("#start")
    for page in (host, friend):
        expect(page.locator(".felt")).to_be_visible()
    say(friend, "you donkey, see https://example.com")
    line = host.locator("#chat-lines li", has_text="you donkey")
    expect(line.locator(".chat-text")).to_have_text("you donkey, see https://example.com")
    expect(line.locator("a")).to_have_count(0)
    line.locator(".chat-report").click()
    expect(host.locator("#report-dialog")).to_be_visible()
    host.select_option("#report-reason", "abuse")
    host.fill("#report-details", "Insults after every hand")
    shot(host, "report-dialog")
    host.click("#report-send")
    expect(host.locator("#report-dialog")).to_have_count(0)
    expect(host.locator(".toast")).to_contain_text("moderators")

    host.click("#report-at-table")  # from the table: whom, among its people
    expect(host.locator("#report-player")).to_have_count(0)  # one other: him
    host.select_option("#report-reason", "spam")
    host.click("#report-send")
    expect(host.locator("#report-dialog")).to_have_count(0)

    moderator = moderator_page(new_page, server)
    moderator.goto("/?moderation=1")
    expect(moderator.locator("#moderation-link")).to_be_visible()
    expect(moderator.locator(".mod-report")).to_have_count(2)
    card = moderator.locator(".mod-report").first
    expect(card.locator(".mod-lines")).to_contain_text("you donkey, see https://example.com")
    expect(card.locator(".mod-lines a")).to_have_count(0)  # a link stays text
    expect(card).to_contain_text("Insults after every hand")
    expect(card.get_by_role("link", name="Replay the game")).to_be_visible()
    shot(moderator, "queue")
    moderator.click("[data-lang='zh']")
    expect(moderator.locator("h1")).to_have_text("管理：待处理举报")
    shot(moderator, "queue-zh")
    moderator.click("[data-lang='en']")
    card.locator("select[name='kind']").select_option("mute")
    card.locator("select[name='seconds']").select_option("3600")
    card.locator("input[name='reason']").fill("Insults in chat")
    card.locator("button[type='submit']").click()
    expect(moderator.locator(".mod-report")).to_have_count(1)
    expect(friend.locator("#banner")).to_contain_text("Insults in chat")
    expect(friend.locator("#banner")).to_contain_text("muted")
    say(friend, "sorry")
    expect(friend.locator(".toast.error").last).to_contain_text("Insults in chat")
    expect(host.locator("#chat-lines li", has_text="sorry")).to_have_count(0)
    shot(friend, "muted")

    spam = moderator.locator(".mod-report").first  # the table's report: no lines, the game
    expect(spam).to_contain_text("Spam or advertising")
    expect(spam.get_by_role("link", name=re.compile("Watch room"))).to_be_visible()
    spam.locator("select[name='kind']").select_option("dismiss")
    spam.locator("input[name='reason']").fill("Nothing found")
    spam.locator("button[type='submit']").click()
    expect(moderator.locator("#mod-empty")).to_be_visible()

    friend_id = session_player(friend)
    record = friend.context.new_page()  # his own profile says it too
    record.goto(f"/?profile={friend_id}")
    expect(record.locator("#mod-panel")).to_contain_text("Insults in chat")
    shot(record, "own-record")
    moderator.goto(f"/?profile={friend_id}")
    panel = moderator.locator("#mod-panel")
    expect(panel).to_contain_text("Mute in chat")
    panel.locator("select[name='kind']").select_option("lift")
    panel.locator("input[name='reason']").fill("Apologised")
    shot(moderator, "player-record")
    panel.locator("button[type='submit']").click()
    expect(panel.locator(".mod-record li")).to_have_count(2)
    expect(friend.locator("#banner")).to_be_hidden()
    say(friend, "thanks")
    expect(host.locator("#chat-lines li", has_text="thanks")).to_have_count(1)


def session_player(page: Page) -> str:
    return str(page.evaluate("JSON.parse(localStorage.getItem('rummyhall.player')).id"))


def test_the_moderation_page_refuses_a_player(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path], server: Server
) -> None:
    page = new_page()
    page.goto("/?moderation=1")
    expect(page.locator("#mod-refused")).to_contain_text("Only moderators")
    expect(page.locator("#moderation-link")).to_be_hidden()
    token = page.evaluate("localStorage.getItem('rummyhall.token')")
    if token:  # the same answer the page got, from the API itself
        answer = httpx.get(f"{server.url}/api/moderation/reports", headers=auth(token))
        assert answer.status_code == 403
    shot(page, "refused")


def test_a_player_suspended_from_rated_play_is_offered_casual_games_only(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path], server: Server
) -> None:
    player_id, token = server.register("Rex")
    assert claim(server, token, "Rex_Rated").status_code == 201
    mod_token = server.register("Mia")[1]
    assert claim(server, mod_token, "Mia_Mod").status_code == 201
    assert main(["moderator", "grant", "Mia_Mod", "--db", server.database_url]) == 0
    decision = {"player": player_id, "kind": "suspend_play", "reason": "Boosting", "seconds": 3600}
    with server.http() as http:
        answer = http.post("/api/moderation/actions", json=decision, headers=auth(mod_token))
    assert answer.status_code == 201, answer.text
    page = new_page()
    page.goto("/?rules=gin")
    player = {"id": player_id, "nickname": "Rex", "username": "Rex_Rated"}
    page.evaluate(
        "([token, player]) => { localStorage.setItem('rummyhall.token', token);"
        " localStorage.setItem('rummyhall.player', player); }",
        [token, json.dumps(player)],
    )
    page.goto("/")
    expect(page.locator("#banner")).to_contain_text("casual games stay open")
    pairing = page.locator("#pairing")
    rated = pairing.get_by_role("radio", name="Rated")
    expect(rated).to_be_disabled()
    expect(pairing.get_by_role("radio", name="Casual")).to_be_checked()
    expect(rated).to_have_accessible_description(re.compile("Rated games are closed to you"))
    friends = page.locator("form.friends input[name=rated]")
    expect(friends).to_be_disabled()
    expect(friends).not_to_be_checked()
    expect(friends).to_have_accessible_description(re.compile("Boosting"))
    shot(page, "rated-closed")
    page.click("#create-room")  # a casual room for friends opens
    expect(page).to_have_url(re.compile(r"\?room="))
    page.goto("/")
    page.click("[data-play=gin]")  # and a game against the computer
    expect(page.locator(".felt")).to_be_visible()


def test_a_player_suspended_from_rated_play_at_a_rated_table_watches_it_instead(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path], server: Server
) -> None:
    host, friend, _ = invite_friend(new_page)  # a room for friends is rated by default
    host.click("#start")
    for page in (host, friend):
        expect(page.locator(".felt")).to_be_visible()
    mod_token = server.register("Max")[1]
    assert claim(server, mod_token, "Max_Mod").status_code == 201
    assert main(["moderator", "grant", "Max_Mod", "--db", server.database_url]) == 0
    decision = {
        "player": session_player(friend),
        "kind": "suspend_play",
        "reason": "Colluding",
        "seconds": 600,
    }
    with server.http() as http:
        answer = http.post("/api/moderation/actions", json=decision, headers=auth(mod_token))
    assert answer.status_code == 201, answer.text
    expect(friend.locator(".toast.error").last).to_contain_text("Colluding")
    expect(friend.locator(".badge", has_text="You are watching")).to_be_visible()
    shot(friend, "watching-instead")
