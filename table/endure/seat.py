"""Who is asking at an Endure table: the game in this channel, the asker's seat and survivor, and
the refusals that say whose turn it is (naming the command that would work)."""

from __future__ import annotations

from rules.core import Action, RuleError
from rules.endure.state import EndureState, Survivor
from rules.endure.world import sname
from sessions.errors import SessionError
from sessions.settings import GameSettings

from ..commands import Ctx, SeatContext, Table

SYSTEM_ID = "endure"


async def context(table: Table, ctx: Ctx) -> SeatContext:
    """This channel's Endure game as the asker sees it (refused at another game's table)."""
    return await table.seat_context(ctx, SYSTEM_ID)


async def viewer_context(table: Table, ctx: Ctx) -> SeatContext:
    """Players and channel managers may always look; others only while the host allows spectators."""
    sc = await context(table, ctx)
    if sc.seat is None and not ctx.actor.is_admin:
        settings = GameSettings.parse(await table.service.store.get_settings(sc.record.id))
        if not settings.spectators:
            raise SessionError("The host keeps this table for its players: spectators are switched off.")
    return sc


def state(sc: SeatContext) -> EndureState:
    return sc.state  # type: ignore[return-value]


def current(st: EndureState) -> int | None:
    """The survivor whose turn it is (None outside the Survivor phase)."""
    if st.phase != "survivors" or st.turn_pos >= len(st.order):
        return None
    return st.order[st.turn_pos]


def acting(sc: SeatContext) -> int:
    """The survivor this user plays right now; a clear refusal when it is not their turn."""
    seat = sc.require_seat()
    st = state(sc)
    if st.phase == "refuge":
        raise RuleError(
            "The crew is at the Refuge: use `/endure refuge visit`, `/endure refuge recruit` or `/endure refuge vote`."
        )
    if st.phase == "over":
        raise RuleError("This game is over.")
    if st.offer is not None:
        taker = st.survivors[st.offer.taker]
        if taker.seat == seat:
            raise RuleError("First answer the trade offer: `/endure answer reply:yes` or `/endure answer reply:no`.")
        raise RuleError(f"Waiting for {st.seats[taker.seat]} to answer the trade offer first.")
    si = current(st)
    if si is None:
        raise RuleError("No survivor is acting right now.")
    s = st.survivors[si]
    if s.seat != seat:
        raise RuleError(f"It is {sname(s)}'s turn, played by {st.seats[s.seat]}.")
    return si


def legal(sc: SeatContext) -> list[Action]:
    return sc.legal()


async def quietly(table: Table, ctx: Ctx) -> tuple[SeatContext | None, list[Action]]:
    """For suggestions: the context and the asker's legal actions, or nothing (never a refusal)."""
    try:
        sc = await context(table, ctx)
    except (RuleError, SessionError):
        return None, []
    return sc, legal(sc)


def me(sc: SeatContext) -> Survivor | None:
    """The asker's survivor when it is acting now."""
    st = state(sc)
    si = current(st)
    if si is None or st.survivors[si].seat != sc.seat:
        return None
    return st.survivors[si]
