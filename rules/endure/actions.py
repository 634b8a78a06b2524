"""Endure the Stars: the survivor actions (each checks everything and raises RuleError first)."""

from __future__ import annotations

from typing import Any

import msgspec

from rules.core import RuleError, Turn
from rules.core.validate import get_int, get_list

from .bosses import knocked_out
from .casualties import allocate, remove_dead
from .content import TURN_BUFFS, ItemCard, content, door_id
from .phases import detonate, end_turn
from .sight import refresh_sight, reveal
from .specials import reactivate, wake
from .state import EndureState, ItemInst, Survivor, TradeOffer
from .words import name_key, survivor_names
from .world import (
    add_item,
    carried,
    carry_cap,
    change_resolve,
    damage,
    deal_accomplishment,
    escort_home,
    etype,
    event_effect,
    exits,
    find_item,
    general_items,
    gravity,
    heal,
    hit_survivor,
    icard,
    is_full,
    item_names,
    living,
    lose_items,
    make_noise,
    move_cap,
    obj_specs,
    on_map,
    opposite,
    passive,
    progress,
    push_line,
    remove_item,
    resolve_check,
    resolve_test,
    roll_direction,
    rolloff,
    scard,
    sight,
    sname,
    survivors_in,
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


def spend(s: Survivor, n: int = 1) -> None:
    if s.actions < n:
        raise RuleError(f"{sname(s)} has only {s.actions} action(s) left.")
    s.actions -= n
    s.step_credit = 0


def no_found(s: Survivor) -> None:
    if s.found:
        names = " or ".join(icard(f).name for f in s.found)
        raise RuleError(
            f"First decide about the {names} you found: `/endure keep` (dropping something if need be) "
            "or `/endure leave`."
        )


# ---------------------------------------------------------------------------------------------
# move


def step_to(st: EndureState, turn: Turn, si: int, dest: str, *, free: bool = False, checks: bool = True) -> bool:
    """Move one zone. Returns False if a failed Resolve check stopped the move (no action spent)."""
    s = st.survivors[si]
    here = s.zone
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
    if is_full(st, dest):
        raise RuleError(f"{dest} is full.")
    if s.frozen:
        raise RuleError(f"{sname(s)} froze in {here} and cannot leave it this round.")
    if not free and s.moved >= move_cap(st, s):
        raise RuleError(f"{sname(s)} can move at most {move_cap(st, s)} zones a turn right now.")
    if not free and s.step_credit == 0 and s.free_moves == 0 and s.actions < 1:
        raise RuleError(f"{sname(s)} has no actions left.")
    if st.loader_pilot == si and not st.loader_powered:
        raise RuleError("The Loader has no power and will not move.")
    leaving_enemies = (
        checks and any(e.zone == here for e in st.enemies) and "ninja" not in s.buffs and st.loader_pilot != si
    )
    if leaving_enemies and not resolve_check(st, turn, si, f"leaving {here}"):
        s.frozen = True
        return False
    afraid = checks and "fear" in s.phobias and any(e.zone == dest for e in st.enemies)
    if afraid and not resolve_check(st, turn, si, f"entering {dest}"):
        turn.say(f"{sname(s)} cannot bring themself to go into {dest}, and stays put this round.")
        s.frozen = True  # like a failed check to leave: no retrying the dice until the round ends
        return False
    if not free:
        if s.step_credit > 0:
            s.step_credit -= 1
        elif s.free_moves > 0:
            s.free_moves -= 1
        else:
            s.actions -= 1
            s.step_credit = 1 if gravity(st) else 0
        s.moved += 1
    s.zone = dest
    if st.loader_pilot == si:
        st.loader_zone = dest
    turn.say(f"{sname(s)} moves to {dest}.")
    progress(st, turn, si, "moves")
    escort_home(st, turn, si)
    if "claustrophobia" in s.phobias:
        crowd = sum(1 for o in st.survivors if on_map(o) and o.zone == dest) + sum(
            1 for e in st.enemies if e.zone == dest
        )
        if crowd >= 3:
            resolve_test(st, turn, si, "crowded")
    refresh_sight(st, turn)
    return True


def do_move(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    if "zones" in action:
        path = get_list(action, "zones", 8, "zones")
        if not path:
            raise RuleError("Say which zone to move to.")
        zones = [zone_arg(st, {"zone": z}) for z in path]
    else:
        zones = [zone_arg(st, action)]
    for z in zones:
        if not on_map(s) or st.phase != "survivors":
            return
        if not step_to(st, turn, si, z):
            return


# ---------------------------------------------------------------------------------------------
# attack


def no_loader(st: EndureState, si: int, what: str) -> None:
    if st.loader_pilot == si:
        raise RuleError(f"You cannot {what} from inside the Loader.")


def do_loader(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
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
        st.loader_pilot = si
        st.loader_powered = False
        s.actions = 0
        s.step_credit = s.free_moves = 0
        turn.say(f"{sname(s)} climbs into the Loader; that takes the rest of the turn.")
    elif what == "leave":
        if st.loader_pilot != si:
            raise RuleError("You are not in the Loader.")
        if st.loader_powered:
            raise RuleError("The Loader is powered this turn; its harness will not open until it runs down.")
        spend(s)
        st.loader_pilot = -1
        turn.say(f"{sname(s)} climbs out of the Loader.")
    else:
        raise RuleError("Say `/endure loader do:enter` or `/endure loader do:leave`.")


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


def target_zones(st: EndureState, si: int, rng: int, *, ranged: bool) -> dict[str, int]:
    """Zones a survivor may attack with this range: own zone, or seen within range with a clear line."""
    s = st.survivors[si]
    out = {s.zone: 0}
    if rng <= 0:
        return out
    view = sight(st, s.zone)
    for z, (dist, between, _) in view.items():
        if dist == 0 or dist > rng:
            continue
        if any(e.zone in between for e in st.enemies):
            continue
        if ranged and (s.zone in st.shields or z in st.shields):
            continue
        out[z] = dist
    return out


def do_attack(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    if st.loader_pilot == si:
        if action.get("weapon") not in (None, "loader"):
            raise RuleError("From the Loader you fight with its arms: attack ZONE with loader.")
        if not st.loader_powered:
            raise RuleError("The Loader has no power.")
        lp = content().loader
        card = ItemCard(
            key="loader", name=lp.name, kind="weapon", count=1, range=lp.range, dice=lp.dice, hit=lp.hit,
            noise=lp.noise,
        )  # fmt: skip
        stack: list[ItemInst] = []
    else:
        stack = weapon_stack(s, action.get("weapon"))
        card = icard(stack[0])
    if any(it.uid in s.jammed for it in stack):
        raise RuleError(f"The {card.name} is jammed until the round ends.")
    if s.actions < 1:
        raise RuleError(f"{sname(s)} has no actions left.")
    step = action.get("step")
    if step is not None:
        if passive(s) != "juggernaut" or card.range != 0:
            raise RuleError("Only a Juggernaut can step in as part of a melee attack.")
        dest = zone_arg(st, action, "step")
        if not step_to(st, turn, si, dest, free=True):
            spend(s)
            turn.say(f"{sname(s)} cannot break away, and the attack is lost.")
            return
    ranged = card.range > 0
    zone = zone_arg(st, action)
    reach = target_zones(st, si, attack_range(s, card.range), ranged=ranged)
    if zone not in reach:
        if zone in sight(st, s.zone):
            rng = attack_range(s, card.range)
            reach_text = "your own zone only" if rng == 0 else f"up to {rng} zone(s) away, in sight"
            raise RuleError(
                f"{zone} is out of the {card.name}'s reach ({reach_text}) or the line is blocked by enemies."
            )
        raise RuleError(f"{sname(s)} cannot see {zone}.")
    obj = None
    if action.get("object") is not None:
        obj = object_arg(st, action, zone)
        spec = objective_spec(st, obj.id)
        if spec.loader_only and st.loader_pilot != si:
            raise RuleError(f"Only the Exo Loader can break the {obj.colour} objective.")
    elif not any(e.zone == zone for e in st.enemies):
        raise RuleError(f"There is nothing to attack in {zone}.")
    prefer = [str(k).lower() for k in get_list(action, "kill", 6, "kinds") if isinstance(k, str)]
    cell: ItemInst | None = None
    if card.cell:
        cells = [it for it in general_items(s) if it.card == "power-cell"]
        if not cells:
            raise RuleError(f"The {card.name} needs a Power Cell for every shot.")
        cell = cells[0]
    spend(s)
    if cell is not None:
        remove_item(s, cell.uid)
        lose_items(st, [cell.card])
        turn.say(f"{sname(s)} burns a Power Cell.")
    dual = len(stack) == 2 and card.dual
    no_dual = content().missions[st.mission].no_dual
    if dual and any(o.colour in no_dual for o in carried(st, si)):
        dual = False
        turn.say(f"{sname(s)} has only one free hand and fires a single weapon.")
    dice = card.dice * (2 if dual else 1)
    hit = card.hit
    if passive(s) == "marksman" and ranged:
        dice += 1
    if passive(s) == "brawler" and not ranged:
        dice += 1
    if "extra_die" in s.buffs:
        dice += 1
    if "annihilate" in s.buffs:
        dice += 2
    if "accurate" in s.buffs:
        hit -= 1
    if "shaking" in s.phobias and ranged:
        hit += 1
    no_jam = passive(s) == "cool_hands"
    for mod in s.next_attack:
        if mod == "aimed":
            hit -= 1
        elif mod == "weapon_mods":
            dice += 2
            hit += 1
        elif mod == "last_stand":
            dice *= 2
            no_jam = True
    s.next_attack = []
    hit = max(2, min(6, hit))
    label = f"{sname(s)} attacks {zone} with {'two ' if dual else 'the '}{card.name} ({dice} dice, {hit}+)"
    faces = turn.rng.dice(dice, 6, label=label, seat=s.seat)
    progress(st, turn, si, "attacks")
    noise = card.noise
    if passive(s) == "quiet":
        noise -= 1
    if "silent" in s.buffs or "ninja" in s.buffs:
        noise = 0
    had_fanatic = any(e.zone == zone and e.kind == "fanatic" for e in st.enemies)
    hits = sum(1 for f in faces if f >= hit)
    if ranged and dice > 1 and len(set(faces)) == 1 and not no_jam:
        for it in stack:
            s.jammed.append(it.uid)
        turn.say(f"The {card.name} jams! The attack fails and the weapon is out until the round ends.", kind="warn")
        make_noise(st, turn, s.zone, noise)
        if had_fanatic and 6 in faces:
            detonate(st, turn, zone, "a stray shot")
        refresh_sight(st, turn)
        return
    out_cold = [] if obj is not None else [e for e in st.enemies if e.zone == zone and knocked_out(st, e)]
    if obj is not None:
        _hit_object(st, turn, si, obj, hits, loader=card.key == "loader", melee=not ranged)
        killed = []
    else:
        walkies = "walkies" in content().missions[st.mission].specials
        down = {e.id for e in st.enemies if e.zone == zone and e.stunned and etype(e.kind).family == "sentry"}
        dead = allocate(st, zone, hits, prefer, down if walkies and not ranged else None)
        if walkies and not ranged:
            shut = [e for e in dead if etype(e.kind).family == "sentry" and not etype(e.kind).boss]
            for e in shut:
                e.stunned = True
                turn.say(f"{etype(e.kind).name} {e.id} is shut down, not destroyed.")
            dead = [e for e in dead if e not in shut]
        killed = remove_dead(st, turn, dead)
    if obj is None and killed:
        counts: dict[str, int] = {}
        for e in killed:
            counts[e.kind] = counts.get(e.kind, 0) + 1
        text = ", ".join(f"{n} {etype(k).name}" for k, n in sorted(counts.items()))
        turn.say(f"{hits} hit(s): {text} killed.")
        progress(st, turn, si, "kills", len(killed))
        progress(st, turn, si, "ranged_kills" if ranged else "melee_kills", len(killed))
    elif obj is None:
        tough = [e.hp for e in st.enemies if e.zone == zone and not etype(e.kind).boss]
        need = f" (the weakest there needs {min(tough)} hits in one attack)" if hits and tough else ""
        turn.say(f"{hits} hit(s): nothing goes down{need}.")
    for e in out_cold if hits else []:
        turn.say(f"The {etype(e.kind).name} is out cold: it takes no more damage this round.")
    misses = dice - hits
    if ranged and misses > 0:
        friends = [i for i in survivors_in(st, zone) if i != si]
        if friends:
            victim = friends[0] if len(friends) == 1 else rolloff(st, turn, friends, "friendly fire")
            turn.say(f"{misses} stray shot(s) hit {sname(st.survivors[victim])}!", kind="warn")
            hit_survivor(st, turn, victim, misses, f"{sname(s)}'s stray fire")
    if had_fanatic and 6 in faces:
        blown = sum(1 for e in killed if e.kind == "fanatic")  # a Fanatic shot dead still blows up
        detonate(st, turn, zone, "a Fanatic's vest", already_dead=blown)
    make_noise(st, turn, s.zone, noise)
    if ranged and gravity(st) and on_map(s):
        _gravity_push(st, turn, si, zone, hits > 0)
    refresh_sight(st, turn)


def objective_spec(st: EndureState, oid: str):
    return obj_specs(st)[oid]


def object_arg(st: EndureState, action: dict[str, Any], zone: str):
    wanted = action.get("object")
    if not isinstance(wanted, str):
        raise RuleError("Say which objective to attack, by colour or id.")
    w = wanted.strip().lower()[:30]
    for o in st.objectives:
        if o.zone == zone and not o.done and o.hp > 0 and w in (o.id.lower(), o.colour.lower()):
            return o
    raise RuleError(f"There is no breakable '{w}' objective in {zone}.")


def _hit_object(st: EndureState, turn: Turn, si: int, obj, hits: int, *, loader: bool, melee: bool) -> None:
    spec = objective_spec(st, obj.id)
    dmg = hits + (content().loader.object_bonus if loader and hits else 0)
    if dmg <= 0:
        turn.say(f"The {obj.colour} objective holds.")
        return
    obj.hp -= dmg
    if obj.hp > 0:
        turn.say(f"The {obj.colour} objective takes {dmg} ({obj.hp} left).")
        return
    obj.hp = 0
    obj.done = True
    turn.say(f"The {obj.colour} objective ({obj.id}) is destroyed!", kind="warn")
    if spec.seals:
        for d in spec.doors:
            st.doors[d] = "sealed"
        inside = [e for e in st.enemies if e.zone == spec.seals]
        for e in inside:
            st.enemies.remove(e)
        st.radar_sealed += [t.token for t in st.radar if t.zone == spec.seals]
        st.radar = [t for t in st.radar if t.zone != spec.seals]
        turn.say(f"{spec.seals} is sealed for good; whatever was inside is trapped there.")
    elif spec.doors and all(o.done for o in st.objectives if o.colour == obj.colour):
        for d in spec.doors:
            st.doors[d] = "open"
        turn.say(f"With every {obj.colour} objective down, {', '.join(spec.doors)} opens.")
    if spec.backlash and melee and turn.rng.die(6, label=f"{obj.id} backlash") <= 3:
        turn.say("It bursts in a shower of sparks!")
        for i in survivors_in(st, obj.zone):
            damage(st, turn, i, spec.backlash, "the sparks")


def _gravity_push(st: EndureState, turn: Turn, si: int, zone: str, hit: bool) -> None:
    s = st.survivors[si]
    if zone == s.zone:
        d = roll_direction(turn, "recoil direction")
        back, fwd = d, d
    else:
        fwd = sight(st, s.zone)[zone][2]
        back = opposite(fwd)
    dest = push_line(st, s.zone, back)
    if dest != s.zone:
        s.zone = dest
        turn.say(f"With no gravity the recoil flings {sname(s)} to {dest}.")
    if hit:
        moved = [e for e in st.enemies if e.zone == zone]
        far = push_line(st, zone, fwd, max(1, len(moved)))
        if far != zone and moved:
            for e in moved:
                e.zone = far
            turn.say(f"The enemies in {zone} are blasted back to {far}.")


# ---------------------------------------------------------------------------------------------
# search, found items, inventory


def draw_item(st: EndureState, turn: Turn, si: int) -> None:
    s = st.survivors[si]
    retried = False
    while st.item_deck:
        key = st.item_deck.pop()
        turn.reveal("an item card")
        card = content().items[key]
        if card.kind == "noise":
            if passive(s) == "scavenger" and not retried:
                retried = True
                lose_items(st, [key])
                turn.say(f"{sname(s)} catches the falling junk before it clatters ({card.name}).")
                continue
            turn.say(f"{sname(s)} knocks something over: {card.name}!", kind="warn")
            lose_items(st, [key])
            make_noise(st, turn, s.zone, card.level)
            return
        inst = ItemInst(uid=st.next_id, card=key)
        st.next_id += 1
        if add_item(s, inst):
            turn.say(f"{sname(s)} finds a {card.name}.")
        else:
            s.found = [inst]
            turn.say(
                f"{sname(s)} finds a {card.name} but has no room: `/endure keep drop:` something for it, "
                "or `/endure leave` it."
            )
        return
    turn.say("There is nothing left to find on this ship.")


def do_search(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    no_loader(st, si, "search")
    zone = the_board(st).zones[s.zone]
    if zone.kind != "room":
        raise RuleError("Corridors cannot be searched; go into a room.")
    if any(e.zone == s.zone for e in st.enemies):
        raise RuleError("You cannot search with enemies in the room.")
    if s.zone in s.searched:
        raise RuleError(f"{sname(s)} already searched {s.zone} this turn.")
    if not st.item_deck:
        raise RuleError("The item deck is empty: there is nothing left to find.")
    if "free_search" in s.buffs:
        s.step_credit = 0
    else:
        spend(s)
    s.searched.append(s.zone)
    progress(st, turn, si, "searches")
    draw_item(st, turn, si)
    refresh_sight(st, turn)


def do_keep(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    if not s.found:
        raise RuleError(
            "You have not found anything that is waiting for a free slot: keep and leave only answer "
            "a search whose find did not fit in your inventory."
        )
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
    drop = action.get("drop")
    if drop is not None:
        if "hoarder" in s.phobias:
            raise RuleError(f"{sname(s)} cannot bear to throw anything away.")
        old = find_item(s, drop)
        if any(old.uid == f.uid for f in s.found):
            raise RuleError("Drop something you already carry.")
        remove_item(s, old.uid)
        lose_items(st, [old.card])
        turn.say(f"{sname(s)} drops the {icard(old).name}.")
    if not add_item(s, inst):
        raise RuleError(f"No room for the {icard(inst).name}: name an item to drop.")
    lose_items(st, [f.card for f in s.found if f.uid != inst.uid])
    s.found = []
    turn.say(f"{sname(s)} keeps the {icard(inst).name}.")


def do_leave(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    if not s.found:
        raise RuleError(
            "You have not found anything that is waiting for a free slot: keep and leave only answer "
            "a search whose find did not fit in your inventory."
        )
    turn.say(f"{sname(s)} leaves the {' and the '.join(icard(f).name for f in s.found)} behind.")
    lose_items(st, [f.card for f in s.found])
    s.found = []


def do_discard(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    if "hoarder" in s.phobias:
        raise RuleError(f"{sname(s)} cannot bear to throw anything away.")
    inst = find_item(s, action.get("item"))
    if any(f.uid == inst.uid for f in s.found):
        s.found = [f for f in s.found if f.uid != inst.uid]
    else:
        remove_item(s, inst.uid)
    lose_items(st, [inst.card])
    turn.say(f"{sname(s)} discards the {icard(inst).name}; it is gone for good.")


def do_equip(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    inst = find_item(s, action.get("item"), where="general")
    card = icard(inst)
    if card.kind not in ("armour", "helmet"):
        raise RuleError("Only armour and helmets are equipped; weapons and items work from any slot.")
    if s.free_reorg:
        s.free_reorg = False  # the reorganise that came with a trade
    else:
        spend(s)
    slot = s.body if card.kind == "armour" else s.head
    remove_item(s, inst.uid)
    old = slot[0] if slot else None
    slot.clear()
    slot.append(inst)
    if old is not None:
        s.slots.append([old])
    turn.say(f"{sname(s)} puts on the {card.name}.")


def do_trade(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    """Trade at once with your own survivor; otherwise offer it and wait for the other player."""
    oi = survivor_arg(st, action, "with")
    if oi != si and st.survivors[oi].seat != st.survivors[si].seat:
        probe = msgspec.msgpack.decode(msgspec.msgpack.encode(st), type=EndureState)
        _trade(probe, Turn(probe, None), si, action)  # every check, on a scratch copy
        give = [str(x) for x in get_list(action, "give", 5, "items to give")]
        take = [str(x) for x in get_list(action, "take", 5, "items to take")]
        st.offer = TradeOffer(giver=si, taker=oi, give=give, take=take)
        g = item_names(give)
        t = item_names(take)
        o = st.survivors[oi]
        turn.say(f"{sname(st.survivors[si])} offers {g} for {t}; {st.seats[o.seat]} ({sname(o)}) must answer.")
        return
    _trade(st, turn, si, action)


def do_answer(st: EndureState, turn: Turn, seat: int, action: dict[str, Any]) -> None:
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
    st.offer = None
    if not accept:
        turn.say("The trade offer is turned down." if seat == taker_seat else "The trade offer is withdrawn.")
        return
    _trade(st, turn, offer.giver, {"with": offer.taker, "give": offer.give, "take": offer.take})


def _trade(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
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
    spend(s)
    for i in gi:
        remove_item(s, i.uid)
    for i in ti:
        remove_item(o, i.uid)
    for i in gi:
        if not add_item(o, i):
            raise RuleError(f"{sname(o)} has no room for the {icard(i).name}.")
    for i in ti:
        if not add_item(s, i):
            raise RuleError(f"{sname(s)} has no room for the {icard(i).name}.")
    cap = carry_cap(st)
    for ob in gobj:
        ob.carried_by = oi
    for ob in tobj:
        ob.carried_by = si
    if cap and (len(carried(st, si)) > cap or len(carried(st, oi)) > cap):
        raise RuleError(f"Nobody may carry more than {cap} objective(s).")
    g = ", ".join([icard(i).name for i in gi] + [f"{ob.colour} objective" for ob in gobj]) or "nothing"
    t = ", ".join([icard(i).name for i in ti] + [f"{ob.colour} objective" for ob in tobj]) or "nothing"
    turn.say(f"{sname(s)} gives {g} to {sname(o)} and takes {t}.")
    s.free_reorg = o.free_reorg = True
    turn.say(
        f"Both may reorganise once for free (put on armour or a helmet): {sname(s)} this turn, "
        f"{sname(o)} by the end of their next turn."
    )
    progress(st, turn, si, "trades")


# ---------------------------------------------------------------------------------------------
# items


def do_use(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
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
    spend(s)
    if from_found:
        lose_items(st, [f.card for f in s.found])
        s.found = []
    else:
        remove_item(s, inst.uid)
        lose_items(st, [inst.card])
    turn.say(f"{sname(s)} uses the {card.name}.")
    progress(st, turn, si, "items_used")
    if card.effect == "heal":
        heal(st, turn, si, card.amount, injuries=3)
    elif card.effect == "stun_zone":
        hit = [e for e in st.enemies if e.zone == zone]
        for e in hit:
            e.stunned = True
        turn.say(f"{len(hit)} enemies in {zone} are stunned.")
        make_noise(st, turn, s.zone, card.noise)
    elif card.effect == "shield":
        st.shields.append(s.zone)
        turn.say(f"A Shield Bubble seals {s.zone} until the round ends.")
    elif card.effect == "decoy":
        st.decoys.append(zone)
        turn.say(f"A decoy starts chirping in {zone}.")
    elif card.effect == "resolve":
        change_resolve(st, turn, si, card.amount)
    elif card.effect == "actions":
        s.actions += card.amount
        turn.say(f"{sname(s)} gains {card.amount} actions.")
    refresh_sight(st, turn)


# ---------------------------------------------------------------------------------------------
# interact, noise


def do_interact(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    wanted = action.get("objective")
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
    spend(s)
    if spec.hook == "sedate" and not sedated:
        kit = next(it for it in general_items(s) if it.card.startswith("med-kit"))
        remove_item(s, kit.uid)
        lose_items(st, [kit.card])
        others = len(survivors_in(st, s.zone)) - 1
        need = max(2, 5 - others)
        face = turn.rng.die(6, label=f"{sname(s)} sedates her ({need}+)", seat=s.seat)
        if face >= need:  # ROP16 'Dead weight': she goes straight onto the Medic's dashboard
            obj.progress = 1
            obj.done = True
            obj.carried_by = si
            turn.say(f"She slumps, calm at last, and {sname(s)} takes her up.")
        else:
            turn.say("She fights the needle off; the Med Kit is wasted.")
        return
    if sedated:
        obj.done = True
        obj.carried_by = si
        turn.say(f"{sname(s)} lifts the sedated woman.")
        return
    if spec.hook == "shrine":
        obj.done = True
        turn.say(f"{sname(s)} opens the shrine's offerings.")
        for i in survivors_in(st, s.zone):
            t = st.survivors[i]
            cards: list[str] = []
            while st.item_deck and len(cards) < 2:
                k = st.item_deck.pop()
                turn.reveal("an item card")
                if content().items[k].kind != "noise":
                    cards.append(k)
                else:
                    lose_items(st, [k])
            t.found = [ItemInst(uid=st.next_id + n, card=k) for n, k in enumerate(cards)]
            st.next_id += len(cards)
            if cards:
                shown = " and ".join(content().items[k].name for k in cards)
                turn.say(f"{sname(t)} may keep one of: {shown}.")
        return
    if spec.hook == "purge":
        obj.done = True
        gone = [k for k in st.event_deck + st.event_discard if content().events[k].effect == "life_support"]
        st.event_deck = [k for k in st.event_deck + st.event_discard if content().events[k].effect != "life_support"]
        st.event_discard = []
        turn.rng.shuffle(st.event_deck)
        turn.say(f"{sname(s)} stabilises life support: {len(gone)} failure card(s) removed, events reshuffled.")
        return
    if spec.hook == "wake":
        wake(st, turn)
        refresh_sight(st, turn)
        return
    if spec.hook == "capture":
        sol = next(e for e in st.enemies if e.kind == "solomon" and e.marked and e.zone == s.zone)
        st.enemies.remove(sol)
        obj.done = True
        obj.carried_by = si
        obj.zone = s.zone
        turn.say(f"{sname(s)} hooks the Solomon up to a drag harness.")
        return
    if spec.hook == "fix":
        obj.progress += 1
        if obj.progress < spec.actions:
            turn.say(f"{sname(s)} works on the {obj.colour} objective ({obj.progress}/{spec.actions}).")
            return
    obj.done = True
    if spec.hook == "unlock":
        for d in spec.doors:
            st.doors[d] = "open"
        between = ", ".join(d.replace("|", " and ") for d in spec.doors)
        plural = "doors" if len(spec.doors) > 1 else "door"
        what = (
            f"the {plural} between {between} {'unlock' if len(spec.doors) > 1 else 'unlocks'}"
            if spec.doors
            else "it clicks"
        )
        turn.say(f"{sname(s)} works the {obj.colour} switch: {what}.")
        if spec.opens_exits:
            st.exits_open = True
            turn.say("The exits are unlocked.")
    elif spec.hook == "pickup":
        obj.carried_by = si
        turn.say(f"{sname(s)} picks up the {obj.colour} objective.")
        if spec.health_cost:
            damage(st, turn, si, spec.health_cost, f"the {obj.colour} objective")
        if spec.resolve_cost:
            change_resolve(st, turn, si, -spec.resolve_cost)
    elif spec.hook == "give":
        choices = [i for i in spec.items if i in st.set_aside]
        key = choices[0] if len(choices) == 1 else turn.rng.choice(sorted(choices))
        st.set_aside.remove(key)
        inst = ItemInst(uid=st.next_id, card=key)
        st.next_id += 1
        if add_item(s, inst):
            turn.say(f"{sname(s)} takes a {icard(inst).name}.")
        else:
            s.found = [inst]
            turn.say(f"{sname(s)} finds a {icard(inst).name} but has no room: keep it or leave it.")
        if not spec.once and any(i in st.set_aside for i in spec.items):
            obj.done = False
    elif spec.hook == "fix":
        if spec.ends:
            st.fixed.append(spec.ends)
        turn.say(f"{sname(s)} finishes the repair at the {obj.colour} objective.")
    refresh_sight(st, turn)


def do_exit(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    mission = content().missions[st.mission]
    if s.zone not in mission.exits:
        where = f" Exits: {', '.join(mission.exits)}." if mission.exits else ""
        if not mission.exits:
            raise RuleError("There is no exit here: this mission has no exit (see `/endure briefing` for the goal).")
        raise RuleError("There is no exit here." + where)
    if not st.exits_open or event_effect(st) == "lockdown":
        raise RuleError("The exit is locked.")
    if mission.same_exit and st.exit_used and st.exit_used != s.zone:
        raise RuleError(f"Everyone must leave by the same exit, {st.exit_used}.")
    st.exit_used = st.exit_used or s.zone
    spend(s)
    s.exited = True
    for obj in carried(st, si):
        obj.delivered = True
        if "escort" in mission.specials:
            turn.say(f"{sname(s)} brings the {obj.colour} survivor to safety.")
            change_resolve(st, turn, si, 1)
    turn.say(f"{sname(s)} leaves the area.", kind="turn")
    end_turn(st, turn, si)


def do_noise(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    level = get_int(action, "level", 1, 5, "the noise level")
    spend(s, level)
    turn.say(f"{sname(s)} bangs on the walls for {level} action(s).")
    make_noise(st, turn, s.zone, level)


# ---------------------------------------------------------------------------------------------
# abilities


def do_ability(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
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
    # validate targets first
    target = None
    zone = None
    if hook in ("orders", "soothe", "patch"):
        target = survivor_arg(st, action, "target") if action.get("target") is not None else None
        if hook == "patch":
            target = si if target is None else target
            if st.survivors[target].zone != s.zone or not on_map(st.survivors[target]):
                raise RuleError("Patch up someone in your own zone.")
            t = st.survivors[target]
            if t.health >= t.max_health and not t.injuries:
                hurt = [
                    sname(o)
                    for o in st.survivors
                    if o.zone == s.zone and on_map(o) and (o.health < o.max_health or o.injuries)
                ]
                who = f" Hurt here: {', '.join(hurt)} (choice:<survivor>)." if hurt else " Nobody here is hurt."
                raise RuleError(f"{sname(t)} needs no treatment.{who}")
        else:
            if target is None or target == si:
                raise RuleError("Name another survivor you can see.")
            if not on_map(st.survivors[target]) or st.survivors[target].zone not in view:
                raise RuleError(f"{sname(st.survivors[target])} is not in sight.")
    if hook in ("mind_blast", "turret"):
        zone = zone_arg(st, action)
        limit = 2 if hook == "turret" else 99
        if zone not in view or view[zone][0] > limit:
            raise RuleError(f"{zone} is not in sight{' within 2 zones' if hook == 'turret' else ''}.")
        if not any(e.zone == zone for e in st.enemies):
            raise RuleError(f"There are no enemies in {zone}.")
    if hook == "improvised_exit":
        zone = zone_arg(st, action)
        b = the_board(st)
        if zone not in b.touch[s.zone]:
            raise RuleError(f"{zone} does not share a wall with {s.zone}.")
        if zone in {z for _, z, _ in exits(st, s.zone)}:
            raise RuleError(f"There is already a way into {zone}.")
    door = None
    if hook == "override":
        door = action.get("door")
        doors = [o for o in the_board(st).openings.values() if o.door and (o.a in view or o.b in view)]
        names = {o.id.lower(): o.id for o in doors}
        if not isinstance(door, str) or door.strip().lower() not in names:
            shown = ", ".join(sorted(names.values())[:6]) or "none in sight"
            raise RuleError(f"Name a door you can see, for example: {shown}.")
        door = names[door.strip().lower()]
    path: list[str] = []
    if hook in ("dash", "vanish"):
        raw = get_list(action, "zones", 3 if hook == "vanish" else 2, "zones")
        if not raw:
            raise RuleError("Give the zones to move through.")
        path = [zone_arg(st, {"zone": z}) for z in raw]
    spend(s)
    if which == "active":
        s.used_active = True
    else:
        s.crisis_used = True
    turn.say(f"{sname(s)} uses {ab.name}.")
    bonus = 1 if passive(s) == "field_medic" else 0
    if hook == "rally":
        for i in survivors_in(st, s.zone):
            change_resolve(st, turn, i, 1)
    elif hook == "orders":
        st.survivors[target].action_bonus += 1
        turn.say(f"{sname(st.survivors[target])} gets 1 more action next turn.")
    elif hook == "aimed":
        s.next_attack.append("aimed")
    elif hook == "guard":
        s.round_buffs.append("guard")
    elif hook == "patch":
        heal(st, turn, target, 1 + bonus, injuries=1)
    elif hook == "soothe":
        change_resolve(st, turn, target, 2)
    elif hook == "scan":
        b = the_board(st)
        near = [t for t in st.radar if b.noise_dist[s.zone].get(t.zone, 99) <= 2]
        if not near:
            turn.say("The sweep finds nothing close.")
        for tok in sorted(near, key=lambda t: t.id):
            if tok in st.radar:
                reveal(st, turn, tok)
    elif hook == "weapon_mods":
        s.next_attack.append("weapon_mods")
    elif hook == "override":
        st.doors[door] = "locked" if st.doors.get(door, "open") == "open" else "open"
        turn.say(f"Door {door} is now {st.doors[door]}.")
    elif hook == "dash" or hook == "vanish":
        for z in path:
            if not step_to(st, turn, si, z, free=True, checks=hook == "dash"):
                break
    elif hook == "inspire":
        for i in living(st):
            if i != si:
                st.survivors[i].action_bonus += 1
        turn.say("Everyone else gets 1 more action next turn.")
    elif hook == "second_wind":
        s.health = s.max_health
        turn.say(f"{sname(s)} is back to full Health.")
        change_resolve(st, turn, si, 2)
    elif hook == "last_stand":
        s.next_attack.append("last_stand")
    elif hook == "miracle":
        for i in survivors_in(st, s.zone):
            heal(st, turn, i, 3 + bonus, injuries=3)
    elif hook == "mind_blast":
        hit = [e for e in st.enemies if e.zone == zone]
        for e in hit:
            e.stunned = True
        turn.say(f"{len(hit)} enemies in {zone} reel, stunned.")
    elif hook == "improvised_exit":
        st.extra_openings.append(door_id(s.zone, zone))
        turn.say(f"A new way opens between {s.zone} and {zone}.")
    elif hook == "turret":
        faces = turn.rng.dice(4, 6, label="auto-turret (3+)")
        hits = sum(1 for f in faces if f >= 3)
        killed = remove_dead(st, turn, allocate(st, zone, hits, []))
        turn.say(f"The turret kills {len(killed)}.")
        progress(st, turn, si, "kills", len(killed))
    refresh_sight(st, turn)


# ---------------------------------------------------------------------------------------------
# accomplishment reward


def do_reward(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    if not s.accomplishment or not s.unlocked:
        raise RuleError(f"{sname(s)} has no unlocked reward.")
    if "memory_loss" in s.phobias:
        raise RuleError(f"{sname(s)} cannot remember what the plan was (Memory Loss).")
    card = content().accomplishments[s.accomplishment]
    r = card.reward
    view = sight(st, s.zone)
    if r == "shove":
        ti = survivor_arg(st, action, "target")
        t = st.survivors[ti]
        if ti == si or not on_map(t) or t.zone != s.zone:
            raise RuleError("Shove someone else in your zone.")
        dest = zone_arg(st, action)
        if dest not in {z for _, z, _ in exits(st, t.zone)} or is_full(st, dest):
            raise RuleError(f"{dest} is not an open neighbouring zone.")
    elif r == "snipe":
        zone = zone_arg(st, action)
        if zone not in view or view[zone][0] > 2:
            raise RuleError(f"{zone} is not in sight within 2 zones.")
        victims = [e for e in st.enemies if e.zone == zone and not etype(e.kind).boss]
        if not victims:
            raise RuleError(f"There is no ordinary enemy in {zone}.")
    elif r == "orders":
        ti = survivor_arg(st, action, "target")
        if ti == si or not on_map(st.survivors[ti]):
            raise RuleError("Name another living survivor.")
    turn.say(f"{sname(s)} spends '{card.name}'.")
    if r == "shove":
        t.zone = dest
        turn.say(f"{sname(t)} is shoved into {dest}.")
    elif r == "snipe":
        kind = action.get("kind")
        pick = [e for e in victims if e.kind == kind] or victims
        e = sorted(pick, key=lambda x: x.id)[0]
        st.enemies.remove(e)
        turn.say(f"One {etype(e.kind).name} in {zone} drops.")
    elif r == "gambit":
        s.actions += 2
        change_resolve(st, turn, si, -1)
    elif r == "patch_up":
        heal(st, turn, si, 1)
    elif r == "rally":
        for i in survivors_in(st, s.zone):
            change_resolve(st, turn, i, 1)
    elif r == "calm":
        change_resolve(st, turn, si, 2)
    elif r == "hope":
        for i in living(st):
            change_resolve(st, turn, i, 1)
    elif r == "actions":
        s.actions += 1
    elif r == "orders":
        st.survivors[ti].action_bonus += 1
    elif r in TURN_BUFFS:
        if r == "guard":
            s.round_buffs.append("guard")
        elif r == "sprint":
            s.free_moves += 2
        else:
            s.buffs.append(r)
        turn.say(f"{sname(s)} is boosted ({r}) until the turn ends.")
    deal_accomplishment(st, turn, si)
    refresh_sight(st, turn)


def do_reactivate(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    no_found(st.survivors[si])
    reactivate(st, turn, si)


def do_salvage(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    """C014: the Engineer strips a shut-down robot for a spare part (1/2/3 actions: 5+/4+/3+)."""
    s = st.survivors[si]
    no_found(s)
    if "rusty" not in content().missions[st.mission].specials:
        raise RuleError("There is nothing worth salvaging on this mission.")
    if scard(s).klass != "Engineer":
        raise RuleError("Only the Engineer knows how to salvage a robot.")
    n = get_int(action, "actions", 1, 3, "the actions to spend")
    downed = [e for e in st.enemies if e.zone == s.zone and e.stunned and etype(e.kind).family == "sentry"]
    if not downed:
        raise RuleError("There is no shut-down robot here.")
    parts = [o for o in st.objectives if o.colour == "green" and not o.done]
    if not parts:
        raise RuleError("You already have every part you need.")
    spend(s, n)
    need = 6 - n
    face = turn.rng.die(6, label=f"{sname(s)} salvages ({need}+)", seat=s.seat)
    if face < need:
        turn.say("The robot's guts are fried; nothing useful comes out.")
        return
    robot = sorted(downed, key=lambda e: e.id)[0]
    st.enemies.remove(robot)
    part = parts[0]
    part.done, part.carried_by = True, si
    turn.say(f"{sname(s)} pulls a spare part out of {etype(robot.kind).name} {robot.id}.")


def do_end(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    turn.say(f"{sname(st.survivors[si])} ends the turn.")
    end_turn(st, turn, si)


HANDLERS = {
    "move": do_move,
    "attack": do_attack,
    "search": do_search,
    "keep": do_keep,
    "leave": do_leave,
    "discard": do_discard,
    "equip": do_equip,
    "trade": do_trade,
    "use": do_use,
    "interact": do_interact,
    "noise": do_noise,
    "ability": do_ability,
    "reward": do_reward,
    "end": do_end,
    "exit": do_exit,
    "loader": do_loader,
    "reactivate": do_reactivate,
    "salvage": do_salvage,
}
