"""What the server logs and how: text lines for a person at a terminal, or JSON lines
(``serve --log-format json``) for a log collector, one object a line, with the fields a
search needs (docs/operations.md, "Logs").

Every HTTP request is one line (uvicorn's access log, its parts as fields: ``client``,
``method``, ``path``, ``status``), every WebSocket connection event one more
(:mod:`~rummyhall.server.net.connection`: ``event``, ``connection``, ``player``,
``room``, ``match``). No token or password is ever logged: they travel in headers and bodies, which
no line holds, never in a path.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

from pythonjsonlogger.core import RESERVED_ATTRS

LogFormat = Literal["text", "json"]

TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")
"""The parts of uvicorn's access log line (``record.args``), as JSON fields."""


class AccessFields(logging.Filter):
    """Uvicorn's access line with its parts as fields of their own."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and len(record.args) == len(ACCESS_FIELDS):
            for name, value in zip(ACCESS_FIELDS, record.args, strict=True):
                setattr(record, name, value)
        return True


def log_config(level: str, style: LogFormat) -> dict[str, Any]:
    """The :func:`logging.config.dictConfig` of the server and of uvicorn's own loggers
    (given to uvicorn as its ``log_config``, so both write alike)."""
    if style == "json":
        formatter: dict[str, Any] = {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(name)s %(message)s",
            "rename_fields": {"levelname": "level", "name": "logger"},
            "timestamp": True,
            # uvicorn's copy of a message with terminal colours: the message is enough
            "reserved_attrs": [*RESERVED_ATTRS, "color_message"],
        }
    else:
        formatter = {"format": TEXT}
    handler = {"class": "logging.StreamHandler", "formatter": "lines", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"access": {"()": AccessFields}},
        "formatters": {"lines": formatter},
        "handlers": {
            "lines": handler,
            "access": {**handler, "filters": ["access"]},
        },
        "root": {"handlers": ["lines"], "level": level.upper()},
        "loggers": {
            "uvicorn": {"handlers": ["lines"], "level": level.upper(), "propagate": False},
            "uvicorn.error": {"level": level.upper()},
            "uvicorn.access": {"handlers": ["access"], "level": level.upper(), "propagate": False},
        },
    }
