"""Board render timings: every system with a render module, plus the text-card fallback."""

from __future__ import annotations

import time

from render import board_renderer, render_board
from rules.core import GameSystem, registry

from . import systems
from .stats import percentile

FALLBACK = "pig"
"""A system without a render module, so ``render_board`` draws the text card."""


def targets() -> list[tuple[str, GameSystem]]:
    found = [(s.id, s) for s in registry.all_systems() if board_renderer(s.id) is not None]
    fallback = systems.get(FALLBACK)
    if board_renderer(fallback.id) is None:
        found.append((f"text-card ({fallback.id})", fallback))
    return found


def time_one(system: GameSystem, reps: int, seed: int) -> dict:
    state = systems.fresh_state(system, seed)
    public = system.view(state, None)
    description = system.describe(public)
    title = f"{system.name} · game #1"
    times: list[float] = []
    png = b""
    for _ in range(reps):
        start = time.perf_counter()
        png = render_board(public, title=title, description=description)
        times.append(time.perf_counter() - start)
    return {
        "seats": len(state.seats),
        "reps": reps,
        "median_ms": percentile(times, 50) * 1000,
        "p95_ms": percentile(times, 95) * 1000,
        "png_kb": len(png) / 1024,
    }


def measure(reps: int, seed: int) -> list[dict]:
    results = []
    for name, system in targets():
        entry: dict = {"name": name, "system": system.id}
        try:
            entry.update(time_one(system, reps, seed))
        except Exception as exc:  # another system's work in progress must not stop the bench
            entry["error"] = f"{type(exc).__name__}: {exc}"[:200]
        results.append(entry)
    return results
