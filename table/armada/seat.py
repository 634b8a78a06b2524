"""Who is asking at an Armada table: the game in this channel, its state and the asker's seat."""

from __future__ import annotations

from rules.armada.state import State
from rules.core import Action, normalise

from ..commands import Ctx, SeatContext, Table

SYSTEM_ID = "armada"


async def context(table: Table, ctx: Ctx) -> SeatContext:
    """This channel's Armada game as the asker sees it (refused at another game's table)."""
    return await table.seat_context(ctx, SYSTEM_ID)


async def seated(table: Table, ctx: Ctx) -> tuple[SeatContext, State, int]:
    """The game, its state and the asker's seat (refused for someone without a ship here)."""
    sc = await context(table, ctx)
    seat = sc.require_seat()
    return sc, sc.state, seat  # type: ignore[return-value]


async def viewer(table: Table, ctx: Ctx) -> tuple[SeatContext, State]:
    """The game as the asker may see it: players always, others while the host allows spectators."""
    sc = await context(table, ctx)
    check = getattr(table, "require_viewer", None)
    if sc.seat is None and check is not None:
        await check(ctx, sc.record)
    return sc, sc.my_view()  # type: ignore[return-value]


def legal(sc: SeatContext, seat: int) -> list[Action]:
    return sc.legal(seat)


def of_type(actions: list[Action], *kinds: str) -> list[Action]:
    return [a for a in actions if a.get("type") in kinds]


def by_notation(sc: SeatContext, actions: list[Action], text: str) -> Action | None:
    """The listed action written exactly as ``text`` in the /act notation (any case), if there is one."""
    wanted = normalise(text)
    return next((a for a in actions if normalise(sc.system.format(a)) == wanted), None)
