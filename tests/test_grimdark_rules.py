"""Checklist section 1, item by item where the scenarios leave a gap (item numbers in the test names)."""

from __future__ import annotations

import pytest

from rules.core import RuleError, Turn
from rules.grimdark import SYSTEM as G
from rules.grimdark.ai import activate
from rules.grimdark.combat import fire, roll_hits, unit_in_cover
from rules.grimdark.content import Weapon, content
from rules.grimdark.dice import d3
from rules.grimdark.grid import dist, grid_for, inch, touching
from rules.grimdark.melee import fight
from rules.grimdark.moves import allowance, push
from rules.grimdark.rounds import end_round, seize, settle, start_round
from rules.grimdark.state import Goal, Objective, Token
from rules.grimdark.units import find, grid_of

from .test_grimdark_support import (
    bare,
    battle,
    battlefield,
    cell,
    dice,
    patch_hero,
    play,
    put_enemy,
    put_hero,
    refused,
    texts,
)


def weapon(**kw: object) -> Weapon:
    base = {"key": "w", "name": "Test Gun", "range": 24, "attacks": 1, "ap": 0, "rules": ()}
    base.update(kw)
    return Weapon(**base)  # type: ignore[arg-type]


# -- 1.1 dice ----------------------------------------------------------------------------------------------


def test_05_extra_hits_from_sixes_are_plain_hits(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    foe = put_enemy(state, "cultists", "K10")
    turn = Turn(state, 0)
    with dice(monkeypatch, 6):
        hits = roll_hits(state, turn, find(state, "kessa"), weapon(rules=("surge", "rending")), 1, foe)
    assert [h.ap for h in hits] == [4, 0], "only the natural 6 itself gets Rending's AP(+4)"


def test_06_d3_is_half_a_die_rounded_up(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 2, 3, 4, 5, 6):
        assert [d3(turn, "x") for _ in range(6)] == [1, 1, 2, 2, 3, 3]


def test_07_house_rules_are_table_options_with_defaults() -> None:
    options = {o.name: o for o in G.options()}
    for name, default in (("exhaustion", "whole"), ("double_skill", "yes"), ("morale", "every"), ("dangerous", "tou")):
        assert options[name].default == default and options[name].help
    with pytest.raises(RuleError, match="must be one of"):
        G.setup(["a"], {"exhaustion": "maybe"}, 1)


def test_07_exhaustion_shortfall_and_double_skill_off(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle(exhaustion="shortfall", double_skill="no"))
    battlefield(state, ["crates A1 1x1"])
    foe = put_enemy(state, "scrappers", "X20")
    put_hero(state, "kessa", "X30")
    kessa = find(state, "kessa")
    kessa.power = 1
    kessa.policy = {"tests": "always"}
    turn = Turn(state, 0)
    from rules.grimdark.dice import stat_test

    with dice(monkeypatch, 2):
        assert stat_test(state, turn, kessa, "str")
    assert kessa.power == 0 and kessa.models[0].wounds == 1, "pays its last power, a wound for the rest"
    kessa.power = 4
    with dice(monkeypatch, 6, 6):
        state, _ = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "aimed-shot"})
        state, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "mark-target", "target": foe.id})
    assert "pays 2 power for an extra action" in said, "double_skill=no: a second Skill is the paid extra action"


# -- 1.2 setup -------------------------------------------------------------------------------------------------


def test_08_the_party_has_two_to_four_heroes_and_a_solo_player_runs_them_all() -> None:
    with pytest.raises(RuleError, match="2 to 4 heroes"):
        G.setup(["a"], {"heroes": "1"}, 1)
    with pytest.raises(RuleError, match="2 to 4 heroes"):
        G.setup(["a"], {"heroes": "kessa+orrin+ash+rook+dray"}, 1)
    with pytest.raises(RuleError, match="no hero 'bob'"):
        G.setup(["a"], {"heroes": "kessa+bob"}, 1)
    state = G.setup(["solo"], {"heroes": "4"}, 1)
    assert {h.seat for h in state.units if h.side == "hero"} == {0} and len(state.party) == 4
    state = G.setup(["a", "b", "c"], {}, 1)
    assert sorted(h.seat for h in state.units if h.side == "hero") == [0, 1, 2]


def test_11_the_half_table_halves_every_distance() -> None:
    state = battle(table="half")
    assert grid_of(state).size == 24
    assert allowance(state, find(state, "kessa"), "advance") == 3.0
    assert allowance(state, find(state, "kessa"), "rush") == 6.0
    assert inch(True, 12) == 6
    full, half = grid_for("outpost", False), grid_for("outpost", True)
    assert full.h(cell("W22")) == 6 and half.h((11, 10)) == 3


def test_15_enemy_ambushers_arrive_within_six_inches_of_a_goal() -> None:
    state = battle("kessa+orrin+ash+rook", scenario="vault")
    stalker = next(u for u in state.units if u.kind == "stalker")
    assert not stalker.placed and 2 <= stalker.due <= 4
    public = G.view(state, None)
    assert all(u.kind != "stalker" for u in public.units), "an unseen ambusher is hidden"
    turn = Turn(state, 0)
    state.round = stalker.due - 1
    start_round(state, turn)
    assert stalker.placed and "from ambush" in texts(turn.events)
    assert min(dist(stalker.models[0].cell, g) for g in state.mission.goals) <= 6
    assert any("ambush of K1" in r for r in turn.revealed)


def test_16_waves_arrive_on_their_round_and_stay_secret_until_then() -> None:
    state = battle()
    wave = state.waves[0]
    assert wave.round >= 2 and wave.units == ["brutes"]
    assert G.view(state, None).waves[0].units == []
    turn = Turn(state, 0)
    state.round = wave.round - 1
    start_round(state, turn)
    assert any(u.kind == "brutes" and u.placed for u in state.units)
    assert "A wave arrives: Reaver Brutes" in texts(turn.events)


# -- 1.3 / 1.4 rounds and activations ------------------------------------------------------------------------


def test_17_18_the_enemy_acts_after_the_last_hero_each_unit_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X45")
    put_hero(state, "brannoc", "AD45")
    put_enemy(state, "scrappers", "X5")
    put_enemy(state, "cultists", "AD9")
    state, said = play(state, 0, {"type": "done", "hero": "kessa"})
    assert "the enemy acts" not in said
    with dice(monkeypatch, *([3] * 40), strict=False):
        state, said = play(state, 0, {"type": "done", "hero": "brannoc"})
    assert said.count("activates at") == 2 and "Round 2 of 10 begins" in said
    assert state.round == 2 and not any(u.activated for u in state.units)


def test_30_a_shaken_hero_stays_idle_then_recovers() -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    find(state, "kessa").shaken = True
    refused(state, 0, {"type": "hold", "hero": "kessa"}, "Shaken and must stay idle")
    refused(state, 0, {"type": "skill", "hero": "kessa", "skill": "aimed-shot"}, "Shaken")
    state, said = play(state, 0, {"type": "done", "hero": "kessa"})
    assert not find(state, "kessa").shaken and "no longer Shaken" in said


def test_30_unconscious_heroes_cannot_act() -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    find(state, "kessa").down = True
    find(state, "kessa").models[0].wounds = 6
    refused(state, 0, {"type": "rest", "hero": "kessa"}, "unconscious")


# -- 1.5 movement ----------------------------------------------------------------------------------------------


def test_33_34_fast_and_slow(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("ash+kessa"))
    ash = find(state, "ash")
    assert (allowance(state, ash, "advance"), allowance(state, ash, "rush"), allowance(state, ash, "charge")) == (
        8,
        16,
        16,
    )
    beast = put_enemy(state, "hive-beast", "A1")
    assert (allowance(state, beast, "advance"), allowance(state, beast, "rush")) == (4, 8)


def test_36_an_immobile_unit_only_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X30")
    put_hero(state, "brannoc", "AV48")
    mortars = put_enemy(state, "mortars", "X2", "Y2")
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 1, strict=False):
        activate(state, turn, mortars)
    assert "Immobile: it holds and shoots" in texts(turn.events)
    assert [m.cell for m in mortars.alive()] == [cell("X2"), cell("Y2")]


def test_41_enemy_groups_keep_together() -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X45")
    put_hero(state, "brannoc", "AV48")
    state.mission.goals = [cell("X30")]
    gang = put_enemy(state, "scrappers", "T2", "U2", "V2", "W2", "X2")
    turn = Turn(state, 0)
    activate(state, turn, gang)
    cells = [m.cell for m in gang.alive()]
    assert cells != [cell(c) for c in ("T2", "U2", "V2", "W2", "X2")]
    for c in cells:
        assert any(touching(c, o) for o in cells if o != c), "each member touches another"
        assert all(dist(c, o) <= 3 for o in cells), 'and is within 3" of all'


def test_40_starting_on_dangerous_ground_rolls_before_acting(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["acid K30 3x3"])
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "kessa", "L31")
    refused(state, 0, {"type": "hold", "hero": "kessa"}, "start")
    with dice(monkeypatch, 1, 2, 3, 4, 5, 6):
        state, said = play(state, 0, {"type": "start", "hero": "kessa"})
    assert find(state, "kessa").models[0].wounds == 1 and "starts on dangerous ground" in said


def test_46_89_pushed_off_a_ledge_a_model_of_a_group_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["ruin K10 4x3"])
    kessa = put_hero(state, "kessa", "K11")
    put_hero(state, "brannoc", "AV48")
    gang = put_enemy(state, "scrappers", "N11", "N10", "N12")
    turn = Turn(state, 0)
    with dice(monkeypatch, 6):
        push(state, turn, kessa, gang, 2)
    assert len(gang.alive()) == 1 and texts(turn.events).count("goes over the edge and is lost") == 2
    # a single model falls: a hit, and it lands near the foot
    state = bare(battle())
    battlefield(state, ["ruin K10 6x3"])
    kessa = put_hero(state, "kessa", "M11")
    put_hero(state, "brannoc", "AV48")
    lone = put_enemy(state, "stalker", "O11")
    turn = Turn(state, 0)
    with dice(monkeypatch, 1):
        push(state, turn, kessa, lone, 2)
    assert grid_of(state).h(lone.models[0].cell) == 0 and "1 hit with AP(1)" in texts(turn.events)


# -- 1.6 shooting ---------------------------------------------------------------------------------------------


def test_54_reliable_hits_on_two(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("orrin+kessa"))
    foe = put_enemy(state, "cultists", "K10")
    turn = Turn(state, 0)
    with dice(monkeypatch, 2):
        assert len(roll_hits(state, turn, find(state, "orrin"), weapon(rules=("reliable",)), 1, foe)) == 1
    assert "hit on 2+" in texts(turn.events)


def test_55_indirect_fire(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("tamsin+kessa"))
    battlefield(state, ["ruin K20 10x2", "crates A1 1x1"])
    tamsin = put_hero(state, "tamsin", "O30")
    put_hero(state, "kessa", "AV48")
    foe = put_enemy(state, "cultists", "O18", "P18")
    from rules.grimdark.combat import shooters

    assert shooters(state, tamsin, foe)
    assert all(w.key == "frag-launcher" for _, w in shooters(state, tamsin, foe)), "only Indirect reaches out of sight"
    assert not unit_in_cover(grid_of(state), cell("O30"), foe, obstructions=False)
    assert unit_in_cover(grid_of(state), cell("O30"), foe, obstructions=True)
    turn = Turn(state, 0)
    with dice(monkeypatch, 1):
        roll_hits(state, turn, tamsin, content().weapons["frag-launcher"], 1, foe, moved=True)
    assert "-1 Indirect after moving" in texts(turn.events)


def test_56_57_stealth_and_relentless_beyond_nine_inches(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("rook+kessa"))
    rook = find(state, "rook")
    stalker = put_enemy(state, "stalker", "K10")
    turn = Turn(state, 0)
    with dice(monkeypatch, 6):
        hits = roll_hits(state, turn, rook, content().weapons["longshot-rifle"], 1, stalker, far=True)
    assert len(hits) == 2 and "-1 Stealth" in texts(turn.events)
    turn = Turn(state, 0)
    with dice(monkeypatch, 6):
        hits = roll_hits(state, turn, rook, content().weapons["longshot-rifle"], 1, stalker, far=False)
    assert len(hits) == 1 and "Stealth" not in texts(turn.events)


def test_61_unstoppable_ignores_negative_modifiers(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("ysolde+kessa"))
    ysolde = find(state, "ysolde")
    ysolde.statuses = ["impaired"]
    stalker = put_enemy(state, "stalker", "K10")
    turn = Turn(state, 0)
    with dice(monkeypatch, 4):
        hits = roll_hits(state, turn, ysolde, content().weapons["null-pistol"], 1, stalker, far=True)
    assert len(hits) == 1 and "Impaired" not in texts(turn.events)


def test_48_a_whole_unit_fires_every_weapon_that_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    kessa = put_hero(state, "kessa", "X30")
    put_hero(state, "brannoc", "AV48")
    gang = put_enemy(state, "scrappers", "X22", "Y22", "Z22", "X2")
    turn = Turn(state, 0)
    with dice(monkeypatch, 1, 1, 1):
        fire(state, turn, gang, kessa, moved=False)
    assert "3 attacks with Scrap Pistol" in texts(turn.events), 'the model 28" away is out of range'


# -- 1.8 melee --------------------------------------------------------------------------------------------------


def test_74_furious_adds_a_hit_on_sixes_when_charging(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle("ash+kessa"))
    foe = put_enemy(state, "cultists", "K10")
    turn = Turn(state, 0)
    chain = content().weapons["chainblade"]
    with dice(monkeypatch, 6, 6):
        assert len(roll_hits(state, turn, find(state, "ash"), chain, 1, foe, melee=True, charging=True)) == 2
        assert len(roll_hits(state, turn, find(state, "ash"), chain, 1, foe, melee=True, charging=False)) == 1


def test_85_fear_counts_extra_wounds_for_morale(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    kessa = put_hero(state, "kessa", "K20")
    put_hero(state, "brannoc", "AV48")
    brutes = put_enemy(state, "brutes", "K18")
    turn = Turn(state, 0)
    with dice(monkeypatch, 6, 4, 4, 1, 1, 1, 1, 1, strict=False):
        fight(state, turn, brutes, kessa)
    assert kessa.fear >= 1 and "Fear: Reaver Brutes B1 counts as 1 wound more" in texts(turn.events)


# -- 1.10 skills -----------------------------------------------------------------------------------------------


def test_89_push_shoves_two_inches_away(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "brannoc", "K20")
    put_hero(state, "kessa", "AV48")
    foe = put_enemy(state, "stalker", "K18")
    with dice(monkeypatch, 6):
        state, _said = play(state, 0, {"type": "skill", "hero": "brannoc", "skill": "push", "target": foe.id})
    assert find(state, "K1").models[0].cell == cell("K16")


def test_90_scurry_moves_only_as_far_as_the_d3(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "K30")
    put_hero(state, "brannoc", "AV48")
    put_enemy(state, "scrappers", "A1")
    with dice(monkeypatch, 6, 1):
        state, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "scurry", "target": "K27"})
    assert find(state, "kessa").models[0].cell == cell("K29") and "only as far as K29" in said


# -- 1.13 the AI ------------------------------------------------------------------------------------------------


def test_104_charge_or_shoot_by_expected_damage(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X30")
    put_hero(state, "brannoc", "AV48")
    brutes = put_enemy(state, "brutes", "X22", "Y22")
    turn = Turn(state, 0)
    with dice(monkeypatch, *([2] * 40), strict=False):
        activate(state, turn, brutes)
    assert "Charges Kessa Vale" in texts(turn.events)
    state = bare(battle())
    battlefield(state, ["crates A1 1x1"])
    put_hero(state, "kessa", "X30")
    put_hero(state, "brannoc", "AV48")
    wardens = put_enemy(state, "wardens", "X22", "Y22", "Z22")
    turn = Turn(state, 0)
    with dice(monkeypatch, *([2] * 40), strict=False):
        activate(state, turn, wardens)
    assert "Advances to shoot Kessa Vale" in texts(turn.events)


# -- 1.15 mission rules ---------------------------------------------------------------------------------------


def test_112_seizing_objectives() -> None:
    state = bare(battle())
    put_hero(state, "kessa", "K20")
    put_hero(state, "brannoc", "AV48")
    gang = put_enemy(state, "scrappers", "K14")
    state.objectives = [Objective(id="O1", x=cell("K18")[0], y=cell("K18")[1])]
    turn = Turn(state, 0)
    seize(state, turn)
    assert state.objectives[0].holder == "heroes"
    gang.models[0].x, gang.models[0].y = cell("K16")
    seize(state, turn)
    assert state.objectives[0].holder == "heroes", "contested: it stays with its holder"
    find(state, "kessa").models[0].x, find(state, "kessa").models[0].y = cell("K30")
    seize(state, turn)
    assert state.objectives[0].holder == "ai"


@pytest.mark.parametrize("kind", ["seize", "retrieve", "slay", "survive"])
def test_115_win_and_loss_come_from_the_mission(kind: str) -> None:
    state = bare(battle())
    put_hero(state, "kessa", "X45")
    put_hero(state, "brannoc", "AB45")
    foe = put_enemy(state, "archon", "X5")
    turn = Turn(state, 0)
    state.mission.rounds = 6
    if kind == "seize":
        state.mission.goal = Goal(kind="seize", count=1, start=1)
        state.objectives = [Objective(id="O1", x=cell("X43")[0], y=cell("X43")[1])]
        end_round(state, turn)
    elif kind == "retrieve":
        state.mission.goal = Goal(kind="retrieve")
        find(state, "kessa").items = ["data-core"]
        settle(state, turn)
    elif kind == "slay":
        state.mission.goal = Goal(kind="slay", unit=foe.id)
        foe.models[0].dead = True
        settle(state, turn)
    else:
        state.mission.goal = Goal(kind="survive")
        state.round = 6
        end_round(state, turn)
    assert state.verdict == "win", texts(turn.events)
    lost = bare(battle())
    put_enemy(lost, "archon", "X5")
    lost.mission.rounds = 3
    lost.round = 3
    lost.mission.goal = Goal(kind=kind, count=1, unit="V9")
    if kind == "survive":
        for hero in [u for u in lost.units if u.side == "hero"]:
            hero.down = True
    end_round(lost, Turn(lost, 0))
    assert lost.verdict == "loss"


def test_115_every_hero_down_loses() -> None:
    state = bare(battle())
    put_enemy(state, "archon", "X5")
    for hero in [u for u in state.units if u.side == "hero"]:
        hero.down = True
    turn = Turn(state, 0)
    settle(state, turn)
    assert state.verdict == "loss" and "every hero is down" in texts(turn.events)


def test_111_search_tokens_hide_their_contents_until_revealed(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "A1")
    put_hero(state, "kessa", "K30")
    state.tokens = [Token(id="T1", x=cell("K28")[0], y=cell("K28")[1], content="trap")]
    assert G.view(state, 0).tokens[0].content == "?"
    with dice(monkeypatch, 6):
        after, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    assert "a trap" in said and not after.tokens[0].taken, "revealed from afar, it stays (see test_discover_*)"


def test_patched_profiles_are_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    patch_hero(monkeypatch, "kessa", tou=3)
    assert content().heroes["kessa"].tou == 3
