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
import sys
from dataclasses import dataclass
from pathlib import Path

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
    dev_guild: int | None
    log_level: str
    boards_dir: Path
    reminder_seconds: float
    extra_systems: tuple[str, ...]


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=value pairs of a .env file (python-dotenv's reading: comments, quotes, export)."""
    if not path.is_file():
        return {}
    from dotenv import dotenv_values

    return {key: value for key, value in dotenv_values(path).items() if value is not None}


class ConfigError(ValueError):
    """A setting that cannot work; its message says what to write instead."""


def database_path(value: str) -> Path:
    """``STARHOST_DB`` as a SQLite file: a plain path or ``sqlite:///path``; anything else is refused."""
    text = value.strip()
    if text.lower().startswith("sqlite:///"):
        text = text[len("sqlite:///") :]
    elif "://" in text:
        scheme = text.split("://", 1)[0]
        raise ConfigError(
            f"STARHOST_DB={scheme}://... is not supported: Starhost keeps its games in a SQLite file. "
            "Give a file path such as ./starhost.db (or sqlite:///path/to/starhost.db)."
        )
    if not text:
        raise ConfigError("STARHOST_DB is empty: give a file path such as ./starhost.db, or leave it unset.")
    path = Path(text).expanduser()
    if path.is_dir():
        raise ConfigError(f"STARHOST_DB={value.strip()} is a folder: give a file path such as {path / 'starhost.db'}.")
    return path


def load_config(env: dict[str, str] | None = None, dotenv: Path | None = None) -> Config:
    merged = {**read_dotenv(dotenv or ROOT / ".env"), **(os.environ if env is None else env)}
    guild = merged.get("STARHOST_DEV_GUILD", "").strip()
    return Config(
        token=merged.get("DISCORD_TOKEN", "").strip() or None,
        db_path=database_path(merged.get("STARHOST_DB", str(ROOT / "starhost.db"))),
        dev_guild=int(guild) if guild.isdigit() else None,
        log_level=merged.get("STARHOST_LOG_LEVEL", "INFO").upper(),
        boards_dir=Path(merged.get("STARHOST_BOARDS", str(ROOT / "boards"))),
        reminder_seconds=float(merged.get("STARHOST_REMINDER_SECONDS", "60")),
        extra_systems=tuple(s for s in merged.get("STARHOST_EXTRA_SYSTEMS", "").split(",") if s.strip()),
    )


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
    """Build the bot (imports discord lazily so the console needs no Discord setup)."""
    import discord
    from discord import app_commands
    from discord.ext import commands

    from rules.core import RuleError
    from sessions.service import GameService
    from sessions.store import SqliteStore
    from table import Table

    log = logging.getLogger("starhost")

    class StarhostBot(commands.Bot):
        def __init__(self) -> None:
            intents = discord.Intents.default()
            options = {"guild_ready_timeout": 2.0, **client_options}
            super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **options)
            self.config = config
            self.service = GameService(SqliteStore(config.db_path))
            self.table = Table(self.service)
            self.tree.on_error = self.on_tree_error

        async def setup_hook(self) -> None:
            _load_extra_systems(config.extra_systems)
            await self.service.open()
            from cogs.common import ActionButton, ActionMenu

            self.add_dynamic_items(ActionButton, ActionMenu)
            for name in cog_modules():
                await self.load_extension(name)
            await self.sync_commands_if_changed()

        async def sync_commands_if_changed(self) -> bool:
            """Syncing is rate limited by Discord, so only sync when the tree really changed."""
            guild = discord.Object(config.dev_guild) if config.dev_guild else None
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
            digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
            key = f"command_hash:{config.dev_guild or 'global'}"
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
    from sessions.store import SqliteStore
    from table.console import run_console as console

    _load_extra_systems(config.extra_systems)
    service = GameService(SqliteStore(config.db_path), seed_source=lambda: secrets.randbits(62))
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
    parser.add_argument("--db", type=Path, help="SQLite file (default: $STARHOST_DB or ./starhost.db)")
    parser.add_argument("--boards", type=Path, help="with --console: folder for board pictures")
    args = parser.parse_args(argv)
    try:
        config = load_config()
        db_override = database_path(str(args.db)) if args.db else None
    except ConfigError as exc:
        print(f"starhost: {exc}", file=sys.stderr)
        return 2
    overrides = {}
    if db_override:
        overrides["db_path"] = db_override
    elif args.console and "STARHOST_DB" not in os.environ:
        overrides["db_path"] = ROOT / "console.db"
    if args.boards:
        overrides["boards_dir"] = args.boards
    if overrides:
        config = Config(**{**config.__dict__, **overrides})
    setup_logging(config.log_level if not args.console else "WARNING")
    if args.console or args.script:
        refused = asyncio.run(run_console(config, args.script))
        if args.script:
            print(f"({refused} command(s) were refused)")
        return 0
    if not config.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    return run_bot_reporting(config)


def run_bot_reporting(config: Config) -> int:
    """Run the bot; the usual ways it cannot start are said in one line, not a traceback."""
    import aiohttp
    import discord

    try:
        asyncio.run(run_bot(config))
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
