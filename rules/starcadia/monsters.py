"""Monsters on the move: the automatic activation policy, walks (Huge figures push), the menus and
checks for a monster run by its controller, Payback and queued monster attacks."""

from __future__ import annotations

from rules.core import RuleError, Turn

from . import board as B
from .lookup import (
    ability,
    board_of,
    door_words,
    find_hero,
    find_monster,
    hero_life,
    hero_name,
    heroes_on_board,
    mcard,
    mname,
    monster_can_hit,
    monster_sight,
    mstats,
    occupancy,
    right_of,
    shove_spaces,
)
from .paths import Op, Route, notation, plan_monster_path, reach_ops
from .state import HeroState, MonsterState, Payback, StarState, Task, Wait
from .wounds import ask_defence, monster_attack, remove_monster, shove, wants_defence_prompt


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
            turn.say(f"{mname(m)} {'opens' if state.doors[arg] else 'closes'} {door_words(state, arg)}.")
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
    state: StarState,
    m: MonsterState,
    *,
    only: HeroState | None = None,
    avoid: int | None = None,
    walks: list[tuple[str, tuple[int, Route]]] | None = None,
) -> tuple[list[Op], str]:
    """The automatic policy for a monster activation: (its moves, the hero it attacks or "").

    Attack at once if it can; else walk the cheapest way to a space it can attack from; else close
    in on the chosen target (the one closest to death). An event activation run for the active crew
    (``avoid``) only goes for rival heroes: it never attacks that crew's own heroes, which the player
    may still choose by hand. A Payback (``only``) may only attack that hero. Pure: nothing changes,
    nothing rolls. ``walks``: :func:`_walks` of ``m``, if the caller has them already.
    """
    b = board_of(state)
    targets = _targets(state, only, avoid)
    if not targets:
        return [], ""
    sees, doors = monster_sight(b, m), state.doors  # monster_can_hit, the heroes' spaces parsed once
    aims = [(h, B.parse_space(h.pos)) for h in targets]
    here = B.parse_space(m.pos)
    now = [h for h, at in aims if sees(here, at, doors)]
    if now:
        return [], pick_target(state, now, avoid).id
    mp = mstats(m)[2]
    huge = mcard(m).huge
    if walks is None:
        walks = _walks(state, b, m)
    for space, (_cost, path) in walks:
        if not path:
            continue
        xy = B.parse_space(space)
        hit = [h for h, at in aims if sees(xy, at, doors)]
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
    stops = {space for space, _found in walks}
    for op in best[1] if best else []:
        if len(walked) >= mp:
            break
        walked.append(op)
        if op[0] != "door" and op[1] in stops:
            stop_at = list(walked)
    return stop_at, ""


def _walks(state: StarState, b: B.Board, m: MonsterState) -> list[tuple[str, tuple[int, Route]]]:
    """Where ``m`` may end a walk within its MP (:func:`reach_ops`), cheapest first, then by name."""
    options = reach_ops(state, b, m.pos, mstats(m)[2], m.uid, huge=mcard(m).huge, doors=True)
    return sorted(options.items(), key=lambda kv: (kv[1][0], kv[0]))


def _targets(state: StarState, only: HeroState | None, avoid: int | None) -> list[HeroState]:
    """The heroes :func:`plan_activation` may attack: ``only``, else every hero on the board but ``avoid``'s."""
    targets = [only] if only is not None else heroes_on_board(state)
    return [h for h in targets if h.pos and not h.dead and (only is not None or h.seat != avoid)]


def can_strike(state: StarState, m: MonsterState, avoid: int | None) -> bool:
    """Whether :func:`plan_activation` (``avoid`` given) attacks a hero: one is in reach now or after a walk
    within its MP. Read from the same searches, without ranking anything and without the search over the
    whole station that plans a walk towards a hero out of reach (its answer then attacks nobody)."""
    targets = _targets(state, None, avoid)
    if not targets:
        return False
    b = board_of(state)
    sees, doors = monster_sight(b, m), state.doors  # monster_can_hit, the heroes' spaces parsed once
    aims = [B.parse_space(h.pos) for h in targets]
    here = B.parse_space(m.pos)
    if any(sees(here, at, doors) for at in aims):
        return True
    options = reach_ops(state, b, m.pos, mstats(m)[2], m.uid, huge=mcard(m).huge, doors=True)
    for space, (_cost, path) in options.items():
        if path:
            xy = B.parse_space(space)
            if any(sees(xy, at, doors) for at in aims):
                return True
    return False


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

    ranked = _walks(state, b, m)
    ops, target = plan_activation(state, m, only=only, avoid=state.current, walks=ranked)
    add(notation(ops, m.pos), target)
    targets = [only] if only is not None else heroes_on_board(state)
    targets = [h for h in targets if h.pos and not h.dead]
    sees, doors = monster_sight(b, m), state.doors  # monster_can_hit, each space parsed once
    here = B.parse_space(m.pos)
    for h in targets:
        if sees(here, B.parse_space(h.pos), doors):
            add([], h.id)
    walks = [(B.parse_space(space), path) for space, (_cost, path) in ranked if path]
    for h in targets:
        at = B.parse_space(h.pos)
        for xy, path in walks:
            if sees(xy, at, doors):
                add(notation(path, m.pos), h.id)
                break
    add([], "")
    for _space, (_cost, path) in ranked[::-1]:
        if len(out) >= limit:
            break
        if path:
            add(notation(path, m.pos), "")
    return out


def start_payback(state: StarState, turn: Turn, payer: MonsterState, h: HeroState, others: list[str]) -> None:
    """``payer`` answers ``h``'s attack; the other provoked monsters that reached their life leave the
    board now. Their kills, and the payer's, were counted when the attack was resolved."""
    for uid in others:
        m = find_monster(state, uid)
        if m is not None and m.wounds >= mstats(m)[0]:
            remove_monster(state, turn, m, None)
    state.todo.append(Task(kind="payback_over", monster=payer.uid, hero=h.id))
    if state.monster_control == "player":
        seat = right_of(state)
        state.payback = Payback(monster=payer.uid, hero=h.id, seat=seat)
        turn.say(f"{state.seats[seat]} runs the Payback of {mname(payer)}.")
        return
    activate_monster(state, turn, payer, only=h, why="payback", controller=right_of(state))


def run_payback_over(state: StarState, turn: Turn, t: Task) -> None:
    """After its Payback, a killed monster leaves the board (its kill was counted before)."""
    m = find_monster(state, t.monster)
    if m is not None and m.wounds >= mstats(m)[0]:
        remove_monster(state, turn, m, None)


def run_payback_end(state: StarState, turn: Turn, t: Task) -> None:
    """The same for a Payback queued by an older version, which counted the kill only here."""
    m, h = find_monster(state, t.monster), find_hero(state, t.hero)
    if m is not None and m.wounds >= mstats(m)[0]:
        remove_monster(state, turn, m, h)


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
