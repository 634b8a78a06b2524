"""Between scenarios: the episodic draft (keep), the upgrade phase (take), outfitting and the campaign route."""

from __future__ import annotations

import re

from rules.core import RuleError
from rules.starcadia.campaign import owned
from rules.starcadia.content import CONTENT
from rules.starcadia.state import StarState

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_scenario, own_hero, token_ref, upgrade_names
from .seat import context, crew_ids, my_turn, require_phase, state

NOTHING = ("none", "-")


async def keep(table: Table, ctx: Ctx, tokens: str) -> Reply:
    """Episodic draft: keep 2 tokens from your hand; the rest passes left."""
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    require_phase(st, ("updraft",), "keep drafted tokens")
    my_turn(table, sc)
    hand = st.crews[seat].hand
    ids = [token_ref(t, hand, "in your hand") for t in upgrade_names(tokens) if t.lower() not in NOTHING]
    return await table.act(ctx, {"type": "keep", "tokens": ids})


async def take(table: Table, ctx: Ctx, token: str) -> Reply:
    """Upgrade phase: take one token from those on offer."""
    sc = await context(table, ctx)
    st = state(sc)
    sc.require_seat()
    require_phase(st, ("upgrade",), "take an upgrade")
    my_turn(table, sc)
    return await table.act(ctx, {"type": "take", "token": token_ref(token, st.pool, "on offer")})


def parse_loadout(st: StarState, seat: int, text: str) -> dict[str, list[str]]:
    """``zip: pulse-blade, iron-fists; digits: repeater-pistol`` (or ``zip:S01,S04 digits:S02``) as ids."""
    have = owned(st, seat)
    load: dict[str, list[str]] = {}
    chunks = [c for c in re.split(r";|\|", text) if c.strip()]
    if len(chunks) == 1 and text.count(":") > 1:
        chunks = [c for c in re.split(r"\s+(?=[A-Za-z][\w.-]*\s*:)", text.strip()) if c.strip()]
    for chunk in chunks:
        hero, sep, toks = chunk.partition(":")
        if not sep:
            raise RuleError("Write a loadout as hero: token, token; hero: token, ... (or auto).")
        hid = own_hero(st, seat, hero)
        if hid in load:
            raise RuleError(f"{CONTENT.heroes[hid].name} is listed twice.")
        refs = [t for t in upgrade_names(toks) if t.lower() not in NOTHING]
        load[hid] = [token_ref(t, have, "an upgrade of your crew") for t in refs]
    for hid in crew_ids(st, seat):
        load.setdefault(hid, [])
    return load


async def outfit(table: Table, ctx: Ctx, loadout: str | None = None) -> Reply:
    """Give every upgrade to a hero (6 each at most); leftovers are discarded. ``auto`` fills evenly."""
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    require_phase(st, ("outfit",), "outfit your heroes")
    my_turn(table, sc)
    text = (loadout or "").strip()
    if not text or text.lower() == "auto":
        return await table.act(ctx, {"type": "outfit"})
    return await table.act(ctx, {"type": "outfit", "loadout": parse_loadout(st, seat, text)})


async def route(table: Table, ctx: Ctx, scenario: str) -> Reply:
    """The last scenario's winner chooses the next scenario of the campaign."""
    sc = await context(table, ctx)
    st = state(sc)
    sc.require_seat()
    require_phase(st, ("route",), "choose the next scenario")
    my_turn(table, sc)
    allowed = CONTENT.scenarios[st.scenario].next
    sid = find_scenario(scenario, allowed)
    if not sid:
        titles = ", ".join(f"{s} ({CONTENT.scenarios[s].title})" for s in allowed)
        raise RuleError(f"From scenario {st.scenario} the campaign goes to: {titles}.")
    return await table.act(ctx, {"type": "route", "scenario": sid})
