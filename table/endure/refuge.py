"""The Refuge between campaign missions: ``/endure refuge visit``, ``recruit`` and ``vote``."""

from __future__ import annotations

from rules.core import Action, RuleError
from rules.endure import content
from rules.endure.refuge import unused_keys
from rules.endure.words import card_names, item_name

from ..commands import Ctx, SeatContext, Table
from ..replies import Reply
from .names import find_card, find_item, find_items, find_place, find_route, find_survivor, mine, norm, pick
from .play import carried_keys
from .seat import context, state


def at_refuge(sc: SeatContext) -> int:
    seat = sc.require_seat()
    if state(sc).phase != "refuge":
        raise RuleError("The crew is not at the Refuge; that comes between campaign missions.")
    return seat


async def visit(
    table: Table,
    ctx: Ctx,
    survivor: str,
    place: str,
    pick: str | None = None,
    take: str | None = None,
    give: str | None = None,
) -> Reply:
    """Send one of your survivors to a place: ``pick`` at the Quarters, ``take``/``give`` at the Trading Post."""
    sc = await context(table, ctx)
    seat = at_refuge(sc)
    st = state(sc)
    own = [i for i, s in enumerate(st.survivors) if s.seat == seat and s.alive]
    i = mine(st, find_survivor(st, survivor, hint=own, where=" of yours"), seat)
    where = find_place(place)
    action: Action = {"type": "visit", "survivor": i, "place": where}
    if where == "quarters":
        choice = norm(pick or "")
        if choice not in ("health", "resolve"):
            raise RuleError("At the Quarters pick health (+1 Health) or resolve (+2 Resolve): `pick:health`.")
        action["pick"] = choice
    if where == "trading-post":
        if not take:
            stock = ", ".join(item_name(k) for k in st.trading_post) or "nothing"
            raise RuleError(f"Say which card to take from the Trading Post (`take:`): {stock}.")
        action["take"] = find_item(st.trading_post, take, owner="The Trading Post")
        gives = find_items(
            carried_keys(st.survivors[i], worn=False), give, content().survivors[st.survivors[i].key].name
        )
        if len(gives) != 2:
            raise RuleError("Give exactly 2 of your items for the card, e.g. `give:pistol swarmer-leg`.")
        action["give"] = gives
    return await table.act(ctx, action)


async def recruit(table: Table, ctx: Ctx, fallen: str, survivor: str) -> Reply:
    """Replace one of your fallen survivors with a survivor nobody has played yet."""
    sc = await context(table, ctx)
    seat = at_refuge(sc)
    st = state(sc)
    dead = [i for i, s in enumerate(st.survivors) if s.seat == seat and not s.alive]
    i = mine(st, find_survivor(st, fallen, hint=dead, where=" of yours who fell"), seat)
    fresh = unused_keys(st)
    used = [k for k in content().survivors if k not in fresh]
    gone = pick(survivor, {k: card_names(k) for k in used})
    if gone and not pick(survivor, {k: card_names(k) for k in fresh}):
        name = content().survivors[gone[0]].name
        raise RuleError(f"{name} has already been played in this campaign; pick someone new.")
    key = find_card(survivor, fresh)
    return await table.act(ctx, {"type": "recruit", "replace": i, "survivor": key})


async def vote(table: Table, ctx: Ctx, choice: str, route: str | None = None) -> Reply:
    """Stay another round at the Refuge or leave (``route``: which mission, where the campaign branches)."""
    sc = await context(table, ctx)
    at_refuge(sc)
    word = norm(choice)
    if word not in ("stay", "leave"):
        raise RuleError("Vote `choice:stay` (another round at the Refuge) or `choice:leave` (on to the next mission).")
    action: Action = {"type": "vote", "choice": word}
    if route:
        action["route"] = find_route(state(sc), route)
    return await table.act(ctx, action)
