"""Turn flow and the work queue: activating a hero, Rest, gadgets, ending a turn, passing it on, and
``drain``, which runs queued work until a decision is needed."""

from __future__ import annotations

from rules.core import RuleError, Turn

from . import board as B
from .combat import resolve_upgrade, run_attack
from .content import CONTENT, GADGETS
from .events import draw_event, run_effect
from .lookup import (
    BASE_MP,
    SLOTS,
    ability,
    blocked,
    board_of,
    find_hero,
    hero_life,
    hero_name,
    occupancy,
    scenario_over,
    turn_limit_reached,
)
from .monsters import run_mmove, run_payback_end, run_payback_over, run_strike
from .movement import hero_move, run_move
from .paths import nearest_free, plan_path
from .quests import collect, collect_active, finish, run_place
from .state import Activation, HeroState, StarState, Task


def start_activation(state: StarState, turn: Turn, h: HeroState) -> None:
    if state.act.hero == h.id:
        return
    if state.act.hero:
        raise RuleError(f"You already activated {CONTENT.heroes[state.act.hero].name} this turn.")
    state.act = Activation(hero=h.id, mp=BASE_MP + ability(h, "extra_mp"))
    turn.say(f"{state.seats[h.seat]} activates {hero_name(h)}.", kind="turn")
    collect(state, turn, h)


def end_turn(state: StarState, turn: Turn) -> None:
    """The activation or rest is over: draw the event card, then pass the turn (queued)."""
    if state.phase != "play":
        return
    state.todo.append(Task(kind="advance"))
    draw_event(state, turn)


def advance(state: StarState, turn: Turn) -> None:
    """After the event: check the scenario end (and the turn limit), then pass the turn to the left."""
    if scenario_over(state):
        finish(state, turn)
        return
    if turn_limit_reached(state):
        turn.say(f"Turn {state.turn_no} was the last (table option turn_limit={state.turn_limit}).", kind="turn")
        finish(state, turn, at_limit=True)
        return
    state.current = (state.current + 1) % len(state.seats)
    state.act = Activation()
    state.turn_no += 1
    turn.say(f"{state.seats[state.current]}'s turn.", kind="turn")


def after_hero_action(state: StarState, turn: Turn) -> None:
    """End the activation by itself when nothing useful is left."""
    if scenario_over(state):
        finish(state, turn)
        return
    h = find_hero(state, state.act.hero)
    if h is None:
        return
    done_moving = state.act.sealed or state.act.mp <= 0
    if h.dead or (state.act.attacked and done_moving and not h.gadgets):
        end_turn(state, turn)


RUNNERS = {
    "move": run_move,
    "mmove": run_mmove,
    "place": run_place,
    "strike": run_strike,
    "attack": run_attack,
    "payback_end": run_payback_end,
    "payback_over": run_payback_over,
    "effect": run_effect,
    "advance": lambda state, turn, t: advance(state, turn),
    "after_hero": lambda state, turn, t: after_hero_action(state, turn),
}

MAX_TASKS = 500


def drain(state: StarState, turn: Turn) -> None:
    """Run queued work until it is done or a decision is needed."""
    for _ in range(MAX_TASKS):
        collect_active(state, turn)
        if blocked(state):
            return
        if not state.todo:
            state.answers = {}  # no attack is left to use a live defence answer
            return
        task = state.todo.pop()
        RUNNERS[task.kind](state, turn, task)


def revival_space(state: StarState, b: B.Board, h: HeroState, want: str, allies: list[str]) -> str:
    """Where a hero coming back from the dead may stand (rulebook p. 19, Resurrect Heroes): any free space
    of its crew's shuttle (``shuttle`` takes the first free one), or a free space Close to an ally that
    stood on the board when the turn began (``allies``). Read only."""
    shuttle = [B.name(xy) for xy in b.shuttles.get(state.crews[h.seat].colour, [])]
    if want.lower() == "shuttle":
        dest = nearest_free(state, b, shuttle)
        if dest is None:
            raise RuleError("There is no free space near your shuttle; choose a space next to your ally.")
        return dest
    dxy = B.parse_space(want)
    dest = B.name(dxy) if dxy is not None else ""
    close = dxy is not None and b.playable(dxy) and any(b.close(dxy, B.parse_space(a), state.doors) for a in allies)
    if dest not in shuttle and not close:
        where = f" ({', '.join(shuttle)})" if shuttle else ""
        raise RuleError(
            f"A resurrected hero goes to a space of your shuttle{where} or Close to your ally on the board."
        )
    if occupancy(state, dest) >= 2:
        raise RuleError(f"{dest} is full.")
    return dest


def rest(state: StarState, turn: Turn, seat: int, action: dict) -> None:
    if state.act.hero:
        raise RuleError("You already activated a hero this turn; you cannot rest too.")
    crew = state.crews[seat]
    heroes = [find_hero(state, hid) for hid in crew.heroes]
    b = board_of(state)
    on_board_at_start = {h.id: h.pos for h in heroes if h.pos and not h.dead}
    # Resurrections first (wounds cleared), so reorganising sees the right life totals.
    place = action.get("place", {})
    if place is None:
        place = {}
    if not isinstance(place, dict) or len(place) > 2:
        raise RuleError("Give resurrection places as hero: space.")
    for key in place:
        hh = find_hero(state, str(key).lower()) if isinstance(key, str) else None
        if hh is None or hh.seat != seat or not hh.dead:
            raise RuleError(f"'{str(key)[:20]}' is not a dead hero of your crew.")
    for h in heroes:
        if not h.dead:
            continue
        want = place.get(h.id, "shuttle")
        if not isinstance(want, str):
            raise RuleError("A resurrection place is 'shuttle' or a space name.")
        dest = revival_space(state, b, h, want, [p for hid, p in on_board_at_start.items() if hid != h.id])
        h.dead = False
        h.wounds = 0
        h.pos = dest
        turn.say(f"{hero_name(h)} is back in action at {dest}.", concerns=[h.seat])
    # Reorganise upgrades and gadgets.
    gives = action.get("give", [])
    if gives is None:
        gives = []
    if not isinstance(gives, list | tuple) or len(gives) > 20:
        raise RuleError("Give the transfers as a short list of [token, hero].")
    for g in gives:
        if isinstance(g, str):
            g = g.split(">")
        if not isinstance(g, list | tuple) or len(g) != 2 or not all(isinstance(x, str) for x in g):
            raise RuleError("Each transfer is a token and the hero receiving it, e.g. S01>red.")
        ref, to = g[0].strip(), g[1].strip().lower()
        dst = find_hero(state, to)
        if dst is None or dst.seat != seat:
            raise RuleError(f"'{to[:20]}' is not a hero of your crew.")
        src = next(x for x in heroes if x.id != dst.id)
        if ref.lower() in GADGETS:
            if ref.lower() not in src.gadgets:
                raise RuleError(f"{hero_name(src)} has no {ref.lower()}.")
            src.gadgets.remove(ref.lower())
            dst.gadgets.append(ref.lower())
            continue
        card, tok = resolve_upgrade(src, ref, "upgrade")
        if len(dst.upgrades) >= SLOTS:
            raise RuleError(f"{hero_name(dst)} already has {SLOTS} upgrades.")
        src.upgrades.remove(tok)
        dst.upgrades.append(tok)
        if not src.dead and src.pos and src.wounds >= hero_life(src):
            raise RuleError(f"Moving {card.name} would kill {hero_name(src)}.")
        turn.say(f"{card.name} moves to {hero_name(dst)}.")
    for h in heroes:
        for u in h.upgrades:
            u.exhausted = False
        if h.dazed:
            h.dazed = False
    turn.say(f"The {crew.colour} crew rests: upgrades ready, daze shaken off.", kind="turn")
    end_turn(state, turn)


def check_gadget(state: StarState, h: HeroState, action: dict) -> str:
    """Refuse a gadget ``h`` cannot use now (read only); return the gadget. A hoverboard's path is the ally's."""
    g = action.get("gadget")
    if not isinstance(g, str) or g.strip().lower() not in GADGETS:
        raise RuleError("Name a gadget: stimpack, recharge or hoverboard.")
    g = g.strip().lower()
    if g not in h.gadgets:
        raise RuleError(f"{hero_name(h)} carries no {g}.")
    if g == "stimpack" and not h.wounds:
        raise RuleError(f"{hero_name(h)} has no wounds to heal.")
    if g == "hoverboard":
        ally = next((find_hero(state, x) for x in state.crews[h.seat].heroes if x != h.id), None)
        if ally is None or ally.dead or not ally.pos:
            raise RuleError("Your ally must be on the board to ride the hoverboard.")
        plan_path(state, ally, action.get("path"), BASE_MP)
    return g


def use_gadget(state: StarState, turn: Turn, h: HeroState, action: dict) -> None:
    g = check_gadget(state, h, action)
    h.gadgets.remove(g)
    if g == "stimpack":
        h.wounds = 0
        turn.say(f"{hero_name(h)} uses a stimpack and is fully healed.", concerns=[h.seat])
    elif g == "recharge":
        for u in h.upgrades:
            u.exhausted = False
        turn.say(f"{hero_name(h)} uses a recharge: all upgrades ready.")
    else:
        ally = next(find_hero(state, x) for x in state.crews[h.seat].heroes if x != h.id)
        turn.say(f"{hero_name(h)} sends {hero_name(ally)} off on a hoverboard.")
        hero_move(state, turn, ally, action.get("path"), BASE_MP)
