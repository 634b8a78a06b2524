"""Endure the Stars: whether a survivor may do something on the map, decided by reading the state only.

Reading a command's arguments (zones, survivors), moving (a path is followed on a few counters, never
walked), attacking, abilities and accomplishment rewards. Each ``check_<action>`` raises
:class:`RuleError` with the player's sentence, or returns what it worked out for the handler in
:mod:`.actions`. The rest of the checks and the whole ``check`` are :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from rules.core import RuleError
from rules.core.grammar import count
from rules.core.validate import get_list

from .content import ItemCard, content
from .geometry import recall, sight
from .state import EndureState, ItemInst, ObjectiveState, Survivor
from .words import name_key, survivor_names
from .world import (
    etype,
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
    scard,
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
    for i, s in enumerate(st.survivors):
        if value == s.key:  # the id, as the bot's own suggestions give it
            return i
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
        raise RuleError(f"{sname(s)} has only {count(s.actions, 'action')} left.")


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
        names = recall("doors_seen", st, s.zone, lambda: _doors_seen(st, view))
        if not isinstance(door, str) or door.strip().lower() not in names:
            shown = ", ".join(sorted(names.values())[:6]) or "none in sight"
            raise RuleError(f"Name a door you can see, for example: {shown}.")
        plan.door = names[door.strip().lower()]
    if hook in ("dash", "vanish"):
        plan.path = zones_arg(st, action, 3 if hook == "vanish" else 2, "Give the zones to move through.")
        check_path(st, si, plan.path, free=True)
    need_actions(s)
    return plan


def _doors_seen(st: EndureState, view: dict) -> dict[str, str]:
    """The doors with a side in ``view``, by lower-case id (``legal()`` checks one override per door seen:
    worked out once per zone while a memo holds, not once per door)."""
    doors = [o for o in the_board(st).openings.values() if o.door and (o.a in view or o.b in view)]
    return {o.id.lower(): o.id for o in doors}


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
