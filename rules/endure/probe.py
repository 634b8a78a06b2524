"""Endure the Stars: trying an action only as far as its checks go.

``legal()`` keeps a trade, an interaction or a kept find only if the rules would take it. Playing it
through would roll dice and turn cards over, which a seat's own view cannot do (its decks and
unrevealed cards are blank) and which can never decide legality anyway. A probe turn stops the
action at the first roll or reveal: by then every check has passed.
"""

from __future__ import annotations

from rules.core import BaseState, Rng, Turn


class Foreseen(Exception):
    """The probed action reached a roll or a reveal: it passed its checks."""


class _NoChance(Rng):
    def next64(self) -> int:
        raise Foreseen


class ProbeTurn(Turn):
    """A :class:`Turn` that stops the action at its first die, shuffle, random pick or reveal."""

    def __init__(self, state: BaseState, seat: int | None) -> None:
        super().__init__(state, seat)
        self.rng = _NoChance(state.rng, self.events)

    def reveal(self, what: str) -> None:
        raise Foreseen
