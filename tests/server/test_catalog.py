"""The catalogue's Indian options: IND-13's per-format default is settled when a room's
options are validated, so what the room stores replays the same."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rummyhall.server.rooms.catalogue import describe, parse_options, start_match


@pytest.mark.parametrize(
    ("format_", "default"),
    [("points", False), ("pool101", True), ("pool201", True), ("deals", True)],
)
def test_ind_13_reshuffle_default_per_format_is_stored(format_: str, default: bool) -> None:
    options = parse_options("indian", {"format": format_})
    assert options.model_dump()["reshuffle_on_empty"] is default
    state = start_match("indian", options, seed=1)
    assert state.to_json()["options"]["reshuffle_on_empty"] is default
    chosen = parse_options("indian", {"format": format_, "reshuffle_on_empty": not default})
    assert chosen.model_dump()["reshuffle_on_empty"] is not default
    stored = parse_options("indian", options.model_dump())  # a room read back from storage
    assert stored == options


def test_ind_13_schema_says_the_option_may_be_left_to_the_format() -> None:
    indian = next(entry for entry in describe() if entry["game"] == "indian")
    schema = indian["options"]["properties"]["reshuffle_on_empty"]
    assert schema["default"] is None


def test_a_bad_format_is_a_validation_error_naming_it() -> None:
    with pytest.raises(ValidationError) as error:
        parse_options("indian", {"format": "pool301"})
    assert [e["loc"] for e in error.value.errors()] == [("format",)]
