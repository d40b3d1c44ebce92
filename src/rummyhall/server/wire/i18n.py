"""The server's own messages in English and Simplified Chinese, keyed by error code.

Rule violations carry the engine's message (English) next to the rule ID; the engine
names each message with a key and its values, and ``RULE_MESSAGES`` says it in the
reader's other language. Everything the server itself says is in ``MESSAGES``.
"""

from __future__ import annotations

from collections.abc import Mapping
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
        "This page is older than the server (protocol {given}; the server speaks "
        "{supported}): please reload it.",
        "此页面比服务器旧（协议 {given}，服务器使用 {supported}）：请刷新页面。",
    ),
    "hello_first": ("Say hello with your token first.", "请先发送 hello 和令牌。"),
    "already_hello": ("This connection has already said hello.", "此连接已经发送过 hello。"),
    "unauthorized": ("Unknown player token.", "玩家令牌无效。"),
    "unavailable": (
        "The table is moving to another server; try again in a moment.",
        "牌桌正在转移到另一台服务器，请稍后再试。",
    ),
    "storage_unavailable": (
        "The game's database cannot be reached; nothing was saved. Try again in a moment.",
        "暂时无法连接游戏数据库，本次操作未保存，请稍后再试。",
    ),
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
    "room_over": ("That game is over.", "这局游戏已经结束。"),
    "own_invitation": ("You cannot invite yourself.", "不能邀请自己。"),
    "not_at_table": (
        "Only the room's host and players may invite to it.",
        "只有房主和本桌玩家可以邀请。",
    ),
    "bad_invitation": (
        "Invite by username or by a recent opponent's id: one of the two.",
        "请按用户名或最近对手邀请（二选一）。",
    ),
    "user_not_found": ("Nobody here is called {username}.", "没有名为 {username} 的玩家。"),
    "invitation_not_found": ("No such invitation.", "没有这个邀请。"),
    "clock_runs": (
        "This room has a turn clock: a slow turn goes to the computer by itself.",
        "此房间有回合计时：超时的回合会自动由电脑代打。",
    ),
    "not_stalled": (
        "Seat {seat} can be handed to the computer once its turn has lasted {seconds} s more.",
        "座位 {seat} 的回合再过 {seconds} 秒才能交给电脑代打。",
    ),
    "own_seat": ("You cannot hand your own seat over.", "不能把自己的座位交给电脑。"),
    "no_game": ("No game is in progress in this room.", "此房间没有进行中的游戏。"),
    "game_not_over": ("The game is still in progress.", "游戏仍在进行中。"),
    "seats_not_filled": ("Fill every seat before starting.", "请先坐满所有座位。"),
    "no_human": ("A room needs at least one player.", "房间至少需要一名玩家。"),
    "bot_unavailable": (
        "No {level} bot plays {game}.",
        "没有可玩 {game} 的 {level} 级电脑玩家。",
    ),
    "stale": (
        "That move was already made: the game has moved on (turn {turn}), so nothing was played.",
        "该操作已经执行过：游戏已进行到第 {turn} 步，本次操作未生效。",
    ),
    "stale_ahead": (
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
    "key_reused": (
        "This Idempotency-Key already opened a room with other settings.",
        "此 Idempotency-Key 已用其他设置创建过房间。",
    ),
    "bad_options": ("Invalid room options: {detail}", "房间选项无效：{detail}"),
    "bad_nickname": (
        "Nickname: 1 to {most} characters, letters, digits, signs or emoji, without "
        "control characters.",
        "昵称：须为 1 到 {most} 个字符（文字、数字、符号或表情），不能含控制字符。",
    ),
    "nickname_too_long": (
        "Nickname: at most {most} characters; this one has {count}. Nothing was cut: "
        "choose a shorter one.",
        "昵称：最多 {most} 个字符，此昵称有 {count} 个。没有自动截断，请换一个短一些的。",
    ),
    "nickname_marks": (
        "Nickname: a character carries too many accents or marks.",
        "昵称：某个字符叠加的附加符号过多。",
    ),
    "bad_username": (
        "A username has {least} to {most} letters, digits, '_', '-' or '.'.",
        "用户名须为 {least} 到 {most} 个字母、数字、“_”、“-”或“.”。",
    ),
    "username_taken": ("That username is taken.", "该用户名已被占用。"),
    "player_not_found": ("No such player.", "没有这位玩家。"),
    "bad_chat": (
        "A chat message has 1 to {most} printable characters.",
        "聊天消息须为 1 到 {most} 个可显示字符。",
    ),
    "chat_rate_limited": (
        "You are chatting too fast; wait a moment.",
        "发言太快了，请稍等片刻。",
    ),
    "already_claimed": (
        "This player already has an account.",
        "此玩家已经有账号了。",
    ),
    "bad_password": (
        "A password has {least} to {most} characters.",
        "密码须为 {least} 到 {most} 个字符。",
    ),
    "weak_password": (
        "That password is too easy to guess: add words or characters.",
        "此密码太容易被猜到，请加长或换用不常见的词。",
    ),
    "wrong_password": ("Wrong username or password.", "用户名或密码错误。"),
    "no_account": (
        "A guest without an account cannot sign out: create an account first.",
        "没有账号的游客无法退出登录：请先创建账号。",
    ),
    "signed_out": ("You signed out on this device.", "你已在此设备上退出登录。"),
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

RULE_MESSAGES: dict[str, str] = {
    "match_over": "比赛已经结束",
    "hand_over": "本副已经结束",
    "deal_over": "本局已经结束",
    "round_over": "本轮已经结束",
    "draw_source": "只能从牌库（stock）或弃牌堆（discard）摸牌，不能从 {source!r}",
    "not_in_hand": "{card} 不在你的手牌中",
    "gin.offer.dealer": "庄家须拿走首张明牌或选择不要，不能 {type}",
    "gin.offer.non_dealer": "闲家须拿走首张明牌或选择不要，不能 {type}",
    "gin.stock_only": "双方都不要明牌：闲家从牌库摸牌",
    "gin.draw_first": "请先摸牌，再 {type}",
    "gin.drawn": "你已摸牌：请弃牌或敲牌，不能 {type}",
    "gin.just_taken": "{card} 刚从弃牌堆拿来，本回合不能弃出",
    "gin.ace_gin_only": "首张明牌是 A：只能打 Gin，但还剩 {left} 点散牌",
    "gin.knock_limit": "敲牌须散牌 ≤ {limit}；弃出 {card} 后还剩 {left}",
    "gin.knock_best": "敲牌须散牌 ≤ {limit}；最佳组合仍剩 {left}",
    "ind.wild_pickup": "{card} 是百搭牌：不能从弃牌堆拿",
    "ind.draw_first": "请先摸牌（或弃权），再 {type}",
    "ind.drop_late": "弃权只能在自己回合开始、摸牌之前",
    "ind.drawn": "你已摸牌：请弃牌或宣布，不能 {type}",
    "ind.just_taken": "{card} 刚从弃牌堆拿来，本回合须留在手中",
    "ind.groups_unasked": "只有开启“手动宣布”选项时才需给出分组",
    "ind.no_declaration": "弃出 {card} 后凑不成两组顺子（含一组纯顺）",
    "ind.groups_missing": "手动宣布须给出你的分组",
    "ind.groups_cards": "分组须恰好包含你其余的 13 张牌",
    "rkb.not_a_set": "不是有效的组合（同数组或顺子）：{tiles}",
    "rkb.table_not_a_set": "桌面组不是有效的组合：{tiles}",
    "rkb.pool_empty": "牌池已空：请出牌或过",
    "rkb.pass_early": "牌池未空时不能过，请摸牌",
    "rkb.draw_source": "只能从牌池（pool）摸牌，不能从 {source!r}",
    "rkb.action_type": "请出牌、摸牌或过，不能 {type}",
    "rkb.play_one": "至少从牌架打出一张牌（或摸牌）",
    "rkb.set.short": "第 {set} 组（{tiles}）：每组至少 3 张牌",
    "rkb.set.jokers": "第 {set} 组（{tiles}）：整副牌只有两张百搭",
    "rkb.set.repeated": "第 {set} 组（{tiles}）：有重复的牌（同组内颜色和数字不能重复）",
    "rkb.set.group_size": "第 {set} 组（{tiles}）：同数组最多 4 张，每种颜色一张",
    "rkb.set.mixed": "第 {set} 组（{tiles}）：同数组数字相同、顺子颜色相同，这组两者混杂",
    "rkb.set.run_size": "第 {set} 组（{tiles}）：顺子最多 13 张",
    "rkb.set.wrap": "第 {set} 组（{tiles}）：1 只能作最小：12-13-1 不是顺子",
    "rkb.set.gap": "第 {set} 组（{tiles}）：{low}…{high} 不连续，百搭也补不齐空缺",
    "rkb.copied": "{tile} 在新桌面上出现 {times} 次，但桌面和你的牌架只有 {held} 张：不能复制牌",
    "rkb.lost": "{tiles} 会丢失：桌面上的牌必须都留在桌上",
    "rkb.back_to_rack": "{tiles} 会从桌面回到你的牌架：桌上的牌不能收回",
    "rkb.initial_from_table": (
        "{tiles} 用了桌面上的牌：首开只能用自己牌架上的牌组成新组（接到桌面组上不算）"
    ),
    "rkb.initial_rearranged": "桌面组 {tiles} 被重排了：首开之后的回合才可以重排桌面",
    "rkb.initial_value": "你的首开合计 {value} 分，须达到 {need} 分（百搭按所代表的数字计）",
    "rkb.joker_kept": "桌上的百搭只有在你本回合从牌架打出它所代表的牌时，才能改作他用：{stood}",
}
"""Each engine rule message (``IllegalAction.key``) in Chinese, filled from its values;
the English is the engine's own."""


def rule_text(key: str | None, values: Mapping[str, object], english: str, locale: Locale) -> str:
    """An engine rule message in ``locale``: its catalogue entry, or the engine's English.

    >>> rule_text("rkb.initial_value", {"value": 24, "need": 30}, "…", "zh")
    '你的首开合计 24 分，须达到 30 分（百搭按所代表的数字计）'
    >>> rule_text("rkb.initial_value", {"value": 24, "need": 30}, "below 30", "en")
    'below 30'
    """
    template = RULE_MESSAGES.get(key or "") if locale == "zh" else None
    return english if template is None else template.format(**values)


def text(code: str, locale: Locale = "en", **values: object) -> str:
    """The message for ``code`` in ``locale`` with ``values`` filled in.

    >>> text("room_full", "zh")
    '房间座位已满。'
    >>> text("stale", given=3, turn=5)
    'That move was already made: the game has moved on (turn 5), so nothing was played.'
    """
    if code == "illegal":  # the engine's message, said in the reader's language
        key, params = values.get("key"), values.get("params")
        return rule_text(
            key if isinstance(key, str) else None,
            params if isinstance(params, Mapping) else {},
            str(values["detail"]),
            locale,
        )
    given, turn = values.get("given"), values.get("turn")
    if code == "stale" and isinstance(given, int) and isinstance(turn, int) and given > turn:
        code = "stale_ahead"  # a turn not reached: no move already made, a confused client
    english, chinese = MESSAGES[code]
    return (chinese if locale == "zh" else english).format(**values)
