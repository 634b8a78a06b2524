"""Endure the Stars: the survivor actions. Each handler begins with its check from :mod:`.checks`
(which reads the state only and raises RuleError) and then plays the command. Searching, finds,
inventory and trades are played in :mod:`.inventory`; :data:`HANDLERS` names them all."""

from __future__ import annotations

from typing import Any

from rules.core import Turn
from rules.core.grammar import count

from .alarms import alarms, path_halt, watch
from .bosses import knocked_out
from .casualties import allocate, remove_dead
from .checks import (
    check_exit,
    check_interact,
    check_noise,
    check_salvage,
    check_use,
)
from .checks_map import (
    Budget,
    attack_range,
    check_ability,
    check_attack,
    check_loader,
    check_move,
    check_reward,
    check_step,
    no_found,
    survivor_arg,
    target_zones,
)
from .content import TURN_BUFFS, content, door_id
from .geometry import doors_stay
from .inventory import do_answer, do_discard, do_equip, do_keep, do_leave, do_search, do_trade
from .phases import detonate, end_turn
from .sight import refresh_sight, reveal
from .specials import reactivate, wake
from .state import EndureState, ItemInst
from .world import (
    add_item,
    carried,
    change_resolve,
    damage,
    deal_accomplishment,
    escort_home,
    etype,
    general_items,
    gravity,
    heal,
    hit_survivor,
    icard,
    living,
    lose_items,
    make_noise,
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
    spend,
    survivors_in,
    the_board,
)

__all__ = ["HANDLERS", "attack_range", "do_answer", "survivor_arg", "target_zones"]


# ---------------------------------------------------------------------------------------------
# move


def step_to(st: EndureState, turn: Turn, si: int, dest: str, *, free: bool = False, checks: bool = True) -> bool:
    """Move one zone. Returns False if a failed Resolve check stopped the move (no action spent)."""
    s = st.survivors[si]
    here = s.zone
    budget = Budget.of(s)
    check_step(st, si, here, dest, free=free, budget=budget)
    leaving_enemies = (
        checks and any(e.zone == here for e in st.enemies) and "ninja" not in s.buffs and st.loader_pilot != si
    )
    if leaving_enemies and not resolve_check(st, turn, si, f"leaving {here}"):
        s.frozen = True
        return False
    afraid = checks and "fear" in s.phobias and any(e.zone == dest for e in st.enemies)
    if afraid and not resolve_check(st, turn, si, f"entering {dest}"):
        turn.say(f"{sname(s)} cannot bring themself to go into {dest}, and stays put this round.", concerns=[s.seat])
        s.frozen = True  # like a failed check to leave: no retrying the dice until the round ends
        return False
    if not free:
        budget.pay(st)
        budget.store(s)
    s.zone = dest
    if st.loader_pilot == si:
        st.loader_zone = dest
    turn.say(f"{sname(s)} moves to {dest}.", concerns=[s.seat])
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
    """Walk the path one zone at a time; a path halts where the board changes (:mod:`.alarms`).

    A walk opens, shuts or shields nothing (no door, no event), so each zone's ways out and sight lines
    are worked out once for the whole walk, not again by every look before and after each step."""
    with doors_stay():
        _walk(st, turn, si, check_move(st, si, action))


def _walk(st: EndureState, turn: Turn, si: int, path: list[str]) -> None:
    s = st.survivors[si]
    for n, z in enumerate(path):
        if not on_map(s) or st.phase != "survivors":
            return
        before = watch(st, turn)
        if not step_to(st, turn, si, z):
            return
        reasons = alarms(st, turn, before)
        if reasons and n + 1 < len(path):
            turn.say(path_halt(sname(s), z, reasons, path[n + 1 :]), kind="warn")
            return


# ---------------------------------------------------------------------------------------------
# attack


def do_loader(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    if check_loader(st, si, action) == "enter":
        st.loader_pilot = si
        st.loader_powered = False
        s.actions = 0
        s.step_credit = s.free_moves = 0
        turn.say(f"{sname(s)} climbs into the Loader; that takes the rest of the turn.", concerns=[s.seat])
    else:
        spend(s)
        st.loader_pilot = -1
        turn.say(f"{sname(s)} climbs out of the Loader.", concerns=[s.seat])


def do_attack(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    plan = check_attack(st, si, action)
    stack, card, zone, obj, prefer, cell = plan.stack, plan.card, plan.zone, plan.obj, plan.prefer, plan.cell
    if plan.step is not None and not step_to(st, turn, si, plan.step, free=True):
        spend(s)
        turn.say(f"{sname(s)} cannot break away, and the attack is lost.", concerns=[s.seat])
        return
    ranged = card.range > 0
    spend(s)
    if cell is not None:
        remove_item(s, cell.uid)
        lose_items(st, [cell.card])
        turn.say(f"{sname(s)} burns a Power Cell.", concerns=[s.seat])
    dual = len(stack) == 2 and card.dual
    no_dual = content().missions[st.mission].no_dual
    if dual and any(o.colour in no_dual for o in carried(st, si)):
        dual = False
        turn.say(f"{sname(s)} has only one free hand and fires a single weapon.", concerns=[s.seat])
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
            turn.say(
                f"{misses} stray shot(s) hit {sname(st.survivors[victim])}!",
                kind="warn",
                concerns=[st.survivors[victim].seat],
            )
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
# items


def do_use(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    plan = check_use(st, si, action)
    inst, card, from_found, zone = plan.inst, plan.card, plan.from_found, plan.zone
    spend(s)
    if from_found:
        lose_items(st, [f.card for f in s.found])
        s.found = []
    else:
        remove_item(s, inst.uid)
        lose_items(st, [inst.card])
    turn.say(f"{sname(s)} uses the {card.name}.", concerns=[s.seat])
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
        turn.say(f"{sname(s)} gains {card.amount} actions.", concerns=[s.seat])
    refresh_sight(st, turn)


# ---------------------------------------------------------------------------------------------
# interact, noise


def do_interact(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    obj = check_interact(st, si, action)
    spec = obj_specs(st)[obj.id]
    sedated = spec.hook == "sedate" and obj.progress >= 1
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
        turn.say(f"{sname(s)} lifts the sedated woman.", concerns=[s.seat])
        return
    if spec.hook == "shrine":
        obj.done = True
        turn.say(f"{sname(s)} opens the shrine's offerings.", concerns=[s.seat])
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
        turn.say(
            f"{sname(s)} stabilises life support: {len(gone)} failure card(s) removed, events reshuffled.",
            concerns=[s.seat],
        )
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
        turn.say(f"{sname(s)} hooks the Solomon up to a drag harness.", concerns=[s.seat])
        return
    if spec.hook == "fix":
        obj.progress += 1
        if obj.progress < spec.actions:
            turn.say(
                f"{sname(s)} works on the {obj.colour} objective ({obj.progress}/{spec.actions}).", concerns=[s.seat]
            )
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
        turn.say(f"{sname(s)} works the {obj.colour} switch: {what}.", concerns=[s.seat])
        if spec.opens_exits:
            st.exits_open = True
            turn.say("The exits are unlocked.")
    elif spec.hook == "pickup":
        obj.carried_by = si
        turn.say(f"{sname(s)} picks up the {obj.colour} objective.", concerns=[s.seat])
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
            turn.say(f"{sname(s)} takes a {icard(inst).name}.", concerns=[s.seat])
        else:
            s.found = [inst]
            turn.say(f"{sname(s)} finds a {icard(inst).name} but has no room: keep it or leave it.", concerns=[s.seat])
        if not spec.once and any(i in st.set_aside for i in spec.items):
            obj.done = False
    elif spec.hook == "fix":
        if spec.ends:
            st.fixed.append(spec.ends)
        turn.say(f"{sname(s)} finishes the repair at the {obj.colour} objective.", concerns=[s.seat])
    refresh_sight(st, turn)


def do_exit(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    check_exit(st, si, action)
    mission = content().missions[st.mission]
    st.exit_used = st.exit_used or s.zone
    spend(s)
    s.exited = True
    for obj in carried(st, si):
        obj.delivered = True
        if "escort" in mission.specials:
            turn.say(f"{sname(s)} brings the {obj.colour} survivor to safety.", concerns=[s.seat])
            change_resolve(st, turn, si, 1)
    turn.say(f"{sname(s)} leaves the area.", kind="turn", concerns=[s.seat])
    end_turn(st, turn, si)


def do_noise(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    level = check_noise(st, si, action)
    spend(s, level)
    turn.say(f"{sname(s)} bangs on the walls for {count(level, 'action')}.", concerns=[s.seat])
    make_noise(st, turn, s.zone, level)


# ---------------------------------------------------------------------------------------------
# abilities


def do_ability(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    plan = check_ability(st, si, action)
    which, target, zone, door, path = plan.which, plan.target, plan.zone, plan.door, plan.path
    card = scard(s)
    ab = card.active if which == "active" else card.crisis
    hook = ab.hook
    spend(s)
    if which == "active":
        s.used_active = True
    else:
        s.crisis_used = True
    turn.say(f"{sname(s)} uses {ab.name}.", concerns=[s.seat])
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
        turn.say(f"{sname(s)} is back to full Health.", concerns=[s.seat])
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
    plan = check_reward(st, si, action)
    card = content().accomplishments[s.accomplishment]
    r = plan.kind
    turn.say(f"{sname(s)} spends '{card.name}'.", concerns=[s.seat])
    if r == "shove":
        t = st.survivors[plan.target]
        t.zone = plan.zone
        turn.say(f"{sname(t)} is shoved into {plan.zone}.")
    elif r == "snipe":
        zone = plan.zone
        victims = [e for e in st.enemies if e.zone == zone and not etype(e.kind).boss]
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
        st.survivors[plan.target].action_bonus += 1
    elif r in TURN_BUFFS:
        if r == "guard":
            s.round_buffs.append("guard")
        elif r == "sprint":
            s.free_moves += 2
        else:
            s.buffs.append(r)
        turn.say(f"{sname(s)} is boosted ({r}) until the turn ends.", concerns=[s.seat])
    deal_accomplishment(st, turn, si)
    refresh_sight(st, turn)


def do_reactivate(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    no_found(st.survivors[si])
    reactivate(st, turn, si)


def do_salvage(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    """C014: the Engineer strips a shut-down robot for a spare part (1/2/3 actions: 5+/4+/3+)."""
    s = st.survivors[si]
    n = check_salvage(st, si, action)
    downed = [e for e in st.enemies if e.zone == s.zone and e.stunned and etype(e.kind).family == "sentry"]
    parts = [o for o in st.objectives if o.colour == "green" and not o.done]
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
    turn.say(f"{sname(s)} pulls a spare part out of {etype(robot.kind).name} {robot.id}.", concerns=[s.seat])


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
