"""bench/load.py runs end to end (a tiny ramp): it must not rot between `make bench`es.
No figure is checked: timings belong to the benchmark, not to the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "load.py"


def test_the_load_benchmark_ramps_and_reports_the_knee_and_memory() -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            *("--step", "2", "--max-rooms", "4", "--settle", "0.5", "--window", "1.5"),
            *("--idle-rooms", "10", "--think", "0.05", "--target-ms", "60000"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "memory per idle room:" in out
    assert "memory per active room:" in out
    assert "knee: 4 rooms" in out
    assert "stopped at --max-rooms 4" in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["2"], ["4"])]
    assert [row[0] for row in rows] == ["2", "4"]
    assert all(row[-1] == "0" for row in rows), out  # no error message from the server
