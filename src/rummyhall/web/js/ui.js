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

/** A player's name that may be cut short to fit (a 24-character nickname in a narrow
 *  box): the full name stays its text, title (hover) and, focused, shown whole. */
export function nameTag(name, { tag = "strong", suffix = null } = {}) {
  return h(tag, { class: "name", title: name, "data-name": name, tabindex: 0 }, [h("span", { class: "name-text" }, name), suffix ? h("span", { class: "name-suffix" }, suffix) : null]);
}
