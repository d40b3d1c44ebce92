"""The games a room can be created for, their variants and options (validated here).

Everything comes from the games' kits (:mod:`rummyhall.kit`): per game, an options model
built from the kit checks what a client asks for (unknown keys, out-of-range seat counts,
a variant the game does not have) before the engine is touched, and says how many seats
a room needs. A room stores ``options.model_dump()``: the variant's keys (Gin ``mode``,
Indian ``format``) and the kit's options, so stored rooms and replays restore as they
were written.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, create_model, field_validator

from rummyhall.game import GameState
from rummyhall.kit import GameInfo, Option, Variant
from rummyhall.registry import KITS, new_match


class GameOptions(BaseModel):
    """Options of one game (a model per kit, :func:`options_model`); ``seats`` is how
    many players sit at the table."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kit: ClassVar[GameInfo]

    @property
    def seats(self) -> int:
        option = self.kit.seat_option
        return self.kit.seats[0] if option is None else int(getattr(self, option.key))

    @property
    def variant(self) -> Variant:
        found = self.kit.variant_of(self.model_dump(), match=True)
        assert found is not None, "validated options fit a variant"
        return found

    def engine_options(self) -> dict[str, Any]:
        """Keyword arguments for ``rummyhall.new_match``."""
        return self.model_dump()

    def label(self) -> str:
        """``Gin Rummy``, ``Indian Rummy · Pool 101``: the title, and the variant unless it
        is the default one."""
        variant = self.variant
        if variant is self.kit.variants[0]:
            return self.kit.title
        return f"{self.kit.title} · {variant.title}"


def _variant_fields(kit: GameInfo) -> dict[str, Any]:
    """The keys the variants fix that are no option of their own (Gin ``mode``, Indian
    ``format``): each takes the values its variants give, the default variant's first."""
    options = {option.key for option in kit.options}
    fields: dict[str, Any] = {}
    for variant in kit.variants:
        for key in variant.fixes:
            if key not in options and key not in fields:
                values = tuple(dict.fromkeys(v.fixes[key] for v in kit.variants if key in v.fixes))
                fields[key] = (Literal[values], kit.variants[0].fixes[key])
    return fields


def _option_field(option: Option) -> Any:
    kind: Any = option.kind | None if option.nullable else option.kind
    description = f"{option.title} ({option.rule})" if option.rule else option.title
    field = Field(
        option.default,
        ge=option.low,
        le=option.high,
        description=description,
        validate_default=option.settle is not None,
    )
    return (kind, field)


def _settler(option: Option) -> Any:
    """The validator that replaces ``None`` by the value the option's ``settle`` gives."""
    settle = option.settle
    assert settle is not None

    def settled(cls: type[BaseModel], value: Any, info: ValidationInfo) -> Any:
        return settle(info.data) if value is None else value

    return field_validator(option.key)(classmethod(settled))


@functools.cache
def options_model(kit: GameInfo) -> type[GameOptions]:
    """The options model of ``kit``'s rooms: the seat count, then the variant's keys,
    then the other options (the order rooms have always stored them in)."""
    fields = {option.key: _option_field(option) for option in kit.options}
    seat_option = kit.seat_option
    at = 1 if seat_option is not None and kit.options[0] is seat_option else 0
    ordered = list(fields.items())
    ordered[at:at] = _variant_fields(kit).items()
    validators = {
        f"_settle_{option.key}": _settler(option) for option in kit.options if option.settle
    }
    model = create_model(
        f"{kit.name.capitalize()}Options",
        __base__=GameOptions,
        __validators__=validators,
        **dict(ordered),
    )
    model.kit = kit
    return model


def parse_options(game: str, options: dict[str, Any]) -> GameOptions:
    """Validate a room's options; raises ``KeyError`` for an unknown game and
    ``pydantic.ValidationError`` for bad options."""
    return options_model(KITS[game]).model_validate(options)


def start_match(game: str, options: GameOptions, seed: int) -> GameState:
    """A new match of ``game`` (what a room plays from start to rematch)."""
    return new_match(game, seed=seed, **options.engine_options())


def _describe_option(option: Option) -> dict[str, Any]:
    return {
        "key": option.key,
        "title": option.title,
        "label": option.label,
        "type": option.kind.__name__,
        "default": option.default,
        "min": option.low,
        "max": option.high,
        "nullable": option.nullable,
        "rule": option.rule,
        "variants": list(option.variants),
        "lobby": option.lobby,
    }


def describe() -> list[dict[str, Any]]:
    """The catalogue as JSON for clients: per game its title, seat range, variants (with
    the options each fixes and the defaults it settles), options and their schema."""
    described = []
    for kit in KITS.values():
        model = options_model(kit)
        seat_option = kit.seat_option
        described.append(
            {
                "game": kit.name,
                "title": kit.title,
                "part": kit.part,
                "seats": {"min": kit.seats[0], "max": kit.seats[1]},
                "seat_option": None if seat_option is None else seat_option.key,
                "variants": [
                    {
                        "name": variant.name,
                        "title": variant.title,
                        "label": variant.label,
                        "fixes": dict(variant.fixes),
                        "defaults": model.model_validate(variant.fixes).model_dump(),
                    }
                    for variant in kit.variants
                ],
                "fields": [_describe_option(option) for option in kit.options],
                "options": model.model_json_schema(),
            }
        )
    return described
