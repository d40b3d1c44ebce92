// The rules page of each game, in the chosen language (Markdown shipped with the
// package: English from docs/rulebook.md, Chinese from the seed pages, rendered by the server);
// the games are those /api/info lists.

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
    } catch (error) {
      toast(error.message, "error");
    }
  }
  render();
  return { refresh: render };
}
