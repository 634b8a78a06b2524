"""A refusal never depends on a die nobody has seen, in every game.

For random reachable states of each game, the same position with another seed (the same past,
different future dice, shuffles and draws) must offer the same ``legal()`` actions and prompts,
accept or refuse every legal action alike (with the same words), and accept or refuse random
compound commands alike. A rule that peeks at the next roll to decide whether a move is allowed
shows up here as a difference between the two seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from rules.core import BATCH, Action, BaseState, GameSystem, RngState, RuleError, registry
from rules.endure.content import content as endure_content

from .test_endure_balance import crew_for

Setup = Callable[[random.Random], tuple[list[str], dict[str, str]]]

MAX_SAMPLE = 25
"""Legal actions tried per seat and checkpoint (all of them when there are fewer)."""


def _starcadia(r: random.Random) -> tuple[list[str], dict[str, str]]:
    scenario = r.choice(["1", "2A", "2B", "3A", "3B", "3C", "4"])
    options = {
        "scenario": scenario,
        "mode": "campaign" if scenario == "1" else "episodic",
        "draft": r.choice(["choice", "snake", "random"]),
        "events": r.choice(["auto", "choose"]),
        "monsters": r.choice(["bot", "player"]),
        "defence": r.choice(["prefs", "ask"]),
    }
    return [f"P{i}" for i in range(r.randint(2, 4))], options


def _armada(r: random.Random) -> tuple[list[str], dict[str, str]]:
    options = {"difficulty": r.choice(["easy", "normal", "hard"]), "hardline": r.choice(["yes", "no"])}
    return [f"cap{i}" for i in range(r.randint(1, 4))], options


def _endure(r: random.Random) -> tuple[list[str], dict[str, str]]:
    mission = r.choice(sorted(endure_content().missions))
    n = r.randint(1, 4)
    options = {"mission": mission}
    if endure_content().missions[mission].needs:
        options["crew"] = crew_for(mission, n)
    return [f"p{i}" for i in range(n)], options


SETUPS: dict[str, Setup] = {"starcadia": _starcadia, "armada": _armada, "endure": _endure}


def reseeded(system: GameSystem, state: BaseState, seed: int) -> BaseState:
    """The same position with a different future: another seed, the same number of draws made."""
    other = system.clone(state)
    other.rng = RngState(seed=seed, draws=state.rng.draws)
    return other


def verdict(system: GameSystem, state: BaseState, seat: int, action: Action) -> str:
    """'ok', or the refusal's words."""
    try:
        system.apply(state, seat, action)
    except RuleError as exc:
        return f"refused: {exc}"
    return "ok"


def compound(system: GameSystem, state: BaseState, seat: int, r: random.Random) -> Action | None:
    """Two or three commands, each legal where the ones before it leave the game (with this seed)."""
    steps: list[Action] = []
    for _ in range(r.randint(2, 3)):
        options = [a for a in system.legal(state, seat) if a.get("type") != BATCH]
        if not options or system.outcome(state) is not None:
            break
        step = r.choice(options)
        steps.append(step)
        try:
            state, _ = system.apply(state, seat, step)
        except RuleError:
            break
    return {"type": BATCH, "actions": steps} if len(steps) >= 2 else None


def check_position(system: GameSystem, state: BaseState, other_seed: int, r: random.Random) -> None:
    other = reseeded(system, state, other_seed)
    assert system.pending(state) == system.pending(other), "the prompts depend on the seed"
    for seat in sorted({p.seat for p in system.pending(state)}):
        legal = system.legal(state, seat)
        assert legal == system.legal(other, seat), f"legal() depends on the seed\n{system.describe(state)}"
        for action in legal if len(legal) <= MAX_SAMPLE else r.sample(legal, MAX_SAMPLE):
            here, there = verdict(system, state, seat, action), verdict(system, other, seat, action)
            assert here == there, f"{system.format(action)}: {here} / with another seed: {there}"
            assert here == "ok", f"legal() offers {system.format(action)} but it is {here}"
        if system.max_batch:
            for _ in range(3):
                batch = compound(system, state, seat, r)
                if batch is None:
                    continue
                here, there = verdict(system, state, seat, batch), verdict(system, other, seat, batch)
                assert here == there, f"{system.format(batch)}: {here} / with another seed: {there}"


def random_walk(system: GameSystem, state: BaseState, r: random.Random, steps: int, on_position) -> BaseState:
    """Random legal play; ``on_position`` looks at some of the positions on the way."""
    for step in range(steps):
        if system.outcome(state) is not None:
            break
        prompts = system.pending(state)
        prompt = r.choice(prompts)
        legal = system.legal(state, prompt.seat)
        action: Any = r.choice(legal) if legal and r.random() < 0.97 else system.default_action(state, prompt)
        if r.random() < 0.08 or step == steps - 1:
            on_position(state)
        state, _ = system.apply(state, prompt.seat, action)
    return state


@pytest.mark.parametrize("system_id", sorted(SETUPS))
@given(seed=hs.integers(0, 2**32), other_seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_legal_moves_and_refusals_do_not_depend_on_the_seed(system_id: str, seed: int, other_seed: int, walk: int):
    system = registry.get(system_id)
    r = random.Random(walk)
    seats, options = SETUPS[system_id](r)
    state = system.setup(seats, options, seed)
    if other_seed == seed:
        other_seed += 1
    random_walk(system, state, r, r.randint(1, 160), lambda s: check_position(system, s, other_seed, r))
