"""The console's prompt: line editing, history and tab completion (prompt_toolkit).

Completion comes from the same command tables and suggestions that feed Discord's
autocomplete: command names after ``/``, then ``name:`` for the command's options, then the
option's values.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import spec

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document


class Console(Protocol):
    """What completion needs of the console (``table.console.Console``, built above this module)."""

    table: Any
    """The command layer (``table.commands.Table``)."""

    @property
    def ctx(self) -> Any:
        """Who types, and where (``table.commands.Ctx``)."""

    def subcommands(self, group_name: str) -> list[str]:
        """The subcommands of a command group the console knows."""


def completion_words(console: Console, text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """What to complete at the end of ``text``: the word being typed and (shown, inserted) candidates.

    Synchronous part only (commands and option names); values need :func:`value_candidates`.
    """
    stripped = text.lstrip()
    for prefix in ("as ", "in "):
        if stripped.startswith(prefix) and prefix == "as ":
            head, _, rest = stripped[3:].partition(" ")
            if not _:
                return head, [(n, n) for n in ("alice", "bob", "carol", "dave", "erin", "frank") if n.startswith(head)]
            stripped = rest
    if not stripped.startswith("/"):
        return None
    words = stripped[1:].split(" ")
    if len(words) == 1:
        names = {g.name or c.name for g in spec.groups() for c in g.commands}
        return "/" + words[0], [("/" + n, "/" + n) for n in sorted(names) if n.startswith(words[0])]
    if len(words) == 2 and spec.find(words[0]) is None:
        return words[1], [(n, n) for n in console.subcommands(words[0]) if n.startswith(words[1])]
    return None


def _split_options(command: spec.Command, words: list[str]) -> tuple[str | None, str, dict[str, str | None]]:
    """The option the last word belongs to, its text so far, and the other options typed."""
    given: dict[str, str | None] = {}
    current: str | None = command.options[0].name if command.options else None
    for word in words:
        key, sep, value = word.partition(":")
        if sep and command.option(key) is not None:
            current = key
            given[key] = value
        elif current is not None:
            given[current] = f"{given.get(current) or ''} {word}".strip() if current in given else word
    typed = given.pop(current, "") if current else ""
    return current, typed or "", given


class ConsoleCompleter:
    """A prompt_toolkit completer over the command tables."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        from prompt_toolkit.completion import Completion

        found = completion_words(self.console, document.text_before_cursor)
        if found is None:
            return
        word, candidates = found
        for shown, inserted in candidates:
            yield Completion(inserted, start_position=-len(word), display=shown)

    async def get_completions_async(
        self, document: Document, complete_event: CompleteEvent
    ) -> AsyncIterator[Completion]:
        from prompt_toolkit.completion import Completion

        text = document.text_before_cursor
        found = completion_words(self.console, text)
        if found is not None:
            word, candidates = found
            for shown, inserted in candidates:
                yield Completion(inserted, start_position=-len(word), display=shown)
            return
        for completion in await self.option_completions(text):
            yield completion

    async def option_completions(self, text: str) -> list[Completion]:
        from prompt_toolkit.completion import Completion

        stripped = text.lstrip()
        if stripped.startswith("as "):
            stripped = stripped[3:].partition(" ")[2]
        if not stripped.startswith("/"):
            return []
        words = stripped[1:].split(" ")
        match = spec.find_words(words)
        if match is None:
            return []
        (_group, command), length = match
        rest = words[length:]
        last = rest[-1] if rest else ""
        out: list[Completion] = []
        if ":" not in last:
            for option in command.options:
                if option.name.startswith(last) and last != "":
                    out.append(Completion(f"{option.name}:", start_position=-len(last), display=option.usage()))
        name, typed, given = _split_options(command, rest)
        option = command.option(name) if name else None
        if option is None or option.suggest is None:
            return out
        try:
            pairs = await option.suggest(self.console.table, self.console.ctx, typed, given)
        except Exception:
            return out
        word = last.partition(":")[2] if ":" in last and last.split(":", 1)[0] == option.name else last
        start = -len(typed) if " " in typed else -len(word)
        out += [Completion(value, start_position=start, display=label) for label, value in pairs[:40]]
        return out


def history_file() -> Path:
    return Path.home() / ".starhost_console_history"


async def prompt_lines(console: Console, prompt: Callable[[], str]) -> AsyncIterator[str]:
    """Lines typed at the terminal: prompt_toolkit when it is a real terminal, plain input() otherwise."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, InMemoryHistory

        try:
            history = FileHistory(str(history_file()))
        except OSError:
            history = InMemoryHistory()
        session: PromptSession[str] = PromptSession(history=history, completer=ConsoleCompleter(console))
        while True:
            try:
                yield await session.prompt_async(prompt())
            except EOFError:
                return
            except KeyboardInterrupt:
                yield ""
    else:
        while True:
            try:
                yield input(prompt())
            except EOFError:
                return
