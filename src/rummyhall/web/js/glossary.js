// Each game's terms: one word for one thing in each language, said alike by the rules
// pages, the table, the results and the profile. ``keys`` are the catalogue's strings
// that name the thing (each holds the term in both languages; an English word may
// inflect: "declare" → "declared", "declaration"), ``avoid`` the Chinese words once
// used for it instead. The rules page lists the terms; tests/web/test_glossary.py holds
// the strings and the rules pages to them.

export const GLOSSARY = {
  gin: [
    { en: "knock", zh: "敲牌", keys: ["act.knock", "result.knock", "result.knocker", "log.knock", "pile.knock_limit", "profile.knock_deadwood"] },
    { en: "gin", zh: "Gin", keys: ["act.gin", "result.gin", "log.gin", "profile.gins", "pile.gin_only"] },
    { en: "undercut", zh: "反敲", keys: ["result.undercut", "profile.undercuts"] },
    { en: "deadwood", zh: "散牌", keys: ["hand.deadwood", "meld.deadwood", "result.deadwood", "profile.knock_deadwood"] },
    { en: "lay-off", zh: "贴牌", keys: ["result.layoffs"] },
    { en: "upcard", zh: "首张明牌", keys: ["pile.upcard", "pile.upcard_taken"] },
  ],
  indian: [
    { en: "drop", zh: "弃权", keys: ["act.drop", "act.drop_confirm", "seat.dropped", "result.dropped", "log.drop", "profile.drops", "reason.indian.drop"], avoid: ["退出"] },
    { en: "declare", zh: "宣布", keys: ["act.declare", "seat.declared", "log.declare", "result.declaration", "profile.declares"], avoid: ["宣告"] },
    { en: "wrong show", zh: "错误宣布", keys: ["seat.wrong show"], avoid: ["错误宣告"] },
    { en: "pure sequence", zh: "纯顺", keys: ["meld.pure", "result.tier.pure only", "result.tier.no pure"] },
    { en: "impure sequence", zh: "非纯顺", keys: ["meld.impure"] },
    { en: "set", zh: "同点组", keys: ["meld.set"], avoid: ["同点数组"] },
    { en: "wild", zh: "百搭", keys: ["pile.wild"] },
    { en: "penalty", zh: "罚分", keys: ["result.penalty", "profile.penalty", "result.convention.penalty"] },
    { en: "Points", zh: "积分局", keys: ["format.points", "variant.points"], avoid: ["积分赛"] },
    { en: "Pool", zh: "淘汰", keys: ["format.pool101", "format.pool201", "variant.pool101", "variant.pool201"] },
    { en: "Deals", zh: "局数赛", keys: ["format.deals", "variant.deals"] },
  ],
  rummikub: [
    { en: "initial meld", zh: "首开", keys: ["rkb.meld_counter", "rkb.need_30", "reason.rummikub.meld", "reason.rummikub.no_meld"] },
    { en: "run", zh: "顺子", keys: ["meld.run", "rkb.reason.range"] },
    { en: "group", zh: "成组", keys: ["meld.group", "rkb.reason.dup_colour", "rkb.reason.too_big"] },
    { en: "pool", zh: "牌池", keys: ["pile.pool", "reason.rummikub.pass", "result.blocked"] },
    { en: "rack", zh: "牌架", keys: ["result.rack_points", "rkb.need_30", "reason.rummikub.play"] },
  ],
};
