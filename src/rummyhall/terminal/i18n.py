"""Every text the terminal shows, in English and Simplified Chinese.

Chinese uses the seed pages' terms (敲牌, 反敲, 散牌, 贴牌, 纯顺, 百搭, 首开 …). The
language is chosen once per command (``rummyhall --lang zh``), so renderers call
:func:`tr` instead of threading a language through every function.

>>> use_language("zh"); tr("stock")
'牌库'
>>> use_language("en"); tr("cards", n=3)
'3 cards'
"""

from __future__ import annotations

import re

from rich.text import Text

from rummyhall.errors import NotationError

LANGUAGES = ("en", "zh")

TEXTS: dict[str, tuple[str, str]] = {
    # key: (English, Chinese); both fill the same {fields}.
    ":": (": ", "："),
    # ------------------------------------------------------------------ games
    "game.gin": ("Gin Rummy", "金拉米"),
    "game.indian": ("Indian Rummy", "印度拉米"),
    "game.rummikub": ("Rummikub", "拉密"),
    "variant.standard": ("standard", "标准"),
    "variant.oklahoma": ("Oklahoma", "俄克拉荷马"),
    "variant.points": ("Points", "Points 单局"),
    "variant.pool101": ("Pool 101", "Pool 101 淘汰"),
    "variant.pool201": ("Pool 201", "Pool 201 淘汰"),
    "variant.deals": ("Deals", "Deals 筹码"),
    "variant.match": ("match", "整场"),
    "variant.round": ("one round", "单局"),
    "level.easy": ("easy", "简单"),
    "level.medium": ("medium", "中等"),
    "level.hard": ("hard", "困难"),
    "level.random": ("random", "随机"),
    # ------------------------------------------------------------------ seats
    "you": ("You", "你"),
    "bot": ("Bot {n} ({level})", "电脑{n}（{level}）"),
    "seat": ("Seat {n}", "座位{n}"),
    "dealer": ("dealer", "庄家"),
    "to_play": ("to play", "行动中"),
    # ------------------------------------------------------------------ table
    "seed": ("seed {seed}", "种子 {seed}"),
    "hand_no": ("hand {n}", "第 {n} 副"),
    "deal_no": ("deal {n}", "第 {n} 局"),
    "round_no": ("round {n}", "第 {n} 轮"),
    "to_target": ("to {n}", "目标 {n} 分"),
    "cards": ("{n} cards", "{n} 张"),
    "cards.one": ("{n} card", "{n} 张"),
    "tiles": ("{n} tiles", "{n} 张"),
    "tiles.one": ("{n} tile", "{n} 张"),
    "stock": ("Stock", "牌库"),
    "pool": ("Pool", "牌池"),
    "discard_pile": ("Discard pile", "弃牌堆"),
    "empty": ("empty", "空"),
    "under_it": ("under it", "下面"),
    "first_upcard": ("First upcard", "首张明牌"),
    "knock_limit": ("knock limit {n}", "敲牌上限 {n}"),
    "gin_only": ("Ace upcard: gin only", "明牌为 A：只能 Gin"),
    "spades_double": ("spade upcard: score ×2", "黑桃明牌：得分翻倍"),
    "indicator": ("Joker indicator", "Joker 指示牌"),
    "wild_rank": ("wild: every {rank} and the printed jokers", "百搭：所有 {rank} 与印刷 Joker"),
    "wild_aces": ("wild: every Ace and the printed jokers", "百搭：所有 A 与印刷 Joker"),
    "picked_up": ("holds from the discard pile", "持有从弃牌堆拿的牌"),
    "nothing": ("nothing", "无"),
    "table": ("Table", "桌面"),
    "table_empty": ("the table is empty", "桌面为空"),
    "melded": ("melded", "已首开"),
    "not_melded": ("no initial meld yet", "尚未首开"),
    "your_hand": ("Your hand", "你的手牌"),
    "your_rack": ("Your rack", "你的牌架"),
    "hand_of": ("{name}'s hand", "{name}的手牌"),
    "rack_of": ("{name}'s rack", "{name}的牌架"),
    "deadwood_live": ("deadwood {n}", "散牌 {n} 点"),
    "penalty_live": ("penalty now {n}", "当前罚分 {n}"),
    "rack_total": ("rack total {n}", "牌架合计 {n}"),
    "last_moves": ("Since your last move", "上次行动后"),
    "status.dropped": ("dropped", "已弃权"),
    "status.out": ("out", "已淘汰"),
    "status.wrong show": ("wrong show", "错误宣布"),
    "status.declared": ("declared", "已宣布"),
    "status.playing": ("playing", "进行中"),
    # ------------------------------------------------------------------ groups
    "group.meld": ("meld", "组合"),
    "group.run": ("run", "顺子"),
    "group.set": ("set", "同点组"),
    "group.group": ("group", "成组"),
    "group.pure": ("pure", "纯顺"),
    "group.impure": ("impure", "非纯顺"),
    "group.deadwood": ("deadwood", "散牌"),
    "group.unmelded": ("counted", "计分牌"),
    "group.loose": ("loose", "散牌"),
    # ------------------------------------------------------------------ moves
    "ev.pass": ("{who} passes the upcard", "{who}不要明牌"),
    "ev.take_upcard": ("{who} takes {card}", "{who}拿走 {card}"),
    "ev.draw_stock": ("{who} draws from the stock", "{who}从牌库摸牌"),
    "ev.draw_discard": ("{who} takes {card} from the discard pile", "{who}从弃牌堆拿走 {card}"),
    "ev.draw_pool": ("{who} draws a tile", "{who}摸 1 张"),
    "ev.discard": ("{who} discards {card}", "{who}弃出 {card}"),
    "ev.knock": ("{who} knocks, discarding {card}", "{who}敲牌，弃出 {card}"),
    "ev.gin": ("{who} goes gin, discarding {card}", "{who} Gin！弃出 {card}"),
    "ev.declare": ("{who} declares, discarding {card}", "{who}宣布，弃出 {card}"),
    "ev.wrong_show": ("{who}: wrong show, {n} points", "{who}错误宣布，罚 {n} 分"),
    "ev.drop": ("{who} drops ({kind}), {n} points", "{who}弃权（{kind}），罚 {n} 分"),
    "ev.drop.first": ("first drop", "首轮弃权"),
    "ev.drop.middle": ("middle drop", "中途弃权"),
    "ev.reshuffle": ("the discard pile is shuffled into a new stock", "弃牌堆洗成新牌库"),
    "ev.play": ("{who} plays {tiles}", "{who}打出 {tiles}"),
    "ev.pass_turn": ("{who} passes", "{who}过"),
    # ------------------------------------------------------------------ prompts
    "your_turn": ("Your turn", "轮到你"),
    "waiting": ("{who} is thinking…", "{who}思考中…"),
    "k.take": ("d take {card}", "d 拿 {card}"),
    "k.pass": ("p pass", "p 不要"),
    "k.stock": ("s stock", "s 摸牌库"),
    "k.discard_pile": ("d take {card}", "d 拿弃牌 {card}"),
    "k.discard_n": ("1–{n} discard", "1–{n} 弃牌"),
    "k.knock": ("k knock ({card} → {n})", "k 敲牌（弃 {card} 剩 {n}）"),
    "k.gin": ("g gin ({card})", "g Gin（弃 {card}）"),
    "k.declare": ("x declare ({card})", "x 宣布（弃 {card}）"),
    "k.drop": ("p drop ({n})", "p 弃权（罚 {n}）"),
    "k.draw_tile": ("d draw", "d 摸牌"),
    "k.pass_turn": ("p pass", "p 过"),
    "k.suggestion": ("{n} play suggestion {n}", "{n} 采用建议 {n}"),
    "k.table": ("or type the new table: R7 R8 R9 | B4 K4 O4", "或输入新桌面：R7 R8 R9 | B4 K4 O4"),
    "k.add": ("+ sets to add to the table", "+ 追加新组合"),
    "k.help": ("? help", "? 帮助"),
    "k.quit": ("q quit", "q 退出"),
    "suggestion": (
        "{n}: {tiles} — {count} tiles, {value} points",
        "{n}：{tiles} —— {count} 张，{value} 点",
    ),
    "no_suggestion": ("the solver finds no play: draw", "求解器找不到可出的牌：请摸牌"),
    "confirm_drop": ("Drop for {n} points? [y/N] ", "确认弃权并罚 {n} 分？[y/N] "),
    "continue": ("Press Enter to continue ", "按回车继续 "),
    "bye": (
        "Game left. Replay this game with --seed {seed}.",
        "已退出。用 --seed {seed} 可重玩此局。",
    ),
    "saved": ("Saved the game to {path}", "对局已保存到 {path}"),
    "unknown_key": (
        "not a move here: {text!r} (? for help)",
        "此处无此操作：{text!r}（? 查看帮助）",
    ),
    "no_card_n": ("there is no card {n}", "没有第 {n} 张牌"),
    "no_suggestion_n": ("there is no suggestion {n}", "没有第 {n} 条建议"),
    "no_gin": ("no discard leaves gin now", "现在弃任何一张都不能 Gin"),
    "no_knock": ("no discard lets you knock now", "现在弃任何一张都不能敲牌"),
    "no_declare": ("no discard leaves a valid declaration", "弃任何一张都不能合法宣布"),
    "help.gin": (
        "Draw: s = stock, d = discard pile (upcard: d take, p pass). Then discard by the "
        "number under the card or its name (7H). k = knock with the best discard, k 3 / "
        "k 7H = knock discarding that card, g = gin.",
        "摸牌：s 牌库，d 弃牌堆（首张明牌：d 拿，p 不要）。然后按牌下的编号或牌名（7H）弃牌。"
        "k 以最佳弃牌敲牌，k 3 / k 7H 弃该牌敲牌，g Gin。",
    ),
    "help.indian": (
        "Draw: s = stock, d = discard pile, p = drop. Then discard by the number under the "
        "card or its name (7H). x = declare with the offered discard, x 3 / x 7H = declare "
        "discarding that card.",
        "摸牌：s 牌库，d 弃牌堆，p 弃权。然后按牌下的编号或牌名（7H）弃牌。x 按提示的弃牌宣布，"
        "x 3 / x 7H 弃该牌宣布。",
    ),
    "help.rummikub": (
        "Type the whole new table, sets separated by |, tiles as R7 B13 K1 O4 (R red, B "
        "blue, K black, O orange, * joker); '+ R7 R8 R9' adds sets to the current table; "
        "a number plays that suggestion; d draws (p passes once the pool is empty).",
        "输入完整的新桌面，组合之间用 | 分隔，牌写作 R7 B13 K1 O4"
        "（R 红、B 蓝、K 黑、O 橙、* 百搭）；"
        "'+ R7 R8 R9' 在现有桌面上追加组合；数字采用对应建议；d 摸牌（牌池空后 p 过）。",
    ),
    # ------------------------------------------------------------------ results
    "result.title": ("Result of {what}", "{what}结算"),
    "gin.cancelled": (
        "The stock is down to two cards: the hand is cancelled, 0 to both (GIN-14).",
        "牌库只剩两张：本副取消，双方 0 分（GIN-14）。",
    ),
    "gin.by_gin": ("{who} goes gin", "{who} Gin"),
    "gin.by_knock": ("{who} knocks with {n} deadwood", "{who}以 {n} 点散牌敲牌"),
    "gin.side": ("{name} ({role})", "{name}（{role}）"),
    "gin.knocker": ("knocker", "敲牌者"),
    "gin.defender": ("defender", "防守方"),
    "gin.layoffs": ("lay-offs", "贴牌"),
    "gin.no_layoffs": ("no lay-offs", "无贴牌"),
    "gin.no_layoff_after_gin": ("no lay-offs after gin (GIN-10)", "Gin 后不能贴牌（GIN-10）"),
    "gin.onto": ("{card} onto {meld}", "{card} 贴到 {meld}"),
    "gin.deadwood": ("deadwood", "散牌"),
    "gin.arith.gin": ("gin: 25 + {d} = {p}", "Gin：25 + {d} = {p}"),
    "gin.arith.knock": ("knock: {d} − {k} = {p}", "敲牌：{d} − {k} = {p}"),
    "gin.arith.undercut": (
        "undercut: 25 + ({k} − {d}) = {p} (a tie is an undercut)",
        "反敲：25 + ({k} − {d}) = {p}（相等也算反敲）",
    ),
    "gin.arith.double": ("× 2 spade upcard (GIN-12) = {p}", "× 2 黑桃明牌（GIN-12）= {p}"),
    "gin.scores": ("{who} scores {p}", "{who}得 {p} 分"),
    "ind.declared": ("{who} declares a valid hand", "{who}合法宣布"),
    "ind.last": ("{who} wins: everyone else left the deal", "{who}获胜：其他玩家都已离开本局"),
    "ind.void": (
        "The stock ran out: the deal is void, 0 to everyone still playing (IND-13).",
        "牌库摸完：本局流局，仍在局中的玩家 0 分（IND-13）。",
    ),
    "ind.declaration": ("declaration", "宣布"),
    "ind.winner_zero": ("{who}: 0", "{who}：0 分"),
    "ind.penalty": ("{who}: penalty {n}", "{who}：罚 {n} 分"),
    "ind.tier.both lives": (
        "both lives: every meld is exempt (IND-10)",
        "两条生命齐全：所有合法组合免分（IND-10）",
    ),
    "ind.tier.pure only": (
        "one pure sequence but no second sequence: only it is exempt (IND-10)",
        "有纯顺但没有第二顺：只免除一组纯顺（IND-10）",
    ),
    "ind.tier.no pure": (
        "no pure sequence: every card counts (IND-10)",
        "没有纯顺：全部牌计分（IND-10）",
    ),
    "ind.counted": ("counted: {cards} = {n}", "计分：{cards} = {n}"),
    "ind.capped": ("capped at 80 (IND-10)", "封顶 80（IND-10）"),
    "ind.dropped": ("{who}: {kind}, {n} (IND-11)", "{who}：{kind}，{n} 分（IND-11）"),
    "ind.wrong": ("{who}: wrong show, {n} (IND-12)", "{who}：错误宣布，{n} 分（IND-12）"),
    "rkb.out": ("{who} empties the rack (RKB-8)", "{who}清空牌架（RKB-8）"),
    "rkb.blocked": (
        "The pool is empty and nobody can play: the lowest rack total wins (RKB-9)",
        "牌池已空且无人能出牌：牌架合计最低者获胜（RKB-9）",
    ),
    "rkb.pays": ("{who}: rack total {t} → {s:+d}", "{who}：牌架合计 {t} → {s:+d}"),
    "rkb.jokers": ("(a joker left on a rack counts 30)", "（牌架上剩余的百搭每张计 30）"),
    "rkb.gets": (
        "{who} scores {s:+d}, the sum of the others' payments",
        "{who}得 {s:+d}，即其他人所付之和",
    ),
    # ------------------------------------------------------------------ sheets
    "sheet": ("Score sheet", "记分表"),
    "sheet.hand": ("Hand", "副"),
    "sheet.deal": ("Deal", "局"),
    "sheet.round": ("Round", "轮"),
    "sheet.result": ("Result", "结果"),
    "sheet.total": ("Total", "合计"),
    "sheet.chips": ("Chips", "筹码"),
    "sheet.out": ("out", "淘汰"),
    "sheet.cancelled": ("cancelled", "取消"),
    "sheet.void": ("void", "流局"),
    "outcome.gin": ("gin", "Gin"),
    "outcome.knock": ("knock", "敲牌"),
    "outcome.undercut": ("undercut", "反敲"),
    "outcome.declared": ("declared", "宣布"),
    "outcome.last player": ("last player", "唯一留局"),
    "outcome.out": ("out", "出完"),
    "outcome.blocked": ("blocked", "僵局"),
    "match.target": ("target {n}", "目标 {n}"),
    "match.pool_limit": ("out above {n}", "超过 {n} 淘汰"),
    "match.winner": ("{who} wins the match", "{who}赢得整场"),
    "match.winners": ("{who} share the win", "{who}并列获胜"),
    "match.no_winner": ("The game ends without a winner", "本局无人获胜"),
    "match.final": ("Final score", "最终比分"),
    # ------------------------------------------------------------------ solve
    "solve.deadwood": ("Minimum deadwood: {n}", "最少散牌：{n} 点"),
    "solve.melds": ("Melds", "组合"),
    "solve.knock_ok": ("can knock (limit {limit})", "可以敲牌（上限 {limit}）"),
    "solve.no_knock": ("cannot knock (limit {limit})", "不能敲牌（上限 {limit}）"),
    "solve.declaration": ("Valid declaration (IND-9)", "合法宣布（IND-9）"),
    "solve.no_declaration": (
        "No valid declaration: it needs two sequences, one of them pure (IND-9)",
        "不能合法宣布：需要两组顺子，其中至少一组纯顺（IND-9）",
    ),
    "solve.penalty": ("Minimum penalty: {n}", "最低罚分：{n}"),
    "solve.initial": ("Best initial meld (RKB-4)", "最佳首开（RKB-4）"),
    "solve.no_initial": (
        "No initial meld of 30 from the rack (RKB-4)",
        "牌架凑不出 30 分首开（RKB-4）",
    ),
    "solve.best_play": ("Best play (RKB-5): the new table", "最佳出牌（RKB-5）：新桌面"),
    "solve.no_play": ("No rack tile can be placed: draw (RKB-7)", "无法打出任何牌：摸牌（RKB-7）"),
    "solve.placed": ("places {n} tiles: {tiles}", "打出 {n} 张：{tiles}"),
    "solve.placed.one": ("places {n} tile: {tiles}", "打出 {n} 张：{tiles}"),
    # ------------------------------------------------------------------ replay
    "replay.move": ("move {i} of {n}", "第 {i} / {n} 步"),
    "replay.start": ("start of the game", "开局"),
    "replay.view_all": ("all cards", "全部明牌"),
    "replay.view_seat": ("as {who} saw it", "{who}的视角"),
    "replay.keys": (
        "Enter/n next · b back · g N move N · v N seat N's view · a all · e end · q quit",
        "回车/n 下一步 · b 上一步 · g N 第N步 · v N 座位N视角 · a 全部 · e 结尾 · q 退出",
    ),
    "replay.bad_move": ("moves go from 0 to {n}", "步数范围 0 到 {n}"),
    "replay.bad_seat": ("seats go from 1 to {n}", "座位范围 1 到 {n}"),
    "exported": ("Wrote {path} ({n} actions)", "已写入 {path}（{n} 步）"),
    "backed_up": (
        "Backed up to {path}: {n} matches, {finished} finished",
        "已备份到 {path}：{n} 场对局，其中 {finished} 场已结束",
    ),
    "restored": (
        "Restored {path}: {n} matches, {finished} finished",
        "已恢复 {path}：{n} 场对局，其中 {finished} 场已结束",
    ),
    "moderator.usage": (
        "grant and revoke take a USERNAME; list takes none",
        "grant 和 revoke 需要用户名；list 不需要",
    ),
    "moderator.unknown": ("no account is named {username}", "没有名为 {username} 的账号"),
    "moderator.grant": ("{username} is a moderator now", "{username} 现在是版主"),
    "moderator.grant_already": ("{username} was a moderator already", "{username} 已经是版主"),
    "moderator.revoke": ("{username} is no moderator any more", "{username} 不再是版主"),
    "moderator.revoke_already": ("{username} was no moderator", "{username} 本来就不是版主"),
    # ------------------------------------------------------------------ review
    "review.working": ("reviewing {who}", "正在复盘{who}"),
    "review.best": ("best move", "最佳着法"),
    "review.better": ("better", "更好"),
    "review.fewer": (
        "placed {placed} of the {most} tiles it could",
        "放出 {placed} 张，最多可放 {most} 张",
    ),
    "review.more_deadwood": (
        "left {left} deadwood where {least} was possible",
        "留下 {left} 点散牌，本可只留 {least} 点",
    ),
    "review.gin_missed": (
        "left {left} deadwood where gin was possible",
        "本可 Gin，却留下 {left} 点散牌",
    ),
    "review.declare_missed": (
        "could declare, and threw a card instead",
        "本可以直接和牌（declare），却弃了一张牌",
    ),
    "review.farther": (
        "left {left} cards to a declaration where {nearest} was possible",
        "离和牌还差 {left} 张，本可只差 {nearest} 张",
    ),
    "review.noise": ("{loss}, within the search's noise", "{loss}，在搜索误差之内"),
    "review.mark.inaccuracy": ("inaccuracy", "不准确"),
    "review.mark.mistake": ("mistake", "错误"),
    "review.mark.blunder": ("blunder", "严重错误"),
    "review.unit.pp": ("pp", "个百分点"),
    "review.unit.points": ("points", "分"),
    "review.value.pp": ("win chance {v}%", "胜率 {v}%"),
    "review.value.points": ("expected {v} points", "期望 {v} 分"),
    "review.count.inaccuracy": ("{n} inaccuracies", "{n} 次不准确"),
    "review.count.inaccuracy.one": ("1 inaccuracy", "1 次不准确"),
    "review.count.mistake": ("{n} mistakes", "{n} 次错误"),
    "review.count.mistake.one": ("1 mistake", "1 次错误"),
    "review.count.blunder": ("{n} blunders", "{n} 次严重错误"),
    "review.count.blunder.one": ("1 blunder", "1 次严重错误"),
    "review.sep": (", ", "，"),
    "review.summary": (
        "{who}: accuracy {accuracy} over {n} decisions; {counts}",
        "{who}：{n} 次决策，准确率 {accuracy}；{counts}",
    ),
}


_language = "en"


def use_language(language: str) -> None:
    """Switch every later :func:`tr` to ``language`` (one of :data:`LANGUAGES`)."""
    global _language
    if language not in LANGUAGES:
        raise NotationError(f"unknown language {language!r} (choose from {', '.join(LANGUAGES)})")
    _language = language


def language() -> str:
    return _language


def tr(key: str, **values: object) -> str:
    """The text ``key`` in the current language, with ``values`` filled in.

    English verbs agree with ``who``: "Bot 2 discards", "You discard"; a key with a
    ``.one`` variant takes it when ``n`` is 1.

    >>> tr("ev.discard", who=tr("you"), card="7H"), tr("match.winner", who="Bot 2")
    ('You discard 7H', 'Bot 2 wins the match')
    """
    if values.get("n") == 1 and f"{key}.one" in TEXTS:  # "1 tile", not "1 tiles"
        key = f"{key}.one"
    english, chinese = TEXTS[key]
    if _language == "zh":
        return chinese.format(**values)
    if values.get("who") == TEXTS["you"][0]:
        english = _SUBJECT_VERB.sub(lambda m: "{who} " + _plain_verb(m.group(1)), english)
    return english.format(**values)


def tr_text(key: str, **values: object) -> Text:
    """:func:`tr` as Rich text, where values that are :class:`Text` (coloured cards)
    keep their styles."""
    styled: list[Text] = []
    marks: dict[str, str] = {}
    for name, value in values.items():
        if isinstance(value, Text):
            marks[name] = f"\0{len(styled)}\0"
            styled.append(value)
    text = Text()
    for index, chunk in enumerate(tr(key, **{**values, **marks}).split("\0")):
        if index % 2:
            text.append_text(styled[int(chunk)])
        else:
            text.append(chunk)
    return text


_SUBJECT_VERB = re.compile(r"\{who\} (\w+)")
_IRREGULAR = {"goes": "go", "is": "are", "passes": "pass", "empties": "empty"}


def _plain_verb(verb: str) -> str:
    """The verb for "You": "discards" → "discard"."""
    return _IRREGULAR.get(verb, verb[:-1] if verb.endswith("s") else verb)
