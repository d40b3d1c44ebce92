"""What tests and benchmarks set: a fixed seed, a crash at a commit boundary, quicker
reviews."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import TESTS, setting


@dataclass(frozen=True)
class HookSettings:
    """What tests and benchmarks set: a fixed seed, a crash at a commit boundary, quicker
    reviews."""

    match_seed: int | None = setting(
        None,
        "start every match from this seed (for tests: repeatable deals)",
        group=TESTS,
    )
    """The bots, seeded from the match, repeat exactly too."""
    fault_point: str | None = setting(
        None,
        "for crash tests: SIGKILL the server at this commit boundary of the store, "
        "e.g. finish_match:before (rummyhall.server.storage.faults)",
        group=TESTS,
        metavar="NAME:MOMENT[:N]",
    )
    """Never set in production."""
    review_worlds: int | None = setting(
        None,
        "sampled worlds a decision in the site's reviews (for tests: quicker, noisier); "
        "default: the review's own, Gin 512, Indian 48, Rummikub 64 (docs/review.md)",
        group=TESTS,
        metavar="N",
        at_least=2,
    )
