"""Blocked words in chat: masked with asterisks, never refused (the message still goes
out, so nobody learns to spell around a refusal by trial).

The operator's list (``serve --blocked-words FILE``) is a text file of one word or
phrase a line under a ``[language]`` heading (``[en]``, ``[zh]``…; ``#`` starts a
comment). Every list applies to every message: a chat line says nothing of its
language. A word matches whatever its case or width (NFKC, then case folded: ``ＩＤＩＯＴ``
is ``idiot``) and only as a whole word: not inside a longer one (``Scunthorpe`` stays),
where the edge of the word is a letter or digit of a script that writes spaces between
words. In scripts without spaces (Chinese, Japanese, Thai…) there are no word edges to
see, so a word of those letters matches wherever it stands.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from pathlib import Path

import regex

NO_SPACES = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
"""Scripts written without spaces between words."""
_UNSPACED = regex.compile(f"[{NO_SPACES}]")
_WORD_EDGE = f"[\\w--[{NO_SPACES}]]"
"""A character that would make a match part of a longer word."""


def fold(text: str) -> tuple[str, list[int]]:
    """``text`` compared as the list is (NFKC, case folded), and for each of its
    characters the index of the character of ``text`` it came from.

    >>> fold("ＡＢ")
    ('ab', [0, 1])
    """
    folded: list[str] = []
    origins: list[int] = []
    for index, ch in enumerate(text):
        for part in unicodedata.normalize("NFKC", ch).casefold():
            folded.append(part)
            origins.append(index)
    return "".join(folded), origins


def parse(text: str, source: str = "blocked words") -> dict[str, list[str]]:
    """The lists of a blocked-words file, by language; a ``ValueError`` naming the line
    of a word before any ``[language]`` heading or of a bad heading.

    >>> parse("# rude\\n[en]\\nidiot\\n[zh]\\n笨蛋\\n")
    {'en': ['idiot'], 'zh': ['笨蛋']}
    """
    lists: dict[str, list[str]] = {}
    language: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            name = line[1:-1].strip()
            if not line.endswith("]") or not regex.fullmatch(
                r"[A-Za-z]{2,8}(-[A-Za-z0-9]+)*", name
            ):
                raise ValueError(f"{source}, line {number}: a heading is [LANGUAGE], e.g. [en]")
            language = name.lower()
            lists.setdefault(language, [])
        elif language is None:
            raise ValueError(f"{source}, line {number}: a word before any [LANGUAGE] heading")
        else:
            lists[language].append(" ".join(line.split()))
    return lists


class BlockedWords:
    """Masks the words of the lists in a chat message."""

    def __init__(self, words: Iterable[str]) -> None:
        folded = sorted({fold(word)[0] for word in words if word.strip()}, key=len, reverse=True)
        self.count = len(folded)
        self._pattern = (
            regex.compile("|".join(_pattern(word) for word in folded), regex.V1) if folded else None
        )

    @classmethod
    def load(cls, path: str | None) -> BlockedWords:
        """The lists of file ``path`` (none: nothing is masked); a ``ValueError`` saying
        what is wrong with the file."""
        if path is None:
            return cls([])
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"cannot read {path}: {error}") from None
        return cls(word for words in parse(text, path).values() for word in words)

    def mask(self, text: str) -> str:
        """``text`` with each blocked word's letters replaced by asterisks (its spaces
        kept), one asterisk a character.

        >>> BlockedWords(["idiot", "笨蛋"]).mask("You ＩＤＩＯＴ, idiots! 你这个笨蛋")
        'You *****, idiots! 你这个**'
        """
        if self._pattern is None:
            return text
        text = unicodedata.normalize("NFC", text)
        folded, origins = fold(text)
        hidden: set[int] = set()
        for found in self._pattern.finditer(folded):
            start, end = origins[found.start()], origins[found.end() - 1]
            hidden.update(range(start, end + 1))
        if not hidden:
            return text
        return "".join(
            "*" if index in hidden and not ch.isspace() else ch for index, ch in enumerate(text)
        )


def _pattern(word: str) -> str:
    """``word`` as a pattern: spaces inside it match any run of spaces, and an edge in a
    script that writes spaces must not touch another letter of such a script."""
    body = r"\s+".join(regex.escape(part) for part in word.split())
    before = "" if _UNSPACED.match(word[0]) else f"(?<!{_WORD_EDGE})"
    after = "" if _UNSPACED.match(word[-1]) else f"(?!{_WORD_EDGE})"
    return f"{before}{body}{after}"
