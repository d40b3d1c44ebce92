"""Test servers forked from a process that has already imported the server.

Most of a ``rummyhall serve`` start is Python importing the server (some 1.2 s of
processor time), and the suite starts a few hundred servers on a machine whose cores
are busy throughout: the imports were a fifth of the suite's time. One forkserver per
pytest process imports what ``serve`` imports, once; each server is then a fork of it
that runs ``rummyhall.cli.main`` with the server's arguments, environment and log, as
gunicorn's ``--preload`` forks its workers. It is still the real server in a process of
its own, signalled and killed like one (:class:`Forked` answers as ``subprocess.Popen``
does); only its imports are shared. ``RUMMYHALL_TEST_FORK=0`` starts each server as a
fresh interpreter instead.

The forkserver holds no thread and no event loop, so forking it is safe; it reaps its
children and keeps their exit statuses for :meth:`Forked.poll`.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

PRELOADED = (
    "rummyhall.cli",
    "uvicorn",
    "rummyhall.server.app",
    "rummyhall.server.logs",
    "rummyhall.server.net.transport",
    "rummyhall.server.storage.database",
    "rummyhall.server.storage.migrate",
    "rummyhall.server.workers",
)
"""What ``rummyhall serve`` imports before it serves (cli/serve.py)."""


class Forked:
    """A server forked by the forkserver: ``subprocess.Popen``'s ``pid``, ``poll``,
    ``wait``, ``send_signal``, ``terminate`` and ``kill``, the statuses (a negative
    signal number for a signal) as Popen gives them."""

    def __init__(self, forkserver: Forkserver, pid: int) -> None:
        self.forkserver = forkserver
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self.forkserver.ask({"op": "poll", "pid": self.pid})["status"]
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while (status := self.poll()) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            time.sleep(0.02)
        return status

    def send_signal(self, number: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Forkserver:
    """The client's side: starts the forkserver on first use, forks servers from it."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.connection: socket.socket | None = None
        self.reader: Any = None
        self.folder: str | None = None
        self.environment: dict[str, str] = {}
        self.lock = threading.Lock()
        """One request at a time on the connection (a test's threads may poll servers)."""

    def start(self, argv: Sequence[str], environment: Mapping[str, str], log: Path) -> Forked:
        """``rummyhall argv`` forked with ``environment``, its output appended to ``log``."""
        answer = self.ask(
            {"op": "start", "argv": list(argv), "env": dict(environment), "log": str(log)}
        )
        return Forked(self, answer["pid"])

    def serves(self, environment: Mapping[str, str]) -> bool:
        """Whether a server with ``environment`` may be forked: not when switched off,
        nor when a variable differs from the forkserver's (a module may have read it at
        import)."""
        if os.environ.get("RUMMYHALL_TEST_FORK", "1") == "0":
            return False
        return self.process is None or lasting(environment) == lasting(self.environment)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            if self.connection is None:
                self._launch()
            assert self.connection is not None
            self.connection.sendall(json.dumps(request).encode() + b"\n")
            line = self.reader.readline()
        if not line:
            raise RuntimeError("the test forkserver died")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the test forkserver: {answer['error']}")
        return answer

    def _launch(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="rummyhall-fork-")
        path = os.path.join(self.folder, "socket")
        self.environment = dict(os.environ)
        self.process = subprocess.Popen([sys.executable, "-m", "tests.server.forkserver", path])
        deadline = time.monotonic() + 90
        while not os.path.exists(path):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the test forkserver did not start")
            time.sleep(0.02)
        self.connection = socket.socket(socket.AF_UNIX)
        self.connection.connect(path)
        self.reader = self.connection.makefile("rb")
        atexit.register(self.close)

    def close(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


def lasting(environment: Mapping[str, str]) -> dict[str, str]:
    """``environment`` but the variable pytest changes at every test."""
    return {name: value for name, value in environment.items() if name != "PYTEST_CURRENT_TEST"}


FORKSERVER = Forkserver()
"""This pytest process's forkserver (each xdist worker has its own)."""


def serve(path: str) -> None:
    """The forkserver: imports the server, then forks one child a ``start`` request."""
    for module in PRELOADED:
        __import__(module)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(path + ".part")
    listener.listen(1)
    os.rename(path + ".part", path)  # the client connects once it is all there
    connection, _ = listener.accept()
    reader = connection.makefile("rb")
    statuses: dict[int, int] = {}
    for line in reader:
        request = json.loads(line)
        answer: dict[str, Any]
        try:
            if request["op"] == "start":
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    listener.close()
                    connection.close()
                    run(request["argv"], request["env"], request["log"])
                answer = {"pid": pid}
            else:
                answer = {"status": status_of(request["pid"], statuses)}
        except OSError as error:
            answer = {"error": repr(error)}
        connection.sendall(json.dumps(answer).encode() + b"\n")


def status_of(pid: int, statuses: dict[int, int]) -> int | None:
    """``pid``'s exit status as Popen gives it, None while it runs (reaped once)."""
    if pid not in statuses:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == 0:
            return None
        statuses[pid] = os.waitstatus_to_exitcode(status)
    return statuses[pid]


def run(argv: list[str], environment: dict[str, str], log: str) -> NoReturn:
    """In the child: ``rummyhall argv`` as a fresh process would run it, then exit (never
    back into the forkserver's loop, whatever happens)."""
    status = 1
    try:
        from rummyhall.cli import main

        output = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        os.dup2(output, 1)
        os.dup2(output, 2)
        os.close(output)
        nothing = os.open(os.devnull, os.O_RDONLY)
        os.dup2(nothing, 0)
        os.close(nothing)
        os.environ.clear()
        os.environ.update(environment)
        sys.argv = ["rummyhall", *argv]
        status = main(argv)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


if __name__ == "__main__":
    serve(sys.argv[1])
