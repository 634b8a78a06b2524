"""Endure the Stars: mission special rules that hook into the round (CG08, CG11, C013, C015, ROP16,
ROP19). The following level-5 noises are :mod:`.following`."""

from __future__ import annotations

from rules.core import RuleError, Turn

from .bosses import attack as boss_attack
from .bosses import boss_of, draw_attack, reach, spawn_boss
from .casualties import allocate, remove_dead
from .content import content
from .following import follow_noise
from .geometry import sight
from .state import EndureState
from .world import (
    change_resolve,
    etype,
    exits,
    living,
    path_steps,
    pick_by_direction,
    place_models,
    sname,
    spawn_token,
    specials,
    survivors_in,
    the_board,
)


def pin_check(st: EndureState, turn: Turn) -> None:
    """CG11: the pilot ends the round in the Titan's zone, Titan under half Health, Loader powered."""
    if st.loader_pilot < 0 or not st.loader_powered:
        return
    pilot = st.survivors[st.loader_pilot]
    for b in st.bosses:
        e = next((x for x in st.enemies if x.id == b.enemy), None)
        if e is not None and e.kind == "titan" and e.hp * 2 < b.max_hp and e.zone == pilot.zone:
            st.pinned = True
            turn.say(f"{sname(pilot)} pins the Titan under the Loader!", kind="warn")


def empty_map_spawn(st: EndureState, turn: Turn) -> None:
    """CG08: with no other enemy or token left, one spawns in a rolled room and hunts at once."""
    if "trophy" not in specials(st):
        return
    if st.radar or any(not (e.kind == "solomon" and e.marked) for e in st.enemies):
        return
    rooms = ["MED", "LS", "ARM", "SEC", "REC", "CQ"]
    tile = rooms[turn.rng.die(6, label="empty ship spawn") - 1]
    zones = [z for t, zs in _spawn(st).items() if t == tile for z in zs]
    if zones:
        spawn_token(st, turn, zones[0])


def _spawn(st: EndureState) -> dict[str, list[str]]:
    return the_board(st).spawn


def after_sight(st: EndureState, turn: Turn) -> None:
    """Called whenever sight is refreshed: the following noises (CG08, CG11), the Preacher's lair
    (ROP19) and the Olympian (C015)."""
    follow_noise(st, turn)
    sp = specials(st)
    if "lair" in sp and not st.boss_seen:
        _lair(st, turn)
    if "olympian" in sp and not st.woke:
        loud = any(n.level >= 4 for n in st.noise)
        if st.sentry_kills >= 8 or loud:
            wake(st, turn, provoked=True)


def _lair(st: EndureState, turn: Turn) -> None:
    shrines = [o for o in st.objectives if o.colour == "green"]
    if not shrines:
        return
    if not st.lair:
        entered = [o for o in shrines if survivors_in(st, o.zone)]
        if not entered:
            return
        here = entered[0]
        face = turn.rng.die(6, label="which shrine")
        other = next((o for o in shrines if o.id != here.id), here)
        st.lair = here.zone if face >= 4 else other.zone
        turn.say(f"Whispers echo... the Preacher waits in {st.lair}.", kind="warn")
    if any(st.lair in sight(st, st.survivors[i].zone) for i in living(st)):
        mission = content().missions[st.mission]
        boss = spawn_boss(st, turn, mission.boss or "preacher", st.lair, marked=True)
        place_models(st, turn, st.lair, "zealot", 2, marked=False)
        b = boss_of(st, boss)
        card = draw_attack(st, turn, b)
        targets = reach(st, boss, card, b)
        if targets:
            boss_attack(st, turn, boss, b, card, targets)


def wake(st: EndureState, turn: Turn, *, provoked: bool = False) -> None:
    """C015: the Olympian comes online where its objective lies."""
    obj = next((o for o in st.objectives if o.colour == "gold"), None)
    if obj is None:
        return
    st.woke = True
    obj.done = True
    mission = content().missions[st.mission]
    boss = spawn_boss(st, turn, mission.boss or "olympian", obj.zone, marked=True)
    if provoked:
        b = boss_of(st, boss)
        b.mood = "overdrive"
        turn.say("The Olympian boots up angry, already in Overdrive!", kind="warn")
        for i in living(st):
            change_resolve(st, turn, i, -2)


def drag_actions(st: EndureState, turn: Turn, si: int) -> int | None:
    """CG08: dragging the Solomon, the Engineer rolls for actions (1-2: 1, 3-4: 2, 5-6: 3)."""
    if "trophy" not in specials(st):
        return None
    if not any(o.carried_by == si and o.id == "trophy" for o in st.objectives):
        return None
    face = turn.rng.die(6, label=f"{sname(st.survivors[si])} drags the Solomon")
    return 1 if face <= 2 else 2 if face <= 4 else 3


def woman_moves(st: EndureState, turn: Turn) -> None:
    """ROP16: at the start of each Survivor phase the woman wanders 1 zone unless sedated or carried."""
    if "woman" not in specials(st):
        return
    for o in st.objectives:
        if o.colour != "pink" or o.done or o.progress >= 1:
            continue
        options = [(d, z) for _, z, d in exits(st, o.zone)]
        dest = pick_by_direction(turn, options, "the woman wanders")
        if dest:
            o.zone = dest
            turn.say(f"The frightened woman stumbles into {dest}.")


def carrier_penalty(st: EndureState, si: int) -> int:
    """ROP16: carrying the sedated woman costs an action."""
    if "woman" not in specials(st):
        return 0
    return 1 if any(o.carried_by == si and o.colour == "pink" for o in st.objectives) else 0


# ---------------------------------------------------------------------------------------------
# C013 Time for Walkies: friendly Sentries

ALLY_STATS = {"artemis": (2, 1, 3), "sip": (2, 2, 4)}  # actions, attack dice, hit
MAX_ALLIES = 5


def sentries_left(st: EndureState) -> int:
    on_board = sum(1 for e in st.enemies if etype(e.kind).family == "sentry")
    hidden = sum(
        int(t.token.partition(" ")[0]) for t in st.radar if etype(t.token.partition(" ")[2]).family == "sentry"
    )
    return on_board + hidden + len(st.allies) + st.escaped


def check_reactivate(st: EndureState, si: int) -> None:
    """C013: whether the Technician may reprogram a shut-down Sentry here now."""
    s = st.survivors[si]
    if "walkies" not in specials(st):
        raise RuleError("There is nothing to reactivate on this mission.")
    if content().survivors[s.key].klass != "Technician":
        raise RuleError("Only the Technician can reprogram a Sentry.")
    if len(st.allies) >= MAX_ALLIES:
        raise RuleError(f"At most {MAX_ALLIES} Sentries can follow you at once.")
    downed = [e for e in st.enemies if e.zone == s.zone and e.stunned and etype(e.kind).family == "sentry"]
    if not downed:
        raise RuleError("There is no shut-down Sentry here.")
    if s.actions < 1:
        raise RuleError(f"{sname(s)} has no actions left.")


def reactivate(st: EndureState, turn: Turn, si: int) -> None:
    check_reactivate(st, si)
    s = st.survivors[si]
    downed = [e for e in st.enemies if e.zone == s.zone and e.stunned and etype(e.kind).family == "sentry"]
    s.actions -= 1
    s.step_credit = 0
    e = sorted(downed, key=lambda x: x.id)[0]
    st.enemies.remove(e)
    e.stunned, e.mode, e.target, e.marked = False, "ally", "new", False
    e.hp = etype(e.kind).health
    st.allies.append(e)
    turn.say(f"{sname(s)} reprograms {etype(e.kind).name} {e.id}: it will follow you out.")


def allies_act(st: EndureState, turn: Turn) -> None:
    """Friendly Sentries act first each Survivor phase: fight what is in their zone or head for the exit."""
    if not st.allies:
        return
    exits_ = list(content().missions[st.mission].exits)
    for a in sorted(st.allies, key=lambda x: x.id):
        if a not in st.allies or a.target == "new":
            continue
        actions, dice, hit = ALLY_STATS.get(a.kind, (2, 1, 4))
        if not st.enemies and not st.radar:
            actions += 1
        name = f"Friendly {etype(a.kind).name} {a.id}"
        for _ in range(actions):
            if a.zone in exits_:
                st.allies.remove(a)
                st.escaped += 1
                turn.say(f"{name} walks out of the exit ({st.escaped} safe).")
                break
            if any(e.zone == a.zone for e in st.enemies):
                if any(e.zone == a.zone and etype(e.kind).family == "sentry" for e in st.enemies):
                    hit = max(2, hit - 1)  # Sentries know where to hit other Sentries
                faces = turn.rng.dice(dice, 6, label=f"{name} attacks ({hit}+)")
                hits = sum(1 for f in faces if f >= hit)
                killed = remove_dead(st, turn, allocate(st, a.zone, hits, []))
                turn.say(f"{name} destroys {len(killed)}.")
                break
            best = None
            for z in exits_:
                d, steps = path_steps(st, a.zone, z)
                if d > 0 and steps and (best is None or d < best[0]):
                    best = (d, steps)
            if best is None:
                break
            dest = pick_by_direction(turn, best[1], f"{name} path")
            if not dest:
                break
            a.zone = dest
            turn.say(f"{name} marches to {dest}.")
        if a in st.allies and a.zone in exits_:
            st.allies.remove(a)
            st.escaped += 1
            turn.say(f"{name} walks out of the exit ({st.escaped} safe).")


def ally_rolloff(st: EndureState, turn: Turn, enemy, targets: list[int], allies: list, dmg: int) -> bool:
    """Friendly Sentries join the roll-off for an enemy attack. True if one of them took the hit."""
    who = [f"s{i}" for i in targets] + [f"a{a.id}" for a in allies]
    faces = turn.rng.dice(len(who), 6, label=f"roll-off ({etype(enemy.kind).name} attack, with Sentries)")
    low = min(faces)
    pick = who[faces.index(low)]
    if pick.startswith("s"):
        i = int(pick[1:])
        targets[:] = [i]
        return False
    ally = next(a for a in allies if a.id == int(pick[1:]))
    ally.hp -= dmg
    turn.say(f"{etype(enemy.kind).name} {enemy.id} strikes the friendly {etype(ally.kind).name} {ally.id}.")
    if ally.hp <= 0:
        st.allies.remove(ally)
        turn.say(f"The friendly {etype(ally.kind).name} is destroyed.", kind="warn")
    return True
