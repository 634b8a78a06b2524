"""Endure the Stars bot: the careful scripted player, for bot seats, balance tests and the benchmark.

It decides from the state as its own seat sees it (:meth:`Endure.view`): face-down radar
contacts, decks and unrevealed Resolve cards are never read, so hidden information cannot leak into
a bot's play. It is deterministic: the same view gives the same choice (ties go by zone and item
names, never by chance), so the seed of the contract is not needed.

What it does, in order: answer trades (yes), spend the Refuge sensibly, keep good finds, leave or
climb out of a dead Exo Loader, run for the exit once that is all that is left, heal when badly hurt,
use abilities and gadgets where they do something now, shoot what it can kill (never into a friend's
zone, never the trophy it came for, Sentries only in melee on C013), do the objective, put on better
armour, search while its pack has room, and walk with the crew toward one lead objective, then out.
The :class:`Habits` switches hold the stealth habits that were measured and left off (see
tests/test_endure_balance.py for the numbers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core import Action, RuleError

from .ai_sense import (
    can_kill,
    danger,
    distances,
    killable,
    risk,
    safest_step,
    shortest_step,
    threats,
    weapon_score,
)
from .content import content
from .geometry import sight
from .state import EndureState, Survivor
from .world import carried, carry_cap, etype, general_items, obj_specs, on_map, scard, the_board

Apply = Callable[[EndureState, int, Action], object]
"""The engine's ``apply``: the bot tries a swap on a copy to know whether the rules take it."""

KILL_GOALS = ("kill_all", "kill_marked", "kill_boss", "pin", "clear_near")


@dataclass(frozen=True)
class Habits:
    """Switches of the careful player; the defaults are the measured best (tests/test_endure_balance.py)."""

    group: bool = False  # the crew moves together (nobody more than a zone ahead of the last)
    wait_rounds: int = 0  # rounds it may lie low waiting for contacts to drift out of its way
    threat_only: bool = False  # on missions that do not want enemies dead, shoot only what is about to reach you
    quiet_search: bool = False  # search only where no enemy watches and no hidden contact is within 2 zones
    sneak: bool = False  # route around the sight lines of hidden contacts and watching enemies
    search: bool = True  # search while a general slot or the body slot is empty
    useful_shots: bool = True  # never fire a weapon whose dice cannot kill anything in the target zone
    rush: bool = True  # once only the way out is left, run for it
    nearest_first: bool = True  # the crew takes the objective nearest to it first
    carry_out: bool = True  # a carrier with full hands takes its objectives off the map at once
    loader_escort: bool = True  # CG01: the crew walks with the cell carrier to the Loader
    spare_primus: bool = True  # never stop to shoot the Primus, which cannot be killed
    evade: bool = False  # step out of reach of a pack the crew cannot kill this turn


CAREFUL = Habits()


def acting(st: EndureState) -> int | None:
    """The survivor whose turn it is (None outside the Survivor phase)."""
    if st.phase != "survivors" or st.turn_pos >= len(st.order):
        return None
    return st.order[st.turn_pos]


def by_type(legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a["type"], []).append(a)
    return out


def careful(st: EndureState, seat: int, legal: list[Action], apply: Apply, habits: Habits = CAREFUL) -> Action:
    """The careful player's choice among ``legal`` (the seat's legal actions in ``st``)."""
    by = by_type(legal)
    if "answer" in by:
        return next((a for a in by["answer"] if a.get("accept")), by["answer"][0])
    if st.phase == "refuge":
        return next((by[kind][0] for kind in ("vote", "visit", "recruit") if kind in by), legal[0])
    si = acting(st)
    if si is None:
        return legal[0]
    s = st.survivors[si]
    if s.found:
        return _found(st, s, legal)
    return _turn(st, si, legal, by, apply, habits)


def _found(st: EndureState, s: Survivor, legal: list[Action]) -> Action:
    """Keep a find that fits; else drop a Swarmer Leg or a spent cell for it; else leave it. On a Loader
    mission a Power Cell is never dropped for a find."""
    if st.loader_zone:
        keep = [a for a in legal if a["type"] == "keep" and a.get("drop") not in ("power-cell", None)]
        if any(it.card == "power-cell" for it in s.found):
            keep = [a for a in legal if a["type"] == "keep" and a.get("drop") != "power-cell"]
        legal = [a for a in legal if a["type"] != "keep" or a in keep] or legal
    keeps = [a for a in legal if a["type"] == "keep"]
    plain = [a for a in keeps if "drop" not in a]
    if plain:
        return plain[0]
    drops = [a for a in keeps if a.get("drop") in ("swarmer-leg", "power-cell")]
    if drops:
        return drops[0]
    return next((a for a in legal if a["type"] == "leave"), legal[0])


def _turn(
    st: EndureState, si: int, legal: list[Action], by: dict[str, list[Action]], apply: Apply, habits: Habits
) -> Action:
    s = st.survivors[si]
    m = content().missions[st.mission]
    leave = [a for a in by.get("loader", []) if a.get("do") == "leave"]
    if leave and not st.loader_powered and not any(it.card == "power-cell" for it in general_items(s)):
        return leave[0]  # a dead Loader is a coffin: climb out and fetch another cell
    if habits.rush and "move" in by and st.loader_pilot != si:
        run = _rush(st, si, by["move"], habits)
        if run is not None:
            return run
    heal = _heal(s, by)
    if heal is not None:
        return heal
    abilities = useful_abilities(st, si, by.get("ability", []), legal)
    if abilities:
        return abilities[0]
    gadget = _gadget(st, si, by.get("use", []))
    if gadget is not None:
        return gadget
    if "reactivate" in by:  # C013: a shut-down Sentry wakes hostile at the round's end; reprogram it now
        return by["reactivate"][0]
    if habits.evade and "move" in by and st.loader_pilot != si:
        flee = _evade(st, si, by["move"], habits)
        if flee is not None:
            return flee
    shot = _shot(st, si, by.get("attack", []), habits)
    if shot is not None:
        return shot
    for kind in ("reactivate", "salvage", "interact", "exit"):
        if kind in by and (kind != "exit" or may_exit(st, si, habits)):
            return by[kind][-1] if kind == "salvage" else by[kind][0]
    upgrade = _upgrade(s, by.get("equip", []))
    if upgrade is not None:
        return upgrade
    has_cell = any(it.card == "power-cell" for it in general_items(s))
    if "loader" in by and by["loader"][0].get("do") == "enter" and has_cell:
        return by["loader"][0]
    near = sight(st, s.zone)
    quiet = not any(e.zone in near for e in st.enemies) and not any(
        the_board(st).noise_dist[s.zone].get(t.zone, 99) <= 2 for t in st.radar
    )
    room = len(general_items(s)) < 3 or not s.body
    if habits.search and "search" in by and (quiet or not habits.quiet_search) and room:
        return by["search"][0]
    needs_kit = "woman" in m.specials and scard(s).klass == "Medic"
    kit_trade = _kit_from_friend(st, si, apply) if needs_kit else None
    if kit_trade is not None:
        return kit_trade
    if needs_kit and "search" in by and not any(it.card.startswith("med-kit") for it in general_items(s)):
        return by["search"][0]  # ROP16: the sedative is in a Med Kit
    step = _walk(st, si, by.get("move", []), habits)
    if step is not None:
        return step
    if "reward" in by:
        return by["reward"][0]
    return next((a for a in legal if a["type"] == "end"), legal[0])


def _heal(s: Survivor, by: dict[str, list[Action]]) -> Action | None:
    """A healing item on yourself once at half Health or less."""
    if s.health * 2 > s.max_health:
        return None
    for a in by.get("use", []):
        card = content().items.get(str(a.get("item")))
        if card is not None and card.effect == "heal" and "zone" not in a:
            return a
    return None


def _shot(st: EndureState, si: int, attacks: list[Action], habits: Habits) -> Action | None:
    """The attack worth making: never into a friend's zone, the biggest pack first, the best weapon."""
    if not attacks or not safe_attacks(st, si, attacks):
        return None
    s = st.survivors[si]
    m = content().missions[st.mission]
    hunting = any(g.partition(":")[0] in KILL_GOALS for goal in m.goals for g in goal.split("|"))
    near = threats(st, si)
    friends = {o.zone for i, o in enumerate(st.survivors) if i != si and o.alive and not o.exited}
    safe = [a for a in attacks if a["zone"] == s.zone or a["zone"] not in friends]
    wanted = [a for a in safe if hunting or not habits.threat_only or a.get("object") or a["zone"] in near]
    if "trophy" in m.specials:  # never the Solomon the crew came to catch
        wanted = [a for a in wanted if not any(e.zone == a["zone"] and e.marked for e in st.enemies)]
    if "walkies" in m.specials:  # Sentries must be shut down in melee; shots destroy them
        items = content().items
        wanted = [a for a in wanted if str(a.get("weapon")) not in items or items[str(a["weapon"])].range == 0]
    if habits.useful_shots:
        wanted = [a for a in wanted if can_kill(st, si, a, spare_primus=habits.spare_primus)]
    here = [a for a in wanted if not a.get("object")]
    pool = here or wanted
    if st.loader_pilot == si and any(a.get("object") for a in wanted):
        pool = [a for a in wanted if a.get("object")]  # the Loader's charges are for the cell doors
    if not pool:
        return None
    crowd = {a["zone"]: sum(1 for e in st.enemies if e.zone == a["zone"]) for a in pool}
    return max(pool, key=lambda a: (crowd[a["zone"]], a["zone"] == s.zone, weapon_score(a)))


def _walk(st: EndureState, si: int, moves: list[Action], habits: Habits) -> Action | None:
    """One step toward where the crew is heading (unless lying low or keeping the group together)."""
    if not moves:
        return None
    s = st.survivors[si]
    targets = team_targets(st, si, habits)
    goals = [z for z in targets if z != s.zone]
    if not goals or s.zone in targets:
        return None
    step = safest_step(st, s.zone, goals) if habits.sneak else shortest_step(st, s.zone, goals)
    # the way on would reveal a hidden contact and here is quiet: let it drift off for a while
    lurk = step is not None and risk(st, step) >= 3 and risk(st, s.zone) < 3 and st.round <= habits.wait_rounds
    # keep the crew together: do not run more than a zone ahead of the last one
    dist = distances(st, goals[0])
    mine = dist.get(s.zone, 99)
    others = [dist.get(o.zone, 99) for i, o in enumerate(st.survivors) if i != si and on_map(o)]
    if habits.group and others and mine < max(others) - 1 and risk(st, s.zone) < 3:
        lurk = True
    if step is None or lurk:
        return None
    return next((a for a in moves if a["zone"] == step), None)


def _upgrade(s: Survivor, equips: list[Action]) -> Action | None:
    """Put on armour only if it saves better than what is worn (and a helmet only on a bare head):
    swapping back and forth would burn every action."""
    items = content().items
    worn_save = items[s.body[0].card].save if s.body else 7
    for a in equips:
        card = items[str(a["item"])]
        if card.kind == "armour" and card.save < worn_save:
            return a
        if card.kind == "helmet" and not s.head:
            return a
    return None


def _gadget(st: EndureState, si: int, uses: list[Action]) -> Action | None:
    """Throw a Stun Grenade at a pack that will reach us (2+ models), or raise a Shield Bubble when a
    pack shares our zone and we are badly hurt."""
    s = st.survivors[si]
    near = threats(st, si)
    for a in uses:
        card = content().items.get(str(a.get("item")))
        if card is None:
            continue
        pack = sum(1 for e in st.enemies if e.zone == a.get("zone", s.zone) and not e.stunned)
        if card.effect == "stun_zone" and a.get("zone") in near and pack >= 2:
            return a
        if card.effect == "shield" and s.health * 2 <= s.max_health and pack >= 2:
            return a
    return None


def team_targets(st: EndureState, si: int, habits: Habits = CAREFUL) -> list[str]:
    """Where the whole crew heads together: one lead objective (the same for everybody, so nobody
    wanders off alone and nobody dithers between two), then the exit."""
    m = content().missions[st.mission]
    specs = obj_specs(st)
    s = st.survivors[si]
    carrying = any(o.carried_by == si for o in st.objectives)
    open_objs = [o for o in st.objectives if not o.done and o.carried_by < 0 and specs[o.id].hook != "lair"]
    if "escort" in m.specials and carrying and m.exits:  # CG05: a rescued crew member goes straight home
        return list(m.exits)
    if habits.carry_out and hands_full(st, si) and m.exits and st.exits_open:  # CG09: out with it
        return list(m.exits)
    if "walkies" in m.specials and scard(s).klass == "Technician" and len(st.allies) < 5:
        down = [e.zone for e in st.enemies if e.stunned and etype(e.kind).family == "sentry"]
        if down:  # C013: reprogram the Sentries the others have shut down
            return down[:1]
    loader = _loader_targets(st, si, open_objs, habits)
    if loader is not None:
        return loader
    usable = [o for o in open_objs if not specs[o.id].who or specs[o.id].who.lower() == scard(s).klass.lower()]
    if open_objs:
        # the class-bound ones only matter to whoever can use them; the rest follow the lead objective
        lead = usable[0] if usable else open_objs[0]
        if habits.nearest_first and usable:  # the nearest one to the first survivor still aboard
            anchor = next((o.zone for o in st.survivors if on_map(o)), s.zone)
            dist = distances(st, anchor)
            lead = min(usable, key=lambda o: (dist.get(o.zone, 99), o.id))
        if specs[lead.id].hook == "capture":  # CG08: the trophy walks about; go where the Solomon is
            return [e.zone for e in st.enemies if e.kind == "solomon" and e.marked] or [lead.zone]
        return [lead.zone]
    lairs = [o.zone for o in st.objectives if specs[o.id].hook == "lair" and not st.boss_seen]
    if lairs:  # ROP19: look into the shrines (the one he was rolled into, once known) until he shows
        return [st.lair] if st.lair else lairs[:1]
    leaving = carrying or any("exit_all" in g for g in m.goals) or any(g.startswith("deliver") for g in m.goals)
    if "walkies" in m.specials and st.escaped + len(st.allies) < 4:
        leaving = False  # C013: shut down more Sentries first
    if m.exits and st.exits_open and leaving:
        return list(m.exits)
    hunt = [e.zone for e in st.enemies] + [t.zone for t in st.radar]
    return hunt or list(m.exits) or [s.zone]


def _loader_targets(st: EndureState, si: int, open_objs: list, habits: Habits) -> list[str] | None:
    """CG01: cells first, then into the Loader, then break the doors (None: not a Loader job)."""
    specs = obj_specs(st)
    jobs = [o for o in open_objs if specs[o.id].loader_only]
    if not jobs or not st.loader_zone:
        return None
    s = st.survivors[si]
    cells = [o for o in open_objs if specs[o.id].hook == "give" and "power-cell" in specs[o.id].items]
    if st.loader_pilot == si:
        return [jobs[0].zone]
    if st.loader_pilot < 0 and any(it.card == "power-cell" for it in general_items(s)):
        return [st.loader_zone]
    holders = [o.zone for o in st.survivors if on_map(o) and any(it.card == "power-cell" for it in general_items(o))]
    if habits.loader_escort and st.loader_pilot < 0 and holders:
        return holders[:1]  # walk with whoever carries a cell to the Loader
    if st.loader_pilot < 0 and cells:
        return [cells[0].zone]
    if st.loader_pilot >= 0:
        return [st.survivors[st.loader_pilot].zone]  # escort the pilot
    return None


SUPPORT = {"rally", "soothe", "patch", "second_wind", "miracle"}
FIGHT = {"aimed", "weapon_mods", "last_stand", "mind_blast", "turret", "guard", "inspire", "orders"}


def useful_abilities(st: EndureState, si: int, offers: list[Action], legal: list[Action]) -> list[Action]:
    """Abilities that do something now: heal someone actually hurt, calm someone shaken, ready a shot
    only with an attack that can kill and an action left to make it, and the once-a-mission crisis
    only when hurt or crowded. The most useful patch (the worst hurt) first."""
    s = st.survivors[si]
    card = content().survivors[s.key]
    near = sight(st, s.zone)
    close = [e for e in st.enemies if e.zone in near and near[e.zone][0] <= 1]
    keys = {o.key: i for i, o in enumerate(st.survivors)}
    ready = s.actions >= 2 and any(a["type"] == "attack" and can_kill(st, si, a) for a in legal)
    out = []
    for a in offers:
        crisis = a.get("which") == "crisis"
        hook = (card.crisis if crisis else card.active).hook
        if crisis and not (s.health * 2 <= s.max_health or len(close) >= 3):
            continue
        who = st.survivors[keys[a["target"]]] if a.get("target") in keys else s
        here = [o for o in st.survivors if on_map(o) and o.zone == s.zone]
        pack = sum(1 for e in st.enemies if e.zone == a.get("zone"))
        useful = {
            "patch": who.health < who.max_health or bool(who.injuries),
            "soothe": who.resolve <= 7,
            "rally": any(o.resolve <= 8 for o in here),
            "aimed": ready,
            "weapon_mods": ready,
            "last_stand": ready,
            "guard": bool(close),
            "inspire": bool(close),
            "mind_blast": pack >= 2,
            "turret": pack >= 2,
            "second_wind": s.health * 2 <= s.max_health,
            "miracle": sum(o.max_health - o.health for o in here) >= 3,
        }
        if useful.get(hook, False):
            out.append(a)
    return sorted(out, key=lambda a: st.survivors[keys[a["target"]]].health if a.get("target") in keys else 99)


def safe_attacks(st: EndureState, si: int, attacks: list[Action]) -> bool:
    """Whether any of ``attacks`` goes into the own zone or a zone with no friend in it."""
    s = st.survivors[si]
    friends = {o.zone for i, o in enumerate(st.survivors) if i != si and o.alive and not o.exited}
    return any(a["zone"] == s.zone or a["zone"] not in friends for a in attacks)


def hands_full(st: EndureState, si: int) -> bool:
    """Carrying as many objectives as the mission allows, and they are to be carried off the map."""
    m = content().missions[st.mission]
    cap = carry_cap(st)
    delivers = any(g.startswith("deliver") for g in m.goals)
    return delivers and bool(cap) and "escort" not in m.specials and len(carried(st, si)) >= cap


def may_exit(st: EndureState, si: int, habits: Habits = CAREFUL) -> bool:
    """Leave only when nothing is left to pick up (carriers leave to deliver)."""
    s = st.survivors[si]
    if habits.carry_out and hands_full(st, si):
        return True
    mine = any(o.carried_by == si for o in st.objectives)
    if mine and s.health <= 3:
        return True
    if not mine and any(o.carried_by >= 0 and o.carried_by != si and not o.delivered for o in st.objectives):
        return False  # stay with whoever still carries something out (CG08: the Engineer and his Solomon)
    if "walkies" in content().missions[st.mission].specials and st.escaped + len(st.allies) < 4:
        return False  # C013: nobody leaves before four Sentries are on their way home
    return all(o.done or o.carried_by >= 0 for o in st.objectives)


def _rush(st: EndureState, si: int, moves: list[Action], habits: Habits) -> Action | None:
    """Heading for the exit (nothing left to pick up): take the next step of a shortest route."""
    m = content().missions[st.mission]
    s = st.survivors[si]
    if not m.exits or not st.exits_open:
        return None
    targets = team_targets(st, si, habits)
    if not targets or set(targets) - set(m.exits) or s.zone in targets:
        return None
    step = shortest_step(st, s.zone, [z for z in targets if z != s.zone])
    return next((a for a in moves if a["zone"] == step), None)


def _kit_from_friend(st: EndureState, si: int, apply: Apply) -> Action | None:
    """ROP16: a Medic with no Med Kit takes one from a friend in the zone (swapping out a weapon it
    can spare when its hands are full); only a trade the rules accept is chosen."""
    s = st.survivors[si]
    if any(it.card.startswith("med-kit") for it in general_items(s)) or s.actions < 1:
        return None
    if any(e.zone == s.zone for e in st.enemies):
        return None
    mine = general_items(s)
    spare = min(mine, key=lambda it: (weapon_score({"weapon": it.card}), it.uid)).card if len(mine) >= 3 else None
    for o in st.survivors:
        if o is s or not on_map(o) or o.zone != s.zone:
            continue
        kit = next((it.card for it in general_items(o) if it.card.startswith("med-kit")), None)
        if kit is None:
            continue
        action: Action = {"type": "trade", "with": o.key, "give": [spare] if spare else [], "take": [kit]}
        try:
            apply(st, s.seat, action)
        except RuleError:
            continue
        return action
    return None


def _evade(st: EndureState, si: int, moves: list[Action], habits: Habits) -> Action | None:
    """When the zone is dangerous and the threats cannot be cleared, take the safest neighbouring
    zone (nearest the goal among equally safe ones), if it is clearly safer."""
    s = st.survivors[si]
    cache: dict[str, dict[str, int]] = {}
    here = danger(st, s.zone, cache)
    if here < 2 or killable(st, si, s.zone):
        return None
    goals = team_targets(st, si, habits)
    to_goal = {g: distances(st, g) for g in goals}

    def goal_distance(z: str) -> int:
        return min((to_goal[g].get(z, 99) for g in goals), default=99)

    best = min(moves, key=lambda a: (danger(st, a["zone"], cache), goal_distance(a["zone"]), a["zone"]))
    return best if danger(st, best["zone"], cache) < here else None
