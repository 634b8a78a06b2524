"""Several processes on one PostgreSQL database: one game never takes two actions for one version.

Each worker is a separate Python process with its own GameService (its own cache and per-game
locks) and its own connection pool; only the database stands between them.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from sessions.pg_store import PostgresStore
from sessions.service import Actor, GameService
from tests.pg_server import new_database

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[1]
ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")

WORKER = textwrap.dedent(
    """
    import asyncio, json, sys
    import tests.fixtures.pig
    from sessions.errors import StaleVersion
    from sessions.service import Actor, GameService
    from sessions.stores import open_store

    URL, CLICKED, TAUNTED, COUNT = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")

    async def same_click(svc):
        try:
            await svc.act(actor=ALICE, action={"type": "roll"}, game_id=CLICKED, expected_version=1)
            return "applied"
        except StaleVersion:
            return "stale"

    async def taunt_until_done(svc):
        conflicts = 0
        while True:
            try:
                await svc.act(actor=BOB, action={"type": "taunt"}, game_id=TAUNTED)
                return conflicts
            except StaleVersion:
                conflicts += 1  # another process moved the game on: the cache entry is gone, try again

    async def race(svc, job):
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # both processes start together
        print(json.dumps(await asyncio.gather(*(job(svc) for _ in range(COUNT)))), flush=True)

    async def main():
        svc = GameService(open_store(URL))
        await svc.open()
        await svc.get(CLICKED)  # both games are cached before the races start
        await svc.get(TAUNTED)
        await race(svc, same_click)
        await race(svc, taunt_until_done)
        await svc.close()

    asyncio.run(main())
    """
)


async def started_game(url: str, channel: int) -> int:
    svc = GameService(PostgresStore(url), seed_source=lambda: 11)
    await svc.open()
    try:
        update = await svc.new_game(channel_id=channel, guild_id=1, host=ALICE, system_id="pig", options="target=100")
        await svc.join(channel, BOB)
        await svc.start(channel, ALICE)
        return update.game.id
    finally:
        await svc.close()


@dataclass
class Races:
    url: str
    clicked: int
    """The game 50 presses of the same button raced on (25 from each process)."""
    clicks: list[str]
    taunted: int
    """The game 50 free actions raced on (25 from each process, each retried until applied)."""
    conflicts: list[int]


@pytest.fixture(scope="module")
def races(tmp_path_factory: pytest.TempPathFactory) -> Races:
    """Two worker processes race on two games of one PostgreSQL database (started once for the module)."""
    url = new_database()
    clicked, taunted = asyncio.run(started_game(url, 5)), asyncio.run(started_game(url, 6))
    script = tmp_path_factory.mktemp("workers") / "worker.py"
    script.write_text(WORKER)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, str(script), url, str(clicked), str(taunted), "25"]
    popen = functools.partial(subprocess.Popen, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    procs = [popen(command, cwd=ROOT) for _ in range(2)]
    try:
        results = [_race(procs), _race(procs)]
        for proc in procs:
            assert proc.wait(timeout=120) == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    clicks, conflicts = ([r for per_process in race for r in per_process] for race in results)
    return Races(url, clicked, clicks, taunted, conflicts)


def _race(procs: list[subprocess.Popen[str]]) -> list[list]:
    """Wait until every worker is ready, release them together, collect what each one did."""
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    return [json.loads(proc.stdout.readline()) for proc in procs]  # type: ignore[union-attr]


async def test_fifty_concurrent_applies_from_two_processes_exactly_one_wins(races: Races) -> None:
    assert len(races.clicks) == 50 and races.clicks.count("applied") == 1 and races.clicks.count("stale") == 49
    store = PostgresStore(races.url)
    await store.open()
    try:
        assert [a.version for a in await store.actions(races.clicked)] == [2]  # no lost, no duplicated row
        record = await store.get_game(races.clicked)
        assert record is not None and record.version == 2
    finally:
        await store.close()


async def test_actions_from_two_processes_on_one_game_are_never_lost(races: Races) -> None:
    assert len(races.conflicts) == 50
    svc = GameService(PostgresStore(races.url))
    await svc.open()
    try:
        actions = await svc.store.actions(races.taunted)
        assert [a.version for a in actions] == list(range(2, 52))  # 50 rows, one per version
        assert all(a.action == {"type": "taunt"} for a in actions)
        _, state = await svc.get(races.taunted)
        assert state.taunts == 50  # type: ignore[union-attr]  # every action applied to the latest state
        assert (await svc.verify(races.taunted)).ok
    finally:
        await svc.close()


async def test_a_reminder_is_claimed_once_across_stores() -> None:
    url = new_database()
    game_id = await started_game(url, 5)
    stores = [PostgresStore(url), PostgresStore(url)]  # two pools: two sets of sessions, like two processes
    for store in stores:
        await store.open()
    try:
        record = await stores[0].get_game(game_id)
        assert record is not None
        claims = await asyncio.gather(
            *(stores[i % 2].claim_reminder(game_id, record.version, record.reminders_sent, 1e9 + i) for i in range(50))
        )
        assert claims.count(True) == 1
        after = await stores[1].get_game(game_id)
        assert after is not None and after.reminders_sent == 1
        # A claim on a game that moved on (another version) changes nothing.
        assert not await stores[0].claim_reminder(game_id, record.version + 1, after.reminders_sent, 2e9)
    finally:
        for store in stores:
            await store.close()


async def test_the_named_lock_is_held_by_one_store_at_a_time() -> None:
    url = new_database()
    stores = [PostgresStore(url), PostgresStore(url)]
    for store in stores:
        await store.open()
    inside: list[int] = []
    overlaps = 0

    async def critical(i: int) -> None:
        nonlocal overlaps
        async with stores[i % 2].exclusive("command-sync"):
            inside.append(i)
            if len(inside) > 1:
                overlaps += 1
            await asyncio.sleep(0.01)
            inside.remove(i)

    try:
        await asyncio.gather(*(critical(i) for i in range(8)))
        assert overlaps == 0
    finally:
        for store in stores:
            await store.close()
