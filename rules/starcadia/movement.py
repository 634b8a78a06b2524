"""A hero walking its path: Guard attacks before each step out of a guarded space, portals, doors,
hacking and pickups, each resumed after any decision that pauses it."""

from __future__ import annotations

from rules.core import Turn

from . import board as B
from .content import CONTENT
from .lookup import (
    SLOTS,
    board_of,
    current_pve,
    door_words,
    find_hero,
    find_monster,
    hero_name,
    mname,
    right_of,
    scenario_over,
)
from .paths import plan_path
from .quests import check_deliver, collect, fulfil
from .state import HeroState, StarState, Task, Up, Wait
from .wounds import ask_defence, monster_attack, wants_defence_prompt


def hero_move(state: StarState, turn: Turn, h: HeroState, path: object, mp: int) -> int:
    """Start moving a hero along a path; returns the MP the whole path costs.

    The path is checked first, then walked as a ``move`` task, so a Guard decision in the middle
    (which monster attacks first, the defender's reaction, a shove) can pause it: the rest of the
    path resumes once the decision is made, or is dropped if the hero dies or is knocked off it.
    """
    ops, cost = plan_path(state, h, path, mp)
    collect(state, turn, h)
    state.todo.append(Task(kind="move", hero=h.id, ops=[list(op) for op in ops], trail=[h.pos]))
    return cost


def _path_lost(state: StarState, turn: Turn, h: HeroState, t: Task, why: str) -> None:
    turn.say(why)
    t.ops = []
    if state.act.hero == h.id:
        state.act.mp = 0


def run_move(state: StarState, turn: Turn, t: Task) -> None:
    """Walk the rest of a hero's path (see :func:`hero_move`), resolving Guard before each step."""
    h = find_hero(state, t.hero)
    if h is None:
        return
    control = state.monster_control == "player"
    while t.ops and not h.dead:
        op, arg = t.ops[0]
        if op == "step":
            b = board_of(state)
            if not t.start:
                t.start = h.pos
                here = B.parse_space(h.pos)
                t.guards = [m.uid for m in state.monsters if b.close(B.parse_space(m.pos), here, state.doors)]
            while t.guards and not h.dead and h.pos == t.start:
                t.guards = [u for u in t.guards if find_monster(state, u) is not None]
                if not t.guards:
                    break
                if control and len(t.guards) > 1 and not t.picked:
                    state.todo.append(t)
                    state.wait = Wait(kind="guard", seat=right_of(state), hero=h.id, options=list(t.guards))
                    turn.say(f"{state.seats[right_of(state)]} chooses which guard attacks {hero_name(h)} first.")
                    return
                uid = t.picked or t.guards[0]
                m = find_monster(state, uid)
                if not t.asked and wants_defence_prompt(state, h):
                    t.asked = True
                    t.picked = uid
                    state.todo.append(t)
                    ask_defence(state, turn, h, mname(m))
                    return
                t.guards.remove(uid)
                t.picked = ""
                t.asked = False
                monster_attack(state, turn, m, h, "guard", right_of(state))
                if state.wait is not None:
                    state.todo.append(t)
                    return
            if h.dead:
                break
            if h.pos != t.start:
                _path_lost(state, turn, h, t, f"{hero_name(h)} was knocked off the path and stops at {h.pos}.")
                break
            t.start = ""
            h.pos = arg
            t.trail.append(arg)
            collect(state, turn, h)
            check_deliver(state, turn, h)
        elif op == "portal":
            h.pos = arg
            t.trail.append(arg)
            turn.say(f"{hero_name(h)} zips through a portal to {arg}.")
            collect(state, turn, h)
            check_deliver(state, turn, h)
        elif op == "door":
            state.doors[arg] = not state.doors.get(arg, False)
            turn.say(f"{hero_name(h)} {'opens' if state.doors[arg] else 'closes'} {door_words(state, arg)}.")
        elif op == "hack":
            crew = state.crews[h.seat]
            crew.hacked.append(arg)
            turn.say(f"{hero_name(h)} hacks the terminal at {arg}.")
            q = current_pve(state)
            if q is not None and q.goal == "hack" and len(crew.hacked) >= q.count:
                fulfil(state, turn, q.id, h.seat)
        elif op == "pickup":
            toks = [x for x in state.tokens.get(arg, []) if x.startswith("quest:")]
            for x in toks:
                state.tokens[arg].remove(x)
                h.quest_tokens.append(x)
                turn.say(f"{hero_name(h)} picks up the {x[6:]} token.", concerns=[h.seat])
            if arg in state.tokens and not state.tokens[arg]:
                del state.tokens[arg]
            if state.armory_item and state.armory_space == arg and len(h.upgrades) >= SLOTS:
                turn.say(f"{hero_name(h)} has no free upgrade slot and leaves the armory item.")
            elif state.armory_item and state.armory_space == arg:
                h.upgrades.append(Up(id=state.armory_item))
                turn.say(
                    f"{hero_name(h)} takes {CONTENT.upgrades[state.armory_item].name} from the armory.",
                    concerns=[h.seat],
                )
                state.armory_item = ""
            check_deliver(state, turn, h)
        t.ops.pop(0)
        if scenario_over(state):
            t.ops = []
            break
    if h.dead:
        _path_lost(state, turn, h, t, "The rest of the path is lost.")
        return
    if len(t.trail) > 1:
        turn.say(f"{hero_name(h)} ends the move at {h.pos}.", path=t.trail)
