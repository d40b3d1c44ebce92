"""One glossary for each game's terms (js/glossary.js): every string of the table, the
results and the profile that names a term says it in both languages, the rules pages
say it too (the Chinese Indian page called a drop 退出 and the profile 弃牌, where the
table says 弃权), and the rules page lists the terms."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.server.harness import Server
from tests.web.conftest import PHONE

SAID = """async () => {
  const { GLOSSARY } = await import("/js/glossary.js");
  const { getLocale, setLocale, t } = await import("/js/i18n.js");
  const was = getLocale();
  const said = {};
  for (const locale of ["en", "zh"]) {
    setLocale(locale, false);
    for (const terms of Object.values(GLOSSARY))
      for (const term of terms)
        for (const key of term.keys) said[`${locale}:${key}`] = t(key);
  }
  setLocale(was, false);
  return { glossary: GLOSSARY, said };
}"""


def held(text: str, term: str, locale: str) -> bool:
    """Whether ``text`` says ``term``: Chinese as written, English in any case and
    inflected ("declare" in "declared", "Declarations")."""
    if locale == "zh":
        return term in text
    return re.search(rf"\b{re.escape(term.lower().removesuffix('e'))}", text.lower()) is not None


def rules_text(server: Server, game: str, locale: str) -> str:
    html = server.http().get(f"/api/rules/{game}", params={"locale": locale}).json()["html"]
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_each_term_is_said_alike_by_the_table_results_profile_and_rules(
    server: Server, new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto("/")
    found: dict[str, Any] = page.evaluate(SAID)
    wrong = []
    for game, terms in found["glossary"].items():
        pages = {locale: rules_text(server, game, locale) for locale in ("en", "zh")}
        for term in terms:
            for locale in ("en", "zh"):
                word = term[locale]
                for key in term["keys"]:
                    text = found["said"][f"{locale}:{key}"]
                    assert text != key, f"{key} is not in the catalogue"
                    if not held(text, word, locale):
                        wrong.append(f"{key} ({locale}) {text!r} does not say {word!r}")
                if not held(pages[locale], word, locale):
                    wrong.append(f"the {locale} rules of {game} do not say {word!r}")
            for avoided in term.get("avoid", []):
                if avoided in pages["zh"]:
                    wrong.append(f"the zh rules of {game} say {avoided!r} for {term['zh']!r}")
                for key in term["keys"]:
                    if avoided in found["said"][f"zh:{key}"]:
                        wrong.append(f"{key} says {avoided!r} for {term['zh']!r}")
    assert not wrong, "\n".join(wrong)


def test_the_chinese_indian_rules_say_what_the_game_offers(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """2–6 players and the three formats, as the English page and the rulebook say
    (IND-1, IND-14); the page ends with the game's terms in both languages."""
    zh = rules_text(server, "indian", "zh")
    assert "2 至 6 人" in zh and "2 人 · 各自为战" not in zh
    assert "只提供" not in zh and "单局 Points Rummy" not in zh
    page = new_page(PHONE, locale="zh-CN")
    page.goto("/?rules=indian")
    expect(page.locator("#rules")).to_contain_text("101/201 淘汰")
    glossary = page.locator("#glossary")
    expect(glossary.locator("dt", has_text="弃权")).to_be_visible()
    expect(glossary.locator("dt", has_text="弃权").locator("+ dd")).to_have_text("drop")
    whole = shot(page, "rules-indian-zh")
    glossary.screenshot(path=str(whole.with_name(f"{whole.stem}-terms.png")))
