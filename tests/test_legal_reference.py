"""The fast ``legal()`` of every game is exactly the reference: every candidate that ``apply`` accepts.

Games follow the cost rule of rules/core/game.py: ``legal()`` filters ``candidates()`` with a
read-only ``check()`` instead of playing every candidate on a copy of the state. This property
test holds the fast definition to the slow one on random reachable states.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from rules.core import GameSystem, registry

from .test_seed_independence import SETUPS, random_walk


def has_candidates(system_id: str) -> bool:
    """Whether the game lists its candidates (overrides GameSystem.candidates)."""
    return type(registry.get(system_id)).candidates is not GameSystem.candidates


@pytest.mark.parametrize("system_id", sorted(SETUPS))
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_fast_legal_is_the_reference_legal(system_id: str, seed: int, walk: int) -> None:
    system = registry.get(system_id)
    if not has_candidates(system_id):
        pytest.skip(f"{system_id} has no candidates() yet (issue 14)")
    r = random.Random(walk)
    seats, options = SETUPS[system_id](r)
    state = system.setup(seats, options, seed)

    def compare(position) -> None:
        for seat in sorted({p.seat for p in system.pending(position)}):
            fast, slow = system.legal(position, seat), system.legal_by_trial(position, seat)
            only_fast = [a for a in fast if a not in slow]
            only_slow = [a for a in slow if a not in fast]
            assert fast == slow, f"{system.describe(position)}\nonly fast: {only_fast}\nonly slow: {only_slow}"

    random_walk(system, state, r, r.randint(1, 120), compare)


@pytest.mark.parametrize("system_id", sorted(SETUPS))
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_check_only_reads_the_state(system_id: str, seed: int, walk: int) -> None:
    """``check()`` on every candidate leaves the state exactly as it was (no copy needed, none made)."""
    system = registry.get(system_id)
    if not has_candidates(system_id):
        pytest.skip(f"{system_id} has no candidates() yet (issue 14)")
    r = random.Random(walk)
    seats, options = SETUPS[system_id](r)
    state = system.setup(seats, options, seed)

    def untouched(position) -> None:
        before = system.dumps(position)
        for seat in sorted({p.seat for p in system.pending(position)}):
            for action in system.candidates(position, seat):
                system.allows(position, seat, action)
                assert system.dumps(position) == before, f"check({system.format(action)}) changed the state"

    random_walk(system, state, r, r.randint(1, 120), untouched)
