"""Armada: Data tokens, decoding the Final Encounter, and beating (or suffering) each finale."""

from __future__ import annotations

from rules.armada import SYSTEM, combat, finals, resolution, savior
from rules.armada.helpers import dice_of
from rules.core import Turn

from .test_armada_support import new_game, refused, rolled_ids, set_faces, to_encounter


def test_decode_lines_top_to_bottom():
    assert finals.decode(["comet", "comet", "ring", "ring"], 2) == "lokust"
    assert finals.decode(["ring", "ring", "star", "moon"], 4) == "ouroboros"
    assert finals.decode(["star", "moon", "comet", "ring"], 3) == "artemis"
    assert finals.decode(["star", "moon", "comet", "ring"], 2) == "artemis-v2"
    assert finals.decode(["moon", "moon", "comet", "ring"], 3) == "oblivion"
    assert finals.decode(["moon", "moon", "comet", "ring"], 1) == "ouroboros"
    assert finals.decode(["comet", "ring", "moon", "ring"], 3) == "ouroboros"
    assert finals.decode(["star", "comet", "ring", "star"], 3) == "savior"
    assert finals.decode(["star", "comet", "ring", "star"], 2) == "ouroboros"


def _reveal(state, symbols):
    state.data_pile = list(symbols) + state.data_pile
    for sym in symbols:
        finals.data_token(state, 0, sym, Turn(state, 0))
    return state


def test_fourth_token_reveals_the_final_three_in_a_short_game():
    state = _reveal(new_game(), ["comet", "comet", "ring"])
    assert not state.final
    finals.data_token(state, 0, "star", Turn(state, 0))
    assert state.final == "lokust"
    short = _reveal(new_game(short="yes"), ["ring", "ring", "star"])
    assert short.final == "ouroboros"


def test_lokust_drones_protect_and_the_mothership_wins_the_game():
    state = _reveal(new_game(), ["comet", "comet", "star", "moon"])
    fleet = next(f for f in state.fleets if f.final == "lokust")
    assert fleet.planet == "Kagawa"
    finals.final_hazard(state, Turn(state, None))
    assert len(fleet.ships) == 2
    to_encounter(state)
    state.players[0].planet = "Kagawa"
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": fleet.token})
    set_faces(state, 0, ["T", "T"])
    a, _b = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": a, "station": 4, "target": 1}, "protects")
    mother = state.fleets[-1].ships[0]
    mother.damage = mother.shields = 0
    state.fleets[-1].ships = [mother]
    mother.damage = 11
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": a, "station": 1, "target": 1})
    assert SYSTEM.outcome(state).result == "win"


def test_lokust_does_not_block_beacons_or_force_combat():
    state = _reveal(new_game(), ["comet", "comet", "star", "moon"])
    to_encounter(state)
    state.players[0].planet = "Kagawa"
    state, _ = SYSTEM.apply(state, 0, {"type": "end"})
    assert 0 in state.encountered


def test_ouroboros_sections_critical_and_regrow():
    state = _reveal(new_game(), ["ring", "ring", "star", "moon"])
    fleet = next(f for f in state.fleets if f.final == "ouroboros")
    assert fleet.planet == "Zenith One" and len(fleet.ships) == 4
    maw = fleet.ships[0]
    maw.damage = 4  # its die symbol is covered (critical_at = 4)
    to_encounter(state)
    state.players[0].planet = "Zenith One"
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": fleet.token})
    state.combat.enemy_die = 1
    turn = Turn(state, 0)
    combat.enemy_step(state, turn)
    assert not any("Maw hits" in e.text for e in turn.events)  # critically damaged: silent
    state.combat = None
    finals.final_hazard(state, Turn(state, None))
    assert next(f for f in state.fleets if f.final).ships[0].damage == 0


def test_artemis_shield_needs_mission_99_in_the_same_phase():
    state = _reveal(new_game(players=3), ["star", "moon", "comet", "ring"])
    assert any(b.event == 99 and b.planet == "Titan VI" for b in state.beacons)
    fleet = next(f for f in state.fleets if f.final == "artemis")
    to_encounter(state)
    state.players[0].planet = fleet.planet
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": fleet.token})
    set_faces(state, 0, ["T", "T"])
    a, b = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": a, "station": 4})
    assert state.fleets[-1].ships[0].damage == 0 and state.fleets[-1].ships[0].shields == 3
    state.ongoing.append(99)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": b, "station": 4})
    assert state.fleets[-1].ships[0].shields == 2


def test_artemis_v2_destroys_a_planet_at_five_timers():
    state = _reveal(new_game(), ["star", "moon", "comet", "ring"])
    assert state.final == "artemis-v2"
    for _ in range(5):
        finals.final_hazard(state, Turn(state, None))
    assert len(state.ruined) == 1
    ruined = state.ruined[0]
    assert not any(b.planet == ruined and b.carrier < 0 for b in state.beacons)


def test_oblivion_tower_is_a_mission_that_eats_blanks_and_wins():
    state = _reveal(new_game(), ["moon", "moon", "comet", "ring"])
    assert state.final == "oblivion"
    assert any(b.event == 100 and b.planet == "Invictus" for b in state.beacons)
    hulls = [p.hull for p in state.players]
    finals.final_hazard(state, Turn(state, None))
    assert [p.hull for p in state.players] == [h - 1 for h in hulls]
    to_encounter(state)
    state.players[0].planet = "Invictus"
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 100})
    assert all(d.face != "-" for d in dice_of(state, 0, "rolled"))
    state.mission.need = ["", "", "", "", "C"]
    set_faces(state, 0, ["C"])
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": rolled_ids(state)[0], "section": 5})
    assert SYSTEM.outcome(state).result == "win"


def test_savior_goes_to_the_richest_captain_or_zero():
    state = new_game(players=3)
    state.players[1].credits = 9
    state = _reveal(state, ["star", "comet", "ring", "star"])
    assert state.final == "savior" and state.savior == 1
    assert [st.base for st in state.players[1].extension] == list(savior.SAVIOR_MODULES)
    zero = new_game(players=3)
    zero.players[2].heroes.append("zero")
    assert savior.choose(zero) == 2


def test_resolution_runs_the_final_hazard():
    state = _reveal(new_game(), ["comet", "comet", "star", "moon"])
    resolution.resolution(state, Turn(state, None))
    assert len(next(f for f in state.fleets if f.final).ships) == 2


def test_artemis_is_a_new_location_beside_invictus_and_must_be_fought():
    state = _reveal(new_game(players=3), ["star", "moon", "comet", "ring"])
    state.players[0].planet = "Invictus"
    state, _ = SYSTEM.apply(state, 0, {"type": "travel", "to": "Artemis"})
    assert state.players[0].planet == "Artemis"
    refused(state, 0, {"type": "travel", "to": "Titan VI"}, "not nearby")
    to_encounter(state)
    refused(state, 0, {"type": "end"}, "must be fought")
    state.players[1].planet = "Titan VI"
    refused(state, 0, {"type": "fight", "fleet": 92}, "titan vi go first")
    # the waiting captain is not prompted (its default would be refused); Titan VI's captain is
    prompted = {p.seat for p in SYSTEM.pending(state)}
    assert 0 not in prompted and 1 in prompted
    for prompt in SYSTEM.pending(state):
        SYSTEM.apply(state, prompt.seat, prompt.default)  # every default is playable
    state.encountered.append(1)
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": 92})
    assert state.combat is not None


def test_ouroboros_sections_share_their_shields():
    state = _reveal(new_game(), ["ring", "ring", "star", "moon"])
    fleet = next(f for f in state.fleets if f.final == "ouroboros")
    to_encounter(state)
    state.players[0].planet = "Zenith One"
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": fleet.token})
    state.players[0].stations[3].module = "nepentes-cannon-2"
    set_faces(state, 0, ["S"])
    pool = sum(s.shields for s in state.fleets[-1].ships)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": rolled_ids(state)[0], "station": 4, "target": 2})
    assert sum(s.shields for s in state.fleets[-1].ships) == pool - 5  # 5 ion on one section drains the shared pool


def test_a_destroyed_planet_gets_no_new_tokens():
    state = new_game()
    state.ruined = ["Luna"]
    state.bag = [10]  # a Luna event
    resolution.place_beacon(state, Turn(state, None))
    assert not any(b.planet == "Luna" for b in state.beacons)
    resolution.new_fleet(state, "Luna", 2, Turn(state, None))
    resolution.reinforce(state, "Luna", 1, "planet", Turn(state, None))
    assert not state.fleets
