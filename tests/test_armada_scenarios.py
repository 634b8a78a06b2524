"""Armada: the acceptance scenarios of checklist section 5, one test (or two) each."""

from __future__ import annotations

from rules.armada import SYSTEM, combat, resolution
from rules.armada.combat import feed
from rules.armada.helpers import damage_player, dice_of
from rules.armada.planning import repair
from rules.armada.state import EnemyShip
from rules.core import Turn

from .test_armada_support import (
    add_fleet,
    in_combat,
    new_game,
    place_beacon,
    refused,
    rolled_ids,
    scripted_turn,
    set_faces,
    to_encounter,
)


def test_scenario_01_damage_types():
    for dtype, expected in (("energy", (0, 4)), ("kinetic", (2, 2)), ("ion", (0, 5))):
        state = new_game()
        p = state.players[0]
        p.shield, p.hull = 2, 5
        damage_player(state, 0, 3, dtype, Turn(state, 0), "test")
        assert (p.shield, p.hull) == expected, dtype


def test_scenario_02_hull_breach():
    state = in_combat(new_game(), ["sentinel"], ["E", "T", "E", "S"])
    a, b, c, _ = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": a, "station": 3})
    combat.breach(state, 0, scripted_turn(state, 0, [3]))
    die = next(d for d in state.dice if d.id == a)
    assert die.loc == "infirmary"
    assert state.players[0].stations[2].offline
    combat.breach(state, 0, scripted_turn(state, 0, [3]))
    assert state.players[0].stations[2].offline
    assert sum(st.offline for st in state.players[0].stations) == 1
    refused(state, 0, {"type": "assign", "die": b, "station": 3}, "offline")
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": c, "station": 3})
    assert not state.players[0].stations[2].offline
    combat.breach(state, 0, scripted_turn(state, 0, [2]))
    assert state.players[0].stations[1].offline
    combat.finish(state, "escape", Turn(state, 0))
    assert not any(st.offline for st in state.players[0].stations)


def test_scenario_02_breach_on_empty_station_does_nothing():
    state = in_combat(new_game(ships="dawns-reach,hades"), ["sentinel"], ["E"])
    combat.breach(state, 0, scripted_turn(state, 0, [6]))
    assert not any(st.offline for st in state.players[0].stations)


def test_scenario_03_delayed_destruction():
    state = in_combat(new_game(), ["sentinel"], ["T", "-"])
    state.fleets[0].ships[0].damage = 1
    (t, _) = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": t, "station": 4})
    assert state.fleets[0].ships[0].damage == 2
    assert len(state.fleets[0].ships) == 1
    state.combat.enemy_die = 1
    turn = Turn(state, 0)
    combat.enemy_step(state, turn)
    assert any(e.text.startswith("Sentinel (1) hits") for e in turn.events)  # the doomed ship still fired
    assert state.combat is None and not state.fleets  # and died in step 3


def test_scenario_03_quickstrike_kills_before_it_fires():
    state = in_combat(new_game(), ["sentinel", "kannon"], ["T", "-"])
    state.fleets[0].ships[0].damage = 1
    (t, _) = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": t, "station": 1, "target": 1})
    assert [s.card for s in state.fleets[0].ships] == ["kannon"]
    assert state.combat.destroyed == ["sentinel"]


def test_scenario_04_one_enemy_die_per_fleet():
    state = in_combat(new_game(ships="hades,harmony"), ["falcon", "siren", "qube-save"], [])
    fleet = state.fleets[0]
    for ship in fleet.ships:
        ship.damage = 1 if ship.card != "siren" else 0
    p = state.players[0]
    p.shield, p.hull = 2, 14
    state.combat.enemy_die = 4
    turn = Turn(state, 0)
    combat.enemy_step(state, turn)
    texts = [e.text for e in turn.events]
    hits = [t for t in texts if " hits " in t]
    assert [h.split(" hits ")[0] for h in hits] == ["Falcon (1)", "Siren (2)", "Siren (2)"]
    assert (p.shield, p.hull) == (0, 12)
    falcon, _siren, qube = fleet.ships
    assert qube.damage == 0  # it did not fire, so its own passive patched it
    assert falcon.damage == 1  # Falcon fired: no patch


def test_scenario_05_protect():
    state = in_combat(new_game(ships="pathfinder,hades"), ["sentinel", "warden"], ["T", "T", "TT", "T"])
    a, _b, c, d = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": a, "station": 4, "target": 1}, "protects")
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": a, "station": 4, "target": 2})
    sentinel, warden = state.fleets[0].ships
    assert warden.shields == 0 and sentinel.damage == 0
    player = state.players[0]
    player.stations[2].module = "orchid-missiles"
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": c, "station": 3})
    sentinel, warden = state.fleets[0].ships
    assert warden.damage == 1 and sentinel.damage == 0
    state.players[0].stations[4].module = "sakura-missiles"
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": d, "station": 5, "target": 1})
    assert [s.card for s in state.fleets[0].ships] == ["warden"]  # Direct + Quickstrike past the Warden


def test_scenario_05_stasis_on_protect_lifts_it():
    state = in_combat(new_game(ships="ag-01,hades"), ["sentinel", "warden"], ["S", "T"])
    s, t = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": t, "station": 1, "target": 1}, "protects")
    freeze = {"type": "assign", "die": s, "station": 2, "target": 2, "action": "passive"}
    state, _ = SYSTEM.apply(state, 0, freeze)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": t, "station": 1, "target": 1})
    assert state.fleets[0].ships[0].damage == 1


def _win_with(destroyed: list[str]) -> int:
    state = in_combat(new_game(), ["sentinel"], [])
    before = state.players[0].credits
    state.combat.destroyed = list(destroyed)
    state.fleets[0].ships = []
    combat.finish(state, "victory", Turn(state, 0))
    return state.players[0].credits - before


def test_scenario_06_scrap():
    assert _win_with(["sentinel", "sentinel", "falcon"]) == 2
    assert _win_with(["sentinel"] * 5) == 1
    for outcome in ("defeat", "escape"):
        state = in_combat(new_game(), ["sentinel"], [])
        before = state.players[0].credits
        state.combat.destroyed = ["sentinel"]
        state.combat.members = [] if outcome == "defeat" else state.combat.members
        combat.finish(state, outcome, Turn(state, 0))
        assert state.players[0].credits == before


def _mission(state, event: int, faces: list[str]):
    to_encounter(state)
    place_beacon(state, event)
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": event})
    set_faces(state, 0, faces)
    return state


def test_scenario_07_retry_costs_a_die():
    state = _mission(new_game(), 1, ["T", "T", "S", "-", "-"])
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.mission.step == "sacrifice"
    refused(state, 0, {"type": "done"}, "sacrifice")
    victim = rolled_ids(state)[0]
    state, _ = SYSTEM.apply(state, 0, {"type": "sacrifice", "die": victim})
    assert next(d for d in state.dice if d.id == victim).loc == "infirmary"
    assert state.mission.step == "assign"


def test_scenario_07_no_dice_left_fails_and_keeps_the_event():
    state = _mission(new_game(), 1, ["T"])
    for d in dice_of(state, 0, "crew"):
        d.loc = "infirmary"
    discards = len(state.td_discard) + len(state.td_deck)
    fleets = len(state.fleets)
    state, events = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.mission is None
    assert any(b.event == 1 for b in state.beacons)
    assert all(d.loc == "crew" for d in dice_of(state, 0))
    assert len(state.fleets) > fleets or discards == len(state.td_discard) + len(state.td_deck)
    assert any("fails" in e.text for e in events)


def test_scenario_08_prime_priority():
    state = to_encounter(new_game())
    place_beacon(state, 26)  # Prime, Kagawa
    refused(state, 0, {"type": "mission", "event": 0}, "prime")
    sisi = to_encounter(new_game())
    place_beacon(sisi, 26)
    sisi.players[0].heroes.append("sisi-gao")
    sisi, _ = SYSTEM.apply(sisi, 0, {"type": "mission", "event": 0})
    assert sisi.mission is not None
    cargo = to_encounter(new_game())
    place_beacon(cargo, 46)  # Prime Cargo
    refused(cargo, 0, {"type": "mission", "event": 0}, "prime")
    cargo.beacons[-1].carrier = 1
    cargo, _ = SYSTEM.apply(cargo, 0, {"type": "mission", "event": 0})
    assert cargo.mission is not None


def test_scenario_09_resolution_counts_and_hazard_order():
    state = new_game(players=3)
    state.td_deck = [t for t in state.td_deck if not t.startswith("scramble")]
    place_beacon(state, 2)  # Terra, damage hazard
    place_beacon(state, 44)  # Invictus, damage hazard
    place_beacon(state, 30)  # Zenith One, damage hazard
    bag, discard = len(state.bag), len(state.td_discard)
    turn = Turn(state, None)
    resolution.resolution(state, turn)
    assert bag - len(state.bag) == 2
    assert len(state.td_discard) - discard == 2
    order = [int(e.text.split()[1]) for e in turn.events if e.text.startswith("Hazard ")]
    assert order == sorted(order, reverse=True) and order


def test_scenario_09_scramble_still_resolves_two_cards():
    state = new_game(players=3)
    state.td_deck.remove("scramble-1")
    state.td_deck.insert(0, "scramble-1")
    state.td_discard = []
    turn = Turn(state, None)
    for _ in range(2):
        resolution.draw_threat(state, turn)
    assert len(state.td_discard) == 2
    assert not any(c.startswith("scramble") for c in state.td_discard)


def test_scenario_10_reinforcement_fallback():
    state = new_game()
    state.td_deck.insert(0, "rf-luna-1")
    resolution.draw_threat(state, Turn(state, None))
    fleet = next(f for f in state.fleets if f.planet == "Luna")
    assert fleet.token == 1 and len(fleet.ships) == 1
    assert not fleet.ships[0].revealed
    assert SYSTEM.view(state, 0).fleets[0].ships[0].card == "?"


def test_scenario_11_beacon_loss():
    state = to_encounter(new_game())
    for number in (50, 51, 52, 53, 55, 56):
        place_beacon(state, number)
    state.encountered = [0]
    state, _ = SYSTEM.apply(state, 1, {"type": "end"})
    assert state.result == "loss" and "Titan VI" in state.reason
    assert SYSTEM.outcome(state).result == "loss"


def test_scenario_12_critical_damage():
    state = to_encounter(new_game())
    add_fleet(state, ["sentinel"])
    p = state.players[0]
    p.hull, p.critical = 0, True
    refused(state, 0, {"type": "fight", "fleet": 1}, "critical")
    refused(state, 0, {"type": "mission", "event": 0}, "critical")
    state, _ = SYSTEM.apply(state, 0, {"type": "end"})  # the fleet does not force combat
    plan = new_game()
    q = plan.players[0]
    q.critical = True
    q.hull = q.max_hull - 6
    repair(plan, 0, scripted_turn(plan, 0, [2] * 5))  # five Engineering faces
    assert q.hull == q.max_hull - 1 and q.critical
    repair(plan, 0, scripted_turn(plan, 0, [2] * 5))
    assert q.hull == q.max_hull and not q.critical
    plan.players[0].actions = 2
    plan, _ = SYSTEM.apply(plan, 0, {"type": "travel", "to": "Luna"})


def test_scenario_13_team_combat():
    state = in_combat(new_game(ships="hades,harmony"), ["owl", "sentinel"], [], team=[1])
    front, back = state.players
    front.shield, back.shield = 2, 3
    state.combat.enemy_die = 2
    combat.enemy_step(state, Turn(state, 0))
    assert back.shield == 0  # the Owl's area ion hit both ships
    assert front.shield == 0 and front.hull == 13  # the Sentinel only hit the Frontline


def test_scenario_13_frontline_falls_badge_passes():
    state = in_combat(new_game(ships="hades,harmony"), ["kannon", "warden"], [], team=[1])
    front = state.players[0]
    front.shield, front.hull = 0, 1
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    assert front.critical
    assert state.combat is not None and state.combat.members == [1] and state.combat.frontline == 1


def test_scenario_14_escape():
    state = in_combat(new_game(), ["sentinel"], [])
    state.fleets[0].ships[0].damage = 1
    credits = state.players[0].credits
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "escape"})
    set_faces(state, 0, ["E", "T", "S"])
    e, t, _ = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": t, "station": "escape"}, "needs")
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": e, "station": "escape"})
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.combat is not None and state.combat.step == "assign"
    state.combat.step = "gather"
    state, _ = SYSTEM.apply(state, 0, {"type": "escape"})
    set_faces(state, 0, ["E"])
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": rolled_ids(state)[0], "station": "escape"})
    assert state.combat is None
    p = state.players[0]
    assert p.planet != "Terra" and not p.critical and p.credits == credits
    assert state.fleets[0].ships[0].damage == 0


def test_scenario_15_dice_legality():
    state = in_combat(new_game(), ["kannon", "kannon"], ["TT", "C", "S"])
    state.players[0].stations[3].module = "lotus-laser"
    tt, cmd, _sci = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": tt, "station": 4, "target": 1})
    assert state.fleets[0].ships[0].damage == 2  # one die, one Lotus, fired twice
    assert state.players[0].stations[3].uses == 2
    shield = state.players[0].shield = 0
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": cmd, "station": 2})
    assert state.players[0].shield == shield + 1  # Command filled a Science requirement
    assert feed(("C",), [], "S")[2] is False
    assert feed(("S",), [], "C")[0] == 1
    assert feed(("T",), [], "-")[2] is False
    assert feed(("*",), [], "-")[0] == 1


def test_enemy_ship_helper_uid_unique():
    state = new_game()
    add_fleet(state, ["sentinel", "sentinel"])
    uids = [s.uid for s in state.fleets[0].ships]
    assert len(set(uids)) == 2 and isinstance(state.fleets[0].ships[0], EnemyShip)


def test_team_swap_moves_the_badge():
    state = in_combat(new_game(ships="hades,harmony"), ["kannon"], ["T"], team=[1])
    set_faces(state, 1, ["T"])
    (mine,) = rolled_ids(state, 0)
    (theirs,) = rolled_ids(state, 1)
    state, _ = SYSTEM.apply(state, 1, {"type": "assign", "die": theirs, "station": "swap"})
    assert state.combat.frontline == 0
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": mine, "station": "swap"})
    assert state.combat.frontline == 1


def test_team_fight_refuses_a_distant_ship_unless_valkyrie():
    state = to_encounter(new_game(players=3, ships="hades,harmony,pale-valkyrie"))
    add_fleet(state, ["kannon"])
    state.players[1].planet = "Luna"
    refused(state, 0, {"type": "fight", "fleet": 1, "team": [2]}, "not at terra")
    state.players[2].planet = "Kagawa"
    state, _ = SYSTEM.apply(state, 0, {"type": "fight", "fleet": 1, "team": [3]})
    assert state.combat.shadow == [2]
    set_faces(state, 2, ["T", "S"])
    t, s = rolled_ids(state, 2)
    refused(state, 2, {"type": "assign", "die": s, "station": 3}, "station 1")
    state, _ = SYSTEM.apply(state, 2, {"type": "assign", "die": t, "station": 1})
    assert state.fleets[0].ships[0].damage == 2
    valkyrie = state.players[2]
    before = (valkyrie.shield, valkyrie.hull)
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    assert (state.players[2].shield, state.players[2].hull) == before  # Shadow Strike: immune


def test_team_away_mission_shares_sections_and_rewards():
    state = to_encounter(new_game())
    place_beacon(state, 1)  # EE + M, 2 credits
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 1, "team": [2]})
    assert state.mission.members == [0, 1]
    set_faces(state, 0, ["E", "E"])
    set_faces(state, 1, ["M"])
    a, b = rolled_ids(state, 0)
    (m,) = rolled_ids(state, 1)
    c0, c1 = state.players[0].credits, state.players[1].credits
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": a, "section": 1})
    state, _ = SYSTEM.apply(state, 1, {"type": "assign", "die": m, "section": 2})
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": b, "section": 1})
    assert state.mission is None
    assert state.split is not None and state.split.shares == [1, 1]  # the even split is proposed first
    assert (state.players[0].credits, state.players[1].credits) == (c0, c1)
    state, _ = SYSTEM.apply(state, 0, {"type": "agree"})
    state, _ = SYSTEM.apply(state, 1, {"type": "agree"})
    assert state.split is None
    assert (state.players[0].credits - c0, state.players[1].credits - c1) == (1, 1)
    assert state.round == 2  # both captains used their Encounter turn, so the round moved on


def test_team_try_again_is_judged_per_player():
    state = to_encounter(new_game())
    place_beacon(state, 1)
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 1, "team": [2]})
    set_faces(state, 0, ["T", "T"])
    set_faces(state, 1, ["M", "S"])
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert state.mission.step == "sacrifice" and state.mission.owing == [0]
    refused(state, 1, {"type": "sacrifice", "die": rolled_ids(state, 1)[0]}, "no sacrifice")
    state, _ = SYSTEM.apply(state, 0, {"type": "sacrifice", "die": rolled_ids(state, 0)[0]})
    assert state.mission.step == "assign"


def test_team_mission_failure_hurts_every_member():
    state = to_encounter(new_game())
    place_beacon(state, 2)  # hull 1 penalty
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 2, "team": [2]})
    hulls = [p.hull for p in state.players]
    state, _ = SYSTEM.apply(state, 1, {"type": "giveup"})
    assert [p.hull for p in state.players] == [h - 1 for h in hulls]


def test_rome_relay_allows_a_second_beacon():
    state = to_encounter(new_game())
    state.players[0].heroes.append("rome")
    place_beacon(state, 60)  # Terra: M + any
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 0})
    set_faces(state, 0, ["E", "S"])
    e, s = rolled_ids(state)
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": e, "section": 1})
    state, _ = SYSTEM.apply(state, 0, {"type": "assign", "die": s, "section": 2})
    assert state.mission is None and state.active == 0 and 0 not in state.encountered
    state, _ = SYSTEM.apply(state, 0, {"type": "mission", "event": 60})
    assert state.mission is not None


def test_lupin_teleporter_lends_crew_until_combat_ends():
    state = in_combat(new_game(ships="hades,harmony"), ["kannon", "kannon"], ["E", "T"], team=[1])
    state.players[0].stations[5].module = "lupin-teleporter"
    e, t = rolled_ids(state, 0)
    lupin = {"type": "assign", "die": e, "station": 6, "ally": 2, "mode": "send", "crew": t}
    state, _ = SYSTEM.apply(state, 0, lupin)
    lent = next(d for d in state.dice if d.id == t)
    assert lent.owner == 1 and lent.home == 0 and lent.face == "T"
    combat.finish(state, "escape", Turn(state, 0))
    lent = next(d for d in state.dice if d.id == t)
    assert lent.owner == 0 and lent.home == -1
