"""Small statistics helpers: nearest-rank percentiles over seconds, reported in ms."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence


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
