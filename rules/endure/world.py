"""Endure the Stars: the shared machinery the survivor actions and the enemy phase both use.

Names, items, Resolve, damage and death, placing and spawning models, noise; the geometry of the
live board (doors, sight lines, routes) is :mod:`.geometry`, below this module. Nothing here
reaches up to bosses or mission specials: revealing contacts is :mod:`.sight`, taking the dead off
is :mod:`.casualties`. Every function takes the state (a private copy inside ``perform``) and the
:class:`~rules.core.Turn` for dice and narration.
"""

from __future__ import annotations

from rules.core import RuleError, Turn
from rules.core.grammar import count

from .content import DIRS, OPPOSITE, content
from .geometry import (
    event_effect,
    exits,
    gravity,
    is_full,
    models_in,
    on_map,
    path_steps,
    recall,
    sees,
    survivors_in,
    the_board,
)
from .geometry import sight as sight  # re-exported: actions.py still takes it from here
from .state import PERMANENT, EndureState, Enemy, ItemInst, NoiseToken, Radar, Survivor

MAX_RESOLVE = 10
CLOCKWISE = list(DIRS)

# ---------------------------------------------------------------------------------------------
# names


def scard(s: Survivor):
    return content().survivors[s.key]


def sname(s: Survivor) -> str:
    return scard(s).name


def ename(kind: str, n: int = 1) -> str:
    name = content().enemies[kind].name
    if n == 1:
        return name
    return f"{n} {name}" if name.endswith("s") else f"{n} {name}s"


def etype(kind: str):
    return content().enemies[kind]


def icard(inst: ItemInst):
    return content().items[inst.card]


def item_names(keys: list[str]) -> str:
    """Player words for a list of item keys (or objective colours) in a trade: 'Pistol, Med Kit'."""
    items = content().items
    words = [items[k].name if k in items else f"the {k} objective" for k in keys]
    return ", ".join(words) or "nothing"


def obj_specs(st: EndureState) -> dict:
    """Objective rules for this mission, campaign consequences included (read only: while ``legal()``
    runs, one dict answers every command considered)."""
    return recall("specs", st, None, lambda: _obj_specs(st))


def _obj_specs(st: EndureState) -> dict:
    mission = content().missions[st.mission]
    specs = {o.id: o for o in mission.objectives}
    for cons in mission.after:
        if st.campaign and cons.when in st.campaign_done:
            specs.update({o.id: o for o in cons.objectives})
    return specs


def specials(st: EndureState) -> tuple[str, ...]:
    """The special rules in force: the mission's own and those a campaign added."""
    return content().missions[st.mission].specials + tuple(st.extra_specials)


def no_solomon(st: EndureState) -> bool:
    return "no_solomon" in specials(st)


def living(st: EndureState) -> list[int]:
    """The survivors on the map (:func:`on_map`, written out: this runs dozens of times per phase)."""
    return [i for i, s in enumerate(st.survivors) if s.alive and not s.exited]


def roll_direction(turn: Turn, label: str) -> str:
    return turn.rng.roll_faces(list(content().direction_faces), 1, label=label)[0]


def pick_by_direction(turn: Turn, options: list[tuple[str, str]], label: str) -> str | None:
    """Roll the directional die, turning clockwise until it points at one of ``options``."""
    if not options:
        return None
    if len({d for d, _ in options}) == 1 and len(options) == 1:
        return options[0][1]
    face = roll_direction(turn, label)
    start = CLOCKWISE.index(face)
    for k in range(4):
        d = CLOCKWISE[(start + k) % 4]
        zones = sorted(z for dd, z in options if dd == d)
        if zones:
            return zones[0] if len(zones) == 1 else turn.rng.choice(zones)
    return None


# ---------------------------------------------------------------------------------------------
# noise


def make_noise(st: EndureState, turn: Turn, zone: str, level: int, *, resolution: bool = False) -> None:
    if level <= 0:
        return
    for tok in st.noise:
        if tok.zone == zone and tok.res_round != PERMANENT:  # a following noise moves on by itself
            if tok.level >= level:
                turn.say(f"A level {level} noise in {zone} is drowned out by the louder one already there.")
                return
            tok.level = level
            if resolution:
                tok.res_round = st.round
            turn.say(f"The noise in {zone} rises to level {level}.")
            return
    st.noise.append(NoiseToken(zone=zone, level=level, res_round=st.round if resolution else 0))
    turn.say(f"Noise {level} in {zone}.")


# ---------------------------------------------------------------------------------------------
# survivors: passives, armour, items


def passive(s: Survivor) -> str:
    return scard(s).passive.hook


def general_items(s: Survivor) -> list[ItemInst]:
    return [it for stack in s.slots for it in stack]


def all_items(s: Survivor) -> list[ItemInst]:
    return list(s.head) + list(s.body) + general_items(s)


def helmet_effect(s: Survivor) -> str:
    return icard(s.head[0]).effect if s.head else ""


def steadiness(s: Survivor) -> int:
    """How many points above current Resolve a test may roll and still pass."""
    bonus = 0
    if passive(s) == "steady":
        bonus += 1
    if helmet_effect(s) == "steady":
        bonus += 1
    if "surrounded" in s.phobias:
        bonus -= 1
    return bonus


def move_cap(st: EndureState, s: Survivor) -> int:
    """How many zones ``s`` may move this turn."""
    return recall("move_cap", st, id(s), lambda: _move_cap(st, s))


def _move_cap(st: EndureState, s: Survivor) -> int:
    cap = 99
    if "escort" in content().missions[st.mission].specials:
        si = st.survivors.index(s)
        if any(o.carried_by == si for o in st.objectives):
            cap = 2
    if "leg" in s.injuries:
        cap = 4 if gravity(st) else 2
    for it in all_items(s):
        c = icard(it)
        if c.kind == "armour" and c.move_cap:
            cap = min(cap, c.move_cap * (2 if gravity(st) else 1))
    return cap


def add_item(s: Survivor, inst: ItemInst) -> bool:
    card = icard(inst)
    if card.kind == "armour" and not s.body:
        s.body.append(inst)
        return True
    if card.kind == "helmet" and not s.head:
        s.head.append(inst)
        return True
    if card.kind == "weapon" and card.dual:
        for stack in s.slots:
            if len(stack) == 1 and stack[0].card == inst.card:
                stack.append(inst)
                return True
    if len(s.slots) < 3:
        s.slots.append([inst])
        return True
    return False


def lose_items(st: EndureState, keys: list[str]) -> None:
    """Item cards that leave the game: kept face up in ``item_discard`` (cards are conserved)."""
    st.item_discard.extend(keys)


def remove_item(s: Survivor, uid: int) -> ItemInst | None:
    for group in (s.head, s.body):
        for it in group:
            if it.uid == uid:
                group.remove(it)
                return it
    for stack in s.slots:
        for it in stack:
            if it.uid == uid:
                stack.remove(it)
                if not stack:
                    s.slots.remove(stack)
                return it
    return None


def find_item(s: Survivor, name: object, *, where: str = "all") -> ItemInst:
    if not isinstance(name, str) or not name.strip():
        raise RuleError("Say which item.")
    wanted = name.strip().lower().replace(" ", "-")[:60]
    pool = general_items(s) if where == "general" else all_items(s)
    if where == "all" and s.found:
        pool = pool + list(s.found)
    items = content().items
    for it in pool:
        if it.card == wanted or items[it.card].name.lower().replace(" ", "-") == wanted:
            return it
    held = ", ".join(sorted({it.card for it in pool})) or "nothing"
    raise RuleError(f"{sname(s)} has no '{name.strip()[:30]}'. Carried: {held}.")


def spend(s: Survivor, n: int = 1) -> None:
    """Pay ``n`` actions (refused when fewer are left); a paid action ends a low-gravity step credit."""
    if s.actions < n:
        raise RuleError(f"{sname(s)} has only {count(s.actions, 'action')} left.")
    s.actions -= n
    s.step_credit = 0


def heal(st: EndureState, turn: Turn, si: int, amount: int, *, injuries: int = 0) -> None:
    s = st.survivors[si]
    before = s.health
    s.health = min(s.max_health, s.health + amount)
    cleared = []
    if injuries:
        for inj in ("chest", "leg", "head"):
            if inj == "chest" and si == st.scent:
                continue
            if inj in s.injuries and len(cleared) < injuries:
                s.injuries.remove(inj)
                cleared.append(inj)
    extra = f", {' and '.join(cleared)} injury healed" if cleared else ""
    turn.say(f"{sname(s)} heals {s.health - before} (Health {s.health}/{s.max_health}){extra}.", concerns=[s.seat])
    if "iatrophobia" in s.phobias:
        turn.say(f"{sname(s)} hates being treated.", concerns=[s.seat])
        change_resolve(st, turn, si, -1)


# ---------------------------------------------------------------------------------------------
# Resolve


def change_resolve(st: EndureState, turn: Turn, si: int, delta: int) -> None:
    s = st.survivors[si]
    if not s.alive or delta == 0:
        return
    new = max(0, min(MAX_RESOLVE, s.resolve + delta))
    if new == s.resolve:
        return
    s.resolve = new
    turn.say(f"{sname(s)} Resolve {s.resolve}.", concerns=[s.seat])
    if st.phase == "refuge":
        return
    for slot in s.resolve_cards:
        if not slot.revealed and not slot.dormant and slot.number == s.resolve:
            slot.revealed = True
            turn.reveal("a Resolve card")
            trigger_resolve_card(st, turn, si, slot.card)
            if not s.alive:
                return


def resolve_test(st: EndureState, turn: Turn, si: int, why: str) -> bool:
    """2d6 against current Resolve; failing costs 1 Resolve. At 0 Resolve it costs 1 Health."""
    s = st.survivors[si]
    if not on_map(s):
        return True
    if s.resolve <= 0:
        turn.say(f"{sname(s)} has no Resolve left to test ({why}) and loses 1 Health instead.", concerns=[s.seat])
        damage(st, turn, si, 1, "despair")
        return False
    faces = turn.rng.dice(2, 6, label=f"{sname(s)} Resolve test ({why})", seat=s.seat)
    total = sum(faces)
    if total >= s.resolve + steadiness(s):
        turn.say(f"{sname(s)} fails the test ({total} vs Resolve {s.resolve}).", concerns=[s.seat])
        for slot in s.resolve_cards:
            slot.dormant = False
        change_resolve(st, turn, si, -1)
        return False
    turn.say(f"{sname(s)} holds firm ({total} vs Resolve {s.resolve}).", concerns=[s.seat])
    progress(st, turn, si, "tests_passed")
    return True


def resolve_check(st: EndureState, turn: Turn, si: int, why: str) -> bool:
    """Like a test, but failing costs nothing."""
    s = st.survivors[si]
    faces = turn.rng.dice(2, 6, label=f"{sname(s)} Resolve check ({why})", seat=s.seat)
    total = sum(faces)
    ok = total < s.resolve + steadiness(s)
    turn.say(
        f"{sname(s)} {'steels themself' if ok else 'freezes'} ({total} vs Resolve {s.resolve}).", concerns=[s.seat]
    )
    return ok


def trigger_resolve_card(st: EndureState, turn: Turn, si: int, key: str) -> None:
    card = content().resolve[key]
    s = st.survivors[si]
    turn.say(f"{sname(s)}'s Resolve card {card.number} flips: {card.name}!", kind="warn", concerns=[s.seat])
    hook = card.hook
    if card.group == "persistent":
        s.phobias.append(hook)
        return
    if hook == "noise":
        make_noise(st, turn, s.zone, card.amount)
    elif hook == "lose_actions":
        s.action_penalty += card.amount
        turn.say(f"{sname(s)} will have {count(card.amount, 'fewer action')} next turn.", concerns=[s.seat])
    elif hook == "hurt":
        damage(st, turn, si, card.amount, card.name)
    elif hook == "spread":
        for other in survivors_in(st, s.zone):
            if other != si:
                change_resolve(st, turn, other, -card.amount)
    elif hook == "stunned":
        stun_survivor(st, turn, si)
    elif hook == "bolt":
        options = [(d, z) for _, z, d in exits(st, s.zone) if not is_full(st, z) and z not in st.shields]
        if s.zone in st.shields:
            options = []
        dest = pick_by_direction(turn, options, f"{sname(s)} bolts")
        if dest:
            s.zone = dest
            turn.say(f"{sname(s)} bolts into {dest}.", concerns=[s.seat])
    elif hook == "drop":
        carried = general_items(s)
        if carried:
            it = turn.rng.choice(carried)
            remove_item(s, it.uid)
            lose_items(st, [it.card])
            turn.say(f"{sname(s)} drops the {icard(it).name}; it is lost.", concerns=[s.seat])
    elif hook == "periphery":
        b = the_board(st)
        for tok in st.radar:
            if b.noise_dist[tok.zone].get(s.zone, 99) <= 2:
                _, steps = path_steps(st, tok.zone, s.zone, mover_blocked=False)
                if steps:
                    tok.zone = sorted(steps)[0][1]
                    turn.say(f"A radar contact creeps closer to {sname(s)}, into {tok.zone}.")


def drop_objectives(st: EndureState, turn: Turn, si: int) -> None:
    """A dead carrier's objective tokens: the mission may fail, pass them on, or they drop."""
    s = st.survivors[si]
    mission = content().missions[st.mission]
    rules = dict(f.partition(":")[::2] for f in mission.fails)
    for obj in st.objectives:
        if obj.carried_by != si:
            continue
        if obj_specs(st)[obj.id].hook == "capture" and not st.failed:
            st.failed = f"{sname(s)} fell with the Solomon in harness; it breaks loose and the trophy is lost."
        if rules.get("carrier_dies") == obj.colour:
            st.failed = f"{sname(s)} died carrying the {obj.colour} objective."
            obj.carried_by = -1
            continue
        if rules.get("pass_on") == obj.colour:
            others = [i for i in survivors_in(st, s.zone) if i != si]
            if others:
                obj.carried_by = others[0]
                turn.say(f"{sname(st.survivors[others[0]])} takes the {obj.colour} objective from the body.")
            else:
                obj.carried_by = -1
                st.failed = f"The {obj.colour} objective was lost with {sname(s)}."
            continue
        obj.carried_by = -1
        obj.done = False
        obj.zone = s.zone
        turn.say(f"The {obj.colour} objective drops in {s.zone}.")


def carried(st: EndureState, si: int) -> list:
    return [o for o in st.objectives if o.carried_by == si]


def carry_cap(st: EndureState) -> int:
    """How many objective tokens one survivor may carry (0 = no limit). A crew smaller than the
    objectives that must be carried off the map (CG09 with 1-2 survivors) may share them out evenly:
    our row for small crews, so the mission stays winnable."""
    mission = content().missions[st.mission]
    cap = mission.max_carry
    if not cap or "escort" in mission.specials:
        return cap
    carry_out = sum(1 for o in mission.objectives if o.hook == "pickup")
    return max(cap, -(-carry_out // max(1, len(st.survivors))))


def escort_home(st: EndureState, turn: Turn, si: int) -> None:
    """CG05 'You're safe now': a carrier standing at an open exit hands the crew member over to
    safety (the token leaves the survivor, who stays on the map) and gains 1 Resolve."""
    mission = content().missions[st.mission]
    s = st.survivors[si]
    if "escort" not in mission.specials or not on_map(s) or s.zone not in mission.exits:
        return
    if not st.exits_open or event_effect(st) == "lockdown":
        return
    for obj in carried(st, si):
        obj.delivered = True
        obj.carried_by = -1
        turn.say(f"{sname(s)} brings the {obj.colour} survivor to safety at the exit.", concerns=[s.seat])
        change_resolve(st, turn, si, 1)


def stun_survivor(st: EndureState, turn: Turn, si: int) -> None:
    s = st.survivors[si]
    if st.phase == "survivors" and st.order and st.order[st.turn_pos] == si:
        s.actions = 0
        s.stunned = True
        turn.say(f"{sname(s)} is stunned and loses the rest of this turn.", concerns=[s.seat])
    else:
        s.action_penalty += 1
        turn.say(f"{sname(s)} is stunned: 1 action fewer next turn.", concerns=[s.seat])


# ---------------------------------------------------------------------------------------------
# accomplishments


def progress(st: EndureState, turn: Turn, si: int, goal: str, n: int = 1) -> None:
    s = st.survivors[si]
    if not s.accomplishment or s.unlocked:
        return
    card = content().accomplishments[s.accomplishment]
    if card.goal != goal:
        return
    s.progress += n
    if s.progress >= card.target:
        s.unlocked = True
        turn.say(f"{sname(s)} completes '{card.name}': reward unlocked.", seat=s.seat)


def deal_accomplishment(st: EndureState, turn: Turn | None, si: int) -> None:
    s = st.survivors[si]
    if s.accomplishment:
        st.accomplishment_discard.append(s.accomplishment)
    if not st.accomplishment_deck and st.accomplishment_discard and turn is not None:
        st.accomplishment_deck = list(st.accomplishment_discard)
        st.accomplishment_discard = []
        turn.rng.shuffle(st.accomplishment_deck)
    s.accomplishment = st.accomplishment_deck.pop() if st.accomplishment_deck else ""
    if turn is not None and s.accomplishment:
        turn.reveal("an Accomplishment card")
    s.progress = 0
    s.unlocked = False


# ---------------------------------------------------------------------------------------------
# damage and death


def damage(st: EndureState, turn: Turn, si: int, amount: int, source: str) -> None:
    s = st.survivors[si]
    if not s.alive or amount <= 0:
        return
    s.health -= amount
    turn.say(f"{sname(s)} takes {amount} damage from {source} (Health {max(0, s.health)}).", concerns=[s.seat])
    if s.health <= 0:
        kill_survivor(st, turn, si)


def injury_roll(st: EndureState, turn: Turn, si: int) -> None:
    s = st.survivors[si]
    if not s.alive:
        return
    face = turn.rng.roll_faces(list(content().injury_faces), 1, label=f"{sname(s)} injury die", seat=s.seat)[0]
    if face == "none":
        return
    if face in s.injuries:
        turn.say(f"{sname(s)} already has a {face} injury.", concerns=[s.seat])
        return
    if face == "head" and helmet_effect(s) == "ignore_head":
        turn.say(f"{sname(s)}'s helmet takes the blow to the head.", concerns=[s.seat])
        return
    s.injuries.append(face)
    turn.say(f"{sname(s)} suffers a {face} injury.", kind="warn", concerns=[s.seat])


def armour_save(st: EndureState, s: Survivor) -> int:
    """The number a save die must reach; 7 means no save."""
    save = 7
    if st.loader_pilot >= 0 and st.survivors[st.loader_pilot] is s:
        return content().loader.save if st.loader_powered else 7
    if s.body:
        save = icard(s.body[0]).save
    if save < 7:
        if passive(s) == "tough":
            save -= 1
        if "guard" in s.round_buffs:
            save -= 1
        save = max(2, save)
    return save


def hit_survivor(st: EndureState, turn: Turn, si: int, amount: int, source: str, *, armour: bool = True) -> None:
    """One attack on a survivor: one armour save, then damage and one injury roll."""
    s = st.survivors[si]
    if not s.alive:
        return
    if armour:
        save = armour_save(st, s)
        if save <= 6:
            face = turn.rng.die(6, label=f"{sname(s)} armour save ({save}+)", seat=s.seat)
            if face >= save:
                turn.say(f"{sname(s)}'s armour stops the attack from {source}.", concerns=[s.seat])
                progress(st, turn, si, "saves")
                return
    if amount <= 0:
        turn.say(f"The attack from {source} does no harm.")
        return
    damage(st, turn, si, amount, source)
    injury_roll(st, turn, si)


def rolloff(st: EndureState, turn: Turn, candidates: list[int], why: str) -> int:
    """Everyone rolls a d6; the lowest is picked (ties roll again)."""
    pool = sorted(candidates)
    for _ in range(10):
        if len(pool) == 1:
            return pool[0]
        faces = turn.rng.dice(
            len(pool), 6, label=f"roll-off ({why}): {', '.join(sname(st.survivors[i]) for i in pool)}"
        )
        low = min(faces)
        pool = [i for i, f in zip(pool, faces, strict=True) if f == low]
    return pool[0]


def kill_survivor(st: EndureState, turn: Turn, si: int) -> None:
    s = st.survivors[si]
    s.alive = False
    s.health = 0
    lose_items(st, [it.card for it in all_items(s) + list(s.found)])
    s.head, s.body, s.slots, s.found = [], [], [], []
    turn.say(f"{sname(s)} is dead. Their gear is lost.", kind="warn", concerns=[s.seat])
    drop_objectives(st, turn, si)
    for other in living(st):
        if sees(st, st.survivors[other].zone, s.zone):
            change_resolve(st, turn, other, -2)


# ---------------------------------------------------------------------------------------------
# enemies: placing, revealing, spawning


def place_models(st: EndureState, turn: Turn, zone: str, kind: str, count: int, *, marked: bool) -> None:
    """Put ``count`` models in ``zone``; overflow spreads over the connected zones clockwise."""
    hp = etype(kind).health
    room = the_board(st).zones[zone].capacity - models_in(st, zone)
    here = max(0, min(count, room))
    for _ in range(here):
        st.enemies.append(Enemy(id=st.next_id, kind=kind, zone=zone, hp=hp, marked=marked))
        st.next_id += 1
    rest = count - here
    if rest <= 0:
        return
    neighbours = [(d, z) for _, z, d in exits(st, zone)]
    if not neighbours:
        turn.say(f"{rest} {etype(kind).name} cannot fit anywhere and are lost.")
        return
    face = roll_direction(turn, f"overflow from {zone}")
    ordered = []
    start = CLOCKWISE.index(face)
    for k in range(4):
        d = CLOCKWISE[(start + k) % 4]
        ordered += sorted(z for dd, z in neighbours if dd == d)
    k = 0
    placed_any = True
    while rest > 0 and placed_any:
        placed_any = False
        for z in ordered:
            if rest <= 0:
                break
            if not is_full(st, z):
                st.enemies.append(Enemy(id=st.next_id, kind=kind, zone=z, hp=hp, marked=marked))
                st.next_id += 1
                rest -= 1
                k += 1
                placed_any = True
    if k:
        turn.say(f"{zone} is full: {k} spill into the zones around it.")
    if rest:
        turn.say(f"{rest} more find no room and are lost.")


def overflow_zone(st: EndureState, turn: Turn, zone: str) -> str:
    """Where one model placed in ``zone`` ends up: there if it has room, otherwise the first connected
    zone with room, clockwise from the directional die (rule 72), or failing that the nearest zone
    with room."""
    if not is_full(st, zone):
        return zone
    neighbours = [(d, z) for _, z, d in exits(st, zone) if not is_full(st, z)]
    if neighbours:
        return pick_by_direction(turn, neighbours, f"overflow from {zone}") or neighbours[0][1]
    dist = the_board(st).noise_dist[zone]
    free = sorted((d, z) for z, d in dist.items() if not is_full(st, z))
    return free[0][1] if free else zone


def unnoticed(st: EndureState, turn: Turn, si: int, e: Enemy) -> bool:
    """CG10 after CG09: passive enemies may fail to notice a quiet survivor (d6 5-6, once per zone)."""
    if "unnoticed" not in specials(st) or e.mode != "passive":
        return False
    if any(n.zone == st.survivors[si].zone for n in st.noise):
        return False
    key = f"{si}:{e.zone}"
    for mark in st.unnoticed:
        if mark.rpartition(":")[0] == key:
            return mark.endswith(":y")
    face = turn.rng.die(6, label=f"do the enemies in {e.zone} notice {sname(st.survivors[si])}?")
    st.unnoticed.append(f"{key}:{'y' if face >= 5 else 'n'}")
    if face >= 5:
        turn.say(f"The creatures in {e.zone} do not notice {sname(st.survivors[si])}.")
    return face >= 5


def spawn_token(st: EndureState, turn: Turn, zone: str) -> None:
    if not st.pool:
        turn.say("The spawn pool is empty: every radar contact creeps toward the nearest survivor.")
        creep_tokens(st, turn)
        return
    idx = turn.rng.below(len(st.pool))
    token = st.pool.pop(idx)
    st.radar.append(Radar(id=st.next_id, zone=zone, token=token))
    st.next_id += 1
    turn.say(f"A new radar contact appears in {zone}.", kind="warn")


def creep_tokens(st: EndureState, turn: Turn) -> None:
    targets = [st.survivors[i].zone for i in living(st)]
    if not targets:
        return
    for tok in list(st.radar):
        best: tuple[int, list] | None = None
        for z in targets:
            d, steps = path_steps(st, tok.zone, z, mover_blocked=False)
            if d > 0 and (best is None or d < best[0]):
                best = (d, steps)
        if best and best[1]:
            dest = pick_by_direction(turn, best[1], f"radar {tok.id} path")
            if dest:
                tok.zone = dest


def neighbours_dir(st: EndureState, zone: str) -> list[tuple[str, str]]:
    return [(d, z) for _, z, d in exits(st, zone)]


def push_line(st: EndureState, zone: str, direction: str, count: int = 1) -> str:
    """Slide from ``zone`` in ``direction`` until a wall or locked door stops it (Gravity Failure).

    ``count`` models slide together; a zone without room for all of them (rule 21) or a Shield Bubble
    stops them just as a wall does.
    """
    cur = zone
    b = the_board(st)
    for _ in range(len(b.zones)):
        nxt = sorted(z for d, z in neighbours_dir(st, cur) if d == direction)
        if not nxt or cur in st.shields:
            break
        z = nxt[0]
        if z in st.shields or models_in(st, z) + count > b.zones[z].capacity:
            break
        cur = z
    return cur


def opposite(d: str) -> str:
    return OPPOSITE[d]
