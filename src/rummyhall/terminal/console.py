"""The Rich console every command prints through.

On a terminal: colour and Unicode box lines. Anywhere else (a pipe, a file, a test):
plain text, 80 columns, no colour and no cursor movement, so output stays readable and
diffable.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console

WIDTH = 80
"""The layout is designed for an 80-column terminal (and wraps below that)."""


def make_console(file: TextIO | None = None) -> Console:
    """A console on ``file`` (stdout): styled on a TTY, plain text otherwise."""
    stream = sys.stdout if file is None else file
    interactive = stream.isatty()
    return Console(
        file=stream,
        force_terminal=interactive,
        no_color=not interactive,
        highlight=False,
        emoji=False,
        width=None if interactive else WIDTH,
        soft_wrap=False,
    )
