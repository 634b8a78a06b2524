"""Armada: enemy actions and passive abilities."""

from __future__ import annotations

from rules.armada import SYSTEM, combat
from rules.armada.helpers import dice_of
from rules.core import Turn

from .test_armada_support import in_combat, new_game, rolled_ids, scripted_turn


def enemy(state, die, script=None):
    state.combat.enemy_die = die
    turn = scripted_turn(state, 0, script) if script else Turn(state, 0)
    combat.enemy_step(state, turn)
    return [e.text for e in turn.events]


def hades(cards, faces=()):
    state = in_combat(new_game(ships="hades,harmony"), cards, list(faces))
    p = state.players[0]
    p.shield, p.hull = 0, 14
    return state


def test_starion_blows_up_when_destroyed():
    state = hades(["starion", "kannon"])
    state.fleets[0].ships[0].damage = 2
    enemy(state, 6)
    assert state.players[0].hull == 11


def test_quartz_ignores_damage_until_alone_unless_direct():
    state = in_combat(new_game(), ["quartz", "kannon"], ["T", "T"])
    a, b = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": a, "station": 4, "target": 1})
    assert state.fleets[0].ships[0].damage == 0
    state.players[0].stations[4].module = "sakura-missiles"
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": b, "station": 5, "target": 1})
    assert state.fleets[0].ships[0].damage == 2


def test_kabuto_strips_shields_and_mirage_adds_them():
    state = hades(["kabuto", "mirage"])
    state.players[0].shield = 2
    enemy(state, 1)
    assert state.players[0].shield == 1
    assert [s.shields for s in state.fleets[0].ships] == [2, 1]


def test_qube_destroy_breaches_after_hull_loss():
    state = hades(["qube-destroy", "kannon"])
    texts = enemy(state, 3, [4])
    assert state.players[0].hull == 12
    assert state.players[0].stations[3].offline
    assert any("exploits" in t for t in texts)


def test_shrike_hits_harder_alone():
    state = hades(["shrike", "kannon"])
    enemy(state, 2)
    assert state.players[0].hull == 10  # 4 alone
    state = hades(["shrike", "sentinel"])
    enemy(state, 2)
    assert state.players[0].hull == 11  # 2 + Sentinel's 1


def test_kuwagata_counts_the_fleet():
    state = hades(["kuwagata", "kannon", "kannon"])
    enemy(state, 6)
    assert state.players[0].hull == 11


def test_osiris_charges_then_blasts():
    state = hades(["osiris", "kannon"])
    enemy(state, 1)
    state.combat.step = "gather"
    assert state.fleets[0].ships[0].timers == 1
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    enemy(state, 6)
    assert state.players[0].hull == 12 and state.fleets[0].ships[0].timers == 0


def test_star_hopper_escape_ends_the_combat():
    state = hades(["star-hopper", "kannon"])
    enemy(state, 6)
    assert state.combat is None
    assert state.players[0].planet != "Terra" and not state.players[0].critical
    assert state.fleets[0].ships[0].damage == 0


def test_decabuilder_repairs_and_cyclone_flips():
    state = hades(["decabuilder", "cyclone"])
    state.fleets[0].ships[1].damage = 2
    enemy(state, 2)
    assert state.fleets[0].ships[1].damage == 1
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    enemy(state, 6)
    assert state.players[0].hull == 12 and state.fleets[0].ships[1].side == "red"
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    enemy(state, 6)
    assert state.players[0].hull == 9


def test_bulkfrog_disables_free_crew():
    state = hades(["bulkfrog"], ["T", "-"])
    enemy(state, 3)
    assert len(dice_of(state, 0, "infirmary")) == 1
    assert next(d for d in state.dice if d.loc == "infirmary").face in ("-", "")


def test_klinge_unblockable_double_breach():
    state = hades(["klinge"])
    state.players[0].guards = ["kinetic"]
    enemy(state, 5, [3, 4])
    assert state.players[0].hull == 13
    assert state.players[0].stations[2].offline and state.players[0].stations[3].offline


def test_srs19_recovers_shields_while_attacking():
    state = hades(["srs-19"])
    state.fleets[0].ships[0].shields = 0
    enemy(state, 4)
    assert state.fleets[0].ships[0].shields == 2 and state.players[0].hull == 12


def test_defeat_moves_the_ship_and_repairs_the_fleet():
    state = hades(["todesritter"])
    state.players[0].hull = 2
    state.fleets[0].ships[0].damage = 3
    enemy(state, 1, [6])
    p = state.players[0]
    assert state.combat is None and p.critical and p.planet != "Terra" and p.hull == 0
    assert state.fleets[0].ships[0].damage == 0
    assert all(d.loc == "crew" for d in dice_of(state, 0))
    assert 0 in state.encountered and state.active == -1


def test_starion_taking_the_last_ship_down_leaves_no_empty_fleet():
    state = hades(["starion"])
    state.players[0].hull = 3
    state.fleets[0].ships[0].damage = 2
    enemy(state, 6)
    assert state.players[0].critical and state.combat is None
    assert not state.fleets and 1 in state.fleet_tokens


def test_a_beaten_ship_retreats_to_the_safest_nearby_planet():
    from .test_armada_support import add_fleet

    state = hades(["todesritter"])
    add_fleet(state, ["kannon", "kannon"], planet="Luna", token=5)
    add_fleet(state, ["kannon"], planet="Kagawa", token=6)
    add_fleet(state, ["kannon"], planet="Titan VI", token=7)
    state.players[0].hull = 1
    enemy(state, 1, [6])
    assert state.players[0].planet == "Zenith One"


def test_stalemate_ends_after_twenty_rounds():
    state = hades(["decabuilder"])
    state.combat.round = 20
    state.combat.step = "gather"
    state, events = SYSTEM.apply(state, 0, {"type": "gather"})
    assert state.combat is None and any("stalemate" in e.text for e in events)
