"""A game's action log read as history: replaying it (undos included), what undo may take back, verifying.

The log is append-only. A take-back is itself an entry, ``{"type": "undo", "to": V}`` of kind
``undo``: the game goes back to the state it had at version ``V``, and the entries after ``V``
no longer count. Replaying a log therefore keeps the states since the last entry that revealed
something (only those can be gone back to).

Replay is bounded: a :class:`~sessions.record_schema.ReplayBudget` counts its steps (and may carry a
deadline), the states kept for take-backs are at most ``STACK_KEEP`` plus the position the last
take-back went to, and the positions a take-back of a reveal replays from the start are remembered
(``REPLAYS_KEPT`` of them), so a log full of such take-backs costs each position once, not once per
take-back. None of this changes what a replay gives (see :func:`replay`).
"""

from __future__ import annotations

import logging
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from rules.core import BaseState, GameSystem, RngState, RuleError, registry

from .errors import SessionError
from .record_schema import (
    FAILED,
    FIRST_VERSION,
    MAX_SEED,
    NO_SEED,
    RESEED,
    REVEALED_UNKNOWN,
    TOO_MUCH_WORK,
    UNDO,
    UNKNOWN_GAME,
    UNREADABLE_STATE,
    RecordRefused,
    ReplayBudget,
    ReplayTooCostly,
    record_data,
)

__all__ = [
    "FIRST_VERSION",
    "RESEED",
    "REVEALED_UNKNOWN",
    "UNDO",
    "ReplayBudget",
    "ReplayRefused",
    "ReplayTooCostly",
    "TakeBack",
    "VerifyResult",
    "effective",
    "is_undo",
    "last_take_back",
    "replay",
    "reseeded",
    "take_back",
    "verify_export",
]

logger = logging.getLogger(__name__)

STACK_KEEP = 16
"""States kept for take-backs besides the one the last take-back went to; an older one is replayed."""
REPLAYS_KEPT = 32
"""Positions replayed from the start for a take-back of a reveal, kept for the next such take-back."""

Entry = Mapping[str, Any]
"""One logged action as exported: version, seat, action, kind, revealed, events..."""


class ReplayRefused(RuleError):
    """An entry of a log could not be replayed; ``index`` says which."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


@dataclass
class VerifyResult:
    ok: bool
    actions: int
    message: str


def is_undo(entry: Entry) -> bool:
    return entry.get("kind") == UNDO


def replay(
    system: GameSystem, start: BaseState, entries: Sequence[Entry], *, budget: ReplayBudget | None = None
) -> BaseState:
    """The state after ``entries`` from ``start``; undo entries go back to the state they name.

    An undo the table agreed to may go back past a reveal: that position is replayed again from the
    start, and the fresh seed the take-back drew (``reseed``) replaces the old one, as it did in play.
    Raises :class:`ReplayRefused` when an action is refused or an undo names a state that cannot
    be gone back to (a tampered record), and :class:`ReplayTooCostly` when ``budget`` runs out
    (steps, nesting or deadline, checked between applies).

    What is kept is a cache, never a change of meaning: a state kept for a take-back (other than
    the position the last take-back went to, which may carry a fresh seed) is the replay of the
    log up to its version, so one dropped from ``STACK_KEEP`` is replayed again, and a replay of the
    log up to a version is the same whenever it is made, so it is remembered.
    """
    return _Replayer(system, start, entries, budget or ReplayBudget()).run(len(entries), 0)


class _Replayer:
    """One replay of a log: its budget, and the positions already replayed from the start."""

    def __init__(self, system: GameSystem, start: BaseState, entries: Sequence[Entry], budget: ReplayBudget) -> None:
        self.system, self.start, self.entries, self.budget = system, start, entries, budget
        self.versions = [int(e["version"]) for e in entries]
        self.ordered = all(a < b for a, b in zip(self.versions, self.versions[1:], strict=False))
        self.replayed: OrderedDict[int, BaseState] = OrderedDict()

    def run(self, end: int, nesting: int) -> BaseState:
        """The state after ``entries[:end]`` (``nesting``: replays of take-backs this one runs inside)."""
        if self.budget.nesting is not None and nesting > self.budget.nesting:
            raise ReplayTooCostly(TOO_MUCH_WORK)
        entries, system = self.entries, self.system
        stack: list[tuple[int, BaseState]] = [(FIRST_VERSION, self.start)]
        for index in range(end):
            entry = entries[index]
            self.budget.spend(index)
            if is_undo(entry):
                target = int(entry["action"].get("to", -1))
                while stack and stack[-1][0] > target:
                    stack.pop()
                if stack and stack[-1][0] == target:
                    back = stack[-1][1]
                else:
                    back = self.position(index, target, nesting)
                try:
                    back = reseeded(system, back, entry["action"].get(RESEED))
                except RuleError as exc:
                    raise ReplayRefused(index, str(exc)) from None
                stack = [(target, back), (int(entry["version"]), back)]
                continue
            try:
                state, _ = system.apply(stack[-1][1], entry["seat"], entry["action"])
            except RuleError as exc:
                raise ReplayRefused(index, str(exc)) from None
            if entry.get("revealed", REVEALED_UNKNOWN):
                stack.clear()  # nothing before a reveal can be gone back to
            stack.append((int(entry["version"]), state))
            if len(stack) > STACK_KEEP + 1:
                del stack[1]  # replayed again if a take-back names it (stack[0] may carry a fresh seed)
        return stack[-1][1]

    def position(self, index: int, target: int, nesting: int) -> BaseState:
        """The state at version ``target``, replayed from the start, for the undo at ``index``."""
        if not self.ordered:
            earlier = [e for e in self.entries[:index] if int(e["version"]) <= target]
            if target < FIRST_VERSION or (target > FIRST_VERSION and not earlier):
                raise ReplayRefused(index, "it goes back to a position that cannot return")
            if earlier and int(earlier[-1]["version"]) != target:
                raise ReplayRefused(index, "it goes back to a position that cannot return")
            return _Replayer(self.system, self.start, earlier, self.budget).run(len(earlier), nesting + 1)
        count = bisect_right(self.versions, target, 0, index)  # the entries up to version ``target``
        if target < FIRST_VERSION or (target > FIRST_VERSION and not count):
            raise ReplayRefused(index, "it goes back to a position that cannot return")
        if count and self.versions[count - 1] != target:
            raise ReplayRefused(index, "it goes back to a position that cannot return")
        kept = self.replayed.get(count)
        if kept is not None:
            self.replayed.move_to_end(count)
            return kept
        state = self.run(count, nesting + 1)
        self.replayed[count] = state
        if len(self.replayed) > REPLAYS_KEPT:
            self.replayed.popitem(last=False)
        return state


def reseeded(system: GameSystem, state: BaseState, seed: object) -> BaseState:
    """``state`` with its future drawn from ``seed`` (what an agreed take-back of a reveal does), or
    ``state`` itself when there is no fresh seed."""
    if seed is None:
        return state
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise RuleError("A take-back in this record carries a seed that is not a whole number.")
    fresh = system.clone(state)
    fresh.rng = RngState(seed=seed, draws=state.rng.draws)
    return fresh


def effective(entries: Sequence[Entry]) -> list[Entry]:
    """The entries that still count: those not taken back by a later undo (undo entries themselves left out)."""
    kept: list[Entry] = []
    for entry in entries:
        if is_undo(entry):
            target = int(entry["action"].get("to", -1))
            while kept and int(kept[-1]["version"]) > target:
                kept.pop()
        else:
            kept.append(entry)
    return kept


@dataclass(frozen=True)
class TakeBack:
    """What an undo would do: go back to version ``to``, taking back ``entries`` (newest last)."""

    to: int
    entries: list[Entry]

    @property
    def main(self) -> Entry:
        return self.entries[0]


def take_back(entries: Sequence[Entry], seat: int) -> TakeBack:
    """The take-back of ``seat``'s last action, or a SessionError saying why it cannot be taken back.

    Allowed when, from that action on, nothing came to light (no roll, card or token) and only
    steps with nothing to decide (or bot seats' moves) followed it.
    """
    kept = effective(entries)
    tail: list[Entry] = []
    while kept and kept[-1].get("kind") in ("auto", "bot"):
        tail.append(kept.pop())
    if not kept:
        raise SessionError("There is nothing of yours to take back.")
    last = kept.pop()
    if last.get("seat") != seat:
        raise SessionError("Another player has acted since your last move, so it cannot be taken back.")
    if last.get("kind") != "move":
        raise SessionError("Your last turn was played for you when time ran out; only the host can take it back.")
    for entry in [last, *reversed(tail)]:
        revealed = entry.get("revealed", REVEALED_UNKNOWN)
        if revealed:
            raise SessionError(f"That cannot be taken back: {revealed} since.")
    to = int(kept[-1]["version"]) if kept else FIRST_VERSION
    return TakeBack(to=to, entries=[last, *reversed(tail)])


def last_take_back(entries: Sequence[Entry]) -> TakeBack:
    """The take-back of the last action of anyone (with the table's consent, reveals or not)."""
    kept = effective(entries)
    tail: list[Entry] = []
    while kept and kept[-1].get("kind") in ("auto", "bot"):
        tail.append(kept.pop())
    if not kept:
        raise SessionError("Nothing has been played yet.")
    last = kept.pop()
    to = int(kept[-1]["version"]) if kept else FIRST_VERSION
    return TakeBack(to=to, entries=[last, *reversed(tail)])


def verify_export(data: Mapping[str, Any], *, budget: ReplayBudget | None = None) -> VerifyResult:
    """Replay an exported game from its seed and compare with its stored state.

    ``data`` is an export (``GameService.export``) or an upload read by
    :func:`~sessions.record_schema.read_upload`; its fields are checked against the record's types
    first. ``budget`` bounds the replay (none: unbounded, for the server's own records). Never
    raises for what the record holds: every failure is a result with one sentence.
    """
    try:
        system = registry.get(str(data["system"])[:64])
    except (KeyError, TypeError, RuleError):
        return VerifyResult(False, 0, UNKNOWN_GAME)
    try:
        record = record_data(data)
    except RecordRefused as exc:
        return VerifyResult(False, 0, str(exc))
    if record.state is None:
        if record.seed is None:
            return VerifyResult(False, 0, "This record was exported while the game ran: it has no seed to replay yet.")
        return VerifyResult(True, 0, "The game never started, so there is nothing to replay.")
    if record.seed is None:
        return VerifyResult(False, 0, NO_SEED)
    options = dict(record.options or {})
    if record.scenario:
        options.setdefault("scenario", record.scenario)
    try:
        stored = system.loads(msgspec.json.encode(record.state))
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError, TypeError, ValueError, OverflowError):
        return VerifyResult(False, 0, UNREADABLE_STATE)
    try:
        # The state keeps the names seated at the start, even if players changed since.
        start = system.setup(list(stored.seats), options, record.seed)
    except RuleError as exc:
        return VerifyResult(False, 0, f"Setup could not be replayed: {exc}")
    except Exception:
        logger.warning("setup of an uploaded %s record failed", system.id, exc_info=True)
        return VerifyResult(False, 0, "Setup could not be replayed: the record's seats or options are damaged.")
    actions = [entry.plain() for entry in record.actions]
    budget = budget or ReplayBudget()
    try:
        final = replay(system, start, actions, budget=budget)
        same = system.dumps(final) == system.dumps(stored)
    except ReplayRefused as exc:
        return VerifyResult(False, exc.index, f"Action {actions[exc.index]['version']} was refused on replay: {exc}")
    except ReplayTooCostly as exc:
        return VerifyResult(False, budget.at, str(exc))
    except Exception:
        logger.warning("replay of a %s record failed at entry %d", system.id, budget.at, exc_info=True)
        if not actions:
            return VerifyResult(False, 0, FAILED)
        at = min(budget.at, len(actions) - 1)
        return VerifyResult(
            False, at, f"Action {actions[at]['version']} could not be replayed: the record is damaged or was edited."
        )
    if not same:
        return VerifyResult(False, len(actions), "Replaying the log does not give the stored state.")
    return VerifyResult(True, len(actions), f"Replayed {len(actions)} actions: the record is intact.")
