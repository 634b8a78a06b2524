"""Armada: the Galactic Savior final encounter (one captain against the others)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.armada import SYSTEM, savior
from rules.armada.helpers import damage_player
from rules.core import Turn

from .test_armada_support import new_game, place_beacon, refused, rolled_ids, set_faces, to_encounter


def savior_game(players: int = 3):
    state = new_game(players=players)
    state.players[0].credits = 9
    state.final = "savior"
    savior.become(state, Turn(state, None))
    return state


def test_the_savior_plans_first():
    state = savior_game()
    refused(state, 1, {"type": "begin"}, "plans first")
    state, _ = SYSTEM.apply(state, 0, {"type": "end"})
    state, _ = SYSTEM.apply(state, 1, {"type": "begin"})
    assert state.active == 1


def test_ambush_after_planning_and_a_duel():
    state = savior_game()
    for seat in range(3):
        state, _ = SYSTEM.apply(state, seat, {"type": "end"})
    assert state.phase == "ambush"
    assert SYSTEM.pending(state)[0].seat == 0
    refused(state, 1, {"type": "pass"}, "deciding")
    state, _ = SYSTEM.apply(state, 0, {"type": "attack", "target": 2})
    assert state.combat.pvp and state.combat.turn_of == 0
    set_faces(state, 0, ["T"])
    refused(state, 1, {"type": "done"}, "not your step")
    state.players[1].shield = 0
    hull = state.players[1].hull
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": rolled_ids(state, 0)[0], "station": "s2"})
    assert state.players[1].hull == hull - 3  # Savior Lance: 3 energy, no shields left
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.combat.turn_of == 1
    state, _ = SYSTEM.apply(state, 1, {"type": "done"})
    assert state.combat.step == "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    assert state.combat.round == 2 and state.combat.turn_of == 0


def test_pass_moves_on_to_the_encounter():
    state = savior_game()
    for seat in range(3):
        state, _ = SYSTEM.apply(state, seat, {"type": "end"})
    state, _ = SYSTEM.apply(state, 0, {"type": "pass"})
    assert state.phase == "encounter" and 0 in state.encountered


def test_crippled_captain_is_out_and_crippled_savior_loses():
    state = savior_game()
    damage_player(state, 1, 99, "kinetic", Turn(state, 1), "x")
    assert state.players[1].out
    damage_player(state, 0, 99, "kinetic", Turn(state, 0), "x")
    assert savior.check(state, Turn(state, None))
    outcome = SYSTEM.outcome(state)
    assert outcome.result == "win" and 0 not in outcome.winners


def test_savior_wins_when_everyone_else_is_crippled():
    state = savior_game()
    for seat in (1, 2):
        damage_player(state, seat, 99, "kinetic", Turn(state, seat), "x")
    assert savior.check(state, Turn(state, None))
    assert SYSTEM.outcome(state).winners == [0]


def test_challenge_in_encounter_and_the_savior_blocks_beacons():
    state = to_encounter(savior_game())
    state.encountered = [0]
    refused(state, 1, {"type": "mission", "event": 0}, "savior")
    place_beacon(state, 1)
    state, _ = SYSTEM.apply(state, 1, {"type": "challenge"})
    assert state.combat.pvp and state.combat.seat == 1


def test_allium_armor_soaks_an_attack():
    state = savior_game()
    state.phase = "ambush"
    state, _ = SYSTEM.apply(state, 0, {"type": "attack", "target": 2})
    set_faces(state, 0, ["E"])
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": rolled_ids(state, 0)[0], "station": 11})
    hull = state.players[0].hull
    assert damage_player(state, 0, 5, "kinetic", Turn(state, 0), "x") == 0
    assert state.players[0].hull == hull
    assert damage_player(state, 0, 5, "kinetic", Turn(state, 0), "x") == 5


def test_the_savior_cannot_fight_fleets_or_run_missions():
    state = to_encounter(savior_game())
    state.encountered = []
    refused(state, 0, {"type": "fight", "fleet": 1}, "does not fight fleets")
    refused(state, 0, {"type": "mission", "event": 0}, "does not answer")


@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=30))
def test_random_savior_games_never_get_stuck(seed, picks):
    state = new_game(players=3, seed=seed)
    state.players[seed % 3].credits = 9
    state.final = "savior"
    savior.become(state, Turn(state, None))
    for step in range(70):
        if SYSTEM.outcome(state) is not None:
            break
        prompts = SYSTEM.pending(state)
        assert prompts, SYSTEM.describe(state)
        pick = picks[step % len(picks)]
        seat = prompts[pick % len(prompts)].seat
        options = SYSTEM.legal(state, seat)
        assert options, SYSTEM.describe(state)
        state, _ = SYSTEM.apply(state, seat, options[(pick // 5) % len(options)])
        assert SYSTEM.loads(SYSTEM.dumps(state)) == state
