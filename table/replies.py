"""What a command answers, independent of Discord: text, a picture, pings and buttons.

The Discord cogs turn a :class:`Reply` into an embed, a file and a view; the console
prints it and saves the picture. Pictures are drawn lazily (``image``) so a front end
can first check that the command succeeded, then defer and render off the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

COLOUR_INFO = 0x56B4E9
COLOUR_GOOD = 0x009E73
COLOUR_WARN = 0xE69F00
COLOUR_END = 0xCC79A7


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass
class Reply:
    title: str = ""
    lines: list[str] = field(default_factory=list)
    fields: list[tuple[str, str]] = field(default_factory=list)
    image: Callable[[], bytes] | None = None
    image_name: str = "board.png"
    attachment: tuple[str, bytes] | None = None  # an extra file, e.g. an exported record
    mentions: list[int] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    ephemeral: bool = False
    colour: int = COLOUR_INFO
    footer: str = ""
    private: list[str] = field(default_factory=list)  # lines only the asking user may see
    plain: bool = False  # a short answer without an embed
    post_in: int | None = None  # post in this channel (a new game's thread) and point the asker there

    def description(self, limit: int = 3500) -> str:
        text = "\n".join(self.lines)
        if len(text) <= limit:
            return text
        return "…\n" + text[-(limit - 2) :]

    def as_text(self) -> str:
        """Everything a reader needs, as plain text (console, logs, tests)."""
        parts = [f"== {self.title} ==" if self.title else ""]
        parts += self.lines
        parts += [f"[{name}] {value}" for name, value in self.fields]
        if self.footer:
            parts.append(f"({self.footer})")
        if self.buttons:
            parts.append("buttons: " + " | ".join(f"{i + 1}:{b.label}" for i, b in enumerate(self.buttons)))
        return "\n".join(p for p in parts if p)


def error_reply(message: str) -> Reply:
    return Reply(lines=[message], ephemeral=True, plain=True, colour=COLOUR_WARN)
