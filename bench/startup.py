"""Start-up time with many games stored: construct the service, open it, first status()."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path

from sessions.service import GameService
from sessions.store import SqliteStore

from . import systems

TEMPLATES = 50
"""Distinct real games played through the engine; the stored games cycle through them."""

FIRST_CHANNEL = 20_000_000


def _templates(system_id: str, count: int, rng: random.Random) -> list[dict]:
    system = systems.get(system_id)
    out = []
    for _ in range(count):
        seed = rng.getrandbits(62)
        state = systems.fresh_state(system, seed)
        prompts = system.pending(state)
        log = []
        for _step in range(rng.randint(2, 6)):
            choice = systems.choose(system, state, prompts, rng)
            if choice is None:
                break
            seat, action = choice
            new, events = system.apply(state, seat, action)
            if system.outcome(new) is not None:
                break
            state, prompts = new, system.pending(new)
            log.append((seat, json.dumps(systems.plain(action)), json.dumps([systems.plain(e) for e in events])))
        out.append({"seed": seed, "state": system.dumps(state), "seats": len(state.seats), "log": log})
    return out


async def build(db_path: Path, system_id: str, count: int, rng: random.Random) -> list[int]:
    """Create the schema through the store's migrations, then bulk-insert ``count`` active games.

    Returns the stored games' channel ids.
    """
    store = SqliteStore(db_path)
    await store.open()
    await store.close()
    templates = _templates(system_id, min(TEMPLATES, max(count, 1)), rng)
    now = time.time() - 3600
    games, seats, actions, channels = [], [], [], []
    for i in range(count):
        game_id, channel = i + 1, FIRST_CHANNEL + i
        t = templates[i % len(templates)]
        host = 1_000_000 + i * 10
        games.append((game_id, channel, system_id, t["seed"], host, 1 + len(t["log"]), t["state"], now, now, now))
        seats.extend((game_id, s, host + s, f"player{s + 1}") for s in range(t["seats"]))
        for v, (seat, action, events) in enumerate(t["log"], start=2):
            actions.append((game_id, v, seat, host + seat, action, events, now))
        channels.append(channel)
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, system, options, seed, status, host_id, version, state,"
            " created_at, updated_at, last_action_at) VALUES (?,1,?,?,'{}',?,'active',?,?,?,?,?,?)",
            games,
        )
        conn.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)", seats)
        conn.executemany(
            "INSERT INTO actions (game_id, version, seat, user_id, action, events, at, by_default)"
            " VALUES (?,?,?,?,?,?,?,0)",
            actions,
        )
        conn.execute("COMMIT")
    finally:
        conn.close()
    return channels


async def measure(db_path: Path, system_id: str, count: int, seed: int) -> dict:
    rng = random.Random(seed)
    started = time.perf_counter()
    channels = await build(db_path, system_id, count, rng)
    build_s = time.perf_counter() - started
    channel = rng.choice(channels) if channels else FIRST_CHANNEL

    started = time.perf_counter()
    service = GameService(SqliteStore(db_path))
    await service.open()
    try:
        update = await service.status(channel)
        seconds = time.perf_counter() - started
        ok = update.state is not None and update.game.status == "active"
        stored = await service.store.count_games()
        # What the reminder loop reads first after the bot is ready (informational, no target).
        started = time.perf_counter()
        active = len(await service.store.active_games())
        sweep_s = time.perf_counter() - started
    finally:
        await service.close()
    return {
        "seconds": seconds,
        "stored": stored,
        "build_s": build_s,
        "db_mb": db_path.stat().st_size / 2**20,
        "status_ok": ok,
        "active_games_s": sweep_s,
        "active_games": active,
    }
