"""The catch-up tells a returning player only what they may know, in every game, in at most ten lines.

Two checks on real tables (the session service and the command layer), for random games of each system:

- a seat misses a whole round (or many): every line of its catch-up comes from an event it may see
  (public, or, in a reply only it reads, told to it alone), never from another seat's secret line;
- the secrets probe's test (tests/secrets_probe.py): the seat's position and one where everything
  hidden from it was drawn again; the other seats play the same foreseeable moves in both, and the
  seat's catch-up (its private lines included) must read exactly the same.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from rules.core import registry
from sessions import catchup
from sessions.service import GameService
from sessions.store import SqliteStore
from table import Table

from .secrets_probe import SETUPS, USERS, Probe, ctx, walk_on


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def allowed(entries, seat: int, private: bool) -> set[str]:
    """Every line the seat may be shown (as the catch-up cuts and spells them)."""
    return {
        catchup._cut(str(e.get("text", "")))
        for entry in entries
        for e in entry.events
        if e.get("visible_to") is None or (private and e.get("visible_to") == seat)
    }


async def missed_rounds(system_id: str, seed: int, r: random.Random) -> list[str]:
    """Play a game where one seat stays silent while the others play on; the problems found."""
    system = registry.get(system_id)
    seats, _ = SETUPS[system_id](r)
    seats = max(2, min(seats, system.max_seats))
    if seats < system.min_seats:
        return []
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        clock = Clock()
        service = GameService(SqliteStore(Path(folder) / "g.db"), clock=clock, seed_source=lambda: seed)
        await service.open()
        try:
            table = Table(service)
            await table.game_new(ctx(USERS[0]), system_id)
            for user in USERS[1:seats]:
                await table.game_join(ctx(user))
            await table.game_start(ctx(USERS[0]))
            silent = r.randrange(seats)
            game_id = (await service.game_in(500)).id
            for _ in range(r.randint(5, 60)):
                record, state = await service.get(game_id)
                if record.status != "active" or state is None:
                    break
                prompts = [p for p in system.pending(state) if p.seat != silent] or system.pending(state)
                prompt = r.choice(prompts)
                action = system.ai_action(system.view(state, prompt.seat), prompt.seat, r.getrandbits(32))
                if action is None:
                    action = system.default_action(state, prompt)
                clock.now += 3600.0
                await service.act(actor=USERS[prompt.seat], action=action, game_id=record.id)
            record, state = await service.get(game_id)
            if state is None:
                return problems
            last = await service.store.last_move(record.id, silent)
            entries = [e for e in await service.store.actions(record.id) if e.version > (last[0] if last else 0)]
            for private in (False, True):
                digest = await service.catch_up(record, state, silent, private=private, always=True)
                if len(digest.lines) > catchup.LIMIT:
                    problems.append(f"{len(digest.lines)} lines")
                may = allowed(entries, silent, private)
                for line in digest.lines:
                    if line not in may and not line.startswith("… and "):
                        problems.append(f"seat {silent} ({'private' if private else 'public'}) told: {line!r}")
                if not private and digest.secret:
                    problems.append("secret lines in a public catch-up")
        finally:
            await service.close()
    return problems


async def same_catch_up(system_id: str, seed: int, r: random.Random) -> list[str]:
    """The probe: the observer's catch-up is the same whatever it cannot see."""
    system = registry.get(system_id)
    seats, options = SETUPS[system_id](r)
    names = [u.name for u in USERS[:seats]]
    state = walk_on(system, system.setup(names, options, seed), r, r.randint(0, 40))
    if system.outcome(state) is not None or seats < 2:
        return []
    observer = r.randrange(seats)
    with tempfile.TemporaryDirectory() as folder:
        probe = Probe(system, pictures=False)
        await probe.open(seats, Path(folder))
        try:
            probe.put([state, system.resample(state, observer, r.getrandbits(62))])
            told = await _catch_ups(probe, observer)
            for _ in range(6):
                states = [t.service._cache[probe.game_id].state for t in probe.tables]
                prompts = [p for p in system.pending(states[0]) if p.seat != observer]
                if not prompts:
                    break
                actor = r.choice(prompts).seat
                public = system.public_choices(states[0], actor)
                if not public:
                    break
                action = r.choice(public)
                if any(system.play(s, actor, action).revealed for s in states):
                    break  # a roll or a draw may tell different things: the probe stops there too
                versions = [t.service._cache[probe.game_id].record.version for t in probe.tables]
                for t in probe.tables:
                    await t.act(ctx(USERS[actor]), action)
                pairs = zip(probe.tables, versions, strict=True)
                logs = [await t.service.store.actions(probe.game_id, v) for t, v in pairs]
                if any(e.revealed for log in logs for e in log):
                    break  # what followed by itself (monsters, events) brought something to light
                told = await _catch_ups(probe, observer)
        finally:
            await probe.close()
    return [] if told[0] == told[1] else [f"seat {observer} is told {told[0]!r} here and {told[1]!r} there"]


async def _catch_ups(probe: Probe, observer: int) -> list[list[str]]:
    """The observer's catch-up (private lines included) at each of the probe's two tables."""
    told = []
    for t in probe.tables:
        record, state = await t.service.get(probe.game_id)
        told.append((await t.service.catch_up(record, state, observer, private=True, always=True)).lines)
    return told


@pytest.mark.parametrize("system_id", sorted(SETUPS))
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_a_missed_round_is_told_only_as_the_seat_may_know_it(system_id: str, seed: int, walk: int) -> None:
    problems = asyncio.run(missed_rounds(system_id, seed, random.Random(walk)))
    assert not problems, problems[:3]


@pytest.mark.parametrize("system_id", sorted(SETUPS))
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_the_catch_up_is_the_same_whatever_the_seat_cannot_see(system_id: str, seed: int, walk: int) -> None:
    problems = asyncio.run(same_catch_up(system_id, seed, random.Random(walk)))
    assert not problems, problems[:3]
