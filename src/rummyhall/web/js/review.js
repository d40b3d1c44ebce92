// A finished game's review on its replay page (docs/review.md, docs/protocol.md
// "Reviews"): "Review" for each seat the viewer may review, the server's progress while
// it computes, then an evaluation chart across the game, every decision with its mark,
// the better move drawn on the cards or tiles with one line of why (the solver's facts
// the review gives, and the search's gain), and the way to the next mistake.

import { cardLabel, cardSVG, tileSVG, tileWords } from "./cards.js";
import { t } from "./i18n.js";
import { api, ensurePlayer } from "./net.js";
import { h } from "./ui.js";

const POLL_MS = 500; // how often a review under way is asked about
const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" }; // the marks as chess writes them
const MARKS = ["inaccuracy", "mistake", "blunder"];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** The tiles a play lays from the rack: its table less the table before. */
function laid(action, before) {
  const left = new Map();
  for (const tile of before.table.flat()) left.set(tile, (left.get(tile) || 0) + 1);
  const found = [];
  for (const tile of action.table.flat()) {
    if (left.get(tile)) left.set(tile, left.get(tile) - 1);
    else found.push(tile);
  }
  return found;
}

/** A move in words: "discard 7♥", "take 7♥", "declare, throwing 7♥", "lay 3 tiles" … */
export function moveText(action, before) {
  switch (action.type) {
    case "draw":
      if (action.source === "discard") return t("review.act.take", { card: cardLabel(before.top) });
      return t(action.source === "pool" ? "review.act.draw_pool" : "review.act.stock");
    case "pass": return t("review.act.pass");
    case "discard": return t("review.act.discard", { card: cardLabel(action.card) });
    case "knock": return t("review.act.knock", { card: cardLabel(action.discard) });
    case "declare": return t("review.act.declare", { card: cardLabel(action.discard) });
    case "drop": return t("review.act.drop");
    case "play": return t("review.act.lay", { n: laid(action, before).length });
    default: return action.type;
  }
}

/** The cards or tiles a move puts down, drawn small. */
function drawn(action, before) {
  if (action.type === "play") return laid(action, before).map((tile) => h("span", { class: "review-tile", title: tileWords(tile) }, tileSVG(tile)));
  const card = action.card ?? action.discard ?? (action.source === "discard" ? before.top : null);
  return card ? [h("span", { class: "review-card" }, cardSVG(card))] : [];
}

/** A loss or a gain in the review's unit, to a tenth: "3.2 points", "4.5 pp". */
const amount = (unit, value) => t(`review.unit.${unit}`, { n: Math.round(value * 10) / 10 });

/** Why the better move is better, in one line: what the solver says of the two moves
 *  where it tells them apart, else what the search expects the better one to gain. */
export function whyText(review, move) {
  const gain = amount(review.unit, move.loss);
  const best = move.best_facts;
  const played = move.facts;
  const worlds = review.worlds;
  if (best.deadwood !== undefined && played.deadwood !== undefined && best.deadwood !== played.deadwood) {
    const key = best.deadwood === 0 ? "review.why.gin" : best.deadwood < played.deadwood ? "review.why.less_deadwood" : "review.why.more_deadwood";
    return t(key, { best: best.deadwood, left: played.deadwood, gain, worlds });
  }
  if (best.placed !== undefined && best.placed !== played.placed) {
    const key = best.placed > played.placed ? "review.why.more_tiles" : "review.why.fewer_tiles";
    return t(key, { best: best.placed, placed: played.placed, most: best.most, gain, worlds });
  }
  if (best.distance !== undefined && played.distance !== undefined && best.distance !== played.distance) {
    const key = best.distance === 0 ? "review.why.declare" : best.distance < played.distance ? "review.why.nearer" : "review.why.farther";
    const n = key === "review.why.declare" ? played.distance : best.distance; // the count before "cards"
    return t(key, { n, best: best.distance, left: played.distance, gain, worlds });
  }
  if (move.best.type === "draw" && move.best.source === "discard" && best.take_closer) {
    return t("review.why.take_closer", { card: cardLabel(move.before.top), gain });
  }
  return t("review.why.search", { gain, worlds });
}

/** The evaluation chart: the value of each move the seat played across the game (its
 *  chance to win the match in a match, else the part's expected points), each a dot in
 *  its mark's colour; the line marks where the replay is; a dot goes to its move. */
function chart(review, total, turn, go) {
  const width = 600;
  const height = 110;
  const pad = 6;
  const values = review.moves.map((move) => move.options.find((o) => JSON.stringify(o.action) === JSON.stringify(move.played))?.value ?? 0);
  const chance = review.unit === "pp";
  const reach = chance ? 100 : Math.max(10, ...values.map(Math.abs));
  const x = (move) => pad + ((width - 2 * pad) * move) / Math.max(1, total);
  const y = (value) => (chance ? height - pad - ((height - 2 * pad) * value) / 100 : height / 2 - ((height / 2 - pad) * value) / reach);
  const label = t("review.chart", { unit: t(`review.chart.${review.unit}`) });
  const points = review.moves.map((move, i) => `${x(move.move).toFixed(1)},${y(values[i]).toFixed(1)}`).join(" ");
  return svg("svg", { class: "review-chart", id: "review-chart", viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none", role: "img", "aria-label": label }, [
    svg("title", {}, [label]),
    svg("line", { x1: 0, x2: width, y1: y(chance ? 50 : 0), y2: y(chance ? 50 : 0), class: "review-axis" }),
    svg("polyline", { points, class: "review-line" }),
    svg("line", { x1: x(turn), x2: x(turn), y1: 0, y2: height, class: "review-now" }),
    ...review.moves.map((move, i) => svg("circle", {
      cx: x(move.move).toFixed(1), cy: y(values[i]).toFixed(1), r: move.mark ? 4.5 : 2.2,
      class: `review-dot ${move.mark ?? "plain"}`, "data-move": move.move,
      onclick: () => go(move.move),
    }, [svg("title", {}, [`${moveText(move.played, move.before)}${move.mark ? ` · ${t(`review.mark.${move.mark}`)}` : ""}`])])),
  ]);
}

export class Reviews {
  constructor({ matchId, record, name, onChange, toast }) {
    this.matchId = matchId;
    this.record = record;
    this.name = name;
    this.onChange = onChange;
    this.toast = toast;
    // Per seat: status unknown | forbidden | none | running | done | failed, the
    // progress (done, total) and the review once done.
    this.seats = record.seats.map(() => ({ status: "unknown" }));
    this.timers = new Map();
    this.better = false; // the better move is shown on the table (Rummikub)
  }

  path(seat) {
    return `/api/matches/${this.matchId}/reviews/${seat}`;
  }

  /** What the server knows of each seat's review (and which the viewer may ask for). */
  async probe() {
    const answers = await Promise.all(this.seats.map((_, seat) => this.request(seat, "GET")));
    answers.forEach((answer, seat) => this.take(seat, answer));
    this.onChange();
    this.seats.forEach((entry, seat) => entry.status === "running" && this.follow(seat));
  }

  async request(seat, method) {
    try {
      return await api(this.path(seat), { method });
    } catch (error) {
      return { status: "refused", error };
    }
  }

  take(seat, answer) {
    const entry = this.seats[seat];
    if (answer.status !== "refused") {
      Object.assign(entry, { status: answer.status, done: answer.done ?? 0, total: answer.total ?? null, review: answer.review ?? null });
      return;
    }
    const code = answer.error.code;
    entry.status = code === "review_forbidden" ? "forbidden" : "failed";
    entry.error = answer.error.message;
  }

  /** Ask for ``seat``'s review (as this browser's guest, made if need be) and follow
   *  it until it is done. */
  async start(seat) {
    try {
      await ensurePlayer();
      this.take(seat, await api(this.path(seat), { method: "POST" }));
    } catch (error) {
      this.toast(error.message, "error");
      return;
    } finally {
      this.onChange();
    }
    if (this.seats[seat].status === "running") this.follow(seat);
  }

  follow(seat) {
    clearTimeout(this.timers.get(seat));
    this.timers.set(seat, setTimeout(async () => {
      const answer = await this.request(seat, "GET");
      if (this.stopped) return;
      if (answer.status === "none") return this.start(seat); // its process is gone: again
      this.take(seat, answer);
      this.onChange();
      if (answer.status === "running") this.follow(seat);
      else if (answer.status === "refused") this.toast(answer.error.message, "error");
    }, POLL_MS));
  }

  stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
  }

  reviewOf(seat) {
    return seat === null ? null : this.seats[seat]?.review ?? null;
  }

  /** The decision reviewed at ``turn`` (the state before its move), if one. */
  decisionAt(seat, turn) {
    return this.reviewOf(seat)?.moves.find((move) => move.move === turn) ?? null;
  }

  /** The next (``step`` 1) or previous (-1) marked move's turn from ``turn``, or null. */
  nextMistake(seat, turn, step) {
    const marked = (this.reviewOf(seat)?.moves ?? []).filter((move) => move.mark).map((move) => move.move);
    const found = step > 0 ? marked.find((move) => move > turn) : marked.reverse().find((move) => move < turn);
    return found ?? null;
  }

  /** The "Review" buttons, a seat's progress, and the seat's review where the replay is. */
  panel(seat, turn, total, { go, viewAs }) {
    const offered = this.seats.map((entry, index) => ({ ...entry, index })).filter((entry) => ["none", "running", "done", "failed"].includes(entry.status));
    if (!offered.length) return null;
    const name = (index) => this.name(index);
    const buttons = offered.map((entry) => {
      const shown = entry.index === seat;
      if (entry.status === "running") {
        const text = entry.total === null ? t("review.waiting", { name: name(entry.index) }) : t("review.progress", { name: name(entry.index), done: entry.done, total: entry.total });
        return h("span", { class: "review-progress", "data-review-seat": entry.index, role: "status" }, [
          h("span", {}, text), h("progress", { max: entry.total ?? 1, value: entry.total === null ? null : entry.done }),
        ]);
      }
      if (entry.status === "done") {
        const accuracy = entry.review.accuracy === null ? "—" : `${entry.review.accuracy.toFixed(1)}%`;
        return h("button", { type: "button", class: `small${shown ? " primary" : ""}`, "data-review-seat": entry.index, "aria-pressed": String(shown), onclick: () => viewAs(entry.index) }, `✓ ${name(entry.index)} · ${accuracy}`);
      }
      return h("button", { type: "button", class: "small", "data-review-seat": entry.index, onclick: () => { viewAs(entry.index); this.start(entry.index); } }, t("review.ask", { name: name(entry.index) }));
    });
    const review = this.reviewOf(seat);
    return h("section", { class: "review-panel", id: "review-panel" }, [
      h("div", { class: "review-bar", id: "review-bar" }, [h("strong", {}, t("review.title")), ...buttons]),
      review ? this.summary(review, seat, turn, total, go) : null,
    ]);
  }

  summary(review, seat, turn, total, go) {
    const counts = MARKS.map((mark) => h("span", { class: `review-count ${mark}` }, t(`review.count.${mark}`, { n: review.marks[mark] })));
    const previous = this.nextMistake(seat, turn, -1);
    const next = this.nextMistake(seat, turn, 1);
    const decision = this.decisionAt(seat, turn);
    return h("div", { class: "review-summary" }, [
      h("div", { class: "review-figures" }, [
        h("span", { class: "review-accuracy", id: "review-accuracy" }, t("review.accuracy", { name: this.name(seat), v: review.accuracy === null ? "—" : review.accuracy.toFixed(1) })),
        ...counts,
        h("span", { class: "review-nav" }, [
          h("button", { type: "button", class: "small ghost", id: "review-previous", disabled: previous === null, title: t("review.keys"), onclick: () => go(previous) }, `◀ ${t("review.previous")}`),
          h("button", { type: "button", class: "small", id: "review-next", disabled: next === null, title: t("review.keys"), onclick: () => go(next) }, `${t("review.next")} ▶`),
        ]),
      ]),
      chart(review, total, turn, go),
      decision ? this.annotation(review, decision) : h("p", { class: "review-note muted", id: "review-note" }, t("review.between")),
    ]);
  }

  /** The decision at the replay's step: the move played with its mark, and where it
   *  lost, the better move drawn and why. */
  annotation(review, move) {
    const playedText = moveText(move.played, move.before);
    const mark = move.mark ? h("span", { class: `review-mark ${move.mark}` }, `${SIGNS[move.mark]} ${t(`review.mark.${move.mark}`)}`) : null;
    const best = JSON.stringify(move.played) === JSON.stringify(move.best);
    const head = h("div", { class: "review-played" }, [
      h("span", {}, t("review.played", { move: playedText })), ...drawn(move.played, move.before), mark,
      best ? h("span", { class: "review-best" }, `✓ ${t("review.is_best")}`) : h("span", { class: "review-loss" }, `−${amount(review.unit, move.loss)}`),
    ]);
    if (best) return h("div", { class: "review-note", id: "review-note" }, head);
    const show = move.best.type === "play" ? h("button", { type: "button", class: "small ghost", id: "review-show", "aria-pressed": String(this.better), onclick: () => { this.better = !this.better; this.onChange(); } }, this.better ? t("review.hide_better") : t("review.show_better")) : null;
    return h("div", { class: `review-note ${move.mark ?? ""}`, id: "review-note" }, [
      head,
      h("div", { class: "review-better" }, [h("span", {}, t("review.better", { move: moveText(move.best, move.before) })), ...drawn(move.best, move.before), show]),
      h("div", { class: "review-why", id: "review-why" }, whyText(review, move)),
    ]);
  }

  /** Every decision of the seat, with its mark: a list to go through the game by. */
  list(seat, turn, go) {
    const review = this.reviewOf(seat);
    if (!review) return null;
    return h("section", { class: "panel review-list", id: "review-list" }, [
      h("h3", {}, t("review.moves")),
      h("ol", {}, review.moves.map((move) => h("li", { class: `${move.mark ?? ""}${move.move === turn ? " now" : ""}` }, h("button", { type: "button", class: "link", "data-move": move.move, onclick: () => go(move.move) }, [
        h("span", { class: "review-at" }, String(move.move)), // the replay's "Move n": the position it was played from
        moveText(move.played, move.before),
        move.mark ? h("span", { class: `review-mark ${move.mark}` }, SIGNS[move.mark]) : null,
      ])))),
    ]);
  }

  /** On the board of the replay's step: the card or tiles of the move played and of
   *  the better one ringed on the seat's own hand or rack (a take: the open card). */
  decorate(page, seat, turn) {
    const move = this.decisionAt(seat, turn);
    if (!move || JSON.stringify(move.played) === JSON.stringify(move.best)) return;
    const ring = (action, kind) => {
      if (action.type === "draw" && action.source === "discard") {
        page.querySelector(`.card.top[data-card="${move.before.top}"]`)?.classList.add(kind);
        return;
      }
      const cards = action.type === "play" ? laid(action, move.before) : [action.card ?? action.discard].filter(Boolean);
      const used = new Set();
      for (const card of cards) {
        const found = [...page.querySelectorAll(`.my-area [data-card="${card}"], .my-area [data-tile="${card}"]`)].find((node) => !used.has(node));
        if (found) {
          used.add(found);
          found.classList.add(kind);
        }
      }
    };
    ring(move.played, "review-played-card");
    ring(move.best, "review-better-card");
  }
}
