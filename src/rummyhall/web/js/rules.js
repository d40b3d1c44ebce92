// The rules page of each game, in the chosen language (Markdown shipped with the
// package: English from docs/rulebook.md, Chinese from the seed pages, rendered by the server).

import { getLocale, t } from "./i18n.js";
import { api } from "./net.js";
import { h } from "./ui.js";

const GAMES = ["gin", "indian", "rummikub"];

export function showRules({ main, toast }, game) {
  async function render() {
    const tabs = h("nav", { class: "segmented rules-tabs" }, GAMES.map((g) =>
      h("a", { href: `/?rules=${g}`, "data-nav": "", class: `button${g === game ? " active" : ""}` }, t(`game.${g}`))));
    const article = h("article", { class: "rules panel", id: "rules" }, h("p", { class: "muted" }, t("common.loading")));
    main.replaceChildren(h("div", { class: "rules-page" }, [tabs, article]));
    try {
      const page = await api(`/api/rules/${GAMES.includes(game) ? game : "gin"}?locale=${getLocale()}`);
      article.innerHTML = page.html;
    } catch (error) {
      toast(error.message, "error");
    }
  }
  render();
  return { refresh: render };
}
