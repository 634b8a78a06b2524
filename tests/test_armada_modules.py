"""Armada: station modules behave as designed (weapons, defences, passives)."""

from __future__ import annotations

from rules.armada import SYSTEM, combat, resolution
from rules.armada.helpers import damage_player, dice_of, recompute_max
from rules.core import Turn

from .test_armada_support import in_combat, new_game, refused, rolled_ids, scripted_turn, set_faces


def fit(state, station, module, seat=0):
    state.players[seat].stations[station - 1].module = module
    recompute_max(state.players[seat])
    return state


def go(state, die, station, **extra):
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": die, "station": station, **extra})
    return state


def test_lotus_mk2_splits_damage():
    state = in_combat(new_game(), ["kannon", "kannon"], ["T"])
    fit(state, 4, "lotus-laser-2")
    state = go(state, rolled_ids(state)[0], 4, target=[1, 2])
    assert [s.damage for s in state.fleets[0].ships] == [1, 1]


def test_single_target_weapon_refuses_two_targets_and_needs_a_target():
    state = in_combat(new_game(), ["kannon", "kannon"], ["T"])
    t = rolled_ids(state)[0]
    refused(state, 0, {"type": "assign", "die": t, "station": 4, "target": [1, 2]}, "exactly one")
    refused(state, 0, {"type": "assign", "die": t, "station": 4}, "which enemy")
    refused(state, 0, {"type": "assign", "die": t, "station": 4, "target": 3}, "no enemy 3 left")


def test_hellebore_area_ion_and_larkspur_damaged_only():
    state = in_combat(new_game(), ["siren", "falcon", "kannon"], ["S", "TE"])
    fit(state, 3, "hellebore-bombs")
    fit(state, 5, "larkspur-burner")
    s, te = rolled_ids(state)
    state = go(state, s, 3)
    assert [x.shields for x in state.fleets[0].ships] == [0, 0, 0]
    state.fleets[0].ships[2].damage = 1
    state = go(state, te, 5)
    assert [x.damage for x in state.fleets[0].ships] == [0, 0, 3]


def test_spindle_turns_stripped_shields_into_shield():
    state = in_combat(new_game(), ["owl"], ["S"])
    fit(state, 3, "spindle-cannon")
    state.players[0].shield = 0
    state = go(state, rolled_ids(state)[0], 3, target=1)
    assert state.fleets[0].ships[0].shields == 0 and state.players[0].shield == 2


def test_raflesia_charges_then_fires():
    state = in_combat(new_game(), ["todesritter"], ["T", "S", "S", "T"])
    fit(state, 3, "raflesia-gatling")
    t1, s1, s2, t2 = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": t1, "station": 3, "target": 1}, "no charge")
    state = go(state, s1, 3)
    state = go(state, s2, 3)
    state = go(state, t2, 3, target=1)
    assert state.fleets[0].ships[0].damage == 2
    assert state.players[0].stations[2].counters == 2  # counters stay


def test_gerbera_costs_credits_and_lagrange_fires_once_per_round():
    state = in_combat(new_game(), ["todesritter"], ["T", "M", "M"])
    fit(state, 3, "gerbera-missiles")
    fit(state, 5, "lagrange-saber")
    t, m1, m2 = rolled_ids(state)
    state.players[0].credits = 0
    refused(state, 0, {"type": "assign", "die": t, "station": 3, "target": 1}, "credit")
    state.players[0].credits = 1
    state = go(state, t, 3, target=1)
    assert state.players[0].credits == 0 and state.fleets[0].ships[0].damage == 3
    state = go(state, m1, 5, target=1)
    refused(state, 0, {"type": "assign", "die": m2, "station": 5, "target": 1}, "only 1 time")


def test_lilac_heals_the_infirmary():
    state = in_combat(new_game(), ["kannon"], ["M"])
    fit(state, 5, "lilac-ray")
    spare = dice_of(state, 0, "crew")[0]
    spare.loc = "infirmary"
    state = go(state, rolled_ids(state)[0], 5)
    assert next(d for d in state.dice if d.id == spare.id).loc == "crew"


def test_senna_and_stargazer_and_polarity():
    state = new_game(ships="harmony,hades")
    p = state.players[0]
    p.guards = ["kinetic"]
    assert damage_player(state, 0, 3, "kinetic", Turn(state, 0), "x") == 0
    p.guards = ["energy"]
    p.shield = 0
    assert damage_player(state, 0, 3, "energy", Turn(state, 0), "x") == 1
    p.guards = []
    p.polarity = "energy"
    assert damage_player(state, 0, 3, "energy", Turn(state, 0), "x") == 0
    assert damage_player(state, 0, 2, "kinetic", Turn(state, 0), "x") == 2


def test_polarity_drive_takes_one_die_and_a_mode():
    state = in_combat(new_game(ships="harmony,hades"), ["kannon"], ["S", "S"])
    a, b = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": a, "station": 2}, "polarity")
    state = go(state, a, 2, mode="kinetic")
    assert state.players[0].polarity == "kinetic"
    refused(state, 0, {"type": "assign", "die": b, "station": 2, "mode": "energy"}, "only 1 die")


def test_nightshade_cloak_after_four_charges():
    state = in_combat(new_game(), ["kannon"], ["S", "S", "S", "S"])
    fit(state, 3, "nightshade-cloak")
    for d in rolled_ids(state):
        state = go(state, d, 3)
    assert "cloak" in state.players[0].guards
    assert damage_player(state, 0, 5, "kinetic", Turn(state, 0), "x") == 0


def test_stasis_on_an_action():
    state = in_combat(new_game(ships="ag-01,hades"), ["kannon"], ["S"])
    state = go(state, rolled_ids(state)[0], 2, target=1, action=1)
    hull = state.players[0].hull
    state.combat.enemy_die = 3
    turn = Turn(state, 0)
    combat.enemy_step(state, turn)
    assert state.players[0].hull == hull and any("stasis" in e.text for e in turn.events)


def test_drones_lock_and_refire():
    state = in_combat(new_game(), ["todesritter"], ["T"])
    fit(state, 3, "aster-drones")
    state = go(state, rolled_ids(state)[0], 3, target=1)
    assert state.fleets[0].ships[0].damage == 1
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    assert len(dice_of(state, 0, "locked")) == 1  # not gathered
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.fleets[0].ships[0].damage >= 2 or state.combat is None


def test_ferox_moves_shields_to_an_ally():
    state = in_combat(new_game(ships="hades,harmony"), ["kannon"], ["S"], team=[1])
    fit(state, 3, "ferox-transfer")
    state.players[1].shield = 0
    state = go(state, rolled_ids(state)[0], 3, ally=2)
    assert state.players[1].shield == 2


def test_plating_raises_max_hull_and_cereus_ignores_breaches():
    state = in_combat(new_game(), ["kannon"], [])
    fit(state, 3, "cereus-plating")
    assert state.players[0].max_hull == 13
    combat.breach(state, 0, scripted_turn(state, 0, [3]))
    assert not state.players[0].stations[2].offline
    fit(state, 4, "dendron-plating")
    assert state.players[0].max_hull == 15


def test_barrier_x_raises_max_shield_even_offline():
    state = new_game()
    fit(state, 3, "barrier-x")
    state.players[0].stations[2].offline = True
    recompute_max(state.players[0])
    assert state.players[0].max_shield == 5


def test_infinity_aegis_grows_with_dice():
    state = in_combat(new_game(ships="dawns-reach,hades"), ["kannon"], ["S", "S"])
    state.players[0].shield = 0
    a, b = rolled_ids(state)
    state = go(state, a, 2)
    state = go(state, b, 2)
    assert state.players[0].shield == 5  # 2, then 2 + 1


def test_valerian_ignores_untyped_breach_damage():
    state = new_game()
    fit(state, 3, "valerian-stabilizers")
    assert damage_player(state, 0, 2, "pure", Turn(state, 0), "x") == 0


def test_alyssum_travels_two_steps():
    state = new_game(ships="hades,harmony")
    state.players[0].planet = "Luna"
    refused(state, 0, {"type": "travel", "to": "Kagawa"}, "not nearby")
    fit(state, 3, "alyssum-thrusters")
    state, _ = SYSTEM.apply(state, 0, {"type": "travel", "to": "Kagawa"})
    assert state.players[0].actions == 1


def test_magnolia_blocks_hazards_and_spawns_edelweiss_mines():
    state = new_game()
    state.beacons.clear()
    from .test_armada_support import add_fleet, place_beacon

    place_beacon(state, 2)  # Terra damage hazard
    fit(state, 3, "magnolia-jammer")
    hull = state.players[0].hull
    resolution.fire_hazards(state, Turn(state, None))
    assert state.players[0].hull == hull
    fit(state, 3, "magnolia-jammer-2")
    resolution.new_fleet(state, "Terra", 2, Turn(state, None))
    assert not state.fleets
    fit(state, 3, "edelweiss-minelayer")
    add_fleet(state, ["kannon"], planet="Terra")
    resolution.reinforce(state, "Terra", 1, "planet", Turn(state, None))
    assert state.fleets[0].ships[1].damage == 1


def test_drosera_pays_a_credit_on_victory():
    state = in_combat(new_game(), ["sentinel"], [])
    fit(state, 3, "drosera-beam")
    credits = state.players[0].credits
    state.combat.destroyed = ["sentinel"]
    state.fleets[0].ships = []
    combat.finish(state, "victory", Turn(state, 0))
    assert state.players[0].credits == credits + 2


def test_kilroy_and_gus_limits():
    from .test_armada_heroes import with_hero

    state = in_combat(with_hero(with_hero(new_game(), "kilroy"), "gus"), ["todesritter"], ["S", "S", "S"])
    a, b, c = rolled_ids(state)
    state = go(state, a, 2)
    state = go(state, b, 2)
    refused(state, 0, {"type": "assign", "die": c, "station": 2}, "indivisible")
    gus = next(d for d in state.dice if d.hero == "gus")
    gus.loc, gus.face = "rolled", "C"
    refused(state, 0, {"type": "assign", "die": gus.id, "station": 4, "target": 1}, "pacifist")


def test_hercule_escapes_with_command():
    from .test_armada_heroes import with_hero

    state = in_combat(with_hero(new_game(), "hercule"), ["todesritter"], [])
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "escape"})
    set_faces(state, 0, [])
    herc = next(d for d in state.dice if d.hero == "hercule")
    herc.loc, herc.face = "rolled", "C"
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": herc.id, "station": "escape"})
    assert state.combat is None


def test_iris_scanners_mk2_peek_at_the_threat_deck():
    state = new_game()
    assert SYSTEM.view(state, 0).td_deck[0] == "?"
    fit(state, 3, "iris-scanners-2")
    seen = SYSTEM.view(state, 0)
    assert seen.td_deck[0] == state.td_deck[0] and set(seen.td_deck[1:]) == {"?"}


def test_ag01_reconfigures_in_combat_unless_offline():
    state = in_combat(new_game(ships="ag-01,hades"), ["kannon"], ["T"])
    state.players[0].storage.append("lotus-laser-2")
    refused(new_game(), 0, {"type": "install", "module": "x", "station": 1}, "buy/configure")
    state.players[0].stations[3].offline = True
    refused(state, 0, {"type": "install", "module": "lotus-laser-2", "station": 1}, "offline")
    state.players[0].stations[3].offline = False
    state, _ = SYSTEM.apply(state, 0, {"type": "install", "module": "lotus-laser-2", "station": 1})
    assert state.players[0].stations[0].module == "lotus-laser-2"
    state = go(state, rolled_ids(state)[0], 1, target=1)
    refused(state, 0, {"type": "store", "station": 1}, "before assigning")
    hades = in_combat(new_game(ships="hades,ag-01"), ["kannon"], ["T"])
    refused(hades, 0, {"type": "store", "station": 1}, "modular frame")


def test_blossom_takes_extra_dice_in_the_same_activation():
    state = in_combat(new_game(), ["todesritter"], ["T", "T", "T", "S"])
    fit(state, 3, "blossom-beam")
    a, b, c, s = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": a, "station": 3, "target": 1, "extra": [s]}, "must show")
    refused(state, 0, {"type": "assign", "die": a, "station": 3, "target": 1, "_bonus": 9, "extra": [s]}, "must show")
    state = go(state, a, 3, target=1, extra=[b, c])
    assert state.fleets[0].ships[0].damage == 4
    assert all(d.loc == "station" for d in state.dice if d.id in (a, b, c))


def test_a_smuggled_bonus_key_is_ignored():
    state = in_combat(new_game(), ["todesritter"], ["T"])
    state = go(state, rolled_ids(state)[0], 4, target=1, _bonus=50)
    assert state.fleets[0].ships[0].damage == 1
