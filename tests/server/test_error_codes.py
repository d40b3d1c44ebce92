"""The error codes are one list (``rummyhall/server/wire/errors.py``): every code has its
texts in both languages, ``docs/protocol.md`` shows them as they are there, and the web
client asks only about codes that exist.

``python -m tests.server.test_error_codes`` writes the table into ``docs/protocol.md``.
"""

from __future__ import annotations

import re
import string
import typing
from pathlib import Path

from rummyhall.server.wire.errors import ERRORS, ErrorCode

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = ROOT / "docs" / "protocol.md"
WEB = ROOT / "src" / "rummyhall" / "web" / "js"
BEGIN = "<!-- error codes: made from rummyhall/server/wire/errors.py -->\n"
END = "<!-- end of error codes -->\n"


def error_table() -> str:
    """The Markdown table of the codes, in their order (an HTTP status of 400 left blank)."""
    rows = [
        f"| `{code}` | {'' if refusal.http == 400 else refusal.http} | {refusal.when} "
        f"| {refusal.english} |"
        for code, refusal in ERRORS.items()
    ]
    return "\n".join(["| code | HTTP | when | message |", "| --- | --- | --- | --- |", *rows, ""])


def between_markers(text: str) -> slice:
    return slice(text.index(BEGIN) + len(BEGIN), text.index(END))


def test_every_code_has_its_texts_in_the_same_order() -> None:
    assert tuple(ERRORS) == typing.get_args(ErrorCode)


def test_both_languages_fill_the_same_fields() -> None:
    fields = string.Formatter()
    for code, refusal in ERRORS.items():
        names = [
            {name for _, name, _, _ in fields.parse(text) if name}
            for text in (refusal.english, refusal.chinese)
        ]
        assert names[0] == names[1], code


def test_the_protocol_documents_every_code() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    assert text[between_markers(text)] == error_table(), (
        "docs/protocol.md's error codes differ from wire/errors.py: "
        "run python -m tests.server.test_error_codes"
    )


def test_the_web_client_asks_about_codes_that_exist() -> None:
    """The client shows the server's message; where it acts on a code, that code is one
    the server sends (``http``: its own, for an answer that is not the API's)."""
    asked = set()
    for script in WEB.glob("*.js"):
        asked |= set(re.findall(r"code\s*[!=]==\s*\"(\w+)\"", script.read_text(encoding="utf-8")))
    assert asked and asked <= set(ERRORS)


if __name__ == "__main__":
    text = PROTOCOL.read_text(encoding="utf-8")
    table = between_markers(text)
    PROTOCOL.write_text(text[: table.start] + error_table() + text[table.stop :], encoding="utf-8")
