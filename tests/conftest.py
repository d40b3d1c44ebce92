"""Shared test settings: deterministic hypothesis runs, no per-example deadline (shared,
noisy machines), and a larger profile for nightly use (HYPOTHESIS_PROFILE=thorough,
or fuzz for the state machines: make fuzz)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", deadline=None, max_examples=2000)
# make fuzz: the state machines of tests/games/test_stateful.py, many and long runs.
settings.register_profile(
    "fuzz",
    deadline=None,
    max_examples=50,
    stateful_step_count=150,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
