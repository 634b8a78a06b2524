"""Shared check for the game command tables: every legal action is played by its game command.

For a state and seat, every legal action must (1) survive the engine notation
(``format`` -> ``parse`` gives it back) and (2) be produced by exactly the game command that
``Command.produces`` names: running that command's handler with those option texts, on a table
holding the state, plays exactly that action.
"""

from __future__ import annotations

from typing import Any

from rules.core import BaseState, GameSystem
from sessions.service import Actor
from table import Ctx, Reply, SeatContext
from table.console import convert_options
from table.spec import CommandGroup

ACTOR = Actor(1, "tester")


class CapturingTable:
    """Just enough of Table for a game's handlers: one state in memory; act() records instead of playing."""

    def __init__(self, system: GameSystem, state: BaseState, seat: int) -> None:
        self.system = system
        self.state = state
        self.seat = seat
        self.played: list[dict[str, Any]] = []

    async def seat_context(self, ctx: Ctx, system_id: str | None = None) -> SeatContext:
        return SeatContext(record=None, state=self.state, system=self.system, seat=self.seat)  # type: ignore[arg-type]

    async def act(self, ctx: Ctx, action: dict[str, Any] | str) -> Reply:
        if isinstance(action, str):
            action = self.system.parse(action, self.state, self.seat)
        self.played.append(action)
        return Reply(lines=["captured"])


async def check_commands_play_legal_actions(
    system: GameSystem,
    group: CommandGroup,
    state: BaseState,
    seat: int,
    *,
    limit: int = 60,
) -> int:
    """Assert both round trips for up to ``limit`` legal actions of ``seat``; returns how many were checked."""
    checked = 0
    for action in system.legal(state, seat)[:limit]:
        back = system.parse(system.format(action), state, seat)
        assert back == action, system.format(action)
        found = [(c, c.produces(state, seat, action)) for c in group.commands if c.produces is not None]
        found = [(c, options) for c, options in found if options is not None]
        assert len(found) == 1, f"{len(found)} /{group.name} commands play {system.format(action)}, not one"
        command, options = found[0]
        table = CapturingTable(system, state, seat)
        values = convert_options(group, command, options)
        await command.handler(table, Ctx(actor=ACTOR, channel_id=1, guild_id=1), **values)
        assert table.played == [action], f"/{group.path(command)} {options} played {table.played}, not {action}"
        checked += 1
    return checked
