"""Armada: hero abilities that change the rules."""

from __future__ import annotations

from rules.armada import SYSTEM, combat
from rules.armada.helpers import dice_of
from rules.armada.planning import hire_cost, price
from rules.armada.state import Die
from rules.core import Turn

from .test_armada_support import in_combat, new_game, refused, rolled_ids, scripted_turn, set_faces


def with_hero(state, hero, seat=0):
    state.players[seat].heroes.append(hero)
    state.dice.append(Die(id=100 + len(state.dice), owner=seat, hero=hero))
    return state


def test_lock_on_keeps_a_face_into_next_round():
    state = in_combat(with_hero(new_game(), "kisaragi"), ["kannon", "kannon"], ["TT", "-"])
    tt, blank = rolled_ids(state)
    refused(state, 1, {"type": "lockon", "die": tt}, "under way")
    state, _ = SYSTEM.apply(state, 0, {"type": "lockon", "die": tt})
    refused(state, 0, {"type": "lockon", "die": blank}, "already")
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    die = next(d for d in state.dice if d.id == tt)
    assert die.loc == "rolled" and die.face == "TT"


def test_parley_sets_a_basic_face_for_a_crew_member():
    state = in_combat(with_hero(new_game(), "genevieve"), ["kannon"], ["-", "S"])
    blank, s = rolled_ids(state)
    refused(state, 0, {"type": "parley", "die": blank, "crew": blank, "face": "T"}, "different")
    state, _ = SYSTEM.apply(state, 0, {"type": "parley", "die": blank, "crew": s, "face": "T"})
    assert next(d for d in state.dice if d.id == blank).face == "T"
    assert next(d for d in state.dice if d.id == s).loc == "infirmary"


def test_v41k_blocks_parley_and_enemy_disables():
    state = in_combat(with_hero(with_hero(new_game(), "genevieve"), "v41-k"), ["bulkfrog"], ["-", "S"])
    blank, s = rolled_ids(state)
    refused(state, 0, {"type": "parley", "die": blank, "crew": s, "face": "T"}, "v41-k")
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    assert not dice_of(state, 0, "infirmary")


def test_kino_sets_the_last_die():
    state = in_combat(with_hero(new_game(), "kino"), ["kannon"], ["-"])
    (last,) = rolled_ids(state)
    refused(state, 0, {"type": "setface", "die": last, "face": "T"}, "all your other crew")
    for d in dice_of(state, 0):
        if d.id != last:
            d.loc = "infirmary"
    state, _ = SYSTEM.apply(state, 0, {"type": "setface", "die": last, "face": "T"})
    refused(state, 0, {"type": "setface", "die": last, "face": "E"}, "once per")


def test_setsuna_copies_and_rose_frees_a_die():
    state = with_hero(with_hero(new_game(), "setsuna"), "rose-palroy")
    state = in_combat(state, ["kannon", "kannon"], ["TT", "-", "-", "-", "-", "-", "-"])
    ids = rolled_ids(state)
    setsuna = next(d.id for d in state.dice if d.hero == "setsuna")
    rose = next(d.id for d in state.dice if d.hero == "rose-palroy")
    state, _ = SYSTEM.apply(state, 0, {"type": "copy", "die": setsuna, "source": ids[0]})
    assert next(d for d in state.dice if d.id == setsuna).face == "TT"
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": ids[0], "station": 4, "target": 1})
    state, _ = SYSTEM.apply(state, 0, {"type": "rose", "die": rose, "target": ids[0]})
    assert next(d for d in state.dice if d.id == ids[0]).loc == "rolled"
    refused(state, 0, {"type": "copy", "die": ids[1], "source": ids[0]}, "setsuna")


def test_lazerball_goes_all_in():
    state = in_combat(with_hero(new_game(), "lazerball"), ["kannon", "kannon"], [])
    lazer = next(d for d in state.dice if d.hero == "lazerball")
    set_faces(state, 0, [])
    lazer.loc, lazer.face = "rolled", "TT"
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": lazer.id, "station": 4, "target": 1})
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "gather"})
    assert next(d for d in state.dice if d.id == lazer.id).loc == "infirmary"


def test_payout_and_rally_on_kills():
    state = in_combat(with_hero(with_hero(new_game(), "samantha-azaran"), "leo-ranger"), ["sentinel", "kannon"], ["T"])
    hurt = dice_of(state, 0, "crew")[0]
    hurt.loc = "infirmary"
    state.fleets[0].ships[0].damage = 1
    credits = state.players[0].credits
    (t,) = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": t, "station": 1, "target": 1})
    assert state.players[0].credits == credits + 1
    assert next(d for d in state.dice if d.id == hurt.id).loc == "crew"


def test_ophainim_rerolls_a_breach():
    state = in_combat(with_hero(new_game(), "ophainim"), ["kannon"], [])
    combat.breach(state, 0, scripted_turn(state, 0, [3, 6]))
    assert not state.players[0].stations[2].offline and state.players[0].stations[5].offline


def test_rx11_and_yokai():
    state = in_combat(with_hero(with_hero(new_game(), "rx-11"), "yokai"), ["kannon"], ["E", "E"])
    e1, e2 = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": e1, "station": 3})
    combat.breach(state, 0, scripted_turn(state, 0, [3]))
    assert not state.players[0].stations[2].offline  # RX-11 keeps it running
    combat.breach(state, 0, scripted_turn(state, 0, [1]))
    combat.breach(state, 0, scripted_turn(state, 0, [2]))
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": e2, "station": 1})
    assert not any(st.offline for st in state.players[0].stations)  # Yokai clears them all


def test_discounts_solus_kyuu():
    state = new_game()
    assert price(state, 0, "lotus-laser-2") == 5
    with_hero(state, "solus")
    assert price(state, 0, "lotus-laser-2") == 4
    assert hire_cost(state, 0, "genevieve") == 5
    with_hero(state, "kyuu")
    assert hire_cost(state, 0, "genevieve") == 4


def test_zz22_configures_anywhere():
    state = new_game(ships="hades,harmony")
    state.players[0].planet = "Luna"
    refused(state, 0, {"type": "shop"}, "no shipyard")
    with_hero(state, "zz-22")
    state, _ = SYSTEM.apply(state, 0, {"type": "shop"})
    assert state.players[0].offer_kind == "shop" and state.players[0].offer == []


def test_zero_skips_threat_draws():
    state = with_hero(new_game(), "zero")
    from .test_armada_support import place_beacon, to_encounter

    to_encounter(state)
    place_beacon(state, 4)
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 4})
    discards = list(state.td_discard)
    state, events = SYSTEM.apply(state, 0, {"type": "giveup"})
    assert state.td_discard == discards or state.round == 2
    assert any("Zero" in e.text for e in events)


def test_pathos_charges_shields_on_science():
    state = in_combat(with_hero(new_game(), "pathos"), ["kannon"], [])
    pathos = next(d for d in state.dice if d.hero == "pathos")
    state.players[0].shield = 0
    from rules.armada import heroes

    pathos.face = "S"
    heroes.combat_rolled(state, 0, [pathos], Turn(state, 0))
    assert state.players[0].shield == 1


def test_gus_rolls_medical_straight_into_the_infirmary():
    from rules.armada import heroes

    state = in_combat(with_hero(new_game(), "gus"), ["kannon"], [])
    hurt = dice_of(state, 0, "crew")[0]
    hurt.loc = "infirmary"
    gus = next(d for d in state.dice if d.hero == "gus")
    gus.loc, gus.face = "rolled", "M"
    heroes.combat_rolled(state, 0, [gus], Turn(state, 0))
    assert hurt.loc == "crew" and gus.loc == "station"


# -- heroes the audit found without a test of their own -------------------------------------------


def test_kirie_counts_twice_on_repair():
    from rules.armada import planning

    state = with_hero(new_game(ships="hades,harmony"), "kirie")
    state.players[0].hull = 3
    basic = len(dice_of(state, 0)) - 1
    planning.repair(state, 0, scripted_turn(state, 0, [5] * basic + [1]))  # blanks, and Kirie shows E
    assert state.players[0].hull == 5
    plain = new_game(ships="hades,harmony")
    plain.players[0].hull = 3
    planning.repair(plain, 0, scripted_turn(plain, 0, [2] + [5] * 4))  # one basic E
    assert plain.players[0].hull == 4


def test_piotr_orlov_rerolls_against_big_fleets():
    big = in_combat(with_hero(new_game(), "piotr-orlov"), ["sentinel"] * 5, [])
    small = in_combat(with_hero(new_game(), "piotr-orlov"), ["sentinel"] * 4, [])
    assert big.combat.rerolls[0] == small.combat.rerolls[0] + 1


def test_rigsystem_waives_one_sacrifice_per_mission():
    from .test_armada_support import place_beacon, to_encounter

    state = to_encounter(with_hero(new_game(), "rigsystem"))
    place_beacon(state, 1)
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 1})
    set_faces(state, 0, ["T", "T", "S", "-", "-"])  # no Medical, nothing completed
    state, events = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.mission.step == "assign" and any("Rigsystem" in e.text for e in events)
    set_faces(state, 0, ["T", "T", "S", "-", "-"])
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.mission.step == "sacrifice"  # only once per mission
