"""Endure the Stars: the automatic Enemy and Resolution phases, turn starts and the end of the game."""

from __future__ import annotations

import math

from rules.core import Turn

from .bosses import boss_turn, knocked_out, rise_bosses
from .casualties import remove_dead
from .content import content
from .ending import check_end
from .following import follow_noise
from .geometry import blackout, doors_stay, remembered, route_length, sight
from .sight import refresh_sight
from .specials import (
    allies_act,
    ally_rolloff,
    carrier_penalty,
    drag_actions,
    empty_map_spawn,
    pin_check,
    woman_moves,
)
from .state import EndureState, Enemy, Radar
from .world import (
    CLOCKWISE,
    change_resolve,
    damage,
    escort_home,
    etype,
    event_effect,
    exits,
    general_items,
    gravity,
    hit_survivor,
    injury_roll,
    is_full,
    living,
    lose_items,
    models_in,
    no_solomon,
    obj_specs,
    on_map,
    passive,
    path_steps,
    pick_by_direction,
    progress,
    remove_item,
    resolve_test,
    roll_direction,
    rolloff,
    sname,
    spawn_token,
    survivors_in,
    the_board,
)

# ---------------------------------------------------------------------------------------------
# attention


def _heard(st: EndureState, turn: Turn, zone: str, label: str) -> str:
    """The zone of the loudest noise reaching ``zone`` ('' if none).

    Equally loud noises are settled by the directional die (rule 42): roll it, then turn clockwise
    until it points toward one of them (by map bearing from the listener); the nearest one that way wins.
    """
    b = the_board(st)
    best = 0
    cands: list[str] = []
    for tok in st.noise:
        if b.noise_dist[zone].get(tok.zone, 99) <= tok.level:
            if tok.level > best:
                best, cands = tok.level, [tok.zone]
            elif tok.level == best and tok.zone not in cands:
                cands.append(tok.zone)
    if not cands:
        return ""
    if len(cands) == 1:
        return cands[0]
    if zone in cands:
        return zone  # it is already standing in one of them
    options = [(d, z) for z in sorted(cands) for d in bearing(b, zone, z)]
    face = roll_direction(turn, f"{label}: equal noises, directional die")
    start = CLOCKWISE.index(face)
    for k in range(4):
        d = CLOCKWISE[(start + k) % 4]
        that_way = [z for dd, z in options if dd == d]
        if that_way:
            return min(that_way, key=lambda z: (b.noise_dist[zone].get(z, 99), z))
    return sorted(cands)[0]


def bearing(b, a: str, c: str) -> list[str]:
    """The board directions in which zone ``c`` lies from zone ``a`` (one or two; by cell centres)."""
    ca, cc = b.zones[a].cells, b.zones[c].cells
    ax, ay = sum(x for x, _ in ca) / len(ca), sum(y for _, y in ca) / len(ca)
    cx, cy = sum(x for x, _ in cc) / len(cc), sum(y for _, y in cc) / len(cc)
    dx, dy = cx - ax, cy - ay
    out = []
    if dy < 0:
        out.append("N")
    if dx > 0:
        out.append("E")
    if dy > 0:
        out.append("S")
    if dx < 0:
        out.append("W")
    return out or list(CLOCKWISE)


def _decoy(st: EndureState, zone: str) -> str:
    if not st.decoys:
        return ""
    b = the_board(st)
    reach = content().items["decoy-beacon"].amount if "decoy-beacon" in content().items else 4
    best = ""
    best_d = 99
    for z in st.decoys:
        d = b.noise_dist[zone].get(z, 99)
        if d <= reach and d < best_d:
            best, best_d = z, d
    return best


def _nearest_survivor(st: EndureState, zone: str, candidates: list[int]) -> str:
    best = ""
    best_d = 99
    for i in sorted(candidates):
        z = st.survivors[i].zone
        d = route_length(st, zone, z)
        if d < 0:
            d = 50 + the_board(st).noise_dist[zone].get(z, 40)
        if d < best_d:
            best, best_d = z, d
    return best


def _attention(st: EndureState, turn: Turn, e: Enemy | Radar, *, is_model: bool) -> None:
    target = _decoy(st, e.zone)
    if not target and isinstance(e, Enemy) and e.kind == "primus" and st.mission == "P20":
        target = _nearest_survivor(st, e.zone, living(st))
    if not target and is_model:
        view = sight(st, e.zone)
        watchers = [
            i
            for i in living(st)
            if st.survivors[i].zone in view
            and (
                not st.unnoticed
                or f"{i}:{e.zone}:y" not in st.unnoticed
                or any(n.zone == st.survivors[i].zone for n in st.noise)
            )
        ]
        if blackout(st):
            watchers = [i for i in watchers if st.survivors[i].zone == e.zone]
        spotted = [i for i in e.spotted if on_map(st.survivors[i])] if isinstance(e, Enemy) else []
        if watchers or spotted:
            target = _nearest_survivor(st, e.zone, sorted(set(watchers) | set(spotted)))
    if not target:
        label = f"{etype(e.kind).name} {e.id}" if isinstance(e, Enemy) else f"radar {e.id}"
        target = _heard(st, turn, e.zone, label)
    e.mode = "active" if target else "passive"
    e.target = target


# ---------------------------------------------------------------------------------------------
# movement


def _step(st: EndureState, turn: Turn, zone: str, target: str, label: str) -> str | None:
    _, steps = path_steps(st, zone, target)
    if not steps:
        return None
    return pick_by_direction(turn, steps, f"{label} path")


def _wander(st: EndureState, turn: Turn, zone: str, label: str) -> str | None:
    if zone in st.shields:
        return None
    options = [(d, z) for _, z, d in exits(st, zone) if not is_full(st, z) and z not in st.shields]
    return pick_by_direction(turn, options, f"{label} wanders")


def _in_range(st: EndureState, e: Enemy) -> list[int]:
    rng = etype(e.kind).range
    here = survivors_in(st, e.zone)
    if here or rng == 0:
        return here
    view = sight(st, e.zone)
    out = []
    for i in living(st):
        z = st.survivors[i].zone
        if z in view and view[z][0] <= rng and z not in st.shields and e.zone not in st.shields:
            out.append(i)
    # the nearest zone first
    if out:
        near = min(view[st.survivors[i].zone][0] for i in out)
        out = [i for i in out if view[st.survivors[i].zone][0] == near]
        zone = sorted({st.survivors[i].zone for i in out})[0]
        out = [i for i in out if st.survivors[i].zone == zone]
    return out


def _enemy_attack(st: EndureState, turn: Turn, e: Enemy, targets: list[int]) -> None:
    t = etype(e.kind)
    if e.kind == "solomon" or not targets:
        return
    dmg = t.damage
    if t.family == "gep" and not no_solomon(st) and any(o.kind == "solomon" and o.zone == e.zone for o in st.enemies):
        dmg += 1
    if e.kind == "zealot":
        turn.say(f"Zealot {e.id} lashes out at everyone in {st.survivors[targets[0]].zone}.")
        for i in targets:
            hit_survivor(st, turn, i, dmg, "a Zealot")
        return
    if e.kind == "fanatic":
        face = turn.rng.die(6, label=f"Fanatic {e.id} vest")
        if face >= 5:
            detonate(st, turn, e.zone, "a Fanatic's vest")
            return
    allies = [a for a in st.allies if a.zone == st.survivors[targets[0]].zone]
    if allies and ally_rolloff(st, turn, e, targets, allies, dmg):
        return
    victim = targets[0] if len(targets) == 1 else rolloff(st, turn, targets, f"{t.name} attack")
    turn.say(f"{t.name} {e.id} attacks {sname(st.survivors[victim])}.")
    hit_survivor(st, turn, victim, dmg, f"{'an' if t.name[0] in 'AEIOU' else 'a'} {t.name}")


def detonate(st: EndureState, turn: Turn, zone: str, source: str, already_dead: int = 0) -> None:
    """Every Fanatic in ``zone`` explodes: 3 damage each to everything there, no armour.

    ``already_dead``: Fanatics the triggering attack itself just killed; their vests go off too.
    """
    fans = [o for o in st.enemies if o.zone == zone and o.kind == "fanatic"]
    if not fans and not already_dead:
        return
    dmg = 3 * (len(fans) + already_dead)
    turn.say(f"{source.capitalize()} detonates in {zone}: {dmg} damage to everything there!", kind="warn")
    dead = []
    for o in list(st.enemies):
        if o.zone != zone or knocked_out(st, o):
            continue
        if etype(o.kind).boss:
            o.hp -= dmg
            if o.hp <= 0:
                dead.append(o)
        elif o.kind == "fanatic" or o.hp <= dmg:
            dead.append(o)
    remove_dead(st, turn, dead)
    for i in survivors_in(st, zone):
        damage(st, turn, i, dmg, "the blast")
        injury_roll(st, turn, i)


def _activate_group(st: EndureState, turn: Turn, group: list[Enemy]) -> None:
    lead = group[0]
    t = etype(lead.kind)
    if t.boss and lead.mode == "active":
        boss_turn(st, turn, lead, _step)
        return
    label = f"{t.name} {lead.id}" + (f" (+{len(group) - 1})" if len(group) > 1 else "")
    moves_per_action = 2 if gravity(st) else 1
    attacked: set[int] = set()
    if lead.kind == "solomon":
        lead.mode, lead.target = "active", _solomon_target(st, lead)
    for _ in range(t.actions):
        group = [e for e in group if e in st.enemies]
        if not group:
            return
        zone = group[0].zone
        targets = _in_range(st, group[0])
        if targets and lead.kind != "solomon":
            for e in group:
                if e.id not in attacked and e in st.enemies:
                    attacked.add(e.id)
                    live = [i for i in _in_range(st, e)]
                    _enemy_attack(st, turn, e, live)
            return
        if lead.mode == "passive" and _lure(st):
            dest = _step(st, turn, zone, _lure(st), label) if zone != _lure(st) else None
            steps = [dest] if dest else []
        elif lead.mode == "passive":
            dest = _wander(st, turn, zone, label)
            steps = [dest] if dest else []
            if dest and moves_per_action == 2:
                nxt = _wander(st, turn, dest, label)
                if nxt:
                    steps.append(nxt)
        else:
            if not lead.target or lead.target == zone:
                return
            steps = []
            cur = zone
            for _ in range(moves_per_action):
                nxt = _step(st, turn, cur, lead.target, label)
                if not nxt:
                    break
                steps.append(nxt)
                cur = nxt
                if cur == lead.target:
                    break
        if not steps:
            return
        for dest in steps:
            cap = the_board(st).zones[dest].capacity
            room = cap - models_in(st, dest)
            moving = group[: max(0, room)]
            if not moving:
                break
            for e in moving:
                e.zone = dest
            group = moving
        turn.say(f"{label} moves to {group[0].zone}.")
        if lead.mode == "passive":
            return  # a passive model or herd wanders once per activation


def _solomon_target(st: EndureState, sol: Enemy) -> str:
    geps = [o for o in st.enemies if etype(o.kind).family == "gep" and o.kind != "solomon"]
    if any(o.zone == sol.zone for o in geps):
        return sol.zone
    best, best_d = "", 99
    for o in sorted(geps, key=lambda o: o.id):
        d = route_length(st, sol.zone, o.zone)
        if 0 <= d < best_d:
            best, best_d = o.zone, d
    return best


def _move_token(st: EndureState, turn: Turn, tok: Radar) -> None:
    label = f"radar {tok.id}"
    per = 2 if gravity(st) else 1
    if tok.mode == "active" and tok.target:
        for _ in range(2 * per):
            if tok.zone == tok.target:
                break
            _, steps = path_steps(st, tok.zone, tok.target, mover_blocked=False)
            dest = pick_by_direction(turn, steps, f"{label} path")
            if not dest:
                break
            tok.zone = dest
        turn.say(f"An active radar contact moves to {tok.zone}.")
    elif _lure(st):
        if tok.zone != _lure(st):
            _, steps = path_steps(st, tok.zone, _lure(st), mover_blocked=False)
            dest = pick_by_direction(turn, steps, f"{label} path")
            if dest:
                tok.zone = dest
        turn.say(f"A radar contact is drawn to {tok.zone}.")
    else:
        for _ in range(per):
            options = [(d, z) for _, z, d in exits(st, tok.zone) if z not in st.shields]
            if tok.zone in st.shields:
                options = []
            dest = pick_by_direction(turn, options, f"{label} wanders")
            if not dest:
                break
            tok.zone = dest
        turn.say(f"A radar contact drifts to {tok.zone}.")


def _lure(st: EndureState) -> str:
    """A zone every passive enemy heads for instead of wandering (CG02 specimen, CG07 scent)."""
    for si in (st.lure, st.scent if st.scent_hit else -1):
        if si >= 0 and on_map(st.survivors[si]):
            return st.survivors[si].zone
    return ""


def _rusty(st: EndureState, turn: Turn) -> None:
    """'A little rusty': each Sentry model or token shuts down on a d6 of 1 this round."""
    for e in sorted(st.enemies, key=lambda x: x.id):
        if etype(e.kind).family != "sentry" or e.stunned:
            continue
        if turn.rng.die(6, label=f"{etype(e.kind).name} {e.id} rust check") == 1:
            e.stunned = True
            turn.say(f"{etype(e.kind).name} {e.id} grinds to a halt this round.")
    for tok in sorted(st.radar, key=lambda x: x.id):
        if turn.rng.die(6, label=f"radar {tok.id} rust check") == 1:
            tok.stunned = True
            turn.say(f"The radar contact in {tok.zone} falls silent this round.")


def _hive(st: EndureState, turn: Turn) -> None:
    """CG01 'The Hive': on a d6 of 1-3 a radar token crawls out of an unsealed green cell."""
    cells = [o for o in st.objectives if o.colour == "green" and not o.done]
    if not cells:
        return
    if turn.rng.die(6, label="the Hive") > 3:
        return
    cell = cells[0] if len(cells) == 1 else cells[turn.rng.die(len(cells), label="which cell") - 1]
    spec = obj_specs(st)[cell.id]
    spawn_token(st, turn, spec.seals or cell.zone)


def enemy_phase(st: EndureState, turn: Turn) -> None:
    st.phase = "enemies"
    turn.say(f"Round {st.round}: Enemy phase.", kind="turn")
    specials = content().missions[st.mission].specials
    if "rusty" in specials:
        _rusty(st, turn)
    empty_map_spawn(st, turn)
    follow_noise(st, turn)
    with remembered():  # attention moves nothing: each zone's ways, sight and distances worked out once
        for e in st.enemies:
            if e.stunned:
                e.mode, e.target = "stunned", ""
            else:
                _attention(st, turn, e, is_model=True)
        for tok in st.radar:
            _attention(st, turn, tok, is_model=False)
    order = sorted(st.enemies, key=lambda e: (etype(e.kind).order, e.id))
    done: set[int] = set()
    for e in order:
        if e.id in done or e not in st.enemies or e.mode == "stunned":
            continue
        group = [  # the cheap tests first: the list search for a model killed meanwhile runs last
            o
            for o in order
            if o.kind == e.kind
            and o.zone == e.zone
            and o.mode == e.mode
            and o.target == e.target
            and o.id not in done
            and o in st.enemies
        ]
        for o in group:
            done.add(o.id)
        _activate_group(st, turn, group)
        refresh_sight(st, turn)
        if check_end(st, turn):
            return
    for tok in sorted(st.radar, key=lambda t: t.id):
        if tok not in st.radar:
            continue
        if tok.stunned:
            tok.stunned = False
            continue
        _move_token(st, turn, tok)
        refresh_sight(st, turn)
        if check_end(st, turn):
            return
    if "hive" in specials:
        _hive(st, turn)
        refresh_sight(st, turn)
    st.lure = -1


# ---------------------------------------------------------------------------------------------
# resolution


def _sealed_off(st: EndureState, zone: str) -> bool:
    """CG01: a Primus cell whose doors the Loader sealed (every way in is a sealed door)."""
    ways = [d for d in st.doors if zone in d.split("|")]
    return (
        bool(ways)
        and all(st.doors[d] == "sealed" for d in ways)
        and not any(op for op, _, _ in exits(st, zone) if op not in st.doors)
    )


def draw_event(st: EndureState, turn: Turn) -> None:
    if st.event:
        st.event_discard.append(st.event)
        st.event = ""
    if not st.event_deck:
        st.event_deck, st.event_discard = st.event_discard, []
        turn.rng.shuffle(st.event_deck)
    if not st.event_deck:
        return
    key = st.event_deck.pop()
    turn.reveal("an event card")
    card = content().events[key]
    st.event = key
    more = "" if card.effect == "spawn" else " (lasts a round; what it does: `/rules system:endure topic:events`)"
    turn.say(f"Event: {card.name}{more}.", kind="warn")
    b = the_board(st)
    if card.effect in st.fixed:
        turn.say("That system has been repaired; nothing happens.")
        return
    if card.effect == "spawn":
        placed = content().missions[st.mission].tiles
        tiles = [alias for key, alias, _, _ in placed if key == card.tile and alias in st.spawn_tiles]
        tiles = [t for t in tiles if b.spawn.get(t)]
        if not tiles:
            turn.say("That part of the ship is not on this map; nothing happens.")
            return
        tile = tiles[0]
        if len(tiles) > 1:
            tile = tiles[turn.rng.die(len(tiles), label="which tile") - 1]
        rooms = [z for z in b.spawn[tile] if not _sealed_off(st, z)]  # a sealed cell is out of the game
        if not rooms:
            turn.say("Every room there is sealed; nothing comes out.")
            return
        zone = rooms[0] if len(rooms) == 1 else rooms[turn.rng.die(len(rooms), label=f"{tile} spawn zone") - 1]
        spawn_token(st, turn, zone)
    elif card.effect == "life_support":
        hurt = content().missions[st.mission].life_support_damage
        for i in living(st):
            damage(st, turn, i, hurt, "the failing air")
        by_zone: dict[tuple[str, str], list[Enemy]] = {}
        for e in list(st.enemies):
            t = etype(e.kind)
            if not t.biological or knocked_out(st, e):
                continue
            if t.health == 1:
                by_zone.setdefault((e.zone, e.kind), []).append(e)
            else:
                e.hp -= 1
                if e.hp <= 0:
                    remove_dead(st, turn, [e])
        for (zone, kind), group in sorted(by_zone.items()):
            lost = math.ceil(len(group) / 2)
            for e in sorted(group, key=lambda x: x.id)[:lost]:
                st.enemies.remove(e)
            turn.say(f"{lost} {etype(kind).name} in {zone} suffocate.")
    elif card.effect == "terror":
        for i in living(st):
            resolve_test(st, turn, i, card.name)
    elif card.effect == "blackout":
        for e in st.enemies:
            if not survivors_in(st, e.zone):
                e.spotted = []


def resolution_phase(st: EndureState, turn: Turn) -> None:
    st.phase = "resolution"
    turn.say(f"Round {st.round}: Resolution phase.", kind="turn")
    pin_check(st, turn)
    if check_end(st, turn):
        return
    st.noise = [n for n in st.noise if n.res_round >= st.round]
    st.decoys = []
    st.shields = []
    for i in living(st):
        s = st.survivors[i]
        zone = the_board(st).zones[s.zone]
        if models_in(st, s.zone) >= zone.capacity:
            turn.say(f"{sname(s)} is trapped in {s.zone}!", kind="warn")
            damage(st, turn, i, 1, "the crush")
            change_resolve(st, turn, i, -1)
    if check_end(st, turn):
        return
    draw_event(st, turn)
    refresh_sight(st, turn)
    if check_end(st, turn):
        return
    # round end
    for s in st.survivors:
        s.jammed = []
        s.frozen = False
        s.round_buffs = []
    for e in st.enemies:
        e.stunned = False
        e.spotted = []
    for a in st.allies:
        a.target = ""
    st.unnoticed = []
    st.scent_hit = False
    per = content().loader.charges_per_cell
    for s in st.survivors:
        for it in [it for it in general_items(s) if it.card == "power-cell" and it.charges >= per]:
            remove_item(s, it.uid)
            lose_items(st, [it.card])
            turn.say(f"{sname(s)} throws away a spent Power Cell.")
    alive = living(st)
    if not alive:
        check_end(st, turn)
        return
    n = len(st.survivors)
    for k in range(1, n + 1):
        cand = (st.first + k) % n
        if on_map(st.survivors[cand]):
            st.first = cand
            break
    st.round += 1
    begin_round(st, turn)


# ---------------------------------------------------------------------------------------------
# round and turn flow


def begin_round(st: EndureState, turn: Turn) -> None:
    n = len(st.survivors)
    st.order = [(st.first + k) % n for k in range(n) if on_map(st.survivors[(st.first + k) % n])]
    st.turn_pos = 0
    st.phase = "survivors"
    turn.say(f"Round {st.round}: Survivor phase.", kind="turn")
    rise_bosses(st, turn)
    woman_moves(st, turn)
    allies_act(st, turn)
    start_turn(st, turn)


def start_turn(st: EndureState, turn: Turn) -> None:
    """Begin the turn of the survivor at ``turn_pos`` (skipping the dead); run the phases after the last."""
    while True:
        if st.phase != "survivors":
            return
        if st.turn_pos >= len(st.order):
            with doors_stay():  # enemies move and fight; no door opens or shuts meanwhile
                enemy_phase(st, turn)
            if st.phase == "over":
                return
            resolution_phase(st, turn)
            return
        si = st.order[st.turn_pos]
        s = st.survivors[si]
        if not on_map(s):
            st.turn_pos += 1
            continue
        escort_home(st, turn, si)  # a carrier waiting at an exit through a lockdown
        base = 3
        if st.loader_pilot == si:
            st.loader_powered = _charge_loader(st, turn, si)
            if st.loader_powered:
                base = content().loader.actions
        dragged = drag_actions(st, turn, si)
        if dragged is not None:
            base = dragged
        base -= carrier_penalty(st, si)
        s.actions = max(0, base + s.action_bonus - s.action_penalty)
        s.action_bonus = s.action_penalty = 0
        s.stunned = False
        s.used_active = False
        s.moved = 0
        s.step_credit = 0
        s.free_moves = 1 if passive(s) == "light_feet" else 0
        s.searched = []
        s.buffs = []
        s.next_attack = []
        turn.say(f"{sname(s)}'s turn ({s.actions} actions).", kind="turn", seat=s.seat)
        if "chest" in s.injuries:
            face = turn.rng.die(6, label=f"{sname(s)} chest wound", seat=s.seat)
            if face <= 3:
                damage(st, turn, si, 1, "a chest wound")
                if si == st.scent:
                    st.scent_hit = True
                    turn.say("The smell of blood spreads through the ship...", kind="warn")
        if on_map(s) and "specimen" in content().missions[st.mission].specials:
            _specimen(st, turn, si)
        if on_map(s) and "eremophobia" in s.phobias and len(survivors_in(st, s.zone)) == 1:
            resolve_test(st, turn, si, "alone")
        if on_map(s) and "acute_stress" in s.phobias and turn.rng.die(6, label=f"{sname(s)} stress") == 1:
            s.actions = max(0, s.actions - 1)
        if on_map(s) and "barophobia" in s.phobias and event_effect(st) == "gravity":
            resolve_test(st, turn, si, "no gravity")
        if on_map(s) and "nyctophobia" in s.phobias and event_effect(st) == "blackout":
            s.actions = max(0, s.actions - 1)
        if check_end(st, turn):
            return
        if on_map(s) and s.actions > 0:
            return
        if on_map(s):
            turn.say(f"{sname(s)} can do nothing this turn.")
        st.turn_pos += 1


def _charge_loader(st: EndureState, turn: Turn, si: int) -> bool:
    """Spend one Power Cell charge at the start of a pilot's turn (no action)."""
    s = st.survivors[si]
    per = content().loader.charges_per_cell
    cells = [it for it in general_items(s) if it.card == "power-cell" and it.charges < per]
    if not cells:
        turn.say(f"The Loader has no power: {sname(s)} can only climb out.", seat=s.seat)
        return False
    cell = max(cells, key=lambda it: (it.charges, -it.uid))
    cell.charges += 1
    turn.say(f"{sname(s)} feeds the Loader a charge ({per - cell.charges} left in that cell).", seat=s.seat)
    return True


def _specimen(st: EndureState, turn: Turn, si: int) -> None:
    """CG02: whoever carries the green specimen rolls at the start of their turn."""
    s = st.survivors[si]
    if not any(o.carried_by == si and o.colour == "green" for o in st.objectives):
        return
    face = turn.rng.die(6, label=f"{sname(s)} specimen", seat=s.seat)
    if face == 4:
        turn.say("The specimen whispers in their head.")
        resolve_test(st, turn, si, "specimen")
        s.actions = max(0, s.actions - 1)
    elif face == 5:
        st.lure = si
        turn.say("The specimen shrieks: every enemy will come for its carrier.", kind="warn")
    elif face == 6:
        damage(st, turn, si, 1, "the specimen")


def end_turn(st: EndureState, turn: Turn, si: int) -> None:
    s = st.survivors[si]
    if s.found:
        turn.say(f"{sname(s)} leaves the {content().items[s.found[0].card].name} behind.")
        lose_items(st, [f.card for f in s.found])
        s.found = []
    if on_map(s) and s.actions > 0:
        progress(st, turn, si, "rested")
    s.actions = 0
    s.buffs = []
    s.next_attack = []
    s.free_reorg = False
    st.turn_pos += 1
    start_turn(st, turn)


__all__ = [
    "begin_round",
    "check_end",
    "detonate",
    "end_turn",
    "enemy_phase",
    "resolution_phase",
    "start_turn",
]
