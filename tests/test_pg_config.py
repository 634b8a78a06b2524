"""Choosing the store and the shards: STARHOST_DB, STARHOST_SHARDS, STARHOST_SHARD_COUNT, compose.yaml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import bot as starhost
from sessions.pg_store import PostgresStore, redacted
from sessions.store import SqliteStore, StoreUnavailable
from sessions.stores import TargetError, open_store, parse_target

ROOT = Path(__file__).resolve().parents[1]


def config(tmp_path: Path, **env: str) -> starhost.Config:
    return starhost.load_config(env=env, dotenv=tmp_path / "missing.env")


def test_starhost_db_selects_the_store(tmp_path: Path) -> None:
    assert config(tmp_path, STARHOST_DB=str(tmp_path / "a.db")).store_target == tmp_path / "a.db"
    assert config(tmp_path, STARHOST_DB="sqlite:///" + str(tmp_path / "b.db")).store_target == tmp_path / "b.db"
    pg = config(tmp_path, STARHOST_DB="postgresql://bot:secret@db.example/starhost")
    assert pg.db_url == "postgresql://bot:secret@db.example/starhost" and pg.store_target == pg.db_url
    assert isinstance(open_store(pg.store_target), PostgresStore)
    assert isinstance(open_store(tmp_path / "c.db"), SqliteStore)
    assert parse_target("postgres://h/db") == "postgres://h/db"
    assert open_store("postgresql+asyncpg://h/db").url == "postgresql://h/db"  # type: ignore[union-attr]
    with pytest.raises(starhost.ConfigError, match="not supported"):
        config(tmp_path, STARHOST_DB="mysql://u@h/db")
    with pytest.raises(TargetError, match="needs a host"):
        parse_target("postgresql://")
    assert redacted("postgresql://bot:secret@db/starhost") == "postgresql://bot:***@db/starhost"


def test_the_db_flag_takes_a_url_too(tmp_path: Path) -> None:
    base = config(tmp_path)
    assert starhost.with_database(base, "postgresql://h/db").store_target == "postgresql://h/db"
    assert starhost.with_database(base, str(tmp_path / "x.db")).store_target == tmp_path / "x.db"


@pytest.mark.parametrize(
    ("shards", "count", "expected"),
    [
        ("", "", (None, None)),
        ("", "8", (None, 8)),
        ("0-3", "8", ((0, 1, 2, 3), 8)),
        ("4,6", "8", ((4, 6), 8)),
        ("0-1, 5", "8", ((0, 1, 5), 8)),
    ],
)
def test_shard_settings(shards: str, count: str, expected: tuple) -> None:
    assert starhost.shard_settings(shards, count) == expected


@pytest.mark.parametrize(
    ("shards", "count", "message"),
    [
        ("0-3", "", "needs STARHOST_SHARD_COUNT"),
        ("0-8", "8", "from 0 to 7"),
        ("3-1", "8", "write shard ids"),
        ("a", "8", "write shard ids"),
        ("", "0", "total number"),
    ],
)
def test_bad_shard_settings_say_what_to_write(shards: str, count: str, message: str) -> None:
    with pytest.raises(starhost.ConfigError, match=message):
        starhost.shard_settings(shards, count)


def test_the_bot_runs_the_configured_shards(tmp_path: Path) -> None:
    sharded = config(tmp_path, STARHOST_SHARDS="2-3", STARHOST_SHARD_COUNT="4", STARHOST_DB=str(tmp_path / "s.db"))
    bot = starhost.make_bot(sharded)
    assert bot.shard_ids == [2, 3] and bot.shard_count == 4
    everything = starhost.make_bot(config(tmp_path, STARHOST_DB=str(tmp_path / "t.db")))
    assert everything.shard_ids is None and everything.shard_count is None  # asks Discord, runs them all


def test_shard_flags_without_a_count_are_refused(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(starhost, "ROOT", tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.delenv("STARHOST_SHARD_COUNT", raising=False)
    assert starhost.main(["--shards", "0-1"]) == 2
    assert "STARHOST_SHARD_COUNT" in capsys.readouterr().err


async def test_an_unreachable_database_is_said_plainly(tmp_path: Path) -> None:
    bot = starhost.make_bot(config(tmp_path, STARHOST_DB="postgresql://starhost@127.0.0.1:1/starhost"))
    with pytest.raises(StoreUnavailable, match=r"127\.0\.0\.1:1"):
        await bot.setup_hook()
    await bot.service.close()


def test_sqlite_never_imports_asyncpg(tmp_path: Path) -> None:
    code = (
        "import asyncio, sys\n"
        "import bot\n"
        "from sessions.stores import open_store\n"
        f"store = open_store({str(tmp_path / 'plain.db')!r})\n"
        "asyncio.run(store.open()); asyncio.run(store.close())\n"
        f"bot.make_bot(bot.load_config(env={{}}, dotenv=bot.Path({str(tmp_path / 'none.env')!r})))\n"
        "print('asyncpg' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_compose_runs_postgresql_and_every_shard_once() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert services["db"]["image"].startswith("postgres:")
    bots = {name: s["environment"] for name, s in services.items() if "STARHOST_SHARDS" in s.get("environment", {})}
    assert len(bots) == 2
    counts = {int(env["STARHOST_SHARD_COUNT"]) for env in bots.values()}
    assert len(counts) == 1
    run = sorted(i for env in bots.values() for i in starhost.parse_shards(env["STARHOST_SHARDS"]))
    assert run == list(range(counts.pop()))  # every shard runs, in exactly one process
    for name, env in bots.items():
        assert env["STARHOST_DB"].startswith("postgresql://") and "@db:" in env["STARHOST_DB"]
        assert services[name]["depends_on"]["db"]["condition"] == "service_healthy"
