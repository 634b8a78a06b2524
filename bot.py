"""Starhost: a Discord game master for space-themed tabletop games.

python bot.py             run the bot (DISCORD_TOKEN from the environment or .env)
python bot.py --console   play locally in the terminal: no token, no network
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import logging
import os
import secrets
import signal
import sqlite3
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from rules.core.validate import plain_digits

ROOT = Path(__file__).resolve().parent


def cog_modules() -> list[str]:
    """Every module in cogs/ with a ``setup`` function (game systems add their own)."""
    import importlib
    import pkgutil

    import cogs

    names = []
    for info in sorted(pkgutil.iter_modules(cogs.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"cogs.{info.name}")
        if callable(getattr(module, "setup", None)):
            names.append(f"cogs.{info.name}")
    return names


TOKEN_HELP = """DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

To get a token:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy it.
  3. Put it in a file named .env next to bot.py:   DISCORD_TOKEN=your-token-here
     (or export DISCORD_TOKEN in your shell).
  4. Invite the bot with the "bot" and "applications.commands" scopes
     (OAuth2 > URL Generator) and the Send Messages, Attach Files, Embed Links,
     Create Public Threads and Send Messages in Threads permissions.

To try Starhost without Discord:  python bot.py --console
"""


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path
    """The SQLite file (used when ``db_url`` is None)."""
    dev_guild: int | None
    log_level: str
    boards_dir: Path
    reminder_seconds: float
    extra_systems: tuple[str, ...]
    db_url: str | None = None
    """A PostgreSQL URL: many shard processes share that database."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (None: every shard)."""
    shard_count: int | None = None
    """Shards across all processes (None: as many as Discord recommends, all in this process)."""

    @property
    def store_target(self) -> str | Path:
        """What :func:`sessions.stores.open_store` opens."""
        return self.db_url or self.db_path


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=value pairs of a .env file (python-dotenv's reading: comments, quotes, export)."""
    if not path.is_file():
        return {}
    from dotenv import dotenv_values

    return {key: value for key, value in dotenv_values(path).items() if value is not None}


class ConfigError(ValueError):
    """A setting that cannot work; its message says what to write instead."""


def database_path(value: str) -> Path:
    """``STARHOST_DB`` as a SQLite file: a plain path or ``sqlite:///path``; any URL is refused."""
    from sessions.stores import TargetError, sqlite_path

    try:
        return sqlite_path(value)
    except TargetError as exc:
        raise ConfigError(str(exc)) from None


def database_target(value: str) -> Path | str:
    """``STARHOST_DB``: a SQLite file (a path or ``sqlite:///path``) or a ``postgresql://`` URL."""
    from sessions.stores import TargetError, parse_target

    try:
        return parse_target(value)
    except TargetError as exc:
        raise ConfigError(str(exc)) from None


def parse_shards(value: str) -> tuple[int, ...]:
    """``0-3``, ``4,6`` or ``0-1,5``: the shard ids this process runs, in order, without repeats."""
    ids: list[int] = []
    for part in value.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not plain_digits(low) or (high and not plain_digits(high)) or (high and int(high) < int(low)):
            raise ConfigError(f"STARHOST_SHARDS={value!r}: write shard ids like 0-3, or 0,2, or 0-1,4.")
        ids += [i for i in range(int(low), int(high or low) + 1) if i not in ids]
    return tuple(ids)


def shard_settings(shards: str, count: str) -> tuple[tuple[int, ...] | None, int | None]:
    """(shard ids, shard count) from ``STARHOST_SHARDS`` and ``STARHOST_SHARD_COUNT`` (or the flags)."""
    shards, count = shards.strip(), count.strip()
    if count and (not plain_digits(count) or int(count) < 1):
        raise ConfigError(f"STARHOST_SHARD_COUNT={count!r}: give the total number of shards, e.g. 8.")
    total = int(count) if count else None
    if not shards:
        return None, total
    if total is None:
        raise ConfigError(
            "STARHOST_SHARDS needs STARHOST_SHARD_COUNT too: the number of shards across all processes, e.g. 8."
        )
    ids = parse_shards(shards)
    if max(ids) >= total:
        raise ConfigError(f"STARHOST_SHARDS={shards}: shard ids go from 0 to {total - 1} when there are {total}.")
    return ids, total


def load_config(env: dict[str, str] | None = None, dotenv: Path | None = None) -> Config:
    merged = {**read_dotenv(dotenv or ROOT / ".env"), **(os.environ if env is None else env)}
    guild = merged.get("STARHOST_DEV_GUILD", "").strip()
    target = database_target(merged.get("STARHOST_DB", str(ROOT / "starhost.db")))
    shard_ids, shard_count = shard_settings(merged.get("STARHOST_SHARDS", ""), merged.get("STARHOST_SHARD_COUNT", ""))
    return Config(
        token=merged.get("DISCORD_TOKEN", "").strip() or None,
        db_path=target if isinstance(target, Path) else ROOT / "starhost.db",
        dev_guild=int(guild) if plain_digits(guild, 20) else None,
        log_level=merged.get("STARHOST_LOG_LEVEL", "INFO").upper(),
        boards_dir=Path(merged.get("STARHOST_BOARDS", str(ROOT / "boards"))),
        reminder_seconds=float(merged.get("STARHOST_REMINDER_SECONDS", "60")),
        extra_systems=tuple(s for s in merged.get("STARHOST_EXTRA_SYSTEMS", "").split(",") if s.strip()),
        db_url=target if isinstance(target, str) else None,
        shard_ids=shard_ids,
        shard_count=shard_count,
    )


def with_database(config: Config, value: str) -> Config:
    """``config`` with ``STARHOST_DB`` replaced by ``value`` (the --db flag)."""
    target = database_target(value)
    if isinstance(target, Path):
        return replace(config, db_path=target, db_url=None)
    return replace(config, db_url=target)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: easy to grep, easy to ship to a log store."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update({k: v for k, v in fields.items() if k not in entry})
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def setup_logging(level: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    logging.basicConfig(level=getattr(logging, level, logging.INFO), handlers=[handler], force=True)
    logging.getLogger("discord.http").setLevel(logging.WARNING)
    # Starhost never joins voice channels: discord.py's warnings about voice libraries are noise.
    logging.getLogger("discord.client").addFilter(lambda record: "voice will NOT" not in record.getMessage())


def _load_extra_systems(names: tuple[str, ...]) -> None:
    from rules.core import registry

    for name in names:
        registry.load_module(name.strip())


def make_bot(config: Config, **client_options: object):  # -> StarhostBot
    """Build the bot (imports discord lazily so the console needs no Discord setup).

    An ``AutoShardedBot``: by default it runs every shard Discord recommends in this process;
    ``config.shard_ids``/``shard_count`` give it a share of them, the other processes running the
    rest against the same PostgreSQL database.
    """
    import discord
    from discord import app_commands
    from discord.ext import commands

    from rules.core import RuleError
    from sessions.service import GameService
    from sessions.store import StoreUnavailable
    from sessions.stores import describe, open_store
    from table import Table

    log = logging.getLogger("starhost")

    class StarhostBot(commands.AutoShardedBot):
        def __init__(self) -> None:
            intents = discord.Intents.default()
            options: dict[str, object] = {"guild_ready_timeout": 2.0, **client_options}
            if config.shard_count is not None:
                options["shard_count"] = config.shard_count
            if config.shard_ids is not None:
                options["shard_ids"] = list(config.shard_ids)
            # Users only, by default: no message of ours can ping @everyone, @here or a role, whatever a
            # player's name or a narrated line contains (each reply still names exactly whom it pings).
            options.setdefault(
                "allowed_mentions", discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
            )
            super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **options)
            self.config = config
            self.service = GameService(open_store(config.store_target))  # type: ignore[arg-type]
            self.table = Table(self.service)
            self.tree.on_error = self.on_tree_error

        async def setup_hook(self) -> None:
            _load_extra_systems(config.extra_systems)
            try:
                await self.service.open()
            except (OSError, sqlite3.Error) as exc:
                raise StoreUnavailable(f"{describe(config.store_target)}: {_first_line(exc)}") from exc
            shards = "all" if config.shard_ids is None else ",".join(map(str, config.shard_ids))
            log.info(
                "store opened",
                extra={"fields": {"store": describe(config.store_target), "shards": shards, "of": config.shard_count}},
            )
            from cogs.common import ActionButton, ActionMenu
            from rules.core import registry
            from sessions.runtime import settle_after_start_up

            self.add_dynamic_items(ActionButton, ActionMenu)
            for name in cog_modules():
                await self.load_extension(name)
            await self.sync_commands_if_changed()
            for system in registry.all_systems():
                system.warm_up()  # tables every game needs, built now rather than in someone's turn
            settle_after_start_up()  # what start-up loaded stays out of the garbage collector's walks

        async def sync_commands_if_changed(self) -> bool:
            """Syncing is rate limited by Discord, so only sync when the tree really changed.

            Shard processes starting together take turns (a lock in the database): the first
            syncs and records the tree's hash, the others find it recorded and skip.
            """
            guild = discord.Object(config.dev_guild) if config.dev_guild else None
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
            digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
            key = f"command_hash:{config.dev_guild or 'global'}"
            async with self.service.store.exclusive("command-sync"):
                if await self.service.store.get_meta(key) == digest:
                    log.info("commands unchanged; no sync needed")
                    return False
                await self.tree.sync(guild=guild)
                await self.service.store.set_meta(key, digest)
            log.info("commands synced (%s)", "dev guild" if guild else "global")
            return True

        async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            from cogs.common import report_crash, send_error

            original = getattr(error, "original", error)
            if isinstance(original, RuleError):
                await send_error(interaction, str(original))
            elif isinstance(error, app_commands.NoPrivateMessage):
                await send_error(interaction, "Games live in server channels; use this command in a server.")
            elif isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
                await send_error(interaction, str(error))
            else:
                name = interaction.command.qualified_name if interaction.command else "command"
                try:
                    raise original
                except Exception:
                    await report_crash(interaction, f"/{name}")

        async def on_ready(self) -> None:
            log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))

        async def close(self) -> None:
            try:
                await super().close()
            finally:
                await self.service.close()
                log.info("database closed")

    return StarhostBot()


async def run_bot(config: Config) -> None:
    bot = make_bot(config)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not stopping.is_set():
            logging.getLogger("starhost").info("stopping on signal")
            stopping.set()
            closing.append(loop.create_task(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop)
    try:
        async with bot:
            await bot.start(config.token or "")
    finally:
        # start() returns as soon as the gateway closes; finish closing before the loop ends.
        for task in closing:
            await task
        await bot.service.close()


async def run_console(config: Config, script: Path | None) -> int:
    from sessions.service import GameService
    from sessions.stores import open_store
    from table.console import run_console as console

    _load_extra_systems(config.extra_systems)
    service = GameService(open_store(config.store_target), seed_source=lambda: secrets.randbits(62))  # type: ignore[arg-type]
    await service.open()
    try:
        return await console(service, boards=config.boards_dir, script=script)
    finally:
        await service.close()


def missing_dependencies() -> list[str]:
    """Names of required packages that cannot be imported (a plain `python bot.py` outside .venv)."""
    import importlib.util

    needed = {
        "discord": "discord.py",
        "aiosqlite": "aiosqlite",
        "PIL": "Pillow",
        "d20": "d20",
        "msgspec": "msgspec",
        "prompt_toolkit": "prompt_toolkit",
        "dotenv": "python-dotenv",
    }
    return [package for module, package in needed.items() if importlib.util.find_spec(module) is None]


def main(argv: list[str] | None = None) -> int:
    from sessions.runtime import give_back_large_blocks

    give_back_large_blocks()  # before any thread: pictures' big buffers go back to the system when freed
    missing = missing_dependencies()
    if missing:
        print(
            f"Starhost needs {', '.join(missing)}, which this Python does not have.\n"
            "Use ./starhost bot or ./starhost console: they create .venv and install everything on first use.",
            file=sys.stderr,
        )
        return 3
    parser = argparse.ArgumentParser(prog="bot.py", description="Starhost, a Discord game master.")
    parser.add_argument("--console", action="store_true", help="play locally in the terminal (no Discord)")
    parser.add_argument("--script", type=Path, help="with --console: read commands from this file")
    parser.add_argument("--db", help="SQLite file or postgresql:// URL (default: $STARHOST_DB or ./starhost.db)")
    parser.add_argument("--shards", help="shard ids this process runs, e.g. 0-3 (default: $STARHOST_SHARDS or all)")
    parser.add_argument("--shard-count", help="shards across all processes (default: $STARHOST_SHARD_COUNT)")
    parser.add_argument("--boards", type=Path, help="with --console: folder for board pictures")
    args = parser.parse_args(argv)
    try:
        config = load_config()
        if args.db:
            config = with_database(config, args.db)
        elif args.console and "STARHOST_DB" not in os.environ:
            config = replace(config, db_path=ROOT / "console.db", db_url=None)
        if args.shards is not None or args.shard_count is not None:
            shards = args.shards if args.shards is not None else ",".join(map(str, config.shard_ids or ()))
            ids, count = shard_settings(shards, args.shard_count or str(config.shard_count or ""))
            config = replace(config, shard_ids=ids, shard_count=count)
        check_store(config)
    except ConfigError as exc:
        print(f"starhost: {exc}", file=sys.stderr)
        return 2
    if args.boards:
        config = replace(config, boards_dir=args.boards)
    setup_logging(config.log_level if not args.console else "WARNING")
    if args.console or args.script:
        from sessions.store import StoreUnavailable

        try:
            refused = asyncio.run(run_console(config, args.script))
        except StoreUnavailable as exc:
            print(f"starhost: the database cannot be opened ({exc}).", file=sys.stderr)
            return 5
        if args.script:
            print(f"({refused} of the script's commands {'was' if refused == 1 else 'were'} refused)")
        return 0
    if not config.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    return run_bot_reporting(config)


def check_store(config: Config) -> None:
    """Refuse, before anything starts, a store this machine cannot use (e.g. asyncpg missing)."""
    from sessions.stores import TargetError, open_store

    try:
        open_store(config.store_target)
    except TargetError as exc:
        raise ConfigError(str(exc)) from None


def run_bot_reporting(config: Config) -> int:
    """Run the bot; the usual ways it cannot start are said in one line, not a traceback."""
    import aiohttp
    import discord

    from sessions.store import StoreUnavailable

    try:
        asyncio.run(run_bot(config))
    except StoreUnavailable as exc:
        print(f"starhost: the database cannot be opened ({exc}).", file=sys.stderr)
        return 5
    except discord.LoginFailure:
        print(
            "starhost: Discord refused the token in DISCORD_TOKEN; copy it again from the developer portal.",
            file=sys.stderr,
        )
        return 2
    except (aiohttp.ClientConnectionError, OSError) as exc:
        print(
            f"starhost: Discord cannot be reached ({_first_line(exc)}); check this machine's network.", file=sys.stderr
        )
        return 4
    return 0


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:160]


if __name__ == "__main__":
    sys.exit(main())
