"""The sieve's answers carried from one board of the suggestion's search to the next (:class:`Carry`).

After each die the search places, it lists the next board's placements and asks the sieve
(``greedy.sieve``) again about every kind of die on every station, though most stations are as they
were. An answer is carried to the next board when nothing it read can have changed there: the
station is equal field by field (module, Offline, dice and uses this round, what it holds), its
module takes one symbol and holds nothing (so the other rolled dice are never read: a die either
fires it or is not used), and the captain's heroes (Kilroy's Indivisible rule) and the fight's
Shadow Strike are the same. What else ``checks._place`` reads is the die's kind (the answers are
kept per kind) and the station's number.
"""

from __future__ import annotations

from .helpers import module_at, station_numbers, station_of
from .state import State, Station

Known = dict[tuple[object, object], int]
"""The sieve's answers: (kind of die, station) -> REFUSED, WAITS or PLAYS."""


class Carry:
    """What one board's sieve answered, for the next board of the same search and seat."""

    def __init__(self) -> None:
        self.stations: dict[int, Station] = {}
        self.heroes: list[str] = []
        self.shadow: list[int] = []
        self.known: Known = {}

    def inherited(self, board: State, seat: int) -> Known:
        """The answers that still hold on ``board`` (a fresh dict, for its sieve to add to)."""
        if not self.known:
            return {}
        c = board.combat
        player = board.players[seat]
        if c is None or player.heroes != self.heroes or c.shadow != self.shadow:
            return {}
        same = set()
        for number in station_numbers(player):
            station = station_of(player, number)
            module = module_at(player, number)
            if module is None or station.held or len(module.req) > 1:
                continue
            if self.stations.get(number) == station:
                same.add(number)
        return {key: found for key, found in self.known.items() if key[1] in same}

    def keep(self, board: State, seat: int, known: Known) -> None:
        """Remember ``board``'s answers (``known``, filled by its sieve) for the next board."""
        c = board.combat
        player = board.players[seat]
        self.stations = {number: station_of(player, number) for number in station_numbers(player)}
        self.heroes = list(player.heroes)
        self.shadow = list(c.shadow) if c is not None else []
        self.known = known
