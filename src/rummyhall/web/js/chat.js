// A room's chat panel: the lines said in the room (people's words only, shown as text:
// never markup, never a link), a row of quick reactions, a short message field, and a
// per-reader mute (kept in this browser). One panel lives as long as the room's page:
// the table's renders move it, so what is being typed survives them.

import { formatDate, formatTime, t } from "./i18n.js";
import { currentPlayer } from "./net.js";
import { h } from "./ui.js";

const MUTED = "rummyhall.muted";
const REACTIONS = { thumbs_up: "👍", clap: "👏", laugh: "😄", wow: "😮", sad: "😢", good_game: "🤝" };
const TEXT_MAX = 200;

function mutedPlayers() {
  return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]"));
}

/** ``readers()`` says who reads what this reader writes: ``"spectators"`` for a
 *  spectator in a room that keeps spectators' chat from the players, else ``null``
 *  (everyone in the room). */
/** ``report(player, about)`` opens the "Report" dialog for a line's sender (``about``:
 *  the line), or for one of ``people()`` (the others at the table; ``about`` null: the
 *  room). */
export function chatPanel(send, readers = () => null, report = null, people = () => []) {
  let lines = [];
  const list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite", "aria-label": t("chat.title") });
  const input = h("input", { id: "chat-input", name: "chat", maxlength: TEXT_MAX, autocomplete: "off", "aria-label": t("chat.say") });
  const title = h("h2", {}, t("chat.title"));
  const reportTable = h("button", { type: "button", class: "link chat-report-table", id: "report-at-table", hidden: true, onclick: () => report(people(), null) });
  const reactions = h("div", { class: "chat-reactions", role: "group" });
  const sendButton = h("button", { type: "submit", id: "chat-send" }, t("chat.send"));
  const mutedNote = h("p", { class: "muted chat-muted", id: "chat-muted" });
  const audience = h("p", { class: "chat-audience", id: "chat-audience", hidden: true });
  const form = h("form", { class: "chat-form", onsubmit: (event) => {
    event.preventDefault();
    const text = input.value.split(/\s+/).filter(Boolean).join(" ");
    if (!text) return;
    if (send({ type: "chat", text }) !== null) input.value = ""; // not connected: kept to send again
  } }, [input, sendButton]);
  const node = h("section", { class: "panel chat", id: "chat" }, [h("div", { class: "chat-head" }, [title, reportTable]), list, reactions, audience, form, mutedNote]);

  function toggleMute(player) {
    const muted = mutedPlayers();
    if (muted.has(player.id)) muted.delete(player.id);
    else muted.add(player.id);
    localStorage.setItem(MUTED, JSON.stringify([...muted]));
    draw();
  }

  function lineNode(line, me) {
    const who = line.seat === null ? t("chat.spectator", { name: line.player.nickname }) : line.player.nickname;
    const words = line.reaction ? h("span", { class: "chat-reaction", role: "img", "aria-label": t(`chat.reaction.${line.reaction}`) }, REACTIONS[line.reaction]) : h("span", { class: "chat-text" }, line.text);
    return h("li", { "data-id": String(line.id) }, [
      h("span", { class: "chat-who" }, who),
      " ",
      words,
      h("time", { class: "muted", datetime: line.at, title: formatDate(line.at) }, formatTime(line.at)),
      line.player.id !== me ? h("button", { type: "button", class: "link chat-mute", "data-key": `mute-${line.player.id}-${line.id}`, onclick: () => toggleMute(line.player) }, t("chat.mute")) : null,
      line.player.id !== me && report && line.text ? h("button", { type: "button", class: "link chat-report", "data-key": `report-${line.id}`, onclick: () => report(line.player, { line: line.id }) }, t("mod.report")) : null,
    ]);
  }

  function draw() {
    const me = currentPlayer()?.id;
    const muted = mutedPlayers();
    const near = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    list.replaceChildren(...lines.filter((line) => !muted.has(line.player.id)).map((line) => lineNode(line, me)));
    if (near) list.scrollTop = list.scrollHeight;
    const names = new Map(lines.filter((line) => muted.has(line.player.id)).map((line) => [line.player.id, line.player]));
    mutedNote.replaceChildren(...(names.size ? [t("chat.muted_list"), " ", ...[...names.values()].flatMap((player) => [
      h("button", { type: "button", class: "link", "data-key": `unmute-${player.id}`, onclick: () => toggleMute(player) }, t("chat.unmute", { name: player.nickname })), " ",
    ])] : []));
    title.textContent = t("chat.title");
    reportTable.hidden = !report || !people().length;
    reportTable.textContent = t("mod.report_someone");
    const apart = readers() === "spectators";
    audience.hidden = !apart;
    audience.textContent = apart ? t("chat.spectators_only") : "";
    input.setAttribute("aria-label", t(apart ? "chat.say_spectators" : "chat.say"));
    if (apart) input.setAttribute("aria-describedby", audience.id);
    else input.removeAttribute("aria-describedby");
    input.placeholder = t(apart ? "chat.placeholder_spectators" : "chat.placeholder");
    sendButton.textContent = t("chat.send");
    reactions.setAttribute("aria-label", t("chat.reactions"));
    reactions.replaceChildren(...Object.entries(REACTIONS).map(([key, emoji]) =>
      h("button", { type: "button", class: "chat-react", "data-key": `react-${key}`, "aria-label": t(`chat.reaction.${key}`), title: t(`chat.reaction.${key}`), onclick: () => send({ type: "react", reaction: key }) }, emoji)));
  }

  draw();
  return {
    node,
    /** A ``chat`` message: the history on joining (replacing what is shown), or new lines. */
    receive(message) {
      if (message.history) lines = message.lines;
      else lines = [...lines, ...message.lines.filter((line) => !lines.some((old) => old.id === line.id))];
      lines = lines.slice(-100);
      draw();
    },
    refresh: draw,
  };
}
