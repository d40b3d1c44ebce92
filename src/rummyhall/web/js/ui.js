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

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** A modal dialog over the page: labelled by its title, Tab and Shift+Tab stay inside,
 *  Escape or a click beside it closes it, and focus returns where it was. Returns
 *  ``{ node, close }``; ``onClose`` runs once, after the dialog has gone. */
export function modal({ id, title, body, onClose = () => {} }) {
  const opener = document.activeElement;
  const heading = h("h2", { id: `${id}-title` }, title);
  const box = h("div", { class: "modal small", id, role: "dialog", "aria-modal": "true", "aria-labelledby": heading.id }, [heading, ...[].concat(body)]);
  const backdrop = h("div", { class: "modal-backdrop" }, box);
  let open = true;
  function close() {
    if (!open) return;
    open = false;
    backdrop.remove();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    onClose();
  }
  backdrop.addEventListener("mousedown", (event) => event.target === backdrop && close());
  backdrop.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      const items = [...box.querySelectorAll(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  document.body.append(backdrop);
  box.querySelector(FOCUSABLE)?.focus();
  return { node: box, close };
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
