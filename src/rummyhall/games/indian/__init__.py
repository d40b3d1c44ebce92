"""Indian 13-card Rummy: Points, Pools 101/201 and Deals (docs/rulebook.md IND-1…IND-15).

Public solver API (docs/design.md): :func:`find_declaration`, :func:`penalty`, and
:func:`arrange` for the layout behind a penalty; the rules engine: :class:`IndianState`
(one deal) and :class:`IndianMatch` (the formats of IND-14).
"""

from rummyhall.games.indian.deal import Seat
from rummyhall.games.indian.figures import figures as count_figures
from rummyhall.games.indian.formats import FORMATS, reshuffles
from rummyhall.games.indian.match import IndianMatch, load, new_deal
from rummyhall.games.indian.melds import MeldKind, classify
from rummyhall.games.indian.solver import Arrangement, arrange, find_declaration, penalty
from rummyhall.games.indian.state import IndianState, Phase
from rummyhall.kit import GameInfo, Option, Variant

__all__ = [
    "KIT",
    "Arrangement",
    "IndianMatch",
    "IndianState",
    "MeldKind",
    "Phase",
    "Seat",
    "arrange",
    "classify",
    "find_declaration",
    "penalty",
]

FORMAT_TITLES = {"points": "Points", "pool101": "Pool 101", "pool201": "Pool 201", "deals": "Deals"}

KIT = GameInfo(
    name="indian",
    title="Indian Rummy",
    part=IndianMatch.part,
    seats=(2, 6),
    variants=tuple(
        Variant(
            format_,
            FORMAT_TITLES[format_],
            f"variant.{format_}",
            {"format": format_},
            single=format_ == "points",  # IND-14: a Points game is one deal
        )
        for format_ in FORMATS
    ),
    options=(
        Option("players", "Players", "lobby.players", int, 2, low=2, high=6, rule="IND-1"),
        Option(
            "deals",
            "Number of deals",
            "lobby.deals",
            int,
            2,
            low=1,
            high=6,
            rule="IND-14",
            variants=("deals",),
        ),
        Option(
            "joker_from_discard",
            "Joker may be taken from the discard pile",
            "lobby.joker_from_discard",
            bool,
            False,
            rule="IND-4",
        ),
        Option(
            "manual_declaration",
            "Players group their own cards when declaring",
            "lobby.manual_declaration",
            bool,
            False,
            rule="IND-12",
            lobby=False,
        ),
        Option(
            "reshuffle_on_empty",
            "An empty stock is renewed from the discard pile (default: the format's)",
            "lobby.reshuffle_on_empty",
            bool,
            None,
            nullable=True,
            rule="IND-13",
            lobby=False,
            settle=lambda chosen: reshuffles(chosen.get("format", ""), None),
        ),
    ),
    bots="rummyhall.bots.indian.levels",
    part_state=IndianState,
    new_hand=new_deal,
    new_match=IndianMatch,
    load=load,
    env="indian_rummy_v0",
    encoding="rummyhall.envs.indian.encoding",
    figures=count_figures,
)
"""This game's description, listed by :mod:`rummyhall.registry`."""
