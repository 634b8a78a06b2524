"""Players' records across games: what the store keeps when a game ends, and what it reads back.

Nothing here is a counter kept on the side: every figure is a query over the games, seats and
action log as they were stored (SQLite and PostgreSQL alike), so the stats can never drift from
what happened. A game's result and each seat's win are written in the same transaction as the
action that ended it; each logged action carries the seconds since the game's previous action
(its ``wait``), which is how long the player took when the action is their own move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import Outcome


@dataclass(frozen=True)
class Final:
    """How a game ended, as stored with its last action: the result and which seats won.

    A co-operative win counts for every seat, a co-operative loss against every seat; a draw
    marks no seat either way.
    """

    result: str
    won: dict[int, bool] = field(default_factory=dict)


def final_of(outcome: Outcome, seats: int) -> Final:
    """The stored form of ``outcome`` for a game of ``seats`` seats."""
    if outcome.result == "win":
        winners = set(outcome.winners) if outcome.winners else set(range(seats))
        return Final("win", {seat: seat in winners for seat in range(seats)})
    if outcome.result == "loss":
        return Final("loss", dict.fromkeys(range(seats), False))
    return Final(outcome.result)


@dataclass(frozen=True)
class PlayerStats:
    """One player's record in one game system."""

    system: str
    played: int
    finished: int
    won: int
    lost: int
    median_wait: float | None = None
    """Median seconds the player took to make a move (None: no move timed yet)."""


@dataclass(frozen=True)
class Standing:
    """One row of a server's table for one game system."""

    user_id: int
    name: str
    finished: int
    won: int


def merge(counts: list[PlayerStats], medians: dict[str, float]) -> list[PlayerStats]:
    """Counts per system with the median time to act filled in."""
    return [PlayerStats(c.system, c.played, c.finished, c.won, c.lost, medians.get(c.system)) for c in counts]


def duration(seconds: float | None) -> str:
    """A wait in words: 40 s, 12 min, 3.5 h, 2.1 days."""
    if seconds is None:
        return "no move yet"
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"
