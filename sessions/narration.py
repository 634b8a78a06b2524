"""How the table hears of an action: played and narrated, without storing anything (pure).

A choice made in private (a secret pick, or one among things only the seat can see) is told as one
marker line that reads the same whatever was chosen; everything else is told in the game's words.
"""

from __future__ import annotations

from typing import Any

import msgspec

from rules.core import BATCH, Action, BaseState, Event, GameSystem, Played, RuleError

from .positions import Memo, public_moves
from .session_types import PRIVATE_CHOICE, Update
from .store import GameRecord


def is_secret(system: GameSystem, action: Action) -> bool:
    """Whether ``action`` was chosen in secret (its text stays hidden while the game runs)."""
    return action.get("type") in system.secret_actions


def plain_action(action: Action) -> dict[str, Any]:
    """Actions go into the log as JSON; reject what cannot round-trip."""
    try:
        return msgspec.json.decode(msgspec.json.encode(action))
    except (TypeError, msgspec.EncodeError):
        raise RuleError("That action contains something I cannot record.") from None


def play_and_tell(
    system: GameSystem,
    record: GameRecord,
    state: BaseState,
    seat: int | None,
    action: Action,
    kind: str = "move",
    memo: Memo | None = None,
) -> tuple[Played, Update]:
    """Play ``action`` and say it as the table hears it (pure: nothing is stored).

    The narration starts with a line standing for the action when it was chosen in private; the
    update carries the action's notation and words only when the table may hear them. ``memo``: what
    was worked out for ``state`` already (see :mod:`sessions.positions`).
    """
    told = told_as(system, state, seat, action, memo)
    played = system.play(state, seat, action)
    events = list(played.events)
    if told is None and seat is not None:
        events.insert(0, _private_marker(system, record, seat, action, kind))
    finished = system.outcome(played.state) is not None
    update = Update(
        game=record,
        state=played.state,
        events=events,
        prompts=[] if finished else system.pending(played.state),
        action_text=None if told is None else system.format(action),
        action_words=None if told is None else _in_words(system, state, action),
        finished=finished,
    )
    return played, update


def _private_marker(system: GameSystem, record: GameRecord, seat: int, action: Action, kind: str) -> Event:
    """The one public line for an action the table may not hear: the same whatever was chosen."""
    name = record.seats[seat].name if seat < len(record.seats) else f"seat {seat + 1}"
    how = {"bot": " (bot)", "auto": " (the only choice)", "timeout": " (time ran out)"}.get(kind, "")
    what = "made a secret choice" if is_secret(system, action) else "chose in private"
    return Event(text=f"{name} {what}{how}.", kind=PRIVATE_CHOICE, seat=seat)


def told_as(
    system: GameSystem, before: BaseState, seat: int | None, action: Action, memo: Memo | None = None
) -> str | None:
    """How the table hears of ``action``: its plain words, or None when it was chosen in private.

    A secret pick is never told; neither is a choice among things only the seat can see (cards of
    its hand, say), judged on the position before it: the public reply then says only that the seat
    chose in private, and the events narrate what became public.
    """
    if is_secret(system, action):
        return None
    if seat is not None and action.get("type") not in system.free_actions:
        try:
            private = public_moves(system, before, seat, memo) is None
        except RuleError:
            private = True
        if private:
            return None
    try:
        return system.action_label(before, action)
    except (RuleError, KeyError, IndexError, ValueError, TypeError):
        return system.format(action)


def _in_words(system: GameSystem, before: BaseState, action: Action) -> str | None:
    """What the player did in plain words ("Travel to Kagawa"), judged on the position before it;
    None for a line of several commands or when the game has no better words than its notation."""
    if action.get("type") == BATCH:
        return None
    try:
        words = system.action_label(before, action)
    except (RuleError, KeyError, IndexError, ValueError, TypeError):
        return None
    return None if not words or words == system.format(action) else words
