"""A protocol fuzzer for a real server process, and the honest players it must not hurt.

:class:`Frames` makes one hostile frame at a time from a seeded ``random.Random``: valid
messages of every type with stale, future, negative or huge counters, actions for the
seat not to move and actions copied from other rooms, each field given a value of the
wrong type, bit flips, truncations and insertions in the JSON text, huge strings, deep
nesting, binary frames, and ``hello`` with forged or mutated tokens. :class:`Fuzzer`
sends them over its own sockets (reconnecting when the server closes one, as it must for
a frame over the size limit or a flood) and checks every answer: a JSON object of a
known type, an error with a known code, never ``internal``, and no hand in a spectator's
view. :class:`Honest` plays a seat from its legal actions meanwhile and checks that its
game goes on: the counter grows by one per state, its hand holds known cards only.
"""

from __future__ import annotations

import contextlib
import json
import random
import string
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidMessage

from rummyhall.cards import CARD_NAMES, TILE_NAMES
from rummyhall.server.wire.errors import ERRORS
from tests.server.harness import Client, Message, Server, part_ended, pick

SERVER_TYPES = {
    *("welcome", "room", "state", "error", "checked", "hint", "left", "pong", "chat", "clock")
}
KNOWN_CODES = set(ERRORS) - {"internal"}
"""Every error code the server may send; ``internal`` means a bug, so it is not here."""
NAMES = set(CARD_NAMES) | set(TILE_NAMES)
FRAME_LIMIT = 64 * 1024
"""Frames over this close the socket (uvicorn's ``ws_max_size``, docs/protocol.md)."""
OWN_HAND = ("hand", "rack")


class FuzzFailure(AssertionError):
    """A broken invariant, with what was sent and received last."""


@dataclass
class Context:
    """What the fuzzer knows: its token, the rooms (its own first), the other players'
    tokens (to forge from), legal actions seen anywhere, and the counters it has seen."""

    token: str
    rooms: list[str]
    other_tokens: list[str]
    seen_actions: list[Message] = field(default_factory=list)
    turns: dict[str, int] = field(default_factory=dict)


# ---------------------------------------------------------------------- frames


class Frames:
    """Hostile frames, one kind at a time, all from one seeded generator."""

    def __init__(self, rng: random.Random, context: Context) -> None:
        self.rng = rng
        self.context = context
        self.kinds: list[tuple[str, Callable[[], str | bytes]]] = [
            ("valid", lambda: json.dumps(self.valid())),
            ("action", lambda: json.dumps(self.action_request())),
            ("wrong_type", lambda: json.dumps(self.wrong_type())),
            ("mutated", self.mutated),
            ("huge", self.huge),
            ("deep", self.deep),
            ("binary", self.binary),
            ("garbage", self.garbage),
        ]

    def next(self) -> tuple[str, str | bytes]:
        kind, make = self.rng.choice(self.kinds)
        return kind, make()

    # The parts of messages.

    def junk(self, depth: int = 0) -> Any:
        """Any JSON value: the wrong type for most fields."""
        rng = self.rng
        choices: list[Callable[[], Any]] = [
            lambda: None,
            lambda: rng.choice([True, False]),
            lambda: rng.choice([0, -1, 1, 2**31, 2**63, -(2**64), 10**30]),
            lambda: rng.choice([0.5, -0.0, 1e308, 3.0]),
            lambda: rng.choice(["", "1", "0", "true", "null", "stock", "7H", "é" * 5, "\x00"]),
            lambda: self.text(rng.randint(0, 40)),
        ]
        if depth < 3:
            choices += [
                lambda: [self.junk(depth + 1) for _ in range(rng.randint(0, 3))],
                lambda: {self.text(4): self.junk(depth + 1) for _ in range(rng.randint(0, 3))},
            ]
        return rng.choice(choices)()

    def text(self, size: int) -> str:
        alphabet = string.printable + "éß中文\u200b\U0001f0a1"
        return "".join(self.rng.choice(alphabet) for _ in range(size))

    def counter(self, room: str) -> Any:
        """A state counter: the current one, a stale or future one, or nonsense."""
        turn = self.context.turns.get(room, 0)
        if self.rng.random() < 0.5:
            return turn
        return self.rng.choice([turn - 1, turn + 1, turn + 1000, -1, 0, 2**63, 10**40])

    def action(self) -> Message:
        """An action: one seen legal somewhere (maybe in another room or for another
        seat), or one of any shape."""
        rng = self.rng
        if self.context.seen_actions and rng.random() < 0.6:
            return dict(rng.choice(self.context.seen_actions))
        name = rng.choice([*CARD_NAMES, *TILE_NAMES, "XX", ""])
        return rng.choice(
            [
                {"type": "draw", "source": rng.choice(["stock", "discard", "pool", "x"])},
                {"type": "pass"},
                {"type": "drop"},
                {"type": "discard", "card": name},
                {"type": "knock", "discard": name},
                {"type": "declare", "discard": name},
                {"type": "play", "table": [[name, name, name]]},
                {"type": rng.choice(["fly", "", "DISCARD"])},
            ]
        )

    def room(self) -> str:
        rng = self.rng
        if rng.random() < 0.8:
            return rng.choice(self.context.rooms)
        return rng.choice(["ABCDEF", "abcdef", "AAAAAA", "", "ZZZZZZZ", "22222\n"])

    def action_request(self) -> Message:
        """An action or a check for the fuzzer's own room, or for a room it watches."""
        # Mostly the own room's counter, so that many actions reach the rules.
        room = self.context.rooms[0] if self.rng.random() < 0.7 else self.room()
        kind = self.rng.choice(["action", "action", "check"])
        return {"type": kind, "turn": self.counter(room), "action": self.action()}

    def valid(self) -> Message:
        """A well-formed message of any type (most are refused where it is)."""
        rng = self.rng
        room = self.room()
        message: Message = rng.choice(
            [
                {"type": "ping"},
                {"type": "join", "room": room, "role": "spectator"},
                {"type": "join", "room": room, "role": "player", "seat": rng.randint(0, 5)},
                {"type": "join", "room": room},
                {"type": "set_seat", "seat": rng.randint(0, 5), "occupant": "bot"},
                {"type": "set_seat", "seat": rng.randint(0, 5), "occupant": "open"},
                {"type": "start"},
                {"type": "leave"},
                {"type": "rematch"},
                {"type": "hint", "turn": self.counter(room)},
                {"type": "hello", "protocol": 3, "token": self.context.token},
                {"type": "chat", "text": self.text(rng.randint(0, 260))},
                {"type": "react", "reaction": rng.choice(["clap", "good_game", "boo"])},
                {"type": "back"},
                {"type": "hand_over", "seat": rng.randint(0, 6)},
                self.action_request(),
            ]
        )
        if rng.random() < 0.3:
            message["id"] = self.text(rng.randint(0, 70))
        return message

    def wrong_type(self) -> Message:
        """A valid message with one field (or the action's) replaced by junk."""
        message = self.valid()
        target = message
        if "action" in message and self.rng.random() < 0.5:
            target = message["action"] = dict(message["action"])
        key = self.rng.choice([*target, "extra"])
        target[key] = self.junk()
        return message

    def mutated(self) -> bytes:
        """A valid message's bytes, flipped, cut or spliced."""
        rng = self.rng
        data = bytearray(json.dumps(self.valid()).encode())
        for _ in range(rng.randint(1, 4)):
            how = rng.choice(["flip", "cut", "insert", "delete"])
            at = rng.randrange(len(data))
            if how == "flip":
                data[at] ^= 1 << rng.randrange(8)
            elif how == "cut":
                del data[at:]
            elif how == "insert":
                data[at:at] = rng.choice([b"{", b"}", b"[", b'"', b"\\", b",", b"\xff", b"\x00"])
            else:
                del data[at : at + rng.randint(1, 8)]
            if not data:
                data = bytearray(b"{")
        return bytes(data)

    def huge(self) -> str:
        """Past the message limit (16 KiB), now and then past the frame limit (64 KiB:
        the server closes the socket)."""
        size = self.rng.choice([17_000, 40_000, 17_000, 70_000])
        message = self.action_request()
        message["action"] = {"type": "discard", "card": "7H" * (size // 2)}
        return json.dumps(message)

    def deep(self) -> str:
        depth = self.rng.choice([50, 200, 1000, 5000])
        inner = "[" * depth + "]" * depth
        room = self.context.rooms[0]
        return f'{{"type":"action","turn":{self.counter(room)},"action":{{"type":{inner}}}}}'

    def binary(self) -> bytes:
        if self.rng.random() < 0.5:
            return json.dumps(self.valid()).encode()
        return bytes(self.rng.randrange(256) for _ in range(self.rng.randint(0, 64)))

    def garbage(self) -> str:
        return json.dumps(self.junk())

    def forged_token(self) -> Any:
        """Another player's token, mutated: never that player's (or anyone's)."""
        rng = self.rng
        token = rng.choice(self.context.other_tokens)
        at = rng.randrange(len(token))
        return rng.choice(
            [
                token[:at] + ("A" if token[at] != "A" else "B") + token[at + 1 :],
                token[:-1],
                token.swapcase() if token.swapcase() != token else token + "x",
                token + " ",
                " " + token,
                "x" * len(token),
                self.junk(),
            ]
        )


# ---------------------------------------------------------------------- checks


def check_message(message: object, where: str) -> Message:
    """Every server message: a JSON object of a known type; every error a known code."""
    if not isinstance(message, dict) or message.get("type") not in SERVER_TYPES:
        raise FuzzFailure(f"{where}: not a server message: {str(message)[:300]}")
    if message["type"] == "error":
        code = message.get("code")
        if code not in KNOWN_CODES:
            raise FuzzFailure(f"{where}: error code {code!r}: {message}")
        if not isinstance(message.get("message"), str) or not message["message"]:
            raise FuzzFailure(f"{where}: an error without a message: {message}")
    if message["type"] == "checked" and message.get("code") == "internal":
        raise FuzzFailure(f"{where}: checked internal: {message}")
    return message


def check_own_hand(state: Message, where: str) -> None:
    """A seat's hand: known names only, as many as its count says."""
    view, seat = state["view"], state["seat"]
    hand = next((view[key] for key in OWN_HAND if key in view), None)
    if seat is None:
        if hand is not None or state["legal"] or state.get("arrangement") is not None:
            raise FuzzFailure(f"{where}: a spectator is shown a hand or moves: {state}")
        return
    sizes = view.get("hand_sizes", view.get("rack_counts"))
    if hand is None and sizes[seat] == 0:
        return  # not dealt in (out of an Indian pool)
    if hand is None or not set(hand) <= NAMES or len(hand) != sizes[seat]:
        raise FuzzFailure(f"{where}: seat {seat}'s hand {hand} (sizes {sizes})")


def public_part(view: Message) -> Message:
    """A seat's view less what only that seat sees: exactly the spectator's view."""
    return {k: (None if k in OWN_HAND or k == "seat" else v) for k, v in view.items()}


# ---------------------------------------------------------------------- honest players


class Honest:
    """A seated player who plays from its legal actions in a thread of its own, until
    its match is over, and checks every state it receives; it offers what it may play
    to the fuzzer (who will send it to the wrong room or at the wrong time)."""

    def __init__(self, client: Client, name: str, first: Message, context: Context) -> None:
        self.client = client
        self.name = name
        self.context = context
        self.states: list[Message] = [first]
        self.failure: BaseException | None = None
        self.stop = threading.Event()
        self.paused = False
        """A part has ended: the player has closed its result and waits for the next."""
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> Honest:
        self.thread.start()
        return self

    @property
    def moves(self) -> int:
        """How far the match went while the fuzzer ran (state counters seen)."""
        return len(self.states) - 1

    def _run(self) -> None:
        try:
            self._play()
        except BaseException as error:  # reported by the test, in the main thread
            self.failure = error

    def _play(self) -> None:
        self._act(self.states[-1])
        while not self.stop.is_set():
            try:
                message = check_message(self.client.recv(0.5), self.name)
            except TimeoutError:
                continue
            if message["type"] == "error":
                raise FuzzFailure(f"{self.name} was refused: {message}")
            if message["type"] == "room" and self.paused and message["room"]["pause"] is None:
                self.paused = False  # the next part has started
                self._act(self.states[-1])
            if message["type"] != "state":
                continue
            check_own_hand(message, self.name)
            previous = self.states[-1]
            if previous["over"]:
                continue  # someone else's rematch: this player's match is done
            if message["turn"] != previous["turn"] + 1:
                raise FuzzFailure(f"{self.name}: counter {previous['turn']} → {message['turn']}")
            self.states.append(message)
            if part_ended(message):  # close the result; play once the next part starts
                self.paused = True
                self.client.send({"type": "ready"})
            else:
                self._act(message)

    def _act(self, state: Message) -> None:
        if state["legal"]:
            self.context.seen_actions.append(state["legal"][-1]["action"])
            self.client.act(state["turn"], pick(state["legal"]))

    def finish(self) -> None:
        self.stop.set()
        self.thread.join(10)
        if self.failure is not None:
            raise self.failure

    def view_at(self, turn: int) -> Message | None:
        """This seat's state at counter ``turn``, if it got one."""
        return next((state for state in self.states if state["turn"] == turn), None)


# ---------------------------------------------------------------------- the fuzzer


@dataclass
class Tally:
    sent: dict[str, int] = field(default_factory=dict)
    received: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    forged: int = 0


class Fuzzer:
    """Sends :class:`Frames` over its own connection(s) and checks every answer.

    Its connection is seated in its own room (first of ``context.rooms``, across the
    table from an honest player) and watches the others as a spectator, keeping every
    state it receives for the leak check."""

    def __init__(self, server: Server, rng: random.Random, context: Context) -> None:
        self.server = server
        self.rng = rng
        self.context = context
        self.frames = Frames(rng, context)
        self.tally = Tally()
        self.watched: list[tuple[str, int, Message]] = []
        """Every state it got (as a spectator, or at its own seat): room, match, state."""
        self.matches: dict[str, int] = {}
        """The number of each room's match, from its latest ``room`` message (which comes
        before the states of a rematch)."""
        self.last: list[str] = []
        self.client = self._connect()

    def _connect(self) -> Client:
        client = self.server.client(self.context.token)
        own, *others = self.context.rooms
        client.join(own)
        for code in others:
            client.send({"type": "join", "room": code, "role": "spectator"})
            # Watching another room leaves the seat's room: go back to it right away.
            client.join(own)
        return client

    def run(self, frames: int, seconds: float, health: Callable[[], None]) -> None:
        deadline = time.monotonic() + seconds
        for count in range(frames):
            if time.monotonic() > deadline:
                break
            if count % 50 == 0:
                health()
                self._synchronise()
                # Back to its own seat (random joins and leaves move it around), so
                # that most actions reach the game's rules.
                self._send(json.dumps({"type": "join", "room": self.context.rooms[0]}))
            if count % 97 == 0:
                self._forge()
            kind, frame = self.frames.next()
            self.tally.sent[kind] = self.tally.sent.get(kind, 0) + 1
            self.last = [*self.last[-4:], f"{kind}: {frame[:200]!r}"]
            if len(frame) > FRAME_LIMIT:
                self._synchronise()  # the socket will close: collect the answers first
            self._send(frame)
            self._drain(0)
        self._synchronise()

    def _send(self, frame: str | bytes) -> None:
        try:
            self.client.socket.send(frame)
        except ConnectionClosed:
            self._reconnect()

    def _reconnect(self) -> None:
        """The server closed the socket (a frame over its limit, a flood): that is a
        defence, not a failure; the seat comes back on a new connection."""
        with contextlib.suppress(Exception):
            self.client.close()
        self.tally.reconnects += 1
        self.client = self._connect()

    def _drain(self, timeout: float) -> None:
        while True:
            try:
                raw = self.client.socket.recv(timeout)
            except TimeoutError:
                return
            except ConnectionClosed:
                self._reconnect()
                return
            self._check(raw)
            timeout = 0

    def _check(self, raw: str | bytes) -> None:
        try:
            message = json.loads(raw)
        except ValueError:
            raise FuzzFailure(f"the server sent a non-JSON frame: {raw[:200]!r}") from None
        check_message(message, f"fuzzer after {self.last}")
        self.tally.received += 1
        kind = message["type"]
        if kind == "error":
            code = message["code"]
            self.tally.codes[code] = self.tally.codes.get(code, 0) + 1
        elif kind == "checked" and message["code"] is not None:
            code = f"checked {message['code']}"
            self.tally.codes[code] = self.tally.codes.get(code, 0) + 1
        elif kind == "state":
            check_own_hand(message, "fuzzer")
            self.context.turns[message["room"]] = message["turn"]
            self.context.seen_actions.extend(entry["action"] for entry in message["legal"])
            del self.context.seen_actions[:-200]
            room = message["room"]
            self.watched.append((room, self.matches.get(room, 1), message))
        elif kind == "room" and message["room"]["match"] is not None:
            self.matches[message["room"]["code"]] = message["room"]["match"]["number"]

    def _synchronise(self) -> None:
        """A ping answered with its ``ref``: the fuzzer's own connection is served."""
        ref = f"sync{self.rng.randrange(10**9)}"
        try:
            self.client.send({"type": "ping", "id": ref})
        except ConnectionClosed:
            self._reconnect()
            return
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                raw = self.client.socket.recv(max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            except ConnectionClosed:
                self._reconnect()
                return
            self._check(raw)
            message = json.loads(raw)
            if message["type"] == "pong" and message.get("ref") == ref:
                return
            if message.get("code") == "rate_limited":
                return  # the ping itself may be refused: a defence working
        raise FuzzFailure(f"no pong within 15 s after {self.last}")

    def _forge(self) -> None:
        """``hello`` with a forged token on a new connection: refused, and the new
        connection never becomes anybody."""
        token = self.frames.forged_token()
        self.tally.forged += 1
        try:
            client = self.server.client()
        except (OSError, InvalidMessage) as error:
            raise FuzzFailure(f"cannot connect: {error}") from None
        try:
            client.send({"type": "hello", "protocol": 3, "token": token})
            reply = check_message(client.recv(10), f"forged token {token!r}")
            if reply["type"] != "error" or reply["code"] not in ("unauthorized", "malformed"):
                raise FuzzFailure(f"a forged token {token!r} was answered {reply}")
        finally:
            client.close()


def leaks(watched: list[tuple[str, int, Message]], honest: dict[str, list[Honest]]) -> int:
    """Compare every view the fuzzer got (a spectator's, or its own seat's) with the same
    counter's view of each honest seat in that room's first match (the one the honest
    players play): equal but for each one's own hand, so nothing of an honest hand
    reached the fuzzer. Returns the number of views compared; raises on a difference."""
    compared = 0
    for room, match, state in watched:
        if match != 1:
            continue
        for player in honest.get(room, []):
            mine = player.view_at(state["turn"])
            if mine is None:
                continue
            if public_part(mine["view"]) != public_part(state["view"]):
                raise FuzzFailure(
                    f"room {room} turn {state['turn']}: the fuzzer's view (seat "
                    f"{state['seat']}) differs from {player.name}'s beyond the own hand"
                )
            compared += 1
    return compared
