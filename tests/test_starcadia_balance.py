"""Balance check: the quest-minded bot of bot seats (rules/starcadia/ai.py: quest moves, useful attacks,
Guard-shy walks, timely rests), playing every seat through ``ai_action`` on its own view, finishes a
scenario in a table-game length with modest VT. The README's balance figures come from ``play_scenario``."""

from __future__ import annotations

import random

import pytest

from rules.starcadia import SYSTEM
from rules.starcadia.ai import smart_choice

__all__ = ["play_scenario", "smart_choice"]  # smart_choice lives in rules/starcadia/ai.py; bench imports it here


def play_scenario(seed: int, scenario: str, seats: int = 3, limit: int = 3000):
    """Every seat the bot (``ai_action`` on its own view) until the scenario ends (or ``limit`` steps)."""
    opts = {"draft": "random", "scenario": scenario, "mode": "campaign" if scenario == "1" else "episodic"}
    state = SYSTEM.setup([f"P{i}" for i in range(seats)], opts, seed)
    steps = 0
    while steps < limit and not state.history and SYSTEM.outcome(state) is None:
        p = SYSTEM.pending(state)[0]
        action = SYSTEM.ai_action(SYSTEM.view(state, p.seat), p.seat, seed * 100_000 + steps)
        state, _ = SYSTEM.apply(state, p.seat, action)
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
