"""Rummikub for reinforcement learning (``rummyhall.envs``: ``rummikub_v0``, 2–4
players; one round, or a match with ``match=True``).

A turn's play is built step by step on a draft of the table (:data:`SLOTS` set slots),
as a player moves tiles at the table: place a rack tile, lift a table tile and put it
elsewhere, undo, end the play, which submits the whole draft to the engine as one
``Play`` (RKB-4, RKB-5); ending it is masked until the draft is a legal play, so every
legal turn is reachable, and at most :data:`EDITS` steps a turn keep every episode
finite. The observation has 2,391 values in [0, 1] (faces numbered
``13 * colour + number - 1``, 52 the joker), the actions 4,283 ids, and the rewards are
the round's scores.

Every index, action id and reward: docs/rl.md, "Observations and actions, index by
index".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from rummyhall.actions import Action, Event, Play
from rummyhall.cards import TILE_NAMES, parse_tiles
from rummyhall.envs.encoding import ActionMask, Observation, part_of
from rummyhall.errors import IllegalAction
from rummyhall.game import GameState
from rummyhall.games.rummikub.match import RummikubMatch
from rummyhall.games.rummikub.melds import interpret
from rummyhall.games.rummikub.state import DRAW, PASS, RummikubState, face

FACES = 53
SLOTS = 40
EDITS = 200
SEATS = 4
DECK = 2 * FACES
DRAW_ID, END_ID, UNDO_ID = 0, 1, 2
PLACE = 3
LIFT = PLACE + FACES * SLOTS
PUT = LIFT + FACES * SLOTS
ACTION_COUNT = PUT + SLOTS
DRAFT = 0
RACK = SLOTS * FACES
PLACED, HELD, START = (RACK + n * FACES for n in range(1, 4))
VALID = START + FACES
CAN_END = VALID + SLOTS
USED, POOL = CAN_END + 1, CAN_END + 2
SEAT_FACTS = POOL + 1
FACTS = 4
SIZE = SEAT_FACTS + FACTS * SEATS


class RummikubEncoding:
    observation_size = SIZE
    action_count = ACTION_COUNT

    def __init__(self, players: int) -> None:
        self.players = players
        self._turn = -1
        """The state counter the draft belongs to (``-1``: none yet)."""
        self.slots: list[list[int]] = []
        self.rack: Counter[int] = Counter()
        """The acting seat's rack less what it placed on the draft."""
        self.placed: Counter[int] = Counter()
        self.held: int | None = None
        self.edits = 0
        self._legal: tuple[int, bool] = (-1, False)
        """(the draft's version, whether ending the play is legal): computed once."""
        self._version = 0

    def reset(self, state: GameState) -> None:
        self._turn = -1

    def update(self, state: GameState, events: Sequence[Event]) -> None:
        """An engine action was played: the next turn starts from the table."""
        self._turn = -1

    def _draft(self, state: GameState) -> RummikubState:
        """The round, with the draft made for its turn if it is not yet."""
        round_ = part_of(state)
        assert isinstance(round_, RummikubState)
        if self._turn != state.turn:
            self._turn = state.turn
            self._lay_out(round_)
            self.edits = 0
        return round_

    def _lay_out(self, round_: RummikubState) -> None:
        """The draft as the turn began: the table, and the acting seat's rack."""
        self.slots = [list(parse_tiles(tiles)) for tiles in round_.table]
        self.slots += [[] for _ in range(SLOTS - len(self.slots))]
        seat = round_.current_player
        racked = [] if seat is None else round_.racks[seat]
        self.rack = Counter(face(tile) for tile in racked)
        self.placed = Counter()
        self.held = None
        self._version += 1

    def draft(self) -> Play:
        """The draft as the play it would submit (its empty slots left out)."""
        return Play(tuple(tuple(TILE_NAMES[f] for f in slot) for slot in self.slots if slot))

    def _may_end(self, round_: RummikubState) -> bool:
        if self._legal[0] != self._version:
            ready = self.held is None and bool(self.placed)
            ready = ready and all(interpret(slot) is not None for slot in self.slots if slot)
            self._legal = (self._version, ready and round_.is_legal(self.draft()) is None)
        return self._legal[1]

    # ------------------------------------------------------------------ observing

    def observe(self, state: GameState, seat: int) -> Observation:
        round_ = self._draft(state)
        out = np.zeros(SIZE, dtype=np.float32)
        acting = round_.current_player == seat
        table = [list(parse_tiles(tiles)) for tiles in round_.table]
        slots = self.slots if acting else table
        for index, slot in enumerate(slots):
            if slot:
                base = DRAFT + FACES * index
                np.add.at(out, base + np.asarray(slot), 0.5)
                out[VALID + index] = float(interpret(slot) is not None)
        rack = self.rack if acting else Counter(face(tile) for tile in round_.racks[seat])
        for f, copies in rack.items():
            out[RACK + f] = copies / 2
        if acting:
            for f, copies in self.placed.items():
                out[PLACED + f] = copies / 2
            if self.held is not None:
                out[HELD + self.held] = 1.0
            out[CAN_END] = float(self._may_end(round_))
            out[USED] = self.edits / EDITS
        for faces in table:
            np.add.at(out, START + np.asarray(faces), 0.5)
        out[POOL] = len(round_.pool) / DECK
        totals = state.totals if isinstance(state, RummikubMatch) else [0] * self.players
        for relative in range(self.players):
            other = (seat + relative) % self.players
            base = SEAT_FACTS + FACTS * relative
            out[base] = 1.0
            out[base + 1] = float(round_.melded[other])
            out[base + 2] = min(1.0, len(round_.racks[other]) / 30)
            out[base + 3] = min(1.0, max(0.0, (totals[other] + 300) / 600))
        return out

    def mask(self, state: GameState) -> ActionMask:
        round_ = self._draft(state)
        out = np.zeros(ACTION_COUNT, dtype=np.int8)
        if round_.is_over:
            return out
        out[DRAW_ID] = 1
        out[END_ID] = self._may_end(round_)
        out[UNDO_ID] = self.edits > 0
        if self.held is not None:
            out[PUT : PUT + SLOTS] = 1
        elif self.edits < EDITS:
            for f in self.rack:
                if self.rack[f]:
                    out[PLACE + f * SLOTS : PLACE + (f + 1) * SLOTS] = 1
            for index, slot in enumerate(self.slots):
                for f in set(slot):
                    out[LIFT + f * SLOTS + index] = 1
        return out

    # ------------------------------------------------------------------ acting

    def play(self, state: GameState, index: int) -> Action | None:
        """The engine action of id ``index`` (draw or pass, end the play), or ``None``
        for a step on the draft, done here; a step the mask rules out raises
        :class:`IllegalAction` and changes nothing."""
        round_ = self._draft(state)
        if index == DRAW_ID:
            return DRAW if round_.pool else PASS
        if index == END_ID:
            if self.held is not None:
                raise IllegalAction("RKB-5", "put the lifted tile down before ending the play")
            return self.draft()  # the engine judges it, with the rule it breaks
        if index == UNDO_ID:  # the steps used stay used: a turn ends
            self._lay_out(round_)
            return None
        if index >= PUT:
            if self.held is None:
                raise IllegalAction("RKB-5", "no tile is lifted: lift one before putting it")
            self.slots[index - PUT].append(self.held)
            self.held = None
        elif self.held is not None:
            raise IllegalAction("RKB-5", "put the lifted tile down first")
        elif self.edits >= EDITS:
            raise IllegalAction("RKB-5", f"{EDITS} steps this turn: end the play, undo or draw")
        elif index >= LIFT:
            f, slot = divmod(index - LIFT, SLOTS)
            if f not in self.slots[slot]:
                raise IllegalAction("RKB-5", f"slot {slot} holds no {TILE_NAMES[f]}")
            self.slots[slot].remove(f)
            self.held = f
            self.edits += 1
        else:
            f, slot = divmod(index - PLACE, SLOTS)
            if not self.rack[f]:
                raise IllegalAction("RKB-5", f"no {TILE_NAMES[f]} left on the rack")
            self.rack[f] -= 1
            self.placed[f] += 1
            self.slots[slot].append(f)
            self.edits += 1
        self._version += 1
        return None

    def settle(self, part: GameState) -> list[float]:
        """The round's scores, except that equal lowest racks at a blocked end (RKB-9),
        each scored the others' whole payment, split it: rewards sum to zero."""
        scores = [float(score) for score in part.scores]
        winners = part.winners
        if len(winners) > 1:
            share = -sum(scores[seat] for seat in range(len(scores)) if seat not in winners)
            for seat in winners:
                scores[seat] = share / len(winners)
        return scores


def steps_to(
    table: Sequence[Sequence[str]], start: Sequence[Sequence[str]], rack: Sequence[str]
) -> list[int]:
    """Action ids that turn the draft of table ``start`` into ``table`` (then end the
    play): each table tile lifted and put straight into its set's slot, then the rack's
    tiles placed. A play proposed whole (the solver's, a bot's) is so reachable."""
    current = [list(parse_tiles(tiles)) for tiles in start]
    current += [[] for _ in range(SLOTS - len(current))]
    wanted = [list(parse_tiles(tiles)) for tiles in table]
    ids: list[int] = []
    needed = [Counter(faces) for faces in wanted]
    staying: list[Counter[int]] = [Counter() for _ in range(SLOTS)]
    for index in range(len(wanted)):  # what each target slot keeps of its own tiles
        keep = Counter(current[index]) & needed[index]
        staying[index] = keep
        needed[index] -= keep
    for index, slot in enumerate(current):
        leaving = Counter(slot) - staying[index]
        for f in leaving.elements():
            target = next(j for j, need in enumerate(needed) if need[f])
            needed[target][f] -= 1
            ids += [LIFT + f * SLOTS + index, PUT + target]
    racked = Counter(parse_tiles(rack))
    for target, need in enumerate(needed):
        for f in need.elements():
            assert racked[f], f"{TILE_NAMES[f]} is neither on the table nor on the rack"
            racked[f] -= 1
            ids.append(PLACE + f * SLOTS + target)
    return [*ids, END_ID]


ENCODING = RummikubEncoding
