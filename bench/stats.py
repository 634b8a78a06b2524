"""Small statistics helpers: nearest-rank percentiles over seconds, reported in ms."""

from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (``pct`` in 0..100) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    """count, mean, p50, p95, p99 and max of durations given in seconds, in milliseconds."""
    if not seconds:
        return {"count": 0, "mean_ms": 0.0, "p50_ms": 0.0, "p95_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {
        "count": len(seconds),
        "mean_ms": sum(seconds) / len(seconds) * 1000,
        "p50_ms": percentile(seconds, 50) * 1000,
        "p95_ms": percentile(seconds, 95) * 1000,
        "p99_ms": percentile(seconds, 99) * 1000,
        "max_ms": max(seconds) * 1000,
    }


def repeats(argv: list[str] | None, prog: str, doc: str | None) -> int:
    """The ``[reps]`` argument of the engine micro-benchmarks (``bench.engine_<game>``): passes over the
    positions, the fastest of which is kept."""
    p = argparse.ArgumentParser(prog=prog, description=(doc or "").strip().split("\n")[0])
    p.add_argument("reps", nargs="?", type=int, default=3, help="passes over the positions (default 3)")
    return p.parse_args(argv).reps


def fastest_pass(reps: int, one_pass: Callable[[], Counter[str]]) -> Counter[str]:
    """The engine micro-benchmarks' split of a turn (part -> CPU seconds) from the fastest of ``reps``
    passes over their positions."""
    best: Counter[str] | None = None
    for _ in range(reps):
        spent = one_pass()
        if best is None or sum(spent.values()) < sum(best.values()):
            best = spent
    return best if best is not None else Counter()


def fastest_split(reps: int, positions: Sequence[T], turn: Callable[[T, Counter[str]], None]) -> Counter[str]:
    """:func:`fastest_pass` over ``positions``, each replayed by ``turn`` (which adds its parts' CPU)."""

    def one_pass() -> Counter[str]:
        spent: Counter[str] = Counter()
        for position in positions:
            turn(position, spent)
        return spent

    return fastest_pass(reps, one_pass)


def print_split(best: Counter[str], turns: int) -> None:
    """Each part of a turn, then the whole, in microseconds per turn."""
    for part, seconds in best.most_common():
        print(f"{part:40} {seconds / turns * 1e6:7.0f} us")
    print(f"{'whole turn':40} {sum(best.values()) / turns * 1e6:7.0f} us  ({turns} turns)")
