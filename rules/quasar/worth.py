"""Whether a window is worth opening for a player: could a card's effect there change what happens?

A window (a phase with no base rules, where triggered effects may be used) asks the players in Rank
order. A Shift changes nothing but the values of confronting cards, and those values matter only
through the Target (success or failure) and through effects that single players out by value
("players with the highest value"). So a player is asked about their Shifts only when some use of
theirs, on its own or on top of uses their teammates could still make, would turn a failure into a
success or change who is singled out by value. Spoiling a success is never asked for (our pacing
rule: it only costs the team Morale). An effect that does anything else (a draw, a Glory...) is
always worth asking about.

Everything read here is public: the confronting cards, Glory, Energy, Lessons and hand sizes, the
cards in play and which effects were already used in this window. No hidden card decides whether
anyone is asked.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .content import content
from .effects import Effect
from .layers import Active, in_play_cards, value_of
from .options import shift_targets, usable
from .rank import rank_order
from .state import QuasarState
from .targets import cards_of, confronting, part_met
from .values import Value, highest, lowest, total
from .zones import hand

VALUE_WHO = ("highest_value", "lowest_value")
AFTER_RESOLUTION = ("pre_cleanup",)
SEARCH_LIMIT = 20_000
"""Combinations of uses tried before giving up and asking (asking is always safe)."""


@dataclass(frozen=True)
class Shift:
    """A usable Shift: whose, how far at most, and what it costs."""

    seat: int
    n: int
    cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Stakes:
    """What Shifts could change: the Target's verdict, and the value selectors of effects still to fire
    (as (phase, selector) pairs)."""

    verdict: bool
    selectors: tuple[tuple[str, str], ...]


def pure_shift(effect: Effect) -> bool:
    return bool(effect.shift) and not effect.rules and all(s.do == "shift" for s in effect.steps)


def stakes(state: QuasarState, phase: str) -> Stakes:
    later = phase in AFTER_RESOLUTION
    cards = content().cards
    ids = [state.challenge] if state.challenge else []
    effects = [e for cid in [*ids, *in_play_cards(state)] for e in cards[state.cards[cid].key].effects]
    verdict = not later or any(c in ("target_met", "target_missed") for e in effects for c in e.conditions)
    selectors = tuple(
        dict.fromkeys(
            (e.when, e.who) for e in effects if e.who in VALUE_WHO and not (later and e.when in ("success", "failure"))
        )
    )
    return Stakes(verdict, selectors)


Offsets = tuple[int, ...]


class Search:
    """The outcomes reachable by Shifting the confronting cards, computed from values alone."""

    def __init__(self, state: QuasarState, phase: str) -> None:
        self.state = state
        self.stakes = stakes(state, phase)
        self.cids = confronting(state)
        self.base: dict[str, Value] = {c: value_of(state, c) for c in self.cids}
        self.targets = [c for c in shift_targets(state) if self.base[c] is not None]
        self.order = rank_order(state)
        self.owned = {s: cards_of(state, s) for s in self.order}
        challenge = content().cards[state.cards[state.challenge].key] if state.challenge else None
        self.parts = challenge.target if challenge else ()
        self.budget = {("energy", -1): state.energy}
        for s in range(len(state.seats)):
            self.budget[("glory", s)] = state.glory[s]
            self.budget[("lessons", s)] = state.lessons[s]
            self.budget[("discard", s)] = len(hand(state, s))
        self.tried = 0
        self.seen: dict[Offsets, tuple[object, ...]] = {}
        # The confronting cards' values as a row (in :attr:`cids` order), where each target sits in it, and
        # each player's cards as places in it: an outcome shifts a copy of the row.
        self.row: list[Value] = [self.base[c] for c in self.cids]
        place = {c: i for i, c in enumerate(self.cids)}
        self.slots = [place[c] for c in self.targets]
        self.places = [[place[c] for c in self.owned[s]] for s in self.order]
        self.everyone = all(self.owned.values())

    def outcome(self, offsets: Offsets) -> tuple[object, ...]:
        """(success?, the players each value selector picks) with the confronting cards shifted so."""
        found = self.seen.get(offsets)
        if found is not None:
            return found
        row = list(self.row)
        for slot, d in zip(self.slots, offsets, strict=True):
            row[slot] += d  # type: ignore[operator]  # a target always has a value
        ok = bool(self.parts) and all(part_met(self.state, p, row, self.everyone) for p in self.parts)
        picks: list[object] = []
        if self.stakes.selectors:
            players: list[Value] = []
            for places in self.places:
                mine = [row[i] for i in places]
                players.append(None if all(v is None for v in mine) else total(mine))
            for when, who in self.stakes.selectors:
                if (when == "success" and not ok) or (when == "failure" and ok):
                    picks.append(None)
                    continue
                chosen = highest(players) if who == "highest_value" else lowest(players)
                picks.append(frozenset(self.order[i] for i in chosen))
        result = (ok if self.stakes.verdict else None, *picks)
        self.seen[offsets] = result
        return result

    def changes(self, before: Offsets, after: Offsets) -> bool:
        """Whether shifting from ``before`` to ``after`` changes something the team could want."""
        a, b = self.outcome(before), self.outcome(after)
        spoils = self.stakes.verdict and a[0] is True and b[0] is False  # never asked for
        return a != b and not spoils

    def reach(self, shifts: list[Shift], start: Offsets, spent: dict) -> Iterator[tuple[Offsets, dict]]:
        """Every (offsets, resources spent) reachable from ``start`` with some of ``shifts`` (each once)."""
        visited: set[tuple[int, Offsets, tuple]] = set()

        def walk(i: int, offsets: Offsets, used: dict) -> Iterator[tuple[Offsets, dict]]:
            key = (i, offsets, tuple(sorted(used.items())))
            if key in visited:
                return
            visited.add(key)
            self.tried += 1
            if self.tried > SEARCH_LIMIT:
                raise TooMany
            if i == len(shifts):
                yield offsets, used
                return
            yield from walk(i + 1, offsets, used)
            shift = shifts[i]
            after = dict(used)
            for what, n in shift.cost:
                slot = (what, -1 if what == "energy" else shift.seat)
                after[slot] = after.get(slot, 0) + n
                if after[slot] > self.budget.get(slot, 0):
                    return
            for t, cid in enumerate(self.targets):
                now = self.base[cid]
                assert now is not None
                for amount in (*range(1, shift.n + 1), *range(-1, -shift.n - 1, -1)):
                    if now + offsets[t] + amount < 0:
                        continue
                    moved = (*offsets[:t], offsets[t] + amount, *offsets[t + 1 :])
                    yield from walk(i + 1, moved, after)

        yield from walk(0, start, spent)


class TooMany(Exception):
    """The search went past :data:`SEARCH_LIMIT`."""


def shifts_of(found: list[Active]) -> list[Shift]:
    return [Shift(a.owner if a.owner is not None else -1, a.effect.shift, a.effect.cost) for a in found]


def worth_asking(state: QuasarState, seat: int, phase: str) -> bool:
    """Whether ``seat`` should be asked in the ``phase`` window (see the module's words)."""
    mine = usable(state, seat, phase)
    if not mine:
        return False
    if any(not pure_shift(a.effect) for a in mine):
        return True
    search = Search(state, phase)
    if not search.targets:
        return False
    others: list[Active] = []
    for s in range(len(state.seats)):
        if s != seat:
            others += [a for a in usable(state, s, phase) if a.effect.shift]
    zero: Offsets = (0,) * len(search.targets)
    try:
        for before, spent in search.reach(shifts_of(others), zero, {}):
            for after, _ in search.reach(shifts_of(mine), before, spent):
                if after != before and search.changes(before, after):
                    return True
    except TooMany:
        return True
    return False


__all__ = ["pure_shift", "stakes", "worth_asking"]
