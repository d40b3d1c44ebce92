"""The arena: two bots play many paired games, and the results come with error bars.

Every deal is played twice with the seats swapped (paired deals), so the luck of the
cards cancels out of the comparison. A game is the shortest whole game a kit offers: one
part where a variant is a single one (an Indian Points deal, a Rummikub round), else a
match of the default variant (Gin to 100), whose parts (hands) are also counted on their
own. Games run in parallel processes.

Reported per bot pair: win rates with 95% Wilson score intervals (draws — a void deal,
a cancelled hand, a shared Rummikub win — are counted apart), the mean score margin per
deal with a 95% interval over the pairs, and the time per move of each bot (median and
99th percentile). One bot can also meet a list of opponents (the game's zoo,
``registry.zoo``) on the same deals: :func:`against`, a row per opponent.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from rummyhall.bots.base import Bot
from rummyhall.bots.journal import Journal
from rummyhall.bots.paired import NO_OPTIONS, Outcome, Played, Task
from rummyhall.bots.play import decide
from rummyhall.bots.registry import make_bot
from rummyhall.errors import NotationError
from rummyhall.game import GameState, Match
from rummyhall.kit import Variant
from rummyhall.registry import KITS, find_game, new_game, new_match
from rummyhall.rng import Rng

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def contest(game: str, variant: str | None = None) -> Variant:
    """The variant ``game`` is played in: the one named ``variant``, else its first
    single one, else its default."""
    if game not in KITS:
        raise NotationError(f"no arena for {game!r} (games: {', '.join(KITS)})")
    variants = find_game(game).variants
    if variant is None:
        return next((v for v in variants if v.single), variants[0])
    named = [v for v in variants if v.name == variant]
    if not named:
        names = ", ".join(v.name for v in variants)
        raise NotationError(f"{game} has no variant {variant!r} (variants: {names})")
    return named[0]


def start(
    game: str, seed: int, variant: str | None = None, match_options: Mapping[str, Any] = NO_OPTIONS
) -> GameState:
    """A full game: by default a Gin match (standard, to 100), an Indian Points deal, a
    Rummikub round; a named ``variant``'s match (e.g. Indian ``pool101``) unless it is a
    single part, with ``match_options`` beyond what the variant fixes (a Rummikub match's
    ``rounds``)."""
    played = contest(game, variant)
    if played.single:
        if match_options:
            names = ", ".join(match_options)
            raise NotationError(f"{names}: options of a match, and {played.name} is one part")
        return new_game(game, seed=seed)
    return new_match(game, seed=seed, **{**played.fixes, **match_options})


def arena_bot(game: str, kind: str, options: dict[str, Any], seed: int = 0) -> Bot:
    """A bot of ``kind`` (:func:`~rummyhall.bots.registry.make_bot`'s): ``hard`` with the
    run's ``options``, or ``hard@B``, the hard bot at ``B`` seconds a move whatever the
    run's options (one budget against another: ``--bots hard,hard@0.1 --budget 1``)."""
    level, at, budget = kind.partition("@")
    if not at:
        return make_bot(game, kind, seed=seed, **(options if kind == "hard" else {}))
    if level != "hard":
        raise NotationError(f"only the hard bot takes a budget ({kind!r}: try hard@0.1)")
    try:
        seconds = float(budget)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < math.inf:  # nan fails both
        raise NotationError(f"{kind!r}: the budget after @ is seconds a move (try hard@0.1)")
    return make_bot(game, level, seed=seed, budget=seconds)


def play(task: Task) -> Played:
    """Play one game of a task (in a worker process)."""
    state = start(task.game, task.seed, task.variant, dict(task.match_options))
    order = (1, 0) if task.swapped else (0, 1)  # seat of the first bot, of the second
    bots = {
        order[who]: arena_bot(task.game, kind, task.options, seed=2 * task.seed + who)
        for who, kind in enumerate(task.kinds)
    }
    seconds: tuple[list[float], list[float]] = ([], [])
    hands = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        began = time.perf_counter()
        action = decide(state, bots[seat])
        seconds[order.index(seat)].append(time.perf_counter() - began)
        part = state.current if isinstance(state, Match) else None
        state.apply(action)
        if part is not None and part.is_over:  # a part of the match was scored
            points = part.scores
            hands.append(Outcome(points[order[0]], points[order[1]]))
    scores = state.scores
    return Played(task, Outcome(scores[order[0]], scores[order[1]]), hands, seconds)


# --------------------------------------------------------------------- statistics


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``.

    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval."""
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


@dataclass
class Tally:
    """Wins, losses and draws of the first bot, and the margins per deal (pairs
    averaged, so the interval is over independent deals)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    margins: dict[int, list[int]] = field(default_factory=dict)

    def add(self, deal: int, outcome: Outcome) -> None:
        if outcome.margin > 0:
            self.wins += 1
        elif outcome.margin < 0:
            self.losses += 1
        else:
            self.draws += 1
        self.margins.setdefault(deal, []).append(outcome.margin)

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    def rate(self) -> tuple[float, float, float]:
        """The first bot's win rate of decided games and its 95% Wilson interval."""
        decided = self.wins + self.losses
        low, high = wilson(self.wins, decided)
        return (self.wins / decided if decided else 0.0), low, high

    def margin(self) -> tuple[float, float]:
        """The mean margin per game (pairs averaged) and the half-width of its 95% interval."""
        return mean_interval([statistics.fmean(m) for m in self.margins.values()])

    def line(self, label: str, names: tuple[str, str]) -> str:
        rate, low, high = self.rate()
        mean, half = self.margin()
        return (
            f"{label}: {self.played} played, {names[0]} wins {self.wins}, {names[1]} wins "
            f"{self.losses}, draws {self.draws}; {names[0]} win rate {rate:.1%} "
            f"[95% CI {low:.1%}–{high:.1%}] of decided; mean margin {mean:+.2f} ± {half:.2f} "
            f"points per game"
        )

    def cells(self) -> list[str]:
        """Played, drawn, win rate [95% CI], mean margin ± 95%: a row of the zoo's table."""
        rate, low, high = self.rate()
        mean, half = self.margin()
        return [
            str(self.played),
            str(self.draws),
            f"{rate:.1%} [{low:.1%}–{high:.1%}]",
            f"{mean:+.2f} ± {half:.2f}",
        ]


def unit(game: str, variant: str | None = None) -> str:
    """What a game of the arena is, in the plural: a kit's parts, or matches."""
    return f"{find_game(game).part}s" if contest(game, variant).single else "matches"


def move_times(moves: Sequence[float]) -> tuple[float, float]:
    """The median and the 99th percentile of the times per move, in milliseconds."""
    return 1000 * percentile(moves, 0.5), 1000 * percentile(moves, 0.99)


@dataclass
class Report:
    """The arena's results; :meth:`lines` is what the command prints."""

    game: str
    kinds: tuple[str, str]
    deals: int
    variant: str | None = None
    games: Tally = field(default_factory=Tally)
    hands: Tally = field(default_factory=Tally)
    seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    def add(self, played: Played) -> None:
        self.games.add(played.task.deal, played.game)
        for hand in played.hands:
            self.hands.add(played.task.deal, hand)
        for who in (0, 1):
            self.seconds[who].extend(played.seconds[who])

    def lines(self) -> list[str]:
        names = (f"{self.kinds[0]} (1st)", f"{self.kinds[1]} (2nd)")
        out = [
            f"{self.game}: {self.kinds[0]} vs {self.kinds[1]}, {self.deals} deals × 2 "
            "(seats swapped)",
            self.games.line(unit(self.game, self.variant), names),
        ]
        if self.hands.played:
            out.append(self.hands.line(f"{find_game(self.game).part}s", names))
        for who in (0, 1):
            moves = self.seconds[who]
            median, p99 = move_times(moves)
            out.append(
                f"time per move, {names[who]}: median {median:.2f} ms, p99 {p99:.2f} ms over "
                f"{len(moves)} moves"
            )
        return out


@dataclass
class Standings:
    """One bot against a list of opponents, on the same deals; :meth:`lines` prints a row
    per opponent."""

    reports: list[Report]

    def lines(self) -> list[str]:
        """Per opponent: the games won (matches, where the game is a match), the points a
        part (a hand) where parts are counted, else a game, and only then the parts won."""
        first = self.reports[0]
        game, kind = first.game, first.kinds[0]
        games = unit(game, first.variant)
        rate = f"{kind} win rate [95% CI]"
        hands = any(report.hands.played for report in self.reports)
        part = find_game(game).part
        points = f"points a {part} ± 95%" if hands else "mean margin ± 95%"
        header = ["opponent", games, "drawn", rate, points]
        if hands:
            header += [f"{part}s", f"{part}s won [95% CI]"]
        header += [f"{kind} ms/move (median / p99)", "opponent's"]
        rows = [header]
        for report in self.reports:
            played, drawn, won, margin = report.games.cells()
            row = [report.kinds[1], played, drawn, won]
            if hands:
                hand_played, _, hand_won, hand_margin = report.hands.cells()
                row += [hand_margin, hand_played, hand_won]
            else:
                row.append(margin)
            for moves in report.seconds:
                median, p99 = move_times(moves)
                row.append(f"{median:.2f} / {p99:.2f}")
            rows.append(row)
        widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
        table = [
            "  ".join(
                cell.ljust(width) if column == 0 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        ]
        return [
            f"{game}: {kind} against {len(self.reports)} opponents, {first.deals} deals × 2 "
            f"each (seats swapped); win rates of decided {games}"
            + (f" and {part}s" if hands else "")
            + (
                f", points a {part} (the first bot's less the other's)"
                if hands
                else ", margins in points per game"
            ),
            *table,
        ]


def tasks(
    game: str,
    kinds: tuple[str, str],
    deals: int,
    seed: int,
    options: dict[str, Any],
    variant: str | None = None,
    match_options: Mapping[str, Any] = NO_OPTIONS,
) -> list[Task]:
    """Both games of each deal; deal seeds come from ``seed``."""
    rng = Rng(seed)
    found = []
    fixed = tuple(match_options.items())
    for deal in range(deals):
        deal_seed = rng.derive()
        for swapped in (False, True):
            found.append(Task(game, deal, deal_seed, swapped, kinds, options, variant, fixed))
    return found


def run(
    game: str,
    kinds: tuple[str, str],
    deals: int,
    seed: int,
    *,
    workers: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    variant: str | None = None,
    match_options: Mapping[str, Any] = NO_OPTIONS,
    journal: Journal | None = None,
) -> Report:
    """Play ``deals`` deals twice each (seats swapped) between bots of ``kinds``.

    ``workers`` processes (default: one per core; 1 plays in this process);
    ``options`` go to the hard bots (``budget``, ``simulations``); ``progress(done,
    total)`` is called after every game; ``variant`` names the variant played (default:
    :func:`contest`'s), ``match_options`` what the match is played with beyond it
    (``{"rounds": 4}``); a ``journal`` keeps every finished game, and the games it
    holds already are counted as they were played instead of being played again.
    """
    return run_pairs(
        game,
        [kinds],
        deals,
        seed,
        workers=workers,
        options=options,
        progress=progress,
        variant=variant,
        match_options=match_options,
        journal=journal,
    )[0]


def against(
    game: str,
    kind: str,
    opponents: Sequence[str],
    deals: int,
    seed: int,
    *,
    workers: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    variant: str | None = None,
    match_options: Mapping[str, Any] = NO_OPTIONS,
    journal: Journal | None = None,
) -> Standings:
    """A bot of ``kind`` against each of ``opponents`` (e.g. ``registry.zoo(game)``) on the
    same ``deals`` paired deals; the arguments as for :func:`run`."""
    pairs = [(kind, opponent) for opponent in opponents]
    return Standings(
        run_pairs(
            game,
            pairs,
            deals,
            seed,
            workers=workers,
            options=options,
            progress=progress,
            variant=variant,
            match_options=match_options,
            journal=journal,
        )
    )


def run_pairs(
    game: str,
    pairs: Sequence[tuple[str, str]],
    deals: int,
    seed: int,
    *,
    workers: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    variant: str | None = None,
    match_options: Mapping[str, Any] = NO_OPTIONS,
    journal: Journal | None = None,
) -> list[Report]:
    """A report per pair of bot kinds, every pair playing the same deals (one pool of
    processes for them all)."""
    options = options or {}
    start(game, 0, variant, match_options)  # fail early
    for kinds in pairs:
        for kind in kinds:
            arena_bot(game, kind, options)  # fail early
    reports = [Report(game, kinds, deals, variant) for kinds in pairs]
    todo = []
    for report in reports:
        for task in tasks(game, report.kinds, deals, seed, options, variant, match_options):
            known = None if journal is None else journal.played(task)
            if known is None:
                todo.append((report, task))
            else:
                report.add(known)
    total = sum(report.games.played for report in reports) + len(todo)

    def finished(report: Report, played: Played) -> None:
        report.add(played)
        if journal is not None:
            journal.write(played)
        if progress:
            progress(sum(report.games.played for report in reports), total)

    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for report, task in todo:
            finished(report, play(task))
        return reports
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play, task): report for report, task in todo}
        for future in as_completed(futures):
            finished(futures[future], future.result())
    return reports
