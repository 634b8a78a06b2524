"""Endure the Stars: whether a command may be played now, decided by reading the state only.

Each ``check_<action>`` raises :class:`RuleError` with the player's sentence when the rules forbid the
command, and otherwise returns what it worked out (the weapon, the target, the items...) for the
handler in :mod:`.actions`, which begins with the same check. Nothing here copies the state, changes
it or rolls a die (the cost rule of rules/core/game.py): a multi-zone path or a trade is followed on
a few counters or on copies of the two inventories involved, never on a copy of the game.

What only a roll or a reveal can decide (a failed Resolve check halting a move, a token turned over
on the way) never refuses a command: the move simply stops there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from rules.core import RuleError
from rules.core.validate import get_int, get_list

from .content import ItemCard, content
from .refuge import check_refuge, refuge_pending
from .specials import check_reactivate
from .state import EndureState, ItemInst, ObjectiveState, Survivor
from .words import name_key, survivor_names
from .world import (
    add_item,
    carried,
    carry_cap,
    etype,
    event_effect,
    exits,
    find_item,
    general_items,
    gravity,
    icard,
    is_full,
    models_in,
    move_cap,
    obj_specs,
    on_map,
    passive,
    remove_item,
    scard,
    sight,
    sname,
    the_board,
)

# ---------------------------------------------------------------------------------------------
# small validators


def zone_arg(st: EndureState, action: dict[str, Any], key: str = "zone") -> str:
    value = action.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RuleError("Say which zone, for example LAB-a.")
    wanted = value.strip()[:20]
    zones = the_board(st).zones
    if wanted in zones:
        return wanted
    for z in zones:
        if z.lower() == wanted.lower():
            return z
    raise RuleError(f"There is no zone '{wanted}' on this map. Zones look like {next(iter(zones))}.")


def survivor_arg(st: EndureState, action: dict[str, Any], key: str) -> int:
    """A survivor by number or by any name it answers to (id, name, short name, class, map tag, player);
    of several that fit, one still on the map first."""
    value = action.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(st.survivors):
        return value
    if not isinstance(value, str) or not value.strip():
        raise RuleError("Say which survivor, for example medic.")
    wanted = name_key(value[:40])
    for i, s in enumerate(st.survivors):
        if wanted == s.key:
            return i
    matches = [i for i in range(len(st.survivors)) if wanted in survivor_names(st, i)]
    live = [i for i in matches if on_map(st.survivors[i])]
    if live or matches:
        return (live or matches)[0]
    names = ", ".join(f"{sname(s)} ({s.key})" for s in st.survivors)
    raise RuleError(f"There is no survivor '{value.strip()[:30]}'. Survivors: {names}.")


def zones_arg(st: EndureState, action: dict[str, Any], limit: int, empty: str) -> list[str]:
    """The zones of a path (``zones``), each a zone of this map."""
    raw = get_list(action, "zones", limit, "zones")
    if not raw:
        raise RuleError(empty)
    return [zone_arg(st, {"zone": z}) for z in raw]


def need_actions(s: Survivor, n: int = 1) -> None:
    """What spending ``n`` actions asks: that many left."""
    if s.actions < n:
        raise RuleError(f"{sname(s)} has only {s.actions} action(s) left.")


def no_found(s: Survivor) -> None:
    if s.found:
        names = " or ".join(icard(f).name for f in s.found)
        raise RuleError(
            f"First decide about the {names} you found: `/endure keep` (dropping something if need be) "
            "or `/endure leave`."
        )


def no_loader(st: EndureState, si: int, what: str) -> None:
    if st.loader_pilot == si:
        raise RuleError(f"You cannot {what} from inside the Loader.")


def pockets(s: Survivor) -> Survivor:
    """A survivor whose inventory lists are copies: items can be moved around on it to see what fits."""
    return msgspec.structs.replace(s, head=list(s.head), body=list(s.body), slots=[list(x) for x in s.slots])


# ---------------------------------------------------------------------------------------------
# moving


@dataclass
class Budget:
    """What a survivor can still spend on moving this turn."""

    actions: int
    free_moves: int
    step_credit: int
    moved: int

    @classmethod
    def of(cls, s: Survivor) -> Budget:
        return cls(s.actions, s.free_moves, s.step_credit, s.moved)

    def pay(self, st: EndureState) -> None:
        """One paid step: a step credit, else a free move, else an action (in low gravity, with a credit back)."""
        if self.step_credit > 0:
            self.step_credit -= 1
        elif self.free_moves > 0:
            self.free_moves -= 1
        else:
            self.actions -= 1
            self.step_credit = 1 if gravity(st) else 0
        self.moved += 1

    def store(self, s: Survivor) -> None:
        s.actions, s.free_moves, s.step_credit, s.moved = self.actions, self.free_moves, self.step_credit, self.moved


def check_step(st: EndureState, si: int, here: str, dest: str, *, free: bool, budget: Budget) -> None:
    """One step of survivor ``si`` from ``here`` to ``dest`` (``here`` may be further along a path)."""
    s = st.survivors[si]
    options = {z for _, z, _ in exits(st, here)}
    if dest == here:
        raise RuleError(f"{sname(s)} is already in {dest}.")
    if dest not in options:
        near = ", ".join(sorted(options)) or "none"
        raise RuleError(
            f"{dest} cannot be reached from {here} in one move (walls, locked doors or too far). "
            f"Next to {here}: {near} (a longer path names every zone on the way)."
        )
    if here in st.shields or dest in st.shields:
        raise RuleError("A Shield Bubble seals that zone: nothing gets in or out.")
    vacated = 1 if dest == s.zone and on_map(s) else 0  # a path back through the zone it left
    if models_in(st, dest) - vacated >= the_board(st).zones[dest].capacity:
        raise RuleError(f"{dest} is full.")
    if s.frozen:
        raise RuleError(f"{sname(s)} froze in {here} and cannot leave it this round.")
    if not free and budget.moved >= move_cap(st, s):
        raise RuleError(f"{sname(s)} can move at most {move_cap(st, s)} zones a turn right now.")
    if not free and budget.step_credit == 0 and budget.free_moves == 0 and budget.actions < 1:
        raise RuleError(f"{sname(s)} has no actions left.")
    if st.loader_pilot == si and not st.loader_powered:
        raise RuleError("The Loader has no power and will not move.")


def check_path(st: EndureState, si: int, path: list[str], *, free: bool) -> None:
    """Every step of a path, each from where the one before leads."""
    here = st.survivors[si].zone
    budget = Budget.of(st.survivors[si])
    for dest in path:
        check_step(st, si, here, dest, free=free, budget=budget)
        if not free:
            budget.pay(st)
        here = dest


def check_move(st: EndureState, si: int, action: dict[str, Any]) -> list[str]:
    """The zones to walk through."""
    no_found(st.survivors[si])
    if "zones" in action:
        path = zones_arg(st, action, 8, "Say which zone to move to.")
    else:
        path = [zone_arg(st, action)]
    check_path(st, si, path, free=False)
    return path


def check_loader(st: EndureState, si: int, action: dict[str, Any]) -> str:
    s = st.survivors[si]
    no_found(s)
    what = action.get("do")
    if what == "enter":
        if not st.loader_zone:
            raise RuleError("There is no Exo Loader on this map.")
        if st.loader_pilot >= 0:
            raise RuleError("Someone is already in the Loader.")
        if s.zone != st.loader_zone:
            raise RuleError(f"The Loader stands in {st.loader_zone}.")
        if s.actions < 1:
            raise RuleError("Climbing in needs at least 1 action left.")
    elif what == "leave":
        if st.loader_pilot != si:
            raise RuleError("You are not in the Loader.")
        if st.loader_powered:
            raise RuleError("The Loader is powered this turn; its harness will not open until it runs down.")
        need_actions(s)
    else:
        raise RuleError("Say `/endure loader do:enter` or `/endure loader do:leave`.")
    return what


# ---------------------------------------------------------------------------------------------
# attacking


def weapon_stack(s: Survivor, name: object) -> list[ItemInst]:
    inst = find_item(s, name, where="general")
    if icard(inst).kind != "weapon":
        raise RuleError(f"The {icard(inst).name} is not a weapon.")
    stacks = [stack for stack in s.slots if any(it.card == inst.card for it in stack)]
    # two copies carried apart (not dual-wielded): use one that is not jammed
    for stack in stacks:
        if not any(it.uid in s.jammed for it in stack):
            return stack
    if stacks:
        return stacks[0]
    raise RuleError("That weapon is not in a general slot.")


def attack_range(s: Survivor, base: int) -> int:
    return max(0, base - (1 if "head" in s.injuries else 0))


def target_zones(st: EndureState, si: int, rng: int, *, ranged: bool, origin: str | None = None) -> dict[str, int]:
    """Zones a survivor may attack with this range: own zone (or ``origin``), or seen within range
    with a clear line."""
    s = st.survivors[si]
    here = origin or s.zone
    out = {here: 0}
    if rng <= 0:
        return out
    view = sight(st, here)
    for z, (dist, between, _) in view.items():
        if dist == 0 or dist > rng:
            continue
        if any(e.zone in between for e in st.enemies):
            continue
        if ranged and (here in st.shields or z in st.shields):
            continue
        out[z] = dist
    return out


def object_arg(st: EndureState, action: dict[str, Any], zone: str) -> ObjectiveState:
    wanted = action.get("object")
    if not isinstance(wanted, str):
        raise RuleError("Say which objective to attack, by colour or id.")
    w = wanted.strip().lower()[:30]
    for o in st.objectives:
        if o.zone == zone and not o.done and o.hp > 0 and w in (o.id.lower(), o.colour.lower()):
            return o
    raise RuleError(f"There is no breakable '{w}' objective in {zone}.")


def loader_weapon() -> ItemCard:
    """The Exo Loader's arms, as a weapon card."""
    lp = content().loader
    return ItemCard(
        key="loader", name=lp.name, kind="weapon", count=1, range=lp.range, dice=lp.dice, hit=lp.hit, noise=lp.noise
    )


@dataclass
class Attack:
    """A checked attack: what fires, where, at what."""

    stack: list[ItemInst]
    card: ItemCard
    zone: str
    step: str | None = None
    obj: ObjectiveState | None = None
    prefer: list[str] = field(default_factory=list)
    cell: ItemInst | None = None


def check_attack(st: EndureState, si: int, action: dict[str, Any]) -> Attack:
    s = st.survivors[si]
    no_found(s)
    stack: list[ItemInst] = []
    if st.loader_pilot == si:
        if action.get("weapon") not in (None, "loader"):
            raise RuleError("From the Loader you fight with its arms: attack ZONE with loader.")
        if not st.loader_powered:
            raise RuleError("The Loader has no power.")
        card = loader_weapon()
    else:
        stack = weapon_stack(s, action.get("weapon"))
        card = icard(stack[0])
    if any(it.uid in s.jammed for it in stack):
        raise RuleError(f"The {card.name} is jammed until the round ends.")
    if s.actions < 1:
        raise RuleError(f"{sname(s)} has no actions left.")
    origin, step = s.zone, None
    if action.get("step") is not None:
        if passive(s) != "juggernaut" or card.range != 0:
            raise RuleError("Only a Juggernaut can step in as part of a melee attack.")
        step = zone_arg(st, action, "step")
        check_step(st, si, s.zone, step, free=True, budget=Budget.of(s))
        origin = step
    zone = zone_arg(st, action)
    rng = attack_range(s, card.range)
    if zone not in target_zones(st, si, rng, ranged=card.range > 0, origin=origin):
        if zone in sight(st, origin):
            reach_text = "your own zone only" if rng == 0 else f"up to {rng} zone(s) away, in sight"
            raise RuleError(
                f"{zone} is out of the {card.name}'s reach ({reach_text}) or the line is blocked by enemies."
            )
        raise RuleError(f"{sname(s)} cannot see {zone}.")
    obj = None
    if action.get("object") is not None:
        obj = object_arg(st, action, zone)
        if obj_specs(st)[obj.id].loader_only and st.loader_pilot != si:
            raise RuleError(f"Only the Exo Loader can break the {obj.colour} objective.")
    elif not any(e.zone == zone for e in st.enemies):
        raise RuleError(f"There is nothing to attack in {zone}.")
    prefer = [str(k).lower() for k in get_list(action, "kill", 6, "kinds") if isinstance(k, str)]
    cell = None
    if card.cell:
        cells = [it for it in general_items(s) if it.card == "power-cell"]
        if not cells:
            raise RuleError(f"The {card.name} needs a Power Cell for every shot.")
        cell = cells[0]
    return Attack(stack=stack, card=card, zone=zone, step=step, obj=obj, prefer=prefer, cell=cell)


# ---------------------------------------------------------------------------------------------
# search, found items, inventory, trades


def check_search(st: EndureState, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    no_loader(st, si, "search")
    if the_board(st).zones[s.zone].kind != "room":
        raise RuleError("Corridors cannot be searched; go into a room.")
    if any(e.zone == s.zone for e in st.enemies):
        raise RuleError("You cannot search with enemies in the room.")
    if s.zone in s.searched:
        raise RuleError(f"{sname(s)} already searched {s.zone} this turn.")
    if not st.item_deck:
        raise RuleError("The item deck is empty: there is nothing left to find.")
    if "free_search" not in s.buffs:
        need_actions(s)


def _nothing_found() -> RuleError:
    return RuleError(
        "You have not found anything that is waiting for a free slot: keep and leave only answer "
        "a search whose find did not fit in your inventory."
    )


def check_keep(st: EndureState, si: int, action: dict[str, Any]) -> tuple[ItemInst, ItemInst | None]:
    """The found card to keep and the carried one to drop for it (if any)."""
    s = st.survivors[si]
    if not s.found:
        raise _nothing_found()
    inst = s.found[0]
    if action.get("item") is not None:
        wanted = action.get("item")
        pick = [
            f for f in s.found if isinstance(wanted, str) and wanted.strip().lower() in (f.card, icard(f).name.lower())
        ]
        if not pick:
            found = ", ".join(icard(f).name for f in s.found)
            raise RuleError(f"Say which card you found to keep (`/endure keep item:`): {found}.")
        inst = pick[0]
    old = None
    trial = pockets(s)
    if action.get("drop") is not None:
        if "hoarder" in s.phobias:
            raise RuleError(f"{sname(s)} cannot bear to throw anything away.")
        old = find_item(s, action.get("drop"))
        if any(old.uid == f.uid for f in s.found):
            raise RuleError("Drop something you already carry.")
        remove_item(trial, old.uid)
    if not add_item(trial, inst):
        raise RuleError(f"No room for the {icard(inst).name}: name an item to drop.")
    return inst, old


def check_leave(st: EndureState, si: int, action: dict[str, Any]) -> None:
    if not st.survivors[si].found:
        raise _nothing_found()


def check_discard(st: EndureState, si: int, action: dict[str, Any]) -> ItemInst:
    s = st.survivors[si]
    if "hoarder" in s.phobias:
        raise RuleError(f"{sname(s)} cannot bear to throw anything away.")
    return find_item(s, action.get("item"))


def check_equip(st: EndureState, si: int, action: dict[str, Any]) -> ItemInst:
    s = st.survivors[si]
    no_found(s)
    inst = find_item(s, action.get("item"), where="general")
    if icard(inst).kind not in ("armour", "helmet"):
        raise RuleError("Only armour and helmets are equipped; weapons and items work from any slot.")
    if not s.free_reorg:
        need_actions(s)
    return inst


@dataclass
class Trade:
    """A checked trade: who, the items and objectives each way."""

    partner: int
    give: list[ItemInst]
    take: list[ItemInst]
    give_objectives: list[ObjectiveState]
    take_objectives: list[ObjectiveState]


def check_trade_terms(st: EndureState, si: int, action: dict[str, Any]) -> Trade:
    """Everything a trade between ``si`` and ``action['with']`` needs, whoever must agree to it."""
    s = st.survivors[si]
    no_found(s)
    no_loader(st, si, "trade")
    oi = survivor_arg(st, action, "with")
    o = st.survivors[oi]
    if oi == si:
        raise RuleError("Trade with someone else.")
    if not on_map(o) or o.zone != s.zone:
        raise RuleError(f"{sname(o)} is not in your zone.")
    if any(e.zone == s.zone for e in st.enemies):
        raise RuleError("You cannot trade with enemies in the zone.")
    give = get_list(action, "give", 5, "items to give")
    take = get_list(action, "take", 5, "items to take")
    if not give and not take:
        raise RuleError("Say what to give and/or take.")
    if give and "hoarder" in s.phobias:
        raise RuleError(f"{sname(s)} will not part with anything.")
    if take and "hoarder" in o.phobias:
        raise RuleError(f"{sname(o)} will not part with anything.")
    gobj = [ob for ob in carried(st, si) if any(str(g).lower() in (ob.id, ob.colour) for g in give)]
    tobj = [ob for ob in carried(st, oi) if any(str(t).lower() in (ob.id, ob.colour) for t in take)]
    names = {ob.id for ob in gobj + tobj} | {ob.colour for ob in gobj + tobj}
    give = [g for g in give if str(g).lower() not in names]
    take = [t for t in take if str(t).lower() not in names]
    gi = [find_item(s, g, where="all") for g in give]
    ti = [find_item(o, t, where="all") for t in take]
    if len({i.uid for i in gi}) != len(gi) or len({i.uid for i in ti}) != len(ti):
        raise RuleError("Name each item only once.")
    if any(i in s.found for i in gi) or any(i in o.found for i in ti):
        raise RuleError("Decide about the item you found before trading it.")
    need_actions(s)
    mine, theirs = pockets(s), pockets(o)
    for i in gi:
        remove_item(mine, i.uid)
    for i in ti:
        remove_item(theirs, i.uid)
    for i in gi:
        if not add_item(theirs, i):
            raise RuleError(f"{sname(o)} has no room for the {icard(i).name}.")
    for i in ti:
        if not add_item(mine, i):
            raise RuleError(f"{sname(s)} has no room for the {icard(i).name}.")
    cap = carry_cap(st)
    mine_after = len(carried(st, si)) - len(gobj) + len(tobj)
    theirs_after = len(carried(st, oi)) - len(tobj) + len(gobj)
    if cap and (mine_after > cap or theirs_after > cap):
        raise RuleError(f"Nobody may carry more than {cap} objective(s).")
    return Trade(partner=oi, give=gi, take=ti, give_objectives=gobj, take_objectives=tobj)


def check_trade(st: EndureState, si: int, action: dict[str, Any]) -> Trade:
    """A trade at once with your own survivor, or an offer another player must answer: the same checks."""
    survivor_arg(st, action, "with")
    return check_trade_terms(st, si, action)


def check_answer(st: EndureState, seat: int | None, action: dict[str, Any]) -> bool:
    """Whether the answer accepts the waiting offer (whose trade must still be possible)."""
    if seat is None:
        raise RuleError("Only a player can answer a trade offer.")
    offer = st.offer
    if offer is None:
        raise RuleError("There is no trade offer to answer.")
    accept = action.get("accept")
    if not isinstance(accept, bool):
        raise RuleError("Answer yes or no.")
    taker_seat = st.survivors[offer.taker].seat
    giver_seat = st.survivors[offer.giver].seat
    if seat not in (taker_seat, giver_seat):
        raise RuleError("That trade offer is not yours to answer.")
    if accept and seat != taker_seat:
        raise RuleError("Only the other player can accept; you may withdraw the offer with `/endure answer reply:no`.")
    if accept:
        check_trade_terms(st, offer.giver, {"with": offer.taker, "give": offer.give, "take": offer.take})
    return accept


# ---------------------------------------------------------------------------------------------
# items, objectives, exits, noise


@dataclass
class Use:
    inst: ItemInst
    card: ItemCard
    from_found: bool
    zone: str | None


def check_use(st: EndureState, si: int, action: dict[str, Any]) -> Use:
    s = st.survivors[si]
    no_loader(st, si, "use items")
    inst = find_item(s, action.get("item"))
    # with a find waiting, the name means the found card (the one that must be settled first)
    inst = next((f for f in s.found if f.card == inst.card), inst)
    card = icard(inst)
    from_found = any(f.uid == inst.uid for f in s.found)
    if s.found and not from_found:
        no_found(s)
    if card.kind != "item":
        raise RuleError(f"The {card.name} is not something you use like that.")
    if from_found and not card.single:
        raise RuleError("Only single-use items can be used straight from the search.")
    if card.effect == "power":
        raise RuleError("Power Cells run the Exo Loader and the Void Cannon; they are spent there.")
    zone = None
    if card.effect in ("stun_zone", "decoy"):
        zone = zone_arg(st, action) if action.get("zone") else s.zone
        view = sight(st, s.zone)
        if zone not in view or view[zone][0] > card.range:
            raise RuleError(f"The {card.name} reaches only zones you see within {card.range}.")
    if card.effect == "heal" and s.health >= s.max_health and not s.injuries:
        raise RuleError(f"{sname(s)} is unhurt.")
    need_actions(s)
    return Use(inst=inst, card=card, from_found=from_found, zone=zone)


def interactable(st: EndureState, si: int) -> list[ObjectiveState]:
    """Objectives survivor ``si`` could work on where it stands (a catchable trophy first)."""
    s = st.survivors[si]
    specs = obj_specs(st)
    here = [
        o
        for o in st.objectives
        if o.zone == s.zone and not o.done and specs[o.id].hook not in ("object", "marker", "lair", "capture")
    ]
    if any(sp.hook == "capture" for sp in specs.values()):
        trophy = [o for o in st.objectives if specs[o.id].hook == "capture" and not o.done]
        if trophy and any(e.kind == "solomon" and e.marked and e.zone == s.zone for e in st.enemies):
            here = trophy + here
    return here


def check_interact(st: EndureState, si: int, action: dict[str, Any]) -> ObjectiveState:
    s = st.survivors[si]
    no_found(s)
    wanted = action.get("objective")
    here = interactable(st, si)
    if not here:
        raise RuleError("There is nothing to interact with here.")
    obj = here[0]
    if wanted is not None:
        if not isinstance(wanted, str):
            raise RuleError("Say which objective, by colour.")
        match = [o for o in here if wanted.strip().lower() in (o.id.lower(), o.colour.lower())]
        if not match:
            raise RuleError(f"There is no '{wanted[:20]}' objective in {s.zone}.")
        obj = match[0]
    spec = obj_specs(st)[obj.id]
    sedated = spec.hook == "sedate" and obj.progress >= 1
    if spec.who and not sedated and scard(s).klass.lower() != spec.who.lower():
        raise RuleError(f"Only the {spec.who.capitalize()} can handle the {obj.colour} objective.")
    if spec.hook == "pickup" and carry_cap(st) and len(carried(st, si)) >= carry_cap(st):
        raise RuleError(f"{sname(s)} cannot carry more than {carry_cap(st)} objective(s).")
    if spec.hook == "give" and not any(i in st.set_aside for i in spec.items):
        raise RuleError("There is nothing left here to take.")
    has_kit = any(it.card.startswith("med-kit") for it in general_items(s))
    if spec.hook == "sedate" and not sedated and not has_kit:
        raise RuleError("Sedating her needs a Med Kit.")
    if spec.hook == "sedate" and sedated and carry_cap(st) and len(carried(st, si)) >= carry_cap(st):
        raise RuleError(f"{sname(s)} cannot carry more.")
    need_actions(s)
    return obj


def check_exit(st: EndureState, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    mission = content().missions[st.mission]
    if s.zone not in mission.exits:
        if not mission.exits:
            raise RuleError("There is no exit here: this mission has no exit (see `/endure briefing` for the goal).")
        raise RuleError(f"There is no exit here. Exits: {', '.join(mission.exits)}.")
    if not st.exits_open or event_effect(st) == "lockdown":
        raise RuleError("The exit is locked.")
    if mission.same_exit and st.exit_used and st.exit_used != s.zone:
        raise RuleError(f"Everyone must leave by the same exit, {st.exit_used}.")
    need_actions(s)


def check_noise(st: EndureState, si: int, action: dict[str, Any]) -> int:
    s = st.survivors[si]
    no_found(s)
    level = get_int(action, "level", 1, 5, "the noise level")
    need_actions(s, level)
    return level


def check_salvage(st: EndureState, si: int, action: dict[str, Any]) -> int:
    """C014: the actions the Engineer spends stripping a shut-down robot."""
    s = st.survivors[si]
    no_found(s)
    if "rusty" not in content().missions[st.mission].specials:
        raise RuleError("There is nothing worth salvaging on this mission.")
    if scard(s).klass != "Engineer":
        raise RuleError("Only the Engineer knows how to salvage a robot.")
    n = get_int(action, "actions", 1, 3, "the actions to spend")
    if not any(e.zone == s.zone and e.stunned and etype(e.kind).family == "sentry" for e in st.enemies):
        raise RuleError("There is no shut-down robot here.")
    if not any(o.colour == "green" and not o.done for o in st.objectives):
        raise RuleError("You already have every part you need.")
    need_actions(s, n)
    return n


def check_reactivate_here(st: EndureState, si: int, action: dict[str, Any]) -> None:
    no_found(st.survivors[si])
    check_reactivate(st, si)


# ---------------------------------------------------------------------------------------------
# abilities and rewards


@dataclass
class Ability:
    """A checked ability: which one, and its target survivor, zone, door or path."""

    which: str
    target: int | None = None
    zone: str | None = None
    door: str | None = None
    path: list[str] = field(default_factory=list)


def check_ability(st: EndureState, si: int, action: dict[str, Any]) -> Ability:
    s = st.survivors[si]
    no_found(s)
    no_loader(st, si, "use abilities")
    which = action.get("which")
    if which not in ("active", "crisis"):
        raise RuleError("Say `which:active` or `which:crisis`.")
    card = scard(s)
    ab = card.active if which == "active" else card.crisis
    if which == "active" and s.used_active:
        raise RuleError(f"{sname(s)} already used {ab.name} this turn.")
    if which == "crisis" and s.crisis_used:
        raise RuleError(f"{sname(s)} already used {ab.name} this mission.")
    if s.actions < 1:
        raise RuleError(f"{sname(s)} has no actions left.")
    hook = ab.hook
    view = sight(st, s.zone)
    plan = Ability(which=which)
    if hook in ("orders", "soothe", "patch"):
        plan.target = _ability_target(st, si, action, hook, view)
    if hook in ("mind_blast", "turret"):
        zone = zone_arg(st, action)
        limit = 2 if hook == "turret" else 99
        if zone not in view or view[zone][0] > limit:
            raise RuleError(f"{zone} is not in sight{' within 2 zones' if hook == 'turret' else ''}.")
        if not any(e.zone == zone for e in st.enemies):
            raise RuleError(f"There are no enemies in {zone}.")
        plan.zone = zone
    if hook == "improvised_exit":
        zone = zone_arg(st, action)
        if zone not in the_board(st).touch[s.zone]:
            raise RuleError(f"{zone} does not share a wall with {s.zone}.")
        if zone in {z for _, z, _ in exits(st, s.zone)}:
            raise RuleError(f"There is already a way into {zone}.")
        plan.zone = zone
    if hook == "override":
        door = action.get("door")
        doors = [o for o in the_board(st).openings.values() if o.door and (o.a in view or o.b in view)]
        names = {o.id.lower(): o.id for o in doors}
        if not isinstance(door, str) or door.strip().lower() not in names:
            shown = ", ".join(sorted(names.values())[:6]) or "none in sight"
            raise RuleError(f"Name a door you can see, for example: {shown}.")
        plan.door = names[door.strip().lower()]
    if hook in ("dash", "vanish"):
        plan.path = zones_arg(st, action, 3 if hook == "vanish" else 2, "Give the zones to move through.")
        check_path(st, si, plan.path, free=True)
    need_actions(s)
    return plan


def _ability_target(st: EndureState, si: int, action: dict[str, Any], hook: str, view: dict) -> int:
    s = st.survivors[si]
    target = survivor_arg(st, action, "target") if action.get("target") is not None else None
    if hook != "patch":
        if target is None or target == si:
            raise RuleError("Name another survivor you can see.")
        if not on_map(st.survivors[target]) or st.survivors[target].zone not in view:
            raise RuleError(f"{sname(st.survivors[target])} is not in sight.")
        return target
    target = si if target is None else target
    t = st.survivors[target]
    if t.zone != s.zone or not on_map(t):
        raise RuleError("Patch up someone in your own zone.")
    if t.health >= t.max_health and not t.injuries:
        hurt = [
            sname(o) for o in st.survivors if o.zone == s.zone and on_map(o) and (o.health < o.max_health or o.injuries)
        ]
        who = f" Hurt here: {', '.join(hurt)} (choice:<survivor>)." if hurt else " Nobody here is hurt."
        raise RuleError(f"{sname(t)} needs no treatment.{who}")
    return target


@dataclass
class Reward:
    """A checked accomplishment reward: its kind and its target survivor or zone."""

    kind: str
    target: int | None = None
    zone: str | None = None


def check_reward(st: EndureState, si: int, action: dict[str, Any]) -> Reward:
    s = st.survivors[si]
    no_found(s)
    if not s.accomplishment or not s.unlocked:
        raise RuleError(f"{sname(s)} has no unlocked reward.")
    if "memory_loss" in s.phobias:
        raise RuleError(f"{sname(s)} cannot remember what the plan was (Memory Loss).")
    r = content().accomplishments[s.accomplishment].reward
    plan = Reward(kind=r)
    if r == "shove":
        ti = survivor_arg(st, action, "target")
        t = st.survivors[ti]
        if ti == si or not on_map(t) or t.zone != s.zone:
            raise RuleError("Shove someone else in your zone.")
        dest = zone_arg(st, action)
        if dest not in {z for _, z, _ in exits(st, t.zone)} or is_full(st, dest):
            raise RuleError(f"{dest} is not an open neighbouring zone.")
        plan.target, plan.zone = ti, dest
    elif r == "snipe":
        zone = zone_arg(st, action)
        view = sight(st, s.zone)
        if zone not in view or view[zone][0] > 2:
            raise RuleError(f"{zone} is not in sight within 2 zones.")
        if not any(e.zone == zone and not etype(e.kind).boss for e in st.enemies):
            raise RuleError(f"There is no ordinary enemy in {zone}.")
        plan.zone = zone
    elif r == "orders":
        ti = survivor_arg(st, action, "target")
        if ti == si or not on_map(st.survivors[ti]):
            raise RuleError("Name another living survivor.")
        plan.target = ti
    return plan


def check_end(st: EndureState, si: int, action: dict[str, Any]) -> None:
    """Ending the turn is always allowed."""


CHECKS = {
    "move": check_move,
    "attack": check_attack,
    "search": check_search,
    "keep": check_keep,
    "leave": check_leave,
    "discard": check_discard,
    "equip": check_equip,
    "trade": check_trade,
    "use": check_use,
    "interact": check_interact,
    "noise": check_noise,
    "ability": check_ability,
    "reward": check_reward,
    "end": check_end,
    "exit": check_exit,
    "loader": check_loader,
    "reactivate": check_reactivate_here,
    "salvage": check_salvage,
}


# ---------------------------------------------------------------------------------------------
# whose command it is


def acting(st: EndureState) -> int | None:
    """The survivor whose turn it is, if any."""
    if st.phase != "survivors" or st.turn_pos >= len(st.order):
        return None
    return st.order[st.turn_pos]


def check_turn(st: EndureState, seat: int | None, action: dict[str, Any]) -> int:
    """The acting survivor, if ``seat`` may give a survivor command now (not at the Refuge, no offer waiting)."""
    kind = action["type"]
    if st.offer is not None:
        taker = st.survivors[st.offer.taker]
        raise RuleError(f"Waiting for {st.seats[taker.seat]} to answer the trade offer first.")
    si = acting(st)
    if si is None:
        raise RuleError("No survivor is acting right now.")
    s = st.survivors[si]
    if seat is None or s.seat != seat:
        raise RuleError(f"It is {sname(s)}'s turn, played by {st.seats[s.seat]}.")
    if action.get("survivor") is not None and survivor_arg(st, action, "survivor") != si:
        raise RuleError(f"It is {sname(s)}'s turn, not theirs.")
    if kind not in CHECKS:
        raise RuleError(f"'{str(kind)[:20]}' is not an Endure action. Try: {', '.join(CHECKS)}.")
    return si


def check_refuge_turn(st: EndureState, seat: int | None, action: dict[str, Any]) -> int:
    """The seat, if it has something to decide at the Refuge."""
    if seat is None or not any(p.seat == seat for p in refuge_pending(st)):
        raise RuleError("Nothing is waiting for you at the Refuge right now.")
    check_refuge(st, seat, action)
    return seat


def check(st: EndureState, seat: int | None, action: dict[str, Any]) -> None:
    """Raise :class:`RuleError` if ``seat`` may not play ``action`` now; reads the state only."""
    if action["type"] == "answer":
        check_answer(st, seat, action)
        return
    if st.offer is None and st.phase == "refuge":
        check_refuge_turn(st, seat, action)
        return
    si = check_turn(st, seat, action)
    CHECKS[action["type"]](st, si, action)


def allowed(st: EndureState, seat: int, action: dict[str, Any]) -> bool:
    """Whether :func:`check` lets ``seat`` play ``action`` now."""
    try:
        check(st, seat, action)
    except RuleError:
        return False
    return True
