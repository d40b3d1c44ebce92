"""What an Indian Rummy match says of each player beyond its result, for his profile:
deals he was dealt in, valid declarations, drops, and the penalties he took (summed: a
profile divides by the deals)."""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.actions import JSON, Event


def figures(events: Sequence[Event], history: Sequence[JSON], seats: int) -> list[dict[str, int]]:
    counted = [{"deals": 0, "declares": 0, "drops": 0, "penalty": 0} for _ in range(seats)]
    out: set[int] = set()  # eliminated from a pool: no longer dealt in
    for deal in history:
        for seat in range(seats):
            if seat in out:
                continue
            counted[seat]["deals"] += 1
            counted[seat]["penalty"] += deal["penalties"][seat]
        if deal["outcome"] == "declared":
            for seat in deal["winners"]:
                counted[seat]["declares"] += 1
        out.update(deal["eliminated"])
    for event in events:
        if event.type == "drop" and event.seat is not None:
            counted[event.seat]["drops"] += 1
    return counted
