"""Sharding end to end: the real bot as AutoShardedBot against the Discord stand-in.

- In one process: the bot asks ``GET /gateway/bot`` how many shards to run, identifies each one,
  and every guild arrives on the shard ``(guild_id >> 22) % shard_count``.
- Across processes: two bot processes with two shards each share one PostgreSQL database and
  play games in guilds on all four shards; one of them is killed with SIGKILL mid-game and
  started again. Nothing acknowledged is lost, every game verifies, commands are synced by one
  process only, and no reminder goes out twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO

import pytest

import bot as starhost
from rules.core import registry
from sessions.pg_store import PostgresStore
from sessions.service import GameService
from tests.pg_server import new_database
from tests.standin import FakeUser, InteractionNotAnswered, MessageView, Reply, StandIn

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
SHARDS = 4
ALICE = FakeUser(id=730000000000000001, name="alice")
BOB = FakeUser(id=730000000000000002, name="bob")


def guild_on(shard: int) -> int:
    """A snowflake-sized guild id that Discord routes to ``shard`` of ``SHARDS``."""
    return ((931_000_000_000_000_000 >> 22) // SHARDS * SHARDS + shard) << 22 | 0x5EED


GUILDS = {guild_on(s): 931_000_000_000_001_000 + s for s in range(SHARDS)}  # guild -> its one channel


def sharded_standin(**options: object) -> StandIn:
    (first, first_channel), *others = GUILDS.items()
    return StandIn(
        guild_id=first,
        channel_ids=[first_channel],
        guilds={g: [c] for g, c in others},
        shard_count=SHARDS,
        users=[ALICE, BOB],
        **options,  # type: ignore[arg-type]
    )


async def answered(standin: StandIn, reply: Reply) -> MessageView:
    """The bot's final answer to an interaction (after a 'thinking' defer, once the followup landed)."""
    assert reply.message is not None, reply
    message_id = reply.message.id
    await standin.wait_until(lambda: not standin.messages[message_id].loading, what="the bot's answer")
    return standin.messages[message_id].snapshot()


# -- one process, every shard ------------------------------------------------------------------------
async def test_one_process_runs_the_recommended_shards_and_each_guild_lands_on_its_shard(tmp_path: Path) -> None:
    assert sorted((g >> 22) % SHARDS for g in GUILDS) == [0, 1, 2, 3]
    async with sharded_standin() as standin:
        config = replace(
            starhost.load_config(env={}, dotenv=tmp_path / "missing.env"),
            token="fake-token",
            db_path=tmp_path / "one.db",
            extra_systems=("tests.fixtures.pig",),
            reminder_seconds=3600,
        )
        bot = starhost.make_bot(config, guild_ready_timeout=0.05)

        async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
            return None  # the stand-in has no identify rate limit

        bot.before_identify_hook = identify_at_once
        await standin.run_client(bot, timeout=30)
        try:
            assert standin.requests_to("GET", "/gateway/bot")
            assert sorted(tuple(i["shard"]) for i in standin.identifies) == [(s, SHARDS) for s in range(SHARDS)]
            assert bot.shard_count == SHARDS
            for guild_id in GUILDS:
                guild = bot.get_guild(guild_id)
                assert guild is not None and guild.shard_id == (guild_id >> 22) % SHARDS
            await standin.wait_for_commands("global")
            for channel in GUILDS.values():  # each guild's interaction reaches the bot on its own shard
                reply = await standin.slash("game new", {"system": "pig"}, user=ALICE, channel_id=channel)
                assert not reply.ephemeral and "table #" in reply.embed["title"]
        finally:
            await standin.stop_client()


# -- several processes, one PostgreSQL database --------------------------------------------------------
class ShardProcess:
    """``python -m tests.shard_bot`` running some shards: started, awaited ready, killed, restarted."""

    def __init__(self, port: int, url: str, shards: str, log: Path) -> None:
        self.port, self.url, self.shards, self.log = port, url, shards, log
        self.proc: subprocess.Popen[str] | None = None
        self._log_file: IO[str] | None = None

    def start(self) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "fake-token",
            "STARHOST_DB": self.url,
            "STARHOST_SHARDS": self.shards,
            "STARHOST_SHARD_COUNT": str(SHARDS),
            "STARHOST_EXTRA_SYSTEMS": "tests.fixtures.pig",
            "STARHOST_REMINDER_SECONDS": "0.2",
            "STARHOST_LOG_LEVEL": "INFO",
        }
        env.pop("STARHOST_DEV_GUILD", None)
        self._log_file = self.log.open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.shard_bot", str(self.port)],
            stdout=subprocess.PIPE,
            stderr=self._log_file,
            text=True,
            env=env,
            cwd=ROOT,
        )

    async def ready(self, timeout: float = 60) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), timeout)
        assert line.strip() == "ready", f"shard process {self.shards} exited; log:\n{self.log.read_text()[-3000:]}"

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None


@contextlib.contextmanager
def stopped_at_exit(*processes: ShardProcess) -> Iterator[None]:
    try:
        yield
    finally:
        for process in processes:
            process.kill(signal.SIGTERM)


@pytest.fixture
async def store() -> AsyncIterator[PostgresStore]:
    pg = PostgresStore(new_database(), max_size=2)
    await pg.open()
    yield pg
    await pg.close()


class Table:
    """One game in one guild's channel, and what the players were told."""

    def __init__(self, standin: StandIn, store: PostgresStore, channel: int) -> None:
        self.standin, self.store, self.channel = standin, store, channel
        self.game_id = 0
        self.acknowledged = 1  # the game's version the players last saw confirmed (1: just started)

    async def open(self) -> None:
        lobby = await self.standin.slash("game new", {"system": "pig", "options": "target=100"}, user=ALICE,
                                         channel_id=self.channel)  # fmt: skip
        assert not lobby.ephemeral, lobby.text
        joined = await self.standin.slash("game join", user=BOB, channel_id=self.channel)
        assert not (await answered(self.standin, joined)).ephemeral
        started = await answered(self.standin, await self.standin.slash("game start", user=ALICE,
                                                                        channel_id=self.channel))  # fmt: skip
        assert "begins" in started.text, started.text
        record = await self.store.open_game_in(self.channel)
        assert record is not None and record.version == 1
        self.game_id = record.id

    async def next_move(self) -> tuple[FakeUser, str]:
        record = await self.store.get_game(self.game_id)
        assert record is not None and record.state is not None
        state = registry.get("pig").loads(record.state)
        return (ALICE if state.current == 0 else BOB), ("roll" if state.turn_total < 6 else "hold")

    async def play(self) -> None:
        """One move by whoever must act; counted once the bot has answered it."""
        player, move = await self.next_move()
        reply = await self.standin.slash("act", {"action": move}, user=player, channel_id=self.channel)
        shown = await answered(self.standin, reply)
        assert not shown.ephemeral, shown.text
        self.acknowledged += 1


async def test_two_shard_processes_share_postgresql_and_survive_a_sigkill(tmp_path: Path, store) -> None:
    url = store.url
    async with sharded_standin(timeout=30) as standin:
        first = ShardProcess(standin.port, url, "0-1", tmp_path / "shards-0-1.log")
        second = ShardProcess(standin.port, url, "2-3", tmp_path / "shards-2-3.log")
        with stopped_at_exit(first, second):
            first.start()
            second.start()
            await asyncio.gather(first.ready(), second.ready())
            await standin.wait_for_commands("global")
            assert sorted(tuple(i["shard"]) for i in standin.identifies) == [(s, SHARDS) for s in range(SHARDS)]
            synced = standin.requests_to("PUT", r"/applications/\d+/commands")
            assert len(synced) == 1  # one process synced; the other found the tree's hash recorded

            tables = {guild: Table(standin, store, channel) for guild, channel in GUILDS.items()}
            for table in tables.values():
                await table.open()
            for _ in range(3):
                for table in tables.values():
                    await table.play()

            # Kill the second process (shards 2 and 3) while it handles a move on shard 2.
            doomed = tables[guild_on(2)]
            player, move = await doomed.next_move()
            sent = set(standin.interactions)
            pending = asyncio.create_task(  # a dead process never answers: wait briefly, not the usual 30 s
                standin.slash("act", {"action": move}, user=player, channel_id=doomed.channel, timeout=2)
            )
            await standin.wait_until(lambda: set(standin.interactions) - sent, what="the move to be sent")
            second.kill(signal.SIGKILL)
            with contextlib.suppress(TimeoutError, InteractionNotAnswered):
                await pending
            [last] = [standin.interactions[i] for i in set(standin.interactions) - sent]
            if last.original_id is not None and not standin.messages[last.original_id].loading:
                doomed.acknowledged += 1  # answered before the kill: it must survive
            await standin.wait_until(lambda: standin.connected_shards == [0, 1], what="shards 2-3 to drop")

            # The surviving process plays on; then the killed one comes back.
            for shard in (0, 1):
                await tables[guild_on(shard)].play()
            second.start()
            await second.ready()
            assert len(standin.requests_to("PUT", r"/applications/\d+/commands")) == 1  # no second sync
            for _ in range(2):
                for table in tables.values():
                    await table.play()

            # A day passes in every game: each one is reminded once, by one process.
            async with store.pool.acquire() as conn:
                await conn.execute("UPDATE games SET last_action_at = last_action_at - 25 * 3600")
            for channel in GUILDS.values():
                await standin.wait_for_message(channel, lambda m: "Reminder 1/" in m.content)
            await asyncio.sleep(1.5)  # several more reminder passes in both processes
            for channel in GUILDS.values():
                reminders = [m for m in standin.channel_messages(channel) if "Reminder" in m.content]
                assert len(reminders) == 1, [m.content for m in reminders]

            first.kill(signal.SIGTERM)
            second.kill(signal.SIGTERM)
            assert first.proc is not None and first.proc.returncode == 0, first.log.read_text()[-3000:]

    service = GameService(store)
    for table in tables.values():
        record = await store.get_game(table.game_id)
        assert record is not None and record.version >= table.acknowledged  # nothing acknowledged was lost
        actions = await store.actions(table.game_id)
        assert [a.version for a in actions] == list(range(2, record.version + 1))  # none lost or doubled
        result = await service.verify(table.game_id)
        assert result.ok, result.message
