"""The acceptance scenarios of the Grimdark checklist (section 5), one test each (test_scenario_NN_*)."""

from __future__ import annotations

import pytest

from rules.core import Turn
from rules.grimdark.ai import activate, activation_order, charge_reach, pick_closest
from rules.grimdark.combat import Hit, Volley, block, roll_hits, spread_blast
from rules.grimdark.content import Weapon, content
from rules.grimdark.dice import passes, stat_test
from rules.grimdark.effects import ai_cast
from rules.grimdark.grid import dist
from rules.grimdark.melee import fight
from rules.grimdark.morale import end_of_activation, morale_test
from rules.grimdark.rounds import end_round, seize, start_round
from rules.grimdark.state import Model
from rules.grimdark.units import find, stats

from .test_grimdark_support import (
    bare,
    battle,
    battlefield,
    cell,
    dice,
    patch_hero,
    patch_unit,
    play,
    put_enemy,
    put_hero,
    refused,
    texts,
)


def test_scenario_01_test_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dex 5+ and Impaired: a 6 passes, a 5 fails (then 2 power buys it), a 1 fails even at +2; Qua is never bought."""
    state = bare(battle())
    brannoc = find(state, "brannoc")
    assert stats(state, brannoc).dex == 5
    brannoc.statuses = ["impaired"]
    brannoc.policy = {"tests": "off"}
    turn = Turn(state, 0)
    with dice(monkeypatch, 6, 5):
        assert stat_test(state, turn, brannoc, "dex") is True
        assert stat_test(state, turn, brannoc, "dex") is False
    assert "needs 6+ (from 5+, -1)" in texts(turn.events)
    assert not passes(1, 5, +2) and passes(6, 5, -3)
    brannoc.power = 3
    brannoc.policy = {"tests": "safe"}
    with dice(monkeypatch, 5):
        assert stat_test(state, turn, brannoc, "dex") is True
    assert brannoc.power == 1
    with dice(monkeypatch, 1):
        assert stat_test(state, turn, brannoc, "dex", mod=2) is False
    brannoc.power = 3
    brannoc.policy = {"tests": "always"}
    with dice(monkeypatch, 2):
        assert stat_test(state, turn, brannoc, "qua") is False
    assert brannoc.power == 3, "a failed Qua test is never bought"


def test_scenario_02_exhaustion(monkeypatch: pytest.MonkeyPatch) -> None:
    """1 power, a failed Str test bought for 2: 2 wounds instead, the power stays, the test passes."""
    state = bare(battle())
    brannoc = find(state, "brannoc")
    brannoc.power = 1
    brannoc.policy = {"tests": "always"}
    turn = Turn(state, 0)
    with dice(monkeypatch, 2):
        assert stat_test(state, turn, brannoc, "str") is True
    assert brannoc.power == 1 and brannoc.models[0].wounds == 2
    assert "exhausted" in texts(turn.events)


def test_scenario_03_activation_economy(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    kessa = put_hero(state, "kessa", "X40")
    put_hero(state, "brannoc", "C40")
    foe = put_enemy(state, "scrappers", "X25", "Y25", "Z25", "X24", "Y24")
    state.tokens = []
    from rules.grimdark.state import Token

    state.tokens = [Token(id="T1", x=cell("X31")[0], y=cell("X31")[1], content="nothing")]
    assert kessa.power == 4
    with dice(monkeypatch, 1, 1, 1, 6):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "X34", "shoot": foe.id})
    assert kessa.id == "kessa" and "Storm Carbine" in said
    with dice(monkeypatch, 6):
        state, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    assert "holds: nothing" in said
    state, said = play(state, 0, {"type": "rush", "hero": "kessa", "to": "AJ34"})
    kessa = find(state, "kessa")
    assert kessa.power == 2 and "pays 2 power for an extra action" in said
    assert kessa.activated and state.act is None, "all three parts used: the activation is over"
    refused(state, 0, {"type": "hold", "hero": "kessa"}, "already activated")
    # Rest is refused after anything else, and it is the whole activation when it comes first
    brannoc = find(state, "brannoc")
    brannoc.power = 0
    state, _ = play(state, 0, {"type": "hold", "hero": "brannoc"})
    refused(state, 0, {"type": "rest", "hero": "brannoc"}, "only activity")
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    find(state, "kessa").power = 1
    state, said = play(state, 0, {"type": "rest", "hero": "kessa"})
    assert find(state, "kessa").power == 4 and find(state, "kessa").activated
    refused(state, 0, {"type": "skill", "hero": "kessa", "skill": "aimed-shot"}, "already activated")


def test_scenario_04_shooting_maths(monkeypatch: pytest.MonkeyPatch) -> None:
    """Qua 4+, 3 attacks AP(1) at Def 5+ in cover: hits on 4+, blocks need die + 1 - 1 >= 5."""
    state = bare(battle("orrin+kessa"))
    orrin = find(state, "orrin")
    assert stats(state, orrin).qua == 4
    cultists = put_enemy(state, "cultists", "K10", "L10", "M10", "K11", "L11")
    assert stats(state, cultists).defense == 5 and stats(state, cultists).tou == 1
    rifle = Weapon(key="test-rifle", name="Test Rifle", range=24, attacks=3, ap=1, rules=())
    turn = Turn(state, 0)
    with dice(monkeypatch, 3, 4, 6):
        hits = roll_hits(state, turn, orrin, rifle, 3, cultists)
    assert len(hits) == 2 and all(h.ap == 1 for h in hits)
    assert "hit on 4+" in texts(turn.events)
    with dice(monkeypatch, 5, 4):
        block(state, turn, cultists, Volley(hits=hits, cover=True, near=cell("K20")))
    assert len(cultists.alive()) == 4, "5 + 1 - 1 = 5 blocks, 4 + 1 - 1 = 4 does not: one model lost"
    assert "each 5+ blocks a hit [+1 cover, -1 AP]" in texts(turn.events)
    with dice(monkeypatch, 6, 1):
        block(state, turn, cultists, Volley(hits=[Hit(ap=6), Hit(ap=-6)], near=cell("K20")))
    assert len(cultists.alive()) == 3, "a natural 6 always blocks and a natural 1 always fails"


def test_scenario_05_unconscious_and_revive(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("kessa+orrin+brannoc"))
    kessa = put_hero(state, "kessa", "K20")
    put_hero(state, "orrin", "M21")  # 2.2" away
    put_hero(state, "brannoc", "K30")
    foe = put_enemy(state, "wardens", "K14", "L14", "M14")
    assert stats(state, kessa).tou == 6
    kessa.models[0].wounds = 5
    turn = Turn(state, 0)
    with dice(monkeypatch, 1):
        block(state, turn, kessa, Volley(hits=[Hit()], near=cell("K14")))
    assert kessa.down and kessa.placed and kessa.models[0].wounds == 6
    assert kessa in state.units
    from rules.grimdark.ai import closest_distance

    assert pick_closest(state, turn, foe, [h for h in state.units if h.side == "hero" and not h.down]).id == "orrin"
    assert closest_distance(state, foe) == pytest.approx(dist(cell("M14"), cell("M21")))
    orrin = find(state, "orrin")
    assert orrin.power == 5
    state, _said = play(state, 0, {"type": "revive", "hero": "orrin", "target": "kessa"})
    kessa = find(state, "kessa")
    assert not kessa.down and kessa.models[0].wounds == 3 and find(state, "orrin").power == 3
    # the same from 3.6" away is refused
    state2 = bare(battle("kessa+orrin+brannoc"))
    put_enemy(state2, "wardens", "A1", "B1", "C1")
    put_hero(state2, "kessa", "K20")
    put_hero(state2, "orrin", "M23")
    put_hero(state2, "brannoc", "K30")
    find(state2, "kessa").down = True
    refused(state2, 0, {"type": "revive", "hero": "orrin", "target": "kessa"}, r"3\.6\" away")


def test_scenario_06_charge_and_fatigue(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("ash+kessa"))
    battlefield(state, ["crates A1 1x1"])
    ash = put_hero(state, "ash", "K30")
    put_hero(state, "kessa", "AP40")
    wardens = put_enemy(state, "wardens", "K16")
    assert not charge_reach(state, wardens, ash), '14" is beyond a 12" charge'
    stalker = put_enemy(state, "stalker", "AA16")
    put_hero(state, "kessa", "AA30")
    assert charge_reach(state, stalker, find(state, "kessa")), 'Fast: 16"'
    # a hero charge: contact, the defender closes in, both strike, the charger steps back
    state = bare(battle("ash+kessa"))
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "ash", "K30")
    put_hero(state, "kessa", "AP40")
    brutes = put_enemy(state, "brutes", "K22", "L21")
    with dice(monkeypatch, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 2, 3, 4, 5, strict=False):
        state, said = play(state, 0, {"type": "charge", "hero": "ash", "target": brutes.id})
    brutes = find(state, "B1")
    ash = find(state, "ash")
    assert "strikes back" in said and "Melee" in said
    if not brutes.gone and not ash.down:
        assert all(dist(ash.models[0].cell, m.cell) >= 1.5 for m in brutes.alive()), 'chargers step back 1"'
        assert brutes.fatigued, "the defender struck back: fatigued until the end of the round"
        turn = Turn(state, 0)
        with dice(monkeypatch, 5, 6):
            hits = roll_hits(
                state, turn, brutes, content().weapons["brute-cleaver"], 2, ash, melee=True, fatigued=brutes.fatigued
            )
        assert len(hits) == 1, "fatigued: only the natural 6 hits"
        end_round(state, turn)
        assert not find(state, "B1").fatigued


def test_scenario_07_impact_counter_thrust(monkeypatch: pytest.MonkeyPatch) -> None:
    patch_hero(monkeypatch, "brannoc", rules=("impact:3",))
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    brannoc = put_hero(state, "brannoc", "K20")
    put_hero(state, "kessa", "AP40")
    cultists = put_enemy(state, "cultists", "K18", "L18")
    cultists.models += [Model(x=0, y=0, dead=True) for _ in range(3)]
    turn = Turn(state, 0)
    brannoc.models[0].x, brannoc.models[0].y = cell("K19")
    with dice(monkeypatch, 1, 1, 6, 6, 6, 6, 6, 6, 6, strict=False):
        fight(state, turn, brannoc, cultists)
    said = texts(turn.events)
    first = said.index("strikes first")
    assert first < said.index("Impact(3): 1 dice") < said.index("Power Maul")
    assert "2 Impact dice fewer" in said
    assert "+1 Thrust" in said
    # a fatigued charger rolls no Impact
    state = bare(battle())
    brannoc = put_hero(state, "brannoc", "K19")
    cultists = put_enemy(state, "cultists", "K18")
    brannoc.fatigued = True
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 1, 1, 1, 1, strict=False):
        fight(state, turn, brannoc, cultists)
    assert "fatigued: no Impact" in texts(turn.events)


def test_scenario_08_morale(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    put_hero(state, "kessa", "K30")
    gang = put_enemy(state, "scrappers", "K10", "L10", "M10", "K11", "L11", "M11")
    turn = Turn(state, 0)
    for m in gang.models[:3]:
        m.dead = True
    gang.took = 3
    with dice(monkeypatch, 2):
        end_of_activation(state, turn)
    assert gang.shaken and "morale test" in texts(turn.events)
    # Shaken: its next activation is spent idle, then it recovers
    turn = Turn(state, 0)
    activate(state, turn, gang)
    assert not gang.shaken and "stays idle" in texts(turn.events)
    # while Shaken it cannot seize objectives
    from rules.grimdark.state import Objective

    gang.shaken = True
    state.objectives = [Objective(id="O1", x=cell("L12")[0], y=cell("L12")[1])]
    seize(state, turn)
    assert state.objectives[0].holder == ""
    # a Tou 9+ monster takes D3 wounds instead (and its Regeneration rolls for them: two 1s)
    beast = put_enemy(state, "hive-beast", "AA10")
    with dice(monkeypatch, 1, 4, 1, 1):
        morale_test(state, turn, beast)
    assert not beast.shaken and beast.models[0].wounds == 2
    # Fearless: a failed test is held on a 4+
    cult = put_enemy(state, "cultists", "AF20", "AG20")
    with dice(monkeypatch, 2, 4):
        assert morale_test(state, turn, cult)
    # a Villain within 12" lends its Qua 3+
    archon = put_enemy(state, "archon", "L14")
    squad = put_enemy(state, "scrappers", "P14", "Q14")
    turn = Turn(state, 0)
    with dice(monkeypatch, 3):
        assert morale_test(state, turn, squad)
    assert "needs 3+" in texts(turn.events) and "Villain" in texts(turn.events)
    archon.shaken = True
    turn = Turn(state, 0)
    with dice(monkeypatch, 3):
        assert not morale_test(state, turn, squad)


def test_scenario_08_shaken_strikes_back_on_sixes(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("ash+kessa"))
    battlefield(state, ["crates A1 1x1"])
    ash = put_hero(state, "ash", "K20")
    put_hero(state, "kessa", "AP40")
    gang = put_enemy(state, "scrappers", "K18")
    gang.shaken = True
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 1, 1, 1, 1, 5, strict=False):
        fight(state, turn, ash, gang)
    assert "strikes back (fatigued: only 6s hit)" in texts(turn.events)


def test_scenario_09_ai_flowchart_and_order(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X40")
    put_hero(state, "brannoc", "AV48")
    far = put_enemy(state, "scrappers", "X20")
    near = put_enemy(state, "cultists", "X35")
    middle = put_enemy(state, "wardens", "X30")
    turn = Turn(state, 0)
    assert [u.id for u in activation_order(state, turn)] == [near.id, middle.id, far.id]
    # no hero in sight: Rush towards the AI Goal 8" away; 2" away: wait
    state = bare(battle())
    battlefield(state, ["ruin A20 48x2"])
    put_hero(state, "kessa", "X40")
    put_hero(state, "brannoc", "AA40")
    state.mission.goals = [cell("X10")]
    goer = put_enemy(state, "stalker", "X2")
    sitter = put_enemy(state, "wardens", "AA10")
    turn = Turn(state, 0)
    activate(state, turn, goer)
    activate(state, turn, sitter)
    said = texts(turn.events)
    assert "Rushes towards the AI Goal at X10" in said
    assert 'within 3" of its AI Goal X10 and waits' in said
    assert dist(goer.models[0].cell, cell("X10")) < 8
    # a hero in sight but out of reach even after moving: Rush towards the closest hero
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X47")
    put_hero(state, "brannoc", "A47")
    gang = put_enemy(state, "brutes", "X2", "Y2")
    turn = Turn(state, 0)
    activate(state, turn, gang)
    assert "Rushes towards Kessa Vale" in texts(turn.events)
    # unconscious heroes are ignored at every step
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X12")
    put_hero(state, "brannoc", "X40")
    find(state, "kessa").down = True
    wardens = put_enemy(state, "wardens", "X8")
    put_enemy(state, "scrappers", "X30")
    turn = Turn(state, 0)
    assert next(u.id for u in activation_order(state, turn)) == "S1"
    with dice(monkeypatch, *([4] * 30), strict=False):
        activate(state, turn, wardens)
    said = texts(turn.events)
    assert "Kessa" not in said.split("activates")[1]


def test_scenario_10_regeneration_and_its_counters(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    beast = put_enemy(state, "hive-beast", "K10")
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 1, 1, 1, 5, 6, 2, 3):
        block(state, turn, beast, Volley(hits=[Hit() for _ in range(4)], near=cell("K20")))
    assert beast.models[0].wounds == 2, "4 wounds, two 5+ regeneration rolls cancel two"
    for counter in ("bane", "rending", "unstoppable"):
        beast.models[0].wounds = 0
        turn = Turn(state, 0)
        with dice(monkeypatch, 1, 1, 1, 1):
            block(state, turn, beast, Volley(hits=[Hit(no_regen=True, bane=counter == "bane") for _ in range(4)]))
        assert beast.models[0].wounds == 4, counter
        assert "cannot regenerate" in texts(turn.events)
    # Bane: the defender re-rolls its natural 6s
    beast.models[0].wounds = 0
    turn = Turn(state, 0)
    with dice(monkeypatch, 6, 6, 2, 6):
        block(state, turn, beast, Volley(hits=[Hit(bane=True, no_regen=True), Hit(bane=True, no_regen=True)]))
    assert beast.models[0].wounds == 1 and "re-rolls 2 sixes" in texts(turn.events)


def test_scenario_11_deadly_and_blast(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    squad = put_enemy(state, "wardens", "K10", "L10", "M10", "K11", "L11")
    assert stats(state, squad).tou == 2
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 1):
        block(state, turn, squad, Volley(hits=[Hit(deadly=3), Hit()], near=cell("K20")))
    said = texts(turn.events)
    assert len(squad.alive()) == 4 and said.index("Deadly(3)") < said.rindex("Defence of")
    wounded = [m for m in squad.alive() if m.wounds]
    assert len(wounded) == 1 and wounded[0].wounds == 1, (
        "the normal wound: on a fresh model; the 3rd Deadly wound is lost"
    )
    # Blast(3) against a lone hero with another hero within 3": x2, split evenly
    state = bare(battle())
    kessa = put_hero(state, "kessa", "K20")
    put_hero(state, "brannoc", "M20")
    mortar = put_enemy(state, "mortars", "K2", "L2")
    turn = Turn(state, 0)
    with dice(monkeypatch, 1):
        shares = spread_blast(state, turn, mortar, kessa, [Hit(blast=3)])
    assert {k: len(v) for k, v in shares.items()} == {"kessa": 1, "brannoc": 1}
    assert all(not h.blast for v in shares.values() for h in v)


def test_scenario_12_jumping_and_falling(monkeypatch: pytest.MonkeyPatch) -> None:
    pieces = ["ruin I10 3x3", "ruin Q10 8x3", "ruin I20 3x3", "ruin M20 3x3", "ruin AB10 3x3", "ruin AL10 3x3"]

    def fresh() -> object:
        state = bare(battle())
        battlefield(state, pieces)
        put_enemy(state, "scrappers", "A47")
        put_hero(state, "brannoc", "AV1")
        return state

    # a 1" gap is ordinary movement: no dice
    state = fresh()
    put_hero(state, "kessa", "K21")
    with dice(monkeypatch):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "M21"})
    assert find(state, "kessa").models[0].cell == cell("M21")
    # a 5" gap: 2 Dex tests; passed, it does not count against the move (6" more on the far roof)
    state = fresh()
    put_hero(state, "kessa", "K11")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "W11"}, "jump:yes")
    with dice(monkeypatch, 5, 5):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "W11", "jump": True})
    assert find(state, "kessa").models[0].cell == cell("W11") and "2/2" in said
    # one failed test: it falls 4", 1 hit with AP(1), within 2" of the foot, and the activation ends
    state = fresh()
    kessa = put_hero(state, "kessa", "K11")
    kessa.policy = {"tests": "off", "fall": "off"}
    with dice(monkeypatch, 5, 2, 1):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "W11", "jump": True})
    kessa = find(state, "kessa")
    assert 'falls 4"' in said and "1 hit with AP(1)" in said and kessa.models[0].wounds == 1
    assert dist(kessa.models[0].cell, cell("L11")) <= 2 and kessa.activated
    # ...or it pays 2 power to catch the ledge, and the activation ends
    state = fresh()
    kessa = put_hero(state, "kessa", "K11")
    kessa.policy = {"tests": "off", "fall": "safe"}
    with dice(monkeypatch, 5, 2):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "W11", "jump": True})
    kessa = find(state, "kessa")
    assert kessa.models[0].cell == cell("K11") and kessa.power == 2 and kessa.activated
    # a 7" gap cannot be tried
    state = fresh()
    put_hero(state, "kessa", "AD11")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "AL11", "jump": True}, "cannot reach")
    # a Strider passes on 2+, a Flyer without a roll
    state = bare(battle("rook+brannoc"))
    battlefield(state, pieces)
    put_enemy(state, "scrappers", "A47")
    put_hero(state, "rook", "K11")
    with dice(monkeypatch, 2, 2):
        state, said = play(state, 0, {"type": "advance", "hero": "rook", "to": "Q11", "jump": True})
    assert find(state, "rook").models[0].cell == cell("Q11") and "Strider" in said
    patch_hero(monkeypatch, "kessa", rules=("flying",))
    state = fresh()
    put_hero(state, "kessa", "K11")
    with dice(monkeypatch):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "Q11"})
    assert find(state, "kessa").models[0].cell == cell("Q11")


def test_scenario_13_terrain(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("kessa+rook"))
    battlefield(state, ["rubble A19 48x1", "acid A29 48x1"])
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "kessa", "L22")
    put_hero(state, "rook", "P22")
    refused(state, 0, {"type": "rush", "hero": "kessa", "to": "L12"}, "cannot reach")
    state, _ = play(state, 0, {"type": "rush", "hero": "kessa", "to": "L16"})
    assert find(state, "kessa").models[0].cell == cell("L16"), '6" through difficult ground'
    # Strider ignores it
    state = bare(battle("rook+kessa"))
    battlefield(state, ["rubble A19 48x1", "acid A29 48x1"])
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "rook", "L22")
    put_hero(state, "kessa", "AV48")
    state, _ = play(state, 0, {"type": "rush", "hero": "rook", "to": "L12"})
    assert find(state, "rook").models[0].cell == cell("L12")
    # a Tou 3 hero crossing dangerous ground rolls 3 dice; two 1s are 2 wounds
    patch_hero(monkeypatch, "kessa", tou=3)
    state = bare(battle())
    battlefield(state, ["rubble A19 48x1", "acid A29 48x1"])
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "kessa", "L32")
    put_hero(state, "brannoc", "AV48")
    with dice(monkeypatch, 1, 4, 1):
        state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "L27"})
    assert find(state, "kessa").models[0].wounds == 2 and "[1, 4, 1]" in said
    # Flying ignores both
    patch_hero(monkeypatch, "kessa", rules=("flying",), tou=3)
    state = bare(battle())
    battlefield(state, ["rubble A19 48x1", "acid A29 48x1"])
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "kessa", "L32")
    put_hero(state, "brannoc", "AV48")
    with dice(monkeypatch):
        state, said = play(state, 0, {"type": "rush", "hero": "kessa", "to": "L20"})
    assert find(state, "kessa").models[0].wounds == 0


def test_scenario_14_casting(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("ysolde+kessa"))
    put_enemy(state, "scrappers", "A1")
    ysolde = find(state, "ysolde")
    ysolde.tokens = 0
    counts = []
    turn = Turn(state, 0)
    state.round = 0
    for _ in range(4):
        start_round(state, turn)
        counts.append(ysolde.tokens)
    assert counts == [2, 4, 6, 6]
    # value 2 with 2 extra tokens: a natural 2 casts, a natural 1 fails
    state = bare(battle("ysolde+kessa"))
    put_hero(state, "ysolde", "K30")
    put_hero(state, "kessa", "M30")
    foe = put_enemy(state, "scrappers", "K20", "L20")
    find(state, "ysolde").tokens = 6
    find(state, "kessa").models[0].wounds = 2
    with dice(monkeypatch, 2, 1):
        after, said = play(
            state, 0, {"type": "cast", "hero": "ysolde", "spell": "mending", "target": "kessa", "boost": 2}
        )
    assert "needs 2+ (from 4+, +2)" in said and "takes effect" in said and find(after, "kessa").models[0].wounds == 1
    find(state, "ysolde").policy = {"cast": "off"}
    with dice(monkeypatch, 1):
        after, said = play(
            state, 0, {"type": "cast", "hero": "ysolde", "spell": "mending", "target": "kessa", "boost": 2}
        )
    assert "fails" in said
    # a failed value-2 cast bought for 4 power
    find(state, "ysolde").policy = {"cast": "safe"}
    with dice(monkeypatch, 2, 1):
        after, said = play(state, 0, {"type": "cast", "hero": "ysolde", "spell": "mending", "target": "kessa"})
    assert find(after, "ysolde").power == 2 and "force Mending" in said
    _ = foe
    # an enemy caster within 18" and in sight gets -1 per token a hero spends
    state = bare(battle("ysolde+kessa"))
    put_hero(state, "ysolde", "K30")
    put_hero(state, "kessa", "M30")
    priest = put_enemy(state, "hex-priest", "K20")
    patch_unit(monkeypatch, "hex-priest", spells=("dark-bolt",))
    priest.tokens = 2
    ysolde = find(state, "ysolde")
    ysolde.tokens = 3
    ysolde.policy = {"dispel": "2"}
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 4):
        ai_cast(state, turn, priest)
    said = texts(turn.events)
    assert "spends 2 spell tokens against the cast" in said and "needs 5+ (from 4+, -1)" in said and "fizzles" in said
    assert priest.tokens == 0 and ysolde.tokens == 1
    # the AI picks a random spell, spends all its tokens, and casts nothing without a target
    state = bare(battle())
    put_hero(state, "kessa", "K45")
    put_hero(state, "brannoc", "M45")
    priest = put_enemy(state, "hex-priest", "K2")
    patch_unit(monkeypatch, "hex-priest", spells=("dark-bolt", "dark-mending"))
    priest.tokens = 3
    turn = Turn(state, 0)
    with dice(monkeypatch, 1):
        ai_cast(state, turn, priest)
    assert "has no target: nothing is cast" in texts(turn.events) and priest.tokens == 3


def test_scenario_15_status_conditions(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    kessa = put_hero(state, "kessa", "K30")
    kessa.statuses = ["afflicted"]
    kessa.policy = {"tests": "off"}
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "K28"}, "start")
    with dice(monkeypatch, 2):
        state, said = play(state, 0, {"type": "start", "hero": "kessa"})
    kessa = find(state, "kessa")
    assert kessa.models[0].wounds == 1 and kessa.statuses == ["afflicted"]
    # Crippled and failing the Dex test: Advance 3", Rush 6"
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    kessa = put_hero(state, "kessa", "K30")
    kessa.statuses = ["crippled"]
    kessa.policy = {"tests": "off"}
    with dice(monkeypatch, 2):
        state, said = play(state, 0, {"type": "start", "hero": "kessa"})
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "K26"}, r"Advance \(3\"\)")
    refused(state, 0, {"type": "rush", "hero": "kessa", "to": "K23"}, r"Rush \(6\"\)")
    state, said = play(state, 0, {"type": "advance", "hero": "kessa", "to": "K27"})
    # Diseased: 2 power paid is 2 wounds too
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    kessa = put_hero(state, "kessa", "K30")
    kessa.statuses = ["diseased"]
    kessa.policy = {"tests": "off"}
    with dice(monkeypatch, 2):
        state, said = play(state, 0, {"type": "start", "hero": "kessa"})
    state, said = play(state, 0, {"type": "hold", "hero": "kessa"})
    state, said = play(state, 0, {"type": "hold", "hero": "kessa"})
    kessa = find(state, "kessa")
    assert kessa.power == 2 and kessa.models[0].wounds == 2 and "Disease" in said
    # Impaired: pay D3 power (a roll of 3 or 4 is 2) to clear the -1
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    kessa = put_hero(state, "kessa", "K30")
    kessa.statuses = ["impaired"]
    with dice(monkeypatch, 4):
        state, said = play(state, 0, {"type": "start", "hero": "kessa"})
    kessa = find(state, "kessa")
    assert kessa.power == 2 and kessa.statuses == [] and "D3" in said
