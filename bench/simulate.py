"""A whole game simulated in the engine alone: random legal play from setup to the end.

The issues' target is a full random game (4 crews / 4 players / a mission) in <= 2 s. Random play
can wander, so each game has a step cap; a game that hits it is reported as unfinished. Starcadia's
scenarios never end under purely random moves (nobody pursues the quests), so it is played by the
quest-minded policy of its bot seats (rules/starcadia/ai.py), and counts as finished when the scenario ends.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rules.core import Action, BaseState, GameSystem

from . import systems

STEP_CAP = 5000

Policy = Callable[[Any, list[Action], random.Random], Action]


def _over(system: GameSystem, state: BaseState) -> bool:
    if system.id == "starcadia":
        return state.phase not in ("draft", "shuttle", "play")  # the scenario has ended
    return system.outcome(state) is not None


POLICY_ERRORS: list[str] = []
"""What a game's own policy raised (the bench then played a random legal move instead)."""


def policy(system_id: str) -> Policy:
    """How the bench plays ``system_id`` in the engine: random legal moves (Starcadia: quest-minded)."""
    if system_id != "starcadia":
        return lambda state, legal, rng: rng.choice(legal)
    from rules.starcadia.ai import smart_choice

    def guarded(state: Any, legal: list[Action], rng: random.Random) -> Action:
        try:
            return smart_choice(state, legal, rng)
        except Exception as exc:  # another package's bug must not stop the bench; it is reported
            POLICY_ERRORS.append(f"{type(exc).__name__}: {exc}"[:200])
            return rng.choice(legal)

    return guarded


def play_one(system: GameSystem, seed: int, seats: int, cap: int = STEP_CAP) -> dict[str, Any]:
    rng = random.Random(seed)
    choose = policy(system.id)
    names = [f"player{i + 1}" for i in range(seats)]
    options = systems.default_options(system)
    if system.id == "starcadia":
        options["draft"] = "random"
    started = time.perf_counter()
    state = system.setup(names, options, seed)
    steps = 0
    step_seconds: list[float] = []
    measuring = 0.0
    while steps < cap and not _over(system, state):
        prompts = [p for p in system.pending(state) if system.legal(state, p.seat)]
        if not prompts:
            break
        seat = prompts[0].seat
        action = choose(state, system.legal(state, seat), rng)
        # CPU time of this thread: the engine's own cost, not how the machine's scheduler treated it
        begun = time.thread_time()
        state, _ = system.apply(state, seat, action)
        applied = time.perf_counter()
        upcoming = system.pending(state)
        if upcoming:  # the engine's share of a turn: apply, then legal() of the new position once
            system.legal(state, upcoming[0].seat)
        step_seconds.append(time.thread_time() - begun)
        measuring += time.perf_counter() - applied
        steps += 1
    seconds = time.perf_counter() - started - measuring  # the game as before, without the measuring
    return {"seconds": seconds, "steps": steps, "finished": _over(system, state), "step_seconds": step_seconds}


def measure(system_id: str, games: int, seed: int, cap: int = STEP_CAP) -> dict[str, Any]:
    """``games`` random games of ``system_id`` with up to four seats (at most ``cap`` steps each):
    median and worst time, how many ended."""
    system = systems.get(system_id)
    seats = max(system.min_seats, min(4, system.max_seats))
    runs = [play_one(system, seed + n, seats, cap) for n in range(max(1, games))]
    steps = sorted(t for r in runs for t in r["step_seconds"])
    return {
        "step_p50_ms": _at(steps, 0.50) * 1000,
        "step_p99_ms": _at(steps, 0.99) * 1000,
        "step_max_ms": (steps[-1] if steps else 0.0) * 1000,
        "seats": seats,
        "median_s": statistics.median(r["seconds"] for r in runs),
        "max_s": max(r["seconds"] for r in runs),
        "median_steps": statistics.median(r["steps"] for r in runs),
        "finished": sum(r["finished"] for r in runs),
        "games": len(runs),
    }


def _at(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0
