// Hand results that explain themselves (both Gin layouts with lay-offs and the score
// arithmetic, Indian penalties with each loser's best arrangement, Rummikub scores), the
// match score sheets and the one-line description of a move.

import { cardLabel, cardSVG, tileSVG } from "./cards.js";
import { t } from "./i18n.js";
import { h, modal, nameTag } from "./ui.js";

/** A move in one line; ``label`` names its cards ("7♥", or words for the live region). */
export function describeMove(move, name, label = cardLabel) {
  const who = move.seat === null || move.seat === undefined ? "" : name(move.seat);
  switch (move.type) {
    case "draw":
      if (move.source === "stock") return t("log.draw_stock", { name: who });
      if (move.source === "pool") return t("log.draw_pool", { name: who });
      return t("log.draw_discard", { name: who, card: move.card ? label(move.card) : "" });
    case "discard":
      return t("log.discard", { name: who, card: label(move.card) });
    case "pass":
      return t("log.pass", { name: who });
    case "knock":
      return move.gin ? t("log.gin", { name: who }) : t("log.knock", { name: who, card: label(move.discard) });
    case "declare":
      return t("log.declare", { name: who });
    case "drop":
      return t("log.drop", { name: who });
    case "play":
      return t("log.play", { name: who, n: move.played.length });
    default:
      return move.type;
  }
}

/** Every move of the hand, newest first (the list scrolls). */
export function movesPanel(view, name) {
  const moves = view.moves.filter((m) => m.seat !== null && m.seat !== undefined).reverse();
  return h("div", { class: "panel moves-panel", id: "moves" }, [
    h("h3", {}, t("log.title")),
    h("ol", { class: "moves" }, moves.map((m) => h("li", { class: m.by === "clock" ? "by-clock" : null }, [
      m.by === "clock" ? h("span", { class: "by-clock-tag" }, t("log.clock_played", { name: name(m.seat) })) : null,
      describeMove(m, name),
    ]))),
  ]);
}

function cards(list, { wild = () => false, small = true } = {}) {
  return h("div", { class: `card-row${small ? " small" : ""}` }, list.map((c) => h("div", { class: "card", "data-card": c }, cardSVG(c, { wild: wild(c) }))));
}

/** One side's melds and deadwood; the defender's lay-offs sit on the same line as the
 * knocker's meld they extend, marked as added ("+"). */
function layout(title, side, layoffs) {
  return h("div", { class: "layout" }, [
    h("h4", {}, [title, h("span", { class: "points" }, t("result.points", { n: side.points }))]),
    h("div", { class: "melds" }, side.melds.map((meld, i) => {
      const added = layoffs.filter((l) => l.meld === i).map((l) => l.card);
      if (!added.length) return h("div", { class: "meld" }, [cards(meld)]);
      return h("div", { class: "meld laid-on" }, [cards(meld), h("div", { class: "layoff" }, [h("span", { "aria-hidden": "true" }, "+"), cards(added)])]);
    })),
    side.deadwood.length ? h("div", { class: "deadwood" }, [h("span", { class: "muted" }, t("result.deadwood")), cards(side.deadwood)]) : null,
  ]);
}

function ginResult(result, view, name) {
  if (result.outcome === "cancelled" || !result.settlement) return [h("p", { class: "headline" }, t("result.cancelled"))];
  const s = result.settlement;
  const knocker = result.knocker;
  const defender = 1 - knocker;
  const k = s.knocker.points;
  const d = s.defender.points;
  const [winner] = result.winners;
  const headline = s.kind === "gin" ? t("result.gin", { name: name(knocker) }) : s.kind === "undercut" ? t("result.undercut", { name: name(defender) }) : t("result.knock", { name: name(knocker) });
  let arithmetic = s.kind === "gin" ? t("result.arith_gin", { d, p: s.points }) : s.kind === "undercut" ? t("result.arith_undercut", { k, d, p: s.points }) : t("result.arith_knock", { d, k, p: s.points });
  if (result.multiplier > 1) arithmetic += ` ${t("result.doubled", { p: s.points * result.multiplier })}`;
  const layoffs = s.layoffs || [];
  return [
    h("p", { class: "headline" }, headline),
    h("div", { class: "layouts" }, [
      layout(`${t("result.knocker")} · ${name(knocker)}`, s.knocker, layoffs),
      layout(`${t("result.defender")} · ${name(defender)}`, s.defender, []),
    ]),
    layoffs.length ? h("p", { class: "muted layoffs" }, `${t("result.layoffs")}: ${layoffs.map((l) => t("result.layoff_on", { card: cardLabel(l.card), meld: s.knocker.melds[l.meld].map(cardLabel).join(" ") })).join(", ")}`) : null,
    h("p", { class: "arithmetic", id: "arithmetic" }, [h("strong", {}, t("result.wins", { name: name(winner) })), " · ", arithmetic]),
  ];
}

function indianResult(result, view, name) {
  // The deal's own wild rank: the view is already the next deal's.
  const wild = (c) => c === "JK" || c[0] === result.wild_rank;
  if (result.outcome === "void") return [h("p", { class: "headline" }, t("result.void"))];
  const rows = result.penalties.map((penalty, seat) => {
    const hand = result.hands?.[String(seat)];
    const isWinner = result.winners.includes(seat);
    return h("tr", { class: isWinner ? "winner" : "" }, [
      h("td", { class: "seat-name", title: name(seat) }, name(seat)),
      h("td", { class: "num" }, isWinner ? "0" : String(penalty)),
      h("td", {}, hand ? h("div", { class: "arranged" }, [
        ...hand.melds.map((m) => h("div", { class: `meld ${m.kind}` }, [h("small", {}, t(`meld.${m.kind}`)), cards(m.cards, { wild })])),
        hand.deadwood.length ? h("div", { class: "meld deadwood" }, [h("small", {}, t("result.deadwood")), cards(hand.deadwood, { wild })]) : null,
        hand.tier ? h("small", { class: "muted" }, t(`result.tier.${hand.tier}`)) : null,
      ]) : isWinner ? h("span", { class: "badge" }, t(result.outcome === "declared" ? "seat.declared" : "result.last_player"))
        : h("span", { class: "muted" }, penalty ? t("result.dropped") : t("seat.out"))),
    ]);
  });
  return [
    h("p", { class: "headline" }, t("result.wins", { name: result.winners.map(name).join(" & ") })),
    result.declaration ? h("div", { class: "declaration" }, [h("h4", {}, t("result.declaration")), h("div", { class: "arranged" },
      result.declaration.map((m) => h("div", { class: `meld ${m.kind}` }, [h("small", {}, t(`meld.${m.kind}`)), cards(m.cards, { wild })])))]) : null,
    h("table", { class: "sheet outcome" }, [h("thead", {}, h("tr", {}, [h("th", {}, ""), h("th", {}, t("result.penalty")), h("th", {}, "")])), h("tbody", {}, rows)]),
  ];
}

/** A seat's rack as the round ended: its tiles laid open, their count and the points
 *  they are worth (what the seat pays, RKB-8/9); an emptied rack says so. */
function rackLeft(result, seat) {
  const tiles = result.racks?.[seat];
  if (tiles && !tiles.length) return h("span", { class: "badge" }, t("result.rack_empty"));
  const count = tiles ? `${t("seat.tiles", { n: tiles.length })} · ` : "";
  return h("div", { class: "rack-left" }, [
    tiles ? h("div", { class: "tile-row" }, tiles.map((tile) => h("div", { class: "tile", "data-tile": tile }, tileSVG(tile)))) : null,
    h("small", { class: "muted" }, count + t("result.rack_points", { n: result.rack_totals[seat] })),
  ]);
}

function rummikubResult(result, view, name) {
  const rows = result.scores.map((score, seat) => h("tr", { class: result.winners.includes(seat) ? "winner" : "", "data-seat": seat }, [
    h("td", { class: "seat-name", title: name(seat) }, name(seat)),
    h("td", { class: "num" }, score > 0 ? `+${score}` : String(score)),
    h("td", {}, rackLeft(result, seat)),
  ]));
  return [
    h("p", { class: "headline" }, t("result.wins", { name: result.winners.map(name).join(" & ") })),
    result.outcome === "blocked" ? h("p", { class: "muted" }, t("result.blocked")) : null,
    h("table", { class: "sheet outcome" }, h("tbody", {}, rows)),
  ];
}

/** Each game's explanation of a finished part: its dialog's title and body. */
const RESULTS = {
  gin: { title: "result.title", body: ginResult },
  indian: { title: "result.deal_title", body: indianResult },
  rummikub: { title: "result.round_title", body: rummikubResult },
};

/** A part's result explained on the page (a replay's step where it ended), as the
 *  result dialog explains it; ``over``: the match ended with it. */
export function resultPanel(game, result, view, name, over) {
  return h("section", { class: "panel replay-result", id: "replay-result" }, [
    h("h3", {}, over ? t("result.match_over") : t(RESULTS[game].title)),
    ...RESULTS[game].body(result, view, name),
  ]);
}

/** The modal shown when a hand, deal or round ends (from its event's public result).
 *  Closing it (its button or Escape) tells the server this player is ready for the next
 *  part, then ``onClose`` runs. Returns ``refresh()``, which shows the room's latest
 *  pause in the open dialog, and ``dismiss()``, which closes it without saying ready
 *  (its result has gone: the pause ended, or the page is left). */
export function resultDialog({ event, view, game }, api, onClose) {
  const result = RESULTS[game];
  const over = api.session.state?.over;
  let ready = !over && api.session.you !== null;
  let pause = api.session.room?.pause;
  let line = pauseSlot(api, over);
  const dialog = modal({
    id: "result",
    kind: "result",
    title: over ? t("result.match_over") : t(result.title),
    body: [
      ...result.body(event, view, api.name),
      scoreSheet(api, view),
      line,
      h("div", { class: "modal-actions" }, [
        h("button", { class: "primary", id: "result-close", autofocus: true, onclick: () => dialog.close() }, over ? t("common.close") : t("result.continue")),
      ]),
    ],
    onClose: () => {
      if (ready) api.send({ type: "ready" });
      onClose();
    },
  });
  return {
    refresh() {
      if (api.session.room?.pause === pause) return;
      pause = api.session.room?.pause;
      const next = pauseSlot(api, over);
      line.replaceWith(next);
      line = next;
    },
    dismiss() {
      ready = false;
      dialog.close();
    },
  };
}

/** The result dialog's pause line, or an empty placeholder where a later pause goes. */
const pauseSlot = (api, over) => (over ? null : pauseLine(api, true)) ?? new Comment("pause");

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** How each game keeps score in its match, one convention for the sheet, the seats'
 *  chips and the results: a seat's ``total`` so far as shown, and the ``convention``
 *  said in the sheet's header (Gin: points won; Indian pools and points: penalty
 *  points, lower is better; Indian deals: chips; Rummikub: signed round scores). */
const STANDINGS = {
  gin: { total: (match, seat) => String(match.totals[seat]), convention: () => "result.convention.won" },
  indian: {
    total: (match, seat) => String(match.format === "deals" ? match.chips[seat] : match.totals[seat]),
    convention: (match) => (match.format === "deals" ? "result.convention.chips" : "result.convention.penalty"),
  },
  rummikub: { total: (match, seat) => signed(match.totals[seat]), convention: () => "result.convention.signed" },
};

/** A seat's score as its chip shows it: the match total the sheet shows, titled with
 *  the convention (the hand's own scores where there is no match). */
export function standing(api, view, seat) {
  const match = view.match;
  if (!match) return h("span", { class: "score" }, String(api.session.state.scores[seat]));
  const game = STANDINGS[view.game];
  return h("span", { class: "score", title: t(game.convention(match)) }, game.total(match, seat));
}

const pauseSeen = new WeakMap(); // a room message's pause → when it arrived (ms)

/** Who the next part waits for and, at a table of several humans, its countdown:
 *  in the result dialog, or on the table once one has closed it (``null``: nothing to say). */
export function pauseLine(api, inDialog = false) {
  const { session } = api;
  const pause = session.room?.pause;
  if (!pause) return null;
  const others = pause.waiting.filter((seat) => seat !== session.you);
  if (!inDialog && !others.length) return null;
  if (!pauseSeen.has(pause)) pauseSeen.set(pause, performance.now());
  const deadline = pause.seconds === null ? null : pauseSeen.get(pause) + pause.seconds * 1000;
  const line = h("p", { class: "pause-line muted", id: inDialog ? "pause-dialog" : "pause-table", role: "status" });
  const say = () => {
    const parts = others.length ? [t("result.waiting_for", { names: others.map(api.name).join(", ") })] : [];
    if (deadline !== null) parts.push(t("result.next_in", { n: Math.max(0, Math.ceil((deadline - performance.now()) / 1000)) }));
    line.textContent = parts.join(" · ");
  };
  say();
  if (deadline !== null) {
    const timer = setInterval(() => (line.isConnected ? say() : clearInterval(timer)), 250);
  }
  return line.textContent ? line : null;
}

/** A room message's pause, as the result dialog needs it: a page that has no result to
 *  close (it has just been opened or reloaded) is ready at once, and a dialog whose
 *  pause has ended (the timeout counted this player as ready) closes. */
export function followPause(session, room, send) {
  const before = session.room?.pause;
  if (room.pause?.waiting.includes(session.you) && !session.result) send({ type: "ready" });
  if (before && !room.pause && session.result && !session.state?.over) session.result = null;
}

/** Gin's sheet: the points each hand scored, totals, played to 100/150. */
function ginSheet(match, seats) {
  return {
    rows: match.history.map((hand) => h("tr", {}, [h("td", {}, String(hand.number)), ...seats.map((s) => h("td", { class: "num" }, hand.result.scores[s] ? `+${hand.result.scores[s]}` : "·"))])),
    foot: h("tr", { class: "total" }, [h("td", {}, t("result.total")), ...seats.map((s) => h("td", { class: "num" }, STANDINGS.gin.total(match, s)))]),
    target: t("result.target", { n: match.target }),
  };
}

/** Indian Rummy's sheet: penalties and pool totals with eliminations, or chips (Deals). */
function indianSheet(match, seats) {
  const chips = match.format === "deals";
  return {
    rows: match.history.map((deal) => h("tr", {}, [h("td", {}, String(deal.number)), ...seats.map((s) => h("td", { class: "num" },
      [chips ? String(deal.chips[s]) : String(deal.penalties[s]), deal.eliminated.includes(s) ? h("small", { class: "out-mark" }, " ✕") : null]))])),
    foot: h("tr", { class: "total" }, [h("td", {}, chips ? t("result.chips") : t("result.total")), ...seats.map((s) => h("td", { class: `num${match.out[s] ? " out" : ""}` },
      [STANDINGS.indian.total(match, s), match.out[s] ? h("small", {}, ` ${t("result.eliminated")}`) : null]))]),
    target: match.limit ? t("result.target", { n: match.limit }) : t(`format.${match.format}`),
  };
}

/** Rummikub's sheet: each round's signed scores and their totals. */
function rummikubSheet(match, seats) {
  return {
    rows: match.history.map((round) => h("tr", {}, [h("td", {}, String(round.number)), ...seats.map((s) => h("td", { class: "num" }, signed(round.result.scores[s])))])),
    foot: h("tr", { class: "total" }, [h("td", {}, t("result.total")), ...seats.map((s) => h("td", { class: "num" }, STANDINGS.rummikub.total(match, s)))]),
    target: t("result.rounds", { n: match.rounds }),
  };
}

const SHEETS = { gin: ginSheet, indian: indianSheet, rummikub: rummikubSheet };

/** The match score sheet: Gin hands to 100/150, Indian pools (totals and
 *  eliminations) or deals (chips); Rummikub has one round. */
export function scoreSheet(api, view) {
  const match = view.match;
  const seats = api.session.room.seats.map((_, i) => i);
  if (!match) return h("div", { class: "panel sheet-panel" }, [h("h3", {}, t("result.score_sheet")), h("table", { class: "sheet" }, h("tbody", {}, seats.map((s) => h("tr", {}, [nameTag(api.name(s), { tag: "td" }), h("td", { class: "num" }, String(api.session.state.scores[s]))]))))]);
  // Two players' names head their columns; from three on, the columns are numbered and
  // a legend below names each number in full (no name is cut beyond recognition).
  const numbered = seats.length > 2;
  const you = api.session.you;
  const heading = (s) => (numbered
    ? h("th", { class: `sheet-seat${s === you ? " you" : ""}`, title: api.name(s), scope: "col" }, String(s + 1))
    : nameTag(api.name(s), { tag: "th" }));
  const head = h("tr", {}, [h("th", {}, t(`result.${match.part}`)), ...seats.map(heading)]);
  const { rows, foot, target } = SHEETS[view.game](match, seats);
  return h("div", { class: "panel sheet-panel", id: "score-sheet" }, [
    h("h3", {}, [t("result.score_sheet"), h("small", { class: "muted" }, ` · ${target}`)]),
    h("p", { class: "sheet-convention muted", id: "score-convention" }, t(STANDINGS[view.game].convention(match))),
    h("table", { class: `sheet${numbered ? " numbered" : ""}` }, [h("thead", {}, head), h("tbody", {}, [...rows, foot])]),
    numbered ? h("ol", { class: "sheet-legend" }, seats.map((s) => h("li", { class: s === you ? "you" : null }, [
      h("span", { class: "sheet-seat" }, String(s + 1)), nameTag(api.name(s), { tag: "span", suffix: s === you ? `(${t("seat.you")})` : null }),
    ]))) : null,
  ]);
}
