"""The server's messages in the reader's language, English or Simplified Chinese.

Everything the server itself says is its error codes' texts
(:data:`~rummyhall.server.wire.errors.ERRORS`). Rule violations carry the engine's
message (English) next to the rule ID; the engine names each message with a key and its
values, and ``RULE_MESSAGES`` says it in the reader's other language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from rummyhall.server.wire.errors import ERRORS, ErrorCode

Locale = Literal["en", "zh"]

STALE_AHEAD = (
    "You acted on turn {given}, but the game is at turn {turn}.",
    "你的操作基于第 {given} 步，但游戏已到第 {turn} 步。",
)
"""``stale``'s message for a turn not reached yet: no move was already made, the client
is confused."""

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


def text(code: ErrorCode, locale: Locale = "en", **values: object) -> str:
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
        english, chinese = STALE_AHEAD
    else:
        english, chinese = ERRORS[code].english, ERRORS[code].chinese
    return (chinese if locale == "zh" else english).format(**values)
