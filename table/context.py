"""Who asks a command, and where: the first thing every command of the table layer is given."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from sessions.service import Actor


class Place(Protocol):
    """What the front end can do with channels (Discord opens real threads, the console pretends)."""

    async def open_thread(self, name: str) -> int | None:
        """Open a thread for a new game; its channel id, or None where threads cannot be opened."""
        ...

    async def close_thread(self, channel_id: int) -> None:
        """Remove a thread opened for a game that was then refused."""
        ...


@dataclass(frozen=True)
class Ctx:
    """Who asks, and where."""

    actor: Actor
    channel_id: int
    guild_id: int | None = None
    place: Place | None = None
