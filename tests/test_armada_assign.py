"""Armada: crew dice on stations that need several symbols (issue 10, item 1).

A Command face is wild in Combat, so it must fill whichever printed symbol still lets the
activation finish; and a die may not sit on a station without firing it, so a die that starts an
activation is only accepted when the captain's other rolled dice (their faces already showing)
could finish it, and step 1 cannot end (nor those dice go elsewhere) while such a station waits.
"""

from __future__ import annotations

from rules.armada import SYSTEM
from rules.armada.combat import can_complete, feed, still_needed
from rules.armada.state import Die
from rules.core import RngState

from .test_armada_support import in_combat, new_game, refused, rolled_ids, set_faces

LARKSPUR = 4  # Pathfinder station 4 refitted with a Larkspur Burner (Tactical + Engineering)
REPAIR = 3  # Pathfinder's Repair Bay (Engineering)


def larkspur_fight(faces: list[str], team: list[int] | None = None):
    """Captain 1 (Pathfinder) fights a Kannon that already took a hit, Larkspur on station 4."""
    state = in_combat(new_game(), ["kannon"], faces, team=team)
    state.players[0].stations[LARKSPUR - 1].module = "larkspur-burner"
    state.fleets[0].ships[0].damage = 1  # the Larkspur only burns ships that are already damaged
    return state


def assign(state, die: int, station: int | str, seat: int = 0):
    state, events = SYSTEM.apply(state, seat, {"type": "assign", "die": die, "station": station})
    return state, " ".join(e.text for e in events)


def offered(state, die: int, station: int, seat: int = 0) -> bool:
    return {"type": "assign", "die": die, "station": station} in SYSTEM.legal(state, seat)


def test_command_first_leaves_the_real_symbol_its_place():
    """Rulebook p. 10, Crew Dice Symbols: Command stands in for any basic symbol in Combat; p. 10,
    Assigning Crew Dice: a station fires once each symbol it shows is covered. A Command put
    first on a Tactical + Engineering station must still let a real Tactical die finish it."""
    for first, second in (("C", "T"), ("C", "E"), ("T", "C"), ("E", "C")):
        state = larkspur_fight([first, second])
        a, b = rolled_ids(state)
        state, text = assign(state, a, LARKSPUR)
        assert state.fleets[0].ships[0].damage == 1 and "still needs" in text, (first, second)
        state, text = assign(state, b, LARKSPUR)
        assert state.fleets[0].ships[0].damage == 3, (first, second)  # 2 energy: it fired
        assert state.players[0].stations[LARKSPUR - 1].held == []


def test_a_held_command_is_shown_as_either_symbol():
    """Rulebook p. 10, Crew Dice Symbols: a Command held on a two-symbol station could still
    become either symbol, so the table names both instead of picking one."""
    state = larkspur_fight(["C", "T", "E"])
    cmd, _, _ = rolled_ids(state)
    state, text = assign(state, cmd, LARKSPUR)
    assert "still needs Tactical or Engineering" in text
    assert state.players[0].stations[LARKSPUR - 1].partial == ["T/E"]
    assert still_needed(("T", "E"), ["T"]) == ["E"]


def test_a_die_that_cannot_be_completed_is_refused():
    """Rulebook FAQ (assigning dice without activating a station): a die may not be left on a
    station that will not fire. A lone Tactical die on Tactical + Engineering is refused when no
    other rolled die can add the Engineering, and the state is untouched."""
    state = larkspur_fight(["T", "S", "M"])
    t = rolled_ids(state)[0]
    refused(state, 0, {"type": "assign", "die": t, "station": LARKSPUR}, "none of your other rolled dice")
    assert not offered(state, t, LARKSPUR)
    cmd_only = larkspur_fight(["C", "S"])
    cmd, _ = rolled_ids(cmd_only)
    refused(cmd_only, 0, {"type": "assign", "die": cmd, "station": LARKSPUR}, "Tactical or Engineering")
    possible = larkspur_fight(["T", "S", "E"])
    t, _, _ = rolled_ids(possible)
    assert offered(possible, t, LARKSPUR)
    possible, _ = assign(possible, t, LARKSPUR)
    assert possible.players[0].stations[LARKSPUR - 1].held_dice == [t]


def test_only_dice_already_rolled_count_never_future_rolls():
    """Architecture rule (legality never depends on an unseen die) with the Rulebook FAQ on
    parked dice: crew still waiting unrolled cannot promise the missing symbol, and what legal()
    offers is the same whatever the seed."""
    state = larkspur_fight(["T"])  # the other four crew dice wait unrolled
    (t,) = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": t, "station": LARKSPUR}, "rolled dice")
    legal = SYSTEM.legal(state, 0)
    other_seed = SYSTEM.clone(state)
    other_seed.rng = RngState(seed=state.rng.seed + 99)
    assert SYSTEM.legal(other_seed, 0) == legal


def test_legal_offers_exactly_what_assign_accepts():
    """Rulebook p. 10, Assigning Crew Dice: every placement legal() lists is accepted and every
    placement on the Larkspur it leaves out is refused."""
    state = larkspur_fight(["T", "C", "S", "-"])
    listed = SYSTEM.legal(state, 0)
    for die in rolled_ids(state):
        action = {"type": "assign", "die": die, "station": LARKSPUR}
        try:
            SYSTEM.apply(state, 0, action)
        except Exception:
            assert action not in listed
        else:
            assert action in listed


def test_gus_cannot_be_counted_on_for_a_weapon():
    """Rulebook, Heroic Crew (Gus, pacifist): his die never mans a weapon, so a Command on Gus's die
    cannot be the die that would finish a weapon."""
    state = larkspur_fight(["T"])
    state.players[0].heroes.append("gus")
    state.dice.append(Die(id=100, owner=0, hero="gus", face="C", loc="rolled"))
    (t, _gus) = rolled_ids(state)
    refused(state, 0, {"type": "assign", "die": t, "station": LARKSPUR}, "none of your other rolled dice")


def test_done_is_refused_while_a_station_waits_for_crew():
    """Rulebook FAQ (assigning Crew dice to a station without activating it): never. A Tactical die
    waiting on the Larkspur (Tactical + Engineering) cannot be left there: ``done`` is refused,
    naming the station and what it still needs, legal() does not offer it, and the state is untouched."""
    state = larkspur_fight(["T", "E"], team=[1])
    set_faces(state, 1, ["S"])
    t, e = rolled_ids(state)
    state, _ = assign(state, t, LARKSPUR)
    message = refused(state, 0, {"type": "done"}, "station 4 (Larkspur Burner) still needs Engineering")
    assert "end step 1" in message
    assert {"type": "done"} not in SYSTEM.legal(state, 0)
    prompt = next(p for p in SYSTEM.pending(state) if p.seat == 0)
    assert prompt.default == {"type": "assign", "die": e, "station": LARKSPUR}  # a default must play
    state, _ = assign(state, e, LARKSPUR)  # the allowed case: it fires, then the step may end
    assert {"type": "done"} in SYSTEM.legal(state, 0)
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert 0 in state.combat.finished


def test_a_waiting_station_keeps_its_finishing_die():
    """Rulebook FAQ (no crew on a station without activating it): the die that would finish a waiting
    station cannot go elsewhere first, or the first die would be stranded; legal() lists only the dice
    that go on with the waiting station."""
    state = larkspur_fight(["T", "E"], team=[1])
    set_faces(state, 1, ["S"])
    t, e = rolled_ids(state)
    state, _ = assign(state, t, LARKSPUR)
    refused(state, 0, {"type": "assign", "die": e, "station": REPAIR}, "station 4 (Larkspur Burner) still needs")
    listed = SYSTEM.legal(state, 0)
    assert listed and all(a["type"] == "assign" and a["station"] == LARKSPUR for a in listed)
    assert SYSTEM.forced_action(state, next(p for p in SYSTEM.pending(state) if p.seat == 0)) is not None


def test_the_bot_never_leaves_a_station_waiting():
    """Rulebook FAQ (no crew on a station without activating it): the bot captain, asked while a
    station waits, finishes it rather than ending the step."""
    state = larkspur_fight(["T", "E"], team=[1])
    set_faces(state, 1, ["S"])
    t, e = rolled_ids(state)
    state, _ = assign(state, t, LARKSPUR)
    choice = SYSTEM.ai_action(SYSTEM.view(state, 0), 0, seed=1)
    assert choice == {"type": "assign", "die": e, "station": LARKSPUR}


def test_done_keeps_dice_that_fired():
    """Rulebook p. 14, Combat step 1: dice that fired their station stay there until they are
    gathered; only an unfinished activation's dice come back."""
    state = larkspur_fight(["T", "E", "S"], team=[1])
    set_faces(state, 1, ["S"])
    t, e, _ = rolled_ids(state)
    state, _ = assign(state, t, LARKSPUR)
    state, _ = assign(state, e, LARKSPUR)
    state, _ = SYSTEM.apply(state, 0, {"type": "done"})
    assert [d.loc for d in state.dice if d.id in (t, e)] == ["station", "station"]


def test_rose_cannot_pair_with_a_die_that_has_not_fired():
    """Rulebook, Heroic Crew (Rose Palroy): she takes the place of a die already assigned, so that die
    can act again; a die still waiting for its station to fire has not acted yet."""
    state = larkspur_fight(["T", "E"])
    state.players[0].heroes.append("rose-palroy")
    state.dice.append(Die(id=100, owner=0, hero="rose-palroy", face="T", loc="rolled"))
    t, e, rose = rolled_ids(state)
    state, _ = assign(state, t, LARKSPUR)
    refused(state, 0, {"type": "rose", "die": rose, "target": t}, "still needs Engineering")
    state, _ = assign(state, e, LARKSPUR)
    state, _ = SYSTEM.apply(state, 0, {"type": "rose", "die": rose, "target": t})


def test_matching_helpers():
    """Rulebook p. 10, Assigning Crew Dice: an empty box takes any face (blanks too) and uses up
    the die; one die with two matching symbols may cover two symbols of one station."""
    assert feed(("T", "E"), ["C"], "T") == (1, [], True)
    assert feed(("T", "E"), ["T"], "S") == (0, ["T"], False)
    assert feed(("M", "*"), [], "MM") == (1, [], True)
    assert feed(("*",), [], "TT") == (1, [], True)  # the box takes the whole die: one firing
    assert feed(("T",), [], "TT") == (2, [], True)
    assert feed(("T", "T"), ["T"], "TT") == (1, ["T"], True)
    assert can_complete(("T", "E"), ["T"], ["S", "C"], 5)
    assert not can_complete(("T", "E"), ["T"], ["S", "M"], 5)
    assert not can_complete(("T", "E"), ["T"], ["E"], 0)


def test_synapse_does_not_count_a_die_that_could_only_wait():
    """Rulebook, Heroic Crew (K-D3-N, Synapse): the crew reroll when nothing can be assigned. A lone
    Medical die could only wait on the Sick Bay (Medical + any) for a partner that is not there,
    and a die may not wait on a station that will not fire, so nothing can be assigned."""
    from rules.armada import heroes

    alone = in_combat(new_game(), ["kannon"], ["M"])
    assert not heroes.assignable(alone, 0)
    paired = in_combat(new_game(), ["kannon"], ["M", "-"])
    assert heroes.assignable(paired, 0)
