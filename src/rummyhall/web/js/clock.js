// The turn clock on the table: whose turn is timed and how long is left (the turn's own
// time, then the bank), what happens at zero; in a room without a clock, the button that
// hands a stalled seat to the computer; and for a player the computer plays, the way back.
// Everything comes from the server's clock and room messages; seconds are counted from
// when a message arrived, since the two machines' clocks may differ.

import { t } from "./i18n.js";
import { h } from "./ui.js";

const arrived = new WeakMap(); // a clock message → when it arrived (ms)

/** Keep the latest clock message in the session, noting when it came. */
export function receiveClock(session, message) {
  arrived.set(message, performance.now());
  session.clock = message;
}

/** A state message whose action the computer made for a person out of time: its moves
 *  are marked in the hand's log (``by: "clock"``, kept for the rest of the part), and
 *  that person is told until he acts again. Every state's moves are marked again. */
export function noteClockMoves(session, message) {
  const moves = message.view.moves;
  if (!moves) return;
  const part = message.view.match?.number ?? 0;
  session.clockMoves ??= new Set();
  if (message.actor === "clock") {
    let index = moves.length - 1;
    for (const event of [...message.events].reverse()) {
      if (index >= 0 && JSON.stringify(moves[index]) === JSON.stringify(event)) {
        session.clockMoves.add(`${part}:${index}`);
        if (event.seat === session.you) session.clockNotice = true;
        index -= 1;
      }
    }
  }
  if (session.clockMoves.size) {
    message.view.moves = moves.map((move, index) => (session.clockMoves.has(`${part}:${index}`) ? { ...move, by: "clock" } : move));
  }
}

/** "1:05", "0:09". */
const minutes = (seconds) => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

/** The clock area above the table (empty when there is nothing to show): a clock
 *  message redraws it alone (:func:`refreshClock`), not the table, whose cards may be
 *  moving in. */
export function clockLine(api) {
  const { session } = api;
  const clock = session.clock;
  const room = session.room;
  const mine = session.you !== null && room?.seats[session.you]?.away;
  const parts = [];
  if (session.clockNotice) parts.push(h("p", { class: "clock-notice", id: "clock-notice", role: "status" }, t("clock.played_for_you")));
  if (mine) parts.push(awayBar(api));
  if (clock && room?.status === "playing" && clock.seat !== null && !session.state?.over) {
    parts.push(clock.setting === "off" ? handOver(api, clock) : countdown(api, clock));
  }
  return h("div", { class: "clock-area", id: "clock-area" }, parts.filter(Boolean));
}

/** Redraw the clock area of a table on the page, if there is one. */
export function refreshClock(main, api) {
  main.querySelector("#clock-area")?.replaceWith(clockLine(api));
}

/** "Your turn · 0:23", then "Time bank · 0:41", then "Time is up: the computer plays". */
function countdown(api, clock) {
  const { session } = api;
  const yours = clock.seat === session.you;
  const since = arrived.get(clock) ?? performance.now();
  const line = h("p", { class: `clock-line${yours ? " yours" : ""}`, id: "turn-clock", role: "timer", "aria-live": "off" });
  const who = yours ? t("clock.your_turn") : t("clock.turn_of", { name: api.name(clock.seat) });
  const say = () => {
    const used = (performance.now() - since) / 1000;
    const own = clock.seconds - used;
    const bank = clock.bank - Math.max(0, -own);
    let text;
    let urgent = false;
    if (clock.expired || (own <= 0 && bank <= 0)) {
      text = yours ? t("clock.your_time_up") : t("clock.time_up", { name: api.name(clock.seat) });
      urgent = true;
    } else if (own > 0) {
      text = `${who} · ${minutes(own)}${clock.bank > 0 ? ` · ${t("clock.bank", { time: minutes(clock.bank) })}` : ""}`;
      urgent = own <= 10 && clock.bank <= 0;
    } else {
      text = `${who} · ${t("clock.bank_running", { time: minutes(bank) })}`;
      urgent = true;
    }
    line.textContent = text;
    line.classList.toggle("urgent", urgent);
  };
  say();
  const timer = setInterval(() => (line.isConnected ? say() : clearInterval(timer)), 250);
  if (yours && clock.timeouts[clock.seat] > 0) {
    return h("div", { class: "clock-block" }, [line, h("p", { class: "muted small" }, t("clock.timeouts", { n: clock.timeouts[clock.seat], most: 3 }))]);
  }
  return line;
}

/** Without a clock the server speaks of a turn only once it has stalled: then the
 *  others may hand the seat to the computer, until the seat moves. */
function handOver(api, clock) {
  const { session } = api;
  const stalled = clock.hand_over_in === 0 && clock.turn === session.state?.turn;
  if (!stalled || session.you === null || clock.seat === session.you) return null;
  const asked = clock.votes.includes(session.you);
  return h("p", { class: "clock-line hand-over", id: "hand-over", role: "status" }, [
    h("span", {}, t("clock.stalled", { name: api.name(clock.seat) })),
    asked
      ? h("span", { class: "muted" }, t("clock.asked", { n: clock.votes.length }))
      : h("button", { type: "button", class: "small", id: "hand-over-button", onclick: () => api.send({ type: "hand_over", seat: clock.seat }) }, t("clock.hand_over")),
  ]);
}

/** The computer is playing this player's seat (he timed out, was handed over, or was
 *  away): say so, with the way back. */
function awayBar(api) {
  return h("p", { class: "clock-line away-bar", id: "away-bar", role: "status" }, [
    h("span", {}, t("clock.computer_plays")),
    h("button", { type: "button", class: "small primary", id: "back-button", onclick: () => api.send({ type: "back" }) }, t("clock.back")),
  ]);
}
