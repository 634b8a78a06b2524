"""A game's own autocomplete: every option with suggestions in the system's command table.

A game declares its commands as a :class:`table.spec.CommandGroup` named after the system; each
option's ``suggest(table, ctx, typed, given)`` answers a keystroke. A game without a command table
yet has nothing to measure here (its /act suggestions are measured all the same).
"""

from __future__ import annotations

from table import spec
from table.commands import Ctx, Table
from table.spec import Option


def game_options(system_id: str) -> list[Option]:
    """The options of ``system_id``'s commands that suggest values (empty without a command table)."""
    groups = [g for g in spec.groups() if g.name == system_id]
    return [o for g in groups for c in g.commands for o in c.options if o.suggest is not None]


async def answer(table: Table, ctx: Ctx, option: Option, typed: str = "") -> int:
    """One keystroke's answer for ``option`` with nothing else typed; how many suggestions came back."""
    assert option.suggest is not None
    try:
        return len(await option.suggest(table, ctx, typed, {}))
    except Exception:  # a suggestion that refuses (not your turn, nothing to pick) still took its time
        return 0
