"""The error codes' names (:data:`ErrorCode`, the wire format: a code is never
renamed) and what the list says of each (:class:`Refusal`); the list itself is
:mod:`~rummyhall.server.wire.errors`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ErrorCode = Literal[
    "malformed",
    "too_large",
    "rate_limited",
    "unsupported_protocol",
    "hello_first",
    "already_hello",
    "unauthorized",
    "unavailable",
    "storage_unavailable",
    "room_not_found",
    "room_full",
    "seat_taken",
    "no_such_seat",
    "not_in_room",
    "not_seated",
    "spectators_not_allowed",
    "spectators_full",
    "spectator_limit",
    "seat_limit",
    "removed",
    "not_removable",
    "not_host",
    "room_started",
    "part_pause",
    "room_over",
    "own_invitation",
    "not_at_table",
    "bad_invitation",
    "user_not_found",
    "invitation_not_found",
    "clock_runs",
    "not_stalled",
    "own_seat",
    "no_game",
    "game_not_over",
    "seats_not_filled",
    "no_human",
    "bot_unavailable",
    "stale",
    "not_your_turn",
    "invalid_action",
    "illegal",
    "hints_disabled",
    "room_limit",
    "player_room_limit",
    "unknown_game",
    "key_reused",
    "bad_options",
    "not_seeking",
    "rated_needs_account",
    "bad_nickname",
    "nickname_too_long",
    "nickname_marks",
    "reserved_nickname",
    "bad_username",
    "username_taken",
    "player_not_found",
    "bad_chat",
    "chat_rate_limited",
    "already_claimed",
    "bad_password",
    "weak_password",
    "wrong_password",
    "no_account",
    "password_required",
    "muted",
    "suspended",
    "suspended_for_good",
    "suspended_play",
    "suspended_play_for_good",
    "not_moderator",
    "bad_report",
    "own_report",
    "report_target_not_found",
    "report_not_found",
    "bad_moderation",
    "signed_out",
    "replaced",
    "too_slow",
    "game_not_found",
    "review_forbidden",
    "reviews_busy",
    "body_too_large",
    "request_timeout",
    "too_many_connections",
    "hello_timeout",
    "idle",
    "internal",
]
"""Every code of an ``error`` message or an HTTP refusal."""


@dataclass(frozen=True)
class Refusal:
    """What a code means (``when``, for the protocol's documentation), its message, a
    template filled from the refusal's values, in each language, and the HTTP status of
    a request refused with it."""

    when: str
    english: str
    chinese: str
    http: int = 400
    """The status of an HTTP answer with this code."""
    field: str | None = None
    """The request field a refusal is about, sent as the error's ``field`` (its message
    names it too), so a form can show it next to that field."""
