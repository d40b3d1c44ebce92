// A tiny DOM builder: h("div", {class: "x", onclick: f}, [children]).

export function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "checked" || key === "selected" || key === "disabled" || key === "value") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Make a clickable element reachable by keyboard: focusable, Enter or Space clicks. */
export function pressable(node) {
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      node.click();
    }
  });
  return node;
}

const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab on a modal dialog's last control (Shift+Tab on its first) goes round to its first
 *  (last): the page behind is inert, but Chromium would let focus leave for its toolbar. */
function wrapTab(dialog, event) {
  const items = [...dialog.querySelectorAll(TABBABLE)];
  const edge = event.shiftKey ? items[0] : items[items.length - 1];
  if (document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? items[items.length - 1] : items[0]).focus();
}

/** A modal dialog over the page: the browser's own ``<dialog>`` opened with showModal(),
 *  so the platform makes the page behind inert (Tab only reaches the dialog), closes it
 *  on Escape (and, ``closedBy: "any"``, on a click beside it) and gives focus back.
 *  Labelled by its title; an ``autofocus`` element in ``body`` takes the first focus.
 *  Returns ``{ node, close }``; ``onClose`` runs once, after the dialog has gone. */
export function modal({ id, title, body, kind = "small", closedBy = "closerequest", onClose = () => {} }) {
  const heading = h("h2", { id: `${id}-title` }, title);
  const dialog = h("dialog", { class: `modal ${kind}`, id, closedby: closedBy, "aria-labelledby": heading.id }, [heading, ...[].concat(body)]);
  dialog.addEventListener("keydown", (event) => event.key === "Tab" && wrapTab(dialog, event));
  const opener = document.activeElement;
  let open = true;
  const gone = () => {
    if (!open) return;
    open = false;
    dialog.remove();
    // The page may have been drawn again behind the dialog (a list refreshed): the
    // browser then gives focus back to a button no longer there; give it to its successor.
    if (opener?.id && !opener.isConnected) document.getElementById(opener.id)?.focus();
    onClose();
  };
  dialog.addEventListener("close", gone); // Escape or a click beside it: a task later
  document.body.append(dialog);
  dialog.showModal();
  dialog.scrollTop = 0; // focusing a button low in a tall dialog scrolled its title away
  return { node: dialog, close: () => { dialog.close(); gone(); } };
}

/** A page-sized notice where a page could not be shown: what happened, what to do
 *  (``text``) and the ways on (``actions``: buttons or links). */
export function notice({ id, title, text, actions }) {
  return h("div", { class: "panel notice", id, role: "alert" }, [
    h("h2", {}, title),
    text ? h("p", {}, text) : null,
    h("div", { class: "notice-actions" }, actions),
  ]);
}

/** A player's name that may be cut short to fit (a 24-character nickname in a narrow
 *  box): the full name stays its text, title (hover) and, focused, shown whole. */
export function nameTag(name, { tag = "strong", suffix = null } = {}) {
  return h(tag, { class: "name", title: name, "data-name": name, tabindex: 0 }, [h("span", { class: "name-text" }, name), suffix ? h("span", { class: "name-suffix" }, suffix) : null]);
}

/** A table's page: what is above the felt (header, clock) and the felt fit the screen,
 *  so the player's hand and buttons are in view without scrolling; the side panel
 *  (score sheet, moves) stands beside them, or below on a narrow screen. */
export function tableLayout(top, felt, side) {
  return h("div", { class: "card-table" }, [h("div", { class: "table-fit" }, [...top, felt]), side]);
}
