// A room: the waiting room (seats, bots, invite link, start), then the table of its
// game, the hand results and the match score sheet. Everything shown comes from the
// server's room and state messages; each click sends one message.

import { announceState, focusedSelector, restoreFocus } from "./a11y.js";
import { renderCardTable } from "./cardtable.js";
import { chatPanel } from "./chat.js";
import { noticeText, reportPlayer, showStanding } from "./moderation.js";
import { clockLine, noteClockMoves, receiveClock, refreshClock } from "./clock.js";
import { inviteBox } from "./friends.js";
import { getLocale, t } from "./i18n.js";
import { rememberMatch } from "./lobby.js";
import { clockLabel, seatName, variantLabel } from "./names.js";
import { api as fetchJSON, currentPlayer, ensurePlayer, RoomSocket, signedOutAs } from "./net.js";
import { markArrivals } from "./motion.js";
import { followPause, pauseLine, resultDialog } from "./results.js";
import { renderRummikub } from "./rummikub.js";
import { soundState, soundToggle } from "./sound.js";
import { hold, isHeld, once, sends, TABLE } from "./once.js";
import { h, notice } from "./ui.js";

export function showTable({ main, toast, banner }, code, watch) {
  const session = {
    code,
    room: null,
    you: null,
    state: null,
    hint: null,
    result: null,
    clock: null,
    sentAt: null,
    drafts: {},
  };
  let socket = null;
  let catalogue = null; // /api/info: the kits, whose variant labels name the room

  const name = (seat) => seatName(session.room?.seats || [], seat);
  // The host is fixed for the room's life, seated or watching (docs/protocol.md).
  const isHost = () => session.room?.host.id === currentPlayer()?.id;

  function send(message) {
    return socket.send(message);
  }

  // What the table sends acts once (once.js): a move, a hint asked, the start, a
  // rematch is in flight until the message that answers it arrives (or an error for
  // it, or the connection drops), and meanwhile nothing more is sent from the table.
  // While the connection is lost or the seat is open in another window, it is held too.
  const waiting = new Set(); // { id, answered, resolve } of the requests in flight

  function request(message, answered, sending = () => {}) {
    return once(TABLE, () => new Promise((resolve) => {
      sending();
      const id = send(message);
      if (id === null) resolve(null); // not connected: nothing was sent
      else waiting.add({ id, answered, resolve });
    }));
  }

  /** Settle the requests ``message`` answers (every one: ``null``, the connection lost). */
  function settle(message) {
    for (const each of [...waiting]) {
      if (message === null || (message.type === "error" && message.ref === each.id) || each.answered(message)) {
        waiting.delete(each);
        each.resolve(message);
      }
    }
  }

  const chat = chatPanel(send, () => (session.room && session.you === null && !session.room.spectator_chat ? "spectators" : null), (player, about) => reportPlayer(player, about ?? { room: code }, toast), () => others());
  let invites = null; // the waiting room's invitation box, made once it is first shown

  function act(action) {
    const turn = session.state.turn;
    const answered = (message) => message.type === "state" && message.turn > turn;
    return request({ type: "action", turn, action }, answered, () => {
      session.sentAt = performance.now();
      session.clockNotice = false; // he plays again: the computer's turn for him is told
    });
  }

  const api = {
    session,
    name,
    act,
    send,
    toast,
    render: () => render(),
    askHint: () => request({ type: "hint", turn: session.state.turn }, (message) => message.type === "hint"),
    clockLine: () => clockLine(api), // in the turn line, beside whose turn it is
  };

  function onMessage(message) {
    settle(message);
    switch (message.type) {
      case "room":
        followPause(session, message.room, send);
        session.room = message.room;
        session.you = message.you;
        if (message.room.status === "waiting" && session.you === message.room.seats.findIndex((s) => s.player && s.player.id === message.room.host.id)
            && sessionStorage.getItem("rummyhall.autostart") && message.room.seats.every((s) => s.occupant !== "open")) {
          sessionStorage.removeItem("rummyhall.autostart");
          send({ type: "start" });
        }
        if (message.room.status !== "playing") session.state = message.room.status === "waiting" ? null : session.state;
        if (message.room.match?.over) rememberMatch({ id: message.room.match.id, game: message.room.game, seat: message.you, at: Date.now() });
        render();
        break;
      case "state": {
        const received = performance.now();
        const before = session.state;
        announceState(session.you, before, message, name);
        soundState(session.you, before, message);
        noteClockMoves(session, message);
        session.state = message;
        if (message.turn !== before?.turn) session.hint = null; // the same turn again (a reconnect, the language switched) keeps its hint
        for (const event of message.events) {
          if (event.type === "part_over") session.result = { event, view: message.view, game: session.room.game };
        }
        if (message.over && !session.result && message.view.result) session.result = { event: { type: "part_over", ...message.view.result }, view: message.view, game: session.room?.game };
        render();
        markArrivals(main, message.events, before);
        void main.offsetHeight; // style and layout of the new table are part of the answer
        // Measured for the tests and bench/web.py: the click's message to the rendered
        // answer, split into the server's round trip and the page's rendering.
        performance.measure("rummyhall:render", { start: received });
        if (session.sentAt !== null) {
          performance.measure("rummyhall:action", { start: session.sentAt });
          performance.measure("rummyhall:server", { start: session.sentAt, end: received });
          session.sentAt = null;
        }
        break;
      }
      case "chat":
        chat.receive(message);
        break;
      case "moderation":
        if (message.latest) toast(noticeText(message.latest), "error");
        banner("");
        showStanding(message.standing, banner);
        break;
      case "clock":
        receiveClock(session, message);
        refreshClock(main, api);
        break;
      case "invited":
        toast(t("friends.invited_toast", { name: message.by.nickname, game: t(`game.${message.game}`) }));
        break;
      case "hint":
        session.hint = message.hint;
        render();
        break;
      case "checked":
        session.checked = message;
        render();
        break;
      case "removed":
        socket.close();
        closeResult();
        main.replaceChildren(h("div", { class: "panel notice", id: "removed" }, [
          h("h2", {}, t("room.removed")),
          session.room?.spectators_allowed ? h("button", { type: "button", class: "button", onclick: () => watchInstead() }, t("room.watch_instead")) : null,
          h("a", { href: "/", "data-nav": "", class: "button primary" }, t("nav.lobby")),
        ]));
        return;
      case "error":
        if (!session.room && !(socket.role === "player" && SEAT_REFUSALS.includes(message.code))) {
          cannotEnter(message);
          return;
        }
        if (CLOSING.includes(message.code)) break; // the close that follows is explained on the page
        if (!IN_BANNER.includes(message.code)) toast(message.rule ? `${message.rule}: ${message.message}` : message.message, "error");
        // A seat is not to be had (full, removed by the host, too many seats held
        // elsewhere): watch instead where the room allows it.
        if (SEAT_REFUSALS.includes(message.code) && socket.role === "player") watchInstead();
        break;
      default:
        break;
    }
  }

  /** The room would not let us in (unknown code, started without us, no spectators…):
   *  say why and offer the ways on, never a spinner. */
  async function cannotEnter(message) {
    socket.close();
    if (message.code === "room_not_found") {
      main.replaceChildren(notice({ id: "room-entry", title: message.message, text: t("entry.not_found_help"), actions: [lobbyLink("primary")] }));
      return;
    }
    if (message.code === "unsupported_protocol") { // a page older than the server: reload it
      main.replaceChildren(notice({ id: "room-entry", title: t("entry.reload"), text: message.message, actions: [h("button", { type: "button", class: "button primary", id: "entry-reload", onclick: () => location.reload() }, t("entry.reload_button"))] }));
      return;
    }
    if (message.code !== "room_started") {
      main.replaceChildren(notice({ id: "room-entry", title: t("entry.refused"), text: message.message, actions: [retryButton("ghost"), lobbyLink("primary")] }));
      return;
    }
    const room = await fetchJSON(`/api/rooms/${code}`).catch(() => null);
    const watchable = Boolean(room?.spectators_allowed);
    const watchLink = h("a", { href: `/?room=${code}&watch=1`, "data-nav": "", class: "button primary", id: "entry-watch" }, t("lobby.watch"));
    main.replaceChildren(notice({
      id: "room-entry",
      title: t("entry.started"),
      text: t(watchable ? "entry.started_watch" : "entry.started_private"),
      actions: watchable ? [watchLink, lobbyLink("ghost")] : [lobbyLink("primary")],
    }));
  }

  function watchInstead() {
    socket.close();
    socket = new RoomSocket(code, "spectator", handlers);
    render();
  }

  // Acting is held while the page cannot act: the connection lost (a click would be
  // lost with it; the table may have moved on by the time it is back, so nothing is
  // queued), or the seat opened in another window (until "Play here").
  let offline = null; // releases the hold while the connection is lost

  function cannotAct() {
    settle(null); // a request in flight gets no answer now: the state comes on rejoining
    offline ??= hold(TABLE);
  }

  function canAct() {
    offline?.();
    offline = null;
  }

  /** "Play here": this window takes the seat back from the other one. */
  function playHere() {
    session.elsewhere = false;
    socket = new RoomSocket(code, "player", handlers);
    window.rummyhall.drop = () => socket.drop();
    render();
  }

  const handlers = {
    message: onMessage,
    lost: () => {
      session.sentAt = null; // an answer that waits for a reconnect is not a latency
      cannotAct();
      banner(t("net.lost"));
      if (!session.room) main.replaceChildren(notice({ id: "room-entry", title: t("entry.unreachable"), text: t("entry.not_found_help"), actions: [lobbyLink("primary")] }));
    },
    opened: canAct,
    reconnected: () => { banner(""); toast(t("net.back")); },
    replaced: () => {
      cannotAct();
      session.elsewhere = true;
      render();
    },
    signedOut: () => {
      cannotAct();
      closeResult();
      main.replaceChildren(signedOutNotice());
    },
  };

  function seatCard(seat) {
    const info = session.room.seats[seat];
    const host = info.player && info.player.id === session.room.host.id;
    const badges = []; // a bot's level is in its name (or the host's choice of it): said once
    if (info.occupant === "human" && !info.connected && !info.away) badges.push(h("span", { class: "badge offline" }, t("seat.offline")));
    if (info.away) badges.push(h("span", { class: "badge away" }, t("seat.away")));
    if (host) badges.push(h("span", { class: "badge host" }, t("room.host")));
    let control = null;
    if (session.room.status === "waiting" && isHost() && seat !== session.you) {
      control = h("select", { class: "seat-control", "data-seat": seat, "aria-label": t("room.seat", { n: seat + 1 }), onchange: (e) => {
        const value = e.target.value;
        send(value === "open" ? { type: "set_seat", seat, occupant: "open" } : { type: "set_seat", seat, occupant: "bot", level: value });
      } }, [
        h("option", { value: "open", selected: info.occupant === "open" }, t("lobby.open")),
        ...["easy", "medium", "hard"].map((level) => h("option", { value: level, selected: info.bot === level }, `${t("lobby.bot")} · ${t(`level.${level}`)}`)),
      ]);
      // A player (gone or not) is sent away with Remove; a bot or open seat is chosen.
      if (info.occupant === "human") {
        control = host ? null : h("button", { type: "button", class: "small danger seat-control", "data-remove": seat, onclick: () => send({ type: "remove", seat }) }, t("room.remove"));
      }
    }
    return h("li", { class: `seat-slot ${info.occupant}${seat === session.you ? " me" : ""}` }, [
      h("span", { class: "seat-number" }, t("room.seat", { n: seat + 1 })),
      // The host's choice for the seat names it; without one, its name does.
      control?.tagName === "SELECT" ? null : h("strong", {}, info.occupant === "open" ? t("room.open_seat") : name(seat)),
      ...badges,
      control,
    ]);
  }

  /** What the host chose beyond the variant, for everyone who joins to see: the
   *  clock (the games that have one), hints, spectators and their chat. */
  function roomSettings(room) {
    const said = [
      room.game === "rummikub" ? null : t("room.clock", { clock: clockLabel(room.clock) }),
      t(room.hints ? "room.hints_on" : "room.hints_off"),
      t(room.spectators_allowed ? "room.spectators_on" : "room.spectators_off"),
      room.spectators_allowed && room.spectator_chat ? t("lobby.spectator_chat") : null,
    ];
    return h("ul", { class: "room-settings", id: "room-settings" }, said.filter(Boolean).map((text) => h("li", {}, text)));
  }

  function waitingRoom() {
    const room = session.room;
    const link = `${location.origin}${room.link}`;
    return h("div", { class: "waiting panel" }, [
      h("h1", {}, `${t(`game.${room.game}`)} · ${variantLabel(room, catalogue)}`),
      h("div", { class: "invite" }, [
        h("label", {}, t("room.invite")),
        h("input", { readonly: true, value: link, id: "invite-link", onclick: (e) => e.target.select() }),
        h("button", { type: "button", onclick: async () => {
          try { await navigator.clipboard.writeText(link); } catch { /* the field stays selectable */ }
          toast(t("room.copied"));
        } }, t("room.copy")),
      ]),
      h("ul", { class: "seat-slots" }, room.seats.map((_, seat) => seatCard(seat))),
      roomSettings(room),
      session.you !== null || isHost() ? (invites ??= inviteBox(code, toast)) : null,
      isHost()
        ? h("button", { class: "primary big", id: "start", ...sends(TABLE, room.seats.some((s) => s.occupant === "open")), onclick: () => request({ type: "start" }, (message) => message.type === "room" && message.room.status !== "waiting") }, t("room.start"))
        : h("p", { class: "muted" }, session.you === null ? t("room.spectating") : t("room.waiting_host")),
    ]);
  }

  /** The people at the table besides this reader, whom he may report. */
  function others() {
    const me = currentPlayer()?.id;
    return (session.room?.seats || []).filter((seat) => seat.player && seat.player.id !== me).map((seat) => seat.player);
  }

  function header() {
    const room = session.room;
    return h("div", { class: "table-header" }, [
      h("div", { class: "table-title" }, [
        h("strong", {}, t(`game.${room.game}`)),
        h("span", { class: "muted" }, ` · ${variantLabel(room, catalogue)}`),
      ]),
      h("div", { class: "table-meta" }, [
        h("span", { class: "code", title: t("room.invite") }, `${t("room.code")} ${room.code}`),
        room.spectators ? h("span", { class: "muted" }, t("room.spectators", { n: room.spectators })) : null,
        session.you === null ? h("span", { class: "badge" }, t("room.spectating")) : null,
        soundToggle(render),
        h("a", { href: `/?rules=${room.game}`, target: "_blank", class: "button small ghost" }, t("nav.rules")),
      ]),
    ]);
  }

  function render() {
    if (!session.room) {
      main.replaceChildren(h("p", { class: "muted center" }, t("common.loading")));
      return;
    }
    const room = session.room;
    const focused = focusedSelector(main);
    chat.refresh();
    if (session.elsewhere) {
      closeResult();
      main.replaceChildren(notice({ id: "elsewhere", title: t("net.replaced"), text: t("net.replaced_help"), actions: [
        h("button", { type: "button", class: "button primary", id: "play-here", onclick: playHere }, t("net.play_here")),
        lobbyLink("ghost"),
      ] }));
      restoreFocus(main, focused);
      return;
    }
    if (room.status === "waiting" || !session.state) {
      main.replaceChildren(waitingRoom(), chat.node);
      restoreFocus(main, focused);
      return;
    }
    const parts = [BOARDS[room.game](api, [header(), pauseLine(api)])];
    if (room.status === "finished" && !session.result) parts.push(finishedBar());
    parts.push(chat.node);
    main.replaceChildren(h("div", { class: `table-page game-${room.game}` }, parts));
    restoreFocus(main, focused);
    showResult();
  }

  let shown = null; // the result dialog on the page: { result, dialog }

  /** Keep the result dialog in step with the session: opened once for each result and
   *  only brought up to date by the renders that follow (opened again, it would flicker
   *  and take the focus), closed once its result has gone. */
  function showResult() {
    if (shown && shown.result !== session.result) closeResult();
    if (!session.result) return;
    if (shown) {
      shown.dialog.refresh();
      return;
    }
    const result = session.result;
    shown = { result, dialog: resultDialog(result, api, () => {
      if (shown?.result !== result) return; // dismissed: the page has moved on
      shown = null;
      session.result = null;
      render();
    }) };
  }

  function closeResult() {
    const open = shown;
    shown = null; // first: its onClose then knows it was dismissed
    open?.dialog.dismiss();
  }

  function finishedBar() {
    const room = session.room;
    return h("div", { class: "finished-bar" }, [
      h("strong", {}, t("result.match_over")),
      session.you !== null ? h("button", { class: "primary", id: "rematch", ...sends(TABLE), onclick: () => request({ type: "rematch" }, (message) => message.type === "room" && message.room.status === "playing") }, t("room.rematch")) : null,
      room.match ? h("a", { class: "button ghost", href: `/?replay=${room.match.id}&seat=${session.you ?? ""}`, "data-nav": "" }, t("room.replay")) : null,
      h("a", { class: "button ghost", href: "/", "data-nav": "" }, t("nav.lobby")),
    ]);
  }

  render();
  Promise.all([ensurePlayer(), fetchJSON("/api/info")]).then(([, info]) => {
    catalogue = info;
    socket = new RoomSocket(code, watch ? "spectator" : "player", handlers);
    // For the browser tests and bench/web.py: the session, a dropped connection, and
    // whether a request of the table is still on its way (its answer not yet shown).
    window.rummyhall = { session, drop: () => socket.drop(), busy: () => isHeld(TABLE) };
  }, (error) => {
    if (error.code === "signed_out") {
      main.replaceChildren(signedOutNotice());
      return;
    }
    main.replaceChildren(notice({ id: "room-entry", title: t("entry.load_failed"), text: t("entry.load_failed_help", { reason: error.message }), actions: [retryButton("primary"), lobbyLink("ghost")] }));
  });
  return {
    refresh: () => {
      if (socket && socket.locale !== getLocale()) socket.reopen();
      render();
    },
    leave: () => {
      closeResult();
      socket?.close();
    },
  };
}

/** This browser's account was signed out (here or elsewhere): say so, and lead to the
 *  lobby, which offers to sign in again or to play as a new guest. */
function signedOutNotice() {
  const name = signedOutAs();
  return notice({
    id: "signed-out",
    title: t("account.signed_out_title"),
    text: name ? t("account.signed_out_help", { name }) : t("net.signed_out"),
    actions: [h("a", { href: "/", "data-nav": "", class: "button primary", id: "signed-out-lobby" }, t(name ? "account.sign_in" : "nav.lobby"))],
  });
}

/** Errors the server sends before it closes the connection for a reason the page shows. */
const CLOSING = ["replaced", "signed_out"];

/** Refusals the status banner says already (the ``moderation`` message that holds them). */
const IN_BANNER = ["suspended_play", "suspended_play_for_good"];

/** Refusals of a seat after which the page watches instead, where the room allows it
 *  (a player suspended from rated play loses his seat at a rated table this way too). */
const SEAT_REFUSALS = ["room_full", "removed", "seat_limit", "suspended_play", "suspended_play_for_good"];

/** The ways on from a room that could not be shown: back to the lobby, or load again. */
const lobbyLink = (kind) => h("a", { href: "/", "data-nav": "", class: `button ${kind}` }, t("nav.lobby"));
const retryButton = (kind) => h("button", { type: "button", class: `button ${kind}`, id: "entry-retry", onclick: () => location.reload() }, t("entry.retry"));

/** Each game's table. */
export const BOARDS = { gin: renderCardTable, indian: renderCardTable, rummikub: renderRummikub };

