// The table of the two card games, Gin Rummy and Indian Rummy: opponents with their
// counts and picked-up cards, stock and discard pile, the joker indicator or the
// Oklahoma upcard, the player's hand with its groups, and the legal actions as buttons.

import { cardBackSVG, cardLabel, cardSVG } from "./cards.js";
import { Hand, renderHand } from "./hand.js";
import { reasonText } from "./hints.js";
import { t } from "./i18n.js";
import { sends, TABLE } from "./once.js";
import { describeMove, movesPanel, scoreSheet, standing } from "./results.js";
import { h, nameTag, pressable, tableLayout } from "./ui.js";

const RANK_VALUE = { A: 10, T: 10, J: 10, Q: 10, K: 10 };
const ORDER = "A23456789TJQK";

/** Whether ``naturals`` (distinct ranks of one suit) fit a run of ``size`` cards, the
 *  rest filled by wild cards; Ace low (A-2-3) or high (Q-K-A), never both (IND-8). */
function fitsRun(naturals, size) {
  if (!naturals.length || size > 13 || new Set(naturals.map((c) => c[1])).size !== 1) return false;
  for (const [aceValue, lowest, highest] of [[1, 1, 13], [14, 2, 14]]) {
    const ranks = naturals.map((c) => (c[0] === "A" ? aceValue : ORDER.indexOf(c[0]) + 1));
    if (new Set(ranks).size !== ranks.length) continue;
    const low = Math.max(lowest, Math.max(...ranks) - size + 1);
    if (low <= Math.min(...ranks) && low + size - 1 <= highest) return true;
  }
  return false;
}

/** The solver's arrangement with the natural sets it left in the deadwood grouped too:
 *  with one life only sets do not lower the penalty (IND-10), so the solver counts them
 *  as deadwood, but a player sorting by melds still wants them together. */
export function withSets(arrangement, wildRank) {
  const byRank = new Map();
  for (const card of arrangement.deadwood) {
    if (card !== "JK" && card[0] !== wildRank) byRank.set(card[0], [...(byRank.get(card[0]) || []), card]);
  }
  const sets = [];
  for (const cards of byRank.values()) {
    const distinct = [...new Map(cards.map((card) => [card[1], card])).values()];
    if (classifyIndian(distinct, wildRank) === "set") sets.push({ kind: "set", cards: distinct });
  }
  const deadwood = [...arrangement.deadwood];
  for (const card of sets.flatMap((set) => set.cards)) deadwood.splice(deadwood.indexOf(card), 1);
  return { ...arrangement, melds: [...arrangement.melds, ...sets], deadwood };
}

/** What a group of cards is in Indian Rummy (IND-5..8): pure, impure, set or nothing. */
export function classifyIndian(cards, wildRank) {
  if (cards.length < 3) return "invalid";
  if (!cards.includes("JK") && fitsRun(cards, cards.length)) return "pure";
  const naturals = cards.filter((c) => c !== "JK" && c[0] !== wildRank);
  if (naturals.length === 0) return "set";
  if (fitsRun(naturals, cards.length)) return "impure";
  const suits = naturals.map((c) => c[1]);
  if (new Set(naturals.map((c) => c[0])).size === 1 && new Set(suits).size === suits.length) return "set";
  return "invalid";
}

/** The penalty of the player's own grouping (IND-10): ungrouped and invalid cards
 *  count; with no pure sequence every card counts; with a pure one but no second
 *  sequence only the best pure sequence is exempt. Cap 80. */
export function groupingPenalty(groups, wildRank) {
  const value = (card) => (card === "JK" || card[0] === wildRank ? 0 : RANK_VALUE[card[0]] || Number(card[0]));
  const sum = (cards) => cards.reduce((total, card) => total + value(card), 0);
  const kinds = groups.map((g) => classifyIndian(g, wildRank));
  const all = sum(groups.flat());
  const pure = groups.filter((_, i) => kinds[i] === "pure");
  const sequences = kinds.filter((k) => k === "pure" || k === "impure").length;
  let penalty = all;
  if (pure.length && sequences >= 2) penalty = sum(groups.filter((_, i) => kinds[i] === "invalid").flat());
  else if (pure.length) penalty = all - Math.max(...pure.map(sum));
  return Math.min(80, penalty);
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function seatPanel(api, view, seat) {
  const { session, name } = api;
  const info = session.room.seats[seat];
  const current = session.state.current_player === seat;
  const status = view.seats ? view.seats[seat] : "playing";
  const count = view.hand_sizes[seat];
  const picked = view.picked_up[seat];
  return h("div", { class: `opponent${current ? " current" : ""}${status !== "playing" ? " inactive" : ""}`, "data-seat": seat }, [
    h("div", { class: "opponent-head" }, [
      h("span", { class: "avatar" }, name(seat).slice(0, 1).toUpperCase()),
      h("div", { class: "who" }, [
        nameTag(name(seat)),
        h("div", { class: "badges" }, [
          info.occupant === "bot" ? h("span", { class: "badge bot" }, t(`level.${info.bot}`)) : null,
          info.occupant === "human" && !info.connected && !info.away ? h("span", { class: "badge offline" }, t("seat.offline")) : null,
          info.away ? h("span", { class: "badge away" }, t("seat.away")) : null,
          view.dealer === seat ? h("span", { class: "badge dealer" }, t("seat.dealer")) : null,
          status !== "playing" ? h("span", { class: "badge status" }, t(`seat.${status}`)) : null,
        ]),
      ]),
      standing(api, view, seat),
    ]),
    h("div", { class: "mini-hand", title: t("seat.cards", { n: count }) }, [
      ...Array.from({ length: Math.min(count, 14) }, () => h("div", { class: "mini-card" }, cardBackSVG())),
      h("span", { class: "count" }, t("seat.cards", { n: count })),
      h("span", { class: "count-short", "aria-hidden": "true" }, String(count)),
    ]),
    picked.length ? h("div", { class: "picked", title: `${t("seat.picked")}: ${picked.map(cardLabel).join(" ")}` }, [h("span", {}, `${t("seat.picked")}: `), ...picked.map((c) => h("span", { class: "mini-face" }, cardSVG(c)))]) : null,
  ]);
}

function pile(label, content, { onclick, count, id, active }) {
  const node = h("div", { class: `pile${active ? " active" : ""}`, id, onclick: active ? onclick : null, role: active ? "button" : null, ...(active ? sends(TABLE) : {}) }, [
    h("div", { class: "pile-cards" }, content),
    h("div", { class: "pile-label" }, [label, count !== undefined ? h("span", { class: "pile-count" }, String(count)) : null]),
  ]);
  return active ? pressable(node) : node;
}

function centre(api, view, legal) {
  const drawStock = legal.find((a) => a.type === "draw" && a.source === "stock");
  const takeDiscard = legal.find((a) => a.type === "draw" && a.source === "discard");
  const top = view.discard_pile[view.discard_pile.length - 1];
  const game = CARD_GAMES[view.game];
  const wild = game.wild(view);
  const piles = [
    pile(t("pile.stock"), view.stock_count ? [h("div", { class: "card" }, cardBackSVG())] : [h("div", { class: "card empty" })],
      { count: view.stock_count, id: "stock", active: Boolean(drawStock), onclick: () => api.act(drawStock) }),
    pile(t("pile.discard"), top ? [
      view.discard_pile.length > 1 ? h("div", { class: "card under" }, cardSVG(view.discard_pile[view.discard_pile.length - 2], { wild: wild(view.discard_pile[view.discard_pile.length - 2]) })) : null,
      h("div", { class: "card top", "data-card": top }, cardSVG(top, { wild: wild(top) })),
    ] : [h("div", { class: "card empty" })], { count: view.discard_pile.length, id: "discard", active: Boolean(takeDiscard), onclick: () => api.act(takeDiscard) }),
  ];
  piles.push(game.info(view));
  return h("div", { class: "centre" }, piles);
}

function turnLine(api, view) {
  const { session, name } = api;
  const current = session.state.current_player;
  const last = [...view.moves].reverse().find((m) => m.seat !== null && m.seat !== undefined);
  let text = t("turn.over");
  if (current !== null && current !== undefined) text = current === session.you ? t("turn.yours") : t("turn.theirs", { name: name(current) });
  return h("div", { class: `turn-line${current === session.you ? " mine" : ""}`, id: "turn-line" }, [
    h("span", { class: "turn" }, text),
    api.clockLine?.(),
    last ? h("span", { class: "last-move" }, describeMove(last, name)) : null,
  ]);
}

function actionBar(api, view, legal, hand, described) {
  const { session } = api;
  const buttons = [];
  const card = hand.single();
  const byType = (type) => legal.filter((a) => a.type === type);
  const mine = session.state.current_player === session.you;
  for (const action of byType("draw")) {
    buttons.push(h("button", { class: action.source === "stock" ? "primary" : "", "data-action": `draw-${action.source}`, ...sends(TABLE), onclick: () => api.act(action) }, drawLabel(view, action)));
  }
  for (const action of byType("pass")) buttons.push(h("button", { "data-action": "pass", ...sends(TABLE), onclick: () => api.act(action) }, t("act.pass")));
  const discarding = legal.some((a) => ["discard", "knock", "declare"].includes(a.type));
  if (discarding) {
    if (!card) buttons.push(h("span", { class: "muted prompt" }, t("act.select_card")));
    else {
      const discard = legal.find((a) => a.type === "discard" && a.card === card);
      const knock = described.find((d) => d.action.type === "knock" && d.action.discard === card);
      const declare = legal.find((a) => a.type === "declare" && a.discard === card);
      if (discard) buttons.push(h("button", { class: "primary", "data-action": "discard", ...sends(TABLE), onclick: () => api.act(discard) }, t("act.discard", { card: cardLabel(card) })));
      else if (view.taken_from_discard === card) {
        const rule = CARD_GAMES[view.game].takenRule;
        buttons.push(h("button", { disabled: true, "data-action": "discard", title: t("act.blocked", { card: cardLabel(card), rule }) }, t("act.discard", { card: cardLabel(card) })));
        buttons.push(h("span", { class: "blocked-reason" }, t("act.blocked", { card: cardLabel(card), rule })));
      }
      if (knock) buttons.push(h("button", { class: "accent", "data-action": knock.gin ? "gin" : "knock", ...sends(TABLE), onclick: () => api.act(knock.action) }, knock.gin ? t("act.gin") : t("act.knock", { n: knock.deadwood })));
      if (declare) buttons.push(h("button", { class: "accent", "data-action": "declare", ...sends(TABLE), onclick: () => api.act(declare) }, t("act.declare")));
    }
  }
  for (const action of byType("drop")) {
    const penalty = view.drop_penalty[session.you];
    const armed = session.drafts.dropArmed;
    buttons.push(h("button", { class: `danger${armed ? " armed" : ""}`, "data-action": "drop", ...sends(TABLE), onclick: () => {
      if (armed) api.act(action);
      session.drafts.dropArmed = !armed;
      api.render();
    } }, armed ? t("act.drop_confirm", { n: penalty }) : t("act.drop", { n: penalty })));
  }
  if (session.room.hints && mine && legal.length) buttons.push(h("button", { class: "ghost", "data-action": "hint", ...sends(TABLE), onclick: api.askHint }, t("act.hint")));
  return h("div", { class: "action-bar", id: "actions" }, buttons);
}

function drawLabel(view, action) {
  const top = view.discard_pile[view.discard_pile.length - 1];
  if (action.source === "stock") return t("act.draw_stock");
  return view.phase === "offer" ? t("act.take_upcard", { card: cardLabel(top) }) : t("act.draw_discard", { card: cardLabel(top) });
}

/** A suggested action in words; a knock says the deadwood it leaves, from its legal
 *  action's facts (GIN-7). */
function suggestionLabel(view, described, action) {
  switch (action.type) {
    case "draw": return drawLabel(view, action);
    case "pass": return t("act.pass");
    case "drop": return t("act.drop", { n: view.drop_penalty[view.seat] });
    case "discard": return t("act.discard", { card: cardLabel(action.card) });
    case "knock": {
      const fact = described.find((d) => d.action.type === "knock" && d.action.discard === action.discard);
      return `${fact && fact.gin ? t("act.gin") : t("act.knock", { n: fact ? fact.deadwood : "?" })} · ${cardLabel(action.discard)}`;
    }
    case "declare": return `${t("act.declare")} · ${cardLabel(action.discard)}`;
    default: return action.type;
  }
}

function hintBox(api, view, hand, described) {
  const hint = api.session.hint;
  if (!hint) return null;
  const suggestion = hint.suggestion;
  const text = suggestion ? t("hint.suggest", { action: suggestionLabel(view, described, suggestion) }) : t("hint.none");
  return h("div", { class: "hint-box", id: "hint" }, [
    h("strong", {}, t("hint.title")), h("span", {}, text),
    hint.reason ? h("span", { class: "hint-reason" }, reasonText(view.game, hint.reason)) : null,
    suggestion && (suggestion.card || suggestion.discard) ? h("button", { class: "small ghost", onclick: () => {
      const card = suggestion.card || suggestion.discard;
      const key = hand.groups.flat().find((k) => k.startsWith(`${card}#`));
      hand.selected.clear();
      if (key) hand.selected.add(key);
      api.render();
    } }, t("hint.apply")) : null,
  ]);
}

/** What Gin and Indian Rummy draw differently: which cards are wild, the card beside
 *  the piles (Gin's first upcard with the knock limit, Indian's joker indicator), the
 *  rule that keeps a card taken from the pile (GIN-4, IND-3), a group's label and the
 *  hand's live score (Gin: the solver's deadwood; Indian: the penalty of the player's
 *  own grouping, beside the best one). */
const CARD_GAMES = {
  gin: {
    wild: () => () => false,
    takenRule: "GIN-4",
    info(view) {
      const limit = view.knock_limit;
      // Drawn only while it lies buried in the discard pile (it set the knock limit): on
      // top of the pile the pile shows it already, and once taken it is in a hand.
      const pile = view.discard_pile;
      const top = pile[pile.length - 1] === view.first_upcard;
      const lying = pile.includes(view.first_upcard);
      const buried = lying && !top;
      return h("div", { class: `pile indicator${buried ? "" : " words"}`, id: "upcard" }, [
        buried ? h("div", { class: "pile-cards" }, h("div", { class: "card" }, cardSVG(view.first_upcard))) : null,
        h("div", { class: "pile-label" }, [
          top ? t("pile.upcard_on_top") : lying ? t("pile.upcard") : t("pile.upcard_taken", { card: cardLabel(view.first_upcard) }),
          h("small", {}, limit === 0 ? t("pile.gin_only") : t("pile.knock_limit", { n: limit })),
          view.multiplier > 1 ? h("small", { class: "doubled" }, t("pile.doubled")) : null,
        ]),
      ]);
    },
    label(view, faces, arrangement) {
      if (arrangement && arrangement.melds.some((meld) => sameCards(meld, faces))) return { kind: "meld", text: t("meld.meld") };
      return null;
    },
    best: (view, arrangement) => arrangement,
    declared: () => null,
    live: (view, hand, arrangement) => [h("span", { class: "live", id: "live-score" }, t("hand.deadwood", { n: arrangement ? arrangement.points : "?" }))],
  },
  indian: {
    wild: (view) => (card) => card === "JK" || card[0] === view.wild_rank,
    takenRule: "IND-3",
    info: (view) => h("div", { class: "pile indicator", id: "indicator" }, [
      h("div", { class: "pile-cards" }, h("div", { class: "card" }, cardSVG(view.indicator))),
      h("div", { class: "pile-label" }, [t("pile.indicator"), h("small", {}, t("pile.wild", { rank: view.wild_rank === "T" ? "10" : view.wild_rank }))]),
    ]),
    label(view, faces) {
      const kind = classifyIndian(faces, view.wild_rank);
      return { kind, text: t(`meld.${kind}`) };
    },
    best: (view, arrangement) => withSets(arrangement, view.wild_rank),
    /** Once a deal is declared, the seat's hand as the solver laid it out: the winner's
     *  declaration, or a loser's best arrangement (the result's). */
    declared(view, seat) {
      const result = view.result;
      if (result?.outcome !== "declared") return null;
      const layout = result.winners.includes(seat) ? { melds: result.declaration, deadwood: [] } : result.hands[String(seat)];
      return layout ? withSets(layout, result.wild_rank) : null;
    },
    live(view, hand, arrangement) {
      const own = groupingPenalty(hand.faces(), view.wild_rank);
      return [h("span", { class: "live", id: "live-score" }, t("hand.penalty", { n: own })), arrangement ? h("span", { class: "muted" }, ` · ${t("hand.best_penalty", { n: arrangement.points })}`) : null];
    },
  },
};

export function renderCardTable(api, top = []) {
  const { session } = api;
  const state = session.state;
  const view = state.view;
  const legal = state.legal.map((entry) => entry.action);
  const seated = session.you !== null && view.hand;
  const others = session.room.seats.map((_, seat) => seat).filter((seat) => seat !== session.you);
  const turn = turnLine(api, view);
  const sections = [
    h("div", { class: "board-side" }, [h("div", { class: "opponents" }, others.map((seat) => seatPanel(api, view, seat))), centre(api, view, legal)]),
    turn,
  ];
  if (seated) {
    const deal = view.match ? view.match.number : 1;
    const key = `rummyhall.hand.${session.room.code}.${session.room.match?.id}.${deal}`;
    // A rematch's room message comes before its first state: the old state still
    // renders with the old hand, and the new hand starts with the new state.
    if (!session.hand || (session.hand.storageKey !== key && session.hand.state !== state)) session.hand = new Hand(key);
    const hand = session.hand;
    hand.sync(view.hand);
    hand.state = state;
    const arrangement = state.arrangement;
    const game = CARD_GAMES[view.game];
    const declared = game.declared(view, session.you);
    if (declared && !hand.declared) {
      hand.sort("melds", declared);
      hand.declared = true;
    }
    const label = (faces) => game.label(view, faces, arrangement);
    const info = game.live(view, hand, arrangement);
    const me = session.you;
    const hint = hintBox(api, view, hand, state.legal);
    if (hint) turn.append(hint); // under "Your turn", beside the piles on a short screen
    if (!api.replay) info.push(h("span", { class: "muted tip" }, t("hand.drag_tip"))); // a replay's hand is not the viewer's to arrange
    sections.push(h("section", { class: `my-area${state.current_player === me ? " current" : ""}` }, [
      h("div", { class: "my-head" }, [
        nameTag(api.name(me), { suffix: `(${t("seat.you")})` }),
        standing(api, view, me),
        ...info,
        h("div", { class: "sorters" }, [
          h("button", { class: "small ghost", "data-sort": "suit", onclick: () => { hand.sort("suit"); api.render(); } }, t("hand.sort_suit")),
          h("button", { class: "small ghost", "data-sort": "rank", onclick: () => { hand.sort("rank"); api.render(); } }, t("hand.sort_rank")),
          h("button", { class: "small ghost", "data-sort": "melds", disabled: !arrangement, onclick: () => { hand.sort("melds", game.best(view, arrangement)); api.render(); } }, t("hand.sort_melds")),
          hand.selected.size > 1 ? h("button", { class: "small", "data-sort": "group", onclick: () => { hand.groupSelected(); api.render(); } }, t("hand.group")) : null,
        ]),
      ]),
      renderHand(hand, {
        onChange: () => { session.drafts.dropArmed = false; api.render(); },
        label,
        wild: game.wild(view),
        marked: (card) => (card === view.taken_from_discard ? "taken" : null),
      }),
      actionBar(api, view, legal, hand, state.legal),
    ]));
  }
  return tableLayout(top, h("div", { class: "felt" }, sections), h("aside", { class: "side" }, [scoreSheet(api, view), movesPanel(view, api.name)]));
}
