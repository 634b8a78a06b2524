"""Suggestions for the Refuge commands, the dashboard and a whole turn typed at once (``/endure turn``)."""

from __future__ import annotations

from typing import Any

from rules.core import Action, RuleError
from rules.endure import content
from rules.endure.state import EndureState
from rules.endure.words import item_name
from rules.endure.world import sname
from sessions.errors import SessionError

from ..commands import Ctx, SeatContext, Table
from ..spec import Pairs
from .names import find_survivor
from .play import carried_keys
from .seat import context, quietly, state
from .suggestions import Given, fit, several
from .texts import survivor_label


async def complete_survivor(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    """Any survivor of the game (dashboards)."""
    try:
        sc = await context(table, ctx)
    except SessionError:
        return []
    st = state(sc)
    return fit(((survivor_label(st, s.key), s.key) for s in st.survivors), typed)


CHANCE = ("a die was rolled", "a random draw was made")
"""What a step on one's own view may bring about and still be foreseen: the view's dice are not the game's."""


def foreseen(sc: SeatContext, steps: list[Action]) -> EndureState | None:
    """Where ``steps`` would leave the asker, played on their own view (its dice are not the game's, so no
    real roll leaks); None once a card or a contact would be turned over: what follows cannot be foreseen."""
    st: Any = sc.my_view()
    try:
        for step in steps:
            played = sc.system.play(st, sc.seat, step)
            if any(what not in CHANCE for what in played.revealed):
                return None
            st = played.state
    except Exception:  # a view lacks the hidden cards a rule may read: then nothing is foreseen
        return None
    return st


async def complete_turn(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    """The next command of a ``;``-joined batch, from where the earlier ones would leave you."""
    sc, _ = await quietly(table, ctx)
    if sc is None or sc.seat is None:
        return []
    head, sep, tail = (typed or "").rpartition(";")
    done = [c.strip() for c in head.split(";") if c.strip()] if sep else []
    position: Any = sc.state
    prefix = ""
    if done:
        try:
            steps = [sc.system.parse(c, sc.state, sc.seat) for c in done]
        except RuleError:
            return []
        if any(step.get("type") == "search" for step in steps):
            return []  # a search ends a line: the card it draws always stops it
        position = foreseen(sc, steps)
        if position is None:
            return []  # something would turn over on the way, and that stops the line: nothing to add
        prefix = "; ".join(done) + "; "
    try:
        names = [sc.system.format(a) for a in sc.system.legal(position, sc.seat)]
    except Exception:  # a foreseen position the engine cannot read further: suggest nothing
        return []
    partial = tail.strip().lower()
    return fit(((prefix + n, prefix + n) for n in names if partial in n.lower()), "")


async def complete_refuge_survivor(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    idx = sorted({a["survivor"] for a in legal if a["type"] == "visit"})
    return fit(((survivor_label(st, st.survivors[i].key), str(i)) for i in idx), typed)


async def complete_place(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    places = content().texts["place"]
    offered = [p for p in places if any(a["type"] == "visit" and a["place"] == p for a in legal)]
    return fit(((places[p], p) for p in offered), typed)


async def complete_pick(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    return fit([("+1 Health", "health"), ("+2 Resolve", "resolve")], typed)


async def complete_stock(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    return fit(((item_name(k), k) for k in sorted(set(state(sc).trading_post))), typed)


async def complete_refuge_give(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    try:
        i = find_survivor(st, given.get("survivor") or "")
    except RuleError:
        return []
    if st.survivors[i].seat != sc.seat:
        return []
    return several(typed, [(item_name(k), k) for k in sorted(set(carried_keys(st.survivors[i], worn=False)))])


async def complete_fallen(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    idx = sorted({a["replace"] for a in legal if a["type"] == "recruit"})
    return fit(((f"{sname(st.survivors[i])} (fallen)", str(i)) for i in idx), typed)


async def complete_recruit(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    c = content()
    keys = sorted({a["survivor"] for a in legal if a["type"] == "recruit"})
    return fit(
        ((f"{c.survivors[k].name} ({c.survivors[k].klass}, Health {c.survivors[k].health})", k) for k in keys), typed
    )


async def complete_vote(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    words = {"leave": "leave for the next mission", "stay": "stay another round (Refuge track -1)"}
    choices = sorted({a["choice"] for a in legal if a["type"] == "vote"})
    return fit(((words.get(c, c), c) for c in choices), typed)


async def complete_route(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    missions = content().missions
    routes = sorted({a["route"] for a in legal if a["type"] == "vote" and a.get("route")})
    return fit(((f"{r} {missions[r].name}" if r in missions else r, r) for r in routes), typed)
