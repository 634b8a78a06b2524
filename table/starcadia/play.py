"""The commands of a crew's turn: move, attack, use a gadget, end the activation, rest. Each turns what a
player typed (any name form) into the engine's action and plays it with :meth:`Table.act`; a name that fits
nothing is refused with the names that would fit, before anything reaches the engine."""

from __future__ import annotations

import re

from rules.core import Action, RuleError
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from rules.starcadia.state import HeroState, StarState

from ..commands import Ctx, SeatContext, Table
from ..replies import Reply
from .names import (
    dropped_token,
    find_gadget,
    find_target,
    hero_list,
    is_gadget,
    match_hero,
    own_hero,
    space,
    steps,
    tag,
    upgrade_names,
    upgrade_of,
    where,
    words,
)
from .seat import acting_hero, context, crew_ids, legal, my_turn, require_phase, state

GIVE = re.compile(r"\s*([^,;>:=]+?)\s*(?:->|>|→|=|:)\s*([A-Za-z][\w.-]*)")
ALL_BOOSTS = ("all", "every", "max")
NO_BOOSTS = ("none", "-", "no")


def hero_path(h: HeroState, text: str) -> list[str]:
    """A hero's path; the starting space may be written first."""
    out = steps(text)
    if h.pos and out and out[0] == h.pos:
        out = out[1:]
    if not out:
        raise RuleError(f"Name the spaces to walk through from {h.pos or 'here'}, e.g. path:B2 B3.")
    return out


async def _play_context(table: Table, ctx: Ctx, what: str) -> tuple[SeatContext, StarState, int]:
    sc = await context(table, ctx)
    st, seat = state(sc), sc.require_seat()
    require_phase(st, ("play",), what)
    my_turn(table, sc)
    return sc, st, seat


async def move(table: Table, ctx: Ctx, path: str, hero: str | None = None) -> Reply:
    """Move the active (or named) hero along a path of spaces, portals, doors, hacks and pickups."""
    sc, st, seat = await _play_context(table, ctx, "move")
    first = (path or "").split()
    if not hero and first and B.parse_space(first[0]) is None:
        found = match_hero(first[0], crew_ids(st, seat))
        if found is not None:  # "/starcadia move path:zip B2 B3"
            hero, path = found, " ".join(first[1:])
    if not (hero or "").strip() and not st.act.hero:
        hero = _hero_by_first_step(st, seat, path)
    hid = acting_hero(sc, hero, "move")
    h = E.find_hero(st, hid)
    if h.dead or not h.pos:
        raise RuleError(f"{E.hero_name(h)} is dead; rest to bring them back.")
    typed = hero_path(h, path)
    if not st.act.hero or st.act.hero == hid:  # else the engine says who is already active
        typed = routed(st, h, typed, E.move_points(st, h))
    return await table.act(ctx, {"type": "move", "hero": hid, "path": typed})


def routed(st: StarState, h: HeroState, typed: list[str], mp: int) -> list[str]:
    """A typed path whose first space is not one step away (a destination: ``B7``, ``B7 pickup``, ``B7 B8``)
    begins with the cheapest way there, the one the move suggestions offer; the rest stays as typed.
    A path that starts with a step, a portal or a door is left to the engine to check."""
    first = B.parse_space(typed[0]) if typed else None
    b = E.board_of(st)
    if first is None or not b.playable(first) or not E.can_move(st, h):
        return typed
    here = B.parse_space(h.pos)
    if abs(here[0] - first[0]) + abs(here[1] - first[1]) == 1 and b.passage(here, first, st.doors):
        return typed
    stop = all(item.lower() in ("hack", "pickup") for item in typed[1:])
    return [*E.route_to(st, h, B.name(first), mp, stop=stop), *typed[1:]]


def _hero_by_first_step(st: StarState, seat: int, path: str) -> str | None:
    """The one hero of the crew that starts next to the path's first space, or else the one that can reach
    it (a destination); None when none or both fit."""
    try:
        typed = steps(path)
    except RuleError:
        return None
    first = B.parse_space(typed[0]) if typed else None
    if first is None:
        return None
    heroes = [h for h in (E.find_hero(st, x) for x in crew_ids(st, seat)) if not h.dead and h.pos]
    near = [
        h.id for h in heroes if abs(B.parse_space(h.pos)[0] - first[0]) + abs(B.parse_space(h.pos)[1] - first[1]) <= 1
    ]
    if near:
        return near[0] if len(near) == 1 else None
    reach = []
    for h in heroes:
        try:
            routed(st, h, typed, E.move_points(st, h))
        except RuleError:
            continue
        reach.append(h.id)
    return reach[0] if len(reach) == 1 else None


async def attack(
    table: Table,
    ctx: Ctx,
    target: str,
    weapon: str | None = None,
    boosts: str | None = None,
    hero: str | None = None,
    shove: str | None = None,
    grab: str | None = None,
) -> Reply:
    """Attack one enemy with one weapon plus matching boosts (``boosts:all`` takes every one that fits).

    ``grab``: if the attack kills a rival hero Close to you, the dropped token you snatch (stimpack, core...).
    """
    sc, st, seat = await _play_context(table, ctx, "attack")
    attacks = legal(sc, "attack")
    tid = find_target(st, seat, target, sorted({a["target"] for a in attacks}))
    hid = acting_hero(sc, hero, "attack", lambda a: a["target"] == tid)
    h = E.find_hero(st, hid)
    wslug = _weapon(st, h, tid, weapon, attacks)
    action: Action = {
        "type": "attack",
        "hero": hid,
        "target": tid,
        "weapon": wslug,
        "boosts": _boosts(h, wslug, boosts),
    }
    if shove and shove.strip():
        action["shove"] = space(shove, "shove space")
    if grab and grab.strip():
        victim = E.find_hero(st, tid)
        if victim is None:
            raise RuleError("Only a rival hero drops tokens to grab; a monster drops nothing.")
        action["grab"] = dropped_token(victim, grab)
    return await table.act(ctx, action)


def _weapon(st: StarState, h: HeroState, tid: str, typed: str | None, attacks: list[Action]) -> str:
    """The weapon's slug: the one typed, or the only one that can hit ``tid``; a refusal says what is in reach."""
    if typed and typed.strip():
        return upgrade_of(h, typed, ("weapon",), "weapon")
    options = sorted({a["weapon"] for a in attacks if a["hero"] == h.id and a["target"] == tid})
    ready = [
        CONTENT.upgrades[u.id].slug
        for u in h.upgrades
        if not u.exhausted and CONTENT.upgrades[u.id].category == "weapon"
    ]
    if not ready:
        raise RuleError(f"{E.hero_name(h)} has no ready weapon; rest or use a recharge.")
    if not options:
        in_reach = sorted({tag(st, a["target"]) for a in attacks if a["hero"] == h.id})
        hint = f" In reach now: {', '.join(in_reach)}." if in_reach else ""
        if not st.act.moved or st.act.hero != h.id:
            hint += " Move first to get Close or in line of sight."
        raise RuleError(
            f"{E.hero_name(h)} at {h.pos} cannot hit {tag(st, tid)} at {where(st, tid)} with {', '.join(ready)}: "
            f"melee needs the target Close, ranged needs a line of sight.{hint}"
        )
    if len(options) > 1:
        raise RuleError(f"Name the weapon (weapon:<name>): {', '.join(options)}.")
    return options[0]


def _boosts(h: HeroState, wslug: str, typed: str | None) -> list[str]:
    text = (typed or "").strip().lower()
    if text in ALL_BOOSTS:
        return [
            c.slug for c in E.fitting_boosts(h, CONTENT.upgrade_by_ref(wslug)) if c.ability_kind != "sacrifice_dice"
        ]
    chosen: list[str] = []
    if not text or text in NO_BOOSTS:
        return chosen
    for ref in upgrade_names(typed):
        b = upgrade_of(h, ref.lstrip("+"), ("boost",), "boost")
        if b in chosen:
            raise RuleError(f"{b} is listed twice.")
        chosen.append(b)
    return chosen


async def use(table: Table, ctx: Ctx, gadget: str, hero: str | None = None, path: str | None = None) -> Reply:
    """Use a gadget: stimpack (heal), recharge (ready upgrades), hoverboard (the ally walks ``path``)."""
    _, st, seat = await _play_context(table, ctx, "use a gadget")
    g = find_gadget(gadget)
    carriers = [x for x in crew_ids(st, seat) if g in E.find_hero(st, x).gadgets]
    if hero and hero.strip():
        hid = own_hero(st, seat, hero)
    elif st.act.hero and st.act.hero in crew_ids(st, seat):
        hid = st.act.hero
    elif len(carriers) == 1:
        hid = carriers[0]
    elif not carriers:
        raise RuleError(f"Nobody in your crew carries a {g}.")
    else:
        raise RuleError(f"Say which hero uses it (hero:<name>): {hero_list(carriers)}.")
    h = E.find_hero(st, hid)
    if g not in h.gadgets:
        raise RuleError(f"{E.hero_name(h)} carries no {g}" + (f"; {hero_list(carriers)} does." if carriers else "."))
    action: Action = {"type": "use", "hero": hid, "gadget": g}
    if g == "hoverboard":
        ally_id = next((x for x in crew_ids(st, seat) if x != hid), None)
        ally = E.find_hero(st, ally_id) if ally_id else None
        if ally is None or ally.dead or not ally.pos:
            raise RuleError("Your ally must be on the board to ride the hoverboard.")
        if not path or not path.strip():
            raise RuleError(f"Give the path {E.hero_name(ally)} rides from {ally.pos}, e.g. path:B2 B3.")
        action["path"] = routed(st, ally, hero_path(ally, path), E.BASE_MP)
    elif path and path.strip():
        raise RuleError(f"Only the hoverboard takes a path; a {g} does not.")
    return await table.act(ctx, action)


async def end(table: Table, ctx: Ctx) -> Reply:
    """End the activation: the event card is drawn and the turn passes."""
    await _play_context(table, ctx, "end a turn")
    return await table.act(ctx, {"type": "end"})


async def rest(table: Table, ctx: Ctx, give: str | None = None, place: str | None = None) -> Reply:
    """Rest the crew: ready every upgrade, shake off daze, move tokens between heroes, revive the dead.

    ``give``: ``pulse-blade>red, stimpack>edge`` (token > receiving hero). ``place``: where a dead hero
    comes back: ``edge:shuttle`` (the first free space of the shuttle), ``edge:D1`` (a space of the
    shuttle) or ``edge:C4`` (Close to the ally), or just ``C4`` with one dead hero.
    """
    _, st, seat = await _play_context(table, ctx, "rest")
    action: Action = {"type": "rest"}
    gives = _gives(st, seat, give)
    if gives:
        action["give"] = gives
    spots = _places(st, seat, place)
    if spots:
        action["place"] = spots
    return await table.act(ctx, action)


def _gives(st: StarState, seat: int, give: str | None) -> list[list[str]]:
    crew = crew_ids(st, seat)
    text = (give or "").strip()
    pairs = GIVE.findall(text)
    if text and (not pairs or GIVE.sub("", text).strip(" ,;")):
        raise RuleError("Write each transfer as token>hero, e.g. give:pulse-blade>red, stimpack>edge.")
    out = []
    for token, to in pairs:
        dst = own_hero(st, seat, to)
        src = E.find_hero(st, next((x for x in crew if x != dst), dst))
        if is_gadget(token):
            g = find_gadget(token)
            if g not in src.gadgets:
                raise RuleError(f"{E.hero_name(src)} carries no {g}.")
            out.append([g, dst])
        else:
            out.append([upgrade_of(src, token.strip(), ("weapon", "boost", "passive", "reaction"), "upgrade"), dst])
    return out


def _places(st: StarState, seat: int, place: str | None) -> dict[str, str]:
    crew = crew_ids(st, seat)
    dead = [x for x in crew if E.find_hero(st, x).dead]
    spots: dict[str, str] = {}
    for item in words(place):
        parts = re.split(r"\s*[:@=]\s*", item, maxsplit=1)
        if len(parts) == 1:
            if len(dead) != 1:
                raise RuleError("Say who comes back where: place:<hero>:shuttle or place:<hero>:<space>.")
            parts = [dead[0], parts[0]]
        hid = own_hero(st, seat, parts[0])
        if hid not in dead:
            raise RuleError(f"{CONTENT.heroes[hid].name} is not dead.")
        spots[hid] = "shuttle" if parts[1].strip().lower() == "shuttle" else space(parts[1])
    return spots
