"""Endure the Stars: the end of a mission: won (every goal met), lost (everyone dead, a fail state such
as an objective nobody left can handle) or on to the Refuge. :func:`check_end` runs after every
enemy group and radar contact moves, so what only the mission decides is worked out once per mission."""

from __future__ import annotations

from functools import cache

from rules.core import Turn

from .content import content
from .refuge import enter_refuge
from .specials import sentries_left
from .state import EndureState
from .world import carry_cap, etype, general_items, living, obj_specs, on_map, scard, the_board


def check_end(st: EndureState, turn: Turn) -> bool:
    if st.phase in ("over", "refuge"):
        return True
    if not any(s.alive for s in st.survivors):
        st.phase, st.result = "over", "loss"
        st.summary = "Every survivor is dead. The mission has failed."
        turn.say(st.summary, kind="end")
        return True
    mission = content().missions[st.mission]
    if "walkies" in mission.specials and not st.failed:
        if sentries_left(st) < 4:
            st.failed = "Too few Sentries are left to bring home."
        techs = [i for i in living(st) if scard(st.survivors[i]).klass == "Technician"]
        if not st.failed and not techs and st.escaped + len(st.allies) < 4:
            st.failed = "No Technician is left aboard to reprogram the Sentries still needed."
    if "trophy" in mission.specials and not st.failed:
        trophy = [o for o in st.objectives if o.id == "trophy" and not o.done]
        if trophy and not any(e.kind == "solomon" and e.marked for e in st.enemies):
            st.failed = "The Solomon trophy was killed."
    if not st.failed:
        st.failed = _stranded(st)
    if st.failed:
        st.phase, st.result = "over", "loss"
        st.summary = f"{st.failed} The mission has failed."
        turn.say(st.summary, kind="end")
        return True
    won = all(goal_met(st, g) for g in mission.goals)
    if not won and not living(st):
        st.phase, st.result = "over", "loss"
        st.summary = "Nobody is left aboard to finish the job. The mission has failed."
        turn.say(st.summary, kind="end")
        return True
    if won:
        turn.say(f"Mission {mission.key} {mission.name} complete!", kind="end")
        if st.campaign:
            enter_refuge(st, turn)
            return True
        st.phase, st.result = "over", "win"
        st.summary = f"Mission {mission.key} {mission.name} complete!"
        return True
    return False


def _stranded(st: EndureState) -> str:
    """A fail state: an objective the mission still needs can only be handled by a class nobody alive
    on the map belongs to any more (the only Engineer, say, is dead), so the mission can never be won."""
    needed = _needed(st.mission)
    if not needed:
        return ""  # no goal names an objective colour: nothing below could apply
    mission = content().missions[st.mission]
    specs = obj_specs(st)
    hands = _hands_short(st, mission, needed)
    if hands:
        return hands
    if any(specs[o.id].loader_only and not o.done and o.colour in needed for o in st.objectives) and _no_power(st):
        return "The Exo Loader has no power left anywhere aboard, so the cell doors can never be sealed."
    alive: set[str] | None = None  # the classes on the map, counted when first asked
    for o in st.objectives:
        spec = specs[o.id]
        if o.done or o.carried_by >= 0 or not spec.who or o.colour not in needed:
            continue
        if spec.hook == "sedate" and o.progress >= 1:
            continue  # sedated: anyone may carry her now
        if spec.hook == "sedate" and not _kits_left(st):
            return f"No Med Kit is left anywhere to sedate the {o.colour} objective with."
        if alive is None:
            alive = {scard(st.survivors[i]).klass.lower() for i in living(st)}
        if spec.who.lower() not in alive and living(st):
            return f"Nobody left can handle the {o.colour} objective (it needs the {spec.who.capitalize()})."
    return ""


@cache
def _needed(mission: str) -> frozenset[str]:
    """The objective colours the mission's goals name (one entry per mission)."""
    goals = content().missions[mission].goals
    return frozenset(g.partition(":")[2] for goal in goals for g in goal.split("|") if ":" in g)


def _hands_short(st: EndureState, mission, needed: frozenset[str]) -> str:
    """CG09: each survivor carries at most ``max_carry`` objectives off the map; once fewer hands are
    left aboard than objectives still to carry out, the mission can never be completed."""
    if not mission.max_carry or "escort" in mission.specials:
        return ""
    for goal in mission.goals:
        head, _, colour = goal.partition(":")
        if head != "deliver" or colour not in needed:
            continue
        left = [o for o in st.objectives if o.colour == colour and not o.delivered]
        cap = carry_cap(st)
        hands = sum(max(cap, sum(1 for o in left if o.carried_by == i)) for i in living(st))
        if len(left) > hands:
            return f"Too few survivors are left aboard to carry every {colour} objective out."
    return ""


def _no_power(st: EndureState) -> bool:
    """CG01: the Loader is not running and no Power Cell with a charge left is anywhere: not in the
    item deck, set aside (an uncollected blue objective), the trading post or anyone's hands."""
    if st.loader_powered or not st.loader_zone:
        return False
    keys = list(st.item_deck) + list(st.trading_post) + list(st.set_aside)
    if "power-cell" in keys:
        return False
    per = content().loader.charges_per_cell
    for i in living(st):
        s = st.survivors[i]
        if any(it.card == "power-cell" and it.charges < per for it in general_items(s) + s.found):
            return False
    return True


def _kits_left(st: EndureState) -> bool:
    """A Med Kit still somewhere: in the item deck, set aside, the trading post or a survivor's hands."""
    keys = list(st.item_deck) + list(st.trading_post) + list(st.set_aside)
    keys += [it.card for i in living(st) for it in general_items(st.survivors[i]) + st.survivors[i].found]
    return any(k.startswith("med-kit") for k in keys)


def goal_met(st: EndureState, goal: str) -> bool:
    if "|" in goal:
        return any(goal_met(st, g) for g in goal.split("|"))
    head, _, colour = goal.partition(":")
    if head == "pin":
        return st.pinned
    if head == "escorted":
        return st.escaped >= int(colour)
    if head == "kill_marked":
        return not any(t.marked for t in st.radar) and not any(e.marked for e in st.enemies)
    if head == "kill_all":
        return not st.radar and not st.enemies
    if head == "kill_boss":
        return (
            st.boss_seen
            and not any(etype(e.kind).boss for e in st.enemies)
            and not any(etype(t.token.partition(" ")[2]).boss for t in st.radar)
        )
    if head == "exit_all":
        alive = [s for s in st.survivors if s.alive]
        return bool(alive) and all(s.exited for s in alive)
    if head == "collect":
        objs = [o for o in st.objectives if o.colour == colour]
        return all(o.done and (o.carried_by >= 0 or o.delivered or not _pickup(st, o.id)) for o in objs)
    if head == "reach":
        zones = {o.zone for o in st.objectives if o.colour == colour}
        alive = [s for s in st.survivors if s.alive]
        return bool(alive) and all(on_map(s) and s.zone in zones for s in alive)
    if head == "clear_near":
        b = the_board(st)
        zones = {o.zone for o in st.objectives if o.colour == colour}
        return not any(min(b.noise_dist[e.zone].get(z, 99) for z in zones) <= 1 for e in st.enemies)
    if head == "deliver":
        return all(o.delivered for o in st.objectives if o.colour == colour)
    return False


def _pickup(st: EndureState, oid: str) -> bool:
    spec = obj_specs(st)[oid]
    return spec.hook == "pickup"
