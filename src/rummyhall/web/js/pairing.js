// "Play a person" (docs/pairing.md): the lobby's quick pairing panel. The player picks
// a game, its variant, the seats (Indian, Rummikub) and whether a table may start with
// fewer, a clock where the game has one, rated or casual (rated needs an account: a
// guest sees it disabled, and why) and his rating range; while he waits it shows how many seek and
// play, lets him cancel, and after a while offers the computer instead (taken at once
// if he ticked it). "paired" takes him to his table.

import { t } from "./i18n.js";
import { ratedClosed } from "./moderation.js";
import { SeekSocket } from "./net.js";
import { clockLabel, label, variantLabel } from "./names.js";
import { h } from "./ui.js";

const AUTO = "rummyhall.pairing.computer"; // "play the computer if nobody comes", as last ticked
const RATED = "rummyhall.pairing.rated"; // rated or casual, as last chosen
const RANGE = "rummyhall.pairing.range"; // the rating range, as last chosen ("" : any)
const RANGES = [100, 200, 400]; // the ranges offered, besides any

const span = (low, high) => Array.from({ length: high - low + 1 }, (_, i) => low + i);

/** The rating range last chosen, if still offered (``null``: any). */
function savedRange() {
  const saved = Number(localStorage.getItem(RANGE));
  return RANGES.includes(saved) ? saved : null;
}

/** What a table against the computer takes of a seek: its game, options and clock. */
const tableOf = ({ game, options, clock }) => ({ game, options, clock });

/** A rating as shown: "1042", or "1042?" while it is provisional. */
const ratingText = (rating, provisional) => `${rating}${provisional ? "?" : ""}`;

/** Seconds as the wait shows them: "0:07", "1:32". */
const clockText = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** The panel, kept across the lobby's redraws. ``optionsFor(game, variant, players)``:
 *  a room's options (the lobby's); ``playComputer(tableOf(request))`` opens a table against the
 *  computer with the seek's game, options and clock; ``signedIn()``: whether the
 *  player has an account (rated pairing needs one); ``barred()``: the suspension that
 *  closes rated play to him, or null. */
export function pairingPanel({ navigate, toast, optionsFor, playComputer, signedIn, barred }) {
  const root = h("section", { class: "panel pairing", id: "pairing" });
  const choice = { game: null, variant: null, players: 2, fewer: false, clock: "off", computer: localStorage.getItem(AUTO) === "1", rated: localStorage.getItem(RATED) !== "0", range: savedRange() };
  let info = null;
  let seek = null; // while seeking: { socket, pool, figures, since, then }
  let ticker = null;

  const game = () => info.games.find((entry) => entry.game === choice.game);
  const variant = () => game().variants.find((entry) => entry.name === choice.variant) || game().variants[0];

  function choose(name) {
    choice.game = name;
    choice.variant = game().variants[0].name;
    choice.players = game().seats.min;
    choice.fewer = false;
  }

  function start() {
    const chosen = game();
    const request = {
      game: chosen.game,
      options: optionsFor(chosen, variant(), choice.players),
      clock: chosen.game === "rummikub" ? "off" : choice.clock,
      rated: rated(),
      rating_range: choice.range,
    };
    if (choice.fewer && choice.players > 2) request.min_seats = 2;
    seek = { request, pool: null, figures: null, since: Date.now(), then: null, lost: false };
    seek.socket = new SeekSocket(request, { message: heard, lost: () => { seek.lost = true; draw(); } });
    ticker = setInterval(tick, 1000);
    draw().scrollIntoView({ block: "nearest" }); // on a phone the panel is below the games
  }

  /** The seek is over (paired, ended, refused): back to the choices. */
  function stopped() {
    seek?.socket.close();
    seek = null;
    clearInterval(ticker);
    draw();
  }

  /** Cancel, then ``then`` (the computer instead) once the server has said so; a
   *  pairing that comes first wins: a person is what was asked for. */
  function cancel(then = null) {
    if (!seek || seek.then) return;
    seek.then = then ?? (() => {});
    if (seek.lost) finishCancel();
    else seek.socket.send({ type: "cancel_seek" });
    draw();
  }

  function finishCancel() {
    const then = seek.then;
    stopped();
    then();
  }

  function heard(message) {
    if (!seek) return;
    if (message.type === "seeking") {
      seek.lost = false;
      seek.pool = message.pool;
      seek.figures = message;
      if (message.ref) seek.since = Date.now() - message.waited * 1000;
      draw();
    } else if (message.type === "paired") {
      stopped();
      navigate(`/?room=${message.room}`);
    } else if (message.type === "seek_ended") {
      if (message.reason === "cancelled" && seek.then) return finishCancel();
      if (message.reason !== "cancelled") toast(message.message || t(`pairing.ended.${message.reason}`), "error");
      stopped();
    } else if (message.type === "error") {
      if (message.code === "not_seeking" && seek.then) return finishCancel();
      toast(message.message, "error");
      if (!seek.figures) stopped(); // the seek itself was refused
    }
  }

  /** Every second: the time waited, and the computer once it is due (at once if ticked). */
  function tick() {
    if (!seek?.figures) return;
    if (choice.computer && waited() >= seek.figures.computer_after) {
      const request = seek.request;
      cancel(() => playComputer(tableOf(request)));
    }
    draw();
  }

  const waited = () => (Date.now() - seek.since) / 1000;

  /** Whether the seek is rated: as chosen, for an account not suspended from rated
   *  play; a guest's is casual. */
  const rated = () => choice.rated && signedIn() && !barred();

  /** Rated or casual; a guest, or a player suspended from rated play, sees rated
   *  disabled, and why. */
  function kind() {
    const guest = !signedIn();
    const bar = barred();
    const closed = guest || Boolean(bar);
    const radio = (value, text) => h("label", { class: "check" }, [
      h("input", { type: "radio", name: "pairing-rated", value, checked: (value === "rated") === rated(), disabled: closed && value === "rated",
        "aria-describedby": closed ? "pairing-rated-why" : null,
        onchange: () => { choice.rated = value === "rated"; localStorage.setItem(RATED, choice.rated ? "1" : "0"); } }),
      h("span", {}, text)]);
    return h("fieldset", { class: "pairing-kind" }, [
      h("legend", {}, t("pairing.kind")),
      radio("rated", t("pairing.rated")),
      radio("casual", t("pairing.casual")),
      guest ? h("p", { class: "muted", id: "pairing-rated-why" }, t("pairing.rated_guest")) : bar ? ratedClosed(bar, "pairing-rated-why") : null,
    ]);
  }

  function choices() {
    const chosen = game();
    const seatField = chosen.fields.find((field) => field.key === chosen.seat_option);
    const clocks = chosen.game !== "rummikub" && info.clocks?.length > 1;
    return h("form", { class: "pairing-form", onsubmit: (e) => { e.preventDefault(); start(); } }, [
      h("label", {}, [h("span", {}, t("pairing.game")),
        h("select", { name: "pairing-game", onchange: (e) => { choose(e.target.value); draw(); } },
          info.games.map((g) => h("option", { value: g.game, selected: g.game === choice.game }, label(`game.${g.game}`, g.title))))]),
      chosen.variants.length > 1 ? h("label", {}, [h("span", {}, t("lobby.variant")),
        h("select", { name: "pairing-variant", onchange: (e) => { choice.variant = e.target.value; } },
          chosen.variants.map((v) => h("option", { value: v.name, selected: v.name === choice.variant }, label(v.label, v.title))))]) : null,
      seatField && chosen.seats.max > chosen.seats.min ? h("label", {}, [h("span", {}, label(seatField.label, seatField.title)),
        h("select", { name: "pairing-players", onchange: (e) => { choice.players = Number(e.target.value); draw(); } },
          span(chosen.seats.min, chosen.seats.max).map((n) => h("option", { value: n, selected: n === choice.players }, String(n))))]) : null,
      clocks ? h("label", {}, [h("span", {}, t("lobby.clock")),
        h("select", { name: "pairing-clock", onchange: (e) => { choice.clock = e.target.value; } },
          info.clocks.map((clock) => h("option", { value: clock, selected: clock === choice.clock }, clockLabel(clock))))]) : null,
      kind(),
      h("label", {}, [h("span", {}, t("pairing.range")),
        h("select", { name: "pairing-range", onchange: (e) => { choice.range = e.target.value ? Number(e.target.value) : null; localStorage.setItem(RANGE, e.target.value); } }, [
          ...RANGES.map((points) => h("option", { value: String(points), selected: points === choice.range }, `±${points}`)),
          h("option", { value: "", selected: choice.range === null }, t("pairing.range_any"))])]),
      choice.players > 2 ? h("label", { class: "check" }, [
        h("input", { type: "checkbox", name: "pairing-fewer", checked: choice.fewer, onchange: (e) => { choice.fewer = e.target.checked; } }),
        h("span", {}, t("pairing.fewer"))]) : null,
      h("label", { class: "check" }, [
        h("input", { type: "checkbox", name: "pairing-computer", checked: choice.computer, onchange: (e) => { choice.computer = e.target.checked; localStorage.setItem(AUTO, e.target.checked ? "1" : "0"); } }),
        h("span", {}, t("pairing.auto_computer"))]),
      h("button", { type: "submit", class: "primary", id: "play-person" }, t("pairing.play")),
    ]);
  }

  function waitingView() {
    const figures = seek.figures;
    const pool = seek.pool;
    const due = figures && waited() >= figures.computer_after;
    const poolName = pool ? [t(`game.${pool.game}`), variantLabel(pool, info), pool.clock !== "off" ? clockLabel(pool.clock) : null, t(pool.rated ? "pairing.rated" : "pairing.casual")].filter(Boolean).join(" · ") : "";
    return h("div", { class: "pairing-wait", role: "status", "aria-live": "polite" }, [
      h("p", { class: "pairing-looking" }, [h("span", { class: "spinner", "aria-hidden": "true" }), t(seek.lost ? "pairing.lost" : "pairing.looking")]),
      h("p", { class: "muted", id: "pairing-pool" }, poolName),
      figures ? h("p", { id: "pairing-figures" }, [
        h("strong", {}, t("pairing.waiting", { n: figures.waiting })), " · ", t("pairing.playing", { n: figures.playing }),
      ]) : null,
      figures ? h("p", { class: "muted" }, [
        t("pairing.waited", { time: clockText(waited()) }), " · ",
        h("span", { id: "pairing-rating", title: figures.provisional ? t("rating.provisional") : null },
          t(figures.window === null ? "pairing.window_any" : "pairing.window", { rating: ratingText(figures.rating, figures.provisional), window: figures.window })),
      ]) : null,
      figures?.starts_in !== null && figures?.starts_in !== undefined ? h("p", { id: "pairing-countdown" }, t("pairing.starts_in", { s: Math.ceil(figures.starts_in) })) : null,
      due && !choice.computer ? h("p", {}, t("pairing.nobody")) : null,
      h("div", { class: "notice-actions" }, [
        due ? h("button", { type: "button", class: "primary", id: "pairing-computer", disabled: Boolean(seek.then), onclick: () => { const request = seek.request; cancel(() => playComputer(tableOf(request))); } }, t("pairing.computer")) : null,
        h("button", { type: "button", class: "ghost", id: "pairing-cancel", disabled: Boolean(seek.then), onclick: () => cancel() }, t("common.cancel")),
      ]),
    ]);
  }

  function draw() {
    const title = h("h2", {}, t("pairing.title"));
    if (!info) root.replaceChildren(title, h("p", { class: "muted" }, t("common.loading")));
    else if (seek) root.replaceChildren(title, waitingView());
    else root.replaceChildren(title, h("p", { class: "muted" }, t("pairing.intro")), choices());
    return root;
  }

  return {
    /** The panel as the lobby draws it, with the catalogue of /api/info once read. */
    view(catalogue) {
      if (catalogue && !info) {
        info = catalogue;
        choose(info.games[0].game);
      }
      return draw();
    },
    /** The lobby is left: a seek ends with its socket. */
    leave: () => { if (seek) stopped(); },
  };
}
