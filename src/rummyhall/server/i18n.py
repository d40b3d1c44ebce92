"""The server's own messages in English and Simplified Chinese, keyed by error code.

Rule violations carry the engine's message (English) next to the rule ID, which the
front end names in the reader's language; everything the server itself says is here.
"""

from __future__ import annotations

from typing import Literal

Locale = Literal["en", "zh"]

MESSAGES: dict[str, tuple[str, str]] = {
    "malformed": ("The message is not valid: {detail}", "消息格式不正确：{detail}"),
    "too_large": (
        "The message is {size} bytes; the limit is {limit}.",
        "消息大小为 {size} 字节，上限为 {limit} 字节。",
    ),
    "rate_limited": ("Too many messages; slow down.", "消息过于频繁，请稍候。"),
    "unsupported_protocol": (
        "Protocol version {given} is not supported (this server speaks {supported}).",
        "不支持协议版本 {given}（本服务器使用 {supported}）。",
    ),
    "hello_first": ("Say hello with your token first.", "请先发送 hello 和令牌。"),
    "already_hello": ("This connection has already said hello.", "此连接已经发送过 hello。"),
    "unauthorized": ("Unknown player token.", "玩家令牌无效。"),
    "room_not_found": ("There is no open room {room}.", "房间 {room} 不存在或已关闭。"),
    "room_full": ("Every seat of this room is taken.", "房间座位已满。"),
    "seat_taken": ("Seat {seat} is not free.", "座位 {seat} 已被占用。"),
    "no_such_seat": ("This room has no seat {seat}.", "房间没有座位 {seat}。"),
    "not_in_room": ("Join a room first.", "请先加入房间。"),
    "not_seated": ("Only seated players may do that.", "只有入座的玩家才能这样做。"),
    "spectators_not_allowed": (
        "This room does not allow spectators.",
        "此房间不允许观战。",
    ),
    "spectators_full": ("This room has too many spectators.", "此房间观战人数已满。"),
    "spectator_limit": (
        "You already watch this room in {count} windows.",
        "你已在 {count} 个窗口观战此房间。",
    ),
    "seat_limit": (
        "You already hold seats in {count} rooms that have not started; leave one first.",
        "你已在 {count} 个尚未开始的房间占有座位，请先离开一个。",
    ),
    "removed": (
        "The host removed you from this room; you may take a seat again in {seconds} s.",
        "房主已将你移出此房间；{seconds} 秒后才能再次入座。",
    ),
    "not_removable": (
        "Seat {seat} holds no other player to remove.",
        "座位 {seat} 上没有可移出的其他玩家。",
    ),
    "not_host": ("Only the host may do that.", "只有房主才能这样做。"),
    "room_started": ("The game has already started.", "游戏已经开始。"),
    "part_pause": (
        "The next hand starts once everyone has closed the result.",
        "所有人关闭结算后，下一局才开始。",
    ),
    "no_game": ("No game is in progress in this room.", "此房间没有进行中的游戏。"),
    "game_not_over": ("The game is still in progress.", "游戏仍在进行中。"),
    "seats_not_filled": ("Fill every seat before starting.", "请先坐满所有座位。"),
    "no_human": ("A room needs at least one player.", "房间至少需要一名玩家。"),
    "bot_unavailable": (
        "No {level} bot plays {game}.",
        "没有可玩 {game} 的 {level} 级电脑玩家。",
    ),
    "stale": (
        "You acted on turn {given}, but the game is at turn {turn}.",
        "你的操作基于第 {given} 步，但游戏已到第 {turn} 步。",
    ),
    "not_your_turn": ("It is seat {current}'s turn.", "现在轮到座位 {current}。"),
    "invalid_action": ("The action cannot be read: {detail}", "无法识别该操作：{detail}"),
    "illegal": ("{detail}", "{detail}"),
    "hints_disabled": ("Hints are turned off in this room.", "此房间已关闭提示。"),
    "room_limit": ("The server cannot open more rooms now.", "服务器暂时无法创建更多房间。"),
    "player_room_limit": (
        "You already host {count} open rooms.",
        "你已经创建了 {count} 个未关闭的房间。",
    ),
    "unknown_game": ("Unknown game {game}.", "未知游戏 {game}。"),
    "bad_options": ("Invalid room options: {detail}", "房间选项无效：{detail}"),
    "bad_nickname": (
        "A nickname has 1 to 24 printable characters.",
        "昵称须为 1 到 24 个可显示字符。",
    ),
    "replaced": (
        "You opened this seat in another window.",
        "你已在另一个窗口打开了此座位。",
    ),
    "too_slow": ("Your connection is too slow to keep up.", "你的网络太慢，跟不上游戏。"),
    "game_not_found": ("No finished game {game}.", "没有已结束的对局 {game}。"),
    "body_too_large": (
        "The request body is over the limit of {limit} bytes.",
        "请求内容超过 {limit} 字节的上限。",
    ),
    "request_timeout": (
        "The request did not arrive in time; the connection is closed.",
        "请求未能及时送达，连接已关闭。",
    ),
    "too_many_connections": (
        "Too many open connections from your address.",
        "来自你的地址的连接过多。",
    ),
    "hello_timeout": (
        "No valid hello arrived in time; the connection is closed.",
        "未及时收到有效的 hello，连接已关闭。",
    ),
    "idle": (
        "The connection was idle outside any room; it is closed.",
        "连接在房间外闲置过久，已关闭。",
    ),
    "internal": ("The server failed; nothing was changed.", "服务器出错，未做任何更改。"),
}


def text(code: str, locale: Locale = "en", **values: object) -> str:
    """The message for ``code`` in ``locale`` with ``values`` filled in.

    >>> text("room_full", "zh")
    '房间座位已满。'
    >>> text("stale", given=3, turn=5)
    'You acted on turn 3, but the game is at turn 5.'
    """
    english, chinese = MESSAGES[code]
    return (chinese if locale == "zh" else english).format(**values)
