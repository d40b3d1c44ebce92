# `make run` and `make test` work on a fresh machine: they create the virtualenv and
# install what they need (again whenever pyproject.toml or a C source changes: the
# editable install builds the C extension in place, next to its source).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
RUN := $(VENV)/.installed
DEV := $(VENV)/.dev-installed
BENCH := $(VENV)/.bench-installed
C_SOURCES := $(shell find src -name '*.c' -o -name '*.h')

.PHONY: run test lint bench soak fuzz clean

# Running needs the package alone; the tests, lint and benchmarks add their tools.
$(RUN): pyproject.toml $(C_SOURCES)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(DEV): $(RUN)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

$(BENCH): $(DEV)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	touch $@

run: $(RUN)
	$(VENV)/bin/rummyhall serve

lint: $(DEV)
	$(PY) -m ruff check src tests bench examples
	$(PY) -m ruff format --check src tests bench examples
	$(PY) -m mypy

# RUMMYHALL_*=c (every extension): the tests fail if an (optional) C extension
# did not build. The tests that only compute run on every core (pytest-xdist); the
# server and browser tests, which start servers and Chromium and mostly wait on
# sockets, then run $(SERVER_JOBS) test files at a time (each file's server is its own).
# Then the server suite again on PostgreSQL, in a throw-away cluster per worker
# (tests/server/databases.py), where Debian's postgresql is installed.
SERVER_JOBS ?= 3
test: lint
	RUMMYHALL_SWEEP=c RUMMYHALL_PLAYOUT=c RUMMYHALL_GIN_CORE=c RUMMYHALL_INDIAN_MELD=c $(PY) -m pytest -n auto --durations=10 \
	  README.md docs src tests --ignore=tests/server --ignore=tests/web
	RUMMYHALL_SWEEP=c RUMMYHALL_PLAYOUT=c RUMMYHALL_GIN_CORE=c RUMMYHALL_INDIAN_MELD=c $(PY) -m pytest -n $(SERVER_JOBS) \
	  --dist loadfile --durations=10 tests/server tests/web
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "The server suite on PostgreSQL:"; \
	  RUMMYHALL_TEST_DATABASE=postgresql $(PY) -m pytest -n $(SERVER_JOBS) --dist loadfile tests/server; \
	else echo "PostgreSQL is not installed (apt-get install postgresql): its run is skipped"; fi

# 200 plain kill -9 / restart cycles of a server while bot games run, every one audited
# (tests/server/soak.py; the test suite runs a short version).
soak: $(DEV)
	$(PY) -m tests.server.soak --cycles 200

# Long property and fuzz runs (minutes): the state machines under the hypothesis "fuzz"
# profile, then the protocol fuzzer for FUZZ_SECONDS with a fresh seed (printed; rerun a
# failure with RUMMYHALL_FUZZ_SEED=<seed>).
FUZZ_SECONDS ?= 300
fuzz: $(DEV)
	HYPOTHESIS_PROFILE=fuzz RUMMYHALL_SWEEP=c RUMMYHALL_PLAYOUT=c $(PY) -m pytest tests/games/test_stateful.py
	RUMMYHALL_FUZZ_SECONDS=$(FUZZ_SECONDS) RUMMYHALL_FUZZ_FRAMES=100000000 \
	RUMMYHALL_FUZZ_SEED=$${RUMMYHALL_FUZZ_SEED:-$$(date +%s)} \
	RUMMYHALL_SWEEP=c RUMMYHALL_PLAYOUT=c RUMMYHALL_GIN_CORE=c RUMMYHALL_INDIAN_MELD=c $(PY) -m pytest -s tests/server/test_fuzz.py

bench: $(BENCH)
	$(PY) bench/gin.py
	$(PY) bench/indian.py
	$(PY) bench/rummikub.py
	$(PY) bench/server.py
	$(PY) bench/load.py
	$(PY) bench/silent.py
	$(PY) bench/reads.py
	$(PY) bench/bots.py
	$(PY) bench/gin_playout.py
	$(PY) bench/indian_hard.py
	$(PY) bench/web.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
