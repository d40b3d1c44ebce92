// A hint's reason in words: the medium bot says why it chose its move (server/rooms/advice.py
// `hint`: `{"kind", …facts}`), and the catalogue's `reason.<game>.<kind>` puts it in words.

import { cardLabel, tileWords } from "./cards.js";
import { t } from "./i18n.js";

/** The sentence for ``reason`` in ``game`` (empty without one): cards as "5♣", tiles in
 *  words ("red 7"), a take that allows a knock says so. */
export function reasonText(game, reason) {
  if (!reason) return "";
  const { kind, ...facts } = reason;
  const values = { ...facts };
  for (const key of ["card", "throw"]) if (facts[key]) values[key] = cardLabel(facts[key]);
  if (facts.meld) values.meld = facts.meld.map(cardLabel).join(" ");
  if (facts.tiles) {
    values.tiles = facts.tiles.map(tileWords).join(", ");
    values.n = facts.tiles.length;
  }
  const text = t(`reason.${game}.${kind === "stock" && !facts.card ? "stock_blind" : kind}`, values);
  return facts.knock ? `${text} ${t("reason.gin.then_knock")}` : text;
}
