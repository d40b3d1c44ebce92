// Who is here (GET /api/presence): how many players are online, and on each game's card
// how many of its games are in play and how many people play them. Counts only, for
// guests and accounts alike; read with the lobby's other lists and drawn in place. While
// the server cannot reach the site's other processes (Redis), its figures are its own
// (``partial``) and say "at least".

import { t } from "./i18n.js";
import { api } from "./net.js";
import { h } from "./ui.js";

/** The lobby's presence figures: ``line()`` (players online) and ``game(name)`` (that
 *  game's card line), each drawn from the last figures read; ``refresh()`` reads them
 *  again and redraws what the page shows. */
export function presenceFigures() {
  let counts = null;

  function line() {
    return h("p", { class: "muted presence-line", id: "who-is-here", hidden: !counts }, counts ? t(key("presence.online"), { n: counts.online }) : "");
  }

  function game(name) {
    const figures = counts?.games?.[name] || { matches: 0, players: 0 };
    return h("p", { class: "presence-game", "data-presence": name, hidden: !counts },
      counts ? t(key("presence.game"), { n: figures.matches, players: figures.players }) : "");
  }

  /** The figures' text: "at least" while the server counts its own players and games
   *  only (``partial``: the site's other servers out of its reach). */
  function key(name) {
    return counts.partial ? `${name}.partial` : name;
  }

  async function refresh() {
    try {
      counts = await api("/api/presence");
    } catch {
      return; // the next poll tries again
    }
    document.getElementById("who-is-here")?.replaceWith(line());
    for (const node of document.querySelectorAll("[data-presence]")) node.replaceWith(game(node.dataset.presence));
  }

  return { line, game, refresh };
}
