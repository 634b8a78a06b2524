"""Durable storage of games in PostgreSQL (asyncpg), shared by any number of shard processes.

Same interface and promises as :class:`sessions.store.SqliteStore`:

- one transaction per accepted action: the guarded ``UPDATE games ... WHERE id AND version AND
  status='active'`` takes the game's row lock and bumps the version, the log row is inserted in
  the same transaction; a competing transaction (any process) waits on that row lock and then
  finds the version moved on, so it changes nothing and the caller gets :class:`StaleVersion`;
  the primary key (game_id, version) of the log refuses a duplicate row besides;
- nothing is acknowledged before COMMIT returns (``synchronous_commit=on`` on every connection);
- reminders are claimed with a compare-and-set on (version, reminders_sent) over a row taken
  ``FOR UPDATE SKIP LOCKED``, so one process sends each one;
- :meth:`exclusive` is a cluster-wide named lock (``pg_advisory_lock``), e.g. for command sync.

This module imports asyncpg; :func:`sessions.stores.open_store` imports it only for a PostgreSQL URL.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from .errors import SessionError, StaleVersion
from .pg_migrations import MIGRATIONS
from .stats import Final, PlayerStats, Standing, merge
from .store import (
    HANDOVER_COLUMNS,
    OPEN_STATUSES,
    VACANT_USER,
    ActionRecord,
    GameBundle,
    GameRecord,
    HandOver,
    SeatRecord,
    StoreUnavailable,
    Unseat,
    action_row,
)

MIGRATION_LOCK = "starhost:migrations"

# Every game query selects the game's columns and its seats as one JSON array, in one statement
# (one snapshot: a game is never seen with another moment's seats).
_GAME = (
    "SELECT g.*, (SELECT json_agg(json_build_array(s.seat, s.user_id, s.name) ORDER BY s.seat)"
    " FROM seats s WHERE s.game_id = g.id) AS seat_list FROM games g"
)


_BUNDLE = (
    "SELECT g.*, (SELECT json_agg(json_build_array(s.seat, s.user_id, s.name) ORDER BY s.seat)"
    " FROM seats s WHERE s.game_id = g.id) AS seat_list,"
    " (SELECT json_object_agg(t.key, t.value) FROM settings t WHERE t.game_id = g.id) AS setting_map,"
    " (SELECT json_agg(json_build_array(h.seat, h.user_id, h.reason, h.started_at, h.ends_at) ORDER BY h.seat)"
    " FROM handovers h WHERE h.game_id = g.id) AS handover_list,"
    " (SELECT json_agg(json_build_array(m.seat, m.version, m.at)) FROM (SELECT DISTINCT ON (a.seat) a.seat,"
    " a.version, a.at FROM actions a WHERE a.game_id = g.id AND a.kind = 'move' AND a.seat IS NOT NULL"
    " ORDER BY a.seat, a.version DESC) m) AS move_list,"
    " (SELECT json_agg(json_build_array(u.user_id, u.key, u.value)) FROM user_settings u"
    " WHERE u.user_id IN (SELECT s.user_id FROM seats s WHERE s.game_id = g.id)) AS user_setting_list"
    " FROM games g WHERE "
)
"""A game and all a turn needs beside it (``load_game``): one round trip."""

_BUMP_ASIDE = "UPDATE games SET aside = aside + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM changed)"
"""The tail of a statement that changes a game's seats, settings or hand-overs (CTE ``changed``, game id $1):
it counts the change in ``games.aside``, which cached copies are checked against."""


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory lock key for ``name``."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


def normalise_url(url: str) -> str:
    """asyncpg's spelling of a PostgreSQL URL (``postgresql+asyncpg://`` as SQLAlchemy writes it works too)."""
    scheme, rest = url.strip().split("://", 1)
    return f"postgresql://{rest}" if scheme.lower() in ("postgres", "postgresql", "postgresql+asyncpg") else url


def redacted(url: str) -> str:
    """The URL without its password, for logs and messages."""
    scheme, rest = url.split("://", 1)
    if "@" in rest:
        credentials, host = rest.rsplit("@", 1)
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user}:***@{host}" if ":" in credentials else f"{scheme}://{user}@{host}"
    return url


class PostgresStore:
    """The PostgreSQL implementation: a connection pool; every method is safe from many processes."""

    shared = True
    """Several processes may use this database at once (the service must not trust its cache blindly)."""

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.url = normalise_url(url)
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None

    def __repr__(self) -> str:
        return f"PostgresStore({redacted(self.url)!r})"

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    async def open(self) -> None:
        """Connect (raising :class:`StoreUnavailable` with the reason when the server says no) and migrate."""
        try:
            self._pool = await asyncpg.create_pool(
                self.url,
                min_size=self.min_size,
                max_size=self.max_size,
                server_settings={"application_name": "starhost", "synchronous_commit": "on"},
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreUnavailable(f"PostgreSQL at {redacted(self.url)}: {exc}") from exc
        await self._migrate()

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()  # waits for every borrowed connection: in-flight commits finish first

    async def _migrate(self) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", lock_key(MIGRATION_LOCK))
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
                )
                done = {r[0] for r in await conn.fetch("SELECT version FROM schema_migrations")}
                for number, name, sql in MIGRATIONS:
                    if number in done:
                        continue
                    async with conn.transaction():
                        await conn.execute(sql)
                        await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2)", number, name)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", lock_key(MIGRATION_LOCK))

    async def schema_version(self) -> int:
        return int(await self.pool.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        """Hold a lock named ``name`` across every process using this database."""
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", lock_key(name))
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", lock_key(name))

    # -- games ---------------------------------------------------------------------------
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
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                game_id = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, system, scenario, options, seed, status, host_id,"
                    " version, created_at, updated_at, last_action_at)"
                    " VALUES ($1,$2,$3,$4,$5,$6,'lobby',$7,0,$8,$8,$8) RETURNING id",
                    guild_id,
                    channel_id,
                    system,
                    scenario,
                    json.dumps(options),
                    seed,
                    host_id,
                    now,
                )
                await conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1,0,$2,$3)", game_id, host_id, host_name
                )
        except asyncpg.UniqueViolationError:
            raise SessionError(
                "This channel already has a game. Finish it with /game end, or start one in another channel or thread."
            ) from None
        record = await self.get_game(game_id)
        assert record is not None
        return record

    async def _one(self, where: str, *args: Any) -> GameRecord | None:
        row = await self.pool.fetchrow(f"{_GAME} WHERE {where}", *args)
        return _record(row) if row else None

    async def _many(self, where: str, *args: Any) -> list[GameRecord]:
        return [_record(r) for r in await self.pool.fetch(f"{_GAME} WHERE {where}", *args)]

    async def get_game(self, game_id: int) -> GameRecord | None:
        return await self._one("g.id = $1", game_id)

    async def game_version(self, game_id: int) -> int | None:
        """The stored version of a game (a cheap check that a cached copy is current)."""
        return await self.pool.fetchval("SELECT version FROM games WHERE id = $1", game_id)

    async def load_game(self, game_id: int) -> GameBundle | None:
        """The game with its seats, settings, hand-overs and each seat's last move, in one query."""
        return self._bundle(await self.pool.fetchrow(_BUNDLE + "g.id = $1", game_id))

    async def load_open_game_in(self, channel_id: int) -> GameBundle | None:
        """The channel's open game (lobby or running), as :meth:`load_game` reads it."""
        where = "g.channel_id = $1 AND g.status IN ('lobby', 'active')"
        return self._bundle(await self.pool.fetchrow(_BUNDLE + where, channel_id))

    @staticmethod
    def _bundle(row: asyncpg.Record | None) -> GameBundle | None:
        if row is None:
            return None
        game_id = row["id"]
        handovers = [HandOver(game_id, *h) for h in json.loads(row["handover_list"] or "[]")]
        moves = {int(m[0]): (int(m[1]), float(m[2])) for m in json.loads(row["move_list"] or "[]")}
        users: dict[int, dict[str, str]] = {}
        for user, key, value in json.loads(row["user_setting_list"] or "[]"):
            users.setdefault(int(user), {})[key] = value
        return GameBundle(_record(row), json.loads(row["setting_map"] or "{}"), handovers, moves, users)

    async def freshness(self, game_id: int) -> tuple[int, int] | None:
        """(version, changes beside the state) of a game, in one round trip: whether a cached copy of the
        game, its seats, status, settings and hand-overs is current. Every write to those bumps ``aside``."""
        row = await self.pool.fetchrow("SELECT version, aside FROM games WHERE id = $1", game_id)
        return None if row is None else (row[0], row[1])

    async def open_game_in(self, channel_id: int) -> GameRecord | None:
        return await self._one("g.channel_id = $1 AND g.status IN ('lobby', 'active')", channel_id)

    async def latest_game_in(self, channel_id: int) -> GameRecord | None:
        return await self._one("g.channel_id = $1 ORDER BY g.id DESC LIMIT 1", channel_id)

    async def add_seat(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        try:
            await self.pool.execute(
                "WITH changed AS (INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1,$2,$3,$4) RETURNING 1)"
                f" {_BUMP_ASIDE}",
                game_id,
                seat,
                user_id,
                name,
            )
        except asyncpg.UniqueViolationError:
            raise SessionError("That seat was just taken; pick another.") from None

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        await self.pool.execute(
            f"WITH changed AS (DELETE FROM seats WHERE game_id = $1 AND user_id = $2 RETURNING 1) {_BUMP_ASIDE}",
            game_id,
            user_id,
        )

    async def replace_seat_user(self, game_id: int, seat: int, user_id: int, name: str) -> None:
        await self.pool.execute(
            "WITH changed AS (UPDATE seats SET user_id = $2, name = $3 WHERE game_id = $1 AND seat = $4 RETURNING 1)"
            f" {_BUMP_ASIDE}",
            game_id,
            user_id,
            name,
            seat,
        )

    async def start_game(self, game_id: int, state: bytes, seats: list[SeatRecord], now: float) -> None:
        """Renumber the seats 0..n-1 in join order and store the initial state (version 1)."""
        async with self.pool.acquire() as conn, conn.transaction():
            started = await conn.fetchval(
                "UPDATE games SET status='active', state=$1, version=1, updated_at=$2, last_action_at=$2,"
                " reminders_sent=0 WHERE id=$3 AND status='lobby' RETURNING id",
                state,
                now,
                game_id,
            )
            if started is None:
                raise SessionError("This game has already started.")
            await conn.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1,$2,$3,$4)",
                [(game_id, s.seat, s.user_id, s.name) for s in seats],
            )

    async def append_actions(
        self,
        game_id: int,
        expected_version: int,
        records: list[ActionRecord],
        new_state: bytes,
        finished: bool,
        final: Final | None = None,
    ) -> int:
        """Log ``records`` (the steps one request played), store ``new_state`` and bump the version in one
        transaction; return the new version.

        The guarded UPDATE locks the game's row until COMMIT: from any process, a second writer
        waits, then sees the new version and updates nothing. Raises :class:`StaleVersion` then.
        """
        last = records[-1]
        new_version = expected_version + len(records)
        async with self.pool.acquire() as conn, conn.transaction():
            bumped = await conn.fetchval(
                "UPDATE games SET state=$1, version=$2, updated_at=$3, last_action_at=$3, reminders_sent=0,"
                " last_reminder_at=NULL, status=$4 WHERE id=$5 AND version=$6 AND status='active' RETURNING version",
                new_state,
                new_version,
                last.at,
                "finished" if finished else "active",
                game_id,
                expected_version,
            )
            if bumped is None:
                raise StaleVersion()  # leaving the block rolls the (empty) transaction back
            await conn.executemany(
                "INSERT INTO actions (game_id, version, seat, user_id, action, events, at, by_default, kind, revealed,"
                " wait) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)",
                [action_row(game_id, expected_version + 1 + i, r) for i, r in enumerate(records)],
            )
            if finished and final is not None:
                await conn.execute(
                    "UPDATE games SET result=$1, finished_at=$2 WHERE id=$3", final.result, last.at, game_id
                )
                await conn.executemany(
                    "UPDATE seats SET won=$1 WHERE game_id=$2 AND seat=$3",
                    [(int(won), game_id, seat) for seat, won in final.won.items()],
                )
        return new_version

    async def actions(self, game_id: int, since_version: int = 0) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            "SELECT * FROM actions WHERE game_id = $1 AND version > $2 ORDER BY version", game_id, since_version
        )
        return [_action(r) for r in rows]

    async def recent_actions(self, game_id: int, limit: int) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            "SELECT * FROM (SELECT * FROM actions WHERE game_id = $1 ORDER BY version DESC LIMIT $2) recent"
            " ORDER BY version",
            game_id,
            max(limit, 1),
        )
        return [_action(r) for r in rows]

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        await self.pool.execute(
            "UPDATE games SET status=$1, updated_at=$2, aside = aside + 1 WHERE id=$3", status, now, game_id
        )

    async def set_host(self, game_id: int, user_id: int) -> None:
        await self.pool.execute("UPDATE games SET host_id=$1, aside = aside + 1 WHERE id=$2", user_id, game_id)

    async def unseat(self, game_id: int, change: Unseat) -> None:
        """A player leaves (or is kicked): their seat, the host and the game's status change together."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("UPDATE games SET aside = aside + 1 WHERE id = $1", game_id)
            if change.vacate_seat is None:
                await conn.execute("DELETE FROM seats WHERE game_id = $1 AND user_id = $2", game_id, change.user_id)
            else:
                await conn.execute(
                    "UPDATE seats SET user_id = $1, name = $2 WHERE game_id = $3 AND seat = $4",
                    VACANT_USER,
                    change.vacant_name,
                    game_id,
                    change.vacate_seat,
                )
            if change.new_host is not None:
                await conn.execute("UPDATE games SET host_id=$1 WHERE id=$2", change.new_host, game_id)
            if change.close:
                await conn.execute("UPDATE games SET status='ended', updated_at=$1 WHERE id=$2", change.now, game_id)

    async def delete_game(self, game_id: int) -> None:
        await self.pool.execute("DELETE FROM games WHERE id=$1", game_id)

    # -- settings ------------------------------------------------------------------------
    _SETTING_TABLES = {
        "game": ("settings", "game_id"),
        "guild": ("guild_settings", "guild_id"),
        "user": ("user_settings", "user_id"),
    }

    async def _get_pairs(self, scope: str, owner: int) -> dict[str, str]:
        table, column = self._SETTING_TABLES[scope]
        rows = await self.pool.fetch(f"SELECT key, value FROM {table} WHERE {column} = $1", owner)
        return {r[0]: r[1] for r in rows}

    async def _set_pair(self, scope: str, owner: int, key: str, value: str) -> None:
        table, column = self._SETTING_TABLES[scope]
        upsert = (
            f"INSERT INTO {table} ({column}, key, value) VALUES ($1,$2,$3)"
            f" ON CONFLICT ({column}, key) DO UPDATE SET value = excluded.value"
        )
        if scope == "game":  # one statement: the setting and the game's count of such changes
            upsert = f"WITH changed AS ({upsert} RETURNING 1) {_BUMP_ASIDE}"
        await self.pool.execute(upsert, owner, key, value)

    async def get_settings(self, game_id: int) -> dict[str, str]:
        return await self._get_pairs("game", game_id)

    async def set_setting(self, game_id: int, key: str, value: str) -> None:
        await self._set_pair("game", game_id, key, value)

    async def get_guild_settings(self, guild_id: int) -> dict[str, str]:
        return await self._get_pairs("guild", guild_id)

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        await self._set_pair("guild", guild_id, key, value)

    async def get_user_settings(self, user_id: int) -> dict[str, str]:
        return await self._get_pairs("user", user_id)

    async def set_user_setting(self, user_id: int, key: str, value: str) -> None:
        await self._set_pair("user", user_id, key, value)

    async def delete_setting(self, game_id: int, key: str) -> None:
        await self.pool.execute(
            f"WITH changed AS (DELETE FROM settings WHERE game_id = $1 AND key = $2 RETURNING 1) {_BUMP_ASIDE}",
            game_id,
            key,
        )

    async def games_of_user(self, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
        """Open games (lobby or running) where ``user_id`` has a seat, newest first; in one server if given."""
        return await self._many(
            "g.status IN ('lobby', 'active') AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id"
            " AND s.user_id = $1) AND ($2::bigint IS NULL OR g.guild_id = $2)"
            " ORDER BY g.last_action_at DESC LIMIT 50",
            user_id,
            guild_id,
        )

    async def games_in_guild(self, guild_id: int, limit: int = 50) -> list[GameRecord]:
        """Open games of one server, most recently played first."""
        return await self._many(
            "g.guild_id = $1 AND g.status IN ('lobby', 'active') ORDER BY g.last_action_at DESC LIMIT $2",
            guild_id,
            limit,
        )

    async def games_in_channel(self, channel_id: int, limit: int = 25) -> list[GameRecord]:
        """Every game played in a channel, newest first (for exporting an earlier one)."""
        return await self._many("g.channel_id = $1 ORDER BY g.id DESC LIMIT $2", channel_id, limit)

    async def get_meta(self, key: str) -> str | None:
        return await self.pool.fetchval("SELECT value FROM meta WHERE key = $1", key)

    async def set_meta(self, key: str, value: str) -> None:
        await self.pool.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )

    # -- catch-up, seats handed to the bot, stats ----------------------------------------------
    async def last_move(self, game_id: int, seat: int) -> tuple[int, float] | None:
        """(version, time) of the seat's latest own move, or None."""
        row = await self.pool.fetchrow(
            "SELECT version, at FROM actions WHERE game_id = $1 AND seat = $2 AND kind = 'move'"
            " ORDER BY version DESC LIMIT 1",
            game_id,
            seat,
        )
        return (int(row[0]), float(row[1])) if row else None

    async def handovers(self, game_id: int) -> list[HandOver]:
        rows = await self.pool.fetch(
            f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE game_id = $1 ORDER BY seat", game_id
        )
        return [HandOver(*row) for row in rows]

    async def handovers_of_user(self, user_id: int) -> list[HandOver]:
        rows = await self.pool.fetch(
            f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE user_id = $1 ORDER BY game_id", user_id
        )
        return [HandOver(*row) for row in rows]

    async def handover_games(self) -> list[int]:
        """Running games with a seat handed to the bot."""
        rows = await self.pool.fetch(
            "SELECT DISTINCT h.game_id FROM handovers h JOIN games g ON g.id = h.game_id WHERE g.status = 'active'"
            " ORDER BY h.game_id"
        )
        return [r[0] for r in rows]

    async def set_handover(self, handover: HandOver) -> None:
        """Hand a seat to the bot (replacing an earlier hand-over of the same seat)."""
        h = handover
        await self.pool.execute(
            f"WITH changed AS (INSERT INTO handovers ({HANDOVER_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6)"
            " ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, reason = excluded.reason,"
            f" started_at = excluded.started_at, ends_at = excluded.ends_at RETURNING 1) {_BUMP_ASIDE}",
            h.game_id,
            h.seat,
            h.user_id,
            h.reason,
            h.started_at,
            h.ends_at,
        )

    async def end_handover(self, game_id: int, seat: int, reason: str | None = None) -> bool:
        """Give the seat back to its player (only a hand-over of ``reason`` when given); True if one ended."""
        ended = await self.pool.fetch(
            "WITH gone AS (DELETE FROM handovers WHERE game_id = $1 AND seat = $2"
            " AND ($3::text IS NULL OR reason = $3) RETURNING seat),"
            " bumped AS (UPDATE games SET aside = aside + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM gone))"
            " SELECT seat FROM gone",
            game_id,
            seat,
            reason,
        )
        return bool(ended)

    async def waiting_games(self, since_before: float) -> list[GameRecord]:
        """Running games whose last action is at or before ``since_before`` (candidates for a deadline)."""
        return await self._many("g.status = 'active' AND g.last_action_at <= $1 ORDER BY g.id", since_before)

    async def player_stats(
        self, user_id: int, guild_id: int | None = None, system: str | None = None
    ) -> list[PlayerStats]:
        """The player's games per system (started ones), and the median time they took to move."""
        where = " AND ($2::bigint IS NULL OR g.guild_id = $2) AND ($3::text IS NULL OR g.system = $3)"
        rows = await self.pool.fetch(
            "SELECT g.system, COUNT(*), COUNT(*) FILTER (WHERE g.status = 'finished'),"
            " COUNT(*) FILTER (WHERE s.won = 1), COUNT(*) FILTER (WHERE s.won = 0 AND g.status = 'finished')"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = $1 AND g.status IN ('active', 'finished', 'ended')"
            + where
            + " GROUP BY g.system ORDER BY g.system",
            user_id,
            guild_id,
            system,
        )
        counts = [PlayerStats(r[0], r[1], r[2], r[3], r[4]) for r in rows]
        rows = await self.pool.fetch(
            "SELECT g.system, percentile_cont(0.5) WITHIN GROUP (ORDER BY a.wait) FROM actions a"
            " JOIN games g ON g.id = a.game_id WHERE a.user_id = $1 AND a.kind = 'move' AND a.wait IS NOT NULL"
            + where
            + " GROUP BY g.system",
            user_id,
            guild_id,
            system,
        )
        return merge(counts, {r[0]: float(r[1]) for r in rows})

    async def standings(self, guild_id: int, system: str, limit: int = 10) -> list[Standing]:
        """The server's best players of one game: most wins among finished games, then fewest games."""
        rows = await self.pool.fetch(
            "SELECT s.user_id, COUNT(*) AS finished, COUNT(*) FILTER (WHERE s.won = 1) AS won,"
            " (SELECT n.name FROM seats n WHERE n.user_id = s.user_id ORDER BY n.game_id DESC LIMIT 1) AS name"
            " FROM games g JOIN seats s ON s.game_id = g.id WHERE g.guild_id = $1 AND g.system = $2"
            " AND g.status = 'finished' AND s.user_id > 0 GROUP BY s.user_id"
            " ORDER BY won DESC, finished, s.user_id LIMIT $3",
            guild_id,
            system,
            limit,
        )
        return [Standing(r["user_id"], r["name"] or str(r["user_id"]), r["finished"], r["won"]) for r in rows]

    # -- reminders and maintenance ---------------------------------------------------------
    async def active_games(self, idle_before: float | None = None) -> list[GameRecord]:
        """Running games; with ``idle_before``, only those with no action or reminder since then."""
        return await self._many(
            "g.status = 'active' AND ($1::double precision IS NULL"
            " OR COALESCE(g.last_reminder_at, g.last_action_at) <= $1) ORDER BY g.id",
            idle_before,
        )

    async def mark_reminded(self, game_id: int, now: float) -> None:
        await self.pool.execute(
            "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = $1 WHERE id = $2", now, game_id
        )

    async def claim_reminder(self, game_id: int, version: int, reminders_sent: int, now: float) -> bool:
        """Count a reminder as sent if the game is still as seen (same version and count); True for one caller only.

        The row is taken ``FOR UPDATE SKIP LOCKED``: when another process holds it (claiming
        the same reminder, or appending an action that makes it moot), this one skips it.
        """
        claimed = await self.pool.fetchval(
            "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = $1"
            " WHERE id = (SELECT id FROM games WHERE id = $2 FOR UPDATE SKIP LOCKED)"
            " AND version = $3 AND reminders_sent = $4 AND status = 'active' RETURNING id",
            now,
            game_id,
            version,
            reminders_sent,
        )
        return claimed is not None

    async def release_reminder(
        self, game_id: int, version: int, reminders_sent: int, claimed_at: float, previous_at: float | None
    ) -> bool:
        """Give back a claim whose reminder was not delivered (only if the game is still as the claim left it)."""
        released = await self.pool.fetchval(
            "UPDATE games SET reminders_sent = reminders_sent - 1, last_reminder_at = $1"
            " WHERE id = $2 AND version = $3 AND reminders_sent = $4 AND last_reminder_at = $5"
            " AND status = 'active' RETURNING id",
            previous_at,
            game_id,
            version,
            reminders_sent,
            claimed_at,
        )
        return released is not None

    async def count_games(self) -> int:
        return int(await self.pool.fetchval("SELECT COUNT(*) FROM games"))

    async def game_ids(self, statuses: Iterable[str] = OPEN_STATUSES) -> list[int]:
        rows = await self.pool.fetch("SELECT id FROM games WHERE status = ANY($1::text[]) ORDER BY id", list(statuses))
        return [r[0] for r in rows]


def _seats(raw: str | None) -> list[SeatRecord]:
    items: Sequence[Sequence[Any]] = json.loads(raw) if raw else []
    return [SeatRecord(int(seat), int(user_id), str(name)) for seat, user_id, name in items]


def _record(row: asyncpg.Record) -> GameRecord:
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
        seats=_seats(row["seat_list"]),
        aside=row["aside"],
    )


def _action(row: asyncpg.Record) -> ActionRecord:
    return ActionRecord(
        game_id=row["game_id"],
        version=row["version"],
        seat=row["seat"],
        user_id=row["user_id"],
        action=json.loads(row["action"]),
        events=json.loads(row["events"]),
        at=row["at"],
        by_default=bool(row["by_default"]),
        kind=row["kind"],
        revealed=row["revealed"],
        wait=row["wait"],
    )
