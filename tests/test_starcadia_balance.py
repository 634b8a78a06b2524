"""Balance check: a goal-minded bot (quest moves, useful attacks, Guard-shy walks, timely rests)
finishes a scenario in a table-game length with modest VT. The same bot measured the tuning
(see /work/notes/coverage_starcadia.md)."""

from __future__ import annotations

import random

import pytest

from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E


def goals(state, h):
    b = E.board_of(state)
    q = E.current_pve(state)
    out = []
    if q is not None:
        if q.goal == "hack":
            out += [t for t in b.terminals if B.name(t) not in state.crews[h.seat].hacked]
        elif q.goal == "deliver":
            if f"quest:{q.token}" in h.quest_tokens:
                out += list(b.shuttles[state.crews[h.seat].colour])
            else:
                out += [B.parse_space(s) for s, t in state.tokens.items() if f"quest:{q.token}" in t]
                out += [
                    B.parse_space(o.pos)
                    for o in E.heroes_on_board(state)
                    if f"quest:{q.token}" in o.quest_tokens and o.seat != h.seat
                ]
        elif q.goal == "kill":
            out += [B.parse_space(m.pos) for m in state.monsters if m.designation == q.target]
        elif q.goal == "slay":
            out += [B.parse_space(m.pos) for m in state.monsters if E.mcard(m).cls == q.cls]
    else:
        out += [B.parse_space(o.pos) for o in E.heroes_on_board(state) if o.seat != h.seat]
    return out or [B.parse_space(m.pos) for m in state.monsters]


def exposure(state, b, start, path):
    cur, n = start, 0
    for p in path:
        xy = B.parse_space(p)
        if xy is None:
            continue
        if abs(xy[0] - cur[0]) + abs(xy[1] - cur[1]) == 1:
            n += sum(1 for m in state.monsters if b.close(B.parse_space(m.pos), cur, state.doors))
        cur = xy
    return n, cur


def smart_choice(state, actions, rnd):
    """A goal-minded player: picks only from ``actions`` (what legal() offers the asking seat)."""
    if state.phase != "play" or state.wait is not None or state.payback is not None or state.pending_event:
        return rnd.choice(actions)  # a decision in the middle of play: any of its legal answers
    quest = [a for a in actions if a["type"] == "move" and a["path"] and a["path"][-1] in ("hack", "pickup")]
    if quest:
        return quest[0]
    q = E.current_pve(state)
    atk = [a for a in actions if a["type"] == "attack"]
    if atk:

        def val(a):
            m = E.find_monster(state, a["target"])
            v = 0
            if m is not None:
                if q is not None and q.goal == "kill" and m.designation == q.target:
                    v += 10
                if q is not None and q.goal == "slay" and E.mcard(m).cls == q.cls:
                    v += 6
                v += 3 - min(3, E.mstats(m)[0] - m.wounds)
            else:
                o = E.find_hero(state, a["target"])
                pvp = not any(k.startswith("pvp-") for k in state.done)
                v += (8 if pvp else 3) + 2 - min(2, E.hero_life(o) - o.wounds)
            return (v, len(a["boosts"]))

        return max(atk, key=val)
    rest = [a for a in actions if a["type"] == "rest"]
    if rest:
        crew = state.crews[state.current]
        hs = [E.find_hero(state, x) for x in crew.heroes]
        if any(h.dead for h in hs) or all(
            all(u.exhausted for u in h.upgrades if E.CONTENT.upgrades[u.id].category == "weapon")
            for h in hs
            if not h.dead
        ):
            return rest[0]
    uses = [a for a in actions if a["type"] == "use" and a["gadget"] != "hoverboard"]
    if uses:
        return uses[0]
    moves = [a for a in actions if a["type"] == "move" and not a["path"][0].startswith("door")]
    if moves and not state.act.moved:
        b = E.board_of(state)

        def score(a):
            h = E.find_hero(state, a["hero"])
            ex, end = exposure(state, b, B.parse_space(h.pos), a["path"])
            d = min(abs(end[0] - g[0]) + abs(end[1] - g[1]) for g in goals(state, h))
            return (ex * 3 + d, rnd.random())

        return min(moves, key=score)
    end = [a for a in actions if a["type"] == "end"]
    return end[0] if end else rnd.choice(actions)


def play_scenario(seed: int, scenario: str, seats: int = 3, limit: int = 3000):
    opts = {"draft": "random", "scenario": scenario, "mode": "campaign" if scenario == "1" else "episodic"}
    state = SYSTEM.setup([f"P{i}" for i in range(seats)], opts, seed)
    rnd = random.Random(seed)
    steps = 0
    while steps < limit and state.phase in ("draft", "shuttle", "play", "updraft", "outfit"):
        p = SYSTEM.pending(state)[0]
        state, _ = SYSTEM.apply(state, p.seat, smart_choice(state, SYSTEM.legal(state, p.seat), rnd))
        steps += 1
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_scenario_one_ends_in_table_game_length(seed):
    state = play_scenario(seed, "1")
    assert state.history, "the scenario did not end"
    rec = state.history[0]
    assert state.turn_no <= 400 or state.phase != "play"
    assert max(rec.vt) <= 80, rec.vt
    # Milestone badges stay a handful (1 per 7 VT), not dozens.
    assert all(c.badges <= 12 for c in state.crews)


def test_smart_choice_answers_a_waiting_decision_with_a_legal_answer():
    """Rulebook p. 29 (Shove) and p. 20 (event activations): while the controller of a monster decides
    where its shove sends a hero, only shove answers are legal; the policy must not rest then, even with
    a dead hero in its crew (issue 10: seed 729276582 played rest here)."""
    from rules.starcadia.state import Wait
    from tests.test_starcadia_support import add_monster, hero, place, play_state

    st = play_state()
    edge = hero(st, "edge")
    edge.dead, edge.pos = True, ""
    place(st, "red", "G4")
    add_monster(st, "weeble", "G3")
    st.wait = Wait(kind="shove", seat=0, hero="red", monster="weeble#1", options=["F4", "G5"])
    actions = SYSTEM.legal(st, 0)
    assert actions and all(a["type"] == "shove" for a in actions)
    for seed in range(5):
        assert smart_choice(st, actions, random.Random(seed)) in actions
