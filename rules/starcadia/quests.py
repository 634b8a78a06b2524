"""Tokens, spawning, quests and the end of a scenario: picking up tokens, fulfilling PvE and PvP
quests (and what each places next), and the final count with its CRIT roll-off."""

from __future__ import annotations

from rules.core import Turn

from . import board as B
from . import dice as D
from .aftermath import end_scenario
from .content import CONTENT, GADGETS
from .lookup import (
    SLOTS,
    activation_open,
    board_of,
    current_pve,
    enemies_in,
    find_hero,
    hero_name,
    mname,
    occupancy,
    quests_fulfilled,
)
from .state import HeroState, MonsterState, StarState, Task, Up, Wait


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
            turn.say(f"{hero_name(h)} grabs a victory token (+1 VT).", concerns=[h.seat])
        elif tok in GADGETS:
            h.gadgets.append(tok)
            turn.say(f"{hero_name(h)} picks up a {tok}.", concerns=[h.seat])
        else:
            keep.append(tok)
    if keep:
        state.tokens[space] = keep
    else:
        del state.tokens[space]


def collect_active(state: StarState, turn: Turn) -> None:
    """The active hero takes the tokens of its space the moment no enemy is left there (after an
    Overkill, a monster removed after its Payback, a rival killed or shoved away), not only on arrival."""
    h = find_hero(state, state.act.hero) if activation_open(state) else None
    if h is not None and not h.dead and h.pos:
        collect(state, turn, h)


def drop_tokens(state: StarState, space: str, toks: list[str]) -> None:
    if toks:
        state.tokens.setdefault(space, []).extend(toks)


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


def fulfil(state: StarState, turn: Turn, qid: str, seat: int) -> None:
    if qid in state.done:
        return
    q = CONTENT.quests[qid]
    state.done[qid] = seat
    state.crews[seat].vt += q.vt
    said = f"Quest '{q.name}' fulfilled by the {state.crews[seat].colour} crew (+{q.vt} VT)!"
    turn.say(said, kind="turn", concerns=[seat])
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
                    turn.say(
                        f"{hero_name(h)} receives the scenario reward {CONTENT.upgrades[reward].name}.",
                        concerns=[h.seat],
                    )
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
            face = D.roller(turn, f"{state.seats[seat]} roll-off", seat)(1)[0]
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
