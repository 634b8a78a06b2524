"""The session service and its store: durability, concurrency, permissions, records.

Every test that touches storage runs on both backends: SQLite (a file in tmp_path) and
PostgreSQL (a fresh database on the throwaway server of tests/pg_server.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.core import RuleError
from sessions.errors import SessionError, StaleVersion
from sessions.history import verify_export
from sessions.service import VACANT, Actor, GameService
from sessions.store import Store
from sessions.stores import open_store
from tests.pg_server import new_database, pg_cluster

ROOT = Path(__file__).resolve().parents[1]
ALICE, BOB, CAROL = Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol")
MOD = Actor(9, "mod", is_admin=True)
CHAN, OTHER = 100, 200


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def store_target(backend: str, tmp_path: Path) -> Callable[[str], str]:
    """Where a named store lives on this backend: a file path or a PostgreSQL URL (one database per name)."""
    urls: dict[str, str] = {}

    def target(name: str = "games") -> str:
        if backend == "sqlite":
            return str(tmp_path / f"{name}.db")
        if name not in urls:
            urls[name] = new_database()
        return urls[name]

    return target


@pytest.fixture
def make_store(store_target: Callable[[str], str]) -> Callable[[str], Store]:
    return lambda name="games": open_store(store_target(name))


@pytest.fixture
async def service(make_store: Callable[[str], Store]):
    svc = GameService(make_store("games"), clock=Clock(), seed_source=lambda: 7)
    await svc.open()
    yield svc
    await svc.close()


async def started_pig(svc: GameService, channel: int = CHAN, target: str = "30") -> int:
    update = await svc.new_game(channel_id=channel, guild_id=1, host=ALICE, system_id="pig", options=f"target={target}")
    await svc.join(channel, BOB)
    await svc.start(channel, ALICE)
    return update.game.id


async def snapshot(svc: GameService, game_id: int) -> tuple[int, bytes | None, int]:
    record = await svc.store.get_game(game_id)
    assert record is not None
    return record.version, record.state, len(await svc.store.actions(game_id))


# -- lobby ------------------------------------------------------------------------------------
async def test_lobby_flow_and_seats(service: GameService) -> None:
    update = await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig")
    assert [s.name for s in update.game.seats] == ["alice"]
    with pytest.raises(SessionError, match="already has a game"):
        await service.new_game(channel_id=CHAN, guild_id=1, host=BOB, system_id="pig")
    with pytest.raises(SessionError, match="taken"):
        await service.join(CHAN, BOB, seat=1)
    await service.join(CHAN, BOB, seat=3)
    with pytest.raises(SessionError, match="already have a seat"):
        await service.join(CHAN, BOB)
    with pytest.raises(SessionError, match="numbered 1 to 4"):
        await service.join(CHAN, CAROL, seat=99)
    with pytest.raises(SessionError, match="Only the host"):
        await service.start(CHAN, BOB)
    started = await service.start(CHAN, ALICE)
    assert [s.seat for s in started.game.seats] == [0, 1]  # renumbered in seat order
    assert started.state is not None and started.state.seats == ["alice", "bob"]
    assert started.waiting_users() == [ALICE.user_id]
    with pytest.raises(SessionError, match="already started"):
        await service.start(CHAN, ALICE)


async def test_unknown_system_scenario_and_options_are_refused(service: GameService) -> None:
    with pytest.raises(RuleError, match="no game called"):
        await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="chess")
    with pytest.raises(RuleError, match="no option"):
        await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig", options="speed=9")
    with pytest.raises(RuleError, match="must be one of"):
        await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig", options="target=7")
    assert await service.store.count_games() == 0


async def test_host_leaving_the_lobby_passes_the_table_on(service: GameService) -> None:
    await service.new_game(channel_id=CHAN, guild_id=1, host=ALICE, system_id="pig")
    await service.join(CHAN, BOB)
    update = await service.leave(CHAN, ALICE)
    assert update.game.host_id == BOB.user_id
    closed = await service.leave(CHAN, BOB)
    assert closed.game.status == "ended"


# -- playing and permissions ------------------------------------------------------------------
async def test_permissions_refuse_and_change_nothing(service: GameService) -> None:
    game_id = await started_pig(service)
    await service.new_game(channel_id=OTHER, guild_id=1, host=CAROL, system_id="pig")
    before = await snapshot(service, game_id)
    # a non-player
    with pytest.raises(SessionError, match="not playing"):
        await service.act(actor=CAROL, action="roll", channel_id=CHAN)
    # a player out of turn
    with pytest.raises(SessionError, match="not your turn"):
        await service.act(actor=BOB, action="roll", channel_id=CHAN)
    # a spectator typing nonsense, a player typing nonsense
    with pytest.raises(SessionError):
        await service.act(actor=CAROL, action={"type": "hold"}, channel_id=CHAN)
    with pytest.raises(RuleError, match="not something you can do"):
        await service.act(actor=ALICE, action="fly to the moon", channel_id=CHAN)
    with pytest.raises(RuleError, match="far too long"):
        await service.act(actor=ALICE, action="x" * 10_000, channel_id=CHAN)
    with pytest.raises(RuleError):
        await service.act(actor=ALICE, action=["roll"], channel_id=CHAN)  # type: ignore[arg-type]
    # a user in another channel: that channel's game is not this one
    with pytest.raises(SessionError, match="not started"):
        await service.act(actor=CAROL, action="roll", channel_id=OTHER)
    with pytest.raises(SessionError, match="another channel"):
        await service.act(actor=ALICE, action="roll", channel_id=OTHER, game_id=game_id)
    # a stale button
    with pytest.raises(StaleVersion):
        await service.act(actor=ALICE, action="roll", channel_id=CHAN, expected_version=0)
    assert await snapshot(service, game_id) == before


async def test_an_accepted_action_is_logged_with_its_rolls(service: GameService) -> None:
    game_id = await started_pig(service)
    update = await service.act(actor=ALICE, action="roll", channel_id=CHAN, expected_version=1)
    assert update.game.version == 2
    [entry] = await service.store.actions(game_id)
    assert entry.action == {"type": "roll"} and entry.seat == 0 and entry.user_id == ALICE.user_id
    assert entry.events[0]["kind"] == "roll" and entry.events[0]["data"]["faces"]


async def test_fifty_concurrent_applies_exactly_one_wins(service: GameService) -> None:
    game_id = await started_pig(service)

    async def press() -> str:
        try:
            await service.act(actor=ALICE, action={"type": "roll"}, game_id=game_id, expected_version=1)
            return "applied"
        except StaleVersion as exc:
            return str(exc)

    results = await asyncio.gather(*(press() for _ in range(50)))
    assert results.count("applied") == 1
    assert all("out of date" in r for r in results if r != "applied")
    actions = await service.store.actions(game_id)
    assert [a.version for a in actions] == [2]
    record = await service.store.get_game(game_id)
    assert record is not None and record.version == 2


async def test_concurrent_actions_in_many_games_do_not_interfere(service: GameService) -> None:
    ids = [await started_pig(service, channel=1000 + i) for i in range(20)]

    async def play(game_id: int) -> None:
        for version in range(1, 6):
            _, state = await service.get(game_id)
            actor = ALICE if state.current == 0 else BOB  # type: ignore[union-attr]
            await service.act(actor=actor, action={"type": "hold"}, game_id=game_id, expected_version=version)

    await asyncio.gather(*(play(g) for g in ids))
    for game_id in ids:
        assert [a.version for a in await service.store.actions(game_id)] == [2, 3, 4, 5, 6]
        assert (await service.verify(game_id)).ok


async def test_leaving_a_running_game_opens_the_seat(service: GameService) -> None:
    await started_pig(service)
    update = await service.leave(CHAN, BOB)
    assert update.game.user_of(1) == VACANT
    update = await service.join(CHAN, CAROL)
    assert update.game.user_of(1) == CAROL.user_id
    with pytest.raises(SessionError, match="every seat is taken"):
        await service.join(CHAN, Actor(4, "dave"))


async def test_timeout_applies_defaults_only_after_the_deadline(service: GameService) -> None:
    await started_pig(service)
    with pytest.raises(SessionError, match="Only the host"):
        await service.apply_defaults(CHAN, BOB)
    with pytest.raises(SessionError, match="Nobody is overdue"):
        await service.apply_defaults(CHAN, ALICE)
    service.clock.now += 25 * 3600  # type: ignore[attr-defined]
    [update] = await service.apply_defaults(CHAN, ALICE)
    assert update.action_text == "hold"
    assert "Time ran out" in update.events[0].text
    entry = (await service.store.actions(update.game.id))[-1]
    assert entry.by_default and entry.user_id is None


async def test_finished_game_refuses_actions_and_verifies(service: GameService) -> None:
    game_id = await started_pig(service, target="10")
    for _ in range(400):
        record, state = await service.get(game_id)
        if record.status != "active":
            break
        actor = ALICE if state.current == 0 else BOB  # type: ignore[union-attr]
        action = "roll" if state.turn_total < 10 else "hold"  # type: ignore[union-attr]
        await service.act(actor=actor, action=action, game_id=game_id)
    record, _ = await service.get(game_id)
    assert record.status == "finished"
    with pytest.raises(SessionError):
        await service.act(actor=ALICE, action="roll", game_id=game_id)
    exported = await service.export(game_id)
    assert verify_export(exported).ok
    tampered = json.loads(json.dumps(exported))
    tampered["actions"][0]["action"] = {"type": "hold"}
    assert not verify_export(tampered).ok


async def test_end_requires_host_or_manager(service: GameService) -> None:
    await started_pig(service)
    with pytest.raises(SessionError, match="host"):
        await service.end(CHAN, BOB)
    update = await service.end(CHAN, MOD)
    assert update.game.status == "ended"
    with pytest.raises(SessionError, match="no game"):
        await service.status(CHAN)
    last = await service.status(CHAN, include_finished=True)
    assert last.game.status == "ended" and last.state is not None and last.prompts == []


async def test_idle_games_leave_memory(make_store: Callable[[str], Store]) -> None:
    clock = Clock()
    svc = GameService(make_store("g"), clock=clock, cache_size=5, idle_seconds=60)
    await svc.open()
    try:
        ids = [await started_pig(svc, channel=3000 + i) for i in range(8)]
        assert svc.loaded_count() <= 5
        clock.now += 120
        await svc.get(ids[0])
        assert svc.loaded_count() == 1
        # An evicted game loads again from the store, unchanged.
        update = await svc.act(actor=ALICE, action="hold", game_id=ids[5])
        assert update.game.version == 2
        assert len(svc._locks) == 0  # locks vanish once nobody holds or awaits them
    finally:
        await svc.close()


async def test_migrations_are_numbered_and_idempotent(make_store: Callable[[str], Store]) -> None:
    store = make_store("m")
    await store.open()
    version = await store.schema_version()
    await store.close()
    await store.open()
    assert await store.schema_version() == version >= 3
    await store.close()


async def test_both_backends_number_the_same_migrations() -> None:
    from sessions.migrations import MIGRATIONS
    from sessions.pg_migrations import MIGRATIONS as PG_MIGRATIONS

    assert [(n, name) for n, name, _ in PG_MIGRATIONS] == [(n, name) for n, name, _ in MIGRATIONS]


# -- durability -------------------------------------------------------------------------------
WRITER = textwrap.dedent(
    """
    import asyncio, sys
    sys.path.insert(0, {root!r})
    import tests.fixtures.pig
    from sessions.service import Actor, GameService
    from sessions.stores import open_store

    players = [Actor(1, "alice"), Actor(2, "bob")]

    async def new_game(svc, channel):
        u = await svc.new_game(channel_id=channel, guild_id=1, host=players[0], system_id="pig",
                               options="target=100")
        await svc.join(channel, players[1])
        await svc.start(channel, players[0])
        return u.game.id

    async def main():
        svc = GameService(open_store({db!r}))
        await svc.open()
        try:
            games = [await new_game(svc, channel) for channel in range(1, 6)]
            channel = 6
            while True:  # until killed; a game that ends is replaced, so acks never stop
                for i, game_id in enumerate(games):
                    record, state = await svc.get(game_id)
                    if record.status != "active":
                        games[i] = await new_game(svc, channel)
                        channel += 1
                        continue
                    actor = players[state.current]
                    action = "roll" if state.turn_total < 8 else "hold"
                    update = await svc.act(actor=actor, action=action, game_id=game_id)
                    print(f"ack {{game_id}} {{update.game.version}}", flush=True)
        finally:
            await svc.close()  # else the store's thread would keep a failed writer alive

    asyncio.run(main())
    """
)


@pytest.mark.slow
async def test_acknowledged_actions_survive_sigkill(
    tmp_path: Path, backend: str, store_target: Callable[[str], str]
) -> None:
    db = store_target("killed")
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(root=str(ROOT), db=db))
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    acked: dict[int, int] = {}
    assert proc.stdout is not None
    for line in proc.stdout:
        _, game, version = line.split()
        acked[int(game)] = int(version)
        if sum(acked.values()) >= 300:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    if backend == "postgresql":
        pg_cluster().crash_and_restart()  # and the server crashes too: WAL recovery keeps every commit

    svc = GameService(open_store(db))
    await svc.open()
    try:
        for game_id, version in acked.items():
            record = await svc.store.get_game(game_id)
            assert record is not None and record.version >= version  # nothing acknowledged was lost
            actions = await svc.store.actions(game_id)
            assert [a.version for a in actions] == list(range(2, record.version + 1))
            result = await svc.verify(game_id)
            assert result.ok, result.message
    finally:
        await svc.close()


async def test_kick_opens_the_seat_and_the_host_can_play_its_default(service: GameService) -> None:
    await started_pig(service)
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)  # bob's turn now
    with pytest.raises(SessionError, match="Only the host"):
        await service.kick(CHAN, BOB, ALICE.user_id)
    with pytest.raises(SessionError, match="leave"):
        await service.kick(CHAN, ALICE, ALICE.user_id)
    with pytest.raises(SessionError, match="not seated"):
        await service.kick(CHAN, ALICE, CAROL.user_id)
    update = await service.kick(CHAN, ALICE, BOB.user_id)
    assert update.game.user_of(1) == VACANT and update.waiting_users() == []
    # No deadline for an empty seat: the host may play its default at once.
    [timed_out] = await service.apply_defaults(CHAN, ALICE)
    assert timed_out.action_text == "hold" and timed_out.waiting_users() == [ALICE.user_id]


async def test_free_actions_may_be_taken_out_of_turn(service: GameService) -> None:
    game_id = await started_pig(service)
    update = await service.act(actor=BOB, action={"type": "taunt"}, channel_id=CHAN)
    assert update.state.taunts == 1  # type: ignore[union-attr]
    with pytest.raises(SessionError, match="not your turn"):
        await service.act(actor=BOB, action={"type": "roll"}, channel_id=CHAN)
    with pytest.raises(SessionError, match="not your turn"):
        await service.act(actor=BOB, action="roll", channel_id=CHAN)
    with pytest.raises(SessionError, match="not playing"):
        await service.act(actor=CAROL, action={"type": "taunt"}, channel_id=CHAN)
    assert (await service.verify(game_id)).ok


# -- the store's queries, the same on both backends ------------------------------------------------
async def test_store_lookups_of_games_users_servers_and_channels(service: GameService) -> None:
    store = service.store
    first = await started_pig(service, channel=CHAN)
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    await service.end(CHAN, ALICE)
    second = await started_pig(service, channel=CHAN)  # a later game in the same channel
    elsewhere = (
        await service.new_game(channel_id=OTHER, guild_id=2, host=CAROL, system_id="pig", options="target=10")
    ).game.id
    await service.join(OTHER, ALICE)
    service.clock.now += 5  # type: ignore[attr-defined]
    await service.act(actor=ALICE, action="roll", channel_id=CHAN)

    assert [g.id for g in await store.games_in_channel(CHAN)] == [second, first]
    assert (await store.latest_game_in(CHAN)).id == second  # type: ignore[union-attr]
    assert (await store.open_game_in(CHAN)).id == second  # type: ignore[union-attr]
    assert [g.id for g in await store.games_of_user(ALICE.user_id)] == [second, elsewhere]  # last played first
    assert [g.id for g in await store.games_of_user(ALICE.user_id, 2)] == [elsewhere]
    assert [s.name for s in (await store.games_of_user(CAROL.user_id))[0].seats] == ["carol", "alice"]
    assert [g.id for g in await store.games_in_guild(1)] == [second]
    assert await store.game_ids() == [second, elsewhere]
    assert await store.game_ids(("ended",)) == [first]
    assert await store.count_games() == 3
    assert await store.game_version(second) == 2 and await store.game_version(999) is None
    assert [a.version for a in await store.recent_actions(first, 5)] == [2]
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)
    await service.act(actor=BOB, action="hold", channel_id=CHAN)
    assert [a.version for a in await store.recent_actions(second, 2)] == [3, 4]
    await store.delete_game(first)
    assert await store.get_game(first) is None and await store.actions(first) == []


async def test_store_settings_meta_and_reminder_claims(service: GameService) -> None:
    store = service.store
    game_id = await started_pig(service)
    await store.set_setting(game_id, "remind_hours", "6")
    await store.set_setting(game_id, "remind_hours", "8")
    await store.set_setting(game_id, "spectators", "off")
    await store.delete_setting(game_id, "spectators")
    assert await store.get_settings(game_id) == {"remind_hours": "8"}
    await store.set_guild_setting(1, "thread_per_game", "on")
    await store.set_user_setting(ALICE.user_id, "notify", "dm")
    assert await store.get_guild_settings(1) == {"thread_per_game": "on"} and await store.get_guild_settings(2) == {}
    assert await store.get_user_settings(ALICE.user_id) == {"notify": "dm"}
    assert await store.get_meta("command_hash:global") is None
    await store.set_meta("command_hash:global", "a")
    await store.set_meta("command_hash:global", "b")
    assert await store.get_meta("command_hash:global") == "b"

    record = await store.get_game(game_id)
    assert record is not None
    start = record.last_action_at
    assert [g.id for g in await store.active_games(idle_before=start)] == [game_id]
    assert await store.active_games(idle_before=start - 1) == []
    assert await store.claim_reminder(game_id, record.version, 0, start + 100)
    assert not await store.claim_reminder(game_id, record.version, 0, start + 100)  # already claimed
    assert not await store.claim_reminder(game_id, record.version + 1, 1, start + 100)  # the game moved on
    reminded = await store.get_game(game_id)
    assert reminded is not None and (reminded.reminders_sent, reminded.last_reminder_at) == (1, start + 100)
    assert await store.active_games(idle_before=start + 50) == []  # a reminder counts as activity
    await store.mark_reminded(game_id, start + 200)
    assert (await store.get_game(game_id)).reminders_sent == 2  # type: ignore[union-attr]
    await service.act(actor=ALICE, action="hold", channel_id=CHAN)  # an action resets the count
    assert (await store.get_game(game_id)).reminders_sent == 0  # type: ignore[union-attr]

    async with store.exclusive("command-sync"):
        assert await store.get_meta("command_hash:global") == "b"
