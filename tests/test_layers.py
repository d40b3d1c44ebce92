"""The layers of docs/design.md hold (issue 41): import-linter checks the contracts listed
in pyproject.toml's ``[tool.importlinter]`` over the import graph of ``src/rummyhall``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_import_contract_is_kept() -> None:
    linter = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run(
        [str(linter), "--no-cache"],
        cwd=ROOT,  # where it reads pyproject.toml
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
