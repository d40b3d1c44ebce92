// The player's hand as groups of cards, kept in the browser (the server only knows the
// cards): auto-sort by suit, by rank or into the solver's best melds, drag to reorder
// and to group, tap to select. Saved per room so a reload keeps the order.

import { cardSVG, rankIndex, suitIndex } from "./cards.js";
import { t } from "./i18n.js";
import { h, pressable } from "./ui.js";

const face = (key) => key.split("#")[0];

export class Hand {
  constructor(storageKey) {
    this.storageKey = storageKey;
    const saved = JSON.parse(sessionStorage.getItem(storageKey) || "{}");
    this.groups = saved.groups || [];
    this.loose = Boolean(saved.loose);
    this.fresh = new Set();
    this.selected = new Set();
    this.state = null; // the state message this hand was last shown with
    this.declared = false; // laid out as the deal's declaration once (the table's)
  }

  save() {
    sessionStorage.setItem(this.storageKey, JSON.stringify({ groups: this.groups, loose: this.loose }));
  }

  /** Keep the player's order and groups for the cards still held. Each physical card
   *  keeps its key: when one of two twins (two-deck games) leaves, the selected one is
   *  the one thrown, and a card leaving clears the selection. New cards are marked
   *  fresh and go to the trailing unsorted group (made when the last group is one the
   *  player arranged). */
  sync(cards) {
    const wanted = new Map();
    for (const card of cards) wanted.set(card, (wanted.get(card) || 0) + 1);
    const before = this.groups.flat();
    const kept = new Set();
    for (const [card, n] of wanted) {
      const twins = before.filter((key) => face(key) === card);
      const thrownLast = [...twins.filter((key) => !this.selected.has(key)), ...twins.filter((key) => this.selected.has(key))];
      for (const key of thrownLast.slice(0, n)) kept.add(key);
    }
    const fresh = []; // the new cards, in the order the server lists them
    const seen = new Map();
    for (const card of cards) {
      const nth = seen.get(card) || 0;
      seen.set(card, nth + 1);
      if (nth < [...kept].filter((key) => face(key) === card).length) continue;
      let index = 0;
      while (kept.has(`${card}#${index}`) || fresh.includes(`${card}#${index}`)) index++;
      fresh.push(`${card}#${index}`);
    }
    if (before.some((key) => !kept.has(key))) { // a card went out: its marks go with it
      this.fresh.clear();
      this.selected.clear();
    }
    this.groups = this.groups.map((group) => group.filter((key) => kept.has(key))).filter((group) => group.length);
    if (fresh.length === cards.length) {
      this.groups = fresh.length ? [fresh] : [];
      this.loose = true;
    } else if (fresh.length && this.loose && this.groups.length) this.groups[this.groups.length - 1].push(...fresh);
    else if (fresh.length) {
      this.groups.push(fresh);
      this.loose = true;
    }
    if (fresh.length && fresh.length < cards.length) this.fresh = new Set(fresh);
    this.save();
  }

  sort(kind, arrangement) {
    const keys = this.groups.flat();
    const bySuit = (a, b) => suitIndex(face(a)) - suitIndex(face(b)) || rankIndex(face(a)) - rankIndex(face(b));
    if (kind === "suit") {
      const suits = new Map();
      for (const key of keys.sort(bySuit)) {
        const suit = face(key) === "JK" ? "J" : face(key)[1];
        suits.set(suit, [...(suits.get(suit) || []), key]);
      }
      this.groups = [...suits.values()];
    } else if (kind === "rank") {
      this.groups = [keys.sort((a, b) => rankIndex(face(a)) - rankIndex(face(b)) || suitIndex(face(a)) - suitIndex(face(b)))];
    } else if (kind === "melds" && arrangement) {
      const pool = [...keys];
      const take = (card) => pool.splice(pool.findIndex((key) => face(key) === card), 1)[0];
      const melds = arrangement.melds.map((meld) => (meld.cards || meld).map(take));
      this.groups = [...melds, pool].filter((group) => group.length);
    }
    this.loose = kind === "melds";
    this.fresh.clear();
    this.save();
  }

  toggle(key) {
    if (this.selected.has(key)) this.selected.delete(key);
    else this.selected.add(key);
  }

  /** The one selected card's face, or null. */
  single() {
    return this.selected.size === 1 ? face([...this.selected][0]) : null;
  }

  groupSelected() {
    const chosen = this.groups.flat().filter((key) => this.selected.has(key));
    this.groups = this.groups.map((group) => group.filter((key) => !this.selected.has(key))).filter((g) => g.length);
    this.groups.push(chosen);
    this.selected.clear();
    this.loose = false;
    this.save();
  }

  /** Move ``key`` before ``target`` (a key), or to the end of group ``index`` (a new group
   *  when index equals the number of groups). */
  move(key, { before, index }) {
    if (key === before) return;
    this.groups = this.groups.map((group) => group.filter((k) => k !== key));
    if (before) {
      const group = this.groups.find((g) => g.includes(before));
      group.splice(group.indexOf(before), 0, key);
    } else if (index >= this.groups.length) this.groups.push([key]);
    else this.groups[index].push(key);
    this.groups = this.groups.filter((g) => g.length);
    this.save();
  }

  faces() {
    return this.groups.map((group) => group.map(face));
  }
}

/** The hand's element: groups (each with an optional label from ``label(faces)``),
 *  cards that toggle selection, and drag-and-drop between positions and groups. */
export function renderHand(hand, { onChange, label = () => null, wild = () => false, marked = () => null }) {
  let dragged = null;
  const drop = (target) => (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (dragged) hand.move(dragged, target);
    dragged = null;
    onChange();
  };
  const allow = (event) => event.preventDefault();
  const groups = hand.groups.map((group, index) => {
    const faces = group.map(face);
    const tag = label(faces);
    return h("div", { class: `hand-group ${tag ? tag.kind : ""}`, ondragover: allow, ondrop: drop({ index }) }, [
      tag ? h("div", { class: `group-label ${tag.kind}` }, tag.text) : null,
      h("div", { class: "group-cards" }, group.map((key) => {
        const card = face(key);
        const note = marked(card);
        return pressable(h("div", {
          class: `card${hand.selected.has(key) ? " selected" : ""}${hand.fresh.has(key) ? " fresh" : ""}${note ? ` ${note}` : ""}`,
          "data-card": card,
          "data-key": key,
          "aria-pressed": String(hand.selected.has(key)),
          draggable: "true",
          ondragstart: (event) => { dragged = key; event.dataTransfer.effectAllowed = "move"; event.dataTransfer.setData("text/plain", key); },
          ondragover: allow,
          ondrop: drop({ before: key }),
          onclick: () => { hand.toggle(key); onChange(); },
        }, cardSVG(card, { wild: wild(card) })));
      })),
    ]);
  });
  groups.push(h("div", { class: "hand-group new-group", ondragover: allow, ondrop: drop({ index: hand.groups.length }), title: t("hand.group") }, "+"));
  return h("div", { class: "hand" }, groups);
}
