// The Rummikub table: the draft (table editing) lives in the browser — tiles move
// between rack and table, sets split and join, every set is checked as it changes
// (RKB-2/3, the reason shown on invalid ones), undo / redo / reset, the 30-point counter
// before the initial meld (RKB-4) — and one `play` action submits the whole table.

import { tileBackSVG, tileSVG } from "./cards.js";
import { reasonText } from "./hints.js";
import { t } from "./i18n.js";
import { sends, TABLE } from "./once.js";
import { describeMove, movesPanel, scoreSheet, standing } from "./results.js";
import { h, nameTag, pressable, tableLayout } from "./ui.js";

const COLOURS = "RBKO";

function groupReading(numbers, colours, size) {
  if (new Set(numbers).size > 1) return null;
  const kind = "group";
  if (size > 4) return { kind, reason: "rkb.reason.too_big", value: 0 };
  if (new Set(colours).size !== colours.length) return { kind, reason: "rkb.reason.dup_colour", value: 0 };
  return { kind, reason: null, value: (numbers[0] ?? 13) * size };
}

function runReading(numbers, colours, size) {
  if (new Set(colours).size > 1) return null;
  const kind = "run";
  if (new Set(numbers).size !== numbers.length) return { kind, reason: "rkb.reason.gap", value: 0 };
  const lowest = numbers.length ? Math.min(...numbers) : 13;
  const highest = numbers.length ? Math.max(...numbers) : 1;
  if (highest - lowest >= size) return { kind, reason: "rkb.reason.gap", value: 0 };
  const low = Math.min(lowest, 14 - size); // jokers extend upwards first: the highest reading
  if (size > 13 || low < 1) return { kind, reason: "rkb.reason.range", value: 0 };
  return { kind, reason: null, value: (size * (2 * low + size - 1)) / 2 };
}

/** Whether ``tiles`` make a valid set (RKB-2/3): ``reason`` is null or the i18n key of
 *  what is wrong, ``value`` what the set counts for (its highest reading, RKB-3; a run
 *  on equal value) and ``kind`` that reading, "run" or "group" (none when it is
 *  neither in shape). */
export function judgeSet(tiles) {
  if (tiles.length < 3) return { reason: "rkb.reason.short", value: 0 };
  const naturals = tiles.filter((x) => x !== "*");
  const numbers = naturals.map((x) => Number(x.slice(1)));
  const colours = naturals.map((x) => x[0]);
  const readings = [runReading(numbers, colours, tiles.length), groupReading(numbers, colours, tiles.length)].filter(Boolean);
  const valid = readings.filter((r) => !r.reason).sort((a, b) => b.value - a.value);
  return valid[0] ?? readings[0] ?? { reason: "rkb.reason.mixed", value: 0 };
}

/** A set in reading order (its reading: ``judgeSet``): a run ascending with its jokers
 *  in the gaps (then above, then below), a group in colour order R B K O with its
 *  jokers last. */
export function sortSet(tiles) {
  const number = (tile) => Number(tile.code.slice(1));
  const naturals = tiles.filter((x) => x.code !== "*").sort((a, b) => number(a) - number(b) || COLOURS.indexOf(a.code[0]) - COLOURS.indexOf(b.code[0]));
  const spare = tiles.filter((x) => x.code === "*");
  const numbers = naturals.map(number);
  if (judgeSet(tiles.map((x) => x.code)).kind !== "run") return [...naturals, ...spare];
  const out = [];
  naturals.forEach((tile, i) => {
    for (let n = i ? numbers[i - 1] + 1 : numbers[0]; n < numbers[i] && spare.length; n++) out.push(spare.shift());
    out.push(tile);
  });
  for (let high = numbers[numbers.length - 1]; spare.length && high < 13; high++) out.push(spare.shift());
  return [...spare, ...out];
}

/** The draft of one turn: table sets and rack as tiles with ids and their origin. */
export class Draft {
  constructor(view) {
    this.turn = view.turn;
    this.past = [];
    this.future = [];
    let n = 0;
    this.initial = {
      sets: view.table.map((set) => set.map((code) => ({ id: `t${n++}`, code, from: "table" }))),
      rack: (view.rack || []).map((code) => ({ id: `r${n++}`, code, from: "rack" })),
    };
    this.now = structuredClone(this.initial);
    this.selected = new Set();
  }

  change(edit) {
    this.past.push(structuredClone(this.now));
    this.future = [];
    edit(this.now);
    this.now.sets = this.now.sets.filter((set) => set.length).map(sortSet);
    this.selected.clear();
  }

  undo() {
    if (this.past.length) {
      this.future.push(this.now);
      this.now = this.past.pop();
    }
  }

  redo() {
    if (this.future.length) {
      this.past.push(this.now);
      this.now = this.future.pop();
    }
  }

  reset() {
    if (this.past.length) this.change((now) => Object.assign(now, structuredClone(this.initial)));
  }

  /** Take the tiles ``ids`` out of wherever they are. */
  static pull(now, ids) {
    const taken = [];
    for (const list of [now.rack, ...now.sets]) {
      for (let i = list.length - 1; i >= 0; i--) if (ids.has(list[i].id)) taken.unshift(...list.splice(i, 1));
    }
    return taken;
  }

  /** Move the tiles ``ids`` to ``target``; how many were refused (table tiles sent to
   *  the rack: RKB-5). */
  moveTo(ids, target) {
    if (!ids.size) return 0;
    const movable = new Set([...ids].filter((id) => target !== "rack" || this.fromRack(id)));
    if (!movable.size) return ids.size; // nothing moves: no undo step either
    this.change((now) => {
      const tiles = Draft.pull(now, movable);
      if (target === "rack") now.rack.push(...tiles);
      else if (target === "new") now.sets.push(tiles);
      else now.sets[target].push(...tiles);
    });
    return ids.size - movable.size;
  }

  fromRack(id) {
    return id.startsWith("r");
  }

  placed() {
    return this.now.sets.flat().filter((tile) => tile.from === "rack");
  }

  /** The initial-meld points: sets made only of rack tiles (RKB-4). */
  meldPoints() {
    return this.now.sets.filter((set) => set.every((tile) => tile.from === "rack")).reduce((sum, set) => sum + judgeSet(set.map((x) => x.code)).value, 0);
  }

  tableTouched() {
    const before = this.initial.sets.map((set) => set.map((x) => x.id).join()).sort().join("|");
    const after = this.now.sets.filter((set) => set.some((x) => x.from === "table")).map((set) => set.map((x) => x.id).join()).sort().join("|");
    return before !== after;
  }

  /** Make the suggested table (a hint) the draft: its faces are matched to table tiles
   *  first, then to rack tiles. */
  apply(table) {
    this.change((now) => {
      const pool = [...this.initial.sets.flat(), ...this.initial.rack];
      const take = (code) => pool.splice(pool.findIndex((x) => x.code === code), 1)[0];
      now.sets = table.map((set) => set.map(take));
      now.rack = this.initial.rack.filter((x) => pool.includes(x));
    });
  }
}

/** The rack's tiles grouped as the solver arranges the rack alone (``arrangement``:
 *  the server's ``sets`` and ``rest`` of the rack at the turn's start): each set whose
 *  tiles are all still in the rack, then the other tiles apart (those of a set the
 *  draft has broken up among them). Returns ``[{ set }, …, { rest }]``. */
function rackInSets(rack, arrangement) {
  const left = [...rack];
  const groups = [];
  for (const codes of arrangement.sets) {
    const picked = [];
    for (const code of codes) {
      const at = left.findIndex((tile) => tile.code === code);
      if (at < 0) break;
      picked.push(left.splice(at, 1)[0]);
    }
    if (picked.length === codes.length) groups.push({ set: picked });
    else left.push(...picked);
  }
  return left.length ? [...groups, { rest: left }] : groups;
}

function tileEl(tile, draft, render, dragging) {
  return pressable(h("div", {
    class: `tile${draft.selected.has(tile.id) ? " selected" : ""}${tile.from === "rack" ? " own" : ""}`,
    "data-tile": tile.code,
    "data-id": tile.id,
    "aria-pressed": String(draft.selected.has(tile.id)),
    draggable: "true",
    ondragstart: (event) => {
      if (!draft.selected.has(tile.id)) { draft.selected.clear(); draft.selected.add(tile.id); }
      dragging.ids = new Set(draft.selected);
      event.dataTransfer.setData("text/plain", tile.id);
    },
    onclick: (event) => {
      event.stopPropagation();
      if (draft.selected.has(tile.id)) draft.selected.delete(tile.id);
      else draft.selected.add(tile.id);
      render();
    },
  }, tileSVG(tile.code)));
}

/** The medium bot's suggestion and why (the tiles it lays and their points, or why
 *  nothing can be laid); a play can be made the draft. */
function hintAdvice(hint, draft, session, render) {
  const suggestion = hint.suggestion;
  if (!suggestion) return [h("span", {}, t("hint.none"))];
  const laid = suggestion.type === "play" ? hint.reason.tiles.length : 0;
  const action = suggestion.type === "play" ? t("hint.lay", { n: laid }) : suggestion.type === "pass" ? t("act.pass_rkb") : t("act.draw_pool");
  return [
    h("span", {}, t("hint.suggest", { action })),
    h("span", { class: "hint-reason" }, reasonText("rummikub", hint.reason)),
    suggestion.type === "play" ? h("button", { class: "small", "data-action": "show-hint", onclick: () => { draft.apply(suggestion.table); session.hint = null; render(); } }, t("hint.apply")) : null,
  ];
}

/** The player's draft on screen, for Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z): one listener for
 *  the page, the table being rebuilt on every render. */
let shown = null;
document.addEventListener("keydown", (event) => {
  const key = event.key.toLowerCase();
  if (!shown || !shown.page.isConnected || !(event.ctrlKey || event.metaKey) || (key !== "z" && key !== "y")) return;
  if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
  event.preventDefault();
  if (key === "y" || event.shiftKey) shown.draft.redo();
  else shown.draft.undo();
  shown.render();
});

export function renderRummikub(api, top = []) {
  const { session, name } = api;
  const state = session.state;
  const view = state.view;
  const me = session.you;
  const mine = state.current_player === me && me !== null;
  if (!session.draft || session.draft.turn !== state.turn) session.draft = new Draft({ ...view, turn: state.turn });
  const draft = session.draft;
  const render = api.render;
  const dragging = { ids: new Set() };
  const move = (ids, target) => {
    if (draft.moveTo(ids, target)) api.toast(t("rkb.stays_on_table"), "error");
    render();
  };
  const dropOn = (target) => ({
    ondragover: (event) => event.preventDefault(),
    ondrop: (event) => { event.preventDefault(); move(dragging.ids, target); },
  });
  const melded = me !== null && view.melded[me];
  const judged = draft.now.sets.map((set) => judgeSet(set.map((x) => x.code)));
  const allValid = judged.every((j) => !j.reason);
  const placed = draft.placed().length;
  const points = draft.meldPoints();
  const meldOk = melded || (points >= 30 && !draft.tableTouched());
  const canSubmit = mine && allValid && placed > 0 && meldOk;

  const sets = draft.now.sets.map((set, index) => {
    const verdict = judged[index];
    return h("div", { class: `set${verdict.reason ? " invalid" : " valid"}`, "data-set": index, onclick: () => { draft.moveTo(draft.selected, index); render(); }, ...dropOn(index) }, [
      h("div", { class: "set-tiles" }, set.map((tile) => tileEl(tile, draft, render, dragging))),
      verdict.reason ? h("div", { class: "set-reason" }, t("rkb.invalid", { reason: t(verdict.reason) })) : null,
    ]);
  });
  if (mine) sets.push(pressable(h("div", { class: "set new-set", id: "new-set", onclick: () => { draft.moveTo(draft.selected, "new"); render(); }, ...dropOn("new") }, [h("span", {}, `+ ${t("act.new_set")}`), h("small", {}, t("rkb.drop_here"))])));

  const opponents = view.rack_counts.map((count, seat) => seat).filter((seat) => seat !== me).map((seat) => {
    const info = session.room.seats[seat];
    return h("div", { class: `opponent${state.current_player === seat ? " current" : ""}`, "data-seat": seat }, [
      h("div", { class: "opponent-head" }, [
        h("span", { class: "avatar" }, name(seat).slice(0, 1).toUpperCase()),
        h("div", { class: "who" }, [nameTag(name(seat)), h("div", { class: "badges" }, [
          info.occupant === "bot" ? h("span", { class: "badge bot" }, t(`level.${info.bot}`)) : null,
          info.away ? h("span", { class: "badge away" }, t("seat.away")) : null,
          info.occupant === "human" && !info.connected && !info.away ? h("span", { class: "badge offline" }, t("seat.offline")) : null,
          view.melded[seat] ? h("span", { class: "badge melded" }, t("seat.melded")) : null,
        ])]),
        standing(api, view, seat),
      ]),
      h("div", { class: "mini-hand" }, [...Array.from({ length: Math.min(view.rack_counts[seat], 14) }, () => h("div", { class: "mini-tile" }, tileBackSVG())), h("span", { class: "count" }, t("seat.tiles", { n: view.rack_counts[seat] })), h("span", { class: "count-short", "aria-hidden": "true" }, String(view.rack_counts[seat]))]),
    ]);
  });
  const last = [...view.moves].reverse().find((m) => m.seat !== null && m.seat !== undefined);
  const turnText = state.current_player === null ? t("turn.over") : mine ? t("turn.yours") : t("turn.theirs", { name: name(state.current_player) });
  const legal = state.legal.map((entry) => entry.action);
  const draw = legal.find((a) => a.type === "draw" || a.type === "pass");
  const parts = [
    h("div", { class: "board-side" }, h("div", { class: "opponents" }, [...opponents, h("div", { class: "pile pool" }, [h("div", { class: "pile-cards" }, h("div", { class: "tile-stack" }, tileBackSVG())), h("div", { class: "pile-label" }, [t("pile.pool"), h("span", { class: "pile-count", id: "pool-count" }, String(view.pool_count))])])])),
    h("div", { class: `turn-line${mine ? " mine" : ""}`, id: "turn-line" }, [h("span", { class: "turn" }, turnText), api.clockLine?.(), last ? h("span", { class: "last-move" }, describeMove(last, name)) : null,
      mine && session.hint ? h("div", { class: "hint-box", id: "hint" }, [h("strong", {}, t("hint.title")), ...hintAdvice(session.hint, draft, session, render)]) : null]),
    h("section", { class: "rkb-table", id: "rkb-table" }, sets.length ? sets : [h("p", { class: "muted center" }, t("rkb.table"))]),
  ];
  if (me !== null) {
    const meldBadge = melded
      ? h("span", { class: "badge melded" }, t("rkb.melded"))
      : h("span", { class: `meld-counter${points >= 30 ? " ok" : ""}`, id: "meld-counter" }, t("rkb.meld_counter", { n: points }));
    const byNumber = session.drafts.rackByNumber;
    const inSets = Boolean(session.drafts.rackSets && state.arrangement);
    const number = (tile) => (tile.code === "*" ? 99 : Number(tile.code.slice(1)));
    const colour = (tile) => (tile.code === "*" ? 9 : COLOURS.indexOf(tile.code[0]));
    const ordered = (tiles) => [...tiles].sort((a, b) =>
      byNumber ? number(a) - number(b) || colour(a) - colour(b) : colour(a) - colour(b) || number(a) - number(b));
    const tiles = (list) => list.map((tile) => tileEl(tile, draft, render, dragging));
    const rackContent = inSets
      ? rackInSets(draft.now.rack, state.arrangement).map(({ set, rest }) => (set
        ? h("div", { class: "rack-set", "data-kind": judgeSet(set.map((x) => x.code)).kind }, tiles(sortSet(set)))
        : h("div", { class: "rack-rest" }, tiles(ordered(rest)))))
      : tiles(ordered(draft.now.rack));
    const sortButton = (key, on, label, onclick, extra = {}) =>
      h("button", { class: `small${on ? "" : " ghost"}`, "data-sort": key, "aria-pressed": String(on), onclick: () => { onclick(); render(); }, ...extra }, label);
    const problems = [];
    if (mine && placed && !allValid) problems.push(t("rkb.submit_invalid"));
    if (mine && placed && !melded && !meldOk) problems.push(t("rkb.need_30"));
    parts.push(h("section", { class: `my-area${mine ? " current" : ""}` }, [
      h("div", { class: "my-head" }, [nameTag(name(me), { suffix: `(${t("seat.you")})` }), standing(api, view, me), meldBadge, h("span", { class: "muted tip" }, t("rkb.tip")),
        h("div", { class: "sorters" }, [
          sortButton("rack", false, byNumber ? t("rkb.sort_colour") : t("rkb.sort_number"), () => { session.drafts.rackByNumber = !byNumber; session.drafts.rackSets = false; }),
          sortButton("sets", inSets, t("rkb.sort_sets"), () => { session.drafts.rackSets = !inSets; }, { title: t("rkb.sort_sets_about"), disabled: !state.arrangement }),
        ])]),
      h("div", { class: `rack${inSets ? " in-sets" : ""}`, id: "rack", onclick: () => move(draft.selected, "rack"), ...dropOn("rack") }, rackContent),
      problems.length ? h("div", { class: "blocked-reason" }, problems.join(" ")) : null,
      h("div", { class: "action-bar", id: "actions" }, mine && !api.replay ? [
        h("button", { "data-action": "undo", title: t("act.undo"), disabled: !draft.past.length, onclick: () => { draft.undo(); render(); } }, ["↶ ", h("span", { class: "word" }, t("act.undo"))]),
        h("button", { "data-action": "redo", title: t("act.redo"), disabled: !draft.future.length, onclick: () => { draft.redo(); render(); } }, ["↷ ", h("span", { class: "word" }, t("act.redo"))]),
        h("button", { "data-action": "reset", disabled: !draft.past.length, onclick: () => { draft.reset(); render(); } }, t("act.reset")),
        draw && !placed ? h("button", { "data-action": "draw", ...sends(TABLE), onclick: () => api.act(draw) }, draw.type === "pass" ? t("act.pass_rkb") : t("act.draw_pool")) : null,
        h("button", { class: "primary", "data-action": "submit", ...sends(TABLE, !canSubmit), onclick: () => api.act({ type: "play", table: draft.now.sets.map((set) => set.map((x) => x.code)) }) }, t("act.submit")),
        session.room.hints ? h("button", { class: "ghost", "data-action": "hint", ...sends(TABLE), onclick: api.askHint }, t("act.hint")) : null,
      ] : []),
    ]));
  }
  const page = tableLayout(top, h("div", { class: "felt" }, parts), h("aside", { class: "side" }, [scoreSheet(api, view), movesPanel(view, name)]));
  shown = mine ? { draft, render, page } : null;
  return page;
}
