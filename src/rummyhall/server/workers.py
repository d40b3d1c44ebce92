"""Several server processes on one listening socket (``serve --redis URL --workers N``),
each a whole server with its own event loop, sharing rooms through the cluster
(:mod:`rummyhall.server.cluster`): the kernel spreads new connections over them.

A pre-forking supervisor, as gunicorn's: the parent binds the socket, forks the workers
(before any thread or event loop exists, so a fork is safe and the configuration need
not be pickled), forwards SIGTERM and SIGINT to them, and starts a new worker when one
dies; its rooms have meanwhile moved to the others. A worker that exits with an error
within :data:`SETTLE_SECONDS` of its start stops the whole server instead (a
configuration error such as an unreachable Redis would otherwise restart for ever).
"""

from __future__ import annotations

import logging
import os
import signal
import time
from types import FrameType

import uvicorn

log = logging.getLogger(__name__)

SETTLE_SECONDS = 10.0


def serve_workers(config: uvicorn.Config, workers: int) -> int:
    """Run ``workers`` servers of ``config`` on one socket until stopped; the exit code."""
    sock = config.bind_socket()
    started: dict[int, float] = {}
    stopping = False

    def fork() -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            code = 0
            try:
                uvicorn.Server(config).run(sockets=[sock])
            except BaseException:
                log.exception("worker %d failed", os.getpid())
                code = 1
            os._exit(code)
        started[pid] = time.monotonic()

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for pid in started:
            os.kill(pid, signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for _ in range(workers):
        fork()
    code = 0
    while started:
        pid, status = os.wait()
        began = started.pop(pid, None)
        if stopping or began is None:
            continue
        failed = os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0
        if failed and time.monotonic() - began < SETTLE_SECONDS:
            log.error("worker %d failed at start-up: stopping", pid)
            stop(signal.SIGTERM, None)
            code = 1
            continue
        log.warning("worker %d ended (wait status %d): starting another", pid, status)
        fork()
    sock.close()
    return code
