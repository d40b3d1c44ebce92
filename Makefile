# `make run` and `make test` work on a fresh machine: they create the virtualenv and
# install what they need (again whenever pyproject.toml or a C source changes: the
# editable install builds the C extension in place, next to its source).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
DEV := $(VENV)/.dev-installed
BENCH := $(VENV)/.bench-installed
C_SOURCES := $(shell find src -name '*.c')

.PHONY: run test lint bench clean

$(DEV): pyproject.toml $(C_SOURCES)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

$(BENCH): $(DEV)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	touch $@

run: $(DEV)
	$(VENV)/bin/rummyhall serve

lint: $(DEV)
	$(PY) -m ruff check src tests bench
	$(PY) -m ruff format --check src tests bench
	$(PY) -m mypy

# RUMMYHALL_SWEEP=c RUMMYHALL_PLAYOUT=c: the tests fail if an (optional) C extension
# did not build.
test: lint
	RUMMYHALL_SWEEP=c RUMMYHALL_PLAYOUT=c $(PY) -m pytest README.md docs src tests

bench: $(BENCH)
	$(PY) bench/gin.py
	$(PY) bench/indian.py
	$(PY) bench/rummikub.py
	$(PY) bench/server.py
	$(PY) bench/load.py
	$(PY) bench/bots.py
	$(PY) bench/gin_playout.py
	$(PY) bench/indian_hard.py
	$(PY) bench/web.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
