"""The state message is serialized without its pydantic model (``messages.state_text``,
for speed) but must stay byte for byte what ``StateMessage`` sends: seeded games of every
game and format, each seat's and a spectator's message at every step, compared."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummyhall.game import GameState
from rummyhall.registry import new_match
from rummyhall.server.rooms import advice
from rummyhall.server.wire.messages import StateMessage, state_text

GAMES = [
    ("gin", {}),
    ("gin", {"mode": "oklahoma"}),
    ("indian", {"players": 3, "format": "points"}),
    ("indian", {"players": 2, "format": "pool101"}),
    ("indian", {"players": 2, "format": "deals"}),
    ("rummikub", {"players": 2}),
]


def _both(
    game: str, state: GameState, seat: int | None, events: list[Any], actor: str | None
) -> tuple[str, str]:
    view = state.view(seat)
    mine = seat is not None and seat == state.current_player
    legal = advice.describe_legal(state, view, state.legal_actions()) if mine else []
    fields: dict[str, Any] = {
        "room": "ABCDEFGHJK",
        "turn": state.turn,
        "seat": seat,
        "view": view,
        "legal": legal,
        "legal_complete": state.legal_actions_complete,
        "events": events,
        "actor": actor,
        "arrangement": None if seat is None else advice.arrangement(game, view),
        "current_player": state.current_player,
        "scores": state.scores,
        "over": state.is_over,
    }
    model = StateMessage.model_validate(fields).model_dump_json()
    return model, state_text(**fields)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=lambda v: str(v))
def test_state_text_is_the_state_message_byte_for_byte(game: str, options: dict[str, Any]) -> None:
    rng = random.Random(11)
    for seed in range(3):
        state = new_match(game, seed=seed, **options)
        events: list[Any] = []
        actors = [None, "player", "bot", "away", "clock"]
        for step in range(40 if game == "rummikub" else 120):
            for seat in [*range(state.num_players), None]:
                model, fast = _both(game, state, seat, events, actors[step % len(actors)])
                assert fast == model
            if state.is_over:
                break
            events = [event.to_json() for event in state.apply(rng.choice(state.legal_actions()))]
