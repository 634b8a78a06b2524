"""A game's action log read as history: replaying it (undos included), what undo may take back, verifying.

The log is append-only. A take-back is itself an entry, ``{"type": "undo", "to": V}`` of kind
``undo``: the game goes back to the state it had at version ``V``, and the entries after ``V``
no longer count. Replaying a log therefore keeps the states since the last entry that revealed
something (only those can be gone back to).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from rules.core import BaseState, GameSystem, RngState, RuleError, registry

from .errors import SessionError

UNDO = "undo"
RESEED = "reseed"
"""Key of an undo entry's action holding the fresh seed drawn when the table took back a reveal."""
FIRST_VERSION = 1
"""The version of a game's starting position (its first action is version 2)."""

REVEALED_UNKNOWN = "recorded before reveals were kept"

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


def replay(system: GameSystem, start: BaseState, entries: Sequence[Entry]) -> BaseState:
    """The state after ``entries`` from ``start``; undo entries go back to the state they name.

    An undo the table agreed to may go back past a reveal: that position is replayed again from the
    start, and the fresh seed the take-back drew (``reseed``) replaces the old one, as it did in play.
    Raises :class:`ReplayRefused` when an action is refused or an undo names a state that cannot
    be gone back to (a tampered record).
    """
    stack: list[tuple[int, BaseState]] = [(FIRST_VERSION, start)]
    for index, entry in enumerate(entries):
        if is_undo(entry):
            target = int(entry["action"].get("to", -1))
            while stack and stack[-1][0] > target:
                stack.pop()
            if stack and stack[-1][0] == target:
                back = stack[-1][1]
            else:
                earlier = [e for e in entries[:index] if int(e["version"]) <= target]
                if target < FIRST_VERSION or (target > FIRST_VERSION and not earlier):
                    raise ReplayRefused(index, "it goes back to a position that cannot return")
                if earlier and int(earlier[-1]["version"]) != target:
                    raise ReplayRefused(index, "it goes back to a position that cannot return")
                back = replay(system, start, earlier)
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
    return stack[-1][1]


def reseeded(system: GameSystem, state: BaseState, seed: object) -> BaseState:
    """``state`` with its future drawn from ``seed`` (what an agreed take-back of a reveal does), or
    ``state`` itself when there is no fresh seed."""
    if seed is None:
        return state
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
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


def verify_export(data: Mapping[str, Any]) -> VerifyResult:
    """Replay an exported game from its seed and compare with its stored state."""
    try:
        system = registry.get(str(data["system"]))
    except (KeyError, RuleError):
        return VerifyResult(False, 0, "That is not a Starhost record (no known game in it).")
    if data.get("state") is None:
        if data.get("seed") is None:
            return VerifyResult(False, 0, "This record was exported while the game ran: it has no seed to replay yet.")
        return VerifyResult(True, 0, "The game never started, so there is nothing to replay.")
    options = dict(data.get("options") or {})
    if data.get("scenario"):
        options.setdefault("scenario", data["scenario"])
    try:
        stored = system.loads(msgspec.json.encode(data["state"]))
        # The state keeps the names seated at the start, even if players changed since.
        start = system.setup(list(stored.seats), options, data["seed"])
    except (RuleError, msgspec.DecodeError, msgspec.ValidationError, TypeError) as exc:
        return VerifyResult(False, 0, f"Setup could not be replayed: {exc}")
    actions = list(data.get("actions") or [])
    try:
        final = replay(system, start, actions)
    except ReplayRefused as exc:
        return VerifyResult(False, exc.index, f"Action {actions[exc.index]['version']} was refused on replay: {exc}")
    if system.dumps(final) != system.dumps(stored):
        return VerifyResult(False, len(actions), "Replaying the log does not give the stored state.")
    return VerifyResult(True, len(actions), f"Replayed {len(actions)} actions: the record is intact.")
