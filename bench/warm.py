"""Games in the middle of play: the bench's games start from states taken at random points of whole games.

A game's first moves (a draft, a first planning step) cost far less than its middle, so the
measured games must not all be fresh. Whole games are played in the engine alone (the same
policies as :mod:`bench.simulate`), snapshots are taken at random steps, and the stored games'
states are replaced by them before anything is timed.
"""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

from rules.core import GameSystem

from . import simulate, systems

STEP_CAP = 400
"""Steps of one snapshot game at most (random play need not end)."""


def snapshots(
    system: GameSystem, games: int, per_game: int, seed: int, cap: int = STEP_CAP, seconds: float = 60.0
) -> list[bytes]:
    """``games`` random games of the bench's seat count (``cap`` steps at most), ``per_game`` states from each.

    Only states where the game is still running and someone has a legal move are kept. No new game
    is begun after ``seconds``.
    """
    rng = random.Random(seed)
    started = time.perf_counter()
    policy = simulate.policy(system.id)
    names = [f"player{i + 1}" for i in range(systems.seat_count(system))]
    taken: list[bytes] = []
    for n in range(games):
        if n and time.perf_counter() - started > seconds:
            break
        state = system.setup(names, systems.default_options(system), seed + n)
        seen: list[bytes] = []
        for _ in range(cap):
            if system.outcome(state) is not None:
                break
            prompts = [p for p in system.pending(state) if system.legal(state, p.seat)]
            if not prompts:
                break
            seen.append(system.dumps(state))
            seat = prompts[0].seat
            state, _ = system.apply(state, seat, policy(state, system.legal(state, seat), rng))
        taken += rng.sample(seen, min(per_game, len(seen)))
    return taken


def seat_name(seat: int) -> str:
    """The name the snapshots were set up with; the bench's players use it too, so nothing is renamed."""
    return f"player{seat + 1}"


def restamp(db_path: Path, game_ids: list[int], states: list[bytes], rng: random.Random) -> None:
    """Give each stored game one of ``states`` (at random), in one transaction. The service must be closed."""
    if not states:
        return
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        conn.executemany("UPDATE games SET state=? WHERE id=?", [(rng.choice(states), g) for g in game_ids])
        conn.execute("COMMIT")
    finally:
        conn.close()
