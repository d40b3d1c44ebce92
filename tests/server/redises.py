"""A throw-away Redis for the cluster tests: Debian's ``redis-server`` in a temporary
directory on a free port, without persistence (a restart loses every key, as a Redis
that lost its memory would)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.server.ports import free_port

PROGRAM = shutil.which("redis-server")


class RedisServer:
    def __init__(self) -> None:
        assert PROGRAM is not None, "redis-server is not installed (apt-get install redis-server)"
        self.folder = Path(tempfile.mkdtemp(prefix="rummyhall-redis-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        command = [
            str(PROGRAM),
            *("--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder)),
            *("--save", "", "--appendonly", "no", "--protected-mode", "no"),
        ]
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Kill it (nothing is saved: every key is gone)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
