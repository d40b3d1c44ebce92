"""What a Gin match says of each player beyond its result, for his profile: hands
played, knocks (gins included), gins, undercuts he made, and the deadwood he knocked
with (summed: a profile divides by the knocks)."""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.actions import JSON, Event


def figures(events: Sequence[Event], history: Sequence[JSON], seats: int) -> list[dict[str, int]]:
    counted = [
        {"hands": len(history), "knocks": 0, "gins": 0, "undercuts": 0, "knock_deadwood": 0}
        for _ in range(seats)
    ]
    for hand in history:
        result = hand["result"]
        settlement = result.get("settlement")
        if settlement is None:  # a cancelled hand (GIN-14)
            continue
        knocker = result["knocker"]
        mine = counted[knocker]
        mine["knocks"] += 1
        mine["knock_deadwood"] += settlement["knocker"]["points"]
        if settlement["kind"] == "gin":
            mine["gins"] += 1
        elif settlement["kind"] == "undercut":
            counted[1 - knocker]["undercuts"] += 1
    return counted
