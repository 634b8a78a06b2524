"""The floor: plain ``sqlite3`` committing the same bytes per action, one transaction each."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from sessions.migrations import MIGRATIONS

from .stats import summary_ms

# The statements SqliteStore.append_actions runs (one step), so the difference is everything around them.
UPDATE = (
    "UPDATE games SET state=?, version=?, updated_at=?, last_action_at=?, reminders_sent=0,"
    " last_reminder_at=NULL, status=? WHERE id=? AND version=? AND status='active'"
)
INSERT = (
    "INSERT INTO actions (game_id, version, seat, user_id, action, events, at, by_default) VALUES (?,?,?,?,?,?,?,?)"
)


def bare_run(db_path: Path, sizes: list[tuple[int, int, int]], games: int) -> dict:
    """Replay ``sizes`` (state, action, events bytes per action) over ``games`` rows; time each commit."""
    games = max(1, games)
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        for _number, _name, sql in MIGRATIONS:
            conn.executescript(sql)
        first = sizes[0][0] if sizes else 100
        now = time.time()
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, system, options, seed, status, host_id, version, state,"
            " created_at, updated_at, last_action_at) VALUES (?,1,?,'bare','{}',0,'active',1,1,?,?,?,?)",
            [(i, 5_000_000 + i, b"s" * first, now, now, now) for i in range(1, games + 1)],
        )
        conn.execute("COMMIT")
        versions = dict.fromkeys(range(1, games + 1), 1)
        latencies: list[float] = []
        for i, (state_len, action_len, events_len) in enumerate(sizes):
            game_id = i % games + 1
            version = versions[game_id]
            state, action, events = b"s" * state_len, "a" * action_len, "e" * events_len
            at = time.time()
            start = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            cursor = conn.execute(UPDATE, (state, version + 1, at, at, "active", game_id, version))
            if cursor.rowcount != 1:
                raise RuntimeError("bare baseline lost its row")
            conn.execute(INSERT, (game_id, version + 1, 0, 1, action, events, at, 0))
            conn.execute("COMMIT")
            latencies.append(time.perf_counter() - start)
            versions[game_id] = version + 1
    finally:
        conn.close()
    result = summary_ms(latencies)
    total = sum(latencies)
    result["actions_per_s"] = len(latencies) / total if total > 0 else 0.0
    return result
