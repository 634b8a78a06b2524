"""Who is asking at a Grimdark table: the game in this channel, the asker's seat, and the legal commands."""

from __future__ import annotations

from rules.core import Action, RuleError
from rules.grimdark.state import GrimState
from sessions.errors import SessionError
from sessions.settings import GameSettings

from ..commands import Ctx, SeatContext, Table

SYSTEM_ID = "grimdark"


async def context(table: Table, ctx: Ctx) -> SeatContext:
    """This channel's Grimdark game as the asker sees it (refused at another game's table)."""
    return await table.seat_context(ctx, SYSTEM_ID)


async def viewer_context(table: Table, ctx: Ctx) -> SeatContext:
    """Players and channel managers may always look; others only while the host allows spectators."""
    sc = await context(table, ctx)
    if sc.seat is None and not ctx.actor.is_admin:
        settings = GameSettings.parse(await table.service.store.get_settings(sc.record.id))
        if not settings.spectators:
            raise SessionError("The host keeps this table for its players: spectators are switched off.")
    return sc


def state(sc: SeatContext) -> GrimState:
    return sc.state  # type: ignore[return-value]


def legal(sc: SeatContext) -> list[Action]:
    return sc.legal()


async def quietly(table: Table, ctx: Ctx) -> tuple[SeatContext | None, list[Action]]:
    """For suggestions: never refuse, just suggest nothing."""
    try:
        sc = await context(table, ctx)
    except (RuleError, SessionError):
        return None, []
    return sc, legal(sc)
