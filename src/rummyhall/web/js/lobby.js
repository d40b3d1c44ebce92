// The lobby: one-click games against the computer, rooms for friends (game, variant,
// seats, bot levels, the game's options, invite link), the open public rooms a page at a
// time (filtered by game), invitations from friends, the unfinished games the player sits
// in and the recent ones, and who is here (presence.js). The games, their variants, seat
// ranges and options come from /api/info (the games' kits): nothing here lists them.

import { cardSVG, tileSVG } from "./cards.js";
import { dismissInvitation, invitationsPanel, loadInvitations } from "./friends.js";
import { formatDate, t } from "./i18n.js";
import { api, claimAccount, currentPlayer, ensurePlayer, playAsGuest, renamePlayer, requestKey, signedOutAs, signIn, signOut } from "./net.js";
import { once, sends } from "./once.js";
import { myModeration, ratedBar, ratedClosed } from "./moderation.js";
import { clockLabel, label, seatName, variantLabel } from "./names.js";
import { pairingPanel } from "./pairing.js";
import { presenceFigures } from "./presence.js";
import { h, modal } from "./ui.js";

const RECENT = "rummyhall.recent";
const LEVEL = "rummyhall.level"; // the computer's level for quick play, as last chosen
const PAGE_MOST = 50; // GET /api/rooms answers at most lobby_page_max rooms a page
const CREATING = "create-room"; // what the buttons that open a room hold (once.js)

/** A nickname as typed, its spaces folded as the server folds them. */
const foldSpaces = (text) => text.split(/\s+/).filter(Boolean).join(" ");

/** Characters as people count them, as the server does (grapheme clusters: a family
 *  emoji joined by ZWJ is one). */
const characters = (text) => [...new Intl.Segmenter().segment(text)].length;

/** Why ``name`` (folded) cannot be a nickname of at most ``most`` characters, or null:
 *  a long name is refused with its count, never cut. */
function nicknameProblem(name, most) {
  if (!name) return t("lobby.rename_invalid", { most });
  const count = characters(name);
  return count > most ? t("lobby.name_too_long", { most, count }) : null;
}

/** The server's bound on a nickname's code points (24 characters of up to 12 each): the
 *  field's maxlength, which never cuts a name a person could count as 24 characters. */
const NICKNAME_CODE_POINTS = 288;

/** The name the lobby gives a new guest ("Guest4821"): one he did not choose. */
const GIVEN_NAME = /^(Guest|玩家)\d{4}$/;

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
  }[game];
  return h("div", { class: `showcase ${game}` }, faces ? faces() : []);
}

/** The options a room of ``variant`` starts with: what the variant fixes, the player's
 * choices among the options it leaves open, and the seat count. */
function roomOptions(game, variant, chosen, seats) {
  const options = { ...variant.fixes };
  for (const field of openFields(game, variant)) if (field.key in chosen) options[field.key] = chosen[field.key];
  if (game.seat_option) options[game.seat_option] = seats;
  return options;
}

/** The kit's options the lobby offers for ``variant`` (the seat count has its own rows). */
function openFields(game, variant) {
  return game.fields.filter((field) => field.lobby && field.key !== game.seat_option && !(field.key in variant.fixes)
    && (!field.variants.length || field.variants.includes(variant.name)));
}

export function showLobby({ main, navigate, toast }) {
  let info = null;
  const state = { game: null, variant: null, players: 2, chosen: {}, seats: ["you", "open"], public: true, hints: true, spectators: true, spectator_chat: false, clock: "off", rated: true };
  const games = () => (info ? info.games : []);
  const entry = (name) => games().find((game) => game.game === name);
  const variantOf = (game, name) => game.variants.find((variant) => variant.name === name) || game.variants[0];

  function choose(name) {
    const game = entry(name);
    state.game = name;
    state.variant = game.variants[0].name;
    state.players = game.seats.min;
    state.chosen = {};
  }

  // One room a click: every button that opens a room is held while one is being
  // opened, and each request carries a key of this visit of the lobby, so the server
  // answers a request sent twice with the room it opened the first time.
  const visit = requestKey();

  async function create(request, purpose) {
    await ensurePlayer();
    const room = await api("/api/rooms", { method: "POST", body: request, key: `${visit}-${purpose}` });
    navigate(`/?room=${room.code}`);
  }

  function quickPlay(name) {
    const game = entry(name);
    return playComputer({ game: name, options: roomOptions(game, game.variants[0], {}, game.seats.min), clock: "off" }, `quick-${name}`);
  }

  /** A private table against the computer (``request``: a game, its options and
   *  clock), started as soon as it opens. */
  let tables = 0; // tables against the computer opened from "Play a person" on this visit

  function playComputer(request, purpose = `computer-${++tables}`) {
    return once(CREATING, async () => {
      sessionStorage.setItem("rummyhall.autostart", "1");
      try {
        const seats = entry(request.game).seat_option ? request.options[entry(request.game).seat_option] : 2;
        const bots = [null, ...Array.from({ length: seats - 1 }, () => quickLevel())];
        await create({ ...request, public: false, host_seat: 0, bots, rated: false }, purpose); // no rating moves against the computer
      } catch (error) {
        sessionStorage.removeItem("rummyhall.autostart");
        toast(error.message, "error");
      }
    });
  }

  const presence = presenceFigures();
  let standing = []; // what moderators decided about the player that holds now
  const barred = () => ratedBar(standing);
  const pairing = pairingPanel({ navigate, toast, optionsFor: (game, variant, players) => roomOptions(game, variant, {}, players), playComputer, signedIn: () => Boolean(player?.username), barred });

  /** The level quick play seats: the one last chosen, if the server still offers it. */
  function quickLevel() {
    const saved = localStorage.getItem(LEVEL);
    return info.bot_levels.includes(saved) ? saved : info.bot_levels.includes("medium") ? "medium" : info.bot_levels[0];
  }

  function levelChoice() {
    if (!info) return null;
    return h("label", { class: "level-choice" }, [
      h("span", {}, t("lobby.quick_level")),
      h("select", { id: "quick-level", onchange: (e) => localStorage.setItem(LEVEL, e.target.value) },
        info.bot_levels.map((level) => h("option", { value: level, selected: level === quickLevel() }, t(`level.${level}`)))),
    ]);
  }

  function seatsFor(count) {
    const seats = state.seats.slice(0, count);
    while (seats.length < count) seats.push("open"); // a room for friends keeps their seats
    state.seats = seats;
  }

  function numberSelect(name, values, selected, onchange, extra = []) {
    return h("select", { name, onchange: (e) => onchange(e.target.value) }, [
      ...extra.map(([value, text]) => h("option", { value, selected: selected === null }, text)),
      ...values.map((n) => h("option", { value: n, selected: n === selected }, String(n))),
    ]);
  }

  const range = (low, high) => Array.from({ length: high - low + 1 }, (_, i) => low + i);

  function fieldWidget(field, variant) {
    const value = field.key in state.chosen ? state.chosen[field.key] : variant.defaults[field.key];
    const text = label(field.label, field.title);
    if (field.type === "bool") {
      return h("label", { class: "check" }, [h("input", { type: "checkbox", name: field.key, checked: Boolean(value), onchange: (e) => { state.chosen[field.key] = e.target.checked; } }), h("span", {}, text)]);
    }
    const unset = field.nullable ? [["", label("lobby.default", "Default")]] : [];
    return h("label", {}, [h("span", {}, text), numberSelect(field.key, range(field.min, field.max), value, (picked) => { state.chosen[field.key] = picked === "" ? null : Number(picked); }, unset)]);
  }

  function friendsForm() {
    if (!info) return h("section", { class: "panel friends" }, [h("h2", {}, t("lobby.with_friends")), h("p", { class: "muted" }, t("common.loading"))]);
    const game = entry(state.game);
    const variant = variantOf(game, state.variant);
    seatsFor(game.seat_option ? state.players : game.seats.min);
    const fields = openFields(game, variant);
    const seatField = game.fields.find((field) => field.key === game.seat_option);
    const seatRows = state.seats.map((who, seat) =>
      h("label", { class: "seat-choice" }, [
        h("span", {}, t("room.seat", { n: seat + 1 })),
        h("select", { "data-seat": seat, onchange: (e) => { state.seats[seat] = e.target.value; render(); } }, [
          h("option", { value: "you", selected: who === "you" }, t("lobby.you")),
          h("option", { value: "open", selected: who === "open" }, t("lobby.open")),
          ...info.bot_levels.map((level) => h("option", { value: level, selected: who === level }, `${t("lobby.bot")} · ${t(`level.${level}`)}`)),
        ]),
      ]),
    );
    return h("form", { class: "panel friends", onsubmit: (e) => { e.preventDefault(); submitFriends(); } }, [
      h("h2", {}, t("lobby.with_friends")),
      h("div", { class: "segmented" }, games().map((g) =>
        h("button", { type: "button", class: g.game === state.game ? "active" : "", "data-game": g.game, onclick: () => { choose(g.game); render(); } }, label(`game.${g.game}`, g.title)))),
      game.variants.length > 1 ? h("label", {}, [h("span", {}, t("lobby.variant")), h("select", { name: "variant", onchange: (e) => { state.variant = e.target.value; render(); } },
        game.variants.map((v) => h("option", { value: v.name, selected: v.name === variant.name }, label(v.label, v.title))))]) : null,
      seatField && game.seats.max > game.seats.min ? h("label", {}, [h("span", {}, label(seatField.label, seatField.title)),
        numberSelect("players", range(game.seats.min, game.seats.max), state.players, (picked) => { state.players = Number(picked); render(); })]) : null,
      ...fields.filter((field) => field.type !== "bool").map((field) => fieldWidget(field, variant)),
      clockField(),
      h("fieldset", { class: "seats" }, [h("legend", {}, t("lobby.seats")), ...seatRows]),
      h("fieldset", { class: "flags" }, [
        h("legend", {}, t("lobby.options")),
        checkbox("public", t("lobby.public")),
        checkbox("hints", t("lobby.hints")),
        checkbox("spectators", t("lobby.spectators")),
        checkbox("spectator_chat", t("lobby.spectator_chat")),
        ratedChoice(),
        ...fields.filter((field) => field.type === "bool").map((field) => fieldWidget(field, variant)),
      ]),
      h("button", { type: "submit", class: "primary", id: "create-room", ...sends(CREATING) }, t("lobby.create")),
    ]);
  }

  /** The turn clock, for the games that have one (Rummikub has no turn timer, RKB-7). */
  function clockField() {
    if (state.game === "rummikub" || !(info.clocks?.length > 1)) return null;
    return h("label", {}, [h("span", {}, t("lobby.clock")),
      h("select", { name: "clock", onchange: (e) => { state.clock = e.target.value; } },
        info.clocks.map((clock) => h("option", { value: clock, selected: clock === state.clock }, clockLabel(clock))))]);
  }

  /** Rated or casual; closed, and why, to a player suspended from rated play. */
  function ratedChoice() {
    const bar = barred();
    if (!bar) return checkbox("rated", t("lobby.rated"));
    return h("div", {}, [
      h("label", { class: "check" }, [h("input", { type: "checkbox", name: "rated", checked: false, disabled: true, "aria-describedby": "lobby-rated-why" }), h("span", {}, t("lobby.rated"))]),
      ratedClosed(bar, "lobby-rated-why"),
    ]);
  }

  function checkbox(key, label) {
    return h("label", { class: "check" }, [h("input", { type: "checkbox", checked: state[key], onchange: (e) => { state[key] = e.target.checked; } }), h("span", {}, label)]);
  }

  const submitFriends = () => once(CREATING, async () => {
    const hostSeat = state.seats.indexOf("you");
    const game = entry(state.game);
    const options = roomOptions(game, variantOf(game, state.variant), state.chosen, state.seats.length);
    try {
      await create({
        game: state.game,
        options,
        public: state.public,
        hints: state.hints,
        spectators: state.spectators,
        spectator_chat: state.spectator_chat,
        rated: state.rated && !barred(),
        clock: state.game === "rummikub" ? "off" : state.clock,
        host_seat: hostSeat < 0 ? null : hostSeat,
        bots: state.seats.map((who) => (who === "you" || who === "open" ? null : who)),
      }, "friends");
    } catch (error) {
      toast(error.message, "error");
    }
  });

  function roomsPanel() {
    const filter = h("select", { class: "room-filter", "aria-label": t("lobby.filter"), onchange: (e) => { listing.game = e.target.value; loadRooms(); } }, [
      h("option", { value: "", selected: !listing.game }, t("lobby.all_games")),
      ...games().map((g) => h("option", { value: g.game, selected: listing.game === g.game }, label(`game.${g.game}`, g.title))),
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
        // The variant and who sits there tell apart rooms of the same game and host.
        h("span", { class: "room-game" }, `${t(`game.${room.game}`)} · ${variantLabel(room, info)}`),
        h("span", { class: "room-host" }, room.seats.map((s, seat) => (s.occupant === "open" ? null : seatName(room.seats, seat))).filter(Boolean).join(", ")),
        h("span", { class: "room-seats" }, `${seated}/${room.seats.length}`),
        h("span", { class: `status ${room.status}` }, t(`status.${room.status}`)),
        room.status === "waiting" && seated < room.seats.length
          ? h("a", { class: "button small", href: `/?room=${room.code}`, "data-nav": "" }, t("lobby.join"))
          : room.spectators_allowed ? h("a", { class: "button small ghost", href: `/?room=${room.code}&watch=1`, "data-nav": "" }, t("lobby.watch")) : null,
      ]);
    }));
  }

  /** The unfinished rooms the player sits in (GET /api/me/rooms), to go back to. */
  function yourGamesPanel() {
    if (!seated.length) return null;
    return h("section", { class: "panel", id: "your-games" }, [
      h("h2", {}, t("lobby.your_games")),
      h("ul", { class: "room-list" }, seated.map(({ room, seat }) => {
        const others = room.seats.filter((s) => s.seat !== seat).map((s) => (s.player ? s.player.nickname : s.bot ? t("seat.bot", { level: t(`level.${s.bot}`) }) : t("room.open_seat")));
        return h("li", { "data-room": room.code }, [
          h("span", { class: "room-game" }, label(`game.${room.game}`, room.title)),
          h("span", { class: "room-host" }, t("lobby.against", { names: others.join(", ") })),
          h("span", { class: `status ${room.status}` }, t(`status.${room.status}`)),
          h("a", { class: "button small", href: `/?room=${room.code}`, "data-nav": "" }, t("lobby.resume")),
        ]);
      })),
    ]);
  }

  // The rooms shown: the first pages of GET /api/rooms (waiting first), and where the
  // next page starts; a refresh reloads as many rooms as are shown.
  const listing = { rooms: [], next: null, total: 0, game: "" };
  let player = currentPlayer();
  let seated = [];
  let invitations = null; // none read yet

  /** Read the invitations; one that arrives while the lobby is open is also said in a
   *  toast (not those found on opening it: the panel shows them). */
  async function refreshInvitations() {
    const known = invitations && new Set(invitations.map((each) => each.id));
    invitations = await loadInvitations();
    for (const each of invitations) {
      if (known && !known.has(each.id)) toast(t("friends.invited_toast", { name: each.from.nickname, game: t(`game.${each.game}`) }));
    }
  }

  async function dismiss(invitation) {
    invitations = (invitations ?? []).filter((each) => each.id !== invitation.id);
    render();
    await dismissInvitation(invitation);
  }

  async function loadSeated() {
    try {
      seated = await api("/api/me/rooms");
    } catch {
      seated = []; // the list is a shortcut: the rooms stay reachable by their links
    }
  }

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
    // A poll does not rebuild what the player is on: a focused control, or the page
    // behind an open dialog (whose opener takes the focus back when it closes).
    if (!refresh || !(main.querySelector(":focus") || document.querySelector("dialog[open]"))) render();
  }

  let typedCode = ""; // the room code being typed survives a render (the page loads, the list refreshes)

  function render() {
    const recent = JSON.parse(localStorage.getItem(RECENT) || "[]");
    const typing = main.querySelector("input[name=code]:focus");
    main.replaceChildren(h("div", { class: "lobby" }, [
      h("section", { class: "hero" }, [
        h("h1", {}, "rummyhall"),
        h("p", { class: "tagline" }, t("lobby.tagline")),
        !player && signedOutAs() ? null : h("p", { class: "whoami" }, [
          `${t("lobby.hello")} `, h("strong", { id: "nickname" }, player ? player.nickname : "…"), " ",
          // Offered once the player is known: a new guest being made has no token to
          // rename with yet (a rename sent before it was refused, and the name lost).
          player ? h("button", { class: "link", type: "button", id: "rename", onclick: rename }, t("lobby.rename")) : null, " ",
          player ? h("a", { href: `/?profile=${player.id}`, "data-nav": "", id: "my-profile" }, t("lobby.profile")) : null,
        ]),
        accountLine(),
        levelChoice(),
        presence.line(),
      ]),
      signedOutPanel(),
      invitationsPanel(invitations ?? [], dismiss),
      yourGamesPanel(), // first: going back to a game under way is the likeliest wish
      h("section", { class: "game-cards" }, games().map(({ game, title }) =>
        h("article", { class: `game-card ${game}` }, [
          showcase(game),
          h("h2", {}, label(`game.${game}`, title)),
          h("p", {}, label(`game.${game}.blurb`, "")),
          presence.game(game),
          h("div", { class: "game-card-actions" }, [
            h("button", { class: "primary", "data-play": game, ...sends(CREATING), onclick: () => quickPlay(game) }, t("lobby.play_bot")),
            h("a", { href: `/?rules=${game}`, "data-nav": "", class: "button ghost" }, t("nav.rules")),
          ]),
        ]))),
      pairing.view(info),
      h("div", { class: "lobby-columns" }, [
        friendsForm(),
        h("div", { class: "lobby-side" }, [
          h("section", { class: "panel" }, [
            h("h2", {}, t("lobby.join_code")),
            h("form", { class: "inline", onsubmit: (e) => { e.preventDefault(); const code = e.target.code.value.trim().toUpperCase(); if (code) navigate(`/?room=${code}`); } }, [
              h("input", { name: "code", maxlength: 10, placeholder: "K7QX2M9PRT", autocomplete: "off", value: typedCode, oninput: (e) => { typedCode = e.target.value; } }),
              h("button", { type: "submit" }, t("lobby.join")),
            ]),
          ]),
          roomsPanel(),
          recent.length ? h("section", { class: "panel" }, [
            h("h2", {}, t("lobby.recent")),
            h("ul", { class: "room-list" }, recent.map((m) => h("li", {}, [
              h("span", { class: "room-game" }, t(`game.${m.game}`)),
              h("span", { class: "muted" }, formatDate(m.at)),
              h("a", { class: "button small ghost", href: `/?replay=${m.id}&seat=${m.seat ?? ""}`, "data-nav": "" }, t("lobby.replay")),
            ]))),
          ]) : null,
        ]),
      ]),
    ]));
    if (typing) main.querySelector("input[name=code]").focus();
  }

  /** Who this browser is signed in as, or the way to an account. */
  function accountLine() {
    if (!player && signedOutAs()) return null; // the panel below says it and offers the ways on
    if (player?.username) {
      return h("p", { class: "account-line" }, [
        h("span", { id: "account-name" }, t("account.signed_in_as", { name: player.username })), " ",
        h("button", { class: "link", type: "button", id: "sign-out", onclick: () => leave(false) }, t("account.sign_out")), " ",
        h("button", { class: "link", type: "button", id: "sign-out-everywhere", onclick: () => leave(true) }, t("account.sign_out_everywhere")),
      ]);
    }
    return h("p", { class: "account-line" }, [
      h("span", { class: "muted" }, t("account.guest")), " ",
      h("button", { class: "link", type: "button", id: "claim-account", onclick: () => accountDialog("claim") }, t("account.claim")), " ",
      h("button", { class: "link", type: "button", id: "sign-in", onclick: () => accountDialog("sign_in") }, t("account.sign_in")),
    ]);
  }

  /** Sign this browser out (or every device of the account): it plays on as a new guest. */
  async function leave(everywhere) {
    try {
      await signOut(everywhere);
      player = await ensurePlayer();
      toast(t(everywhere ? "account.signed_out_everywhere" : "account.signed_out"));
      await loadSeated();
      render();
      main.querySelector("#sign-in")?.focus();
    } catch (failure) {
      toast(failure.message, "error");
    }
  }

  /** Create an account for this guest ("claim": with the nickname he is to be shown
   *  by, his given "Guest4821" following the username until he types one), or sign in to
   *  one ("sign_in", ``known``: the username signed out of). */
  function accountDialog(mode, known = "") {
    const claiming = mode === "claim";
    const limits = { username: [3, 20], password: [8, 128] };
    const most = info?.limits.nickname_max ?? 24;
    const error = h("p", { class: "field-error", id: "account-error", hidden: true, role: "alert" });
    const field = (name, attrs) => h("input", { id: `account-${name}`, name, required: true, "aria-describedby": "account-error", ...attrs });
    const given = !player || GIVEN_NAME.test(player.nickname);
    let named = !given; // the nickname field holds a name of his, not the username's echo
    const nickname = claiming ? field("nickname", { autocomplete: "nickname", maxlength: NICKNAME_CODE_POINTS, value: given ? "" : player.nickname, oninput: () => { named = true; } }) : null;
    const username = field("username", { autocomplete: "username", autocapitalize: "none", spellcheck: "false", maxlength: limits.username[1], value: known, oninput: () => {
      if (nickname && !named) nickname.value = username.value.trim();
    } });
    const password = field("password", { type: "password", maxlength: limits.password[1], autocomplete: claiming ? "new-password" : "current-password" });
    const inputs = { username, password, nickname };
    const submit = h("button", { type: "submit", class: "primary", id: "account-submit", ...sends("account") }, t(claiming ? "account.claim_save" : "account.sign_in_save"));
    const show = (text, input = username) => {
      error.textContent = text;
      error.hidden = !text;
      if (text) input.after(error); // under the field it is about
      for (const each of Object.values(inputs)) each?.setAttribute("aria-invalid", text && each === input ? "true" : "false");
      if (text) input.focus();
    };
    const form = h("form", { class: "account-form", novalidate: true, onsubmit: (event) => {
      event.preventDefault();
      const name = username.value.trim();
      if (name.length < limits.username[0] || name.length > limits.username[1]) return show(t("account.username_rule", { least: 3, most: 20 }));
      if (password.value.length < limits.password[0]) return show(t("account.password_rule", { least: 8 }), password);
      const shown = claiming ? foldSpaces(nickname.value) || name : null;
      const problem = claiming ? nicknameProblem(shown, most) : null;
      if (problem) return show(problem, nickname);
      return once("account", async () => {
        try {
          player = claiming ? await claimAccount(name, password.value, shown) : await signIn(name, password.value);
          dialog.close();
          const folded = claiming && nickname.value.trim() && nickname.value.trim() !== shown;
          toast(claiming ? t(folded ? "account.claimed_folded" : "account.claimed", { name: player.username, nickname: player.nickname }) : t("account.signed_in", { name: player.username }));
          if (!claiming) await loadSeated(); // his seats and games, on this device too
          await loadRooms({ refresh: true }); // the rooms he hosts show his name
          render();
          main.querySelector("#account-name")?.focus();
        } catch (failure) {
          show(failure.message, inputs[failure.field] ?? (failure.code?.includes("password") ? password : username));
        }
      });
    } }, [
      h("label", { for: "account-username" }, t("account.username")),
      username,
      ...(claiming ? [
        h("label", { for: "account-nickname" }, t("account.nickname")),
        nickname,
        h("p", { class: "muted field-help" }, t("account.nickname_help", { most })),
      ] : []),
      h("label", { for: "account-password" }, t("account.password")),
      password,
      error,
      h("p", { class: "muted" }, t(claiming ? "account.claim_keeps" : "account.sign_in_keeps")),
      h("div", { class: "modal-actions" }, [
        h("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, t("common.cancel")),
        submit,
      ]),
    ]);
    const dialog = modal({ id: "account-dialog", title: t(claiming ? "account.claim_title" : "account.sign_in_title"), body: form, closedBy: "any" });
    (known ? password : username).focus();
  }

  /** The rename dialog: the new nickname for the same player (its seats stay his). */
  function rename() {
    const most = info?.limits.nickname_max ?? 24;
    const error = h("p", { class: "field-error", id: "rename-error", hidden: true });
    // No maxlength of ``most``: the browser would cut a longer name without a word (and
    // counts code points, not characters); the server's bound on code points only.
    const input = h("input", { id: "rename-input", name: "nickname", maxlength: NICKNAME_CODE_POINTS, autocomplete: "nickname", value: player?.nickname || "", "aria-describedby": "rename-error" });
    const save = h("button", { type: "submit", class: "primary", id: "rename-save", ...sends("account") }, t("lobby.rename_save"));
    const show = (text) => {
      error.textContent = text;
      error.hidden = !text;
      input.setAttribute("aria-invalid", text ? "true" : "false");
      if (text) input.focus();
    };
    const form = h("form", { class: "rename-form", onsubmit: (event) => {
      event.preventDefault();
      const wanted = foldSpaces(input.value);
      const problem = nicknameProblem(wanted, most);
      if (problem) return show(problem);
      return once("account", async () => {
        try {
          player = await renamePlayer(wanted);
          dialog.close();
          const folded = input.value.trim() !== wanted; // say what was changed
          toast(t(folded ? "lobby.renamed_folded" : "lobby.renamed", { name: player.nickname }));
          await loadRooms({ refresh: true }); // the rooms he hosts show the new name too
          render();
          main.querySelector("#rename")?.focus();
        } catch (failure) {
          show(failure.message);
        }
      });
    } }, [
      h("label", { for: "rename-input" }, t("lobby.rename_prompt")),
      input,
      error,
      h("p", { class: "muted" }, t("lobby.rename_keeps")),
      h("div", { class: "modal-actions" }, [
        h("button", { type: "button", class: "ghost", onclick: () => dialog.close() }, t("common.cancel")),
        save,
      ]),
    ]);
    const dialog = modal({ id: "rename-dialog", title: t("lobby.rename_title"), body: form, closedBy: "any" });
    input.select();
  }

  async function load() {
    try {
      info = await api("/api/info");
      choose(info.games[0].game); // at once: a render meanwhile (a poll, the language) draws the form
      player = await ensurePlayer();
      await Promise.all([loadSeated(), refreshInvitations(), myModeration().then((mine) => { standing = mine.standing; })]);
    } catch (error) {
      if (error.code === "signed_out") player = null; // the page says so, and offers the ways on
      else toast(error.message, "error");
    }
    render();
    await loadRooms();
  }

  /** Signed out elsewhere: sign in again, or play on as a new guest. */
  function signedOutPanel() {
    const name = signedOutAs();
    if (!name || player) return null;
    return h("section", { class: "panel signed-out", id: "signed-out", role: "alert" }, [
      h("h2", {}, t("account.signed_out_title")),
      h("p", {}, t("account.signed_out_help", { name })),
      h("div", { class: "notice-actions" }, [
        h("button", { type: "button", class: "primary", id: "signed-out-sign-in", onclick: () => accountDialog("sign_in", name) }, t("account.sign_in")),
        h("button", { type: "button", class: "ghost", id: "play-as-guest", onclick: () => once("account", async () => {
          try {
            player = await playAsGuest();
            await loadSeated();
            render();
            main.querySelector("#claim-account")?.focus();
          } catch (failure) {
            toast(failure.message, "error");
          }
        }) }, t("account.play_as_guest")),
      ]),
    ]);
  }

  render();
  load();
  presence.refresh();
  const timer = setInterval(async () => {
    presence.refresh();
    if (player) await Promise.all([loadSeated(), refreshInvitations()]);
    loadRooms({ refresh: true });
  }, 10000);
  return { refresh: render, leave: () => { clearInterval(timer); pairing.leave(); } };
}
