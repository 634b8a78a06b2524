"""Moving a Starhost SQLite file to PostgreSQL: ``./starhost migrate --to postgresql://... [--from PATH]``.

Copies every game (same ids), seat, logged action and setting (per game, server and user) and
the installation facts (``meta``), then verifies every game on the target: its export must equal
the source's, and replaying its log from the seed must give its stored state.

Running it again changes nothing. A game that went on in SQLite since the last run is caught up
(its new actions appended, its row and seats updated); a game that went on in PostgreSQL is left
alone and reported, never overwritten.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .store import SqliteStore

GAME_COLUMNS = (
    "id", "guild_id", "channel_id", "system", "scenario", "options", "seed", "status", "host_id", "version",
    "state", "created_at", "updated_at", "last_action_at", "reminders_sent", "last_reminder_at",
    "result", "finished_at",
)  # fmt: skip
ACTION_COLUMNS = (
    "game_id", "version", "seat", "user_id", "action", "events", "at", "by_default", "kind", "revealed", "wait",
)  # fmt: skip
SEAT_COLUMNS = "seat, user_id, name, won"
HANDOVER_COLUMNS = ("game_id", "seat", "user_id", "reason", "started_at", "ends_at")
IDENTITY = ("channel_id", "system", "seed", "created_at")
"""Columns that never change: a game with another value under the same id is another game."""
SETTING_TABLES = (("guild_settings", "guild_id"), ("user_settings", "user_id"), ("meta", None))


@dataclass
class MigrationReport:
    new: int = 0
    caught_up: int = 0
    unchanged: int = 0
    conflicts: list[str] = field(default_factory=list)
    actions: int = 0
    """Log rows written to the target by this run."""
    settings: int = 0
    """Setting and meta rows written or changed by this run."""
    verified: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.new or self.caught_up or self.actions or self.settings)

    @property
    def ok(self) -> bool:
        return not self.failures and not self.conflicts

    def lines(self) -> list[str]:
        out = [
            f"games: {self.new} copied, {self.caught_up} caught up, {self.unchanged} already there",
            f"rows written: {self.actions} actions, {self.settings} settings",
            f"verified on the target: {self.verified} games",
        ]
        out += [f"left alone: {c}" for c in self.conflicts]
        out += [f"FAILED: {f}" for f in self.failures]
        if not self.changed and self.ok:
            out.append("nothing to copy: the target already had everything")
        return out


async def _rows(db: Any, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
    async with db.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


async def migrate(source: Path, target_url: str, *, say: Callable[[str], None] = lambda _: None) -> MigrationReport:
    """Copy ``source`` (a SQLite file) into the PostgreSQL database at ``target_url`` and verify it."""
    import asyncpg

    from .pg_store import PostgresStore
    from .service import GameService

    if not source.is_file():
        raise FileNotFoundError(f"{source} does not exist: give the SQLite file with --from")
    sqlite = SqliteStore(source)  # opening brings an older file's schema up to date first
    target = PostgresStore(target_url, max_size=4)
    await sqlite.open()
    try:
        await target.open()
        report = MigrationReport()
        ids = [r[0] for r in await _rows(sqlite.db, "SELECT id FROM games ORDER BY id")]
        say(f"{len(ids)} games in {source}")
        for game_id in ids:
            try:
                await _copy_game(sqlite, target, game_id, report)
            except asyncpg.UniqueViolationError:
                report.conflicts.append(f"game {game_id}: its channel already has an open game in PostgreSQL")
        report.settings += await _copy_settings(sqlite, target)
        async with target.pool.acquire() as conn:
            # New games on the target get ids after the copied ones.
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM games"
            )
        say(f"copied; verifying {len(ids)} games on the target")
        source_service, target_service = GameService(sqlite), GameService(target)  # type: ignore[arg-type]
        for game_id in ids:
            await _verify(source_service, target_service, game_id, report)
        return report
    finally:
        await target.close()
        await sqlite.close()


async def _copy_game(sqlite: SqliteStore, target: Any, game_id: int, report: MigrationReport) -> None:
    db = sqlite.db
    [game] = await _rows(db, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE id = ?", (game_id,))
    seats = [tuple(r) for r in await _rows(db, f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ?", (game_id,))]
    actions = [
        tuple(r)
        for r in await _rows(
            db, f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
        )
    ]
    settings = {r[0]: r[1] for r in await _rows(db, "SELECT key, value FROM settings WHERE game_id = ?", (game_id,))}
    handovers = [
        tuple(r)
        for r in await _rows(db, f"SELECT {', '.join(HANDOVER_COLUMNS)} FROM handovers WHERE game_id = ?", (game_id,))
    ]
    row = tuple(game)
    async with target.pool.acquire() as conn, conn.transaction():
        existing = await conn.fetchrow(f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE id = $1 FOR UPDATE", game_id)
        if existing is None:
            await _insert_game(conn, row, seats, actions, settings)
            await _copy_handovers(conn, game_id, handovers)
            report.new += 1
            report.actions += len(actions)
            return
        there = {r["version"]: tuple(r) for r in await conn.fetch(
            f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions WHERE game_id = $1", game_id)}  # fmt: skip
        there_seats = sorted(tuple(r) for r in await conn.fetch(
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1", game_id))  # fmt: skip
        there_settings = {r[0]: r[1] for r in await conn.fetch(
            "SELECT key, value FROM settings WHERE game_id = $1", game_id)}  # fmt: skip
        if any(existing[c] != game[c] for c in IDENTITY):
            report.conflicts.append(f"game {game_id}: PostgreSQL has a different game under this id")
            return
        here = {a[1]: a for a in actions}
        if tuple(existing) == row and there_seats == sorted(seats) and there == here and there_settings == settings:
            report.unchanged += 1
            return
        moved_on = existing["version"] > row[GAME_COLUMNS.index("version")] or set(there) - set(here)
        if moved_on or any(there[v] != here[v] for v in there):
            report.conflicts.append(f"game {game_id}: it went on in PostgreSQL (version {existing['version']})")
            return
        missing = [a for v, a in here.items() if v not in there]
        await _update_game(conn, row, seats, missing, settings)
        await _copy_handovers(conn, game_id, handovers)
        report.caught_up += 1
        report.actions += len(missing)


async def _insert_game(conn: Any, row: tuple, seats: list[tuple], actions: list[tuple], settings: dict) -> None:
    marks = ", ".join(f"${i}" for i in range(1, len(GAME_COLUMNS) + 1))
    await conn.execute(f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({marks})", *row)
    await _write_children(conn, row[0], seats, actions, settings)


async def _update_game(conn: Any, row: tuple, seats: list[tuple], new_actions: list[tuple], settings: dict) -> None:
    assignments = ", ".join(f"{c} = ${i}" for i, c in enumerate(GAME_COLUMNS[1:], start=2))
    await conn.execute(f"UPDATE games SET {assignments} WHERE id = $1", *row)
    await conn.execute("DELETE FROM seats WHERE game_id = $1", row[0])
    await conn.execute("DELETE FROM settings WHERE game_id = $1", row[0])
    await _write_children(conn, row[0], seats, new_actions, settings)


async def _write_children(conn: Any, game_id: int, seats: list[tuple], actions: list[tuple], settings: dict) -> None:
    await conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, won) VALUES ($1, $2, $3, $4, $5)",
        [(game_id, *s) for s in seats],
    )
    marks = ", ".join(f"${i}" for i in range(1, len(ACTION_COLUMNS) + 1))
    await conn.executemany(f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) VALUES ({marks})", actions)
    await conn.executemany(
        "INSERT INTO settings (game_id, key, value) VALUES ($1, $2, $3)", [(game_id, k, v) for k, v in settings.items()]
    )


async def _copy_handovers(conn: Any, game_id: int, rows: list[tuple]) -> None:
    """The game's seats handed to the bot (away, or a deadline), as the SQLite file has them."""
    await conn.execute("DELETE FROM handovers WHERE game_id = $1", game_id)
    marks = ", ".join(f"${i}" for i in range(1, len(HANDOVER_COLUMNS) + 1))
    await conn.executemany(f"INSERT INTO handovers ({', '.join(HANDOVER_COLUMNS)}) VALUES ({marks})", rows)


async def _copy_settings(sqlite: SqliteStore, target: Any) -> int:
    """Server and user settings and meta: written where missing or different; the count of rows written."""
    written = 0
    async with target.pool.acquire() as conn, conn.transaction():
        for table, owner in SETTING_TABLES:
            keys = (owner, "key") if owner else ("key",)
            columns = (*keys, "value")
            rows = [tuple(r) for r in await _rows(sqlite.db, f"SELECT {', '.join(columns)} FROM {table}")]
            marks = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
            for row in rows:
                changed = await conn.fetchval(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
                    f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET value = excluded.value"
                    f" WHERE {table}.value IS DISTINCT FROM excluded.value RETURNING 1",
                    *row,
                )
                written += changed or 0
    return written


async def _verify(source: Any, target: Any, game_id: int, report: MigrationReport) -> None:
    exported = await target.export(game_id)
    if exported != await source.export(game_id):
        report.failures.append(f"game {game_id}: its record on the target differs from the SQLite file")
        return
    result = await target.verify(game_id)
    if result.ok:
        report.verified += 1
        return
    before = await source.verify(game_id)
    note = "" if before.ok else " (it does not verify in the SQLite file either)"
    report.failures.append(f"game {game_id}: {result.message}{note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="starhost migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--to", required=True, help="the PostgreSQL database: postgresql://user:password@host/db")
    parser.add_argument("--from", dest="source", help="the SQLite file (default: $STARHOST_DB or ./starhost.db)")
    args = parser.parse_args(argv)
    from rules.core import registry

    from .stores import TargetError, is_postgres_url, sqlite_path

    for name in os.environ.get("STARHOST_EXTRA_SYSTEMS", "").split(","):
        if name.strip():
            registry.load_module(name.strip())
    try:
        default = os.environ.get("STARHOST_DB", "starhost.db")
        source = sqlite_path(args.source or ("starhost.db" if is_postgres_url(default) else default))
        if not is_postgres_url(args.to):
            raise TargetError(f"--to {args.to!r}: give a PostgreSQL URL, postgresql://user:password@host/starhost")
        report = asyncio.run(migrate(source, args.to, say=lambda text: print(text, flush=True)))
    except (TargetError, FileNotFoundError, RuntimeError, OSError) as exc:
        print(f"starhost migrate: {exc}", file=sys.stderr)
        return 2
    for line in report.lines():
        print(line)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
