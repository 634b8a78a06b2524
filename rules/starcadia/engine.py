"""The rules of play: movement, Guard, attacks, kills, events, monsters, quests, rest.

Functions here mutate a private copy of the state (see ``GameSystem.apply``) and raise
:class:`RuleError` for anything the rules forbid. Monsters are run by a fixed, deterministic
policy (documented on each function); the only chance is ``turn.rng``.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from typing import NamedTuple

from rules.core import RuleError, Turn

from . import board as B
from .aftermath import end_scenario
from .content import CONTENT, GADGETS, HeroCard, MonsterCard, UpgradeCard
from .dice import FACES, RollResult, roll_pool
from .state import Activation, CrewState, HeroState, MonsterState, Payback, StarState, Task, Up, Wait

MAX_PATH = 40
BASE_MP = 4
SLOTS = 6


# -- lookups ---------------------------------------------------------------------------------
def board_of(state: StarState) -> B.Board:
    docked = tuple((c.colour, c.shuttle) for c in state.crews if c.shuttle >= 0)
    return B.build(state.scenario, tuple(state.tiles), docked)


def hero_card(h: HeroState) -> HeroCard:
    return CONTENT.heroes[h.id]


def hero_name(h: HeroState) -> str:
    return CONTENT.heroes[h.id].name


def find_hero(state: StarState, hid: str) -> HeroState | None:
    for h in state.heroes:
        if h.id == hid:
            return h
    return None


def find_monster(state: StarState, uid: str) -> MonsterState | None:
    for m in state.monsters:
        if m.uid == uid:
            return m
    return None


def crew_of(state: StarState, seat: int) -> CrewState:
    return state.crews[seat]


def ups(h: HeroState) -> list[tuple[UpgradeCard, object]]:
    return [(CONTENT.upgrades[u.id], u) for u in h.upgrades]


def hero_life(h: HeroState) -> int:
    return hero_card(h).life + sum(CONTENT.upgrades[u.id].extra_life for u in h.upgrades)


def hero_defense(h: HeroState) -> int:
    return hero_card(h).defense + sum(CONTENT.upgrades[u.id].extra_defense for u in h.upgrades)


def hero_rerolls(h: HeroState) -> int:
    return sum(CONTENT.upgrades[u.id].reroll for u in h.upgrades)


def ability(h: HeroState, kind: str) -> int:
    ab = hero_card(h).ability
    return ab.value if ab.kind == kind else 0


def mcard(m: MonsterState) -> MonsterCard:
    return CONTENT.monsters[m.card]


def mstats(m: MonsterState) -> tuple[int, int, int, int]:
    """Life, overkill, MP and reward of a monster (dashboard class or villain card)."""
    card = mcard(m)
    if card.cls == "villain":
        life, over, mp, reward = card.life, card.overkill, card.mp, card.reward
    else:
        cs = CONTENT.classes[card.cls]
        life, over, mp, reward = cs.life, cs.overkill, cs.mp, cs.reward
    if card.ability.kind == "extra_mp":
        mp += card.ability.value
    return life, over, mp, reward


def mname(m: MonsterState) -> str:
    return f"{mcard(m).name} ({m.uid})"


def monster_tag(m: MonsterState) -> str:
    """The tag the board picture prints on a monster figure: its card's tag and number (OC1, OR2)."""
    return mcard(m).tag + m.uid.rpartition("#")[2]


def hero_tag(hero_id: str) -> str:
    """The tag the board picture prints on a hero figure: the initials of its name (Zip Kablooey: ZK)."""
    name = CONTENT.heroes[hero_id].name
    parts = [p for p in "".join(c if c.isalpha() else " " for c in name).split() if p not in ("Col", "Captain")]
    if len(parts) >= 2:
        return (parts[0][0] + parts[-1][0]).upper()
    return name[:2].upper()


def heroes_on_board(state: StarState) -> list[HeroState]:
    return [h for h in state.heroes if h.pos and not h.dead]


def occupancy(state: StarState, space: str, *, ignore: str = "") -> int:
    n = 0
    for h in state.heroes:
        if h.pos == space and not h.dead and h.id != ignore:
            n += 1
    for m in state.monsters:
        if m.pos == space and m.uid != ignore:
            n += 2 if mcard(m).huge else 1
    return n


def enemies_in(state: StarState, space: str, h: HeroState) -> bool:
    if any(m.pos == space for m in state.monsters):
        return True
    return any(o.pos == space and not o.dead and o.seat != h.seat for o in state.heroes)


def current_pve(state: StarState):
    if state.pve_index < len(state.pve):
        return CONTENT.quests[state.pve[state.pve_index]]
    return None


def portal_colours(state: StarState, b: B.Board, space: str) -> set[str]:
    xy = B.parse_space(space)
    out = set()
    if xy in b.portals:
        out.add(b.portals[xy])
    if space in state.portal_tokens:
        out.add(state.portal_tokens[space])
    return {c for c in out if c not in state.jammed}


def portal_targets(state: StarState, b: B.Board, space: str) -> list[str]:
    colours = portal_colours(state, b, space)
    if not colours:
        return []
    spaces = {B.name(xy) for xy in b.portals} | set(state.portal_tokens)
    return sorted(s for s in spaces if s != space and portal_colours(state, b, s) & colours)


# -- tokens ------------------------------------------------------------------------------------
def collect(state: StarState, turn: Turn, h: HeroState) -> None:
    """An active hero takes every gadget and victory token in its space if no enemy is there."""
    space = h.pos
    toks = state.tokens.get(space)
    if not toks or enemies_in(state, space, h):
        return
    keep = []
    for tok in toks:
        if tok == "victory":
            state.crews[h.seat].vt += 1
            turn.say(f"{hero_name(h)} grabs a victory token (+1 VT).")
        elif tok in GADGETS:
            h.gadgets.append(tok)
            turn.say(f"{hero_name(h)} picks up a {tok}.")
        else:
            keep.append(tok)
    if keep:
        state.tokens[space] = keep
    else:
        del state.tokens[space]


def activation_open(state: StarState) -> bool:
    """A hero is active and its activation is not over (the turn's event card is not drawn yet)."""
    return state.phase == "play" and bool(state.act.hero) and not any(t.kind == "advance" for t in state.todo)


def collect_active(state: StarState, turn: Turn) -> None:
    """The active hero takes the tokens of its space the moment no enemy is left there (after an
    Overkill, a monster removed after its Payback, a rival killed or shoved away), not only on arrival."""
    h = find_hero(state, state.act.hero) if activation_open(state) else None
    if h is not None and not h.dead and h.pos:
        collect(state, turn, h)


def drop_tokens(state: StarState, space: str, toks: list[str]) -> None:
    if toks:
        state.tokens.setdefault(space, []).extend(toks)


# -- dice helpers ---------------------------------------------------------------------------------
def roller(turn: Turn, label: str, seat: int | None = None):
    def roll(n: int) -> list[str]:
        if n <= 0:
            return []
        return turn.rng.roll_faces(FACES, n, label=label, seat=seat)

    return roll


def defence_rerolls(h: HeroState) -> int:
    """The reroll pool of a defence roll (upgrades, exhausted or not, plus any defence ability)."""
    return hero_rerolls(h) + ability(h, "defense_reroll")


def ready_reactions(h: HeroState) -> list[UpgradeCard]:
    """Reactions the hero could use now, one entry per distinct card, in inventory order."""
    out: list[UpgradeCard] = []
    for card, tok in ups(h):
        if card.category == "reaction" and not tok.exhausted and card not in out:
            out.append(card)
    return out


def defence_default(h: HeroState) -> tuple[str, bool]:
    """The standing preferences as a defence answer: reaction id ("" for none) and reroll on/off."""
    ready = {c.id for c in ready_reactions(h)}
    return (h.reaction if h.reaction in ready else ""), h.auto_reroll


def wants_defence_prompt(state: StarState, h: HeroState) -> bool:
    """With defence=ask, a hero that has a real choice to make is asked before the roll."""
    if state.defence != "ask" or h.dazed or h.dead or not h.pos or h.id in state.answers:
        return False
    return bool(ready_reactions(h)) or defence_rerolls(h) > 0


def ask_defence(state: StarState, turn: Turn, h: HeroState, attacker: str) -> None:
    state.wait = Wait(kind="defend", seat=h.seat, hero=h.id, why=attacker)
    turn.say(f"{state.seats[h.seat]}: {hero_name(h)} is attacked by {attacker}; choose a reaction and rerolls.")


def defend(state: StarState, turn: Turn, h: HeroState, hits: int, attacker: str) -> int:
    """The hero's defence roll against ``hits``; returns the wounds that get through.

    A live answer (defence=ask) is used once; otherwise the hero's standing preferences apply.
    """
    card = hero_card(h)
    cancel = 0
    bonus = 0
    answer = state.answers.pop(h.id, None)
    if answer is None:
        reaction, reroll_on = h.reaction, h.auto_reroll
    else:
        reaction, _, flag = answer.partition("|")
        reroll_on = flag == "on"
    if reaction and not h.dazed:
        for u in h.upgrades:
            up = CONTENT.upgrades[u.id]
            if u.id == reaction and up.category == "reaction" and not u.exhausted:
                u.exhausted = True
                if up.ability_kind == "defense_dice":
                    bonus = up.ability_value
                else:
                    cancel = up.ability_value
                turn.say(f"{card.name} reacts with {up.name}.")
                break
    if h.dazed:
        turn.say(f"{card.name} is dazed and rolls no defence.")
        saves = 0
    else:
        pool = hero_defense(h) + bonus
        rerolls = defence_rerolls(h) if reroll_on else 0
        res = roll_pool(roller(turn, f"{card.name} defends", h.seat), pool, "defense", rerolls)
        saves = res.successes("defense")
    wounds = max(0, hits - saves - cancel)
    cancelled = f" and cancels {cancel}" if cancel else ""
    turn.say(f"{attacker}: {hits} hit(s), {card.name} saves {saves}{cancelled} -> {wounds} wound(s).")
    return wounds


# -- killing -----------------------------------------------------------------------------------------
def kill_hero(state: StarState, turn: Turn, victim: HeroState, killer: HeroState | None, grab: str = "") -> None:
    space = victim.pos
    dropped = victim.gadgets + victim.quest_tokens
    victim.gadgets = []
    victim.quest_tokens = []
    victim.dead = True
    victim.pos = ""
    # Extra hits past the last life point are not wounds the hero carries (no "10/7" on its sheet).
    victim.wounds = min(victim.wounds, hero_life(victim))
    turn.say(f"{hero_name(victim)} is killed!", kind="warn")
    if killer is None or killer.seat == victim.seat:
        for crew in state.crews:
            if crew.seat != victim.seat:
                crew.vt += 1
        turn.say(f"Every crew but {state.crews[victim.seat].colour} gains 1 VT.")
    else:
        state.crews[killer.seat].vt += 1
        turn.say(f"{state.crews[killer.seat].colour.capitalize()} crew gains 1 VT for the kill.")
        if dropped and killer.pos and not killer.dead:
            b = board_of(state)
            kxy, vxy = B.parse_space(killer.pos), B.parse_space(space)
            if kxy and vxy and b.close(kxy, vxy, state.doors):
                wanted = [x for x in dropped if x == grab or x == f"quest:{grab}"]
                tok = wanted[0] if wanted else dropped[0]
                dropped.remove(tok)
                (killer.quest_tokens if tok.startswith("quest:") else killer.gadgets).append(tok)
                turn.say(f"{hero_name(killer)} snatches the dropped {tok}.")
        pvp_kill(state, turn, killer, victim)
    drop_tokens(state, space, dropped)
    if state.act.hero == victim.id:
        state.act.mp = 0


def check_hero_death(state: StarState, turn: Turn, h: HeroState, killer: HeroState | None, grab: str = "") -> None:
    if not h.dead and h.pos and h.wounds >= hero_life(h):
        kill_hero(state, turn, h, killer, grab)


def remove_monster(state: StarState, turn: Turn, m: MonsterState, killer: HeroState | None) -> None:
    state.monsters = [x for x in state.monsters if x.uid != m.uid]
    turn.say(f"{mname(m)} is destroyed!", kind="warn")
    if killer is not None:
        reward = mstats(m)[3] + ability(killer, "bounty")
        state.crews[killer.seat].vt += reward
        state.crews[killer.seat].kills += 1
        heal = min(killer.wounds, ability(killer, "kill_heal"))
        if heal and not killer.dead:
            killer.wounds -= heal
            turn.say(f"{hero_name(killer)} catches a second wind and shakes off {heal} wound(s).")
        turn.say(f"{state.crews[killer.seat].colour.capitalize()} crew earns {reward} VT.")
        q = current_pve(state)
        if q is not None and q.goal == "kill" and m.designation == q.target:
            fulfil(state, turn, q.id, killer.seat)
        elif q is not None and q.goal == "slay" and mcard(m).cls == q.cls:
            crew = state.crews[killer.seat]
            crew.progress += 1
            if crew.progress >= q.count:
                fulfil(state, turn, q.id, killer.seat)


# -- shove -------------------------------------------------------------------------------------------
def shove_spaces(state: StarState, space: str) -> list[str]:
    b = board_of(state)
    return [B.name(nb) for nb in b.neighbours(B.parse_space(space), state.doors) if occupancy(state, B.name(nb)) < 2]


def shove(state: StarState, turn: Turn, space: str, who: str, to: str = "") -> None:
    """Push a character into a free Close space (``to``, else the first of N, E, S, W).

    It stays put if there is none; a shoved hero never provokes Guard.
    """
    h = find_hero(state, who)
    if h is not None and ability(h, "steady"):
        turn.say(f"{hero_name(h)} stands steady and cannot be shoved.")
        return
    choices = shove_spaces(state, space)
    if to and to in choices:
        choices = [to]
    if not choices:
        turn.say("There is nowhere to shove; the target stays put.")
        return
    dest = choices[0]
    if h is not None:
        h.pos = dest
        turn.say(f"{hero_name(h)} is shoved to {dest}.")
        return
    m = find_monster(state, who)
    if m is not None:
        m.pos = dest
        turn.say(f"{mname(m)} is shoved to {dest}.")


# -- monster attacks ----------------------------------------------------------------------------------
def monster_can_hit(state: StarState, b: B.Board, m: MonsterState, pos: str, h: HeroState) -> bool:
    a, t = B.parse_space(pos), B.parse_space(h.pos)
    if mcard(m).attack_type == "melee":
        return b.close(a, t, state.doors)
    return b.los(a, t, state.doors)


def right_of(state: StarState) -> int:
    """Whoever sits one seat before the active crew: they run Guard and Payback."""
    return (state.current - 1) % len(state.seats)


def monster_attack(state: StarState, turn: Turn, m: MonsterState, h: HeroState, why: str, controller: int = -1) -> None:
    """One monster attack on a hero. With monsters=player a CRIT shove waits for ``controller``."""
    card = mcard(m)
    rerolls = card.ability.value if card.ability.kind == "reroll" else 0
    turn.say(f"{mname(m)} attacks {hero_name(h)} with {card.attack_name} ({why}).", attack=[m.pos, h.pos], monster=True)
    res = roll_pool(roller(turn, f"{card.name} attacks"), card.dice, card.attack_type, rerolls)
    hits = res.successes(card.attack_type)
    space = h.pos
    wounds = defend(state, turn, h, hits, card.name)
    h.wounds += wounds
    victims = [h]
    if card.ability.kind == "splash" and wounds:
        for o in heroes_on_board(state):
            if o.pos == space and o.id != h.id:
                o.wounds += wounds
                victims.append(o)
                turn.say(f"The blast also wounds {hero_name(o)} ({wounds}).")
    if res.crits and card.ability.kind == "crit_daze" and not ability(h, "steady"):
        h.dazed = True
        turn.say(f"{hero_name(h)} is dazed.")
    for v in victims:
        check_hero_death(state, turn, v, None)
    if res.crits and card.ability.kind == "crit_shove" and not h.dead:
        spaces = shove_spaces(state, h.pos)
        if state.monster_control == "player" and controller >= 0 and len(spaces) > 1 and not ability(h, "steady"):
            state.wait = Wait(kind="shove", seat=controller, hero=h.id, monster=m.uid, options=spaces)
            turn.say(f"{state.seats[controller]} chooses where {mname(m)} shoves {hero_name(h)}.")
        else:
            shove(state, turn, h.pos, h.id)


Op = tuple[str, str]  # ("step", space) | ("portal", space) | ("door", door id)


def reach_ops(
    state: StarState, b: B.Board, start: str, mp: int, mover: str, *, huge: bool = False, doors: bool = False
) -> dict[str, tuple[int, list[Op]]]:
    """Cheapest ways to every space within ``mp`` points: steps, portals and (if ``doors``)
    opening a closed door then stepping through. Only spaces the mover may stop on are kept."""
    best = travel_costs(state, b, start, mp, doors=doors)
    out = {}
    for space, (cost, path) in best.items():
        if space == start:
            out[space] = (cost, path)
            continue
        room = occupancy(state, space, ignore=mover)
        if (huge and not any(m.pos == space and mcard(m).huge for m in state.monsters)) or room < 2:
            out[space] = (cost, path)
    return out


def travel_costs(
    state: StarState, b: B.Board, start: str, mp: int, *, doors: bool = False
) -> dict[str, tuple[int, list[Op]]]:
    """Cheapest ways to every space within ``mp`` points (see :func:`reach_ops`), Full spaces included."""
    best: dict[str, tuple[int, list[Op]]] = {start: (0, [])}
    heap: list[tuple[int, str]] = [(0, start)]
    while heap:
        cost, cur = heapq.heappop(heap)
        if cost > best[cur][0] or cost >= mp:
            continue
        path = best[cur][1]
        xy = B.parse_space(cur)
        nexts: list[tuple[str, int, list[Op]]] = []
        for dx, dy in B.DIRS.values():
            nb = (xy[0] + dx, xy[1] + dy)
            if not b.playable(nb):
                continue
            e = B.edge(xy, nb)
            if e not in b.open_edges:
                continue
            door = b.door_of.get(e)
            if door is None or state.doors.get(door, False):
                nexts.append((B.name(nb), 1, [("step", B.name(nb))]))
            elif doors:
                nexts.append((B.name(nb), 2, [("door", door), ("step", B.name(nb))]))
        for dest in portal_targets(state, b, cur):
            nexts.append((dest, 1, [("portal", dest)]))
        for dest, extra, ops in nexts:
            total = cost + extra
            if total <= mp and (dest not in best or total < best[dest][0]):
                best[dest] = (total, path + ops)
                heapq.heappush(heap, (total, dest))
    return best


def notation(ops: list[Op], start: str) -> list[str]:
    """Move notation for ops; a door is named by the side of the space it is on."""
    out: list[str] = []
    cur = start
    for i, (kind, arg) in enumerate(ops):
        if kind == "portal":
            out.extend(["portal", arg])
        elif kind == "door":
            nxt = ops[i + 1][1] if i + 1 < len(ops) else cur
            a, c = B.parse_space(cur), B.parse_space(nxt)
            side = next(s for s, (dx, dy) in B.DIRS.items() if (a[0] + dx, a[1] + dy) == c)
            out.append(f"door:{side}")
            continue
        else:
            out.append(arg)
        cur = arg
    return out


def reach(state: StarState, b: B.Board, start: str, mp: int, mover: str) -> dict[str, tuple[int, list[str]]]:
    """Hero version of :func:`reach_ops` (opening closed doors on the way), in move notation."""
    found = reach_ops(state, b, start, mp, mover, doors=True)
    return {s: (c, notation(p, start)) for s, (c, p) in found.items()}


class Approach(NamedTuple):
    """A suggested walk towards an open PvP quest: which hero, its path (move notation), whom it nears."""

    hero: str
    path: list[str]
    target: str


def pvp_targets(state: StarState, seat: int) -> list[HeroState]:
    """Rival heroes on the board whose crew's PvP quest is still open: killing one fulfils it for ``seat``."""
    out = []
    for h in heroes_on_board(state):
        qid = f"pvp-{state.crews[h.seat].colour}"
        if h.seat != seat and qid in CONTENT.quests and qid not in state.done:
            out.append(h)
    return out


def _distances_to(state: StarState, b: B.Board, heroes: list[HeroState]) -> dict[str, tuple[int, str]]:
    """For each space: the MP from there to the nearest of ``heroes`` and that hero's id."""
    dist: dict[str, tuple[int, str]] = {}
    for t in heroes:
        for space, (cost, _path) in travel_costs(state, b, t.pos, 99, doors=True).items():
            if space not in dist or cost < dist[space][0]:
                dist[space] = (cost, t.id)
    return dist


def pvp_approach(state: StarState, seat: int) -> Approach | None:
    """Of the moves ``seat``'s heroes may make now, the one ending nearest (in MP) a rival hero whose PvP
    quest is open, if it gets nearer than the hero stands; None when there is none. For suggestions:
    a table that never seeks hero fights never finishes a PvP quest, and the scenario never ends."""
    if state.phase != "play" or state.current != seat or blocked(state):
        return None
    targets = pvp_targets(state, seat)
    if not targets:
        return None
    b = board_of(state)
    dist = _distances_to(state, b, targets)
    crew = [state.act.hero] if state.act.hero else state.crews[seat].heroes
    movers = [find_hero(state, hid) for hid in crew]
    best: tuple[tuple[int, int, str, str], Approach] | None = None
    for h in movers:
        if h is None or h.dead or not h.pos or not can_move(state, h):
            continue
        mp = state.act.mp if state.act.hero == h.id else BASE_MP + ability(h, "extra_mp")
        here = dist.get(h.pos, (99, ""))[0]
        for space, (cost, path) in reach(state, b, h.pos, mp, h.id).items():
            near, target = dist.get(space, (99, ""))
            key = (near, cost, h.id, space)
            if path and near < here and (best is None or key < best[0]):
                best = (key, Approach(h.id, list(path), target))
    return best[1] if best else None


def pick_target(state: StarState, cands: list[HeroState], avoid_seat: int | None) -> HeroState:
    def key(h: HeroState):
        own = 1 if avoid_seat is not None and h.seat == avoid_seat else 0
        return (own, hero_life(h) - h.wounds, state.heroes.index(h))

    return min(cands, key=key)


def move_monster(
    state: StarState,
    turn: Turn,
    m: MonsterState,
    ops: list[Op],
    controller: int = -1,
    trail: list[str] | None = None,
) -> None:
    """Walk a monster along ``ops``. A Huge monster shoves everyone out of each space it enters.

    With monsters=player its controller picks where each hero goes (when there is a choice); the
    rest of the walk waits as an ``mmove`` task. Monsters in the way are pushed by policy.
    """
    trail = list(trail) if trail else [m.pos]
    todo = [(str(k), str(a)) for k, a in ops]
    while todo:
        kind, arg = todo.pop(0)
        if kind == "door":
            state.doors[arg] = not state.doors.get(arg, False)
            turn.say(f"{mname(m)} {'opens' if state.doors[arg] else 'closes'} door {arg}.")
            continue
        if kind != "push":  # "push": shove what is still in the current space (after a decision)
            m.pos = arg
            trail.append(arg)
        if not mcard(m).huge:
            continue
        for h in heroes_on_board(state):
            if h.pos != m.pos:
                continue
            spaces = shove_spaces(state, m.pos)
            if state.monster_control == "player" and controller >= 0 and len(spaces) > 1 and not ability(h, "steady"):
                rest = [["push", m.pos], *[[k, a] for k, a in todo]]
                state.todo.append(Task(kind="mmove", monster=m.uid, ops=rest, seat=controller, trail=trail))
                state.wait = Wait(kind="shove", seat=controller, hero=h.id, monster=m.uid, options=spaces)
                turn.say(f"{state.seats[controller]} chooses where {mname(m)} pushes {hero_name(h)}.")
                return
            shove(state, turn, m.pos, h.id)
        for o in list(state.monsters):
            if o.pos == m.pos and o.uid != m.uid:
                shove(state, turn, m.pos, o.uid)
    if len(trail) > 1:
        turn.say(f"{mname(m)} moves to {m.pos}.", path=trail, monster=True)


def run_mmove(state: StarState, turn: Turn, t: Task) -> None:
    m = find_monster(state, t.monster)
    if m is None:
        return
    ops = [(k, a) for k, a in t.ops]
    if not t.trail:  # a walk after an attack-first: its end may have filled up meanwhile (a shove)
        end = next((a for k, a in reversed(ops) if k != "door"), m.pos)
        huge = mcard(m).huge
        full = any(o.pos == end and mcard(o).huge for o in state.monsters if o.uid != m.uid) if huge else False
        if end != m.pos and (full or (not huge and occupancy(state, end, ignore=m.uid) >= 2)):
            turn.say(f"{mname(m)} stays put: {end} is full now.")
            return
    move_monster(state, turn, m, ops, t.seat, t.trail)


def plan_activation(
    state: StarState, m: MonsterState, *, only: HeroState | None = None, avoid: int | None = None
) -> tuple[list[Op], str]:
    """The automatic policy for a monster activation: (its moves, the hero it attacks or "").

    Attack at once if it can; else walk the cheapest way to a space it can attack from; else close
    in on the chosen target (the one closest to death). An event activation run for the active crew
    (``avoid``) only goes for rival heroes: it never attacks that crew's own heroes, which the player
    may still choose by hand. A Payback (``only``) may only attack that hero. Pure: nothing changes,
    nothing rolls.
    """
    b = board_of(state)
    targets = [only] if only is not None else heroes_on_board(state)
    targets = [h for h in targets if h.pos and not h.dead and (only is not None or h.seat != avoid)]
    if not targets:
        return [], ""
    now = [h for h in targets if monster_can_hit(state, b, m, m.pos, h)]
    if now:
        return [], pick_target(state, now, avoid).id
    mp = mstats(m)[2]
    huge = mcard(m).huge
    options = reach_ops(state, b, m.pos, mp, m.uid, huge=huge, doors=True)
    for space, (_cost, path) in sorted(options.items(), key=lambda kv: (kv[1][0], kv[0])):
        if not path:
            continue
        hit = [h for h in targets if monster_can_hit(state, b, m, space, h)]
        if hit:
            return list(path), pick_target(state, hit, avoid).id
    # Nobody in reach: close in on the chosen target along the cheapest route.
    far = reach_ops(state, b, m.pos, 99, m.uid, huge=huge, doors=True)
    goal = pick_target(state, targets, avoid)
    gxy = B.parse_space(goal.pos)
    best = None
    for space, (cost, path) in far.items():
        sxy = B.parse_space(space)
        key = (abs(sxy[0] - gxy[0]) + abs(sxy[1] - gxy[1]), cost, space)
        if best is None or key < best[0]:
            best = (key, path)
    walked: list[Op] = []
    stop_at: list[Op] = []
    for op in best[1] if best else []:
        if len(walked) >= mp:
            break
        walked.append(op)
        if op[0] != "door" and op[1] in options:
            stop_at = list(walked)
    return stop_at, ""


def run_activation(
    state: StarState,
    turn: Turn,
    m: MonsterState,
    ops: list[Op],
    target: str,
    why: str,
    controller: int,
    *,
    attack_first: bool = False,
) -> None:
    """Move the monster, then attack ``target`` (if any), the attack queued as a strike. With
    ``attack_first`` (event activations only) the strike comes first and the walk is queued after."""
    if attack_first and target:
        if ops:
            state.todo.append(Task(kind="mmove", monster=m.uid, ops=[list(op) for op in ops], seat=controller))
        state.todo.append(Task(kind="strike", monster=m.uid, hero=target, why=why, seat=controller))
        return
    if target:
        state.todo.append(Task(kind="strike", monster=m.uid, hero=target, why=why, seat=controller))
    elif not ops:
        turn.say(f"{mname(m)} holds its position.")
    if ops:
        move_monster(state, turn, m, ops, controller)


def activate_monster(
    state: StarState,
    turn: Turn,
    m: MonsterState,
    *,
    only: HeroState | None = None,
    avoid: int | None = None,
    why: str = "event",
    controller: int = -1,
) -> None:
    """Run a monster by the automatic policy (:func:`plan_activation`)."""
    targets = [only] if only is not None else heroes_on_board(state)
    if not any(h.pos and not h.dead for h in targets):
        turn.say(f"{mname(m)} finds no hero to chase.")
        return
    ops, target = plan_activation(state, m, only=only, avoid=avoid)
    run_activation(state, turn, m, ops, target, why, controller)


def _portal_destination(item: str, items: list, i: int, who: str) -> tuple[str, int]:
    """The destination of a path's portal step: `portal:F7`, or `portal` followed by `F7` (then skipped)."""
    dest = item.partition(":")[2]
    if dest:
        return dest, i
    if i >= len(items) or not isinstance(items[i], str):
        raise RuleError(f"Say where the portal takes {who}: portal F7.")
    return items[i].strip(), i + 1


def plan_monster_path(state: StarState, m: MonsterState, path_in: object) -> list[Op]:
    """Check a monster path typed by its controller (steps, portal X, door:SIDE) against its MP."""
    if isinstance(path_in, str):
        path_in = path_in.split()
    if not isinstance(path_in, list | tuple):
        raise RuleError("Give the monster's path as a list of spaces, e.g. C3 C4.")
    if len(path_in) > MAX_PATH:
        raise RuleError("That path is far too long.")
    b = board_of(state)
    doors = dict(state.doors)
    mp = mstats(m)[2]
    cur = m.pos
    cost = 0
    ops: list[Op] = []
    items = list(path_in)
    i = 0
    while i < len(items):
        raw = items[i]
        i += 1
        if not isinstance(raw, str):
            raise RuleError("Every step of a path is a space name like C4 or a word like portal.")
        item = raw.strip().lower()
        if item.startswith("portal"):
            dest, i = _portal_destination(item, items, i, "the monster")
            dxy = B.parse_space(dest)
            if dxy is None or B.name(dxy) not in portal_targets(state, b, cur):
                raise RuleError(f"No working portal at {cur} leads to '{str(dest)[:10]}'.")
            ops.append(("portal", B.name(dxy)))
            cur = B.name(dxy)
        elif item.startswith("door"):
            side = item.partition(":")[2].upper()
            cxy = B.parse_space(cur)
            if side not in B.DIRS:
                raise RuleError("Say which edge the door is on: door:N, door:E, door:S or door:W.")
            dx, dy = B.DIRS[side]
            door = b.door_of.get(B.edge(cxy, (cxy[0] + dx, cxy[1] + dy)))
            if door is None:
                raise RuleError(f"There is no door on the {side} edge of {cur}.")
            doors[door] = not doors.get(door, False)
            ops.append(("door", door))
        else:
            dxy, cxy = B.parse_space(item), B.parse_space(cur)
            if dxy is None or not b.playable(dxy):
                raise RuleError(f"'{raw[:12]}' is not a space the monster can enter.")
            if abs(cxy[0] - dxy[0]) + abs(cxy[1] - dxy[1]) != 1:
                raise RuleError(f"{B.name(dxy)} is not next to {cur}; monsters step orthogonally too.")
            e = B.edge(cxy, dxy)
            door = b.door_of.get(e)
            if e not in b.open_edges or (door is not None and not doors.get(door, False)):
                raise RuleError(f"A wall or closed door blocks the way from {cur} to {B.name(dxy)}.")
            ops.append(("step", B.name(dxy)))
            cur = B.name(dxy)
        cost += 1
        if cost > mp:
            raise RuleError(f"{mcard(m).name} has only {mp} movement point(s).")
    if cur != m.pos:
        huge_here = any(o.pos == cur and mcard(o).huge and o.uid != m.uid for o in state.monsters)
        if (mcard(m).huge and huge_here) or (not mcard(m).huge and occupancy(state, cur, ignore=m.uid) >= 2):
            raise RuleError(f"{cur} is full: the monster may pass through but not stop there.")
    return ops


def monster_options(
    state: StarState, m: MonsterState, only: HeroState | None, limit: int = 8
) -> list[tuple[list[str], str]]:
    """A short menu of (path notation, target id or "") for a prompted monster activation:
    the policy's choice first, then attacks from where it stands, the cheapest walk to attack each
    hero, holding still, and a few plain moves."""
    b = board_of(state)
    out: list[tuple[list[str], str]] = []

    def add(path: list[str], target: str) -> None:
        if (path, target) not in out and len(out) < limit:
            out.append((path, target))

    ops, target = plan_activation(state, m, only=only, avoid=state.current)
    add(notation(ops, m.pos), target)
    targets = [only] if only is not None else heroes_on_board(state)
    targets = [h for h in targets if h.pos and not h.dead]
    for h in targets:
        if monster_can_hit(state, b, m, m.pos, h):
            add([], h.id)
    found = reach_ops(state, b, m.pos, mstats(m)[2], m.uid, huge=mcard(m).huge, doors=True)
    ranked = sorted(found.items(), key=lambda kv: (kv[1][0], kv[0]))
    for h in targets:
        for space, (_cost, path) in ranked:
            if path and monster_can_hit(state, b, m, space, h):
                add(notation(path, m.pos), h.id)
                break
    add([], "")
    for _space, (_cost, path) in ranked[::-1]:
        if len(out) >= limit:
            break
        if path:
            add(notation(path, m.pos), "")
    return out


# -- spawning -----------------------------------------------------------------------------------------
def spawn_points_for(state: StarState, seat: int) -> list[B.XY]:
    """The active player's pick of spawn point: nearest a rival hero (ties: station order)."""
    b = board_of(state)
    rivals = [B.parse_space(h.pos) for h in heroes_on_board(state) if h.seat != seat]
    if not rivals:
        return list(b.spawns)

    def dist(p: B.XY) -> int:
        return min(abs(p[0] - r[0]) + abs(p[1] - r[1]) for r in rivals)

    return sorted(b.spawns, key=lambda p: (dist(p), b.spawns.index(p)))


def spawn(state: StarState, turn: Turn, designation: str, at: list[B.XY] | None = None) -> MonsterState | None:
    card_id = state.dashboard.get(designation)
    if not card_id:
        return None
    card = CONTENT.monsters[card_id]
    used = {m.uid for m in state.monsters}
    free_ids = [f"{card_id}#{i}" for i in range(1, card.figures + 1) if f"{card_id}#{i}" not in used]
    if not free_ids:
        turn.say(f"All {card.name} figures are already on the board.")
        return None
    b = board_of(state)
    points = at if at is not None else b.spawns
    need = 0 if card.huge else 1  # a Huge figure needs an empty space

    def fits(space: str) -> bool:
        return occupancy(state, space) <= need

    space = next((B.name(p) for p in points if fits(B.name(p))), None)
    if space is None:
        for p in points:
            for nb in b.neighbours(p, state.doors):
                if fits(B.name(nb)):
                    space = B.name(nb)
                    break
            if space:
                break
    if space is None:
        turn.say(f"No room to spawn {card.name}.")
        return None
    m = MonsterState(uid=free_ids[0], card=card_id, designation=designation, pos=space)
    state.monsters.append(m)
    turn.say(f"{mname(m)} spawns at {space}.")
    return m


# -- quests ----------------------------------------------------------------------------------------------
def fulfil(state: StarState, turn: Turn, qid: str, seat: int) -> None:
    if qid in state.done:
        return
    q = CONTENT.quests[qid]
    state.done[qid] = seat
    state.crews[seat].vt += q.vt
    turn.say(f"Quest '{q.name}' fulfilled by the {state.crews[seat].colour} crew (+{q.vt} VT)!", kind="turn")
    if q.kind == "pve":
        state.pve_index += 1
        for crew in state.crews:
            crew.hacked = []
            crew.progress = 0
        nxt = current_pve(state)
        if nxt is not None:
            turn.say(f"Next quest: {nxt.name}. {nxt.text}")
            place_for_quest(state, turn, nxt)


def place_for_quest(state: StarState, turn: Turn, q) -> None:
    if not q.place:
        return
    b = board_of(state)
    pos = q.place["pos"]
    if q.place["at"] == "terminal":
        term = next(t for t in b.terminals if b.tile_at[t] == pos)
        state.tokens.setdefault(B.name(term), []).append(f"quest:{q.place['token']}")
        turn.say(f"The {q.place['token']} quest token appears at {B.name(term)}.")
    else:
        des = q.place["designation"]
        card_id = state.dashboard.get(des)
        if card_id and any(m.card == card_id for m in state.monsters):
            return
        if state.phase == "play" and state.monster_control == "player" and quest_spawn_choices(state, des, pos):
            # Its space is Full: the active player picks the Close space (queued, asked when it runs).
            state.todo.append(Task(kind="place", card=des, start=str(pos)))
            return
        spawn(state, turn, des, b.spawns_by_tile.get(pos, []))


def quest_spawn_choices(state: StarState, des: str, pos: int) -> list[str]:
    """Free spaces Close to a quest monster's spawn point when that point is Full (rule 136);
    empty when there is no choice to make (the point is free, or at most one space fits)."""
    card_id = state.dashboard.get(des)
    if not card_id:
        return []
    b = board_of(state)
    points = b.spawns_by_tile.get(pos, [])
    need = 0 if CONTENT.monsters[card_id].huge else 1
    if not points or any(occupancy(state, B.name(p)) <= need for p in points):
        return []
    out: list[str] = []
    for p in points:
        for nb in b.neighbours(p, state.doors):
            space = B.name(nb)
            if occupancy(state, space) <= need and space not in out:
                out.append(space)
    return out if len(out) > 1 else []


def run_place(state: StarState, turn: Turn, t: Task) -> None:
    card_id = state.dashboard.get(t.card)
    if not card_id or any(m.card == card_id for m in state.monsters):
        return
    pos = int(t.start)
    choices = quest_spawn_choices(state, t.card, pos)
    if choices:
        state.wait = Wait(kind="place", seat=state.current, options=choices, why=t.card)
        turn.say(f"{state.seats[state.current]} chooses where the quest's {CONTENT.monsters[card_id].name} appears.")
        return
    spawn(state, turn, t.card, board_of(state).spawns_by_tile.get(pos, []))


def pvp_kill(state: StarState, turn: Turn, killer: HeroState, victim: HeroState) -> None:
    qid = f"pvp-{state.crews[victim.seat].colour}"
    if qid in state.done or killer.seat == victim.seat:
        return
    fulfil(state, turn, qid, killer.seat)
    if not state.reward_given:
        state.reward_given = True
        reward = "R" + state.scenario
        if reward in CONTENT.upgrades:
            crew = state.crews[killer.seat]
            for hid in [killer.id, *[x for x in crew.heroes if x != killer.id]]:
                h = find_hero(state, hid)
                if h is not None and len(h.upgrades) < SLOTS:
                    h.upgrades.append(Up(id=reward))
                    turn.say(f"{hero_name(h)} receives the scenario reward {CONTENT.upgrades[reward].name}.")
                    break
            else:
                turn.say("The scenario reward is lost: no free upgrade slot.")


def check_deliver(state: StarState, turn: Turn, h: HeroState) -> None:
    q = current_pve(state)
    if q is None or q.goal != "deliver" or h.dead:
        return
    tok = f"quest:{q.token}"
    if tok not in h.quest_tokens:
        return
    b = board_of(state)
    crew = state.crews[h.seat]
    if B.parse_space(h.pos) in b.shuttles.get(crew.colour, []):
        h.quest_tokens.remove(tok)
        fulfil(state, turn, q.id, h.seat)


def scenario_over(state: StarState) -> bool:
    pve_done = state.pve_index >= len(state.pve)
    return pve_done and any(q.startswith("pvp-") for q in state.done)


def turn_limit_reached(state: StarState) -> bool:
    """Table option turn_limit (our rule): the scenario's last turn has been played."""
    return state.turn_limit > 0 and state.turn_no >= state.turn_limit


def end_condition(state: StarState) -> str:
    """What still ends the scenario, for the board and the turn prompt, e.g.
    ``Ends when: PvE quests 2/3 done; a PvP quest: none done yet``."""
    pvp = [q for q in state.done if q.startswith("pvp-")]
    pvp_text = f"done ({state.crews[state.done[pvp[0]]].colour} crew)" if pvp else "none done yet"
    pve = f"{min(state.pve_index, len(state.pve))}/{len(state.pve)}"
    text = f"Ends when: PvE quests {pve} done; a PvP quest: {pvp_text}"
    if state.turn_limit:
        text += f"; or after turn {state.turn_limit} (most VT)"
    return text


def quests_fulfilled(state: StarState, seat: int) -> int:
    """Quests (PvE and PvP) ``seat``'s crew fulfilled in this scenario."""
    return sum(1 for who in state.done.values() if who == seat)


def finish(state: StarState, turn: Turn, *, at_limit: bool = False) -> None:
    """The scenario is over: most VT wins, ties by the book's CRIT roll-off. At the turn limit (our
    rule) a VT tie first goes to the crew that fulfilled more quests this scenario."""
    best = max(c.vt for c in state.crews)
    tied = [c.seat for c in state.crews if c.vt == best]
    if at_limit and len(tied) > 1:
        most = max(quests_fulfilled(state, s) for s in tied)
        tied = [s for s in tied if quests_fulfilled(state, s) == most]
        names = ", ".join(state.seats[s] for s in tied)
        turn.say(f"Tied on {best} VT: the most quests fulfilled ({most}) goes to {names}.")
    rounds = 0
    while len(tied) > 1 and rounds < 50:
        rounds += 1
        crits = []
        for seat in tied:
            face = roller(turn, f"{state.seats[seat]} roll-off", seat)(1)[0]
            if face == "crit":
                crits.append(seat)
        if len(crits) == 1:
            tied = crits
    state.winners = tied
    state.phase = "over"
    state.todo = []
    state.wait = None
    state.payback = None
    names = ", ".join(state.seats[s] for s in tied)
    turn.say(f"Scenario over! Winner: {names} with {best} VT.", kind="end")
    end_scenario(state, turn)


# -- hero movement -------------------------------------------------------------------------------------------
def plan_path(state: StarState, h: HeroState, path_in: object, mp: int) -> tuple[list[tuple[str, str]], int]:
    """Check a whole path without rolling anything (read only); return its operations and their MP cost."""
    if isinstance(path_in, str):
        path_in = path_in.split()
    if not isinstance(path_in, list | tuple):
        raise RuleError("Give the path as a list of spaces and actions, e.g. C3 C4 portal F7.")
    if not path_in:
        raise RuleError("The path is empty. Name the spaces to walk through.")
    if len(path_in) > MAX_PATH:
        raise RuleError("That path is far too long.")
    b = board_of(state)
    doors = dict(state.doors)
    cur = h.pos
    cost = 0
    ops: list[tuple[str, str]] = []
    items = list(path_in)
    q = current_pve(state)
    hacked = set(state.crews[h.seat].hacked)
    free_portal = ability(h, "free_portal") > 0
    i = 0
    while i < len(items):
        raw = items[i]
        i += 1
        if not isinstance(raw, str):
            raise RuleError("Every step of a path is a space name like C4 or a word like portal.")
        item = raw.strip().lower()
        if item.startswith("portal"):
            dest, i = _portal_destination(item, items, i, "you")
            dxy = B.parse_space(dest)
            if dxy is None or not b.playable(dxy):
                raise RuleError(f"'{str(dest)[:10]}' is not a space of this station.")
            dname = B.name(dxy)
            if not portal_colours(state, b, cur):
                raise RuleError(f"There is no working portal at {cur}.")
            if dname not in portal_targets(state, b, cur):
                raise RuleError(f"The portal at {cur} does not lead to {dname}.")
            cost += 0 if free_portal else 1
            ops.append(("portal", dname))
            cur = dname
        elif item.startswith("door"):
            side = item.partition(":")[2].upper()
            if not side and i < len(items) and isinstance(items[i], str) and items[i].upper() in B.DIRS:
                side = items[i].upper()
                i += 1
            if side not in B.DIRS:
                raise RuleError("Say which edge the door is on: door:N, door:E, door:S or door:W.")
            cxy = B.parse_space(cur)
            dx, dy = B.DIRS[side]
            e = B.edge(cxy, (cxy[0] + dx, cxy[1] + dy))
            door = b.door_of.get(e)
            if door is None:
                raise RuleError(f"There is no door on the {side} edge of {cur}.")
            doors[door] = not doors.get(door, False)
            cost += 1
            ops.append(("door", door))
        elif item == "hack":
            cxy = B.parse_space(cur)
            if q is None or q.goal != "hack":
                raise RuleError("There is nothing to hack for the current quest.")
            if cxy not in b.terminals:
                terms = ", ".join(B.name(t) for t in b.terminals)
                raise RuleError(f"{cur} is not a computer terminal. Terminals (T on the board): {terms}.")
            if cur in hacked:
                raise RuleError(f"Your crew already hacked the terminal at {cur}.")
            if enemies_in(state, cur, h):
                raise RuleError("You cannot hack while an enemy shares the space.")
            hacked.add(cur)
            cost += 1
            ops.append(("hack", cur))
        elif item == "pickup":
            toks = [t for t in state.tokens.get(cur, []) if t.startswith("quest:")]
            armory = bool(state.armory_item) and state.armory_space == cur
            if not toks and not armory:
                raise RuleError(
                    f"There is nothing to pick up at {cur}. Victory tokens and gadgets are taken just by "
                    "walking onto them; pickup is for quest tokens and the armory item."
                )
            if not toks and len(h.upgrades) >= SLOTS:
                raise RuleError(f"{hero_name(h)} has no free upgrade slot for the armory item.")
            if enemies_in(state, cur, h):
                raise RuleError("You cannot pick that up while an enemy shares the space.")
            ops.append(("pickup", cur))
        else:
            dxy = B.parse_space(item)
            if dxy is None:
                raise RuleError(f"'{raw[:12]}' is neither a space nor portal, door, hack or pickup.")
            cxy = B.parse_space(cur)
            if not b.playable(dxy):
                raise RuleError(f"{B.name(dxy)} is not a space you can enter.")
            if abs(cxy[0] - dxy[0]) + abs(cxy[1] - dxy[1]) != 1:
                raise RuleError(f"{B.name(dxy)} is not next to {cur}; steps are orthogonal, one space at a time.")
            if not b.passage(cxy, dxy, doors):
                raise RuleError(f"A wall or closed door blocks the way from {cur} to {B.name(dxy)}.")
            cost += 1
            ops.append(("step", B.name(dxy)))
            cur = B.name(dxy)
        if cost > mp:
            raise RuleError(f"That path needs more than the {mp} movement point(s) left.")
    if cur != h.pos and occupancy(state, cur, ignore=h.id) >= 2:
        raise RuleError(f"{cur} is full: you may pass through but not stop there.")
    return ops, cost


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
            turn.say(f"{hero_name(h)} {'opens' if state.doors[arg] else 'closes'} door {arg}.")
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
                turn.say(f"{hero_name(h)} picks up the {x[6:]} token.")
            if arg in state.tokens and not state.tokens[arg]:
                del state.tokens[arg]
            if state.armory_item and state.armory_space == arg and len(h.upgrades) >= SLOTS:
                turn.say(f"{hero_name(h)} has no free upgrade slot and leaves the armory item.")
            elif state.armory_item and state.armory_space == arg:
                h.upgrades.append(Up(id=state.armory_item))
                turn.say(f"{hero_name(h)} takes {CONTENT.upgrades[state.armory_item].name} from the armory.")
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


# -- hero attacks ---------------------------------------------------------------------------------
def resolve_upgrade(h: HeroState, ref: object, what: str):
    if not isinstance(ref, str) or not ref.strip() or len(ref) > 60:
        raise RuleError(f"Name the {what} to use.")
    card = CONTENT.upgrade_by_ref(ref)
    if card is None:
        raise RuleError(f"There is no upgrade called '{ref[:30]}'.")
    for u in h.upgrades:
        if u.id == card.id:
            return card, u
    raise RuleError(f"{hero_name(h)} does not carry {card.name}.")


def attack_kind(weapon: UpgradeCard) -> str:
    return weapon.form or weapon.type


def boost_fits(weapon: UpgradeCard, boost: UpgradeCard) -> bool:
    """A boost powers a weapon of exactly its type (melee, ranged or special)."""
    return boost.type == weapon.type


MAX_COMBOS = 8


def boost_dice(boosts) -> int:
    """Extra attack dice a set of boosts adds (a wound-cost boost counts its bonus too)."""
    return sum(c.dice + (c.ability_value if c.ability_kind == "sacrifice_dice" else 0) for c in boosts)


def fitting_boosts(h: HeroState, weapon: UpgradeCard) -> list[UpgradeCard]:
    """The hero's ready boosts that fit ``weapon``, in inventory order (wound-cost boosts included)."""
    return [c for c, t in ups(h) if c.category == "boost" and not t.exhausted and boost_fits(weapon, c)]


def boost_combos(h: HeroState, weapon: UpgradeCard, limit: int = MAX_COMBOS) -> list[list[str]]:
    """Useful boost sets (by slug) for an attack with ``weapon``, at most ``limit`` of them.

    Order: no boost, every free boost, then each smaller set from the most dice down. A boost that
    costs a wound appears only in sets the hero can pay for without dying.
    """
    fits = fitting_boosts(h, weapon)
    free = [c for c in fits if c.ability_kind != "sacrifice_dice"]
    room = hero_life(h) - h.wounds - 1  # wounds the hero can still pay
    out: list[list[str]] = [[]]
    if free:
        out.append([c.slug for c in free])
    combos = []
    for n in range(len(fits), 0, -1):
        for combo in itertools.combinations(fits, n):
            if sum(1 for c in combo if c.ability_kind == "sacrifice_dice") > room:
                continue
            combos.append((-boost_dice(combo), -n, [c.slug for c in combo]))
    for _dice, _n, slugs in sorted(combos, key=lambda x: (x[0], x[1])):
        if len(out) >= limit:
            break
        if slugs not in out:
            out.append(slugs)
    return out[:limit]


def in_reach(state: StarState, b: B.Board, h: HeroState, kind: str, space: str) -> bool:
    a, t = B.parse_space(h.pos), B.parse_space(space)
    if kind == "melee":
        return b.close(a, t, state.doors)
    return b.los(a, t, state.doors)


class AttackPlan(NamedTuple):
    """A checked hero attack: what it uses, whom it targets, and its extras (nothing rolled yet)."""

    weapon: UpgradeCard
    wtok: Up
    boosts: list[tuple[UpgradeCard, Up]]
    kind: str
    tm: MonsterState | None
    th: HeroState | None
    tspace: str
    shove_to: str
    grab: str
    sac_count: int
    sacrifice: int


def plan_attack(state: StarState, h: HeroState, action: dict) -> AttackPlan:
    """Check a hero attack without changing anything: its weapon and boosts (ready, fitting, listed once),
    its target (on the board, a rival or a monster, in reach), the wound cost, a shove and a grab."""
    weapon, wtok = resolve_upgrade(h, action.get("weapon"), "weapon")
    if weapon.category != "weapon":
        raise RuleError(f"{weapon.name} is not a weapon.")
    if wtok.exhausted:
        raise RuleError(f"{weapon.name} is exhausted; rest or use a recharge to ready it.")
    boosts_raw = action.get("boosts", [])
    if isinstance(boosts_raw, str):
        boosts_raw = boosts_raw.split()
    if not isinstance(boosts_raw, list | tuple) or len(boosts_raw) > SLOTS:
        raise RuleError("Give the boosts as a short list.")
    boosts = []
    for ref in boosts_raw:
        card, tok = resolve_upgrade(h, ref, "boost")
        if card.category != "boost":
            raise RuleError(f"{card.name} is not a boost.")
        if tok.exhausted:
            raise RuleError(f"{card.name} is exhausted.")
        if not boost_fits(weapon, card):
            raise RuleError(f"{card.name} is a {card.type} boost and cannot power the {weapon.type} {weapon.name}.")
        if any(c.id == card.id for c, _ in boosts):
            raise RuleError(f"{card.name} is listed twice.")
        boosts.append((card, tok))
    kind = attack_kind(weapon)
    target = action.get("target")
    if not isinstance(target, str) or not target.strip() or len(target) > 40:
        raise RuleError("Name the target, e.g. weeble#1 or a rival hero.")
    tname = target.strip().lower()
    tm = find_monster(state, tname)
    th = None if tm else find_hero(state, tname)
    if tm is None and th is None:
        raise RuleError(f"There is no '{target[:30]}' on the board.")
    if th is not None:
        if th.seat == h.seat:
            raise RuleError("You cannot attack your own crew.")
        if th.dead or not th.pos:
            raise RuleError(f"{hero_name(th)} is not on the board.")
    b = board_of(state)
    tspace = tm.pos if tm else th.pos
    if not in_reach(state, b, h, kind, tspace):
        if kind == "melee":
            raise RuleError("A melee attack needs the target Close (same space or an open neighbour).")
        raise RuleError(f"There is no line of sight from {h.pos} to {tspace}.")
    sacrifice = sum(c.ability_value for c, _ in boosts if c.ability_kind == "sacrifice_dice")
    sac_count = sum(1 for c, _ in boosts if c.ability_kind == "sacrifice_dice")
    if sac_count and h.wounds + sac_count >= hero_life(h):
        raise RuleError(f"{hero_name(h)} cannot pay the wound cost without dying.")
    all_cards = [weapon] + [c for c, _ in boosts]
    do_shove = any(c.ability_kind == "shove" for c in all_cards)
    shove_to = action.get("shove", "")
    if shove_to:
        if not do_shove:
            raise RuleError("This attack does not shove.")
        sxy = B.parse_space(shove_to) if isinstance(shove_to, str) else None
        if sxy is None or B.name(sxy) not in shove_spaces(state, tspace):
            raise RuleError("Shove the target into a free space Close to it.")
        shove_to = B.name(sxy)
    grab = action.get("grab", "")
    if not isinstance(grab, str) or len(grab) > 20:
        raise RuleError("grab names one dropped token, e.g. stimpack or core.")
    grab = grab.strip().lower()
    return AttackPlan(weapon, wtok, boosts, kind, tm, th, tspace, shove_to, grab, sac_count, sacrifice)


def hero_attack(state: StarState, turn: Turn, h: HeroState, action: dict) -> None:
    plan = plan_attack(state, h, action)
    weapon, wtok, boosts, kind, tm, th, tspace = plan[:7]
    sac_count, sacrifice = plan.sac_count, plan.sacrifice
    shove_to, grab = plan.shove_to, plan.grab
    all_cards = [weapon] + [c for c, _ in boosts]
    do_shove = any(c.ability_kind == "shove" for c in all_cards)
    # The defending hero decides on a reaction before any die is rolled (defence=ask).
    if th is not None and wants_defence_prompt(state, th):
        state.todo.append(Task(kind="attack", hero=h.id, action=dict(action)))
        ask_defence(state, turn, th, hero_name(h))
        return
    # Committed: exhaust, pay, roll.
    wtok.exhausted = True
    for _, tok in boosts:
        tok.exhausted = True
    h.wounds += sac_count
    dice = weapon.dice + sum(c.dice for c, _ in boosts) + sacrifice
    dice += ability(h, "melee_dice") if kind == "melee" else ability(h, "ranged_dice")
    rerolls = hero_rerolls(h) + sum(c.ability_value for c in all_cards if c.ability_kind == "attack_reroll")
    rerolls += ability(h, "ranged_reroll") if kind == "ranged" else ability(h, "melee_reroll")
    tlabel = mname(tm) if tm else hero_name(th)
    turn.say(
        f"{hero_name(h)} attacks {tlabel} with {' + '.join(c.name for c in all_cards)} ({dice} dice).",
        attack=[h.pos, tspace],
    )
    res: RollResult = roll_pool(roller(turn, f"{hero_name(h)} attacks", h.seat), dice, kind, rerolls)
    hits = res.successes(kind)
    crit_daze = any(c.ability_kind == "crit_daze" for c in all_cards) or (
        kind == "melee" and ability(h, "crit_daze") > 0
    )
    daze_on_wound = any(c.ability_kind == "daze" for c in all_cards)
    state.act.attacked = True
    # One roll for every target: the primary, plus (sweep) every other enemy in its space.
    targets: list[MonsterState | HeroState] = [tm if tm is not None else th]
    if any(c.ability_kind == "sweep" for c in all_cards):
        targets += [m for m in state.monsters if m.pos == tspace and m is not tm]
        targets += [o for o in heroes_on_board(state) if o.pos == tspace and o.seat != h.seat and o is not th]
        if len(targets) > 1:
            turn.say(f"The attack sweeps {len(targets)} targets.")
    provoked: list[MonsterState] = []
    hurt_heroes: list[HeroState] = []
    for i, target in enumerate(targets):
        if isinstance(target, MonsterState):
            card = mcard(target)
            pool = 0 if target.dazed else card.defense
            saves = roll_pool(roller(turn, f"{card.name} defends"), pool, "defense").successes("defense")
            wounds = max(0, hits - saves)
            turn.say(f"{hits} hit(s), {mname(target)} saves {saves} -> {wounds} wound(s).")
            target.wounds += wounds
            if (res.crits and crit_daze) or (wounds and daze_on_wound):
                target.dazed = True
                turn.say(f"{mname(target)} is dazed.")
            if wounds >= mstats(target)[1]:
                turn.say("Overkill!")
                remove_monster(state, turn, target, h)
                continue
            if i == 0 and do_shove and not card.huge:
                shove(state, turn, target.pos, target.uid, shove_to)
            provoked.append(target)
        else:
            wounds = defend(state, turn, target, hits, hero_name(h))
            target.wounds += wounds
            if ((res.crits and crit_daze) or (wounds and daze_on_wound)) and not ability(target, "steady"):
                target.dazed = True
                turn.say(f"{hero_name(target)} is dazed.")
            hurt_heroes.append(target)
    for victim in hurt_heroes:
        check_hero_death(state, turn, victim, h, grab)
    if th is not None and do_shove and not th.dead and th.pos:
        shove(state, turn, th.pos, th.id, shove_to)
    # Only one monster answers with Payback; the player to the right picks which (policy: the primary).
    alive = [m for m in provoked if find_monster(state, m.uid) is not None]
    if not alive or h.dead:
        for m in alive:
            if m.wounds >= mstats(m)[0]:
                remove_monster(state, turn, m, h)
        return
    if state.monster_control == "player" and len(alive) > 1:
        seat = right_of(state)
        state.wait = Wait(kind="payer", seat=seat, hero=h.id, options=[m.uid for m in alive])
        turn.say(f"{state.seats[seat]} chooses which monster pays {hero_name(h)} back.")
        return
    start_payback(state, turn, alive[0], h, [m.uid for m in alive[1:]])


def start_payback(state: StarState, turn: Turn, payer: MonsterState, h: HeroState, others: list[str]) -> None:
    """``payer`` answers ``h``'s attack; the other provoked monsters that reached their life die now."""
    for uid in others:
        m = find_monster(state, uid)
        if m is not None and m.wounds >= mstats(m)[0]:
            remove_monster(state, turn, m, h)
    state.todo.append(Task(kind="payback_end", monster=payer.uid, hero=h.id))
    if state.monster_control == "player":
        seat = right_of(state)
        state.payback = Payback(monster=payer.uid, hero=h.id, seat=seat)
        turn.say(f"{state.seats[seat]} runs the Payback of {mname(payer)}.")
        return
    activate_monster(state, turn, payer, only=h, why="payback", controller=right_of(state))


def run_payback_end(state: StarState, turn: Turn, t: Task) -> None:
    m, h = find_monster(state, t.monster), find_hero(state, t.hero)
    if m is not None and m.wounds >= mstats(m)[0]:
        remove_monster(state, turn, m, h)


# -- turn flow ---------------------------------------------------------------------------------------------
def start_activation(state: StarState, turn: Turn, h: HeroState) -> None:
    if state.act.hero == h.id:
        return
    if state.act.hero:
        raise RuleError(f"You already activated {CONTENT.heroes[state.act.hero].name} this turn.")
    state.act = Activation(hero=h.id, mp=BASE_MP + ability(h, "extra_mp"))
    turn.say(f"{state.seats[h.seat]} activates {hero_name(h)}.", kind="turn")
    collect(state, turn, h)


def can_move(state: StarState, h: HeroState) -> bool:
    """Whether ``h`` may (still) move: one unbroken block of MP, never resumed after its attack."""
    if state.act.hero != h.id:
        return True
    return not state.act.sealed and state.act.mp > 0


def draw_event(state: StarState, turn: Turn) -> None:
    """Draw the top event card: its monster slot acts now, its effect is queued after that.

    With events=choose and a filled slot, the card waits for the active player's choices instead.
    """
    if not state.deck:
        state.deck = list(state.discard)
        state.discard = []
        turn.rng.shuffle(state.deck)
        turn.say("The event deck is reshuffled.")
    if not state.deck:
        return
    cid = state.deck.pop(0)
    turn.reveal("an event card")
    card = CONTENT.events[cid]
    state.last_event = cid
    mon = state.dashboard.get(card.designation)
    slot = f" ({CONTENT.monsters[mon].name}, the {card.designation} monster)" if mon else ""
    turn.say(f"Event: {card.name}{slot}.", kind="turn")
    state.todo.append(Task(kind="effect", card=cid))
    if state.event_mode == "choose" and state.dashboard.get(card.designation):
        state.pending_event = cid
        turn.say(f"{state.seats[state.current]} decides how the {card.designation} slot acts.")
        return
    state.discard.append(cid)
    designation_step(state, turn, card.designation)


def event_choices(state: StarState) -> tuple[list[MonsterState], list[B.XY]]:
    """Figures the pending event may activate, or spawn points it may use (if none is out)."""
    card = CONTENT.events[state.pending_event]
    card_id = state.dashboard.get(card.designation, "")
    figures = [m for m in state.monsters if m.card == card_id]
    if figures:
        return figures, []
    b = board_of(state)
    need = 0 if CONTENT.monsters[card_id].huge else 1
    free = [p for p in b.spawns if occupancy(state, B.name(p)) <= need]
    return [], free or list(b.spawns)


def check_event(state: StarState, action: dict) -> None:
    """Refuse event choices that do not fit the drawn card (read only): a figure of its slot if one is
    out (and a target only when the bot runs it), else one of its spawn points."""
    figures, points = event_choices(state)
    fig_ref, target_ref, spawn_ref = action.get("figure"), action.get("target"), action.get("spawn")
    if figures:
        if spawn_ref is not None:
            raise RuleError("A figure of that slot is on the board: activate it instead of spawning.")
        if fig_ref is not None:
            m = find_monster(state, str(fig_ref).lower()) if isinstance(fig_ref, str) else None
            if m is None or m not in figures:
                raise RuleError(f"Choose one of: {', '.join(f.uid for f in figures)}.")
        if target_ref is not None:
            if state.monster_control == "player":
                raise RuleError("Choose the figure now; its target is chosen when it acts.")
            only = find_hero(state, str(target_ref).lower()) if isinstance(target_ref, str) else None
            if only is None or only.dead or not only.pos:
                raise RuleError("The target must be a hero on the board.")
        return
    if fig_ref is not None or target_ref is not None:
        raise RuleError("No figure of that slot is on the board: choose a spawn point.")
    if spawn_ref is not None:
        xy = B.parse_space(spawn_ref) if isinstance(spawn_ref, str) else None
        if xy not in points:
            raise RuleError(f"Spawn on one of: {', '.join(B.name(p) for p in points)}.")


def resolve_event(state: StarState, turn: Turn, action: dict) -> None:
    """The active player's choices for the pending event: figure (and target), or spawn point.

    With monsters=player the chosen figure's move and target are a further prompt, so a target
    is not taken here.
    """
    check_event(state, action)
    card = CONTENT.events[state.pending_event]
    figures, points = event_choices(state)
    fig_ref, target_ref, spawn_ref = action.get("figure"), action.get("target"), action.get("spawn")
    if figures:
        m = figures[0] if fig_ref is None else find_monster(state, str(fig_ref).lower())
        only = None if target_ref is None else find_hero(state, str(target_ref).lower())
        state.discard.append(state.pending_event)
        state.pending_event = ""
        if fig_ref is None and only is None:
            designation_step(state, turn, card.designation)
        elif state.monster_control == "player":
            prompt_activation(state, turn, m)
        else:
            activate_monster(state, turn, m, only=only, avoid=state.current, controller=state.current)
    else:
        if spawn_ref is not None:
            at = [B.parse_space(spawn_ref)]
        else:
            at = [p for p in spawn_points_for(state, state.current) if p in points]
        state.discard.append(state.pending_event)
        state.pending_event = ""
        spawn(state, turn, card.designation, at)


def prompt_activation(state: StarState, turn: Turn, m: MonsterState) -> None:
    """An event activation run by the active player: wait for its path and target."""
    if not heroes_on_board(state):
        turn.say(f"{mname(m)} finds no hero to chase.")
        return
    state.wait = Wait(kind="monster", seat=state.current, monster=m.uid, why="event")
    turn.say(f"{state.seats[state.current]} runs {mname(m)} (its movement and one attack).")


def event_figure(state: StarState, figures: list[MonsterState]) -> MonsterState:
    """The active player's pick among the slot's figures: one that can attack a rival hero this
    activation (standing or after walking), else the first on the board."""

    def score(m: MonsterState) -> tuple[int, str]:
        return (0 if plan_activation(state, m, avoid=state.current)[1] else 1, m.uid)

    return min(figures, key=score)


def designation_step(state: StarState, turn: Turn, des: str) -> None:
    card_id = state.dashboard.get(des)
    if not card_id:
        turn.say(f"No monster fills the {des} slot.")
        return
    figures = [m for m in state.monsters if m.card == card_id]
    if not figures:
        spawn(state, turn, des, spawn_points_for(state, state.current))
        return
    chosen = event_figure(state, figures)
    if state.monster_control == "player":
        prompt_activation(state, turn, chosen)
        return
    activate_monster(state, turn, chosen, avoid=state.current, controller=state.current)


def effect(state: StarState, turn: Turn, card) -> None:
    b = board_of(state)
    kind = card.effect
    if kind == "none":
        return
    if kind == "spawn":
        spawn(state, turn, card.spawn)
    elif kind == "surge":
        turn.say("Surge: the slot acts again.")
        designation_step(state, turn, card.designation)
    elif kind in ("close_doors", "open_doors"):
        for d in state.doors:
            state.doors[d] = kind == "open_doors"
        turn.say("Every door slams shut." if kind == "close_doors" else "Every door slides open.")
    elif kind == "heal_monsters":
        for m in state.monsters:
            m.wounds = max(0, m.wounds - card.value)
        turn.say(f"Monsters shake off up to {card.value} wound(s).")
    elif kind == "drop_gadget":
        in_play = sum(toks.count(card.gadget) for toks in state.tokens.values())
        in_play += sum(h.gadgets.count(card.gadget) for h in state.heroes)
        if in_play >= CONTENT.counts[card.gadget]:
            turn.say(f"No {card.gadget} token is left.")
            return
        for t in b.terminals:
            if not state.tokens.get(B.name(t)):
                state.tokens[B.name(t)] = [card.gadget]
                turn.say(f"A {card.gadget} appears at {B.name(t)}.")
                break
    elif kind == "portal_token":
        colour_count = sum(1 for c in state.portal_tokens.values())
        if colour_count >= CONTENT.counts["portal"]:
            turn.say("No portal token is left.")
            return
        for t in b.terminals:
            if B.name(t) not in state.portal_tokens:
                state.portal_tokens[B.name(t)] = card.colour
                turn.say(f"{'An' if card.colour[:1] in 'aeiou' else 'A'} {card.colour} portal opens at {B.name(t)}.")
                break
    elif kind == "jam_portals":
        if card.colour in state.jammed:
            state.jammed.remove(card.colour)
            turn.say(f"{card.colour.capitalize()} portals work again.")
        else:
            state.jammed.append(card.colour)
            turn.say(f"{card.colour.capitalize()} portals shut down.")
    elif kind == "taco_tuesday":
        low = min(c.vt for c in state.crews)
        for c in state.crews:
            if c.vt == low:
                c.vt += 1
        turn.say("Taco Tuesday! The crews with the fewest VT gain 1.")


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


PAYBACK_CHOICES = 8


def payback_options(state: StarState) -> list[dict]:
    """A short menu for the Payback prompt: the policy, then attacks from where it stands or from
    the cheapest spaces it can reach, holding still, and a few plain moves. Any other legal path
    may be typed (``payback C4 D4 attack``)."""
    pb = state.payback
    m, h = find_monster(state, pb.monster), find_hero(state, pb.hero)
    out: list[dict] = [{"type": "payback"}]
    if m is None:
        return out
    for path, target in monster_options(state, m, h, PAYBACK_CHOICES):
        opt = {"type": "payback", "path": path, "attack": bool(target)}
        if opt not in out:
            out.append(opt)
    return out[:PAYBACK_CHOICES]


def check_payback(state: StarState, action: dict) -> list[Op]:
    """Refuse a Payback run that breaks the rules (read only); return its path's operations. A run moves
    and then may attack only the hero that attacked it, from where it ends."""
    pb = state.payback
    m, h = find_monster(state, pb.monster), find_hero(state, pb.hero)
    if "path" not in action and "attack" not in action:
        return []
    if action.get("first", "move") != "move":
        raise RuleError("A Payback may move and then attack, never attack and then move.")
    target = action.get("target")
    if target is not None and (not isinstance(target, str) or target.strip().lower() != pb.hero):
        raise RuleError(f"A Payback may only attack {hero_name(h)}, the hero that attacked it.")
    attack = action.get("attack", True)
    if attack not in (True, False, "yes", "no"):
        raise RuleError("attack is yes or no.")
    ops = plan_monster_path(state, m, action.get("path", []))
    end = ops[-1][1] if ops and ops[-1][0] != "door" else m.pos
    if ops and ops[-1][0] == "door":
        raise RuleError("A path ends on a space, not on a door.")
    alive = h is not None and not h.dead and bool(h.pos)
    if attack in (True, "yes") and not (alive and monster_can_hit(state, board_of(state), m, end, h)):
        raise RuleError(f"From {end} {mcard(m).name} cannot hit {hero_name(h)}.")
    return ops


def resolve_payback(state: StarState, turn: Turn, action: dict) -> None:
    ops = check_payback(state, action)
    pb = state.payback
    m, h = find_monster(state, pb.monster), find_hero(state, pb.hero)
    alive = h is not None and not h.dead and bool(h.pos)
    if "path" not in action and "attack" not in action:
        state.payback = None
        if alive:
            activate_monster(state, turn, m, only=h, why="payback", controller=pb.seat)
        return
    attack = action.get("attack", True) in (True, "yes")
    state.payback = None
    run_activation(state, turn, m, ops, h.id if attack else "", "payback", pb.seat)
    if not attack:
        turn.say(f"{mname(m)} holds its attack.")


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


# -- the work queue ------------------------------------------------------------------------------------
def run_strike(state: StarState, turn: Turn, t: Task) -> None:
    """A queued monster attack; with defence=ask the defender is asked first."""
    m, h = find_monster(state, t.monster), find_hero(state, t.hero)
    if m is None or h is None or h.dead or not h.pos:
        return
    if not monster_can_hit(state, board_of(state), m, m.pos, h):
        turn.say(f"{mname(m)} can no longer reach {hero_name(h)}.")
        return
    if not t.asked and wants_defence_prompt(state, h):
        t.asked = True
        state.todo.append(t)
        ask_defence(state, turn, h, mname(m))
        return
    monster_attack(state, turn, m, h, t.why, t.seat)


def run_attack(state: StarState, turn: Turn, t: Task) -> None:
    """A hero attack that waited for its defender's answer."""
    h = find_hero(state, t.hero)
    if h is None or h.dead or not h.pos:
        return
    hero_attack(state, turn, h, dict(t.action))


def run_effect(state: StarState, turn: Turn, t: Task) -> None:
    effect(state, turn, CONTENT.events[t.card])


RUNNERS = {
    "move": run_move,
    "mmove": run_mmove,
    "place": run_place,
    "strike": run_strike,
    "attack": run_attack,
    "payback_end": run_payback_end,
    "effect": run_effect,
    "advance": lambda state, turn, t: advance(state, turn),
    "after_hero": lambda state, turn, t: after_hero_action(state, turn),
}
MAX_TASKS = 500


def blocked(state: StarState) -> bool:
    """Somebody must decide something before the engine can go on."""
    return state.phase != "play" or state.wait is not None or state.payback is not None or bool(state.pending_event)


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


def nearest_free(state: StarState, b: B.Board, starts: list[str]) -> str | None:
    """The first space with room for one more figure, searching outward from ``starts``."""
    seen = set(starts)
    queue = deque(starts)
    while queue:
        cur = queue.popleft()
        if occupancy(state, cur) < 2:
            return cur
        for nb in b.neighbours(B.parse_space(cur), state.doors):
            name = B.name(nb)
            if name not in seen:
                seen.add(name)
                queue.append(name)
    return None


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
        if want.lower() == "shuttle":
            dest = nearest_free(state, b, [B.name(xy) for xy in b.shuttles.get(crew.colour, [])])
            if dest is None:
                raise RuleError("There is no free space near your shuttle; choose a space next to your ally.")
        else:
            dxy = B.parse_space(want)
            allies = [B.parse_space(p) for hid, p in on_board_at_start.items() if hid != h.id]
            if dxy is None or not b.playable(dxy) or not any(b.close(dxy, a, state.doors) for a in allies):
                raise RuleError("A resurrected hero goes to your shuttle or Close to your ally on the board.")
            dest = B.name(dxy)
            if occupancy(state, dest) >= 2:
                raise RuleError(f"{dest} is full.")
        h.dead = False
        h.wounds = 0
        h.pos = dest
        turn.say(f"{hero_name(h)} is back in action at {dest}.")
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
        turn.say(f"{hero_name(h)} uses a stimpack and is fully healed.")
    elif g == "recharge":
        for u in h.upgrades:
            u.exhausted = False
        turn.say(f"{hero_name(h)} uses a recharge: all upgrades ready.")
    else:
        ally = next(find_hero(state, x) for x in state.crews[h.seat].heroes if x != h.id)
        turn.say(f"{hero_name(h)} sends {hero_name(ally)} off on a hoverboard.")
        hero_move(state, turn, ally, action.get("path"), BASE_MP)
