// Card and tile faces drawn as SVG (crisp at any size), from the notation of docs/rulebook.md:
// cards "7H", "TD", "JK"; tiles "R7", "K13", "*". Each face is also named in words
// (its accessible name, and the hints' text): "seven of hearts", "red 7", "joker".

import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const TILE_COLOURS = { R: "#c8202f", B: "#1f5fbf", K: "#1b1b1b", O: "#d9730d" };

let fourColours = localStorage.getItem("rummyhall.fourColours") === "1";

export function setFourColours(on) {
  fourColours = on;
  localStorage.setItem("rummyhall.fourColours", on ? "1" : "0");
}

export function usesFourColours() {
  return fourColours;
}

function suitColour(suit) {
  if (fourColours) return { S: "#1b1b1b", H: "#c8202f", D: "#1f5fbf", C: "#19803d" }[suit];
  return suit === "H" || suit === "D" ? "#c8202f" : "#1b1b1b";
}

/** "TH" → "10♥", "JK" → "🃏"-free "Joker" label, for text and buttons. */
export function cardLabel(card) {
  if (card === "JK") return "JK★";
  return (RANKS[card[0]] || card[0]) + SUITS[card[1]];
}

/** "7H" → "seven of hearts" (zh "红桃7"), "JK" → "joker": a card read out. */
export function cardWords(card) {
  if (card === "JK") return t("words.joker");
  return t("words.card", { rank: t(`words.rank.${card[0]}`), suit: t(`words.suit.${card[1]}`) });
}

/** "R7" → "red 7" (zh "红色7"), "*" → "joker": a tile read out. */
export function tileWords(tile) {
  if (tile === "*") return t("words.joker");
  return t("words.tile", { colour: t(`words.colour.${tile[0]}`), n: tile.slice(1) });
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function svgRoot(width, height, className) {
  return el("svg", { viewBox: `0 0 ${width} ${height}`, class: className, role: "img" });
}

/** A face down: nothing to read out (the count beside it says how many). */
function hiddenRoot(width, height, className) {
  return el("svg", { viewBox: `0 0 ${width} ${height}`, class: className, "aria-hidden": "true" });
}

/** A card face; ``wild`` marks an Indian Rummy joker (cut or printed). */
export function cardSVG(card, { wild = false } = {}) {
  const svg = svgRoot(60, 84, "face");
  svg.setAttribute("aria-label", cardWords(card));
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5.5, class: "card-bg" }));
  if (card === "JK") {
    svg.append(el("text", { x: 6, y: 17, class: "card-rank joker-text" }, "J"));
    svg.append(el("text", { x: 6, y: 30, class: "card-rank joker-text" }, "K"));
    const star = el("path", {
      d: "M30 26l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z",
      fill: "#7b3fbf",
    });
    svg.append(star, el("text", { x: 30, y: 74, "text-anchor": "middle", class: "card-small joker-text" }, "JOKER"));
  } else {
    const rank = RANKS[card[0]] || card[0];
    const suit = card[1];
    const colour = suitColour(suit);
    svg.append(el("text", { x: 5, y: 19, fill: colour, class: "card-rank" + (rank === "10" ? " ten" : "") }, rank));
    svg.append(el("text", { x: 6.5, y: 33, fill: colour, class: "card-suit" }, SUITS[suit]));
    const rotated = el("g", { transform: "rotate(180 30 42)" });
    rotated.append(el("text", { x: 5, y: 19, fill: colour, class: "card-rank" + (rank === "10" ? " ten" : "") }, rank));
    svg.append(rotated);
    if ("JQK".includes(card[0])) {
      svg.append(el("rect", { x: 17, y: 20, width: 26, height: 44, rx: 3, fill: "none", stroke: colour, "stroke-width": 1.2, opacity: 0.6 }));
      svg.append(el("text", { x: 30, y: 47, "text-anchor": "middle", fill: colour, class: "card-court" }, rank));
      svg.append(el("text", { x: 30, y: 60, "text-anchor": "middle", fill: colour, class: "card-suit" }, SUITS[suit]));
    } else {
      svg.append(el("text", { x: 32, y: 56, "text-anchor": "middle", fill: colour, class: "card-pip" }, SUITS[suit]));
    }
  }
  if (wild) {
    svg.append(el("circle", { cx: 11, cy: 45, r: 7, fill: "#7b3fbf" }));
    svg.append(el("text", { x: 11, y: 48.5, "text-anchor": "middle", class: "wild-mark" }, "★"));
  }
  return svg;
}

export function cardBackSVG() {
  const svg = hiddenRoot(60, 84, "face back");
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5.5, fill: "#fff", stroke: "#b9b3a3" }));
  svg.append(el("rect", { x: 4, y: 4, width: 52, height: 76, rx: 3.5, class: "back-fill" }));
  svg.append(el("path", { d: "M30 18l12 24-12 24-12-24z", fill: "none", stroke: "rgba(255,255,255,.55)", "stroke-width": 2 }));
  svg.append(el("circle", { cx: 30, cy: 42, r: 5, fill: "rgba(255,255,255,.55)" }));
  return svg;
}

/** A Rummikub tile face. */
export function tileSVG(tile) {
  const svg = svgRoot(44, 60, "face tile");
  svg.setAttribute("aria-label", tileWords(tile));
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 42.5, height: 58.5, rx: 5, class: "tile-bg" }));
  if (tile === "*") {
    svg.append(el("circle", { cx: 22, cy: 26, r: 13, fill: "none", stroke: "#c8202f", "stroke-width": 2.5 }));
    svg.append(el("circle", { cx: 17, cy: 22, r: 2, fill: "#1b1b1b" }));
    svg.append(el("circle", { cx: 27, cy: 22, r: 2, fill: "#1b1b1b" }));
    svg.append(el("path", { d: "M15 29q7 7 14 0", fill: "none", stroke: "#1b1b1b", "stroke-width": 2.2, "stroke-linecap": "round" }));
  } else {
    const colour = TILE_COLOURS[tile[0]];
    svg.append(el("text", { x: 22, y: 33, "text-anchor": "middle", fill: colour, class: "tile-number" }, tile.slice(1)));
  }
  svg.append(el("circle", { cx: 22, cy: 48, r: 4, fill: "none", stroke: tile === "*" ? "#1b1b1b" : TILE_COLOURS[tile[0]], "stroke-width": 1.5, opacity: 0.7 }));
  return svg;
}

export function tileBackSVG() {
  const svg = hiddenRoot(44, 60, "face tile back");
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 42.5, height: 58.5, rx: 5, fill: "#e9dfc4", stroke: "#b9a87c" }));
  return svg;
}

/** Card points for Gin deadwood and Indian penalties are the server's; this is only
 *  for ordering a hand: rank index A=1 … K=13. */
export function rankIndex(card) {
  return "A23456789TJQK".indexOf(card[0]) + 1;
}

export function suitIndex(card) {
  return "SHDC".indexOf(card[1]);
}
