"""Suggestions for the survivor's commands, computed from the engine's ``legal()`` for the asking seat.

Each is ``suggest(table, ctx, typed, given)`` -> ``[(label, value)]`` (``given``: the other options typed
so far). Labels carry every name a thing answers to, so typing any of them finds it; values are what the
command takes. Nothing here refuses: no game, no seat or not your turn simply suggests nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

from rules.core import Action, RuleError
from rules.endure import content
from rules.endure.state import EndureState
from rules.endure.words import enemy_name, item_name
from rules.endure.world import exits, obj_specs

from ..commands import Ctx, Table
from ..spec import Pairs
from .names import find_survivor, find_zone, norm, split
from .play import carried_keys
from .seat import current, me, quietly, state
from .texts import choice_label, choice_value, enemies_in, survivor_label, text, weapon_label, zone_label

Given = Mapping[str, str | None]
MAX_CHOICES = 25
MAX_VALUE = 100
"""Discord's limits: 25 suggestions, 100 characters for a label and a value."""


def fit(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """Filter by what is typed (label or value), drop duplicates, respect Discord's limits."""
    wanted = (typed or "").strip().lower()
    out: Pairs = []
    seen: set[str] = set()
    for label, value in pairs:
        if not value or len(value) > MAX_VALUE or value in seen:  # a cut value would be a wrong one
            continue
        if wanted and wanted not in label.lower() and wanted not in value.lower():
            continue
        seen.add(value)
        out.append((label[:MAX_VALUE], value))
        if len(out) >= MAX_CHOICES:
            break
    return out


def several(typed: str, choices: list[tuple[str, str]]) -> Pairs:
    """Several values in one option: complete the last word, keep the earlier ones."""
    words = typed.split()
    done = words if typed.endswith(" ") else words[:-1]
    partial = "" if typed.endswith(" ") else (words[-1] if words else "")
    prefix = " ".join(done)
    taken = {w.lower() for w in done}
    pairs = [
        ((f"{prefix} + {label}" if prefix else label), (f"{prefix} {value}" if prefix else value))
        for label, value in choices
        if value.lower() not in taken
    ]
    return fit(pairs, partial)


async def complete_move(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    words = (typed or "").split()
    done = words if typed.endswith(" ") else words[:-1]
    partial = "" if typed.endswith(" ") else (words[-1] if words else "")
    firsts = [a["zone"] for a in legal if a["type"] == "move" and "zone" in a]
    if not done:
        return fit(((zone_label(st, z), z) for z in firsts), partial)
    try:
        path = [find_zone(st, w) for w in done]
    except RuleError:
        return []
    si = current(st)
    if si is None or len(path) >= max(1, st.survivors[si].actions + st.survivors[si].free_moves):
        return []
    prefix = " ".join(path)
    nexts = [z for _, z, _ in exits(st, path[-1]) if z not in path]
    return fit(((f"{prefix} → {zone_label(st, z)}", f"{prefix} {z}") for z in nexts), partial)


def _option_zone(st: EndureState, given: Given) -> str | None:
    """The zone typed in another option, if it names one (a half-typed one filters nothing)."""
    try:
        return find_zone(st, given.get("zone")) if (given.get("zone") or "").strip() else None
    except RuleError:
        return None


def _attacks(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a["type"] == "attack"]


async def complete_attack_zone(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    zones = sorted({a["zone"] for a in _attacks(legal)})
    si = current(st)
    return fit(((zone_label(st, z, -1 if si is None else si), z) for z in zones), typed)


async def complete_weapon(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    zone = _option_zone(state(sc), given)
    keys = sorted({a["weapon"] for a in _attacks(legal) if not zone or a["zone"] == zone})
    return fit(((weapon_label(k), k) for k in keys), typed)


async def complete_kill(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    """The damage split: which enemy types take the hits first, in every order."""
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    zone = _option_zone(st, given)
    zones = [zone] if zone else sorted({a["zone"] for a in _attacks(legal)})
    out: Pairs = []
    for z in zones:
        here = enemies_in(st, z)
        kinds = sorted(here)
        if not kinds:
            continue
        for order in itertools.permutations(kinds, min(len(kinds), 3)):
            names = " then ".join(enemy_name(k, here[k]) for k in order)
            out.append((f"{names} first" + ("" if zone else f" (in {z})"), " ".join(order)))
    return fit(out, typed)


async def complete_attack_objective(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    zone = _option_zone(st, given)
    hp = {o.id: o for o in st.objectives}
    pairs = []
    for a in _attacks(legal):
        if a.get("object") and (not zone or a["zone"] == zone):
            o = hp[a["object"]]
            pairs.append((f"{o.colour} objective in {o.zone} ({o.hp} HP left)", o.id))
    return fit(pairs, typed)


async def complete_step(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    si = current(st)
    if si is None or st.survivors[si].seat != sc.seat:
        return []
    return fit(((zone_label(st, z), z) for _, z, _ in exits(st, st.survivors[si].zone)), typed)


async def complete_keep(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None or (s := me(sc)) is None:
        return []
    return fit(((f"keep the {item_name(f.card)}", f.card) for f in s.found), typed)


async def complete_drop(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None or (s := me(sc)) is None:
        return []
    drops = sorted({a["drop"] for a in legal if a["type"] == "keep" and a.get("drop")})
    if not drops:
        drops = sorted(set(carried_keys(s)))
    return fit(((f"drop the {item_name(k)}", k) for k in drops), typed)


async def complete_objective(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    specs = obj_specs(st)
    pairs = []
    for a in legal:
        if a["type"] == "interact" and a.get("objective"):
            o = next(o for o in st.objectives if o.id == a["objective"])
            what = text("objective", specs[o.id].hook) if o.id in specs else ""
            pairs.append((f"{o.colour} objective in {o.zone}: {what}", o.id))
    return fit(pairs, typed)


async def complete_ability_which(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None or (s := me(sc)) is None:
        return []
    card = content().survivors[s.key]
    have = {a.get("which") for a in legal if a["type"] == "ability"}
    pairs = []
    if "active" in have:
        pairs.append((f"active: {card.active.name} (once a turn)", "active"))
    if "crisis" in have:
        pairs.append((f"crisis: {card.crisis.name} (once a mission)", "crisis"))
    return fit(pairs, typed)


async def complete_ability_choice(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    which = norm(given.get("which"))
    pairs = [
        (f"{a['which']}: {choice_label(st, a)}", choice_value(a))
        for a in legal
        if a["type"] == "ability" and choice_value(a) and (not which or a.get("which") == which)
    ]
    return fit(pairs, typed)


async def complete_reward_choice(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    pairs = [(choice_label(st, a), choice_value(a)) for a in legal if a["type"] == "reward" and choice_value(a)]
    return fit(pairs, typed)


async def complete_reward_kind(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    zone = split(given.get("choice") or "")
    kinds: dict[str, int] = {}
    for a in legal:
        if a["type"] == "reward" and a.get("zone") and (not zone or a["zone"] in zone):
            for k, n in enemies_in(st, a["zone"]).items():
                kinds[k] = kinds.get(k, 0) + n
    return fit(((f"a {enemy_name(k)} ({n} in reach)", k) for k, n in sorted(kinds.items())), typed)


async def complete_partner(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    keys = sorted({a["with"] for a in legal if a["type"] == "trade"})
    return fit(((survivor_label(st, k), k) for k in keys), typed)


async def complete_give(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None or (s := me(sc)) is None:
        return []
    st = state(sc)
    si = st.survivors.index(s)
    items = [(item_name(k), k) for k in sorted(set(carried_keys(s)))]
    items += [(f"{o.colour} objective", o.colour) for o in st.objectives if o.carried_by == si]
    return several(typed, items)


async def complete_take(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, _ = await quietly(table, ctx)
    if sc is None or me(sc) is None:
        return []
    st = state(sc)
    try:
        oi = find_survivor(st, given.get("partner") or "")
    except RuleError:
        return []
    o = st.survivors[oi]
    items = [(item_name(k), k) for k in sorted(set(carried_keys(o)))]
    items += [(f"{ob.colour} objective", ob.colour) for ob in st.objectives if ob.carried_by == oi]
    return several(typed, items)


async def complete_use(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    keys = sorted({a["item"] for a in legal if a["type"] == "use"})
    return fit(((item_name(k), k) for k in keys), typed)


async def complete_use_at(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    st = state(sc)
    item = norm(given.get("item"))
    zones = sorted(
        {a["zone"] for a in legal if a["type"] == "use" and a.get("zone") and (not item or a["item"] == item)}
    )
    return fit(((zone_label(st, z), z) for z in zones), typed)


async def complete_reorganise(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None:
        return []
    keys = sorted({a["item"] for a in legal if a["type"] == "equip"})
    kinds = {"armour": "put on (body)", "helmet": "put on (head)"}
    return fit(((f"{item_name(k)}: {kinds.get(content().items[k].kind, '')}", k) for k in keys), typed)


async def complete_discard(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    sc, legal = await quietly(table, ctx)
    if sc is None or (s := me(sc)) is None:
        return []
    keys = sorted({a["item"] for a in legal if a["type"] == "discard"} | {f.card for f in s.found})
    return fit(((f"{item_name(k)} (gone for good)", k) for k in keys), typed)


async def complete_noise(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    levels = sorted({int(a["level"]) for a in legal if a["type"] == "noise"})
    return fit(((f"noise {n} (costs {n} action{'s' if n > 1 else ''})", str(n)) for n in levels), typed)


async def complete_loader(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    words = {"enter": "enter (uses all your remaining actions)", "leave": "leave (1 action)"}
    dos = sorted({a["do"] for a in legal if a["type"] == "loader"}) or list(words)
    return fit(((words.get(d, d), d) for d in dos), typed)


async def complete_answer(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    pairs = []
    for a in legal:
        if a["type"] == "answer":
            pairs.append(("yes, accept the trade", "yes") if a["accept"] else ("no, turn it down / withdraw", "no"))
    return fit(pairs, typed)


async def complete_salvage(table: Table, ctx: Ctx, typed: str, given: Given) -> Pairs:
    _, legal = await quietly(table, ctx)
    ns = sorted({int(a["actions"]) for a in legal if a["type"] == "salvage"})
    return fit(((f"{n} action(s)", str(n)) for n in ns), typed)
