"""Durable storage of games in one SQLite file (aiosqlite, WAL, synchronous=FULL).

The :class:`Store` protocol is what the session service needs; :class:`SqliteStore`
implements it, and so does :class:`sessions.pg_store.PostgresStore` for many shard
processes sharing one database. Every accepted action is one transaction: append the action, write
the new state, bump the version, guarded by the version the caller expected.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from .errors import SessionError, StaleVersion
from .migrations import MIGRATIONS
from .stats import Final, PlayerStats, Standing, merge

OPEN_STATUSES = ("lobby", "active")


class StoreUnavailable(RuntimeError):
    """The database cannot be reached or opened (server down, wrong URL or password, unwritable file)."""


def _locked(method):  # type: ignore[no-untyped-def]
    """Run a store method while holding the connection lock (see ``SqliteStore._lock``)."""

    @functools.wraps(method)
    async def wrapper(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        async with self._lock:
            return await method(self, *args, **kwargs)

    return wrapper


@dataclass
class SeatRecord:
    seat: int
    user_id: int
    name: str


@dataclass
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    system: str
    scenario: str | None
    options: dict[str, str]
    seed: int
    status: str  # lobby | active | finished | ended
    host_id: int
    version: int
    state: bytes | None
    created_at: float
    last_action_at: float
    reminders_sent: int
    last_reminder_at: float | None
    seats: list[SeatRecord] = field(default_factory=list)
    aside: int = 0
    """How many times the game's seats, status, host, settings or hand-overs changed (kept by stores shared
    between processes, so a cached copy can be checked in the same round trip as the version)."""

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int | None:
        for record in self.seats:
            if record.seat == seat:
                return record.user_id
        return None


VACANT_USER = 0
"""The user id a vacated seat of a running game keeps (sessions.session_types.VACANT)."""


@dataclass(frozen=True)
class Unseat:
    """One player leaving a table, as one change: their seat goes (lobby) or stays open (running game,
    ``vacate_seat``), the host passes on when the host left, and an empty table closes."""

    user_id: int
    now: float
    vacate_seat: int | None = None
    vacant_name: str = ""
    new_host: int | None = None
    close: bool = False


@dataclass
class ActionRecord:
    game_id: int
    version: int
    seat: int | None
    user_id: int | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    at: float
    by_default: bool = False
    kind: str = "move"
    """move: a player's choice; timeout: the host played a default; auto: a step with nothing to decide;
    bot: a bot seat's choice; undo: a take-back (``action`` = {"type": "undo", "to": version})."""
    revealed: str = ""
    """What the action brought to light (rolls, cards, tokens), as a phrase; empty when it was foreseeable."""
    wait: float | None = None
    """Seconds since the game's previous action (for a player's own move: how long they took)."""


@dataclass(frozen=True)
class HandOver:
    """A seat the bot plays for its player: ``away`` until ``ends_at`` (None: until they are back), or
    since a ``deadline`` passed, until they are back. Valid only while ``user_id`` still sits there."""

    game_id: int
    seat: int
    user_id: int
    reason: str  # away | deadline
    started_at: float
    ends_at: float | None = None

    def active(self, now: float) -> bool:
        return self.ends_at is None or now < self.ends_at


ACTION_KINDS = ("move", "timeout", "auto", "bot", "undo")

HANDOVER_COLUMNS = "game_id, seat, user_id, reason, started_at, ends_at"


@dataclass
class GameBundle:
    """Everything a turn needs of a game, read together when it is loaded (one round trip)."""

    record: GameRecord
    settings: dict[str, str]
    handovers: list[HandOver]
    last_moves: dict[int, tuple[int, float]]
    """Seat -> (version, time) of its latest own move (seats that never moved are missing)."""
    user_settings: dict[int, dict[str, str]] = field(default_factory=dict)
    """The seated players' own settings (notification choices), by user (players with none are missing)."""


def action_row(game_id: int, version: int, record: ActionRecord) -> tuple[Any, ...]:
    """The ``actions`` row of one logged step, as both stores insert it (columns: game_id, version, seat,
    user_id, action, events, at, by_default, kind, revealed, wait)."""
    return (
        game_id,
        version,
        record.seat,
        record.user_id,
        json.dumps(record.action),
        json.dumps(record.events),
        record.at,
        int(record.by_default),
        record.kind,
        record.revealed,
        record.wait,
    )


MAX_BATCH = 256
"""Most actions one group commit writes."""


@dataclass
class _PendingAppend:
    game_id: int
    expected_version: int
    records: list[ActionRecord]
    new_state: bytes
    finished: bool
    future: asyncio.Future[int | None]
    final: Final | None = None


@dataclass
class _PendingWrite:
    """One small statement written with the next group commit (a game setting, say)."""

    sql: str
    params: tuple[Any, ...]
    future: asyncio.Future[int | None]


class Store(Protocol):
    """What the session service, the command layer and the reminders need from storage.

    :class:`SqliteStore` (one process, one file) and :class:`sessions.pg_store.PostgresStore`
    (many processes, one database) implement it; ``sessions.stores.open_store`` picks one.
    """

    shared: bool
    """True when other processes may change games behind this one's back (PostgreSQL)."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def schema_version(self) -> int: ...
    def exclusive(self, name: str) -> AbstractAsyncContextManager[None]: ...
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        system: str,
        scenario: str | None,
        options: dict[str, str],
        seed: int,
        host_id: int,
        now: float,
        host_name: str,
    ) -> GameRecord: ...
    async def get_game(self, game_id: int) -> GameRecord | None: ...
    async def game_version(self, game_id: int) -> int | None: ...
    async def freshness(self, game_id: int) -> tuple[int, int] | None: ...
    async def load_game(self, game_id: int) -> GameBundle | None: ...
    async def load_open_game_in(self, channel_id: int) -> GameBundle | None: ...
    async def open_game_in(self, channel_id: int) -> GameRecord | None: ...
    async def latest_game_in(self, channel_id: int) -> GameRecord | None: ...
    async def add_seat(self, game_id: int, seat: int, user_id: int, name: str) -> None: ...
    async def remove_seat(self, game_id: int, user_id: int) -> None: ...
    async def replace_seat_user(self, game_id: int, seat: int, user_id: int, name: str) -> None: ...
    async def start_game(self, game_id: int, state: bytes, seats: list[SeatRecord], now: float) -> None: ...
    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        records: list[ActionRecord],
        new_state: bytes,
        finished: bool,
        final: Final | None = None,
    ) -> int: ...
    async def actions(self, game_id: int, since_version: int = 0) -> list[ActionRecord]: ...
    async def last_move(self, game_id: int, seat: int) -> tuple[int, float] | None: ...
    async def handovers(self, game_id: int) -> list[HandOver]: ...
    async def handovers_of_user(self, user_id: int) -> list[HandOver]: ...
    async def handover_games(self) -> list[int]: ...
    async def set_handover(self, handover: HandOver) -> None: ...
    async def end_handover(self, game_id: int, seat: int, reason: str | None = None) -> bool: ...
    async def waiting_games(self, since_before: float) -> list[GameRecord]: ...
    async def player_stats(
        self, user_id: int, guild_id: int | None = None, system: str | None = None
    ) -> list[PlayerStats]: ...
    async def standings(self, guild_id: int, system: str, limit: int = 10) -> list[Standing]: ...
    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]: ...
    async def set_status(self, game_id: int, status: str, now: float) -> None: ...
    async def set_host(self, game_id: int, user_id: int) -> None: ...
    async def unseat(self, game_id: int, change: Unseat) -> None: ...
    async def delete_game(self, game_id: int) -> None: ...
    async def get_settings(self, game_id: int) -> dict[str, str]: ...
    async def set_setting(self, game_id: int, key: str, value: str) -> None: ...
    async def delete_setting(self, game_id: int, key: str) -> None: ...
    async def get_guild_settings(self, guild_id: int) -> dict[str, str]: ...
    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None: ...
    async def get_user_settings(self, user_id: int) -> dict[str, str]: ...
    async def set_user_setting(self, user_id: int, key: str, value: str) -> None: ...
    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]: ...
    async def games_in_guild(self, guild_id: int, limit: int = 50) -> list[GameRecord]: ...
    async def games_in_channel(self, channel_id: int, limit: int = 25) -> list[GameRecord]: ...
    async def get_meta(self, key: str) -> str | None: ...
    async def set_meta(self, key: str, value: str) -> None: ...
    async def active_games(self, idle_before: float | None = None) -> list[GameRecord]: ...
    async def mark_reminded(self, game_id: int, now: float) -> None: ...
    async def claim_reminder(self, game_id: int, version: int, reminders_sent: int, now: float) -> bool: ...
    async def release_reminder(
        self, game_id: int, version: int, reminders_sent: int, claimed_at: float, previous_at: float | None
    ) -> bool: ...
    async def count_games(self) -> int: ...
    async def game_ids(self, statuses: Iterable[str] = OPEN_STATUSES) -> list[int]: ...


class SqliteStore:
    """The SQLite implementation. One connection; aiosqlite runs it on its own thread."""

    shared = False
    """One process owns the file: its cache of games is always current."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        # One connection is shared by every game, so a transaction must never interleave
        # with another coroutine's statements: every access holds this lock.
        self._lock = asyncio.Lock()
        self._queue: list[_PendingAppend | _PendingWrite] = []
        self._writer: asyncio.Task[None] | None = None
        self._named: dict[str, asyncio.Lock] = {}

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=FULL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._migrate()

    async def close(self) -> None:
        if self._writer is not None and not self._writer.done():
            await self._writer  # everything acknowledged so far is written before closing
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        async with self.db.execute("SELECT version FROM schema_migrations") as cursor:
            done = {row[0] for row in await cursor.fetchall()}
        for number, name, sql in MIGRATIONS:
            if number in done:
                continue
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(sql):
                    await self.db.execute(statement)
                await self.db.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    @_locked
    async def schema_version(self) -> int:
        async with self.db.execute("SELECT MAX(version) FROM schema_migrations") as cursor:
            row = await cursor.fetchone()
        return int(row[0] or 0)

    # -- games ---------------------------------------------------------------------------
    @_locked
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        system: str,
        scenario: str | None,
        options: dict[str, str],
        seed: int,
        host_id: int,
        now: float,
        host_name: str,
    ) -> GameRecord:
        """A new lobby with its host in seat 1, in one transaction (never a game without its host)."""
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            async with self.db.execute(
                "INSERT INTO games (guild_id, channel_id, system, scenario, options, seed, status, host_id,"
                " version, created_at, updated_at, last_action_at) VALUES (?,?,?,?,?,?,'lobby',?,0,?,?,?)",
                (guild_id, channel_id, system, scenario, json.dumps(options), seed, host_id, now, now, now),
            ) as cursor:
                game_id = cursor.lastrowid
            await self.db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,0,?,?)", (game_id, host_id, host_name)
            )
            await self.db.execute("COMMIT")
        except sqlite3.IntegrityError:
            await self.db.execute("ROLLBACK")
            raise SessionError(
                "This channel already has a game. Finish it with /game end, or start one in another channel or thread."
            ) from None
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        return await self._record(row)

    @_locked
    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        return await self._record(row) if row else None

    @_locked
    async def game_version(self, game_id: int) -> int | None:
        """The stored version of a game (a cheap check that a cached copy is current)."""
        async with self.db.execute("SELECT version FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else None

    async def load_game(self, game_id: int) -> GameBundle | None:
        """The game with its seats, settings, hand-overs and each seat's last move: one hop to the
        connection's thread, which runs the reads one after another."""
        async with self._lock:
            return await self.db._execute(self._read_bundle, "id = ?", game_id)

    async def load_open_game_in(self, channel_id: int) -> GameBundle | None:
        """The channel's open game (lobby or running), as :meth:`load_game` reads it."""
        async with self._lock:
            return await self.db._execute(
                self._read_bundle, "channel_id = ? AND status IN ('lobby', 'active')", channel_id
            )

    def _read_bundle(self, where: str, key: int) -> GameBundle | None:
        """Runs on the connection's thread (nothing else uses the connection meanwhile)."""
        conn = self.db._conn
        row = conn.execute(f"SELECT * FROM games WHERE {where}", (key,)).fetchone()
        if row is None:
            return None
        game_id = row["id"]
        seats = conn.execute("SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        record = self._row_to_record(row, [SeatRecord(r[0], r[1], r[2]) for r in seats.fetchall()])
        settings = conn.execute("SELECT key, value FROM settings WHERE game_id = ?", (game_id,)).fetchall()
        handovers = conn.execute(
            f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE game_id = ? ORDER BY seat", (game_id,)
        ).fetchall()
        # SQLite takes ``at`` from the row holding each seat's highest version
        moves = conn.execute(
            "SELECT seat, MAX(version), at FROM actions WHERE game_id = ? AND kind = 'move' AND seat IS NOT NULL"
            " GROUP BY seat",
            (game_id,),
        ).fetchall()
        users = conn.execute(
            "SELECT u.user_id, u.key, u.value FROM user_settings u"
            " WHERE u.user_id IN (SELECT s.user_id FROM seats s WHERE s.game_id = ?)",
            (game_id,),
        ).fetchall()
        user_settings: dict[int, dict[str, str]] = {}
        for user, key, value in users:
            user_settings.setdefault(int(user), {})[key] = value
        return GameBundle(
            record,
            {r[0]: r[1] for r in settings},
            [HandOver(*r) for r in handovers],
            {int(r[0]): (int(r[1]), float(r[2])) for r in moves},
            user_settings,
        )

    async def freshness(self, game_id: int) -> tuple[int, int] | None:
        """(version, changes beside the state) of a game; one process owns the file, so the second is 0."""
        version = await self.game_version(game_id)
        return None if version is None else (version, 0)

    @_locked
    async def open_game_in(self, channel_id: int) -> GameRecord | None:
        async with self.db.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return await self._record(row) if row else None

    @_locked
    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        async with self.db.execute(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return await self._record(row) if row else None

    async def _record(self, row: sqlite3.Row) -> GameRecord:
        async with self.db.execute(
            "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (row["id"],)
        ) as cursor:
            seats = [SeatRecord(r[0], r[1], r[2]) for r in await cursor.fetchall()]
        return self._row_to_record(row, seats)

    @staticmethod
    def _row_to_record(row: sqlite3.Row, seats: list[SeatRecord]) -> GameRecord:
        return GameRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            system=row["system"],
            scenario=row["scenario"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            status=row["status"],
            host_id=row["host_id"],
            version=row["version"],
            state=row["state"],
            created_at=row["created_at"],
            last_action_at=row["last_action_at"],
            reminders_sent=row["reminders_sent"],
            last_reminder_at=row["last_reminder_at"],
            seats=seats,
        )

    @_locked
    async def add_seat(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        try:
            await self.db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)",
                (game_id, seat, user_id, name),
            )
        except sqlite3.IntegrityError:
            raise SessionError("That seat was just taken; pick another.") from None

    @_locked
    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self.db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    @_locked
    async def replace_seat_user(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        await self.db.execute(
            "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
            (user_id, name, game_id, seat),
        )

    @_locked
    async def start_game(self, game_id: int, state: bytes, seats: list[SeatRecord], now: float) -> None:
        """Renumber the seats 0..n-1 in join order and store the initial state (version 1)."""
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            async with self.db.execute(
                "UPDATE games SET status='active', state=?, version=1, updated_at=?, last_action_at=?,"
                " reminders_sent=0 WHERE id=? AND status='lobby'",
                (state, now, now, game_id),
            ) as cursor:
                if cursor.rowcount != 1:
                    raise SessionError("This game has already started.")
            await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)",
                [(game_id, s.seat, s.user_id, s.name) for s in seats],
            )
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        records: list[ActionRecord],
        new_state: bytes,
        finished: bool,
        final: Final | None = None,
    ) -> int:
        """Log ``records`` (the steps one request played, versions ``expected_version + 1`` on), store
        ``new_state`` (the position after the last) and bump the version, durably, before returning.

        Actions of different games that arrive together share one transaction (group
        commit): each keeps its own version guard, and each caller hears back only after
        the COMMIT reached the disk. Raises :class:`StaleVersion` if the game's version is
        no longer ``expected_version``. ``final`` (with the action that ends the game) stores the
        result and each seat's win in the same transaction.
        """
        future = asyncio.get_running_loop().create_future()
        version = await self._queued(
            _PendingAppend(game_id, expected_version, records, new_state, finished, future, final)
        )
        if version is None:
            raise StaleVersion()
        return version

    async def _queued(self, pending: _PendingAppend | _PendingWrite) -> int | None:
        """Write ``pending`` with the next group commit; returns once it is on disk."""
        self._queue.append(pending)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_queued(), name="starhost-group-commit")
        return await asyncio.shield(pending.future)

    async def _write_queued(self) -> None:
        while self._queue:
            batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
            try:
                async with self._lock:
                    # aiosqlite's worker thread runs the whole batch: one hop, one fsync.
                    outcomes = await self.db._execute(self._write_batch, batch)
            except Exception as exc:
                for pending in batch:
                    if not pending.future.done():
                        pending.future.set_exception(exc)
                continue
            for pending, outcome in zip(batch, outcomes, strict=True):
                if not pending.future.done():
                    pending.future.set_result(outcome)

    def _write_batch(self, batch: list[_PendingAppend | _PendingWrite]) -> list[int | None]:
        """Runs on the connection's thread. ``None`` marks a stale version."""
        conn = self.db._conn
        outcomes: list[int | None] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for item in batch:
                if isinstance(item, _PendingWrite):
                    conn.execute(item.sql, item.params)
                    outcomes.append(0)
                    continue
                last = item.records[-1]
                new_version = item.expected_version + len(item.records)
                cursor = conn.execute(
                    "UPDATE games SET state=?, version=?, updated_at=?, last_action_at=?, reminders_sent=0,"
                    " last_reminder_at=NULL, status=? WHERE id=? AND version=? AND status='active'",
                    (
                        item.new_state,
                        new_version,
                        last.at,
                        last.at,
                        "finished" if item.finished else "active",
                        item.game_id,
                        item.expected_version,
                    ),
                )
                if cursor.rowcount != 1:
                    outcomes.append(None)
                    continue
                conn.executemany(
                    "INSERT INTO actions (game_id, version, seat, user_id, action, events, at, by_default, kind,"
                    " revealed, wait) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    [action_row(item.game_id, item.expected_version + 1 + i, r) for i, r in enumerate(item.records)],
                )
                if item.finished and item.final is not None:
                    final = item.final
                    conn.execute(
                        "UPDATE games SET result=?, finished_at=? WHERE id=?", (final.result, last.at, item.game_id)
                    )
                    conn.executemany(
                        "UPDATE seats SET won=? WHERE game_id=? AND seat=?",
                        [(int(won), item.game_id, seat) for seat, won in final.won.items()],
                    )
                outcomes.append(new_version)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return outcomes

    @_locked
    async def actions(self, game_id: int, since_version: int = 0) -> list[ActionRecord]:
        return await self._actions(game_id, since_version)

    async def _actions(self, game_id: int, since_version: int) -> list[ActionRecord]:
        async with self.db.execute(
            "SELECT * FROM actions WHERE game_id = ? AND version > ? ORDER BY version",
            (game_id, since_version),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            ActionRecord(
                game_id=r["game_id"],
                version=r["version"],
                seat=r["seat"],
                user_id=r["user_id"],
                action=json.loads(r["action"]),
                events=json.loads(r["events"]),
                at=r["at"],
                by_default=bool(r["by_default"]),
                kind=r["kind"],
                revealed=r["revealed"],
                wait=r["wait"],
            )
            for r in rows
        ]

    @_locked
    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]:
        async with self.db.execute(
            "SELECT version FROM actions WHERE game_id = ? ORDER BY version DESC LIMIT 1 OFFSET ?",
            (game_id, max(limit - 1, 0)),
        ) as cursor:
            row = await cursor.fetchone()
        return await self._actions(game_id, (row[0] - 1) if row else 0)

    @_locked
    async def set_status(self, game_id: int, status: str, now: float) -> None:
        await self.db.execute("UPDATE games SET status=?, updated_at=? WHERE id=?", (status, now, game_id))

    @_locked
    async def set_host(self, game_id: int, user_id: int) -> None:
        await self.db.execute("UPDATE games SET host_id=? WHERE id=?", (user_id, game_id))

    @_locked
    async def unseat(self, game_id: int, change: Unseat) -> None:
        """A player leaves (or is kicked): their seat, the host and the game's status change together."""
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            if change.vacate_seat is None:
                await self.db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, change.user_id))
            else:
                await self.db.execute(
                    "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                    (VACANT_USER, change.vacant_name, game_id, change.vacate_seat),
                )
            if change.new_host is not None:
                await self.db.execute("UPDATE games SET host_id=? WHERE id=?", (change.new_host, game_id))
            if change.close:
                await self.db.execute("UPDATE games SET status='ended', updated_at=? WHERE id=?", (change.now, game_id))
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise

    @_locked
    async def delete_game(self, game_id: int) -> None:
        await self.db.execute("DELETE FROM games WHERE id=?", (game_id,))

    # -- settings ------------------------------------------------------------------------
    # Per-game and per-server settings are the same key/value shape in two tables.
    _SETTING_TABLES = {
        "game": ("settings", "game_id"),
        "guild": ("guild_settings", "guild_id"),
        "user": ("user_settings", "user_id"),
    }

    async def _get_pairs(self, scope: str, owner: int) -> dict[str, str]:
        table, column = self._SETTING_TABLES[scope]
        async with self.db.execute(f"SELECT key, value FROM {table} WHERE {column} = ?", (owner,)) as cursor:
            return {r[0]: r[1] for r in await cursor.fetchall()}

    _SET_PAIR = (
        "INSERT INTO {table} ({column}, key, value) VALUES (?,?,?)"
        " ON CONFLICT({column}, key) DO UPDATE SET value = excluded.value"
    )

    async def _set_pair(self, scope: str, owner: int, key: str, value: str) -> None:
        table, column = self._SETTING_TABLES[scope]
        await self.db.execute(self._SET_PAIR.format(table=table, column=column), (owner, key, value))

    @_locked
    async def get_settings(self, game_id: int) -> dict[str, str]:
        return await self._get_pairs("game", game_id)

    async def set_setting(self, game_id: int, key: str, value: str) -> None:
        """Durable on return; written with the next group commit (it shares its fsync with the actions
        of other games stored then, rather than taking one of its own)."""
        future = asyncio.get_running_loop().create_future()
        await self._queued(
            _PendingWrite(self._SET_PAIR.format(table="settings", column="game_id"), (game_id, key, value), future)
        )

    @_locked
    async def get_guild_settings(self, guild_id: int) -> dict[str, str]:
        return await self._get_pairs("guild", guild_id)

    @_locked
    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        await self._set_pair("guild", guild_id, key, value)

    @_locked
    async def get_user_settings(self, user_id: int) -> dict[str, str]:
        return await self._get_pairs("user", user_id)

    @_locked
    async def set_user_setting(self, user_id: int, key: str, value: str) -> None:
        await self._set_pair("user", user_id, key, value)

    @_locked
    async def delete_setting(self, game_id: int, key: str) -> None:
        await self.db.execute("DELETE FROM settings WHERE game_id = ? AND key = ?", (game_id, key))

    @_locked
    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        """Open games (lobby or running) where ``user_id`` has a seat, newest first; in one server if given."""
        sql = (
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ?"
            " AND g.status IN ('lobby', 'active')"
        )
        params: list[int] = [user_id]
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        async with self.db.execute(sql + " ORDER BY g.last_action_at DESC LIMIT 50", params) as cursor:
            rows = await cursor.fetchall()
        return [await self._record(r) for r in rows]

    @_locked
    async def games_in_guild(self, guild_id: int, limit: int = 50) -> list[GameRecord]:
        """Open games of one server, most recently played first."""
        async with self.db.execute(
            "SELECT * FROM games WHERE guild_id = ? AND status IN ('lobby', 'active')"
            " ORDER BY last_action_at DESC LIMIT ?",
            (guild_id, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [await self._record(r) for r in rows]

    @_locked
    async def games_in_channel(self, channel_id: int, limit: int = 25) -> list[GameRecord]:
        """Every game played in a channel, newest first (for exporting an earlier one)."""
        async with self.db.execute(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT ?", (channel_id, limit)
        ) as cursor:
            rows = await cursor.fetchall()
        return [await self._record(r) for r in rows]

    @_locked
    async def get_meta(self, key: str) -> str | None:
        async with self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    @_locked
    async def set_meta(self, key: str, value: str) -> None:
        await self.db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # -- catch-up, seats handed to the bot, stats ----------------------------------------------
    @_locked
    async def last_move(self, game_id: int, seat: int) -> tuple[int, float] | None:
        """(version, time) of the seat's latest own move, or None."""
        async with self.db.execute(
            "SELECT version, at FROM actions WHERE game_id = ? AND seat = ? AND kind = 'move'"
            " ORDER BY version DESC LIMIT 1",
            (game_id, seat),
        ) as cursor:
            row = await cursor.fetchone()
        return (int(row[0]), float(row[1])) if row else None

    @_locked
    async def handovers(self, game_id: int) -> list[HandOver]:
        async with self.db.execute(
            f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cursor:
            return [HandOver(*row) for row in await cursor.fetchall()]

    @_locked
    async def handovers_of_user(self, user_id: int) -> list[HandOver]:
        async with self.db.execute(
            f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE user_id = ? ORDER BY game_id", (user_id,)
        ) as cursor:
            return [HandOver(*row) for row in await cursor.fetchall()]

    @_locked
    async def handover_games(self) -> list[int]:
        """Running games with a seat handed to the bot."""
        async with self.db.execute(
            "SELECT DISTINCT h.game_id FROM handovers h JOIN games g ON g.id = h.game_id WHERE g.status = 'active'"
            " ORDER BY h.game_id"
        ) as cursor:
            return [r[0] for r in await cursor.fetchall()]

    @_locked
    async def set_handover(self, handover: HandOver) -> None:
        """Hand a seat to the bot (replacing an earlier hand-over of the same seat)."""
        h = handover
        await self.db.execute(
            f"INSERT INTO handovers ({HANDOVER_COLUMNS}) VALUES (?,?,?,?,?,?) ON CONFLICT (game_id, seat) DO UPDATE"
            " SET user_id = excluded.user_id, reason = excluded.reason, started_at = excluded.started_at,"
            " ends_at = excluded.ends_at",
            (h.game_id, h.seat, h.user_id, h.reason, h.started_at, h.ends_at),
        )

    @_locked
    async def end_handover(self, game_id: int, seat: int, reason: str | None = None) -> bool:
        """Give the seat back to its player (only a hand-over of ``reason`` when given); True if one ended."""
        cursor = await self.db.execute(
            "DELETE FROM handovers WHERE game_id = ? AND seat = ? AND (? IS NULL OR reason = ?)",
            (game_id, seat, reason, reason),
        )
        return cursor.rowcount > 0

    @_locked
    async def waiting_games(self, since_before: float) -> list[GameRecord]:
        """Running games whose last action is at or before ``since_before`` (candidates for a deadline)."""
        async with self.db.execute(
            "SELECT * FROM games WHERE status = 'active' AND last_action_at <= ? ORDER BY id", (since_before,)
        ) as cursor:
            rows = await cursor.fetchall()
        return [await self._record(r) for r in rows]

    @_locked
    async def player_stats(
        self, user_id: int, guild_id: int | None = None, system: str | None = None
    ) -> list[PlayerStats]:
        """The player's games per system (started ones), and the median time they took to move."""
        where = " AND (? IS NULL OR g.guild_id = ?) AND (? IS NULL OR g.system = ?)"
        scope = (guild_id, guild_id, system, system)
        async with self.db.execute(
            "SELECT g.system, COUNT(*), SUM(g.status = 'finished'), SUM(s.won = 1), SUM(s.won = 0 AND"
            " g.status = 'finished') FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?"
            " AND g.status IN ('active', 'finished', 'ended')" + where + " GROUP BY g.system ORDER BY g.system",
            (user_id, *scope),
        ) as cursor:
            counts = [PlayerStats(r[0], r[1], r[2] or 0, r[3] or 0, r[4] or 0) for r in await cursor.fetchall()]
        async with self.db.execute(
            "SELECT system, AVG(wait) FROM (SELECT g.system AS system, a.wait AS wait,"
            " ROW_NUMBER() OVER (PARTITION BY g.system ORDER BY a.wait) AS n,"
            " COUNT(*) OVER (PARTITION BY g.system) AS total"
            " FROM actions a JOIN games g ON g.id = a.game_id"
            " WHERE a.user_id = ? AND a.kind = 'move' AND a.wait IS NOT NULL" + where + ")"
            " WHERE n IN ((total + 1) / 2, (total + 2) / 2) GROUP BY system",
            (user_id, *scope),
        ) as cursor:
            medians = {r[0]: float(r[1]) for r in await cursor.fetchall()}
        return merge(counts, medians)

    @_locked
    async def standings(self, guild_id: int, system: str, limit: int = 10) -> list[Standing]:
        """The server's best players of one game: most wins among finished games, then fewest games."""
        async with self.db.execute(
            "SELECT s.user_id, COUNT(*) AS finished, SUM(s.won = 1) AS won,"
            " (SELECT n.name FROM seats n WHERE n.user_id = s.user_id ORDER BY n.game_id DESC LIMIT 1)"
            " FROM games g JOIN seats s ON s.game_id = g.id WHERE g.guild_id = ? AND g.system = ?"
            " AND g.status = 'finished' AND s.user_id > 0 GROUP BY s.user_id ORDER BY won DESC, finished, s.user_id"
            " LIMIT ?",
            (guild_id, system, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [Standing(user_id, name or str(user_id), finished, won or 0) for user_id, finished, won, name in rows]

    # -- reminders and maintenance ---------------------------------------------------------
    @_locked
    async def active_games(self, idle_before: float | None = None) -> list[GameRecord]:
        """Running games; with ``idle_before``, only those with no action or reminder since then.

        Seats come in one query, so a pass over thousands of games holds the lock briefly.
        """
        sql = "SELECT * FROM games WHERE status = 'active'"
        params: tuple[float, ...] = ()
        if idle_before is not None:
            sql += " AND COALESCE(last_reminder_at, last_action_at) <= ?"
            params = (idle_before,)
        async with self.db.execute(sql + " ORDER BY id", params) as cursor:
            rows = await cursor.fetchall()
        if not rows:
            return []
        seats: dict[int, list[SeatRecord]] = {}
        async with self.db.execute(
            "SELECT s.game_id, s.seat, s.user_id, s.name FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.status = 'active' ORDER BY s.game_id, s.seat"
        ) as cursor:
            for game_id, seat, user_id, name in await cursor.fetchall():
                seats.setdefault(game_id, []).append(SeatRecord(seat, user_id, name))
        return [self._row_to_record(r, seats.get(r["id"], [])) for r in rows]

    @_locked
    async def mark_reminded(self, game_id: int, now: float) -> None:
        await self.db.execute(
            "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = ? WHERE id = ?",
            (now, game_id),
        )

    @_locked
    async def claim_reminder(self, game_id: int, version: int, reminders_sent: int, now: float) -> bool:
        """Count a reminder as sent if the game is still as seen (same version and count); True if so."""
        cursor = await self.db.execute(
            "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = ?"
            " WHERE id = ? AND version = ? AND reminders_sent = ? AND status = 'active'",
            (now, game_id, version, reminders_sent),
        )
        return cursor.rowcount == 1

    @_locked
    async def release_reminder(
        self, game_id: int, version: int, reminders_sent: int, claimed_at: float, previous_at: float | None
    ) -> bool:
        """Give back a claim whose reminder was not delivered (only if the game is still as the claim left it)."""
        cursor = await self.db.execute(
            "UPDATE games SET reminders_sent = reminders_sent - 1, last_reminder_at = ?"
            " WHERE id = ? AND version = ? AND reminders_sent = ? AND last_reminder_at = ? AND status = 'active'",
            (previous_at, game_id, version, reminders_sent, claimed_at),
        )
        return cursor.rowcount == 1

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        """A named lock; one process owns a SQLite file, so a lock in this process is enough."""
        lock = self._named.setdefault(name, asyncio.Lock())
        async with lock:
            yield

    @_locked
    async def count_games(self) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM games") as cursor:
            row = await cursor.fetchone()
        return int(row[0])

    @_locked
    async def game_ids(self, statuses: Iterable[str] = OPEN_STATUSES) -> list[int]:
        wanted = list(statuses)
        marks = ",".join("?" * len(wanted))
        async with self.db.execute(f"SELECT id FROM games WHERE status IN ({marks}) ORDER BY id", wanted) as cursor:
            return [r[0] for r in await cursor.fetchall()]


def _split_sql(script: str) -> list[str]:
    return [part.strip() for part in script.split(";") if part.strip()]
