"""How each player wants to hear that a game waits on them: a mention, a direct message, or nothing.

Per-user settings (``/game notify``): ``notify`` is ``mention`` (the default), ``dm`` or ``off``;
``quiet_hours`` and ``timezone`` as for games. A player inside their own quiet hours, or the
game's, is named but not pinged: the stricter of the two wins.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .errors import SessionError
from .settings import GameSettings, quiet_window
from .store import Store

MODES = ("mention", "dm", "off")

USER_HELP: dict[str, str] = {
    "notify": "mention (a ping in the game's channel), dm (a direct message with a link), or off",
    "quiet_hours": "your own quiet window, e.g. 23-07, or off",
    "timezone": "your IANA time zone for quiet hours, e.g. America/Chicago",
}
USER_DEFAULTS = {"notify": "mention", "quiet_hours": "off", "timezone": "UTC"}


@dataclass(frozen=True)
class UserPrefs:
    notify: str = "mention"
    quiet_start: int | None = None
    quiet_end: int | None = None
    timezone: str = "UTC"

    @classmethod
    def parse(cls, raw: dict[str, str]) -> UserPrefs:
        values = {**USER_DEFAULTS, **raw}
        start, end = quiet_window(values["quiet_hours"])
        return cls(values["notify"], start, end, values["timezone"])

    def is_quiet(self, now: float) -> bool:
        window = GameSettings(quiet_start=self.quiet_start, quiet_end=self.quiet_end, timezone=self.timezone)
        return window.is_quiet(now)

    def describe(self) -> list[str]:
        quiet = "off" if self.quiet_start is None else f"{self.quiet_start:02d}-{self.quiet_end:02d}"
        return [f"notify: {self.notify}", f"quiet_hours: {quiet} ({self.timezone})"]


def validate_user_setting(key: str, value: str) -> str:
    key = key.strip().lower()
    if key not in USER_DEFAULTS:
        raise SessionError(f"There is no personal setting '{key[:30]}'. Settings: {', '.join(USER_DEFAULTS)}.")
    if key == "notify":
        mode = value.strip().lower()
        if mode not in MODES:
            raise SessionError(f"notify is one of: {', '.join(MODES)}.")
        return mode
    return GameSettings.validate(key, value)


@dataclass
class Delivery:
    """Who hears of a prompt, and how."""

    mention: list[int] = field(default_factory=list)
    """Pinged in the channel."""
    dm: list[int] = field(default_factory=list)
    """Sent a direct message (a mention in the channel if their DMs are closed)."""
    silent: list[int] = field(default_factory=list)
    """Named without a ping (quiet hours, or notifications off)."""


class PrefsCache:
    """Players' notification choices kept in memory, so a reply needs no query per player: until changed
    here when one process owns the store, for a minute when other processes could change them."""

    KEEP_SECONDS = 60.0
    KEEP_PLAYERS = 20_000

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._kept: dict[int, tuple[float, UserPrefs]] = {}

    async def get(self, user_id: int) -> UserPrefs:
        now = self.clock()
        kept = self._kept.get(user_id)
        if kept is not None and (not self.store.shared or now - kept[0] < self.KEEP_SECONDS):
            return kept[1]
        return self.keep(user_id, await self.store.get_user_settings(user_id))

    def keep(self, user_id: int, raw: dict[str, str]) -> UserPrefs:
        """Keep a player's settings just read (with a game they play, say: no query of their own)."""
        prefs = UserPrefs.parse(raw)
        self._kept.pop(user_id, None)
        while len(self._kept) >= self.KEEP_PLAYERS:
            self._kept.pop(next(iter(self._kept)))  # the longest kept
        self._kept[user_id] = (self.clock(), prefs)
        return prefs

    def forget(self, user_id: int) -> None:
        self._kept.pop(user_id, None)


async def plan_delivery(
    prefs_of: Callable[[int], Awaitable[UserPrefs]], users: list[int], now: float, game_quiet: bool = False
) -> Delivery:
    """Sort ``users`` by how they want to be told, honouring their quiet hours and the game's."""
    plan = Delivery()
    for user in users:
        prefs = await prefs_of(user)
        if prefs.notify == "off" or game_quiet or prefs.is_quiet(now):
            plan.silent.append(user)
        elif prefs.notify == "dm":
            plan.dm.append(user)
        else:
            plan.mention.append(user)
    return plan
