"""Command tables: every player command declared once, as data.

A game (and the platform itself) lists its commands as :class:`Command` objects in a
:class:`CommandGroup`. Everything a player sees of a command is generated from that one
declaration: the Discord slash command with its options, ranges and autocomplete
(``cogs/generated.py``), the console's commands, completion and help (``table/console.py``),
the ``/<game> help`` page and the command names quoted in rules texts. A new game writes its
command table once.

This module knows nothing of Discord: option kinds are plain words and suggestions are
plain ``(label, value)`` pairs.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import RuleError

from .context import Ctx
from .replies import Reply

Table = Any
"""The command layer (``table.commands.Table``), which is built on these specs: named loosely here."""

Pairs = list[tuple[str, str]]
"""Suggestions: (what the player reads, what is filled in)."""

Suggest = Callable[[Table, Ctx, str, dict[str, str | None]], Awaitable[Pairs]]
"""``suggest(table, ctx, typed, given)``: suggestions for an option, ``given`` holds the other options typed so far."""

Handler = Callable[..., Awaitable[Reply]]
"""``handler(table, ctx, **options)``: the command itself; options come converted to their kind."""

Produces = Callable[[Any, int, dict[str, Any]], "dict[str, str] | None"]
"""``produces(state, seat, action)``: the option texts with which this command plays exactly ``action``
(as a player would type them), or None when this command does not play it."""

KINDS = ("text", "int", "bool", "user", "file")
"""text: a string; int: a whole number; bool: yes/no; user: a member (:class:`UserRef`);
file: an upload (:class:`FileRef`)."""

DESCRIPTION_MAX = 100
"""Discord's limit for a command's and an option's description."""

NAME = re.compile(r"^[a-z0-9_-]{1,32}$")
COMMAND_NAME = re.compile(r"^[a-z0-9_-]{1,32}( [a-z0-9_-]{1,32})?$")
"""A command's name: one word, or two for a command inside a subgroup (``view ship``)."""


@dataclass(frozen=True)
class UserRef:
    """A member picked for a ``user`` option."""

    id: int
    name: str


@dataclass(frozen=True)
class FileRef:
    """An uploaded file for a ``file`` option."""

    name: str
    data: bytes


@dataclass(frozen=True)
class Option:
    """One option of a command, as a player types it: ``name:value``."""

    name: str
    help: str
    kind: str = "text"
    required: bool = False
    low: int | None = None
    """Smallest number (``int``) or shortest text (``text``)."""
    high: int | None = None
    """Largest number (``int``) or longest text (``text``)."""
    suggest: Suggest | None = None
    placeholder: str = ""
    """How the value is shown in usage lines (``<zone>``); the name by default."""

    def __post_init__(self) -> None:
        if not NAME.match(self.name):
            raise ValueError(f"option name {self.name!r}: lower-case letters, digits, - and _ only")
        if keyword.iskeyword(self.name) or "-" in self.name:
            raise ValueError(f"option name {self.name!r}: handlers take options as Python keywords (not from, with...)")
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind must be one of {', '.join(KINDS)}")
        if not 1 <= len(self.help) <= DESCRIPTION_MAX:
            raise ValueError(f"option {self.name}: help must be 1-{DESCRIPTION_MAX} characters")

    @property
    def shown(self) -> str:
        return self.placeholder or self.name

    def usage(self) -> str:
        text = f"{self.name}:<{self.shown}>"
        return text if self.required else f"[{text}]"

    def convert(self, raw: str) -> Any:
        """A typed value (console, or a test) as this option's kind; a clear RuleError when it is not one."""
        text = raw.strip()
        if self.kind == "int":
            if not re.fullmatch(r"-?\d{1,12}", text):
                raise RuleError(f"{self.name} must be a whole number, not '{text[:20]}'.")
            value = int(text)
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise RuleError(f"{self.name} must be between {self.low} and {self.high}.")
            return value
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("yes", "true", "on", "1", "y"):
                return True
            if lowered in ("no", "false", "off", "0", "n"):
                return False
            raise RuleError(f"{self.name} is yes or no.")
        if self.kind == "text" and self.high is not None and len(text) > self.high:
            raise RuleError(f"{self.name} is at most {self.high} characters.")
        return text


@dataclass(frozen=True)
class Command:
    """One command: ``/<group> <name> option:value ...`` (or ``/<name>`` in the top-level group).

    A two-word name (``view ship``) puts the command in a subgroup (``/armada view ship``).
    """

    name: str
    help: str
    handler: Handler
    options: tuple[Option, ...] = ()
    section: str = ""
    """Heading this command is listed under in help pages."""
    example: str = ""
    """An example of the options, e.g. ``path:C3 C4``; shown in help."""
    guild_only: bool | None = None
    """Only inside a server (None: as the group says)."""
    produces: Produces | None = None
    """How a legal action is typed with this command (for /actions listings, labels and round-trip tests)."""

    def __post_init__(self) -> None:
        if not COMMAND_NAME.match(self.name):
            raise ValueError(f"command name {self.name!r}: one or two words of lower-case letters, digits, - and _")
        if not 1 <= len(self.help) <= DESCRIPTION_MAX:
            raise ValueError(f"command {self.name}: help must be 1-{DESCRIPTION_MAX} characters ({len(self.help)})")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"command {self.name}: two options share a name")
        required = [o.required for o in self.options]
        if required != sorted(required, reverse=True):
            raise ValueError(f"command {self.name}: required options come before optional ones")

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)


@dataclass(frozen=True)
class CommandGroup:
    """A game's commands (``/armada ...``), or the top-level ones when ``name`` is empty."""

    name: str
    help: str
    commands: tuple[Command, ...]
    guild_only: bool = True
    sections: tuple[str, ...] = ()
    """Order of the help page's headings."""
    intro: tuple[str, ...] = field(default_factory=tuple)
    """Lines at the top of the help page."""
    subgroup_help: dict[str, str] = field(default_factory=dict)
    """Descriptions of the subgroups that two-word command names make (``view``: "Look at ...")."""

    def __post_init__(self) -> None:
        names = [c.name for c in self.commands]
        if len(set(names)) != len(names):
            raise ValueError(f"group {self.name}: two commands share a name")

    def command(self, name: str) -> Command | None:
        return next((c for c in self.commands if c.name == name), None)

    def path(self, command: Command) -> str:
        """How the command is typed, without its options: ``armada travel`` or ``act``."""
        return f"{self.name} {command.name}" if self.name else command.name


# -- the registry of every group ------------------------------------------------------------------------

_GROUPS: dict[str, CommandGroup] = {}


def register_group(group: CommandGroup) -> CommandGroup:
    """Make a group known to every front end (a module does this once, at import)."""
    _GROUPS[group.name] = group
    return group


def groups() -> list[CommandGroup]:
    """Every registered group: the top-level one first, then by name."""
    load_all()
    return sorted(_GROUPS.values(), key=lambda g: (g.name != "", g.name))


def find(path: str) -> tuple[CommandGroup, Command] | None:
    """The command typed as ``path`` (``game new``, ``act``), if there is one."""
    load_all()
    first, _, rest = " ".join(path.strip().lstrip("/").split()).partition(" ")
    group = _GROUPS.get(first)
    if group is not None and rest:
        command = group.command(rest)
        return (group, command) if command else None
    top = _GROUPS.get("")
    if top is not None and not rest:
        command = top.command(first)
        return (top, command) if command else None
    return None


def find_words(words: list[str]) -> tuple[tuple[CommandGroup, Command], int] | None:
    """The command the typed words start with, and how many words its name took."""
    for length in (3, 2, 1):
        if len(words) >= length:
            found = find(" ".join(words[:length]))
            if found is not None:
                return found, length
    return None


def load_all() -> None:
    """Import every module that declares a command table (``table/*_commands.py``, ``table/<game>/commands.py``)."""
    import importlib
    import pkgutil

    import table

    for info in pkgutil.iter_modules(table.__path__):
        if info.name.endswith("_commands"):
            importlib.import_module(f"table.{info.name}")
        elif info.ispkg:
            try:
                importlib.import_module(f"table.{info.name}.commands")
            except ModuleNotFoundError as exc:
                if exc.name != f"table.{info.name}.commands":
                    raise


# -- texts generated from the tables --------------------------------------------------------------------


def usage(group: CommandGroup, command: Command) -> str:
    """``/armada travel to:<planet>`` with optional options in brackets."""
    parts = [f"/{group.path(command)}", *(o.usage() for o in command.options)]
    return " ".join(parts)


def help_page(group: CommandGroup) -> list[str]:
    """The ``/<game> help`` page: every command under its heading, with its options and an example."""
    lines = list(group.intro)
    if lines:
        lines.append("")
    order = list(group.sections) + sorted({c.section for c in group.commands} - set(group.sections))
    for section in order:
        members = [c for c in group.commands if c.section == section]
        if not members:
            continue
        if section:
            lines.append(f"**{section}**")
        for command in members:
            example = f" (e.g. `/{group.path(command)} {command.example}`)" if command.example else ""
            lines.append(f"`{usage(group, command)}`: {command.help}{example}")
        lines.append("")
    return lines[:-1] if lines and not lines[-1] else lines


COMMAND_REFERENCE = re.compile(r"`/(?P<path>[a-z0-9_-]+(?: [a-z0-9_-]+)?)(?P<rest>[^`]*)`")
OPTION_IN_TEXT = re.compile(r"(?:^|\s)\[?(?P<name>[a-z0-9_-]+):")


def check_references(text: str) -> list[str]:
    """Problems with the commands a player-facing text quotes in backticks (`/armada travel to:luna`).

    Every quoted command must exist under that name, and every ``name:`` after it must be one of
    its options. Returns one sentence per problem (empty when all is well).
    """
    problems = []
    for match in COMMAND_REFERENCE.finditer(text):
        path, rest = match["path"], match["rest"]
        found = find(path)
        if found is None:
            head = path.split(" ")[0]
            found_head = find(head)
            if found_head is None:
                problems.append(f"`/{path}` is not a command")
                continue
            found, rest = found_head, path[len(head) :] + rest
        _, command = found
        for option in OPTION_IN_TEXT.finditer(rest):
            if command.option(option["name"]) is None:
                problems.append(f"`/{path}` has no option {option['name']}:")
    return problems


def typed(group: CommandGroup, command: Command, options: dict[str, str]) -> str:
    """A command as a player types it: ``/armada travel to:kagawa``."""
    parts = [f"/{group.path(command)}"]
    parts += [f"{name}:{options[name]}" for name in (o.name for o in command.options) if options.get(name)]
    return " ".join(parts)


def command_for(group: CommandGroup, state: Any, seat: int, action: dict[str, Any]) -> str | None:
    """The game command that plays ``action``, as typed (None when no command of the group does)."""
    for command in group.commands:
        if command.produces is None:
            continue
        options = command.produces(state, seat, action)
        if options is not None:
            return typed(group, command, options)
    return None


def suggest_from(values: Iterable[tuple[str, str]], typed: str, limit: int = 25) -> Pairs:
    """Pairs whose label or value contains what was typed (case-insensitive), at most ``limit``."""
    wanted = typed.strip().lower()
    out = [(label, value) for label, value in values if wanted in label.lower() or wanted in value.lower()]
    return out[:limit]


def names_of(options: Sequence[Option]) -> list[str]:
    return [o.name for o in options]
