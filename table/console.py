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

from rules.core import RuleError, plain_digits
from sessions.service import Actor, GameService

from . import spec
from .commands import Ctx, Table
from .console_input import prompt_lines
from .reference import help_group, help_page
from .replies import Reply
from .spec import Command, CommandGroup, FileRef, UserRef

CONSOLE_HELP = """Console only:
  as <name> [command]   act as another user (alice, bob, ...)
  in <channel>          move to another channel (one game per channel)
  click <n>             press button n of the last reply
  pick <n>              choose entry n of the last reply's menu
  quit                  leave (Ctrl-D works too)
Options are typed as name:value; the first option's name may be left out (/act roll).
Tab completes commands, option names and values; arrow keys walk through the history."""


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
    threads: dict[int, str] = field(default_factory=dict)

    @property
    def ctx(self) -> Ctx:
        return Ctx(
            actor=Actor(user_id_for(self.user), self.user),
            channel_id=channel_id_for(self.channel),
            guild_id=1,
            place=ConsolePlace(self),
        )

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
            channel = words[1].lstrip("#").lower()
            if not CHANNEL_NAME.fullmatch(channel):
                self.say("A channel name is letters, digits, - and _ (at most 40), e.g. `in table-2`.")
                return True
            self.channel = channel
            self.say(f"(you are now in #{self.channel})")
            return True
        if words[0] == "click":
            return await self._click(words[1] if len(words) > 1 else "")
        if words[0] == "pick":
            return await self._pick(words[1] if len(words) > 1 else "")
        if not line.startswith("/"):
            self.say("Commands start with /, e.g. /help. Type quit to leave.")
            return True
        if line.split()[0] == "/help":
            topic = " ".join(line.split()[1:]).removeprefix("topic:").strip()
            try:
                self.show(help_reply(topic or None))
            except RuleError as exc:
                self.say(f"! {exc}")
                self.errors += 1
            return True
        await self._command(line[1:])
        return True

    def subcommands(self, group_name: str) -> list[str]:
        return command_paths(group_name)

    async def _pick(self, number: str) -> bool:
        menu = self.last.menu if self.last else None
        options = menu.options if menu else ()
        if menu is None or not plain_digits(number) or not 1 <= int(number) <= len(options):
            self.say(f"There is no menu choice {number or '?'}; the last reply has {len(options)}.")
            return True
        custom_id = f"{menu.custom_id}:{options[int(number) - 1][1]}"
        await self._answer(lambda: self.table.click(self.ctx, custom_id))
        return True

    async def _click(self, number: str) -> bool:
        buttons = self.last.buttons if self.last else []
        if not plain_digits(number) or not 1 <= int(number) <= len(buttons):
            self.say(f"There is no button {number or '?'}; the last reply has {len(buttons)}.")
            return True
        await self._answer(lambda: self.table.click(self.ctx, buttons[int(number) - 1].custom_id))
        return True

    async def _command(self, text: str) -> None:
        words = text.split()
        found = spec.find_words(words)
        if found is not None:
            (group, command), length = found
            try:
                raw = parse_options(" ".join(words[length:]), [o.name for o in command.options])
                values = convert_options(group, command, raw)
            except (ValueError, RuleError) as exc:
                self.say(f"! {exc}")
                self.errors += 1
                return
            await self._answer(functools.partial(command.handler, self.table, self.ctx, **values))
            return
        group_name = words[0] if words else ""
        subcommands = sorted(command_paths(group_name))
        if subcommands:
            self.say(f"! /{group_name} needs a subcommand: {', '.join(subcommands)}.")
        else:
            self.say(f"! Unknown command /{group_name}. Type /help.")
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
        if reply.post_in is not None:
            self.channel = self.threads.get(reply.post_in, self.channel)
            self.say(f"(a thread was opened for the game: you are now in #{self.channel})")
        if not reply.ephemeral or reply.buttons or reply.menu:
            self.last = reply
        prefix = "(only you see this) " if reply.ephemeral else ""
        names = [name for name, uid in self._known_users() if uid in reply.mentions]
        if names:
            self.say("@" + " @".join(names))
        quiet = [name for name, uid in self._known_users() if uid in reply.named]
        if quiet:
            self.say("(named without a ping: " + ", ".join(quiet) + ")")
        self.say(prefix + replace_mentions(reply.as_text(), dict((uid, n) for n, uid in self._known_users())))
        for line in reply.private:
            self.say(f"(only {self.user} sees) {line}")
        if reply.image is not None:
            self.boards.mkdir(parents=True, exist_ok=True)
            path = self.boards / f"{self.channel}-{self._next_board_number():03d}.png"
            path.write_bytes(reply.image())
            self.saved.append(path)
            self.say(f"[board saved: {path}]")
        for name, data in reply.attachments:
            self.boards.mkdir(parents=True, exist_ok=True)
            path = self.boards / Path(name).name  # a file name only: nothing lands outside the folder
            path.write_bytes(data)
            self.say(f"[file saved: {path}]")
        known = {uid: n for n, uid in self._known_users()}
        for user, text in [*reply.dms, *reply.secret_dms]:
            self.say(f"(direct message to {known.get(user, user)}) {replace_mentions(text, known)}")

    def _next_board_number(self) -> int:
        """One more than the highest board number of this channel in the folder, so a new console run
        never overwrites the boards of an earlier one."""
        pattern = re.compile(rf"{re.escape(self.channel)}-(\d+)\.png")
        numbers = [int(m[1]) for f in self.boards.glob(f"{self.channel}-*.png") if (m := pattern.fullmatch(f.name))]
        return max(numbers, default=0) + 1

    def _known_users(self) -> Iterable[tuple[str, int]]:
        names = {"alice", "bob", "carol", "dave", "erin", "frank", self.user}
        return [(n, user_id_for(n)) for n in sorted(names)]


CHANNEL_NAME = re.compile(r"[a-z0-9_-]{1,40}")
"""What a console channel may be called (it becomes part of the board files' names)."""


def replace_mentions(text: str, names: dict[int, str]) -> str:
    return re.sub(r"<@(\d+)>", lambda m: "@" + names.get(int(m[1]), m[1]), text)


def parse_options(text: str, names: Iterable[str]) -> dict[str, str]:
    """``a:1 b:two words`` -> {"a": "1", "b": "two words"}; only known names start an option.

    A command whose first option is its main text (``/act roll``) may omit the name; a first word
    that looks like an option (``planet:Luna``) but names none is refused with the options there are.
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
            if sep and re.fullmatch(r"[a-z_]+", key):  # a mistyped option name, not a value
                names = ", ".join(f"{name}:" for name in known)
                raise ValueError(f"There is no option '{key}:' here. Options: {names}")
            current = known[0]
            options[current] = word
        else:
            options[current] = f"{options[current]} {word}".strip()
    return options


class ConsolePlace:
    """Threads in the console are just new channels, named after the game."""

    def __init__(self, console: Console) -> None:
        self.console = console

    async def open_thread(self, name: str) -> int | None:
        if self.console.channel in self.console.threads.values():
            return None  # already in a thread
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "thread"
        channel_id = channel_id_for(slug)
        self.console.threads[channel_id] = slug
        return channel_id

    async def close_thread(self, channel_id: int) -> None:
        self.console.threads.pop(channel_id, None)


def command_paths(group_name: str = "") -> list[str]:
    """Every subcommand of ``group_name``, from its command table."""
    return sorted({c.name for g in spec.groups() if g.name == group_name and g.name for c in g.commands})


def convert_options(group: CommandGroup, command: Command, raw: dict[str, str]) -> dict[str, object]:
    """Typed option values in the form the handler takes; a missing required one is named with the usage."""
    values: dict[str, object] = {}
    for option in command.options:
        text = raw.get(option.name)
        if text is None or not text.strip():
            if option.required:
                raise RuleError(f"/{group.path(command)} needs {option.name}:. Usage: {spec.usage(group, command)}")
            continue
        if option.kind == "user":
            name = text.strip().lstrip("@")
            values[option.name] = UserRef(user_id_for(name), name)
        elif option.kind == "file":
            path = Path(text.strip()).expanduser()
            if not path.is_file():
                raise RuleError(f"{option.name}: there is no file {path}.")
            values[option.name] = FileRef(path.name, path.read_bytes())
        else:
            values[option.name] = option.convert(text)
    return values


def help_reply(topic: str | None = None) -> Reply:
    """The help index and what only the console has; with a topic, that page with every command's usage."""
    title, lines = help_page(topic)
    if topic:
        group = help_group(topic)
        lines = [*lines, "", "Typed in full:", *(f"  {spec.usage(group, c)}" for c in group.commands)]
        return Reply(title=title, lines=lines)
    return Reply(title="Console table", lines=[*lines, "", CONSOLE_HELP])


async def run_console(
    service: GameService, *, boards: Path, script: Path | None = None, out: TextIO = sys.stdout
) -> int:
    """Run the REPL (or a script); returns the number of commands that were refused."""
    console = Console(Table(service), boards=boards, out=out)
    if script is not None:
        for raw in script.read_text().splitlines():
            if raw.strip() and not raw.strip().startswith("#"):
                console.say(f"{console.user}@#{console.channel}> {raw.strip()}")
            if not await console.run_line(raw):
                break
        return console.errors
    console.say("Starhost console table. Type /help for commands (Tab completes them), quit to leave.")
    async for line in prompt_lines(console, lambda: f"{console.user}@#{console.channel}> "):
        try:
            if not await console.run_line(line):
                break
        except KeyboardInterrupt:
            console.say("(interrupted)")
    return console.errors


__all__ = ["Console", "parse_options", "run_console"]
