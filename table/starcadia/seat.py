"""Who is asking at a Starcadia table: the game in this channel, the asker's seat, the phase and whose
turn it is, with refusals that name the command that would work."""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Action, RuleError
from rules.starcadia import SYSTEM
from rules.starcadia import engine as E
from rules.starcadia.state import StarState
from sessions.errors import SessionError

from ..commands import Ctx, SeatContext, Table
from .names import hero_list, own_hero

SYSTEM_ID = "starcadia"

PHASE_NOW = {
    "draft": "heroes are being picked (`/starcadia pick`)",
    "shuttle": "shuttle slots are being claimed (`/starcadia claim`)",
    "play": "the scenario is being played",
    "updraft": "upgrade tokens are being drafted (`/starcadia keep`)",
    "upgrade": "the upgrade phase is on (`/starcadia take`)",
    "outfit": "crews are outfitting their heroes (`/starcadia outfit`)",
    "route": "the winner is choosing the next scenario (`/starcadia route`)",
    "over": "the game is over",
}


async def context(table: Table, ctx: Ctx) -> SeatContext:
    """This channel's Starcadia game as the asker sees it (refused at another game's table)."""
    return await table.seat_context(ctx, SYSTEM_ID)


async def quietly(table: Table, ctx: Ctx) -> SeatContext | None:
    """For suggestions: the context, or None (never a refusal)."""
    try:
        return await context(table, ctx)
    except (RuleError, SessionError):
        return None


def state(sc: SeatContext) -> StarState:
    return sc.state  # type: ignore[return-value]


def legal(sc: SeatContext, kind: str | None = None) -> list[Action]:
    """The asker's legal actions (of one type when ``kind`` is given); none for a spectator."""
    if sc.seat is None:
        return []
    return [a for a in sc.legal() if kind is None or a.get("type") == kind]


def crew_ids(st: StarState, seat: int | None) -> list[str]:
    return [] if seat is None else list(st.crews[seat].heroes)


def my_turn(table: Table, sc: SeatContext) -> None:
    """Refuse early (before reading names) when nothing waits for this player."""
    seat = sc.require_seat()
    prompts = SYSTEM.pending(state(sc))
    if seat not in {p.seat for p in prompts}:
        raise SessionError(f"It is not your turn. {table.service.waiting_text(sc.record, prompts)}")


def require_phase(st: StarState, phases: tuple[str, ...], what: str) -> None:
    """Refuse a command made for another phase, saying what the game is doing and which command fits."""
    if st.phase not in phases:
        raise RuleError(f"You cannot {what} now: {PHASE_NOW.get(st.phase, st.phase)}.")


def acting_hero(sc: SeatContext, ref: str | None, kind: str, extra: Callable[[Action], bool] | None = None) -> str:
    """The hero a play command is about: the one named, the active one, or the only one who can."""
    st, seat = state(sc), sc.require_seat()
    if ref and ref.strip():
        return own_hero(st, seat, ref)
    if st.act.hero and st.act.hero in crew_ids(st, seat):
        return st.act.hero
    able = sorted({a["hero"] for a in legal(sc, kind) if "hero" in a and (extra is None or extra(a))})
    if len(able) == 1:
        return able[0]
    alive = [h for h in crew_ids(st, seat) if not E.find_hero(st, h).dead]
    if len(alive) == 1 and not able:
        return alive[0]
    raise RuleError(f"Say which hero (hero:<name>): {hero_list(able or alive)}.")
