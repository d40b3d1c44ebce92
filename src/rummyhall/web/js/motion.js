// Cards and tiles that a state message brings move in briefly (a drawn card rises into
// the hand, a discard lands on the pile, a played set settles on the table): the class
// `arrive` on them for the one render after the message (style.css animates it, and
// not at all when the system asks for reduced motion).

/** What each kind of move brought, as selectors of the table just rendered. */
const ARRIVING = {
  draw: [".hand .card.fresh"],
  discard: ["#discard .pile-cards > .card:last-child"],
  knock: ["#discard .pile-cards > .card:last-child"],
  declare: ["#discard .pile-cards > .card:last-child"],
  play: [],
};

function setKey(tiles) {
  return [...tiles].sort().join(" ");
}

/** Mark what ``events`` brought onto the table in ``root`` (``before``: the previous
 *  state, whose Rummikub table tells the new sets from the old). */
export function markArrivals(root, events, before) {
  const selectors = new Set(events.flatMap((event) => ARRIVING[event.type] || []));
  for (const selector of selectors) for (const node of root.querySelectorAll(selector)) node.classList.add("arrive");
  if (events.some((event) => event.type === "play") && before?.view.table) {
    const old = new Set(before.view.table.map(setKey));
    for (const node of root.querySelectorAll("#rkb-table .set[data-set]")) {
      const tiles = [...node.querySelectorAll(".tile")].map((tile) => tile.dataset.tile);
      if (!old.has(setKey(tiles))) node.classList.add("arrive");
    }
  }
}
