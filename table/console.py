"""A local table in the terminal: the same commands as Discord, no token, no network.

    > as alice /game new system:pig
    > as bob /game join
    > as alice /game start
    > /act action:roll          (acts as the current user, here alice)
    > click 1                   (presses button 1 of the last reply)

Boards are saved as PNG files in a folder and their paths printed. ``--script FILE``
reads the same commands from a file (lines starting with # are comments).
"""

from __future__ import annotations

import functools
import re
import sys
import zlib
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from rules.core import RuleError
from sessions.service import Actor, GameService

from .commands import Ctx, Table
from .replies import Reply

Handler = Callable[["Console", Ctx, dict[str, str]], Awaitable[Reply] | Reply]

HELP = """Commands are typed as in Discord, options as name:value:
  /game new system:<game> [scenario:<name>] [options:<k=v ...>]
  /game join [seat:<n>] | leave | start | status | view | log [count:<n>] | end | export | verify
  /game settings [key:<name> value:<value>] | kick user:<name> | timeout
  /act action:<notation>      (or just: /act roll)     /actions  (list what you may do)
  /roll expression:<dice> [reason:<text>] [secret:true]
  /rules system:<game> [topic:<topic>]   /help
Console only:
  as <name> [command]   act as another user (alice, bob, ...)
  in <channel>          move to another channel (one game per channel)
  click <n>             press button n of the last reply
  quit"""


def user_id_for(name: str) -> int:
    """A stable, positive id per console name, so a script replays the same way."""
    return 1_000_000 + zlib.crc32(name.lower().encode())


def channel_id_for(name: str) -> int:
    return 2_000_000 + zlib.crc32(name.lower().encode())


@dataclass
class Console:
    table: Table
    boards: Path
    out: TextIO = sys.stdout
    user: str = "alice"
    channel: str = "table"
    last: Reply | None = None
    saved: list[Path] = field(default_factory=list)
    errors: int = 0

    @property
    def ctx(self) -> Ctx:
        return Ctx(actor=Actor(user_id_for(self.user), self.user), channel_id=channel_id_for(self.channel), guild_id=1)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def run_line(self, line: str) -> bool:
        """Run one line; returns False when the user asked to quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        words = line.split(maxsplit=2)
        if words[0] == "as" and len(words) >= 2:
            self.user = words[1].lower()
            if len(words) == 3:
                return await self.run_line(words[2])
            self.say(f"(you are now {self.user})")
            return True
        if words[0] == "in" and len(words) == 2:
            self.channel = words[1].lstrip("#").lower()
            self.say(f"(you are now in #{self.channel})")
            return True
        if words[0] == "click":
            return await self._click(words[1] if len(words) > 1 else "")
        if not line.startswith("/"):
            self.say("Commands start with /, e.g. /help. Type quit to leave.")
            return True
        await self._command(line[1:])
        return True

    async def _click(self, number: str) -> bool:
        buttons = self.last.buttons if self.last else []
        if not number.isdigit() or not 1 <= int(number) <= len(buttons):
            self.say(f"There is no button {number or '?'}; the last reply has {len(buttons)}.")
            return True
        await self._answer(lambda: self.table.click(self.ctx, buttons[int(number) - 1].custom_id))
        return True

    async def _command(self, text: str) -> None:
        words = text.split()
        for length in (3, 2, 1):
            path = " ".join(words[:length])
            if path in COMMANDS:
                names, handler = COMMANDS[path]
                try:
                    options = parse_options(" ".join(words[length:]), names)
                except ValueError as exc:
                    self.say(f"! {exc}")
                    self.errors += 1
                    return
                await self._answer(functools.partial(handler, self, self.ctx, options))
                return
        group = words[0] if words else ""
        subcommands = sorted(path.split(" ", 1)[1] for path in COMMANDS if path.startswith(f"{group} "))
        if subcommands:
            self.say(f"! /{group} needs a subcommand: {', '.join(subcommands)}.")
        else:
            self.say(f"! Unknown command /{group}. Type /help.")
        self.errors += 1

    async def _answer(self, call: Callable[[], Awaitable[Reply] | Reply]) -> None:
        try:
            result = call()
            reply = await result if isinstance(result, Awaitable) else result
        except RuleError as exc:
            self.errors += 1
            self.say(f"! {exc}")
            return
        self.show(reply)

    def show(self, reply: Reply) -> None:
        if not reply.ephemeral or reply.buttons:
            self.last = reply
        prefix = "(only you see this) " if reply.ephemeral else ""
        names = [name for name, uid in self._known_users() if uid in reply.mentions]
        if names:
            self.say("@" + " @".join(names))
        self.say(prefix + replace_mentions(reply.as_text(), dict((uid, n) for n, uid in self._known_users())))
        for line in reply.private:
            self.say(f"(only {self.user} sees) {line}")
        if reply.image is not None:
            self.boards.mkdir(parents=True, exist_ok=True)
            path = self.boards / f"{self.channel}-{len(self.saved) + 1:03d}.png"
            path.write_bytes(reply.image())
            self.saved.append(path)
            self.say(f"[board saved: {path}]")
        if reply.attachment is not None:
            self.boards.mkdir(parents=True, exist_ok=True)
            path = self.boards / reply.attachment[0]
            path.write_bytes(reply.attachment[1])
            self.say(f"[file saved: {path}]")

    def _known_users(self) -> Iterable[tuple[str, int]]:
        names = {"alice", "bob", "carol", "dave", "erin", "frank", self.user}
        return [(n, user_id_for(n)) for n in sorted(names)]


def replace_mentions(text: str, names: dict[int, str]) -> str:
    return re.sub(r"<@(\d+)>", lambda m: "@" + names.get(int(m[1]), m[1]), text)


def parse_options(text: str, names: Iterable[str]) -> dict[str, str]:
    """``a:1 b:two words`` -> {"a": "1", "b": "two words"}; only known names start an option.

    A command whose first option is its main text (``/act roll``) may omit the name.
    """
    known = list(names)
    options: dict[str, str] = {}
    current: str | None = None
    for word in text.split():
        key, sep, value = word.partition(":")
        if sep and key in known:
            current = key
            options[key] = value
        elif current is None:
            if not known:
                raise ValueError(f"This command takes no options ('{word}').")
            current = known[0]
            options[current] = word
        else:
            options[current] = f"{options[current]} {word}".strip()
    return options


def system_help() -> list[str]:
    extra = sorted(path for path in COMMANDS if path not in BASE_COMMANDS)
    if not extra:
        return []
    return ["Game commands:", *(f"  /{path} " + " ".join(f"{n}:" for n in COMMANDS[path][0]) for path in extra)]


def _int(options: dict[str, str], key: str, default: int | None = None) -> int | None:
    value = options.get(key)
    if value is None:
        return default
    if not value.strip().lstrip("-").isdigit():
        raise RuleError(f"{key} must be a number.")
    return int(value)


def _actions(console: Console, ctx: Ctx, _: dict[str, str]) -> Awaitable[Reply]:
    async def run() -> Reply:
        names = await console.table.suggest_actions(ctx, "", limit=50)
        lines = [f"`{n}`" for n in names]
        if not lines:
            status = await console.table.service.status(ctx.channel_id)
            waiting = console.table.service.waiting_text(status.game, status.prompts)
            lines = [f"You have nothing to do right now. {waiting}"]
        return Reply(title=f"What {ctx.actor.name} may do", lines=lines, ephemeral=True)

    return run()


COMMANDS: dict[str, tuple[list[str], Handler]] = {
    "game new": (
        ["system", "scenario", "options"],
        lambda c, x, o: c.table.game_new(x, o.get("system", ""), o.get("scenario"), o.get("options")),
    ),
    "game join": (["seat"], lambda c, x, o: c.table.game_join(x, _int(o, "seat"))),
    "game leave": ([], lambda c, x, o: c.table.game_leave(x)),
    "game start": ([], lambda c, x, o: c.table.game_start(x)),
    "game status": ([], lambda c, x, o: c.table.game_status(x)),
    "game view": ([], lambda c, x, o: c.table.game_view(x)),
    "game log": (["count"], lambda c, x, o: c.table.game_log(x, _int(o, "count", 10) or 10)),
    "game end": ([], lambda c, x, o: c.table.game_end(x)),
    "game settings": (["key", "value"], lambda c, x, o: c.table.game_settings(x, o.get("key"), o.get("value"))),
    "game export": ([], lambda c, x, o: c.table.game_export(x)),
    "game verify": ([], lambda c, x, o: c.table.game_verify(x)),
    "game kick": (
        ["user"],
        lambda c, x, o: c.table.game_kick(x, user_id_for(o.get("user", "").lstrip("@")), o.get("user", "").lstrip("@")),
    ),
    "game timeout": ([], lambda c, x, o: c.table.game_timeout(x)),
    "act": (["action"], lambda c, x, o: c.table.act(x, o.get("action", ""))),
    "actions": ([], _actions),
    "roll": (
        ["expression", "reason", "secret"],
        lambda c, x, o: c.table.roll(
            x, o.get("expression", ""), o.get("reason"), o.get("secret", "").lower() in ("true", "yes", "1")
        ),
    ),
    "rules": (["system", "topic"], lambda c, x, o: c.table.rules(o.get("system", ""), o.get("topic"))),
    "help": ([], lambda c, x, o: Reply(title="Console table", lines=[HELP, *system_help()])),
}


BASE_COMMANDS = frozenset(COMMANDS)


def load_system_commands() -> None:
    """Merge ``CONSOLE_COMMANDS`` of every ``table/<system>.py`` (same format as :data:`COMMANDS`)."""
    import importlib
    import pkgutil

    import table

    for info in pkgutil.iter_modules(table.__path__):
        if info.name in ("commands", "console", "reference", "replies"):
            continue
        module = importlib.import_module(f"table.{info.name}")
        COMMANDS.update(getattr(module, "CONSOLE_COMMANDS", {}))


async def run_console(
    service: GameService, *, boards: Path, script: Path | None = None, out: TextIO = sys.stdout
) -> int:
    """Run the REPL (or a script); returns the number of commands that were refused."""
    load_system_commands()
    console = Console(Table(service), boards=boards, out=out)
    if script is not None:
        for raw in script.read_text().splitlines():
            if raw.strip() and not raw.strip().startswith("#"):
                console.say(f"{console.user}@#{console.channel}> {raw.strip()}")
            if not await console.run_line(raw):
                break
        return console.errors
    console.say("Starhost console table. Type /help for commands, quit to leave.")
    while True:
        try:
            line = input(f"{console.user}@#{console.channel}> ")
        except EOFError:
            break
        try:
            if not await console.run_line(line):
                break
        except KeyboardInterrupt:
            console.say("(interrupted)")
    return console.errors


__all__ = ["COMMANDS", "Console", "parse_options", "run_console"]
