// Every click that creates or sends something acts once: while a request of one kind
// is in flight (a room being opened, a move on its way to the server) another of that
// kind is not sent, and every control marked with that kind is disabled, also one
// drawn again meanwhile. A kind is also held while it cannot be sent at all (the
// connection is lost).

const held = new Map(); // kind → how many holds

/** The kind of everything a table sends (a move, a hint asked, the start, a rematch). */
export const TABLE = "table";

export const isHeld = (kind) => (held.get(kind) ?? 0) > 0;

/** Hold ``kind`` until the returned function is called (once; later calls do nothing). */
export function hold(kind) {
  held.set(kind, (held.get(kind) ?? 0) + 1);
  show(kind);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.set(kind, held.get(kind) - 1);
    show(kind);
  };
}

/** Run ``task`` (which may return a promise) unless ``kind`` is held; ``kind`` is held
 *  until it has finished. Returns its result, or ``undefined`` when it did not run. */
export async function once(kind, task) {
  if (isHeld(kind)) return undefined;
  const release = hold(kind);
  try {
    return await task();
  } finally {
    release();
  }
}

/** Attributes that mark a control as acting for ``kind`` (``h(tag, {...sends(kind)})``):
 *  drawn disabled while it is held; ``off`` disables it for a reason of its own. */
export function sends(kind, off = false) {
  const busy = isHeld(kind);
  return { "data-once": kind, "data-off": off ? "" : null, disabled: off || busy, "aria-disabled": off || busy ? "true" : null };
}

/** Bring the controls of ``kind`` on the page up to date with its hold. */
function show(kind) {
  const busy = isHeld(kind);
  for (const node of document.querySelectorAll(`[data-once="${CSS.escape(kind)}"]`)) {
    const off = busy || node.hasAttribute("data-off");
    if ("disabled" in node) node.disabled = off;
    if (off) node.setAttribute("aria-disabled", "true");
    else node.removeAttribute("aria-disabled");
    if (busy) node.setAttribute("aria-busy", "true");
    else node.removeAttribute("aria-busy");
  }
}
