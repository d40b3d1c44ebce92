"""The C extensions and the choice between them and their Python references
(``rummyhall/compiled.py``): the Rummikub sweep, the Gin playouts and the Gin solver's
core."""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from rummyhall.bots.gin import playout as gin_playout
from rummyhall.compiled import load_compiled
from rummyhall.games.gin import solver
from rummyhall.games.indian import meldable
from rummyhall.games.rummikub import sweep

EXTENSIONS = {
    "RUMMYHALL_SWEEP": ("rummyhall.games.rummikub._sweep", Path(sweep.__file__), "_sweep.c"),
    "RUMMYHALL_PLAYOUT": (
        "rummyhall.bots.gin._playout",
        Path(gin_playout.__file__),
        "_playout.c",
    ),
    "RUMMYHALL_GIN_CORE": ("rummyhall.games.gin._core", Path(solver.__file__), "_core.c"),
    "RUMMYHALL_INDIAN_MELD": (
        "rummyhall.games.indian._meldable",
        Path(meldable.__file__),
        "_meldable.c",
    ),
}
"""By environment variable: the module, the Python module beside it and the C source."""


@pytest.mark.parametrize("variable", EXTENSIONS)
def test_a_build_older_than_its_source_is_not_used(
    variable: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, _, source = EXTENSIONS[variable]
    pytest.importorskip(module)
    newer = tmp_path / source
    newer.write_text("/* edited after the build */\n")
    monkeypatch.delenv(variable, raising=False)
    with pytest.warns(RuntimeWarning, match="older than"):
        assert load_compiled(module, newer, variable) is None
    monkeypatch.setenv(variable, "c")
    with pytest.raises(ImportError, match="older than"):
        load_compiled(module, newer, variable)


@pytest.mark.parametrize("variable", ["RUMMYHALL_GIN_CORE", "RUMMYHALL_PLAYOUT"])
def test_a_build_older_than_a_header_it_includes_is_not_used(
    variable: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, beside, source = EXTENSIONS[variable]
    pytest.importorskip(module)
    header = tmp_path / solver.DEADWOOD_HEADER.name
    header.write_text("/* edited after the build */\n")
    monkeypatch.setenv(variable, "c")
    with pytest.raises(ImportError, match=r"older than .*_deadwood\.h"):
        load_compiled(module, beside.with_name(source), variable, (header,))


@pytest.mark.parametrize("variable", EXTENSIONS)
def test_the_environment_chooses_the_implementation(
    variable: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, beside, source = EXTENSIONS[variable]
    monkeypatch.setenv(variable, "python")
    assert load_compiled(module, beside.with_name(source), variable) is None
    monkeypatch.setenv(variable, "fortran")
    with pytest.raises(ImportError, match=variable):
        load_compiled(module, beside.with_name(source), variable)
    monkeypatch.setenv(variable, "c")
    with pytest.raises(ImportError, match="not built"):
        load_compiled("rummyhall.games.gin._nowhere", beside.with_name(source), variable)


def test_make_test_runs_the_compiled_code() -> None:
    """``make test`` sets every extension's variable to ``c``, so a failed (optional)
    build of an extension cannot go unnoticed there."""
    if any(os.environ.get(variable) != "c" for variable in EXTENSIONS):
        pytest.skip(f"{', '.join(EXTENSIONS)} not all set to c")
    assert sweep.SWEEP_IMPLEMENTATION == "c"
    assert gin_playout.PLAYOUT_IMPLEMENTATION == "c"
    assert solver.DEADWOOD_IMPLEMENTATION == "c"
    assert meldable.MELDABLE_IMPLEMENTATION == "c"


@pytest.mark.parametrize("variable", EXTENSIONS)
def test_the_c_sources_compile_without_warnings(variable: str, tmp_path: Path) -> None:
    compiler = shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0])
    if compiler is None:
        pytest.skip("no C compiler")
    _, beside, source = EXTENSIONS[variable]
    command = [
        compiler,
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-fPIC",
        f"-I{sysconfig.get_paths()['include']}",
        "-c",
        str(beside.with_name(source)),
        "-o",
        str(tmp_path / "extension.o"),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
