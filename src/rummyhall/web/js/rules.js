// The rules page of each game, in the chosen language (Markdown shipped with the
// package: English from docs/rulebook.md, Chinese from the seed pages, rendered by the server);
// the games are those /api/info lists.

import { cardSVG, cardWords, tileSVG, tileWords } from "./cards.js";
import { GLOSSARY } from "./glossary.js";
import { getLocale, t } from "./i18n.js";
import { api } from "./net.js";
import { h } from "./ui.js";

export function showRules({ main, toast }, game) {
  let games = null;

  async function render() {
    const tabs = h("nav", { class: "segmented rules-tabs" });
    const article = h("article", { class: "rules panel", id: "rules" }, h("p", { class: "muted" }, t("common.loading")));
    main.replaceChildren(h("div", { class: "rules-page" }, [tabs, article]));
    try {
      games = games || (await api("/api/info")).games.map((entry) => entry.game);
      const shown = games.includes(game) ? game : games[0];
      tabs.replaceChildren(...games.map((g) =>
        h("a", { href: `/?rules=${g}`, "data-nav": "", class: `button${g === shown ? " active" : ""}` }, t(`game.${g}`))));
      const page = await api(`/api/rules/${shown}?locale=${getLocale()}`);
      article.innerHTML = page.html;
      drawExamples(article);
      article.append(terms(shown));
    } catch (error) {
      toast(error.message, "error");
    }
  }
  render();
  return { refresh: render };
}

/** The game's glossary: each term in the reader's language, the other language's
 *  beside it (a player who switches finds the same thing under its other name). */
function terms(game) {
  const [mine, other] = getLocale() === "zh" ? ["zh", "en"] : ["en", "zh"];
  return h("section", { class: "glossary", id: "glossary" }, [
    h("h2", {}, t("rules.terms")),
    h("p", { class: "muted" }, t("rules.terms_about")),
    h("dl", {}, (GLOSSARY[game] ?? []).flatMap((term) => [h("dt", { lang: mine === "zh" ? "zh-CN" : "en" }, term[mine]), h("dd", { lang: other === "zh" ? "zh-CN" : "en" }, term[other])])),
  ]);
}

/** An example in the rules' Markdown: `cards 5H 6H 7H 8H wild=7` or `tiles B9 * B11`,
 *  groups split by "|", "refused" for what the rules refuse. */
const EXAMPLE = /^(cards|tiles)((?: (?:[A-Z0-9*]{1,3}|\|))+?)(?: wild=([A2-9TJQK]))?( refused)?$/;

/** Draw the rules' examples as cards and tiles (each read out in words), a refused
 *  one crossed out and said to be refused. */
function drawExamples(root) {
  for (const code of root.querySelectorAll("code")) {
    const found = EXAMPLE.exec(code.textContent.trim());
    if (!found) continue;
    const [, kind, faces, wildRank, refused] = found;
    const wild = (card) => card === "JK" || card[0] === wildRank;
    const face = kind === "cards" ? (card) => cardSVG(card, { wild: Boolean(wildRank) && wild(card) }) : tileSVG;
    const words = kind === "cards" ? cardWords : tileWords;
    const groups = faces.trim().split(" | ").map((group) => group.split(" "));
    const label = groups.map((group) => group.map(words).join(", ")).join("; ");
    code.replaceWith(h("span", { class: `example${refused ? " refused" : ""}`, role: "img", "aria-label": refused ? `${label} (${t("rules.refused")})` : label }, [
      ...groups.map((group) => h("span", { class: "example-group" }, group.map((name) => h("span", { class: kind === "cards" ? "card" : "tile" }, face(name))))),
      refused ? h("span", { class: "example-mark", "aria-hidden": "true" }, "✗") : null,
    ]));
  }
}
