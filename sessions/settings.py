"""Per-game settings: reminders, deadlines, quiet hours, spectators. Stored as text key/value pairs."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rules.core import plain_digits

from .errors import SessionError

MIN_REMIND_HOURS = 1

MAX_DEADLINE_HOURS = 720
"""Longest deadline a table may set (30 days)."""

DEADLINE_ACTIONS = ("remind", "default", "bot")

DEFAULTS: dict[str, str] = {
    "remind_hours": "24",
    "max_reminders": "3",
    "quiet_hours": "off",
    "timezone": "UTC",
    "spectators": "on",
    "autopass": "on",
    "deadline_hours": "off",
    "on_deadline": "remind",
}

HELP: dict[str, str] = {
    "remind_hours": "hours a player may be idle before a reminder (1-168); also the timeout deadline",
    "max_reminders": "reminders per turn before the bot stops pinging (0-10)",
    "quiet_hours": "no pings in this local window, e.g. 22-08, or off",
    "timezone": "IANA time zone for quiet hours, e.g. Europe/Berlin",
    "spectators": "on: anyone may look at a running game (status, log, verify, list); off: players only",
    "autopass": "on: a step with nothing to decide is played at once and narrated; off: every step is asked",
    "deadline_hours": "hours a player may take before on_deadline acts (1-720), or off",
    "on_deadline": "at the deadline: remind (only), default (play the prompt's default) or bot (it plays the seat)",
}


@dataclass(frozen=True)
class GameSettings:
    remind_hours: int = 24
    max_reminders: int = 3
    quiet_start: int | None = None
    quiet_end: int | None = None
    timezone: str = "UTC"
    spectators: bool = True
    autopass: bool = True
    deadline_hours: int | None = None
    on_deadline: str = "remind"

    @property
    def remind_seconds(self) -> float:
        return self.remind_hours * 3600.0

    @property
    def deadline_acts(self) -> bool:
        """Whether a deadline plays for a late player (``default`` or ``bot``), not only reminds."""
        return self.deadline_hours is not None and self.on_deadline in ("default", "bot")

    @classmethod
    def parse(cls, raw: dict[str, str]) -> GameSettings:
        values = {**DEFAULTS, **raw}
        start, end = quiet_window(values["quiet_hours"])
        return cls(
            remind_hours=int(values["remind_hours"]),
            max_reminders=int(values["max_reminders"]),
            quiet_start=start,
            quiet_end=end,
            timezone=values["timezone"],
            spectators=values["spectators"] == "on",
            autopass=values["autopass"] == "on",
            deadline_hours=None if values["deadline_hours"] == "off" else int(values["deadline_hours"]),
            on_deadline=values["on_deadline"],
        )

    @staticmethod
    def validate(key: str, value: str) -> str:
        """Check one setting a host typed and return its stored form."""
        key = str(key).strip().lower()
        value = str(value).strip()
        if key not in DEFAULTS:
            raise SessionError(f"There is no setting '{key[:30]}'. Settings: {', '.join(DEFAULTS)}.")
        if key in ("remind_hours", "max_reminders"):
            low, high = (MIN_REMIND_HOURS, 168) if key == "remind_hours" else (0, 10)
            if not plain_digits(value) or not low <= int(value) <= high:
                raise SessionError(f"{key} must be a whole number from {low} to {high}.")
            return str(int(value))
        if key == "deadline_hours":
            if value.lower() in ("off", "none", "0"):
                return "off"
            if not plain_digits(value) or not 1 <= int(value) <= MAX_DEADLINE_HOURS:
                raise SessionError(f"deadline_hours is a whole number from 1 to {MAX_DEADLINE_HOURS}, or off.")
            return str(int(value))
        if key == "on_deadline":
            if value.lower() not in DEADLINE_ACTIONS:
                raise SessionError(
                    "on_deadline is remind (reminders only), default (play the prompt's default)"
                    " or bot (the bot plays the seat until its player is back)."
                )
            return value.lower()
        if key == "quiet_hours":
            quiet_window(value)
            return value.lower()
        if key == "timezone":
            try:
                ZoneInfo(value)
            except (ZoneInfoNotFoundError, ValueError):
                raise SessionError(f"'{value[:40]}' is not a time zone I know; try e.g. Europe/Paris.") from None
            return value
        if value.lower() not in ("on", "off"):
            raise SessionError(f"{key} is on or off.")
        return value.lower()

    def is_quiet(self, now: float) -> bool:
        """Is ``now`` (a Unix time) inside the quiet window in the game's time zone?"""
        if self.quiet_start is None or self.quiet_end is None:
            return False
        hour = datetime.fromtimestamp(now, ZoneInfo(self.timezone)).hour
        if self.quiet_start <= self.quiet_end:
            return self.quiet_start <= hour < self.quiet_end
        return hour >= self.quiet_start or hour < self.quiet_end

    def describe(self) -> list[str]:
        quiet = "off" if self.quiet_start is None else f"{self.quiet_start:02d}-{self.quiet_end:02d}"
        return [
            f"remind_hours: {self.remind_hours}",
            f"max_reminders: {self.max_reminders}",
            f"quiet_hours: {quiet} ({self.timezone})",
            f"spectators: {'on' if self.spectators else 'off'}",
            f"autopass: {'on' if self.autopass else 'off'}",
            f"deadline_hours: {self.deadline_hours if self.deadline_hours is not None else 'off'}",
            f"on_deadline: {self.on_deadline}",
        ]


def quiet_window(value: str) -> tuple[int | None, int | None]:
    text = value.strip().lower()
    if text in ("off", "none", ""):
        return None, None
    start, sep, end = text.partition("-")
    if (
        not sep
        or not plain_digits(start, 2)
        or not plain_digits(end, 2)
        or not (0 <= int(start) < 24 and 0 <= int(end) < 24)
    ):
        raise SessionError("Quiet hours look like 22-08 (from 22:00 to 08:00), or off.")
    if int(start) == int(end):
        raise SessionError("Quiet hours need a start and an end that differ.")
    return int(start), int(end)
