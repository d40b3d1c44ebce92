"""bench/web.py runs end to end (a few Gin actions, then Rummikub tiles): it must not
rot between benchmark runs. No figure is checked: timings belong to the benchmark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "web.py"


def test_the_web_benchmark_times_every_kind_of_interaction() -> None:
    run = subprocess.run(
        [sys.executable, str(BENCH), "--actions", "6"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    kinds = [line.split("  n=")[0].strip() for line in run.stdout.splitlines() if "  n=" in line]
    assert "move a Rummikub tile (browser only)" in kinds, run.stdout
    assert all(" n=   0" not in line for line in run.stdout.splitlines())
