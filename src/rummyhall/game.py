"""The state API shared by every game, and the description each game gives of itself.

Every game (and every multi-hand match) is a :class:`GameState`: interfaces, bots and
the conformance tests use only the methods declared here, so a new game plugs in by
subclassing it and describing itself in a :class:`rummyhall.kit.GameInfo` (its kit),
which :mod:`rummyhall.registry` lists.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from rummyhall.actions import JSON, Action, Event, action_from_json, require_action
from rummyhall.arguments import check_options
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.view import View

MatchView = TypeVar("MatchView", bound=View)
"""The view of a match's parts, which its own view extends with ``match``."""


class GameState(ABC):
    """A hand, deal or round (or a whole match) as a state machine.

    ``apply`` is the only way to change a state; an action that ``is_legal`` rejects
    raises that :class:`IllegalAction` and leaves the state exactly as it was.

    Subclasses keep every applied action in ``actions``, validate in ``_check`` (which
    raises and changes nothing) and summarise themselves in ``to_json()["snapshot"]``;
    the log, the legality test and loading a record are then shared.
    """

    game: str = ""
    legal_actions_complete: bool = True
    """Whether ``legal_actions()`` lists every legal action (Rummikub lists suggestions)."""
    actions: list[Action]
    """Every action applied so far, in order."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat for the hand (match: running totals); zeros until scored."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won, once it is over: several on a shared win, none when nobody
        did (a cancelled or void hand); empty until then."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    def log(self) -> list[JSON]:
        """Every action applied so far, in JSON form."""
        return [action.to_json() for action in self.actions]

    @property
    def turn(self) -> int:
        """A counter that grows with every applied action (servers reject stale ones)."""
        return len(self.actions)

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    def describe(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[JSON]:
        """Each of ``actions`` (the acting seat's legal actions) as ``{"action": its
        JSON, **facts}``: what an interface shows beside it (a Gin knock's deadwood, an
        Indian declaration's melds). The facts come from that seat's ``view`` alone, so
        they never tell more than the seat knows."""
        facts = self.action_facts
        return [{"action": action.to_json(), **facts(view, action)} for action in actions]

    @classmethod
    def action_facts(cls, view: Mapping[str, Any], action: Action) -> JSON:
        """The facts :meth:`describe` adds to one action, from the acting seat's view
        (none unless the game has some)."""
        return {}

    @classmethod
    def layout(cls, view: Mapping[str, Any]) -> JSON | None:
        """The solver's best layout of the viewing seat's own hand, from its view alone
        (what a table shows as the live deadwood or penalty); ``None`` when the view holds
        no hand (a spectator) or the game lays none out."""
        return None

    def is_legal(self, action: Action) -> IllegalAction | None:
        """``None`` when ``action`` may be applied now, else the error naming the rule
        (a value that is no action at all raises :class:`NotationError`)."""
        try:
            self._admit(action)
        except IllegalAction as error:
            return error
        return None

    def _admit(self, action: object) -> Any:
        """The one door of ``is_legal`` and ``apply``: ``_check`` on a value that must be
        an :class:`Action`, returning what ``_check`` found."""
        return self._check(require_action(action))

    @abstractmethod
    def _check(self, action: Action) -> object:
        """Raise the :class:`IllegalAction` that forbids ``action``; change nothing."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]: ...

    @staticmethod
    def _picked_up(events: Sequence[Event], players: int) -> list[list[str]]:
        """Per seat, the cards it took from the discard pile and has not thrown since,
        in the order taken: public, as every such card was shown face up."""
        held: list[list[str]] = [[] for _ in range(players)]
        for event in events:
            if event.seat is None:
                continue
            if event.type == "draw" and event.data["source"] == "discard":
                held[event.seat].append(event.data["card"])
            elif event.type in ("discard", "knock", "declare"):
                card = event.data.get("card") or event.data["discard"]
                if card in held[event.seat]:
                    held[event.seat].remove(card)
        return held

    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator), JSON-safe, no secret.

        Each game's state returns its :class:`View` TypedDict (``GinView``, …); the
        servers and interfaces that take every game pass it on as JSON."""

    @abstractmethod
    def zones(self) -> dict[str, list[str]]:
        """Where every physical card is now (hands, stock, piles, table), by face name.

        Used to check that no card is ever lost or copied.
        """

    @abstractmethod
    def hidden_from(self, seat: int | None) -> set[str]:
        """Faces that ``seat`` cannot know the place of, so its view must never name them
        (the stock, other hands less what the rules have shown)."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The complete record: options, seed, deck and action log, plus a summary."""

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """Rebuild from :meth:`to_json` output by replaying its log from its seed (and
        stacked deck); the record's snapshot must agree with the result."""
        try:
            options = dict(data["options"])
            check_options(cls, options, f"a saved {cls.game} game")
            if "deck" in data:
                options["deck"] = data["deck"]
            state = cls(seed=int(data["seed"]), **options)  # type: ignore[call-arg]
            log = list(data["log"])
        except (KeyError, TypeError, ValueError) as error:
            raise NotationError(f"not a saved {cls.game} game: {error}") from None
        state.replay(log)
        snapshot = data.get("snapshot")
        if snapshot is not None and snapshot != state.to_json()["snapshot"]:
            raise NotationError("the saved snapshot does not match its action log")
        return state

    def replay(self, log: Sequence[JSON]) -> None:
        """Apply a recorded action log; an illegal entry is a corrupt record."""
        for index, entry in enumerate(log):
            try:
                self.apply_json(entry)
            except IllegalAction as error:
                raise NotationError(f"action {index} of the log is illegal: {error}") from None

    def apply_json(self, data: JSON) -> list[Event]:
        """Parse and apply an action given in its JSON form."""
        return self.apply(action_from_json(data))


class Match(GameState, Generic[MatchView]):
    """A game of parts played one after another (Gin hands, Indian deals, Rummikub
    rounds). Actions go to the part in progress (``current``); when it ends, the match
    scores it (``_score_part``), records it in ``history`` and either ends with its
    ``winners`` or deals the next part, so the match replays from its seed and one flat
    action log.

    Every game's match speaks the same words, in its state, view, events and record:
    ``current``, ``history`` (one entry per finished part, with its ``number``,
    ``scores`` and the ``totals`` after it), the ``part_scored`` and ``match_over``
    events, ``winners`` (a list of seats) and ``turn``.
    """

    part: ClassVar[str] = ""
    """What one part is called: ``hand``, ``deal`` or ``round`` (the kit's ``part``)."""
    over_rule: str = ""
    """The rule ID an action after the end of the match is refused with."""
    RECORD_VERSION: ClassVar[int] = 2
    """Version 2 records keep the match's ``scores`` and its ``part`` in the snapshot;
    version 1 named them after the game (``totals``/``hand``, ``scores``/``deal``, …)."""

    seed: int
    totals: list[int]
    """Per seat, what the parts so far add up to (points, or penalties in Indian Rummy)."""
    history: list[JSON]
    _winners: list[int]
    _over: bool

    def _begin(self) -> None:
        """The bookkeeping every match starts with (called by the subclass's constructor
        before it deals the first part)."""
        self.totals = [0] * self.num_players
        self.history = []
        self.actions = []
        self._winners = []
        self._over = False

    @property
    @abstractmethod
    def current(self) -> GameState:
        """The part in progress (the last one once the match is over)."""

    @property
    @abstractmethod
    def options(self) -> JSON:
        """The keyword arguments that rebuild this match (with its seed)."""

    @abstractmethod
    def _score_part(self) -> Mapping[str, Any]:
        """Add the part that just ended to the totals; what its history entry says
        beyond its number, scores and totals."""

    @abstractmethod
    def _decided(self) -> list[int] | None:
        """The winners once the match is decided (possibly none), else ``None``."""

    @abstractmethod
    def _deal_next(self) -> int:
        """Deal the next part; the seat that deals or starts it."""

    def _facts(self) -> Mapping[str, Any]:
        """What the view's ``match`` says beyond the shared words (target, format, …)."""
        return {}

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current.current_player

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self.current.legal_actions()

    def describe(self, view: Mapping[str, Any], actions: Sequence[Action]) -> list[JSON]:
        return self.current.describe(view, actions)

    def _check(self, action: Action) -> object:
        if self.is_over:
            raise IllegalAction(self.over_rule, "the match is over", key="match_over")
        return self.current._check(action)

    def apply(self, action: Action) -> list[Event]:
        self._admit(action)
        events = self.current.apply(action)
        self.actions.append(action)
        if self.current.is_over:
            events.extend(self._finish_part())
        return events

    def _finish_part(self) -> list[Event]:
        number = len(self.history) + 1
        scores = self.current.scores
        entry = {"number": number, "scores": scores, **self._score_part()}
        entry["totals"] = list(self.totals)
        self.history.append(entry)
        events = [Event("part_scored", None, entry)]
        winners = self._decided()
        if winners is not None:
            self._winners, self._over = winners, True
            return [*events, Event("match_over", None, {"winners": winners, "scores": self.scores})]
        starter = self._deal_next()
        return [*events, Event("deal", starter, {"number": number + 1})]

    def view(self, seat: int | None) -> MatchView:
        view = self.current.view(seat)
        view["match"] = {
            "part": self.part,
            "number": len(self.history) + (0 if self.is_over else 1),
            "history": list(self.history),
            "totals": list(self.totals),
            "winners": self.winners,
            **self._facts(),
        }
        if self.is_over:
            view["current_player"] = None
        return cast(MatchView, view)

    def zones(self) -> dict[str, list[str]]:
        return self.current.zones()

    def hidden_from(self, seat: int | None) -> set[str]:
        return self.current.hidden_from(seat)

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "kind": "match",
            "version": self.RECORD_VERSION,
            "seed": self.seed,
            "options": self.options,
            "log": self.log,
            "snapshot": {"scores": self.scores, "part": self.current.to_json()["snapshot"]},
        }

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """Also reads version 1 records, whose snapshot named the scores and the part
        after the game (their logs replay alike)."""
        old = isinstance(data, dict) and data.get("version") == 1
        snapshot = data.get("snapshot") if old else None
        if isinstance(snapshot, dict) and cls.part in snapshot:
            scores = snapshot.get("scores", snapshot.get("totals"))
            data = {**data, "snapshot": {"scores": scores, "part": snapshot[cls.part]}}
        return super().from_json(data)


def random_seed() -> int:
    """A fresh seed for callers that give none; it is recorded in the state."""
    return int.from_bytes(os.urandom(8), "little") >> 1
