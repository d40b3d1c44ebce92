// The replay viewer of a finished match: step through its actions and see the table as
// one seat (or a spectator) saw it, from the server's replay route.

import { t } from "./i18n.js";
import { api } from "./net.js";
import { seatName } from "./names.js";
import { BOARDS } from "./table.js";
import { h } from "./ui.js";

export function showReplay({ main, toast }, matchId, seatParam) {
  let record = null;
  let turn = 0;
  let seat = seatParam === null || seatParam === "" ? null : Number(seatParam);
  let frame = null;

  const seats = () => record.seats.map((s) => ({ occupant: s.bot ? "bot" : "human", bot: s.bot, connected: true, away: false, player: s.nickname ? { id: s.player, nickname: s.nickname } : null }));
  const name = (index) => seatName(seats(), index);

  async function load(next) {
    try {
      frame = await api(`/api/matches/${matchId}/replay?turn=${next}${seat === null ? "" : `&seat=${seat}`}`);
      turn = next;
      render();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  function board() {
    const view = frame.view;
    const scores = view.match?.totals ?? view.scores ?? [];
    const session = {
      room: { code: "replay", game: record.game, hints: false, seats: seats(), match: { id: matchId } },
      you: seat,
      state: { turn, view, legal: [], scores, current_player: view.current_player, arrangement: null },
      drafts: {},
    };
    const context = { session, name, act: () => {}, send: () => {}, toast, render, askHint: () => {}, replay: true };
    return BOARDS[record.game](context);
  }

  function render() {
    if (!record || !frame) {
      main.replaceChildren(h("p", { class: "muted center" }, t("common.loading")));
      return;
    }
    const total = frame.total;
    const step = (n) => () => load(Math.max(0, Math.min(total, n)));
    main.replaceChildren(h("div", { class: `table-page replay game-${record.game}` }, [
      h("div", { class: "table-header" }, [
        h("div", { class: "table-title" }, [h("strong", {}, `${t("replay.title")} · ${t(`game.${record.game}`)}`)]),
        h("label", { class: "table-meta" }, [t("replay.as_seat"), " ", h("select", { onchange: (e) => { seat = e.target.value === "" ? null : Number(e.target.value); load(turn); } }, [
          h("option", { value: "", selected: seat === null }, t("replay.spectator")),
          ...record.seats.map((_, i) => h("option", { value: i, selected: seat === i }, name(i))),
        ])]),
      ]),
      h("div", { class: "replay-controls", id: "replay-controls" }, [
        h("button", { onclick: step(0) }, `« ${t("replay.first")}`),
        h("button", { onclick: step(turn - 1) }, `◀ ${t("replay.prev")}`),
        h("input", { type: "range", min: 0, max: total, value: turn, onchange: (e) => load(Number(e.target.value)) }),
        h("span", { id: "replay-position" }, t("replay.move", { n: turn, total })),
        h("button", { onclick: step(turn + 1) }, `${t("replay.next")} ▶`),
        h("button", { onclick: step(total) }, `${t("replay.last")} »`),
      ]),
      board(),
    ]));
  }

  render();
  api(`/api/matches/${matchId}`).then((data) => { record = data; load(data.log.length); }).catch((error) => toast(error.message, "error"));
  return { refresh: render };
}
