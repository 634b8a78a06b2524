"""Errors the session layer raises for users. They subclass RuleError so every
front end (Discord, console) shows them the same way: as a plain sentence."""

from rules.core import RuleError


class SessionError(RuleError):
    """A request the platform refuses (no game here, not your seat, not the host...)."""


class StaleVersion(SessionError):
    """The game moved on since the button or command was prepared."""

    def __init__(
        self,
        message: str = "That button is out of date: the game has moved on. Use /game status for the current board.",
    ) -> None:
        super().__init__(message)
