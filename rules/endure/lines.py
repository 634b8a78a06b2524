"""Endure the Stars: the shape of a ``/endure turn`` line (several commands joined with ``;``).

What can be told from the line alone, before anything is played: its length, that each part is one
command, and that nothing follows a ``search`` (the card a search draws always halts a line, see
:mod:`.alarms`, so a command after it could never be played). And the one step a line skips instead of
refusing: a ``keep`` or ``leave`` when no find waits for an answer changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rules.core import RuleError
from rules.core.game import BATCH

from .state import EndureState

NOTHING_TO_ANSWER = frozenset({"keep", "leave"})
"""Commands that only answer a find waiting for a slot."""


class _Lined(Protocol):
    max_batch: int

    def format(self, action: Mapping[str, Any]) -> str: ...


def check_line(system: _Lined, steps: object) -> None:
    """Refuse a line that is malformed, too long, or has commands after a ``search``."""
    if not isinstance(steps, list) or not steps:
        raise RuleError("A compound command needs a list of commands.")
    if len(steps) > system.max_batch:
        raise RuleError(f"At most {system.max_batch} commands at once.")
    for step in steps:
        if not isinstance(step, Mapping) or not isinstance(step.get("type"), str) or step["type"] == BATCH:
            raise RuleError("Each part of a compound command must be a single command.")
    kinds = [step["type"] for step in steps]
    if "search" in kinds[:-1]:
        after = kinds.index("search") + 1
        if "search" in kinds[after:]:
            raise RuleError(
                "Only one `search` fits in a line, as its last command: the card a search turns up always "
                "stops the line, so a second `search` would never be played. Nothing was played."
            )
        raise RuleError(
            f"Put `search` last in a line: the card it turns up always stops the line, so "
            f"`{system.format(dict(steps[after]))}` after it would never be played. Nothing was played."
        )


def nothing_waits(st: EndureState, current: int | None, step: Mapping[str, Any]) -> bool:
    """Whether ``step`` is a ``keep``/``leave`` with no find waiting: it could change nothing."""
    if step.get("type") not in NOTHING_TO_ANSWER or st.phase != "survivors" or current is None:
        return False
    return st.offer is None and not st.survivors[current].found


def skipped(command: str) -> str:
    return f"Skipped `{command}`: no find is waiting for an answer (it is already in the pack, or left)."
