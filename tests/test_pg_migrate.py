"""Moving from SQLite to PostgreSQL: everything copied, every game verified, a second run changes nothing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sessions.migrate import main, migrate
from sessions.pg_store import PostgresStore
from sessions.service import Actor, GameService
from sessions.store import SqliteStore
from tests.pg_server import new_database

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[1]
ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
TABLES = ("games", "seats", "actions", "settings", "guild_settings", "user_settings", "meta")


async def play(svc: GameService, game_id: int, moves: int) -> None:
    for _ in range(moves):
        record, state = await svc.get(game_id)
        if record.status != "active":
            return
        actor = ALICE if state.current == 0 else BOB  # type: ignore[union-attr]
        await svc.act(actor=actor, action="roll" if state.turn_total < 8 else "hold", game_id=game_id)  # type: ignore[union-attr]


async def new_pig(svc: GameService, channel: int, target: str = "30", start: bool = True) -> int:
    update = await svc.new_game(channel_id=channel, guild_id=7, host=ALICE, system_id="pig", options=f"target={target}")
    await svc.join(channel, BOB)
    if start:
        await svc.start(channel, ALICE)
    return update.game.id


async def sqlite_with_games(path: Path) -> GameService:
    """A SQLite file with a lobby, running games, a finished one, an undo, and settings of every kind."""
    svc = GameService(SqliteStore(path), seed_source=lambda: 5)
    await svc.open()
    await new_pig(svc, 10, start=False)
    running = await new_pig(svc, 11)
    await play(svc, running, 12)
    finished = await new_pig(svc, 12, target="10")
    await play(svc, finished, 400)
    undone = await new_pig(svc, 13)
    await svc.act(actor=ALICE, action="hold", game_id=undone)
    await svc.undo(13, ALICE)
    await svc.change_setting(11, ALICE, "remind_hours", "6")
    await svc.store.set_guild_setting(7, "thread_per_game", "on")
    await svc.store.set_user_setting(BOB.user_id, "notify", "dm")
    await svc.store.set_meta("command_hash:global", "abc123")
    return svc


async def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order."""
    store = PostgresStore(url)
    await store.open()
    try:
        return {t: sorted(tuple(r) for r in await store.pool.fetch(f"SELECT * FROM {t}")) for t in TABLES}
    finally:
        await store.close()


async def test_migrate_copies_everything_verifies_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    source, url = tmp_path / "starhost.db", new_database()
    svc = await sqlite_with_games(source)
    await svc.close()

    first = await migrate(source, url)
    assert first.ok, first.lines()
    assert (first.new, first.verified) == (4, 4) and first.actions > 12 and first.settings == 3
    copied = await dump(url)

    second = await migrate(source, url)
    assert second.ok and not second.changed and second.unchanged == 4 and second.verified == 4
    assert "nothing to copy" in second.lines()[-1]
    assert await dump(url) == copied  # the second run wrote nothing

    # The records are the same on both sides, and the PostgreSQL copy plays on.
    sqlite, pg = GameService(SqliteStore(source)), GameService(PostgresStore(url))
    await sqlite.open()
    await pg.open()
    try:
        for game_id in await sqlite.store.game_ids(("lobby", "active", "finished", "ended")):
            assert await pg.export(game_id) == await sqlite.export(game_id)
        assert await pg.store.get_guild_settings(7) == {"thread_per_game": "on"}
        assert await pg.store.get_user_settings(BOB.user_id) == {"notify": "dm"}
        assert (await pg.get_settings(11))[1].remind_hours == 6
        await play(pg, 2, 2)
        fresh = await new_pig(pg, 99)
        assert fresh == 5  # new games get ids after the copied ones
    finally:
        await sqlite.close()
        await pg.close()


async def test_migrate_catches_up_sqlite_and_never_overwrites_postgresql(tmp_path: Path) -> None:
    source, url = tmp_path / "starhost.db", new_database()
    svc = await sqlite_with_games(source)
    await svc.close()
    assert (await migrate(source, url)).ok

    # The SQLite bot ran a little longer before the switch: the next run brings those moves over.
    svc = GameService(SqliteStore(source))
    await svc.open()
    await play(svc, 2, 3)
    await svc.close()
    caught = await migrate(source, url)
    assert caught.ok and caught.caught_up == 1 and caught.actions == 3 and caught.unchanged == 3

    # Once a game went on in PostgreSQL, the SQLite copy never overwrites it.
    pg = GameService(PostgresStore(url))
    await pg.open()
    await play(pg, 2, 1)
    moved_on = await pg.export(2)
    await pg.close()
    refused = await migrate(source, url)
    assert not refused.ok and refused.conflicts == ["game 2: it went on in PostgreSQL (version 17)"]
    pg = GameService(PostgresStore(url))
    await pg.open()
    try:
        assert await pg.export(2) == moved_on
    finally:
        await pg.close()


def test_the_command_line_migrates_and_says_what_it_did(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, url = tmp_path / "games.db", new_database()
    asyncio.run(_close(asyncio.run(sqlite_with_games(source))))
    assert main(["--from", str(source), "--to", url]) == 0
    said = capsys.readouterr().out
    assert "4 games in" in said and "4 copied" in said and "verified on the target: 4 games" in said
    assert main(["--from", str(source), "--to", url]) == 0
    assert "nothing to copy" in capsys.readouterr().out
    assert main(["--from", str(tmp_path / "none.db"), "--to", url]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["--from", str(source), "--to", str(tmp_path / "other.db")]) == 2
    assert "give a PostgreSQL URL" in capsys.readouterr().err


def test_starhost_migrate_runs_the_module() -> None:
    script = (ROOT / "starhost").read_text()
    assert 'migrate) ensure_env; exec "$VENV/bin/python" -m sessions.migrate "$@"' in script
    help_text = subprocess.run(
        [sys.executable, "-m", "sessions.migrate", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert help_text.returncode == 0 and "--to" in help_text.stdout and "--from" in help_text.stdout


async def _close(svc: GameService) -> None:
    await svc.close()
