"""Which systems the bench can drive, and how it sets them up and picks their actions."""

from __future__ import annotations

import random
from typing import Any

import msgspec

import tests.fixtures.pig  # noqa: F401  (registers the Pig test system)
from rules.core import Action, BaseState, GameSystem, Prompt, registry

FLOOR = "pig"
"""The toy test game: measured after the real games, as the floor of what any game costs."""


def bench_systems(only: str | None = None) -> list[str]:
    """Every registered real game (by id), then the floor; or just ``only`` (checked to exist)."""
    if only:
        return [get(only).id]
    real = [s.id for s in registry.all_systems() if s.id != FLOOR]
    return [*real, FLOOR]


def seat_count(system: GameSystem) -> int:
    """Two seats where the system allows it (else its minimum)."""
    return max(system.min_seats, min(2, system.max_seats))


def default_options(system: GameSystem) -> dict[str, str]:
    """Default options plus the first scenario, as ``GameService.start`` would pass them."""
    options = {o.name: o.default for o in system.options()}
    scenarios = system.scenarios()
    if scenarios:
        options.setdefault("scenario", scenarios[0].value)
    return options


def fresh_state(system: GameSystem, seed: int) -> BaseState:
    names = [f"player{i + 1}" for i in range(seat_count(system))]
    return system.setup(names, default_options(system), seed)


def choose(
    system: GameSystem, state: BaseState, prompts: list[Prompt], rng: random.Random
) -> tuple[int, Action] | None:
    """A legal action for the first prompted seat that has one (the bench's choice, not the engine's)."""
    for prompt in prompts:
        legal = system.legal(state, prompt.seat)
        if legal:
            return prompt.seat, rng.choice(legal)
    return None


def get(system_id: str) -> GameSystem:
    return registry.get(system_id)


def plain(value: Any) -> Any:
    """What the store logs for an action or event (JSON-ready builtins)."""
    return msgspec.to_builtins(value)
