"""What the session layer's parts share: who asks, what changed, a game held in memory, bot seats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import BaseState, Event, GameSystem, Prompt, registry

from .settings import GameSettings
from .store import VACANT_USER, ActionRecord, GameRecord, HandOver

VACANT = VACANT_USER
"""user_id of a seat whose player left a running game; the host may act for it."""

PRIVATE_CHOICE = "chose"
"""Event kind of the public line that stands for an action chosen in private (secret, or among things
only its seat sees): the table hears that it was made, never what it was."""


def bot_user(seat: int) -> int:
    """The user id of a bot in ``seat`` (negative, so never a Discord user)."""
    return -1 - seat


def is_bot(user_id: int | None) -> bool:
    return user_id is not None and user_id < 0


@dataclass(frozen=True)
class Actor:
    """Who is asking: a Discord user (or a console name mapped to a stable id)."""

    user_id: int
    name: str
    is_admin: bool = False  # may manage the channel (end or configure any game)


@dataclass
class Update:
    """The result of a change: the game after it and what happened."""

    game: GameRecord
    state: BaseState | None
    events: list[Event] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    action_text: str | None = None
    action_words: str | None = None  # the same action in plain words, when the game has them
    finished: bool = False
    away: frozenset[int] = frozenset()
    """Seats the bot plays for their player now (away, or late past a deadline): their notices pause."""

    @property
    def system(self) -> GameSystem:
        return registry.get(self.game.system)

    def waiting_users(self) -> list[int]:
        """Users who must act now, in prompt order, without duplicates, vacant seats, bots or players away."""
        users: list[int] = []
        for prompt in self.prompts:
            if prompt.seat in self.away:
                continue
            user = self.game.user_of(prompt.seat)
            if user and user > 0 and user not in users:
                users.append(user)
        return users


@dataclass
class LoadedGame:
    """A game held in memory: its record, its state, its settings, and the states undo can return to."""

    record: GameRecord
    state: BaseState | None
    used: float
    settings: GameSettings | None = None
    recent: list[tuple[int, BaseState | bytes]] = field(default_factory=list)
    """States since the last action that revealed something (version, state): what undo can go back to.
    All but the newest are kept packed (msgpack bytes)."""
    stored_settings: dict[str, str] | None = None
    """Every key the game's settings row holds as read (the table's own notes too; None: not read)."""
    handovers: list[HandOver] | None = None
    """The game's hand-over rows, read once and dropped when one changes (None: not read yet)."""
    last_moves: dict[int, tuple[int, float] | None] = field(default_factory=dict)
    """Seat -> (version, time) of its latest own move, read once per seat and kept current by each commit."""
    aside: int = 0
    """The store's count of changes beside the state (settings, hand-overs) when these copies were read;
    a shared store's other processes bump it, so a change there drops the copies here."""
    memo: dict[Any, Any] = field(default_factory=dict)
    """What the front end computed for the current position (legal moves, buttons, labels), reused by the
    reply, autocomplete and the next button press; emptied whenever the state changes."""
    unsaved: list[ActionRecord] = field(default_factory=list)
    """On a request's working copy (see ``LoadedGames.playing``): the steps it played and has not stored
    yet (log entries). Always empty on the game held in memory."""

    def aside_changed(self) -> None:
        """Settings or hand-overs changed: read them again when next needed."""
        self.settings = None
        self.stored_settings = None
        self.handovers = None
