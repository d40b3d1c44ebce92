"""The refusals about who plays: names, accounts and passwords, chat and moderation (a
part of :data:`~rummyhall.server.wire.errors.ERRORS`, in :data:`ErrorCode`'s order)."""

from __future__ import annotations

from typing import Final

from rummyhall.server.wire.codes import ErrorCode, Refusal

PEOPLE_ERRORS: Final[dict[ErrorCode, Refusal]] = {
    "bad_nickname": Refusal(
        "a nickname empty or blank-looking, or with control or blank-looking characters",
        "Nickname: 1 to {most} characters, letters, digits, signs or emoji, without "
        "control or invisible characters.",
        "昵称：须为 1 到 {most} 个字符（文字、数字、符号或表情），不能含控制字符或不可见字符。",
        field="nickname",
    ),
    "nickname_too_long": Refusal(
        "a nickname over its length in characters (grapheme clusters)",
        "Nickname: at most {most} characters; this one has {count}. Nothing was cut: "
        "choose a shorter one.",
        "昵称：最多 {most} 个字符，此昵称有 {count} 个。没有自动截断，请换一个短一些的。",
        field="nickname",
    ),
    "nickname_marks": Refusal(
        "a nickname with a character stacked with too many combining marks",
        "Nickname: a character carries too many accents or marks.",
        "昵称：某个字符叠加的附加符号过多。",
        field="nickname",
    ),
    "reserved_nickname": Refusal(
        "a nickname that is the label of a deleted player's seat",
        "That nickname is reserved: it names the seat of a deleted player.",
        "该昵称已保留：它用于标示已删除的玩家。",
        field="nickname",
    ),
    "bad_username": Refusal(
        "a username of the wrong length or characters",
        "A username has {least} to {most} letters, digits, '_', '-' or '.'.",
        "用户名须为 {least} 到 {most} 个字母、数字、“_”、“-”或“.”。",
        field="username",
    ),
    "username_taken": Refusal(
        "a username another account has, or one that looks the same",
        "That username is taken, or looks the same as one that is.",
        "该用户名已被占用，或与已有用户名看起来相同。",
        http=409,
        field="username",
    ),
    "player_not_found": Refusal(
        "a player id that names nobody",
        "No such player.",
        "没有这位玩家。",
        http=404,
    ),
    "bad_chat": Refusal(
        'a chat message empty, over 200 characters or with control characters (below, "Chat")',
        "A chat message has 1 to {most} printable characters.",
        "聊天消息须为 1 到 {most} 个可显示字符。",
    ),
    "chat_rate_limited": Refusal(
        'too many chat messages (below, "Chat")',
        "You are chatting too fast; wait a moment.",
        "发言太快了，请稍等片刻。",
    ),
    "already_claimed": Refusal(
        "creating an account for a guest who has one",
        "This player already has an account.",
        "此玩家已经有账号了。",
        http=409,
    ),
    "bad_password": Refusal(
        "a password of the wrong length",
        "A password has {least} to {most} characters.",
        "密码须为 {least} 到 {most} 个字符。",
        field="password",
    ),
    "weak_password": Refusal(
        "a password too easy to guess (common, a word, a pattern)",
        "That password is too easy to guess: add words or characters.",
        "此密码太容易被猜到，请加长或换用不常见的词。",
        field="password",
    ),
    "wrong_password": Refusal(
        "signing in with a wrong username or password",
        "Wrong username or password.",
        "用户名或密码错误。",
        http=401,
    ),
    "no_account": Refusal(
        "signing out a guest without an account",
        "A guest without an account cannot sign out: create an account first.",
        "没有账号的游客无法退出登录：请先创建账号。",
    ),
    "password_required": Refusal(
        "deleting an account without its password",
        "Deleting an account takes its password.",
        "删除账号需要输入密码。",
        field="password",
    ),
    "muted": Refusal(
        'chat or a reaction from a player a moderator muted (below, "Moderation")',
        "You are muted in chat until {until}. Reason: {reason}",
        "你已被禁言，直到 {until}。原因：{reason}",
        http=403,
    ),
    "suspended": Refusal(
        "a player suspended from the site: his hello, sign-in or request, and his "
        'connections closed (below, "Moderation")',
        "Your account is suspended until {until}. Reason: {reason}",
        "你的账号已被停用，直到 {until}。原因：{reason}",
        http=403,
    ),
    "suspended_for_good": Refusal(
        "the same as `suspended`, for a suspension without end",
        "Your account is suspended for good. Reason: {reason}",
        "你的账号已被永久停用。原因：{reason}",
        http=403,
    ),
    "suspended_play": Refusal(
        "a player suspended from rated play: a rated room, seek or seat (his seat at a "
        "rated table taken from his connection), or chat; casual play and games against "
        'the computer stay open (below, "Moderation")',
        "You are suspended from rated play and chat until {until}; casual games stay "
        "open to you. Reason: {reason}",
        "你已被禁止参加计分对局和聊天，直到 {until}；不计分对局仍可进行。原因：{reason}",
        http=403,
    ),
    "suspended_play_for_good": Refusal(
        "the same as `suspended_play`, for a suspension without end",
        "You are suspended from rated play and chat for good; casual games stay open to "
        "you. Reason: {reason}",
        "你已被永久禁止参加计分对局和聊天；不计分对局仍可进行。原因：{reason}",
        http=403,
    ),
    "not_moderator": Refusal(
        "a moderation route asked by a player who is not a moderator",
        "Only moderators may do this.",
        "只有版主可以这样做。",
        http=403,
    ),
    "bad_report": Refusal(
        "a report without a reason from the list, or with details over 500 characters",
        "A report needs a reason ({reasons}) and at most {most} characters of details.",
        "举报须选择原因（{reasons}），补充说明最多 {most} 个字符。",
        field="reason",
    ),
    "own_report": Refusal(
        "reporting yourself",
        "You cannot report yourself.",
        "不能举报自己。",
    ),
    "report_target_not_found": Refusal(
        "a report naming a chat line the reported player did not say, or no room",
        "The chat line or room reported is not found.",
        "找不到被举报的聊天消息或房间。",
        http=404,
    ),
    "report_not_found": Refusal(
        "a moderation action answering a report that is closed or about someone else",
        "No open report {report} about this player.",
        "没有关于此玩家的待处理举报 {report}。",
        http=404,
    ),
    "bad_moderation": Refusal(
        "a moderation action of an unknown kind, without a reason, or with a duration "
        "it cannot have",
        "Invalid moderation action: {detail}",
        "管理操作无效：{detail}",
    ),
}
