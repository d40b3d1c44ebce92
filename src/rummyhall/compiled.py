"""Choosing between a compiled hot path and its pure-Python reference.

The C extensions (the Rummikub sweep, the Gin playouts) are optional: an install without a
C compiler still works, on the Python code they mirror. Each has an environment variable:
``python`` forces the reference, ``c`` requires the extension (an import error otherwise;
``make test`` sets it), nothing uses the extension when it is there. A build older than its
source (a source tree edited without ``make``) is never used: loading warns and falls back
to Python.
"""

from __future__ import annotations

import importlib
import os
import warnings
from pathlib import Path
from types import ModuleType


def load_compiled(
    module: str, source: Path, variable: str, headers: tuple[Path, ...] = ()
) -> ModuleType | None:
    """The extension ``module`` built from ``source`` (which includes ``headers``) if it
    is built, current and wanted (as the environment ``variable`` says); ``None`` for
    the Python reference."""
    wanted = os.environ.get(variable, "")
    if wanted not in ("", "c", "python"):
        raise ImportError(f"{variable}={wanted!r}: expected 'c', 'python' or nothing")
    if wanted == "python":
        return None
    try:
        compiled = importlib.import_module(module)
    except ImportError as error:
        if wanted == "c":
            raise ImportError(
                f"{variable}=c but {module} is not built ({error}); build it with "
                "`pip install -e .` (needs a C compiler and Python headers)"
            ) from error
        return None
    built = Path(compiled.__file__ or "")
    newer = [path for path in (source, *headers) if path.exists()]
    newer = [path for path in newer if path.stat().st_mtime > built.stat().st_mtime]
    if newer:
        message = (
            f"{built.name} is older than {newer[0]} and not used: rebuild it with `make` "
            "or `pip install -e .`"
        )
        if wanted == "c":
            raise ImportError(message)
        warnings.warn(message + "; using the pure-Python code", RuntimeWarning, stacklevel=3)
        return None
    return compiled
