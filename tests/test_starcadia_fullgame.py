"""A whole scenario played to its end by a simple quest-minded bot, then a campaign step."""

from __future__ import annotations

import random

from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E


def bot_choice(state, actions, rnd: random.Random):
    """Prefer quest moves, then boosted attacks, then long moves; otherwise anything legal."""
    q = E.current_pve(state)
    quest = [a for a in actions if a["type"] == "move" and a["path"] and a["path"][-1] in ("hack", "pickup")]
    if quest:
        return rnd.choice(quest)
    if q is not None and q.goal == "deliver":
        for a in actions:
            if a["type"] != "move":
                continue
            h = E.find_hero(state, a["hero"])
            if f"quest:{q.token}" in h.quest_tokens:
                shuttle = [B.name(x) for x in E.board_of(state).shuttles[state.crews[h.seat].colour]]
                if a["path"][-1] in shuttle:
                    return a
    attacks = [a for a in actions if a["type"] == "attack" and a.get("boosts")]
    if attacks and rnd.random() < 0.8:
        return rnd.choice(attacks)
    moves = [a for a in actions if a["type"] == "move"]
    if moves and rnd.random() < 0.9:
        if rnd.random() < 0.5:
            return max(moves, key=lambda a: (len(a["path"]), rnd.random()))
        return rnd.choice(moves)
    return rnd.choice(actions)


def play(state, rnd, stop, limit=4000):
    steps = 0
    while steps < limit and not stop(state):
        prompts = SYSTEM.pending(state)
        if not prompts:
            break
        p = prompts[0]
        state, _ = SYSTEM.apply(state, p.seat, bot_choice(state, SYSTEM.legal(state, p.seat), rnd))
        steps += 1
    return state


def test_scenario_one_plays_to_the_end_and_the_campaign_moves_on():
    rnd = random.Random(5)
    state = SYSTEM.setup(["A", "B", "C"], {"draft": "random"}, 5)
    state = play(state, rnd, lambda s: s.phase not in ("draft", "shuttle", "play"))
    assert state.phase == "upgrade", SYSTEM.describe(state)
    assert state.done.keys() >= {"1-1", "1-2", "1-3"} and any(k.startswith("pvp-") for k in state.done)
    assert len(state.history) == 1 and state.history[0].winners == state.winners
    state = play(state, rnd, lambda s: s.phase == "shuttle")
    assert state.scenario in ("2A", "2B") and state.previous == "1"
    assert all(len(h.upgrades) <= E.SLOTS for h in state.heroes)
