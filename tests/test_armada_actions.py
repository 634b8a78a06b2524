"""Armada: every action has an accepted case and a refused case that leaves the state untouched."""

from __future__ import annotations

import random

import pytest

from rules.armada import SYSTEM, planning
from rules.armada.content import CONTENT
from rules.armada.helpers import dice_of
from rules.armada.state import Die

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


def ok(state, seat, action):
    new, events = SYSTEM.apply(state, seat, action)
    assert events
    return new


# -- turn order ---------------------------------------------------------------------------


def test_begin_and_end_claim_turns():
    state = ok(new_game(), 0, {"type": "begin"})
    assert state.active == 0
    refused(state, 1, {"type": "begin"}, "cap1's turn")
    state = ok(state, 0, {"type": "end"})
    assert state.active == -1 and state.players[0].done
    refused(state, 0, {"type": "begin"}, "already took")


def test_all_planning_done_moves_to_encounter_then_resolution():
    state = ok(new_game(), 0, {"type": "end"})
    state = ok(state, 1, {"type": "end"})
    assert state.phase == "encounter"
    state = ok(state, 0, {"type": "end"})
    state = ok(state, 1, {"type": "end"})
    assert state.phase == "planning" and state.round == 2


def test_end_refused_while_a_fleet_must_be_fought():
    state = to_encounter(new_game())
    add_fleet(state, ["sentinel"])
    refused(state, 0, {"type": "end"}, "must be fought")


# -- planning -------------------------------------------------------------------------------


def test_travel():
    state = ok(new_game(ships="hades,harmony"), 0, {"type": "travel", "to": "Luna"})
    assert state.players[0].planet == "Luna" and state.players[0].actions == 1
    refused(state, 0, {"type": "travel", "to": "Invictus"}, "not nearby")
    refused(state, 0, {"type": "travel", "to": "Atlantis"}, "no planet")
    refused(state, 0, {"type": "travel", "to": ["x"] * 10_000}, "planet")


def test_pathfinder_travels_free_once():
    state = ok(new_game(ships="pathfinder,hades"), 0, {"type": "travel", "to": "Luna"})
    assert state.players[0].actions == 2
    state = ok(state, 0, {"type": "travel", "to": "Terra"})
    assert state.players[0].actions == 1


def test_two_actions_only():
    state = ok(new_game(ships="hades,harmony"), 0, {"type": "repair"})
    state = ok(state, 0, {"type": "repair"})
    refused(state, 0, {"type": "repair"}, "no actions left")


def test_give():
    state = ok(new_game(), 0, {"type": "give", "to": 2, "what": "credits", "value": 2})
    assert state.players[1].credits == 4 and state.players[0].credits == 0
    refused(state, 0, {"type": "give", "to": 2, "what": "credits", "value": 5}, "only have")
    refused(state, 0, {"type": "give", "to": 1, "what": "credits", "value": 1}, "another")
    refused(state, 0, {"type": "give", "to": "9999999999999", "what": "credits", "value": 1}, "between")
    far = new_game()
    far.players[1].planet = "Luna"
    refused(far, 0, {"type": "give", "to": 2, "what": "credits", "value": 1}, "not at")


def test_give_hero_moves_the_die():
    state = new_game()
    state.players[0].heroes.append("kyuu")
    from rules.armada.state import Die

    state.dice.append(Die(id=99, owner=0, hero="kyuu"))
    state = ok(state, 0, {"type": "give", "to": 2, "what": "hero", "value": "kyuu"})
    assert "kyuu" in state.players[1].heroes
    assert next(d for d in state.dice if d.id == 99).owner == 1
    refused(state, 0, {"type": "give", "to": 2, "what": "hero", "value": "kyuu"}, "not in your crew")


def test_shop_buy_install_store_close():
    state = new_game()
    state.players[0].credits = 20
    state = ok(state, 0, {"type": "shop"})
    offer = list(state.players[0].offer)
    assert len(offer) == 3 and len(state.module_pool) == 85
    refused(state, 0, {"type": "buy", "module": "not-a-module"}, "not on offer")
    state = ok(state, 0, {"type": "buy", "module": offer[0]})
    assert offer[0] in state.players[0].storage
    refused(state, 0, {"type": "install", "module": offer[0], "station": 7}, "between 1 and 6")
    state = ok(state, 0, {"type": "install", "module": offer[0], "station": 4})
    assert state.players[0].stations[3].module == offer[0]
    state = ok(state, 0, {"type": "store", "station": 4})
    refused(state, 0, {"type": "store", "station": 4}, "no installed")
    refused(state, 0, {"type": "repair"}, "Finish at the shipyard")
    state = ok(state, 0, {"type": "close"})
    assert len(state.module_pool) == 87
    refused(state, 0, {"type": "close"}, "no shop")
    refused(state, 0, {"type": "install", "module": offer[0], "station": 4}, "buy/configure")


def test_shop_needs_a_shipyard():
    state = new_game(ships="hades,harmony")
    state.players[0].planet = "Luna"
    refused(state, 0, {"type": "shop"}, "no shipyard")


def test_upgrade_pays_upgrade_cost_and_replaces_lower_tier():
    state = new_game()
    p = state.players[0]
    p.credits = 10
    p.stations[3].module = "lotus-laser"
    state = ok(state, 0, {"type": "shop"})
    state.players[0].offer = ["lotus-laser-3"]
    state = ok(state, 0, {"type": "buy", "module": "lotus-laser-3"})
    p = state.players[0]
    assert p.stations[3].module == "lotus-laser-3" and p.credits == 7
    assert "lotus-laser" in state.module_pool


def test_hardline_buys_upgrades_directly():
    state = new_game(hardline="yes")
    assert all(not m.endswith(("-2", "-3")) for m in state.module_pool if "barrier" not in m)
    state.players[0].credits = 10
    state = ok(state, 0, {"type": "shop"})
    state.players[0].offer = ["lotus-laser"]
    state = ok(state, 0, {"type": "buy", "module": "lotus-laser-2"})
    assert "lotus-laser-2" in state.players[0].storage
    refused(state, 0, {"type": "buy", "module": "orchid-missiles-2"}, "hardline")


def test_sell_needs_violet_kashi():
    state = new_game()
    state.players[0].storage.append("lotus-laser")
    state = ok(state, 0, {"type": "shop"})
    refused(state, 0, {"type": "sell", "module": "lotus-laser"}, "violet")
    state.players[0].heroes.append("violet-kashi")
    credits = state.players[0].credits
    state = ok(state, 0, {"type": "sell", "module": "lotus-laser"})
    assert state.players[0].credits == credits + 2


def test_recruit_and_hire():
    state = new_game(ships="hades,harmony")
    state.players[0].planet = "Luna"
    state.players[0].credits = 10
    refused(new_game(), 0, {"type": "recruit"}, "no waystation")
    state = ok(state, 0, {"type": "recruit"})
    offer = list(state.players[0].offer)
    assert len(offer) == 3
    refused(state, 0, {"type": "hire", "hero": "nobody"}, "not for hire")
    cheapest = min(offer, key=lambda h: CONTENT.heroes[h].cost)
    state = ok(state, 0, {"type": "hire", "hero": cheapest})
    assert cheapest in state.players[0].heroes
    assert any(d.hero == cheapest and d.owner == 0 for d in state.dice)
    state = ok(state, 0, {"type": "close"})
    assert len(state.hero_deck) == 33


def test_event_15_blocks_hiring():
    state = new_game(ships="hades,harmony")
    state.players[0].planet = "Luna"
    place_beacon(state, 15)
    refused(state, 0, {"type": "recruit"}, "event 15")


def test_repair_rolls_engineering():
    state = new_game(ships="hades,harmony")
    state.players[0].hull = 3
    state = ok(state, 0, {"type": "repair"})
    assert state.players[0].hull >= 3
    full = new_game()
    refused(full, 0, {"type": "repairs"}, "not something")


def test_repair_counts_engineering_but_not_command():
    """Rulebook, Planning Phase (Repair) and p. 10, Crew Dice Symbols: a repair roll mends 1 Hull
    per Engineering face; Command is a wild only in Combat and Away Missions, so it mends nothing."""
    state = new_game(ships="hades,harmony")
    state.players[0].heroes.append("genevieve")
    state.dice.append(Die(id=100, owner=0, hero="genevieve"))
    next(d for d in state.dice if d.owner == 0 and not d.hero).loc = "infirmary"  # 4 basic dice + the hero
    state.players[0].hull = 2
    planning.repair(state, 0, scripted_turn(state, 0, [2, 2, 1, 5, 1]))  # basic E, E, T, blank; hero C
    assert state.players[0].hull == 4  # E, E, C, T, blank: 2 Hull, not 3
    kirie = new_game(ships="hades,harmony")
    kirie.players[0].heroes.append("kirie")
    kirie.dice.append(Die(id=100, owner=0, hero="kirie"))
    kirie.players[0].hull = 2
    planning.repair(kirie, 0, scripted_turn(kirie, 0, [5, 5, 5, 5, 5, 4]))  # blanks; Kirie rolls C
    assert kirie.players[0].hull == 2


# -- encounter --------------------------------------------------------------------------------


def test_fight():
    state = to_encounter(new_game())
    add_fleet(state, ["sentinel"], planet="Luna")
    refused(state, 0, {"type": "fight", "fleet": 1}, "at luna")
    refused(state, 0, {"type": "fight", "fleet": 42}, "no fleet 42")
    refused(state, 0, {"type": "fight", "fleet": "banana"}, "whole number")
    state.players[0].planet = "Luna"
    state = ok(state, 0, {"type": "fight", "fleet": 1})
    assert state.combat is not None and state.fleets[0].ships[0].revealed


def test_mission_start():
    state = to_encounter(new_game())
    refused(state, 0, {"type": "mission", "event": 12}, "no beacon 12")
    state = ok(state, 0, {"type": "mission", "event": 0})
    assert state.mission is not None and state.mission.event == 0


def test_mission_blocked_by_fleet():
    state = to_encounter(new_game())
    add_fleet(state, ["sentinel"])
    refused(state, 0, {"type": "mission", "event": 0}, "beat the fleets")


def test_event_52_costs_credits_per_member():
    state = to_encounter(new_game())
    state.players[0].planet = "Titan VI"
    place_beacon(state, 52)
    state.players[0].credits = 0
    refused(state, 0, {"type": "mission", "event": 52}, "credit")
    state.players[0].credits = 1
    state = ok(state, 0, {"type": "mission", "event": 52})
    assert state.players[0].credits == 0


def test_deliver_cargo():
    state = to_encounter(new_game())
    refused(state, 0, {"type": "deliver"}, "no cargo")
    place_beacon(state, 16)
    state.beacons[-1].carrier = 0
    state.players[0].storage.append("cargo-medical")
    state.players[0].planet = "Kagawa"
    credits = state.players[0].credits
    state = ok(state, 0, {"type": "deliver"})
    assert not any(b.event == 16 for b in state.beacons)
    assert state.players[0].credits == credits + 3 and "cargo-medical" not in state.players[0].storage


def test_scan_with_iris_scanners():
    state = to_encounter(new_game())
    add_fleet(state, ["sentinel", "warden"], planet="Luna")
    refused(state, 0, {"type": "scan", "fleet": 1}, "iris")
    state.players[0].stations[5].module = "iris-scanners"
    state = ok(state, 0, {"type": "scan", "fleet": 1})
    assert all(s.revealed for s in state.fleets[0].ships)
    refused(state, 0, {"type": "scan", "fleet": 1}, "once per round")


# -- combat -------------------------------------------------------------------------------------


def test_assign_in_combat():
    state = in_combat(new_game(), ["sentinel"], ["T", "S", "-", "M"])
    t, s, blank, m = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": blank, "station": 4}, "needs")
    refused(state, 0, {"type": "assign", "die": s, "station": 6}, "takes no crew")
    refused(state, 0, {"type": "assign", "die": t, "station": 9}, "1 to 6")
    refused(state, 0, {"type": "assign", "die": 999, "station": 1}, "no die")
    refused(state, 0, {"type": "assign", "die": m, "station": "infirmary"}, "nobody")
    refused(state, 1, {"type": "assign", "die": t, "station": 1}, "under way")
    state = ok(state, 0, {"type": "assign", "die": t, "station": 4})
    assert state.fleets[0].ships[0].damage == 1
    refused(state, 0, {"type": "assign", "die": t, "station": 4}, "not available")


def test_infirmary_station_brings_crew_back():
    state = in_combat(new_game(), ["sentinel"], ["M", "T"])
    m, _ = rolled_ids(state)
    spare = dice_of(state, 0, "crew")[0]
    spare.loc = "infirmary"
    state = ok(state, 0, {"type": "assign", "die": m, "station": "infirmary"})
    assert next(d for d in state.dice if d.id == spare.id).loc == "crew"


def test_reroll():
    state = in_combat(new_game(), ["sentinel"], ["-", "-", "T"])
    a, b, t = rolled_ids(state)
    refused(state, 0, {"type": "reroll", "dice": [a]}, "no rerolls")
    state.players[0].stations[5].module = "ai-core-1"
    state.combat.rerolls[0] = 1
    state = ok(state, 0, {"type": "reroll", "dice": [a, b]})
    assert state.combat.rerolls[0] == 0
    refused(state, 0, {"type": "reroll", "dice": [t]}, "no rerolls")


def test_reroll_not_after_assigning():
    state = in_combat(new_game(), ["sentinel"], ["-", "T"])
    a, t = rolled_ids(state)
    state.combat.rerolls[0] = 2
    state = ok(state, 0, {"type": "assign", "die": t, "station": 4})
    refused(state, 0, {"type": "reroll", "dice": [a]}, "before you assign")


def test_ram():
    state = in_combat(new_game(), ["kannon"], ["-"])
    refused(state, 0, {"type": "ram", "amount": 2, "target": 1}, "titan arum")
    state.players[0].stations[5].module = "titan-arum-ram"
    state = ok(state, 0, {"type": "ram", "amount": 2, "target": 1})
    assert state.players[0].hull == 8 and state.fleets[0].ships[0].damage == 2
    refused(state, 0, {"type": "ram", "amount": 99, "target": 1}, "between")


def test_done_then_gather():
    state = in_combat(new_game(), ["kannon", "kannon"], ["-"])
    refused(state, 0, {"type": "gather"}, "step 4")
    state = ok(state, 0, {"type": "done"})
    if state.combat is not None and state.combat.step == "gather":
        refused(state, 0, {"type": "done"}, "nothing to finish")
        state = ok(state, 0, {"type": "gather"})
        assert state.combat is None or state.combat.round == 2


def test_relay_and_accept():
    state = in_combat(new_game(), ["kannon", "kannon"], ["-"])
    refused(state, 0, {"type": "relay"}, "not waiting")
    state.players[0].stations[5].module = "zephyranthes-relay"
    state = ok(state, 0, {"type": "done"})
    assert state.combat.step == "relay"
    credits = state.players[0].credits
    relayed = ok(state, 0, {"type": "relay"})
    assert relayed.players[0].credits == credits - 1
    accepted = ok(state, 0, {"type": "accept"})
    assert accepted.players[0].credits == credits


def test_escape_needs_step_four():
    state = in_combat(new_game(), ["kannon"], ["E"])
    refused(state, 0, {"type": "escape"}, "step 4")
    state.combat.step = "gather"
    state = ok(state, 0, {"type": "escape"})
    assert state.combat.step == "escape"


def test_escape_by_burning_hull():
    state = in_combat(new_game(), ["kannon"], [])
    state.combat.step = "gather"
    state = ok(state, 0, {"type": "escape"})
    set_faces(state, 0, ["S"])
    (s,) = rolled_ids(state)
    state = ok(state, 0, {"type": "assign", "die": s, "station": "escape", "hull_to_one": "yes"})
    assert state.combat is None and state.players[0].hull == 1


# -- missions --------------------------------------------------------------------------------------


def _mission(faces, event=0):
    state = to_encounter(new_game())
    if event:
        place_beacon(state, event)
    state = ok(state, 0, {"type": "mission", "event": event})
    set_faces(state, 0, faces)
    return state


def test_mission_assign_and_success():
    state = _mission(["E", "S", "T"])
    e, s, t = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": t, "section": 1}, "does not fit")
    refused(state, 0, {"type": "assign", "die": e, "section": 3}, "between 1 and 2")
    state = ok(state, 0, {"type": "assign", "die": e, "section": 1})
    credits = state.players[0].credits
    state = ok(state, 0, {"type": "assign", "die": s, "section": 2})
    assert state.mission is None and not any(b.event == 0 for b in state.beacons)
    assert state.players[0].credits == credits + 2
    assert 0 in state.encountered


def test_sequence_rows_in_order():
    state = to_encounter(new_game())
    place_beacon(state, 3)
    state = ok(state, 0, {"type": "mission", "event": 3})
    set_faces(state, 0, ["S", "E", "E"])
    s, e, _ = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": s, "section": 3}, "sequence")
    state = ok(state, 0, {"type": "assign", "die": e, "section": 1})
    assert state.mission.step == "assign"  # completing a section forces Try Again (a free reroll)


def test_giveup():
    state = _mission(["T"])
    state = ok(state, 0, {"type": "giveup"})
    assert state.mission is None and any(b.event == 0 for b in state.beacons)
    refused(state, 0, {"type": "giveup"}, "not something")


def test_sacrifice():
    state = _mission(["T", "T", "T"], event=1)
    refused(state, 0, {"type": "sacrifice", "die": rolled_ids(state)[0]}, "no sacrifice")
    state = ok(state, 0, {"type": "done"})
    assert state.mission.step == "sacrifice"
    refused(state, 0, {"type": "sacrifice", "die": 7}, "not one of your crew")
    state = ok(state, 0, SYSTEM.pending(state)[0].default)
    assert state.mission.step == "assign"


# -- notation, views, describe -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "travel", "to": "Zenith One"},
        {"type": "retreat", "to": "Kagawa"},
        {"type": "give", "to": 2, "what": "credits", "value": 1},
        {"type": "give", "to": 3, "what": "module", "value": "lotus-laser"},
        {"type": "trade", "to": 1, "what": "module", "value": "lotus-laser", "for_what": "credits", "for_value": "1"},
        {"type": "assign", "die": 3, "station": 4, "target": 2},
        {"type": "assign", "die": 3, "station": 2, "target": 1, "action": "passive"},
        {"type": "assign", "die": 3, "station": 2, "target": 1, "action": 2},
        {"type": "assign", "die": 0, "station": "escape", "hull_to_one": "yes"},
        {"type": "assign", "die": 5, "station": 3, "ally": 2, "mode": "send", "crew": 7},
        {"type": "assign", "die": 1, "station": "infirmary"},
        {"type": "parley", "die": 2, "crew": 4, "face": "T"},
        {"type": "setface", "die": 9, "face": "M"},
        {"type": "copy", "die": 10, "source": 5},
        {"type": "rose", "die": 11, "target": 3},
        {"type": "lockon", "die": 6},
        {"type": "knockout", "die": 0},
        {"type": "ram", "amount": 1, "target": 2},
        {"type": "reroll", "dice": [4]},
        {"type": "reroll", "dice": [1, 2, 4]},
        {"type": "split", "shares": [0, 2, 1]},
        {"type": "vote", "for": 2},
        {"type": "attack", "target": 1},
        {"type": "fight", "fleet": 3},
        {"type": "fight", "fleet": 3, "team": [2]},
        {"type": "mission", "event": 0, "team": [2, 4]},
        {"type": "install", "module": "drosera-beam", "station": 1},
        {"type": "hire", "hero": "rose-palroy"},
        {"type": "end"},
    ],
)
def test_format_and_parse_round_trip(action):
    """The notation gives back exactly the action: numbers as ints, faces in capitals, lists as lists."""
    state = new_game()
    assert SYSTEM.parse(SYSTEM.format(action), state, 0) == action


def test_parse_of_a_mission_assign_names_the_section():
    state = ok(to_encounter(new_game()), 0, {"type": "mission", "event": 0})
    assert SYSTEM.parse(SYSTEM.format({"type": "assign", "die": 2, "section": 1}), state, 0) == {
        "type": "assign",
        "die": 2,
        "section": 1,
    }
    assert SYSTEM.parse("assign 2 1", state, 0) == {"type": "assign", "die": 2, "section": 1}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_action_of_random_states_round_trips_exactly(players):
    """Random legal play (choices among legal() only, seeded): at every step, every legal action of
    every captain asked comes back from ``parse(format(a))`` equal to ``a``, types and case included."""
    rng = random.Random(40 + players)
    state = SYSTEM.setup([f"cap{i}" for i in range(players)], {}, 40 + players)
    checked: set[str] = set()
    for _ in range(150):
        prompts = SYSTEM.pending(state)
        if SYSTEM.outcome(state) is not None or not prompts:
            break
        for prompt in prompts:
            for action in SYSTEM.legal(state, prompt.seat):
                assert SYSTEM.parse(SYSTEM.format(action), state, prompt.seat) == action, SYSTEM.format(action)
                checked.add(action["type"])
        prompt = rng.choice(prompts)
        legal = SYSTEM.legal(state, prompt.seat)
        moves = [a for a in legal if a["type"] not in ("end", "giveup")] or legal
        state, _ = SYSTEM.apply(state, prompt.seat, rng.choice(moves))
    assert {"travel", "end", "assign", "done"} <= checked, checked


def test_numbers_typed_as_text_play_like_numbers():
    """What a person sends through /act may still carry digits as text: apply() reads them the same."""
    state = new_game(players=2)
    typed = {"type": "give", "to": "2", "what": "credits", "value": "1"}
    exact = {"type": "give", "to": 2, "what": "credits", "value": 1}
    assert SYSTEM.dumps(SYSTEM.apply(state, 0, typed)[0]) == SYSTEM.dumps(SYSTEM.apply(state, 0, exact)[0])


def test_parse_rejects_rubbish():
    state = new_game()
    with pytest.raises(Exception, match="Type an action"):
        SYSTEM.parse("   ", state, 0)
    with pytest.raises(Exception, match="Too many"):
        SYSTEM.parse("store 1 2 3 4", state, 0)


def test_describe_is_compact():
    state = in_combat(new_game(), ["sentinel"], ["T"])
    text = SYSTEM.describe(state)
    assert "combat fleet 1" in text and "P1 cap1 pathfinder@Terra" in text


def test_view_hides_secrets():
    state = new_game()
    add_fleet(state, ["warden", "sentinel"], planet="Luna")
    seen = SYSTEM.view(state, None)
    assert [s.card for s in seen.fleets[0].ships] == ["?", "?"]
    assert set(seen.hero_deck) == {"?"} and set(seen.td_deck) == {"?"}
    assert set(seen.bag) == {0}
    assert state.fleets[0].ships[0].card == "warden"  # the real state is untouched
    eva = new_game()
    eva.players[0].heroes.append("eva")
    assert SYSTEM.view(eva, 0).td_deck[0] == eva.td_deck[0]
    assert SYSTEM.view(eva, 1).td_deck[0] == "?"


def test_setup_options():
    with pytest.raises(Exception, match="different ship"):
        SYSTEM.setup(["a", "b"], {"ships": "hades,hades"}, 1)
    with pytest.raises(Exception, match="no ship"):
        SYSTEM.setup(["a"], {"ships": "enterprise"}, 1)
    with pytest.raises(Exception, match="1 to 4"):
        SYSTEM.setup(["a"] * 5, {}, 1)
    solo = SYSTEM.setup(["a"], {}, 1)
    assert len(dice_of(solo, 0)) == 6 and solo.players[0].credits == 2 and solo.players[0].rebuild == 1
    assert "lupin-teleporter" not in solo.module_pool
    assert solo.module_pool.count("barrier-v3") == 1
    four = SYSTEM.setup(["a", "b", "c", "d"], {}, 1)
    assert all(p.credits == 0 for p in four.players) and len(dice_of(four, 3)) == 5
    easy = SYSTEM.setup(["a", "b"], {"difficulty": "easy"}, 1)
    assert easy.bag.count(-1) == 12 and easy.players[0].credits == 4
    assert any(b.event == 0 and b.planet == "Terra" for b in easy.beacons)
    assert 9 not in easy.fleet_tokens and len(easy.fleet_tokens) == 25


def test_parse_team_and_keywords():
    state = new_game()
    assert SYSTEM.parse("fight 3 team=2 frontline=2", state, 0) == {
        "type": "fight",
        "fleet": 3,
        "team": [2],
        "frontline": 2,
    }
    assert SYSTEM.parse("travel zenith one", state, 0) == {"type": "travel", "to": "Zenith One"}
    assert SYSTEM.parse("Reroll 1,2 4", state, 0) == {"type": "reroll", "dice": [1, 2, 4]}
    assert SYSTEM.parse("parley 3 4 t", state, 0) == {"type": "parley", "die": 3, "crew": 4, "face": "T"}
    assert SYSTEM.parse("trade 2 credits 1 module lotus-laser", state, 0)["value"] == "1"  # a trade's terms stay text


def test_ships_option_survives_the_option_parser():
    from rules.core import parse_options

    opts = parse_options("ships=hades+pathfinder difficulty=easy", SYSTEM.options())
    state = SYSTEM.setup(["a", "b"], opts, 3)
    assert [p.ship for p in state.players] == ["hades", "pathfinder"]


def test_legal_lists_every_rolled_die_for_assign():
    state = in_combat(new_game(), ["sentinel"], ["T", "T", "-", "-", "S"])
    state.players[0].shield -= 1  # at full shields the Science die would recharge nothing: not offered
    ids = rolled_ids(state)
    listed = {a["die"] for a in SYSTEM.legal(state, 0) if a["type"] == "assign"}
    # both Tactical dice can go on the laser, so both are offered
    lasers = {a["die"] for a in SYSTEM.legal(state, 0) if a["type"] == "assign" and a.get("station") == 4}
    assert {ids[0], ids[1]} <= lasers
    assert {ids[0], ids[1], ids[4]} <= listed
    for a in SYSTEM.legal(state, 0):
        SYSTEM.apply(state, 0, a)  # every listed move is playable as it stands
    # a die someone else owns is never listed and is refused
    refused(state, 0, {"type": "assign", "die": 999, "station": 4}, "no die")


def test_legal_assign_is_bounded_for_huge_crews():
    from rules.armada.candidates import MAX_LISTED_DICE
    from rules.armada.state import Die

    state = in_combat(new_game(), ["sentinel"], ["T"])
    for _ in range(30):
        state.dice.append(Die(id=state.next_die, owner=0, face="T", loc="rolled"))
        state.next_die += 1
    listed = {a["die"] for a in SYSTEM.legal(state, 0) if a["type"] == "assign"}
    assert len(listed) == MAX_LISTED_DICE


# -- swaps (Trade: give or trade with a captain at the same location) ------------------------


def swap_game():
    from rules.armada.state import Die

    state = new_game()
    state.players[0].storage.append("ai-core-1")
    state.players[1].heroes.append("kyuu")
    state.dice.append(Die(id=99, owner=1, hero="kyuu"))
    return state


SWAP = {"type": "trade", "to": 2, "what": "module", "value": "ai-core-1", "for_what": "hero", "for_value": "kyuu"}


def test_swap_offer_then_accept():
    state = swap_game()
    assert SWAP in SYSTEM.legal(state, 0)
    state = ok(state, 0, SWAP)
    assert state.trade is not None and state.players[0].actions == 2  # the action is spent on acceptance
    (prompt,) = SYSTEM.pending(state)
    assert prompt.seat == 1 and prompt.default == {"type": "decline_trade"}
    assert "`/armada answer reply:accept` or `reply:decline`" in prompt.text and "AI Core 1x" in prompt.text
    assert SYSTEM.legal(state, 1) == [{"type": "accept_trade"}, {"type": "decline_trade"}]
    assert SYSTEM.legal(state, 0) == [{"type": "decline_trade"}]
    refused(state, 0, {"type": "end"}, "waiting for cap2")
    refused(state, 0, {"type": "accept_trade"}, "must accept")
    state = ok(state, 1, {"type": "accept_trade"})
    assert state.trade is None
    assert "ai-core-1" in state.players[1].storage and "ai-core-1" not in state.players[0].storage
    assert "kyuu" in state.players[0].heroes and next(d for d in state.dice if d.id == 99).owner == 0
    assert state.players[0].actions == 1


def test_swap_declined_or_withdrawn_changes_nothing():
    start = swap_game()
    offered = ok(start, 0, SWAP)
    for seat in (1, 0):  # declined by the other captain, or withdrawn by the one who offered
        after = ok(offered, seat, {"type": "decline_trade"})
        assert after.trade is None and after.players[0].storage == ["ai-core-1"]
        assert after.players[0].actions == 2


def test_swap_refusals():
    state = swap_game()
    refused(state, 0, {**SWAP, "for_value": "genevieve"}, "no such hero")
    refused(state, 0, {**SWAP, "value": "lotus-laser"}, "no such module")
    refused(state, 0, {**SWAP, "to": 1}, "another captain")
    refused(state, 0, {**SWAP, "what": "credits", "value": 9}, "only 2 credits")
    refused(state, 0, {**SWAP, "what": "credits", "value": 1, "for_what": "credits", "for_value": 1}, "changes nothing")
    refused(state, 0, {**SWAP, "for_what": "spaceship"}, "")
    refused(state, 1, {"type": "accept_trade"}, "no trade offer")
    far = swap_game()
    far.players[1].planet = "Luna"
    refused(far, 0, SWAP, "not at")
    tired = swap_game()
    tired.players[0].actions = 0
    refused(tired, 0, SWAP, "no actions left")
    offered = ok(state, 0, SWAP)
    refused(offered, 1, {"type": "travel", "to": "Luna"}, "waiting for")


def test_ai_core_rerolls_on_away_missions():
    state = to_encounter(new_game())
    state.players[0].stations[2].module = "ai-core-1"
    place_beacon(state, 3)
    state = ok(state, 0, {"type": "mission", "event": 3})
    assert state.mission.rerolls[0] == 1
    set_faces(state, 0, ["-", "-", "E"])
    b1, b2, e = rolled_ids(state)
    assert {"type": "reroll", "dice": [b1, b2]} not in SYSTEM.legal(state, 0)
    refused(state, 0, {"type": "reroll", "dice": [b1, b2]}, "Kira Matrix")  # without one: all or nothing
    refused(state, 0, {"type": "reroll", "dice": [999]}, "no die")
    refused(state, 0, {"type": "reroll", "dice": []}, "which dice")
    kira = SYSTEM.clone(state)
    kira.players[0].stations[4].module = "kira-matrix"
    assert {"type": "reroll", "dice": [b1, b2]} in SYSTEM.legal(kira, 0)
    kira = ok(kira, 0, {"type": "reroll", "dice": [b1, b2]})
    assert next(d for d in kira.dice if d.id == e).face == "E"  # the kept die
    state = ok(state, 0, {"type": "reroll", "dice": [b1, b2, e]})
    assert state.mission.rerolls[0] == 0
    refused(state, 0, {"type": "reroll", "dice": [b1, b2, e]}, "no rerolls left")
    plain = to_encounter(new_game())
    place_beacon(plain, 3)
    plain = ok(plain, 0, {"type": "mission", "event": 3})
    set_faces(plain, 0, ["-", "E"])
    refused(plain, 0, {"type": "reroll", "dice": rolled_ids(plain)[:1]}, "AI Cores")
    placed = to_encounter(new_game())
    placed.players[0].stations[2].module = "ai-core-1"
    placed = ok(placed, 0, {"type": "mission", "event": 0})  # First Light: E | S
    set_faces(placed, 0, ["E", "-"])
    e, b = rolled_ids(placed)
    placed = ok(placed, 0, {"type": "assign", "die": e, "section": 1})
    refused(placed, 0, {"type": "reroll", "dice": [b]}, "before you place")
