"""Checks of what the public API is given, made once where a value comes in.

Bad input is a :class:`NotationError` naming the argument and quoting the value, never
an ``AttributeError`` or ``TypeError`` from deep inside an engine (``players="2"``,
``seed="x"``, an option the game does not have).
"""

from __future__ import annotations

import inspect
import reprlib
from collections.abc import Callable, Collection, Mapping
from typing import Any

from rummyhall.errors import NotationError

BRIEF = 60
"""Characters of a bad value quoted in an error: enough to recognise it, while a huge
payload does not make a huge message."""


def quoted(value: object) -> str:
    """A bad value as an error message shows it: its repr, bounded in depth and length."""
    text = reprlib.repr(value)
    return text if len(text) <= BRIEF else text[: BRIEF - 1] + "…"


def whole_number(value: object, what: str) -> int:
    """``value`` if it is an ``int`` (a ``bool`` is not a count or a seat)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise NotationError(f"{what} must be a whole number, not {quoted(value)}")


def check_options(
    target: Callable[..., Any],
    options: Mapping[str, Any],
    what: str,
    fixed: Collection[str] = (),
) -> None:
    """Refuse a keyword ``target`` does not take, or one the caller sets itself
    (``fixed``), naming it and those it does take."""
    parameters = inspect.signature(target).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return  # it passes them on, and whoever takes them checks them
    takes = sorted(name for name in parameters if name not in fixed)
    for name in options:
        if name not in takes:
            listed = ", ".join(takes)
            raise NotationError(f"{what} has no option {quoted(name)} (it takes {listed})")
