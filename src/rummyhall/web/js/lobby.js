// The lobby: one-click games against the computer, rooms for friends (game, variant,
// seats, bot levels, invite link), the open public rooms a page at a time (filtered by
// game) and the player's recent games.

import { cardSVG, tileSVG } from "./cards.js";
import { t } from "./i18n.js";
import { api, currentPlayer, ensurePlayer } from "./net.js";
import { h } from "./ui.js";

const GAMES = ["gin", "indian", "rummikub"];
const RECENT = "rummyhall.recent";
const PAGE_MOST = 50; // GET /api/rooms answers at most lobby_page_max rooms a page

/** Remember a finished match for the lobby's "recent games" (kept in the browser). */
export function rememberMatch(entry) {
  const list = JSON.parse(localStorage.getItem(RECENT) || "[]").filter((item) => item.id !== entry.id);
  list.unshift(entry);
  localStorage.setItem(RECENT, JSON.stringify(list.slice(0, 8)));
}

function showcase(game) {
  const faces = {
    gin: () => ["7H", "8H", "9H"].map((c) => cardSVG(c)),
    indian: () => [cardSVG("5S"), cardSVG("JK", { wild: true }), cardSVG("7S")],
    rummikub: () => ["R10", "B10", "K10"].map((x) => tileSVG(x)),
  }[game]();
  return h("div", { class: `showcase ${game}` }, faces);
}

function variantOptions(game) {
  if (game === "gin") return ["standard", "oklahoma"].map((mode) => ({ value: mode, label: t(`mode.${mode}`) }));
  if (game === "indian") return ["points", "pool101", "pool201", "deals"].map((f) => ({ value: f, label: t(`format.${f}`) }));
  return [];
}

function variantBody(game, variant) {
  if (game === "gin") return { mode: variant };
  if (game === "indian") return { format: variant };
  return {};
}

export function showLobby({ main, navigate, toast }) {
  let info = null;
  const state = { game: "gin", variant: "standard", players: 2, deals: 2, rounds: 2, seats: ["you", "medium"], public: true, hints: true, spectators: true, joker: false };

  async function create(request) {
    await ensurePlayer();
    const room = await api("/api/rooms", { method: "POST", body: request });
    navigate(`/?room=${room.code}`);
  }

  async function quickPlay(game, variant) {
    const players = 2;
    sessionStorage.setItem("rummyhall.autostart", "1");
    try {
      await create({ game, options: { ...variantBody(game, variant), ...(game === "gin" ? {} : { players }) }, public: false, host_seat: 0, bots: [null, "medium"] });
    } catch (error) {
      sessionStorage.removeItem("rummyhall.autostart");
      toast(error.message, "error");
    }
  }

  function seatsFor(count) {
    const seats = state.seats.slice(0, count);
    while (seats.length < count) seats.push("medium");
    state.seats = seats;
  }

  function friendsForm() {
    const variants = variantOptions(state.game);
    const maxSeats = { gin: 2, indian: 6, rummikub: 4 }[state.game];
    seatsFor(state.game === "gin" ? 2 : state.players);
    const levels = info ? info.bot_levels : ["easy", "medium", "hard"];
    const seatRows = state.seats.map((who, seat) =>
      h("label", { class: "seat-choice" }, [
        h("span", {}, t("room.seat", { n: seat + 1 })),
        h("select", { "data-seat": seat, onchange: (e) => { state.seats[seat] = e.target.value; render(); } }, [
          h("option", { value: "you", selected: who === "you" }, t("lobby.you")),
          h("option", { value: "open", selected: who === "open" }, t("lobby.open")),
          ...levels.map((level) => h("option", { value: level, selected: who === level }, `${t("lobby.bot")} · ${t(`level.${level}`)}`)),
        ]),
      ]),
    );
    return h("form", { class: "panel friends", onsubmit: (e) => { e.preventDefault(); submitFriends(); } }, [
      h("h2", {}, t("lobby.with_friends")),
      h("div", { class: "segmented" }, GAMES.map((game) =>
        h("button", { type: "button", class: game === state.game ? "active" : "", "data-game": game, onclick: () => {
          state.game = game;
          state.variant = variantOptions(game)[0]?.value;
          state.players = 2;
          render();
        } }, t(`game.${game}`)))),
      variants.length ? h("label", {}, [h("span", {}, t("lobby.variant")), h("select", { name: "variant", onchange: (e) => { state.variant = e.target.value; render(); } },
        variants.map((v) => h("option", { value: v.value, selected: v.value === state.variant }, v.label)))]) : null,
      maxSeats > 2 ? h("label", {}, [h("span", {}, t("lobby.players")), h("select", { name: "players", onchange: (e) => { state.players = Number(e.target.value); render(); } },
        Array.from({ length: maxSeats - 1 }, (_, i) => i + 2).map((n) => h("option", { value: n, selected: n === state.players }, String(n))))]) : null,
      state.game === "indian" && state.variant === "deals" ? h("label", {}, [h("span", {}, t("lobby.deals")), h("select", { onchange: (e) => { state.deals = Number(e.target.value); } },
        [1, 2, 3, 4, 5, 6].map((n) => h("option", { value: n, selected: n === state.deals }, String(n))))]) : null,
      state.game === "rummikub" ? h("label", {}, [h("span", {}, t("lobby.rounds")), h("select", { name: "rounds", onchange: (e) => { state.rounds = Number(e.target.value); } },
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => h("option", { value: n, selected: n === state.rounds }, String(n))))]) : null,
      h("fieldset", { class: "seats" }, [h("legend", {}, t("lobby.seats")), ...seatRows]),
      h("fieldset", { class: "flags" }, [
        h("legend", {}, t("lobby.options")),
        checkbox("public", t("lobby.public")),
        checkbox("hints", t("lobby.hints")),
        checkbox("spectators", t("lobby.spectators")),
        state.game === "indian" ? checkbox("joker", t("lobby.joker_from_discard")) : null,
      ]),
      h("button", { type: "submit", class: "primary", id: "create-room" }, t("lobby.create")),
    ]);
  }

  function checkbox(key, label) {
    return h("label", { class: "check" }, [h("input", { type: "checkbox", checked: state[key], onchange: (e) => { state[key] = e.target.checked; } }), h("span", {}, label)]);
  }

  async function submitFriends() {
    const count = state.seats.length;
    const hostSeat = state.seats.indexOf("you");
    const options = { ...variantBody(state.game, state.variant) };
    if (state.game !== "gin") options.players = count;
    if (state.game === "rummikub") options.rounds = state.rounds;
    if (state.game === "indian") {
      if (state.variant === "deals") options.deals = state.deals;
      options.joker_from_discard = state.joker;
    }
    try {
      await create({
        game: state.game,
        options,
        public: state.public,
        hints: state.hints,
        spectators: state.spectators,
        host_seat: hostSeat < 0 ? null : hostSeat,
        bots: state.seats.map((who) => (who === "you" || who === "open" ? null : who)),
      });
    } catch (error) {
      toast(error.message, "error");
    }
  }

  function roomsPanel() {
    const filter = h("select", { class: "room-filter", "aria-label": t("lobby.filter"), onchange: (e) => { listing.game = e.target.value; loadRooms(); } }, [
      h("option", { value: "", selected: !listing.game }, t("lobby.all_games")),
      ...GAMES.map((game) => h("option", { value: game, selected: listing.game === game }, t(`game.${game}`))),
    ]);
    return h("section", { class: "panel" }, [
      h("div", { class: "panel-head" }, [h("h2", {}, t("lobby.public_rooms")), filter]),
      roomsList(listing.rooms),
      listing.rooms.length ? h("p", { class: "muted room-count" }, t("lobby.showing", { n: listing.rooms.length, total: listing.total })) : null,
      listing.next ? h("button", { type: "button", class: "small ghost", id: "more-rooms", onclick: () => loadRooms({ more: true }) }, t("lobby.more")) : null,
    ]);
  }

  function roomsList(rooms) {
    if (!rooms.length) return h("p", { class: "muted" }, t("lobby.no_rooms"));
    return h("ul", { class: "room-list" }, rooms.map((room) => {
      const seated = room.seats.filter((s) => s.occupant !== "open").length;
      return h("li", {}, [
        h("span", { class: "room-game" }, t(`game.${room.game}`)),
        h("span", { class: "room-host" }, room.host.nickname),
        h("span", { class: "room-seats" }, `${seated}/${room.seats.length}`),
        h("span", { class: `status ${room.status}` }, t(`status.${room.status}`)),
        room.status === "waiting" && seated < room.seats.length
          ? h("a", { class: "button small", href: `/?room=${room.code}`, "data-nav": "" }, t("lobby.join"))
          : room.spectators_allowed ? h("a", { class: "button small ghost", href: `/?room=${room.code}&watch=1`, "data-nav": "" }, t("lobby.watch")) : null,
      ]);
    }));
  }

  // The rooms shown: the first pages of GET /api/rooms (waiting first), and where the
  // next page starts; a refresh reloads as many rooms as are shown.
  const listing = { rooms: [], next: null, total: 0, game: "" };
  let player = currentPlayer();

  async function loadRooms({ more = false, refresh = false } = {}) {
    const params = new URLSearchParams();
    if (listing.game) params.set("game", listing.game);
    if (more) params.set("cursor", listing.next);
    else if (refresh && listing.rooms.length) params.set("limit", String(Math.min(PAGE_MOST, listing.rooms.length)));
    try {
      const page = await api(`/api/rooms?${params}`);
      listing.rooms = more ? [...listing.rooms, ...page.rooms] : page.rooms;
      listing.next = page.next;
      listing.total = page.total;
    } catch (error) {
      if (!refresh) toast(error.message, "error"); // a poll tries again later
      return;
    }
    if (!refresh || !main.querySelector(":focus")) render();
  }

  function render() {
    const recent = JSON.parse(localStorage.getItem(RECENT) || "[]");
    main.replaceChildren(h("div", { class: "lobby" }, [
      h("section", { class: "hero" }, [
        h("h1", {}, "rummyhall"),
        h("p", { class: "tagline" }, t("lobby.tagline")),
        h("p", { class: "whoami" }, [
          `${t("lobby.hello")} `, h("strong", { id: "nickname" }, player ? player.nickname : "…"), " ",
          h("button", { class: "link", type: "button", onclick: rename }, t("lobby.rename")),
        ]),
      ]),
      h("section", { class: "game-cards" }, GAMES.map((game) =>
        h("article", { class: `game-card ${game}` }, [
          showcase(game),
          h("h2", {}, t(`game.${game}`)),
          h("p", {}, t(`game.${game}.blurb`)),
          h("div", { class: "game-card-actions" }, [
            h("button", { class: "primary", "data-play": game, onclick: () => quickPlay(game, variantOptions(game)[0]?.value) }, t("lobby.play_bot")),
            h("a", { href: `/?rules=${game}`, "data-nav": "", class: "button ghost" }, t("nav.rules")),
          ]),
        ]))),
      h("div", { class: "lobby-columns" }, [
        friendsForm(),
        h("div", { class: "lobby-side" }, [
          h("section", { class: "panel" }, [
            h("h2", {}, t("lobby.join_code")),
            h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); const code = e.target.code.value.trim().toUpperCase(); if (code) navigate(`/?room=${code}`); } }, [
              h("input", { name: "code", maxlength: 10, placeholder: "K7QX2M9PRT", autocomplete: "off" }),
              h("button", { type: "submit" }, t("lobby.join")),
            ]),
          ]),
          roomsPanel(),
          recent.length ? h("section", { class: "panel" }, [
            h("h2", {}, t("lobby.recent")),
            h("ul", { class: "room-list" }, recent.map((m) => h("li", {}, [
              h("span", { class: "room-game" }, t(`game.${m.game}`)),
              h("span", { class: "muted" }, new Date(m.at).toLocaleString()),
              h("a", { class: "button small ghost", href: `/?replay=${m.id}&seat=${m.seat ?? ""}`, "data-nav": "" }, t("lobby.replay")),
            ]))),
          ]) : null,
        ]),
      ]),
    ]));
  }

  async function rename() {
    const name = prompt(t("lobby.rename_prompt"), player?.nickname || "");
    if (!name) return;
    try {
      player = await ensurePlayer(name.trim());
      render();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  async function load() {
    try {
      [info, player] = await Promise.all([api("/api/info"), ensurePlayer()]);
    } catch (error) {
      toast(error.message, "error");
    }
    await loadRooms();
  }

  render();
  load();
  const timer = setInterval(() => loadRooms({ refresh: true }), 10000);
  return { refresh: render, leave: () => clearInterval(timer) };
}
