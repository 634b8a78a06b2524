"""One damaged game row never takes the others down, on SQLite and on PostgreSQL.

A game whose row cannot be read (state bytes that do not decode, a system nobody knows, a seat
row pointing at a seat the game does not have) is marked damaged: logged once, skipped by the
reminder pass and the listings, reported to its host by /game status. Every other game goes on.

Also here: with ``spectators off``, a running game stays hidden from non-players in /game list
and /game verify too.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from sessions.errors import SessionError
from sessions.reminders import Reminder, due_reminders, send_reminders
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table import players, records
from table.commands import Ctx, Table

ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
GUILD = 1
START = 1_772_452_800.0  # 2026-03-02 12:00 UTC, a Monday
HOUR = 3600.0
CHANNELS = (11, 12, 13)
"""Three running games; the middle one gets damaged (so one healthy game comes before it, one after)."""
BROKEN_CHANNEL = 12

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
CORRUPTIONS = ["state", "system", "seat"]


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    """A database with some games, and a way to open a fresh service on it (as a restarted process would)."""

    backend: str
    where: str
    clock: Clock
    services: list[GameService]

    async def service(self) -> GameService:
        if self.backend == "sqlite":
            store = SqliteStore(Path(self.where))
        else:
            from sessions.pg_store import PostgresStore

            store = PostgresStore(self.where)
        svc = GameService(store, clock=self.clock, seed_source=lambda: 3)
        await svc.open()
        self.services.append(svc)
        return svc

    async def sql(self, svc: GameService, sqlite_sql: str, pg_sql: str, *args: object) -> None:
        """Change a row behind the service's back (the way a bad migration or a disk fault would)."""
        if self.backend == "sqlite":
            await svc.store.db.execute(sqlite_sql, args)  # type: ignore[attr-defined]
        else:
            await svc.store.pool.execute(pg_sql, *args)  # type: ignore[attr-defined]

    async def counts(self, svc: GameService, game_ids: list[int]) -> dict[int, int]:
        found = {}
        for game_id in game_ids:
            record = await svc.store.get_game(game_id)
            assert record is not None
            found[game_id] = record.reminders_sent
        return found


async def open_world(backend: str, tmp_path: Path) -> World:
    if backend == "sqlite":
        where = str(tmp_path / "games.db")
    else:
        from tests.pg_server import new_database

        where = new_database()
    return World(backend, where, Clock(START), [])


async def started_games(svc: GameService, channels: tuple[int, ...] = CHANNELS) -> dict[int, int]:
    """A running Pig game (alice and bob) in each channel: channel -> game id."""
    ids = {}
    for channel in channels:
        update = await svc.new_game(channel_id=channel, guild_id=GUILD, host=ALICE, system_id="pig")
        await svc.join(channel, BOB)
        await svc.start(channel, ALICE)
        ids[channel] = update.game.id
    return ids


async def damage(world: World, svc: GameService, game_id: int, how: str) -> None:
    if how == "state":
        await world.sql(
            svc,
            "UPDATE games SET state = ? WHERE id = ?",
            "UPDATE games SET state = $1 WHERE id = $2",
            b"\xff\x00 half a state",
            game_id,
        )
    elif how == "system":
        await world.sql(
            svc,
            "UPDATE games SET system = ? WHERE id = ?",
            "UPDATE games SET system = $1 WHERE id = $2",
            "vanished",
            game_id,
        )
    else:  # bob's seat row now points at seat 8 of a two-seat game
        await world.sql(
            svc,
            "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
            "UPDATE seats SET seat = $1 WHERE game_id = $2 AND seat = $3",
            8,
            game_id,
            1,
        )


@pytest.fixture(params=BACKENDS)
async def world(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[World]:
    made = await open_world(request.param, tmp_path)
    yield made
    for svc in made.services:
        await svc.close()


async def broken_world(world: World, how: str) -> tuple[GameService, dict[int, int]]:
    """Three games, the middle one damaged; a fresh service (a restart) that never saw it healthy."""
    first = await world.service()
    ids = await started_games(first)
    await damage(world, first, ids[BROKEN_CHANNEL], how)
    return await world.service(), ids


def ctx(actor: Actor, channel: int = BROKEN_CHANNEL) -> Ctx:
    return Ctx(actor=actor, channel_id=channel, guild_id=GUILD)


def damaged_logs(caplog: pytest.LogCaptureFixture, game_id: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "damaged" in r.getMessage() and f"#{game_id}" in r.getMessage()]


# -- reminders ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", CORRUPTIONS)
async def test_healthy_games_get_every_reminder_delivered_and_counted(
    world: World, how: str, caplog: pytest.LogCaptureFixture
) -> None:
    svc, ids = await broken_world(world, how)
    broken = ids[BROKEN_CHANNEL]
    delivered: list[Reminder] = []

    async def deliver(reminder: Reminder) -> bool:
        delivered.append(reminder)
        return True

    caplog.set_level(logging.INFO)
    for hour in range(24, 24 * 6):
        await send_reminders(svc, START + hour * HOUR, deliver)
    by_game = {game_id: [r.number for r in delivered if r.game_id == game_id] for game_id in ids.values()}
    healthy = [game_id for game_id in ids.values() if game_id != broken]
    assert by_game == {**{g: [1, 2, 3] for g in healthy}, broken: []}
    assert await world.counts(svc, list(ids.values())) == {**{g: 3 for g in healthy}, broken: 0}
    assert len(damaged_logs(caplog, broken)) == 1, "a damaged game is logged once, not on every pass"


@pytest.mark.parametrize("how", CORRUPTIONS)
async def test_due_reminders_skips_the_damaged_game(world: World, how: str) -> None:
    """The older entry point (claims as it returns) no longer stops at the damaged game either."""
    svc, ids = await broken_world(world, how)
    got = await due_reminders(svc, START + 25 * HOUR)
    assert sorted(r.game_id for r in got) == sorted(g for c, g in ids.items() if c != BROKEN_CHANNEL)


# -- listings -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", CORRUPTIONS)
async def test_game_list_and_game_mine_keep_working(world: World, how: str) -> None:
    svc, ids = await broken_world(world, how)
    table = Table(svc)
    broken = ids[BROKEN_CHANNEL]
    for asker in (ALICE, CAROL):
        listed = await players.game_list(table, ctx(asker, 99))
        text = "\n".join(listed.lines)
        assert all(f"#{g} " in text for c, g in ids.items() if c != BROKEN_CHANNEL), text
        assert f"#{broken} " not in text
    for player in (ALICE, BOB):
        mine = await players.game_mine(table, ctx(player, 99))
        text = "\n".join(mine.lines)
        assert all(f"#{g} " in text for c, g in ids.items() if c != BROKEN_CHANNEL), text
        assert f"#{broken} " not in text
    # Playing on in a healthy game works too.
    await svc.act(actor=ALICE, action="hold", channel_id=11)


# -- the damaged game itself -----------------------------------------------------------------------
@pytest.mark.parametrize("how", CORRUPTIONS)
async def test_status_tells_the_host_and_refuses_others_with_a_sentence(world: World, how: str) -> None:
    svc, _ = await broken_world(world, how)
    table = Table(svc)
    report = await table.game_status(ctx(ALICE))
    text = " ".join([report.title, *report.lines]).lower()
    assert "cannot be read" in text and "nothing else" in text and "/game export" in text
    assert report.ephemeral
    for other in (BOB, CAROL):
        with pytest.raises(SessionError) as refused:
            await table.game_status(ctx(other))
        assert "cannot be read" in str(refused.value) and str(refused.value).endswith(".")
    with pytest.raises(SessionError, match="cannot be read"):
        await svc.act(actor=ALICE, action="hold", channel_id=BROKEN_CHANNEL)


@pytest.mark.parametrize("how", ["state", "seat"])
async def test_export_keeps_the_record_of_a_damaged_game(world: World, how: str) -> None:
    svc, ids = await broken_world(world, how)
    first = world.services[0]
    await first.close()
    world.services.remove(first)
    reply = await records.game_export(Table(svc), ctx(ALICE))
    data = json.loads(reply.attachments[0][1])
    assert data["game"] == ids[BROKEN_CHANNEL] and data["system"] == "pig"


# -- spectators off ---------------------------------------------------------------------------------
async def test_spectators_off_hides_a_running_game_from_non_players(world: World) -> None:
    svc = await world.service()
    ids = await started_games(svc, (21, 22))
    await svc.change_setting(21, ALICE, "spectators", "off")
    table = Table(svc)
    listed = "\n".join((await players.game_list(table, ctx(CAROL, 99))).lines)
    private = next(line for line in listed.splitlines() if f"#{ids[21]} " in line)
    assert "private table" in private
    assert "alice" not in private and "waiting" not in private and "·" not in private, private
    public = next(line for line in listed.splitlines() if f"#{ids[22]} " in line)
    assert "waiting for alice" in public
    for player in (ALICE, BOB):
        seen = "\n".join((await players.game_list(table, ctx(player, 99))).lines)
        own = next(line for line in seen.splitlines() if f"#{ids[21]} " in line)
        assert "private table" not in own and ("waiting for alice" in own or "waits on you" in own), own
    with pytest.raises(SessionError, match="spectators"):
        await records.game_verify(table, ctx(CAROL, 21))
    assert "intact" in (await records.game_verify(table, ctx(BOB, 21))).lines[0]
    assert "intact" in (await records.game_verify(table, ctx(CAROL, 22))).lines[0]
