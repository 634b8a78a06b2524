"""What a turn costs the database: a loaded game is played with one write and (almost) no reads.

SQLite belongs to one process, so the loaded game, its settings, its hand-overs and each seat's last
move are answered from memory: a turn is one transaction. A PostgreSQL store is shared by shard
processes, so a turn first asks, in one round trip, whether the copy is current (the version, and a
count of changes to the game's settings and hand-overs); a change made by another process is seen.
"""

from __future__ import annotations

import asyncio
import collections
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rules.core import registry
from sessions.pg_store import PostgresStore
from sessions.positions import pack_memo, unpack_memo
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from table.commands import Ctx, Table
from tests.pg_server import new_database

ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
CHANNEL = 77


def counted(store: Any) -> collections.Counter[str]:
    """Count each call of the store's coroutine methods (the service's round trips)."""
    calls: collections.Counter[str] = collections.Counter()
    for name in dir(type(store)):
        method = getattr(store, name)
        if name.startswith("_") or not callable(method) or not hasattr(method, "__code__"):
            continue
        if method.__code__.co_flags & 0x80 == 0:  # not a coroutine function
            continue

        def wrap(method: Any, name: str) -> Any:
            @functools.wraps(method)
            async def call(*args: Any, **kwargs: Any) -> Any:
                calls[name] += 1
                return await method(*args, **kwargs)

            return call

        setattr(store, name, wrap(method, name))
    return calls


async def started(service: GameService) -> int:
    await service.new_game(channel_id=CHANNEL, guild_id=1, host=ALICE, system_id="pig", options="target=100")
    await service.join(CHANNEL, BOB)
    update = await service.start(CHANNEL, ALICE)
    return update.game.id


async def turns(table: Table, count: int) -> None:
    """``count`` actions through the table layer, each with its reply (the seat to move holds)."""
    for _ in range(count):
        status = await table.service.status(CHANNEL)
        seat = status.prompts[0].seat
        actor = ALICE if status.game.seats[seat].user_id == ALICE.user_id else BOB
        ctx = Ctx(actor=actor, channel_id=CHANNEL, guild_id=1)
        await table.act(ctx, "hold")
        await table.suggest_actions(ctx, "")


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "games.db"


async def test_sqlite_turn_is_one_write_and_no_read(sqlite_path: Path) -> None:
    store = SqliteStore(sqlite_path)
    service = GameService(store, seed_source=lambda: 5)
    await service.open()
    try:
        await started(service)
        table = Table(service)
        await turns(table, 2)  # the game, its settings, hand-overs, last moves and prefs are read once
        calls = counted(store)
        await turns(table, 10)
        assert dict(calls) == {"append_actions": 10}
    finally:
        await service.close()


async def test_reply_autocomplete_and_button_share_one_legal_list(sqlite_path: Path) -> None:
    service = GameService(SqliteStore(sqlite_path), seed_source=lambda: 5)
    await service.open()
    try:
        game_id = await started(service)
        table = Table(service)
        record, position = await service.get(game_id)
        version = record.version
        system = registry.get("pig")
        asked: list[object] = []
        original = type(system).legal

        def legal(self: Any, state: Any, seat: int) -> Any:
            asked.append(state)
            return original(self, state, seat)

        type(system).legal = legal  # type: ignore[method-assign]
        try:
            ctx = Ctx(actor=ALICE, channel_id=CHANNEL, guild_id=1)
            reply = await table.game_status(ctx)
            await table.suggest_actions(ctx, "")
            await table.suggest_actions(ctx, "ho")
            button = next(b for b in reply.buttons if b.custom_id.startswith("sh:act:"))
            await table.click(ctx, button.custom_id)
            # the position's legal list was computed once (public_choices also asks the public view,
            # another object); the two autocompletes and the button press reused it
            assert sum(1 for s in asked if s is position) == 1
            assert (await service.get(game_id))[0].version == version + 1, "the press was played"
        finally:
            type(system).legal = original  # type: ignore[method-assign]
    finally:
        await service.close()


async def test_the_autopass_check_and_the_reply_share_the_new_positions_legal_list(sqlite_path: Path) -> None:
    service = GameService(SqliteStore(sqlite_path), seed_source=lambda: 5)
    await service.open()
    system = registry.get("pig")
    kind = type(system)
    asked: list[object] = []
    original_legal, original_forced = kind.legal, kind.forced_action

    def legal(self: Any, state: Any, seat: int) -> Any:
        asked.append(state)
        return original_legal(self, state, seat)

    def forced_action(self: Any, state: Any, prompt: Any, listing: Any = None) -> Any:
        self.legal_from(state, prompt.seat, listing)  # as a game that decides from the legal list
        return original_forced(self, state, prompt, listing)

    kind.legal, kind.forced_action = legal, forced_action  # type: ignore[method-assign]
    try:
        game_id = await started(service)
        table = Table(service)
        reply = await table.act(Ctx(actor=ALICE, channel_id=CHANNEL, guild_id=1), "roll")
        assert reply.buttons, "the reply shows the next move's buttons"
        position = (await service.get(game_id))[1]
        # the autopass check after the move and the reply's buttons asked legal() of the new position once
        assert sum(1 for s in asked if s is position) == 1
    finally:
        kind.legal, kind.forced_action = original_legal, original_forced  # type: ignore[method-assign]
        await service.close()


@pytest.mark.postgres
async def test_postgres_turn_checks_once_and_sees_another_process() -> None:
    url = new_database()
    first = GameService(PostgresStore(url), seed_source=lambda: 5)
    other = GameService(PostgresStore(url), seed_source=lambda: 5)
    await first.open()
    await other.open()
    try:
        game_id = await started(first)
        table = Table(first)
        await turns(table, 2)
        calls = counted(first.store)
        await turns(table, 5)
        # per turn: the test's own status (one check), then the act (one check, one write) with its
        # reply, and autocomplete (from the loaded copy: it decides nothing)
        assert dict(calls) == {"append_actions": 5, "freshness": 10}

        # another process hands bob's seat to the bot: the next turn here sees it at once
        await other.away(BOB, guild_id=1, game_id=game_id)
        status = await first.status(CHANNEL)
        if status.game.seats[status.prompts[0].seat].user_id == BOB.user_id:
            await other.act(actor=BOB, action="hold", game_id=game_id)
        update = await first.act(actor=ALICE, action="hold", channel_id=CHANNEL)
        assert any("bob is away: the bot plays" in e.text for e in update.events)

        # and a setting changed there is read here by the next request that checks the game
        await other.change_setting(CHANNEL, ALICE, "autopass", "off")
        await first.status(CHANNEL)
        assert (await first.settings_of(game_id)).autopass is False
    finally:
        await first.close()
        await other.close()


async def test_games_squeezed_out_of_the_cache_come_back_without_a_read(sqlite_path: Path) -> None:
    """Beyond the cache size a game is kept packed: playing it again reads nothing, and undo still works."""
    store = SqliteStore(sqlite_path)
    service = GameService(store, seed_source=lambda: 5, cache_size=2)
    await service.open()
    try:
        channels = [CHANNEL + i for i in range(5)]
        for channel in channels:
            await service.new_game(channel_id=channel, guild_id=1, host=ALICE, system_id="pig")
            await service.join(channel, BOB)
            await service.start(channel, ALICE)
        calls = counted(store)
        for _ in range(3):
            for channel in channels:
                update = await service.status(channel)
                actor = ALICE if update.prompts[0].seat == update.game.seat_of(ALICE.user_id) else BOB
                await service.act(actor=actor, action="hold", channel_id=channel)
        assert service.loaded_count() == 2 and service.packed_count() == 3
        assert dict(calls) == {"append_actions": 15}, calls
        # the packed game's state is the stored one, and a take-back goes back one step
        game_id = (await service.status(channels[0])).game.id
        record, state = await service.get(game_id)
        version = record.version
        fresh = await store.get_game(game_id)
        assert fresh is not None and fresh.state == registry.get("pig").dumps(state)
        undone = await service.undo(channels[0], ALICE)
        assert undone.game.version == version + 1 and undone.state is not None
    finally:
        await service.close()


async def test_games_packed_while_they_play_lose_nothing(sqlite_path: Path) -> None:
    """Many games acting at once through a cache of one: each is squeezed out (packed) while its own step
    is being stored; every step lands, and what is held afterwards is what the store has."""
    store = SqliteStore(sqlite_path)
    service = GameService(store, seed_source=lambda: 5, cache_size=1)
    await service.open()
    try:
        channels = [CHANNEL + i for i in range(6)]
        for channel in channels:
            await service.new_game(channel_id=channel, guild_id=1, host=ALICE, system_id="pig")
            await service.join(channel, BOB)
            await service.start(channel, ALICE)
        await service.close()
        service = GameService(store, seed_source=lambda: 5, cache_size=1)  # a restart: nothing loaded
        await service.open()

        async def hold(channel: int) -> None:
            update = await service.status(channel)
            actor = ALICE if update.prompts[0].seat == update.game.seat_of(ALICE.user_id) else BOB
            await service.act(actor=actor, action="hold", channel_id=channel)

        for _ in range(4):
            await asyncio.gather(*(hold(channel) for channel in channels))
        pig = registry.get("pig")
        for channel in channels:
            record, state = await service.get((await service.status(channel)).game.id)
            stored = await store.get_game(record.id)
            assert stored is not None and stored.version == record.version == 5
            assert stored.state == pig.dumps(state)
    finally:
        await service.close()


def test_a_packed_game_keeps_its_legal_moves_and_whether_they_are_public() -> None:
    legal = [{"type": "roll"}, {"type": "hold", "n": 2}]
    memo = {("legal", 0): legal, ("public", 0): legal, ("legal", 1): [{"type": "x"}], ("public", 1): None}
    memo[("controls", 0, True)] = ((), None)  # buttons are built again: not kept
    back = unpack_memo(pack_memo(memo))
    assert back[("legal", 0)] == legal and back[("public", 0)] is back[("legal", 0)]
    assert back[("public", 1)] is None and ("controls", 0, True) not in back
    # what packing would change (a tuple comes back a list) is not kept at all
    assert unpack_memo(pack_memo({("legal", 0): [{"type": "go", "to": (1, 2)}]})) == {}


async def test_a_game_not_in_memory_is_read_in_one_round_trip(sqlite_path: Path) -> None:
    """After a restart, the first command in a channel reads the game with all a turn needs at once (its
    players' notification choices too)."""
    store = SqliteStore(sqlite_path)
    service = GameService(store, seed_source=lambda: 5)
    await service.open()
    await started(service)
    await turns(Table(service), 2)
    await service.close()
    service = GameService(store, seed_source=lambda: 5)
    await service.open()
    try:
        table = Table(service)
        await service.set_user_setting(BOB.user_id, "notify", "dm")  # read again with the game
        calls = counted(store)
        await turns(table, 3)
        # the game, its seats, settings, hand-overs, last moves and its players' notification choices
        assert dict(calls) == {"load_open_game_in": 1, "append_actions": 3}, calls
        assert (await service.user_prefs(BOB.user_id)).notify == "dm"
    finally:
        await service.close()


async def started_with_a_bot(service: GameService) -> tuple[int, int]:
    """A pig game of alice (to move first) and a bot: its id and version."""
    await service.new_game(channel_id=CHANNEL, guild_id=1, host=ALICE, system_id="pig", options="target=100")
    await service.add_bot(CHANNEL, ALICE)
    update = await service.start(CHANNEL, ALICE)
    return update.game.id, update.game.version


async def test_a_move_and_the_bot_steps_after_it_are_stored_in_one_write(sqlite_path: Path) -> None:
    """The player's move and every step the bot then plays are one transaction, logged in order."""
    store = SqliteStore(sqlite_path)
    service = GameService(store, seed_source=lambda: 5)
    await service.open()
    try:
        game_id, before = await started_with_a_bot(service)
        calls = counted(store)
        update = await service.act(actor=ALICE, action="hold", channel_id=CHANNEL)
        assert dict(calls) == {"append_actions": 1}, calls
        played = update.game.version - before
        assert played >= 2, "the bot took its turn after the hold"
        log = await store.actions(game_id, before)
        assert [a.version for a in log] == list(range(before + 1, update.game.version + 1))
        assert [a.kind for a in log] == ["move"] + ["bot"] * (played - 1)
        stored = await store.get_game(game_id)
        record, state = await service.get(game_id)
        assert stored is not None and stored.version == record.version == update.game.version
        assert stored.state == registry.get("pig").dumps(state)
    finally:
        await service.close()


async def test_a_bot_step_that_fails_keeps_the_move_before_it(sqlite_path: Path) -> None:
    """A fault in a step the bot plays is logged; the player's move is stored all the same."""
    store = SqliteStore(sqlite_path)
    service = GameService(store, seed_source=lambda: 5)
    await service.open()
    kind = type(registry.get("pig"))
    original = kind.ai_action

    def broken(self: Any, view: Any, seat: int, seed: int) -> Any:
        raise KeyError("a bug in the bot")

    try:
        game_id, before = await started_with_a_bot(service)
        kind.ai_action = broken  # type: ignore[method-assign]
        update = await service.act(actor=ALICE, action="hold", channel_id=CHANNEL)
        assert update.game.version == before + 1
        stored = await store.get_game(game_id)
        assert stored is not None and stored.version == before + 1
        kind.ai_action = original  # type: ignore[method-assign]
        again = await service.play_handed_over(game_id)  # the next automatic pass plays on
        assert again is not None and again.game.version > before + 1
    finally:
        kind.ai_action = original  # type: ignore[method-assign]
        await service.close()
