"""SQLite against PostgreSQL: the same acts through the session service, each next to a bare commit.

``python -m bench --backends`` plays random legal actions of a few systems through
``GameService.act`` on each store: one at a time (latency) and with every game acting at once
(throughput). The yardstick is a bare commit of the same bytes on the same database engine, in
the same run: plain ``sqlite3`` for SQLite, one asyncpg transaction (the store's UPDATE and INSERT)
for PostgreSQL. PostgreSQL is the server given with ``--pg URL``, or a throwaway local server
(the tests' helper) when the PostgreSQL binaries are installed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.core import registry
from sessions.service import Actor, GameService
from sessions.store import SqliteStore, Store

from . import baseline
from .stats import summary_ms

Sizes = list[tuple[int, int, int]]
"""(state, action, events) bytes of each act, for the bare commits."""

CHANNELS = 7_000_000


async def _games(service: GameService, system_id: str, count: int) -> list[tuple[int, dict[int, Actor]]]:
    system = registry.get(system_id)
    seats = max(system.min_seats, min(2, system.max_seats))
    made = []
    for index in range(count):
        channel = CHANNELS + index
        actors = [Actor(10_000 + index * 10 + s, f"p{index}-{s}") for s in range(seats)]
        await service.new_game(channel_id=channel, guild_id=1, host=actors[0], system_id=system_id)
        for actor in actors[1:]:
            await service.join(channel, actor)
        update = await service.start(channel, actors[0])
        by_user = {a.user_id: a for a in actors}
        made.append((update.game.id, {s.seat: by_user[s.user_id] for s in update.game.seats}))
    return made


async def _one_act(
    service: GameService, game_id: int, actors: dict[int, Actor], rng: random.Random, sizes: Sizes
) -> float | None:
    """One random legal act of the game's deciding seat; its latency (None when the game is over)."""
    record, state = await service.get(game_id)
    if record.status != "active" or state is None:
        return None
    system = registry.get(record.system)
    for prompt in system.pending(state):
        legal = system.legal(state, prompt.seat)
        if legal and prompt.seat in actors:
            action = rng.choice(legal)
            start = time.perf_counter()
            update = await service.act(actor=actors[prompt.seat], action=action, game_id=game_id)
            seconds = time.perf_counter() - start
            events = json.dumps([e.text for e in update.events])
            sizes.append((len(system.dumps(update.state)), len(json.dumps(action)), len(events)))
            return seconds
    return None


async def measure(store: Store, system_id: str, games: int, actions: int, seed: int) -> tuple[dict[str, Any], Sizes]:
    """Latency one at a time and throughput with every game acting at once, on ``store``."""
    rng = random.Random(seed)
    service = GameService(store, seed_source=lambda: rng.getrandbits(62))
    await service.open()
    sizes: Sizes = []
    try:
        tables = await _games(service, system_id, games)
        latencies = []
        for i in range(actions):
            game_id, actors = tables[i % len(tables)]
            seconds = await _one_act(service, game_id, actors, rng, sizes)
            if seconds is not None:
                latencies.append(seconds)

        async def keep_acting(game_id: int, actors: dict[int, Actor], turns: int) -> int:
            done = 0
            for _ in range(turns):
                if await _one_act(service, game_id, actors, rng, []) is None:
                    break
                done += 1
            return done

        start = time.perf_counter()
        done = await asyncio.gather(*(keep_acting(g, a, max(1, actions // len(tables))) for g, a in tables))
        wall = time.perf_counter() - start
    finally:
        await service.close()
    result = summary_ms(latencies)
    result["saturated_actions_per_s"] = sum(done) / wall if wall > 0 else 0.0
    return result, sizes


async def bare_postgres(url: str, sizes: Sizes, games: int) -> dict[str, Any]:
    """The store's UPDATE and INSERT of the same bytes in one transaction each, on a fresh database."""
    import asyncpg

    from sessions.pg_store import PostgresStore

    store = PostgresStore(url)
    await store.open()  # migrations: the same tables as the store's
    await store.close()
    conn = await asyncpg.connect(url, server_settings={"synchronous_commit": "on"})
    try:
        now = time.time()
        await conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, system, options, seed, status, host_id, version, state,"
            " created_at, updated_at, last_action_at) VALUES ($1,1,$2,'bare','{}',0,'active',1,1,$3,$4,$4,$4)",
            [(900_000 + i, 9_000_000 + i, b"s", now) for i in range(games)],
        )
        versions = dict.fromkeys(range(games), 1)
        latencies = []
        for i, (state_len, action_len, events_len) in enumerate(sizes):
            game = i % games
            version = versions[game]
            start = time.perf_counter()
            async with conn.transaction():
                await conn.fetchval(
                    "UPDATE games SET state=$1, version=$2, updated_at=$3, last_action_at=$3, reminders_sent=0,"
                    " last_reminder_at=NULL, status='active' WHERE id=$4 AND version=$5 RETURNING version",
                    b"s" * state_len, version + 1, time.time(), 900_000 + game, version,
                )  # fmt: skip
                await conn.execute(
                    "INSERT INTO actions (game_id, version, seat, user_id, action, events, at, by_default, kind,"
                    " revealed) VALUES ($1,$2,0,1,$3,$4,$5,0,'move','')",
                    900_000 + game, version + 1, "a" * action_len, "e" * events_len, time.time(),
                )  # fmt: skip
            latencies.append(time.perf_counter() - start)
            versions[game] = version + 1
    finally:
        await conn.close()
    return summary_ms(latencies)


def _ratio(ours: dict[str, Any], bare: dict[str, Any]) -> dict[str, float]:
    def div(a: float, b: float) -> float:
        return a / b if b > 0 else 0.0

    return {"mean": div(ours["mean_ms"], bare["mean_ms"]), "p99": div(ours["p99_ms"], bare["p99_ms"])}


@contextlib.contextmanager
def throwaway_postgres() -> Any:
    """A local PostgreSQL server for the run (the tests' helper), or None when none can be started."""
    try:
        from tests import pg_server
    except ImportError:
        yield None
        return
    try:
        cluster = pg_server._start()
    except (RuntimeError, OSError) as exc:
        print(f"(PostgreSQL skipped: {exc})")
        yield None
        return
    try:
        yield cluster
    finally:
        cluster.remove()


async def compare(
    workdir: Path, systems: list[str], games: int, actions: int, seed: int, pg_url: str | None
) -> dict[str, Any]:
    """Every system on SQLite, and on PostgreSQL when a server is at hand."""
    results: dict[str, Any] = {}
    with throwaway_postgres() if pg_url is None else contextlib.nullcontext(None) as cluster:
        fresh: Callable[[], str] | None = None
        if pg_url is not None:
            fresh = lambda: pg_url  # noqa: E731
        elif cluster is not None:
            fresh = cluster.new_database
        for system_id in systems:
            db = workdir / f"backend-{system_id}.db"
            ours, sizes = await measure(SqliteStore(db), system_id, games, actions, seed)
            bare = baseline.bare_run(workdir / f"bare-{system_id}.db", sizes, games)
            results[f"sqlite/{system_id}"] = {"act": ours, "bare": bare, "ratio": _ratio(ours, bare)}
            if fresh is not None:
                from sessions.pg_store import PostgresStore

                ours, sizes = await measure(PostgresStore(fresh()), system_id, games, actions, seed)
                bare = await bare_postgres(fresh(), sizes, games)
                results[f"postgresql/{system_id}"] = {"act": ours, "bare": bare, "ratio": _ratio(ours, bare)}
    return results


def table(results: dict[str, Any]) -> str:
    """The comparison as a Markdown table."""
    rows = [
        "| backend / game | act p50 / p99 ms | bare commit p50 / p99 ms | ours / bare mean, p99 | saturated acts/s |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, r in results.items():
        act, bare, ratio = r["act"], r["bare"], r["ratio"]
        rows.append(
            f"| {name} | {act['p50_ms']:.2f} / {act['p99_ms']:.2f} | {bare['p50_ms']:.2f} / {bare['p99_ms']:.2f} |"
            f" {ratio['mean']:.1f}x, {ratio['p99']:.1f}x | {act['saturated_actions_per_s']:.0f} |"
        )
    return "\n".join(rows)


def run(workdir: Path, systems: list[str], games: int, actions: int, seed: int, pg_url: str | None) -> dict[str, Any]:
    return asyncio.run(compare(workdir, systems, games, actions, seed, pg_url))
