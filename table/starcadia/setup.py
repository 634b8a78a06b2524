"""Setup commands: the hero draft, shuttle slots, handing out the starter upgrades and defence preferences."""

from __future__ import annotations

import re

from rules.core import Action, RuleError
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT

from ..commands import Ctx, Table
from ..replies import Reply
from .names import hero_list, match_hero, own_hero, space, token_ref, upgrade_names, upgrade_of, words
from .seat import context, crew_ids, my_turn, require_phase, state


async def pick(table: Table, ctx: Ctx, heroes: str) -> Reply:
    """Draft: pick 2 heroes (1 per pick in the advanced snake draft)."""
    sc = await context(table, ctx)
    st = state(sc)
    sc.require_seat()
    require_phase(st, ("draft",), "pick heroes")
    my_turn(table, sc)
    taken = {h.id for h in st.heroes}
    free = [h for h in CONTENT.heroes if h not in taken]
    ids = []
    for ref in words(heroes):
        hid = match_hero(ref, CONTENT.heroes)
        if hid is None:
            shown = f"'{ref[:20]}'"
            raise RuleError(
                f"There is no hero {shown}. Free heroes: {hero_list(free)} (`/starcadia offer` shows their stats)."
            )
        if hid in taken:
            raise RuleError(f"{CONTENT.heroes[hid].name} is already taken.")
        ids.append(hid)
    need = 1 if st.draft == "snake" else 2
    if len(ids) != need:
        example = " ".join(free[:need])
        raise RuleError(f"Pick exactly {need} hero{'es' if need > 1 else ''}, e.g. heroes:{example}.")
    return await table.act(ctx, {"type": "pick", "heroes": ids})


async def claim(table: Table, ctx: Ctx, slot: str, place: str | None = None) -> Reply:
    """Claim a shuttle slot; ``place`` optionally puts heroes on its spaces (``zip:C1 digits:D1``)."""
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    require_phase(st, ("shuttle",), "claim a shuttle slot")
    my_turn(table, sc)
    text = str(slot).strip().lower().removeprefix("slot").strip()
    if not text.isdigit():
        raise RuleError("The shuttle slot is a number, e.g. slot:1.")
    action: Action = {"type": "claim", "slot": int(text)}
    spots = {}
    for item in words(place):
        hero, sep, where = re.split(r"([:@=])", item, maxsplit=1) if re.search(r"[:@=]", item) else (item, "", "")
        if not sep:
            raise RuleError("Place heroes as hero:space, e.g. place:zip:C1 digits:D1.")
        spots[own_hero(st, seat, hero)] = space(where)
    if spots:
        action["place"] = spots
    return await table.act(ctx, action)


async def gear(table: Table, ctx: Ctx, hero: str, tokens: str) -> Reply:
    """Before play: give ``hero`` exactly these upgrades (``none`` for nothing); the ally carries the rest.
    A standing choice: any crew may change it at any time of the setup, not only on its turn."""
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    require_phase(st, ("draft", "shuttle"), "hand out upgrades freely (rest to move them in play)")
    split = (hero or "").split(maxsplit=1)
    if not (tokens or "").strip() and len(split) == 2 and match_hero(split[0], crew_ids(st, seat)):
        hero, tokens = split  # "/starcadia gear hero:red pulse-blade, iron-fists"
    hid = own_hero(st, seat, hero or "")
    have = [u.id for x in crew_ids(st, seat) for u in E.find_hero(st, x).upgrades]
    refs = [t for t in upgrade_names(tokens) if t.lower() != "none"]
    toks = [token_ref(t, have, "an upgrade of your crew") for t in refs]
    return await table.act(ctx, {"type": "gear", "hero": hid, "tokens": toks})


async def prefs(table: Table, ctx: Ctx, hero: str, reroll: bool | None = None, reaction: str | None = None) -> Reply:
    """Standing choices used when the hero is attacked off-turn (changed at any time, not only on your turn)."""
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    hid = own_hero(st, seat, hero)
    action: Action = {"type": "prefs", "hero": hid}
    if reroll is not None:
        action["reroll"] = "on" if reroll else "off"
    if reaction is not None and reaction.strip():
        if reaction.strip().lower() in ("none", "off", "no"):
            action["reaction"] = "none"
        else:
            action["reaction"] = upgrade_of(E.find_hero(st, hid), reaction, ("reaction",), "reaction")
    if len(action) == 2:
        raise RuleError("Say what to change: reroll:yes|no and/or reaction:<upgrade>|none.")
    return await table.act(ctx, action)
