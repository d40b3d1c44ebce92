"""Shared test settings: deterministic hypothesis runs, no per-example deadline (shared,
noisy machines), and a larger profile for nightly use (HYPOTHESIS_PROFILE=thorough)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
