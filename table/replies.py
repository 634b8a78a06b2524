"""What a command answers, independent of Discord: text, a picture, pings and buttons.

The Discord cogs turn a :class:`Reply` into embeds, files and a view; the console
prints it and saves the picture. Pictures are drawn lazily (``image``) so a front end
can first check that the command succeeded, then defer and render off the event loop.
Long narration is never cut: :meth:`Reply.pages` splits it into pages in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

COLOUR_INFO = 0x56B4E9
COLOUR_GOOD = 0x009E73
COLOUR_WARN = 0xE69F00
COLOUR_END = 0xCC79A7

PAGE = 4000
"""Characters of narration per page (Discord allows 4 096 in an embed's description)."""


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass(frozen=True)
class Menu:
    """A drop-down of choices (Discord allows 25); picking one sends ``custom_id:<value>``."""

    placeholder: str
    custom_id: str
    options: tuple[tuple[str, str], ...]
    """(label, value) pairs."""


@dataclass
class Reply:
    title: str = ""
    lines: list[str] = field(default_factory=list)
    fields: list[tuple[str, str]] = field(default_factory=list)
    image: Callable[[], bytes] | None = None
    image_name: str = "board.png"
    attachments: list[tuple[str, bytes]] = field(default_factory=list)  # extra files, e.g. an exported record
    mentions: list[int] = field(default_factory=list)
    """Users pinged in the channel."""
    named: list[int] = field(default_factory=list)
    """Users named without a ping (quiet hours, notifications off, or told by DM)."""
    dms: list[tuple[int, str]] = field(default_factory=list)
    """Direct messages to send: (user, text). If a user's DMs are closed, they are pinged instead."""
    secret_dms: list[tuple[int, str]] = field(default_factory=list)
    """Direct messages that tell a player something only they may know (a card drawn): never posted in
    the channel, even when the player's DMs are closed (they still have /game view)."""
    buttons: list[Button] = field(default_factory=list)
    menu: Menu | None = None
    ephemeral: bool = False
    colour: int = COLOUR_INFO
    footer: str = ""
    private: list[str] = field(default_factory=list)  # lines only the asking user may see
    plain: bool = False  # a short answer without an embed
    post_in: int | None = None  # post in this channel (a new game's thread) and point the asker there

    def pages(self, limit: int = PAGE) -> list[str]:
        """The narration in order, split at line ends into pages of at most ``limit`` characters."""
        pages: list[str] = []
        current = ""
        for line in fold(self.lines):
            while len(line) > limit:  # a single enormous line: split it where it must be
                if current:
                    pages.append(current)
                    current = ""
                pages.append(line[:limit])
                line = line[limit:]
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) > limit:
                pages.append(current)
                current = line
            else:
                current = candidate
        if current or not pages:
            pages.append(current)
        return pages

    def description(self, limit: int = PAGE) -> str:
        """The first page (all of a short reply)."""
        return self.pages(limit)[0]

    def as_text(self) -> str:
        """Everything a reader needs, as plain text (console, logs, tests)."""
        parts = [f"== {self.title} ==" if self.title else ""]
        parts += fold(self.lines)
        parts += [f"[{name}] {value}" for name, value in self.fields]
        if self.footer:
            parts.append(f"({self.footer})")
        if self.buttons:
            parts.append("buttons: " + " | ".join(f"{i + 1}:{b.label}" for i, b in enumerate(self.buttons)))
        if self.menu is not None:
            shown = " | ".join(f"{i + 1}:{label}" for i, (label, _) in enumerate(self.menu.options))
            parts.append(f"menu ({self.menu.placeholder}, pick <n>): {shown}")
        return "\n".join(p for p in parts if p)


def fold(lines: Iterable[str]) -> list[str]:
    """Runs of the same line become one line with a count ("No cards are left. ×14")."""
    out: list[str] = []
    count = 0
    for line in lines:
        if out and line == out[-1] and line:
            count += 1
            continue
        if count:
            out[-1] = f"{out[-1]} ×{count + 1}"
        out.append(line)
        count = 0
    if count:
        out[-1] = f"{out[-1]} ×{count + 1}"
    return out


def error_reply(message: str) -> Reply:
    return Reply(lines=[message], ephemeral=True, plain=True, colour=COLOUR_WARN)
