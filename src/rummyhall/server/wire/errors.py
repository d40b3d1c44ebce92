"""Every error code the server sends, each with when it is sent and its English and
Chinese messages.

:data:`ErrorCode` is what mypy checks at every refusal: ``ProtocolError("room_ful")``
fails ``make lint``, and so does a misspelt key of a table by code. :data:`ERRORS` gives
each code its texts and the HTTP status of a request refused with it, in the same order
(``tests/server/test_error_codes.py`` holds the two together, and fails when
``docs/protocol.md``'s table of codes, made from :data:`ERRORS`, differs).
:mod:`~rummyhall.server.wire.i18n` says them in the reader's language. The code strings
are the wire format: a code is never renamed. The names and the shape of an entry are
in :mod:`~rummyhall.server.wire.codes`; the refusals about names, accounts and chat in
:mod:`~rummyhall.server.wire.people_errors`.
"""

from __future__ import annotations

from typing import Final

from rummyhall.server.wire.codes import ErrorCode, Refusal
from rummyhall.server.wire.people_errors import PEOPLE_ERRORS

__all__ = ["ERRORS", "ErrorCode", "Refusal"]

ERRORS: Final[dict[ErrorCode, Refusal]] = {
    "malformed": Refusal(
        "not JSON, not an object, unknown `type`, missing or extra fields, wrong types; over "
        "HTTP a body, query or path parameter or header that failed validation, the "
        "message naming the first field at fault and why, never the value sent",
        "The message is not valid: {detail}",
        "消息格式不正确：{detail}",
        http=422,
    ),
    "too_large": Refusal(
        "the message is over `max_message_bytes` (16 KiB; frames over 64 KiB close the "
        "socket with 1009)",
        "The message is {size} bytes; the limit is {limit}.",
        "消息大小为 {size} 字节，上限为 {limit} 字节。",
    ),
    "rate_limited": Refusal(
        "more than `messages_per_second` (20/s, bursts of 40); 50 refusals in a row close "
        "the socket (1008); over HTTP, a client address's or player's bucket is empty",
        "Too many messages; slow down.",
        "消息过于频繁，请稍候。",
        http=429,
    ),
    "unsupported_protocol": Refusal(
        "`hello` with another `protocol` than the server's (below, Versioning)",
        "This page is older than the server (protocol {given}; the server speaks "
        "{supported}): please reload it.",
        "此页面比服务器旧（协议 {given}，服务器使用 {supported}）：请刷新页面。",
    ),
    "hello_first": Refusal(
        "any message before `hello`",
        "Say hello with your token first.",
        "请先发送 hello 和令牌。",
    ),
    "already_hello": Refusal(
        "a second `hello` on one connection",
        "This connection has already said hello.",
        "此连接已经发送过 hello。",
    ),
    "unauthorized": Refusal(
        "a token that names no player, or one signed out",
        "Unknown player token.",
        "玩家令牌无效。",
        http=401,
    ),
    "unavailable": Refusal(
        "several server processes (`serve --redis`, [deploy.md](deploy.md)): the room is "
        "moving to another process, or Redis cannot be reached; nothing was changed, send "
        "it again in a moment",
        "The table is moving to another server; try again in a moment.",
        "牌桌正在转移到另一台服务器，请稍后再试。",
        http=503,
    ),
    "storage_unavailable": Refusal(
        "the database cannot be reached; nothing was saved, send it again in a moment",
        "The game's database cannot be reached; nothing was saved. Try again in a moment.",
        "暂时无法连接游戏数据库，本次操作未保存，请稍后再试。",
        http=503,
    ),
    "room_not_found": Refusal(
        "joining or looking up a code that names no open room",
        "There is no open room {room}.",
        "房间 {room} 不存在或已关闭。",
        http=404,
    ),
    "room_full": Refusal(
        "joining as a player a room whose every seat is taken",
        "Every seat of this room is taken.",
        "房间座位已满。",
    ),
    "seat_taken": Refusal(
        "taking or filling a seat that is not free",
        "Seat {seat} is not free.",
        "座位 {seat} 已被占用。",
    ),
    "no_such_seat": Refusal(
        "a seat number the room does not have",
        "This room has no seat {seat}.",
        "房间没有座位 {seat}。",
    ),
    "not_in_room": Refusal(
        "a room message before `join`",
        "Join a room first.",
        "请先加入房间。",
    ),
    "not_seated": Refusal(
        "a player's message from a spectator",
        "Only seated players may do that.",
        "只有入座的玩家才能这样做。",
    ),
    "spectators_not_allowed": Refusal(
        'watching a room created with `"spectators": false`',
        "This room does not allow spectators.",
        "此房间不允许观战。",
    ),
    "spectators_full": Refusal(
        "watching a room that has `max_spectators` (50)",
        "This room has too many spectators.",
        "此房间观战人数已满。",
    ),
    "spectator_limit": Refusal(
        "watching a room from more than `max_spectators_per_player` (2) connections",
        "You already watch this room in {count} windows.",
        "你已在 {count} 个窗口观战此房间。",
    ),
    "seat_limit": Refusal(
        "joining as a player while you hold seats in `max_waiting_seats` (3) other hosts' "
        "rooms that have not started",
        "You already hold seats in {count} rooms that have not started; leave one first.",
        "你已在 {count} 个尚未开始的房间占有座位，请先离开一个。",
    ),
    "removed": Refusal(
        "joining as a player a room whose host removed you less than `remove_ban` seconds "
        "ago (the message says how long is left)",
        "The host removed you from this room; you may take a seat again in {seconds} s.",
        "房主已将你移出此房间；{seconds} 秒后才能再次入座。",
    ),
    "not_removable": Refusal(
        "`remove` of a seat without a player, or of the host's own",
        "Seat {seat} holds no other player to remove.",
        "座位 {seat} 上没有可移出的其他玩家。",
    ),
    "not_host": Refusal(
        "a host's message (seats, start, remove) from another player",
        "Only the host may do that.",
        "只有房主才能这样做。",
        http=403,
    ),
    "room_started": Refusal(
        "`start`, or changing the seats, in a room whose game has started",
        "The game has already started.",
        "游戏已经开始。",
    ),
    "part_pause": Refusal(
        "an action while the next part waits for the players to close the last one's result",
        "The next hand starts once everyone has closed the result.",
        "所有人关闭结算后，下一局才开始。",
    ),
    "room_over": Refusal(
        "inviting to a room whose match is over",
        "That game is over.",
        "这局游戏已经结束。",
    ),
    "own_invitation": Refusal(
        "inviting yourself",
        "You cannot invite yourself.",
        "不能邀请自己。",
    ),
    "not_at_table": Refusal(
        "inviting to a room you neither host nor play in",
        "Only the room's host and players may invite to it.",
        "只有房主和本桌玩家可以邀请。",
        http=403,
    ),
    "bad_invitation": Refusal(
        "an invitation naming both or neither of a username and a recent opponent",
        "Invite by username or by a recent opponent's id: one of the two.",
        "请按用户名或最近对手邀请（二选一）。",
    ),
    "user_not_found": Refusal(
        "inviting a username nobody has",
        "Nobody here is called {username}.",
        "没有名为 {username} 的玩家。",
        http=404,
    ),
    "invitation_not_found": Refusal(
        "dismissing an invitation you do not have",
        "No such invitation.",
        "没有这个邀请。",
        http=404,
    ),
    "clock_runs": Refusal(
        "`hand_over` in a room with a clock",
        "This room has a turn clock: a slow turn goes to the computer by itself.",
        "此房间有回合计时：超时的回合会自动由电脑代打。",
    ),
    "not_stalled": Refusal(
        "`hand_over` of a seat whose turn is not (yet) stalled (the message says how long is left)",
        "Seat {seat} can be handed to the computer once its turn has lasted {seconds} s more.",
        "座位 {seat} 的回合再过 {seconds} 秒才能交给电脑代打。",
    ),
    "own_seat": Refusal(
        "`hand_over` of your own seat",
        "You cannot hand your own seat over.",
        "不能把自己的座位交给电脑。",
    ),
    "no_game": Refusal(
        "a game message in a room without a match under way",
        "No game is in progress in this room.",
        "此房间没有进行中的游戏。",
    ),
    "game_not_over": Refusal(
        "`rematch` before the match is over; over HTTP, a review of a match under way",
        "The game is still in progress.",
        "游戏仍在进行中。",
    ),
    "seats_not_filled": Refusal(
        "`start` with an open seat",
        "Fill every seat before starting.",
        "请先坐满所有座位。",
    ),
    "no_human": Refusal(
        "`start` with a bot in every seat",
        "A room needs at least one player.",
        "房间至少需要一名玩家。",
    ),
    "bot_unavailable": Refusal(
        "a bot level the server does not offer for the game",
        "No {level} bot plays {game}.",
        "没有可玩 {game} 的 {level} 级电脑玩家。",
    ),
    "stale": Refusal(
        "the action's `turn` is not the current state counter (the move was already made: "
        "a second click, the clock's or the away bot's move, a reconnect). The web client "
        "sends one action at a time, none while disconnected",
        "That move was already made: the game has moved on (turn {turn}), so nothing was played.",
        "该操作已经执行过：游戏已进行到第 {turn} 步，本次操作未生效。",
    ),
    "not_your_turn": Refusal(
        "another seat is to act",
        "It is seat {current}'s turn.",
        "现在轮到座位 {current}。",
    ),
    "invalid_action": Refusal(
        "the action object cannot be read (unknown action type, a missing, extra or wrongly "
        "typed field: the message names it); found as the message is read, before any room "
        "check, so it answers a `check` too",
        "The action cannot be read: {detail}",
        "无法识别该操作：{detail}",
    ),
    "illegal": Refusal(
        "the rules forbid it; `rule` names the rule, the message is the engine's",
        "{detail}",
        "{detail}",
    ),
    "hints_disabled": Refusal(
        '`hint` in a room created with `"hints": false`',
        "Hints are turned off in this room.",
        "此房间已关闭提示。",
    ),
    "room_limit": Refusal(
        "opening a room while the server has `max_rooms` (2000) open",
        "The server cannot open more rooms now.",
        "服务器暂时无法创建更多房间。",
        http=429,
    ),
    "player_room_limit": Refusal(
        "opening a room while you host `max_rooms_per_player` (10) open ones",
        "You already host {count} open rooms.",
        "你已经创建了 {count} 个未关闭的房间。",
        http=429,
    ),
    "unknown_game": Refusal(
        "a game the server does not have",
        "Unknown game {game}.",
        "未知游戏 {game}。",
    ),
    "key_reused": Refusal(
        'an `Idempotency-Key` already used with another body (above, "Opening a room once")',
        "This Idempotency-Key already opened a room with other settings.",
        "此 Idempotency-Key 已用其他设置创建过房间。",
        http=422,
    ),
    "bad_options": Refusal(
        "room options the game refuses (the message says which)",
        "Invalid room options: {detail}",
        "房间选项无效：{detail}",
    ),
    "not_seeking": Refusal(
        "`cancel_seek` from a connection with no seek in a pool (paired or ended already)",
        "You are not looking for a game.",
        "你当前没有在匹配对局。",
    ),
    "rated_needs_account": Refusal(
        "a rated `seek` from a guest: rated pairing needs an account (a guest may seek "
        "casual games)",
        "Rated games need an account: create one (or sign in), or play casual.",
        "计分对局需要账号：请注册或登录，或者选择休闲对局。",
        http=403,
    ),
    **PEOPLE_ERRORS,
    "signed_out": Refusal(
        "sent before the server closes a connection (4003) whose player signed out here or "
        "everywhere, or deleted his account",
        "You signed out on this device.",
        "你已在此设备上退出登录。",
    ),
    "replaced": Refusal(
        "sent before the server closes a connection (4000) whose seat was opened in another window",
        "You opened this seat in another window.",
        "你已在另一个窗口打开了此座位。",
    ),
    "too_slow": Refusal(
        "sent before the server closes a connection (1013) too slow to read its messages",
        "Your connection is too slow to keep up.",
        "你的网络太慢，跟不上游戏。",
    ),
    "game_not_found": Refusal(
        "a match id that names no finished match",
        "No finished game {game}.",
        "没有已结束的对局 {game}。",
        http=404,
    ),
    "review_forbidden": Refusal(
        "a review of another player's seat in a private room's match (his own seat is "
        "anyone's to review, and any seat of a public room's match)",
        "Only seat {seat}'s own player may review it: the game was played in a private room.",
        "这局在私人房间进行：只有座位 {seat} 的玩家本人可以复盘。",
        http=403,
    ),
    "reviews_busy": Refusal(
        "a review asked while the worker processes and their queue are full "
        "(`review_processes`, `review_queue`); try again in a minute",
        "Every review worker is busy; try again in a minute.",
        "复盘服务繁忙，请一分钟后再试。",
        http=503,
    ),
    "body_too_large": Refusal(
        "a request body over `max_body_bytes` (then the connection is closed)",
        "The request body is over the limit of {limit} bytes.",
        "请求内容超过 {limit} 字节的上限。",
        http=413,
    ),
    "request_timeout": Refusal(
        "a request not all arrived within `request_timeout` (then closed; in "
        "English: no request was read to tell the language)",
        "The request did not arrive in time; the connection is closed.",
        "请求未能及时送达，连接已关闭。",
        http=408,
    ),
    "too_many_connections": Refusal(
        "a connection beyond `max_connections_per_address` (then closed; in English)",
        "Too many open connections from your address.",
        "来自你的地址的连接过多。",
        http=503,
    ),
    "hello_timeout": Refusal(
        "sent before the server closes a connection (4001) that said no valid `hello` "
        "within `hello_timeout`",
        "No valid hello arrived in time; the connection is closed.",
        "未及时收到有效的 hello，连接已关闭。",
    ),
    "idle": Refusal(
        "sent before the server closes a connection (4002) silent outside any room for "
        "`idle_timeout`",
        "The connection was idle outside any room; it is closed.",
        "连接在房间外闲置过久，已关闭。",
    ),
    "internal": Refusal(
        "the server failed; nothing was changed",
        "The server failed; nothing was changed.",
        "服务器出错，未做任何更改。",
    ),
}
"""Each code's meaning and messages, in :data:`ErrorCode`'s order."""
