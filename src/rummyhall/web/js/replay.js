// The replay viewer of a finished match: step through its actions (buttons, the slider,
// the arrow keys, or played on by itself) and see the table as one seat (or a spectator)
// saw it, from the server's replay route; a part's end shows its result as the table did.
// A seat's review (review.js) goes along: its chart, marks and better moves.

import { t } from "./i18n.js";
import { api } from "./net.js";
import { seatName } from "./names.js";
import { resultPanel } from "./results.js";
import { Reviews } from "./review.js";
import { Draft } from "./rummikub.js";
import { BOARDS } from "./table.js";
import { h, notice } from "./ui.js";

const AUTOPLAY_MS = 900; // a move's time on screen while the replay plays on by itself

export function showReplay({ main, toast }, matchId, seatParam) {
  let record = null;
  let turn = 0;
  let seat = seatParam === null || seatParam === "" ? null : Number(seatParam);
  let frame = null;
  let failure = null; // the error that kept the match from being read
  let playing = null; // the autoplay's timer while it plays
  let reviews = null; // the seats' reviews, once the record is read

  const seats = () => record.seats.map((s) => ({ occupant: s.bot ? "bot" : "human", bot: s.bot, connected: true, away: false, player: s.nickname ? { id: s.player, nickname: s.nickname } : null }));
  const name = (index) => seatName(seats(), index);

  async function load(next) {
    try {
      frame = await api(`/api/matches/${matchId}/replay?turn=${next}${seat === null ? "" : `&seat=${seat}`}`);
      if (next !== turn && reviews) reviews.better = false;
      turn = next;
      render();
    } catch (error) {
      pause();
      toast(error.message, "error");
    }
  }

  const step = (n) => load(Math.max(0, Math.min(frame.total, n)));
  /** Go to step ``n`` from a review's chart, list or mistake buttons. */
  const go = (n) => {
    if (n === null) return;
    pause();
    step(n);
  };
  /** Show the table as ``index`` saw it (a review is read on its seat's cards). */
  const viewAs = (index) => {
    if (seat === index) return render();
    seat = index;
    return load(turn);
  };

  /** Play on by itself from here (from the start at the end), a move at a time. */
  function play() {
    if (turn >= frame.total) turn = 0;
    const next = async () => {
      await step(turn + 1);
      if (!playing) return;
      if (turn >= frame.total) pause();
      else playing = setTimeout(next, AUTOPLAY_MS);
    };
    playing = setTimeout(next, 0);
    render();
  }

  function pause() {
    if (!playing) return;
    clearTimeout(playing);
    playing = null;
    render();
  }

  /** ← and → step back and on, Home and End go to either end, N and P to the next and
   *  previous marked move of the review shown (not while a field or the slider has the
   *  keys). */
  function onKey(event) {
    if (!frame || event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, select, textarea, dialog")) return;
    const mistake = (step) => reviews?.nextMistake(seat, turn, step) ?? undefined;
    const keys = { ArrowLeft: turn - 1, ArrowRight: turn + 1, Home: 0, End: frame.total };
    const target = { ...keys, n: mistake(1), N: mistake(1), p: mistake(-1), P: mistake(-1) }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    pause();
    step(target);
  }

  function board(top) {
    const view = frame.view;
    const scores = view.match?.totals ?? view.scores ?? [];
    const session = {
      room: { code: "replay", game: record.game, hints: false, seats: seats(), match: { id: matchId } },
      you: seat,
      state: { turn, view, legal: [], scores, current_player: view.current_player, arrangement: null },
      drafts: {},
    };
    const decision = reviews?.better ? reviews.decisionAt(seat, turn) : null;
    if (decision?.best.type === "play") { // the better play laid out on the table
      session.draft = new Draft({ ...view, turn });
      session.draft.apply(decision.best.table);
    }
    const context = { session, name, act: () => {}, send: () => {}, toast, render, askHint: () => {}, replay: true };
    return BOARDS[record.game](context, top);
  }

  /** The result of the part that has just ended at this step: the match's last one at
   *  the end, or (a new part just dealt) the previous one's, where the history keeps it. */
  function partResult() {
    const view = frame.view;
    if (turn >= frame.total && view.result) return resultPanel(record.game, view.result, view, name, true);
    const last = view.match?.history?.at(-1);
    if (last?.result && !view.moves.length) return resultPanel(record.game, last.result, view, name, false);
    return null;
  }

  function render() {
    if (failure) {
      main.replaceChildren(missing());
      return;
    }
    if (!record || !frame) {
      main.replaceChildren(h("p", { class: "muted center" }, t("common.loading")));
      return;
    }
    const total = frame.total;
    const button = (label, target, id) => h("button", { type: "button", id, onclick: () => { pause(); step(target); } }, label);
    main.replaceChildren(h("div", { class: `table-page replay game-${record.game}` }, board([
      h("div", { class: "table-header" }, [
        h("div", { class: "table-title" }, [h("strong", {}, `${t("replay.title")} · ${t(`game.${record.game}`)}`)]),
        h("label", { class: "table-meta" }, [t("replay.as_seat"), " ", h("select", { onchange: (e) => { seat = e.target.value === "" ? null : Number(e.target.value); load(turn); } }, [
          h("option", { value: "", selected: seat === null }, t("replay.spectator")),
          ...record.seats.map((_, i) => h("option", { value: i, selected: seat === i }, name(i))),
        ])]),
      ]),
      h("div", { class: "replay-controls", id: "replay-controls", title: t("replay.keys") }, [
        button(`« ${t("replay.first")}`, 0, "replay-first"),
        button(`◀ ${t("replay.prev")}`, turn - 1, "replay-prev"),
        h("button", { type: "button", id: "replay-play", class: "primary", "aria-pressed": String(Boolean(playing)), onclick: () => (playing ? pause() : play()) },
          playing ? `❚❚ ${t("replay.pause")}` : `▶ ${t("replay.play")}`),
        h("input", { type: "range", min: 0, max: total, value: turn, "aria-label": t("replay.title"), onchange: (e) => { pause(); step(Number(e.target.value)); } }),
        h("span", { id: "replay-position", "aria-live": "polite" }, t("replay.move", { n: turn, total })),
        button(`${t("replay.next")} ▶`, turn + 1, "replay-next"),
        button(`${t("replay.last")} »`, total, "replay-last"),
      ]),
      reviews?.panel(seat, turn, total, { go, viewAs }),
      partResult(),
    ])));
    if (!reviews) return;
    reviews.decorate(main, seat, turn);
    const list = reviews.list(seat, turn, go);
    if (list) main.querySelector("aside.side")?.prepend(list);
  }

  /** Why there is no replay to show, in the reader's language, and the way on. */
  function missing() {
    const lobby = h("a", { href: "/", "data-nav": "", class: "button primary" }, t("nav.lobby"));
    return failure.code === "game_not_found"
      ? notice({ id: "replay-missing", title: t("replay.not_found"), text: t("replay.not_found_help"), actions: [lobby] })
      : notice({ id: "replay-missing", title: t("replay.load_failed"), text: t("entry.load_failed_help", { reason: failure.message }), actions: [lobby] });
  }

  render();
  document.addEventListener("keydown", onKey);
  api(`/api/matches/${matchId}`).then((data) => {
    record = data;
    reviews = new Reviews({ matchId, record, name, onChange: render, toast });
    reviews.probe();
    load(data.log.length);
  }).catch((error) => {
    failure = error;
    render();
  });
  return {
    refresh: render,
    leave: () => {
      pause();
      reviews?.stop();
      document.removeEventListener("keydown", onKey);
    },
  };
}
