"""Secrets stay secret on every surface, in every game (see tests/secrets_probe.py for what is compared).

For random reachable positions and a random observer (a seat or a spectator), everything hidden from
the observer is drawn again (``GameSystem.resample``) and the observer must be told exactly the same
things by the real table in both positions: status, view, log, autocomplete, refusals, pictures, and
the reply to an action that brought nothing hidden to light.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from .secrets_probe import SETUPS, probe_game


@pytest.mark.parametrize("system_id", sorted(SETUPS))
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_an_observer_is_told_the_same_whatever_it_cannot_see(system_id: str, seed: int, walk: int) -> None:
    leaks = asyncio.run(probe_game(system_id, seed, random.Random(walk), positions=2, pictures=walk % 4 == 0))
    assert not leaks, "\n".join(str(leak)[:1500] for leak in leaks[:3])
