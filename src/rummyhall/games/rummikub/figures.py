"""What a Rummikub match says of each player beyond its result, for his profile: rounds
played and won, his turns and the tiles he laid from his rack (a profile divides them
into tiles a turn)."""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.actions import JSON, Event

TURNS = frozenset({"play", "draw", "pass"})
"""The events that end a turn, one each."""


def figures(events: Sequence[Event], history: Sequence[JSON], seats: int) -> list[dict[str, int]]:
    counted = [
        {"rounds": len(history), "rounds_won": 0, "turns": 0, "tiles": 0} for _ in range(seats)
    ]
    for round_ in history:
        for seat in round_["result"]["winners"]:
            counted[seat]["rounds_won"] += 1
    for event in events:
        if event.type in TURNS and event.seat is not None:
            counted[event.seat]["turns"] += 1
            if event.type == "play":
                counted[event.seat]["tiles"] += len(event.data["played"])
    return counted
