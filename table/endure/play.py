"""The survivor's commands: each turns what a player typed (any name form) into the engine's action and
plays it with :meth:`Table.act`; a name that fits nothing is refused with the names that would fit."""

from __future__ import annotations

from rules.core import Action, RuleError
from rules.endure import content
from rules.endure.state import EndureState, Survivor
from rules.endure.words import enemy_name, item_name
from rules.endure.world import general_items, sname, survivors_in

from ..commands import Ctx, Table
from ..replies import Reply
from . import choices
from .names import find_enemy, find_item, find_items, find_objective, find_survivor, find_zone, find_zones, norm, split
from .seat import acting, context, legal, state
from .texts import choice_value, enemies_in

MAX_PATH = 8


def carried_keys(s: Survivor, *, worn: bool = True, found: bool = False) -> list[str]:
    """Item keys a survivor carries (general slots, then what is worn, then what was just found)."""
    keys = [it.card for it in general_items(s)]
    if worn:
        keys += [it.card for it in s.head + s.body]
    if found:
        keys += [it.card for it in s.found]
    return keys


def objective_colours(st: EndureState, si: int) -> list[str]:
    return [o.colour for o in st.objectives if o.carried_by == si]


async def move(table: Table, ctx: Ctx, to: str) -> Reply:
    """Move one zone, or several in a row (``SEC-a SEC-z``); each step costs an action."""
    sc = await context(table, ctx)
    st = state(sc)
    acting(sc)
    nearby = sorted({a["zone"] for a in legal(sc) if a["type"] == "move" and "zone" in a})
    path = find_zones(st, to, hint=nearby)
    if not path:
        raise RuleError("Say where to move, for example `/endure move to:SEC-a` (or a path: `to:SEC-a SEC-z`).")
    if len(path) > MAX_PATH:
        raise RuleError(f"At most {MAX_PATH} zones in one move command.")
    action: Action = {"type": "move", "zone": path[0]} if len(path) == 1 else {"type": "move", "zones": path}
    return await table.act(ctx, action)


async def attack(
    table: Table,
    ctx: Ctx,
    zone: str,
    weapon: str | None = None,
    kill: str | None = None,
    objective: str | None = None,
    step: str | None = None,
) -> Reply:
    """Attack a zone. ``kill`` orders the enemy types the hits go to first (the damage split, e.g.
    ``jaeger swarmer``); ``objective`` is one to break instead of enemies; ``step`` a Juggernaut's step."""
    sc = await context(table, ctx)
    st = state(sc)
    si = acting(sc)
    attacks = [a for a in legal(sc) if a["type"] == "attack"]
    where = find_zone(st, zone, hint=sorted({a["zone"] for a in attacks}))
    action: Action = {"type": "attack", "zone": where, "weapon": _weapon(st, si, attacks, where, weapon)}
    if kill:
        here = enemies_in(st, where)
        kinds = [find_enemy(w, among=list(here)) for w in split(kill)]
        missing = [k for k in kinds if k not in here]
        if missing and here:
            there = ", ".join(f"{n} {enemy_name(k, n)}" for k, n in here.items())
            raise RuleError(f"There is no {enemy_name(missing[0])} in {where}; there: {there}.")
        action["kill"] = list(dict.fromkeys(kinds))[:6]
    if objective:
        hint = [str(a["object"]) for a in attacks if a.get("object") and a["zone"] == where]
        action["object"] = find_objective(st, objective, zone=where, hint=hint)
    if step:
        action["step"] = find_zone(st, step)
    return await table.act(ctx, action)


def _weapon(st: EndureState, si: int, attacks: list[Action], where: str, typed: str | None) -> str:
    """The weapon key: the one typed, or the only one that can reach; the Loader's arms for its pilot."""
    s = st.survivors[si]
    if st.loader_pilot == si:
        if typed and norm(typed) not in ("loader", "exo-loader", norm(content().loader.name)):
            raise RuleError("From the Loader you fight with its arms: `/endure attack weapon:loader`.")
        return "loader"
    carried = [it.card for it in general_items(s) if content().items[it.card].kind == "weapon"]
    if typed:
        return find_item(carried, typed, owner=sname(s))
    options = sorted({a["weapon"] for a in attacks if a["zone"] == where})
    if not options and not carried:
        raise RuleError(f"{sname(s)} carries no weapon.")
    if len(options) > 1:
        raise RuleError(f"Pick a weapon: {', '.join(item_name(k) for k in options)} (`weapon:`).")
    return options[0] if options else carried[0]  # none can reach: the engine says why


async def search(table: Table, ctx: Ctx) -> Reply:
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "search"})


async def keep(table: Table, ctx: Ctx, item: str | None = None, drop: str | None = None) -> Reply:
    """Keep the card just found, dropping a carried item if there is no room."""
    sc = await context(table, ctx)
    s = state(sc).survivors[acting(sc)]
    if not s.found:
        raise RuleError(
            "You have not found anything that is waiting for a free slot: `/endure keep` and `/endure leave` "
            "only answer a search whose find did not fit in your inventory."
        )
    action: Action = {"type": "keep"}
    if item:
        action["item"] = find_item([f.card for f in s.found], item, owner="Your find")
    elif len({f.card for f in s.found}) > 1:
        raise RuleError("Say which card to keep (`item:`): " + ", ".join(item_name(f.card) for f in s.found) + ".")
    if drop:
        action["drop"] = find_item(carried_keys(s), drop, owner=sname(s))
    return await table.act(ctx, action)


async def leave(table: Table, ctx: Ctx) -> Reply:
    """Leave the card just found behind."""
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "leave"})


async def interact(table: Table, ctx: Ctx, objective: str | None = None) -> Reply:
    sc = await context(table, ctx)
    st = state(sc)
    si = acting(sc)
    action: Action = {"type": "interact"}
    if objective:
        hint = [str(a["objective"]) for a in legal(sc) if a["type"] == "interact" and a.get("objective")]
        action["objective"] = find_objective(st, objective, zone=st.survivors[si].zone, hint=hint)
    return await table.act(ctx, action)


async def ability(table: Table, ctx: Ctx, which: str, choice: str | None = None) -> Reply:
    """Use the active or crisis ability; ``choice`` is its target (a survivor, zone, door or path)."""
    sc = await context(table, ctx)
    st = state(sc)
    acting(sc)
    kind = norm(which)
    if kind not in ("active", "crisis"):
        raise RuleError("Say which ability: `which:active` (once a turn) or `which:crisis` (once a mission).")
    offers = [a for a in legal(sc) if a["type"] == "ability" and a.get("which") == kind]
    base: Action = {"type": "ability", "which": kind}
    shown = [_shown(st, a) for a in offers]
    if not choice:
        if not offers or any(not choice_value(a) for a in offers):
            return await table.act(ctx, base)
        raise RuleError(f"This ability needs a choice (choice:<one of these>): {', '.join(shown[:8])}.")
    return await table.act(ctx, choices.choose(st, offers, base, choice, shown))


async def reward(table: Table, ctx: Ctx, choice: str | None = None, kind: str | None = None) -> Reply:
    """Spend the unlocked Accomplishment reward; ``choice`` is its target where it needs one."""
    sc = await context(table, ctx)
    st = state(sc)
    acting(sc)
    offers = [a for a in legal(sc) if a["type"] == "reward"]
    shown = [_shown(st, a) for a in offers]
    if choice:
        action = choices.choose(st, offers, {"type": "reward"}, choice, shown)
    elif offers and all(choice_value(a) for a in offers):
        raise RuleError(f"This reward needs a choice (choice:<one of these>): {', '.join(shown[:8])}.")
    else:
        action = {"type": "reward"}
    if kind:
        action["kind"] = find_enemy(kind)
    return await table.act(ctx, action)


def _shown(st: EndureState, action: Action) -> str:
    """A legal choice as listed in a refusal: the value to type, with a survivor's name beside its id."""
    value = choice_value(action)
    target = action.get("target")
    for s in st.survivors:
        if s.key == target:
            return f"{value} ({content().survivors[s.key].name})"
    return value


async def trade(table: Table, ctx: Ctx, partner: str, give: str | None = None, take: str | None = None) -> Reply:
    """Swap items (and objectives) with a survivor in your zone; another player's survivor must agree."""
    sc = await context(table, ctx)
    st = state(sc)
    si = acting(sc)
    s = st.survivors[si]
    near = [i for i in survivors_in(st, s.zone) if i != si]
    oi = find_survivor(st, partner, hint=near, where=f" in {s.zone} to trade with")
    other = st.survivors[oi]
    gives = find_items(carried_keys(s), give, sname(s), objective_colours(st, si))
    takes = find_items(carried_keys(other), take, sname(other), objective_colours(st, oi))
    if not gives and not takes:
        raise RuleError("Say what to give and/or take, e.g. `/endure trade partner:medic give:pistol take:med-kit`.")
    return await table.act(ctx, {"type": "trade", "with": other.key, "give": gives, "take": takes})


async def answer(table: Table, ctx: Ctx, reply: str) -> Reply:
    word = norm(reply)
    if word not in ("yes", "no", "accept", "decline", "y", "n"):
        raise RuleError("Answer the trade offer with `/endure answer reply:yes` or `/endure answer reply:no`.")
    return await table.act(ctx, {"type": "answer", "accept": word in ("yes", "accept", "y")})


async def use(table: Table, ctx: Ctx, item: str, at: str | None = None) -> Reply:
    sc = await context(table, ctx)
    st = state(sc)
    s = st.survivors[acting(sc)]
    key = find_item(carried_keys(s, found=True), item, owner=sname(s))
    action: Action = {"type": "use", "item": key}
    if at:
        hint = sorted({a["zone"] for a in legal(sc) if a["type"] == "use" and a.get("zone") and a["item"] == key})
        action["zone"] = find_zone(st, at, hint=hint)
    return await table.act(ctx, action)


async def reorganise(table: Table, ctx: Ctx, item: str) -> Reply:
    """Put on armour or a helmet from a general slot (the old one goes back to a slot)."""
    sc = await context(table, ctx)
    s = state(sc).survivors[acting(sc)]
    key = find_item(carried_keys(s, worn=False), item, owner=sname(s))
    return await table.act(ctx, {"type": "equip", "item": key})


async def discard(table: Table, ctx: Ctx, item: str) -> Reply:
    sc = await context(table, ctx)
    s = state(sc).survivors[acting(sc)]
    key = find_item(carried_keys(s, found=True), item, owner=sname(s))
    return await table.act(ctx, {"type": "discard", "item": key})


def _count(text: str, what: str) -> int:
    raw = str(text).strip()
    if not raw.isdigit() or not 1 <= int(raw) <= 3:
        raise RuleError(f"{what} is 1, 2 or 3 (it costs that many actions).")
    return int(raw)


async def noise(table: Table, ctx: Ctx, level: str) -> Reply:
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "noise", "level": _count(level, "Noise level")})


async def exit_map(table: Table, ctx: Ctx) -> Reply:
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "exit"})


LOADER_WORDS = {"in": "enter", "climb-in": "enter", "get-in": "enter", "out": "leave", "exit": "leave"}


async def loader(table: Table, ctx: Ctx, do: str) -> Reply:
    acting(await context(table, ctx))
    word = LOADER_WORDS.get(norm(do), norm(do))
    if word not in ("enter", "leave"):
        raise RuleError("Say `/endure loader do:enter` or `/endure loader do:leave`.")
    return await table.act(ctx, {"type": "loader", "do": word})


async def reactivate(table: Table, ctx: Ctx) -> Reply:
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "reactivate"})


async def salvage(table: Table, ctx: Ctx, actions: str) -> Reply:
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "salvage", "actions": _count(actions, "Salvage")})


async def end(table: Table, ctx: Ctx) -> Reply:
    acting(await context(table, ctx))
    return await table.act(ctx, {"type": "end"})


async def turn(table: Table, ctx: Ctx, actions: str) -> Reply:
    """Several commands at once in the /act notation, joined with ``;`` (``move SEC-a; move SEC-b; search``).

    Before any roll or card is revealed, a command that cannot be played refuses them all; after one,
    the rest stop there and the reply says which were not played and why. The line also stops after a
    command that turned something over, brought enemies into sight or hurt a survivor
    (``rules/endure/alarms.py``)."""
    sc = await context(table, ctx)
    seat = sc.require_seat()
    st = state(sc)
    if st.phase != "refuge":
        acting(sc)
    text = (actions or "").strip().strip(";")
    if not text:
        raise RuleError(
            "Type the commands joined with ';', e.g. `/endure turn actions:move SEC-a; move SEC-b; search`."
        )
    return await table.act(ctx, sc.system.parse(text, st, seat))
