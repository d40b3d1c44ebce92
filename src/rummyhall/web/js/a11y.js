// What a keyboard or screen-reader player needs beyond the buttons: focus that survives a
// re-render (the page rebuilds the table after every click and message), and a live
// region that reads out the opponents' moves and whose turn it is.

import { cardWords } from "./cards.js";
import { t } from "./i18n.js";
import { describeMove } from "./results.js";

/** Attributes naming an element the same way from one render to the next, most
 *  specific first (a card's key, a tile's id, a button's action). */
const STABLE = ["data-key", "data-id", "data-action", "data-sort", "data-set", "id"];
/** The events that are a player's move (others end a hand or start a deal). */
const MOVES = new Set(["draw", "discard", "pass", "knock", "declare", "drop", "play"]);

/** A selector finding the focused element of ``root`` again after a re-render, or null. */
export function focusedSelector(root) {
  const focused = document.activeElement;
  if (!focused || focused === root || !root.contains(focused)) return null;
  const attribute = STABLE.find((name) => focused.hasAttribute(name));
  return attribute ? `[${attribute}="${CSS.escape(focused.getAttribute(attribute))}"]` : null;
}

/** Focus the element ``selector`` names again (the one focused before the render). */
export function restoreFocus(root, selector) {
  if (selector) root.querySelector(selector)?.focus({ preventScroll: true });
}

function announcer() {
  let region = document.getElementById("announcer");
  if (!region) {
    region = Object.assign(document.createElement("div"), { id: "announcer", className: "sr-only" });
    region.setAttribute("aria-live", "polite");
    region.setAttribute("role", "status");
    document.body.append(region);
  }
  return region;
}

/** Read out what a state message brings: the others' moves (cards in words), then whose
 *  turn it is when it changed or someone moved. ``before``: the previous state. */
export function announceState(you, before, message, name) {
  const said = message.events
    .filter((event) => MOVES.has(event.type) && Number.isInteger(event.seat) && event.seat !== you)
    .map((event) => describeMove(event, name, cardWords));
  const mover = message.current_player;
  const changed = !before || before.current_player !== mover;
  if (Number.isInteger(mover) && (said.length || changed)) said.push(mover === you ? t("turn.yours") : t("turn.theirs", { name: name(mover) }));
  if (said.length) announcer().textContent = said.join(t("a11y.join"));
}
