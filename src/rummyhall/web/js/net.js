// The server: the HTTP API (guest identity, rooms, replays, rules) and the one
// WebSocket (docs/protocol.md), which reconnects by itself and resyncs by re-joining.

import { getLocale, t } from "./i18n.js";

const TOKEN = "rummyhall.token";
const PLAYER = "rummyhall.player";
const SIGNED_OUT = "rummyhall.signed_out"; // the username this browser was signed out of

export class ApiError extends Error {
  /** ``field``: the request's field the refusal is about (``nickname``…), if one. */
  constructor(code, message, field = null) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

/** Call the HTTP API; ``key`` is sent as ``Idempotency-Key`` (a request sent again
 *  with it is answered what the first did, not done twice). */
export async function api(path, { method = "GET", body, key } = {}) {
  const headers = { "Accept-Language": getLocale() === "zh" ? "zh-CN" : "en" };
  const token = localStorage.getItem(TOKEN);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    const error = data.error || { code: "http", message: data.detail ? JSON.stringify(data.detail) : t("error.generic") };
    throw new ApiError(error.code, error.message, error.field ?? null);
  }
  return data;
}

/** A random request key (``crypto.randomUUID`` needs a secure context; this does not). */
export function requestKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function currentPlayer() {
  const saved = localStorage.getItem(PLAYER);
  return saved ? JSON.parse(saved) : null;
}

function remember(player, username) {
  const kept = { ...player, username: username ?? null };
  localStorage.setItem(PLAYER, JSON.stringify(kept));
  return kept;
}

/** The account this browser was signed out of (on another device, or everywhere),
 *  while the player has not chosen to sign in again or to play as a new guest. */
export const signedOutAs = () => localStorage.getItem(SIGNED_OUT);

/** Signed out from elsewhere: forget the token, and remember the account so the page
 *  says so instead of silently making a new guest (``signed_out``). */
function signedOutElsewhere() {
  const username = currentPlayer()?.username;
  forgetPlayer();
  if (username) localStorage.setItem(SIGNED_OUT, username);
}

/** The guest this browser plays as (its nickname as the server knows it now), or a
 *  new one with a random nickname the first time; keeps its token. A browser whose
 *  account was signed out elsewhere gets ``signed_out`` until the player signs in again
 *  or chooses to play as a new guest (:func:`playAsGuest`). */
export async function ensurePlayer() {
  if (localStorage.getItem(TOKEN) && currentPlayer()) {
    try {
      const me = await api("/api/me");
      return remember(me.player, me.username);
    } catch (error) {
      if (error.code !== "unauthorized") throw error;
      signedOutElsewhere();
    }
  }
  if (signedOutAs()) throw new ApiError("signed_out", t("account.signed_out_title"));
  const name = `${getLocale() === "zh" ? "玩家" : "Guest"}${Math.floor(1000 + Math.random() * 9000)}`;
  const answer = await api("/api/players", { method: "POST", body: { nickname: name } });
  localStorage.setItem(TOKEN, answer.token);
  return remember(answer.player, null);
}

/** Leave the account signed out elsewhere behind: play on as a new guest. */
export function playAsGuest() {
  localStorage.removeItem(SIGNED_OUT);
  return ensurePlayer();
}

/** Give the token's player a new nickname (same player, token and seats). */
export async function renamePlayer(nickname) {
  const answer = await api("/api/me", { method: "PATCH", body: { nickname } });
  return remember(answer.player, currentPlayer()?.username);
}

/** The guest claims his identity: a username and password to sign in with elsewhere,
 *  and the nickname he is to be shown by. */
export async function claimAccount(username, password, nickname) {
  const answer = await api("/api/me/account", { method: "POST", body: { username, password, nickname } });
  return remember(answer.player, answer.username);
}

/** Sign this browser in to an account: it becomes that player (his seats and games).
 *  The token travels in the answer's body and then in headers, never in an address. */
export async function signIn(username, password) {
  const answer = await api("/api/sign-ins", { method: "POST", body: { username, password } });
  localStorage.setItem(TOKEN, answer.token);
  localStorage.removeItem(SIGNED_OUT);
  return remember(answer.player, answer.username);
}

/** Sign out this browser, or every device of the account (``everywhere``); the
 *  browser is a new guest next time it needs a player. */
export async function signOut(everywhere = false) {
  await api(everywhere ? "/api/sign-ins" : "/api/sign-ins/current", { method: "DELETE" });
  forgetPlayer();
}

/** Drop this browser's token (signed out here or elsewhere). */
export function forgetPlayer() {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(PLAYER);
}

/** One WebSocket for one room: says hello, joins, and after a drop reconnects with
 *  backoff and joins again, which brings the full current state. */
export class RoomSocket {
  constructor(code, role, handlers) {
    this.code = code;
    this.role = role;
    this.handlers = handlers;
    this.closed = false;
    this.retry = 0;
    this.nextId = 1;
    this.waiting = null; // the timer of the next attempt after a drop
    // The browser knows when the network comes and goes: reconnect as soon as it is
    // back (not at the end of the back-off), and stop acting as soon as it is gone.
    this.online = () => this.again();
    this.offline = () => this.networkLost();
    window.addEventListener("online", this.online);
    window.addEventListener("offline", this.offline);
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The room in the address lets a proxy send every player of a room to one process.
    const socket = new WebSocket(`${scheme}://${location.host}/ws?room=${encodeURIComponent(this.code)}`);
    this.socket = socket;
    socket.onopen = () => {
      this.token = localStorage.getItem(TOKEN);
      this.send({ type: "hello", protocol: 3, token: this.token, locale: getLocale() });
      this.send({ type: "join", room: this.code, role: this.role });
      this.handlers.opened?.();
      if (this.retry > 0) this.handlers.reconnected?.();
      this.retry = 0;
    };
    socket.onmessage = (event) => this.handlers.message(JSON.parse(event.data));
    this.locale = getLocale();
    socket.onclose = (event) => {
      if (this.closed || socket !== this.socket) return;
      if (this.quiet) {
        this.quiet = false;
        this.open();
        return;
      }
      if (event.code === 4000) {
        this.stop();
        this.handlers.replaced?.();
        return;
      }
      if (event.code === 4003) { // signed out (here or everywhere): the token is dead
        this.stop();
        if (localStorage.getItem(TOKEN) === this.token) signedOutElsewhere(); // not a newer one
        this.handlers.signedOut?.();
        return;
      }
      this.handlers.lost?.();
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      this.waiting = setTimeout(() => this.again(), delay);
    };
  }

  /** The network is back: connect now, not at the end of the back-off, nor after an
   *  attempt made while offline that may hang for a while before it fails. */
  again() {
    if (this.closed || this.socket.readyState === WebSocket.OPEN) return;
    clearTimeout(this.waiting);
    this.waiting = null;
    const attempt = this.socket;
    this.open(); // first: the attempt's close is then no longer this socket's
    if (attempt.readyState === WebSocket.CONNECTING) attempt.close();
  }

  /** The browser says the network is gone: the socket is dead even if it has not
   *  noticed (it may take a minute), so it is dropped, and acting stops at once. */
  networkLost() {
    if (!this.closed && this.socket.readyState <= WebSocket.OPEN) this.socket.close();
  }

  /** Send one message; returns its id (answers echo it as ``ref``), ``null`` when
   *  the connection is not open (nothing was sent). */
  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) return null;
    const id = `m${this.nextId++}`;
    this.socket.send(JSON.stringify({ ...message, id }));
    return id;
  }

  /** Reconnect at once without the "connection lost" banner: the server speaks the
   *  locale given in ``hello``, so a language switch says hello again. */
  reopen() {
    this.quiet = true;
    this.socket.close();
  }

  /** Drop the connection as a network failure would (tests and the reconnect path). */
  drop() {
    this.socket.close();
  }

  close() {
    this.stop();
    this.socket.close();
  }

  /** No more attempts, nor listening to the network. */
  stop() {
    this.closed = true;
    clearTimeout(this.waiting);
    window.removeEventListener("online", this.online);
    window.removeEventListener("offline", this.offline);
  }
}

/** One WebSocket for a quick pairing seek (docs/pairing.md): says hello and seeks;
 *  after a drop it reconnects with backoff and seeks again (the server dropped the
 *  seek with the socket). ``close`` ends the seek with the socket. */
export class SeekSocket {
  constructor(seek, handlers) {
    this.seek = seek;
    this.handlers = handlers;
    this.closed = false;
    this.retry = 0;
    this.waiting = null;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: "hello", protocol: 3, token: localStorage.getItem(TOKEN), locale: getLocale() }));
      socket.send(JSON.stringify({ type: "seek", ...this.seek }));
      this.retry = 0;
    };
    socket.onmessage = (event) => this.handlers.message(JSON.parse(event.data));
    socket.onclose = () => {
      if (this.closed || socket !== this.socket) return;
      this.handlers.lost?.();
      this.waiting = setTimeout(() => this.open(), Math.min(8000, 300 * 2 ** this.retry++));
    };
  }

  /** Send one message (``cancel_seek``) if the socket is open. */
  send(message) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close() {
    this.closed = true;
    clearTimeout(this.waiting);
    this.socket.close();
  }
}
