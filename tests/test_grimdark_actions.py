"""Every Grimdark command: a legal case, and forbidden cases refused with a clear sentence, state untouched."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.grimdark import SYSTEM as G
from rules.grimdark.state import Token
from rules.grimdark.units import find

from .test_grimdark_support import bare, battle, battlefield, cell, dice, play, put_enemy, put_hero, refused


def arena(heroes: str = "kessa+orrin", **options: str):
    state = bare(battle(heroes, **options))
    battlefield(state, ["crates A1 1x1", "rubble A30 2x2"])
    return state


def test_garbage_is_refused_with_the_names_that_work() -> None:
    state = arena()
    put_enemy(state, "scrappers", "X10")
    put_hero(state, "kessa", "X40")
    refused(state, 0, {"type": "dance", "hero": "kessa"}, "not a Grimdark command. Commands: advance, answer, arrive")
    refused(state, 0, {"type": "hold", "hero": "zed"}, "no hero 'zed'. Heroes: kessa, orrin")
    refused(state, 0, {"type": "hold", "hero": 5}, "must be a name")
    refused(state, 0, {"type": "hold", "hero": "kessa", "shoot": "Q9"}, "no enemy unit 'Q9'.*Enemy units: S1")
    refused(
        state,
        0,
        {"type": "advance", "hero": "kessa", "to": "ZZ99"},
        "not a cell of this table: cells run from A1 to AV48",
    )
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "X39", "jump": "maybe"}, "yes or no")
    refused(
        state, 0, {"type": "skill", "hero": "kessa", "skill": "fireball"}, "no skill 'fireball'. Its skills: discover"
    )
    refused(state, 0, {"type": "cast", "hero": "kessa", "spell": "psy-bolt"}, "not a caster")
    with pytest.raises(RuleError, match="not an action"):
        G.apply(state, 0, "advance")  # type: ignore[arg-type]


def test_another_players_hero_is_refused() -> None:
    state = bare(battle(seats=2))
    put_enemy(state, "scrappers", "X10")
    refused(state, 1, {"type": "rest", "hero": "kessa"}, "played by p0")


def test_start_is_needed_only_with_something_to_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    put_enemy(state, "scrappers", "X10")
    refused(state, 0, {"type": "start", "hero": "kessa"}, "nothing to roll first")
    find(state, "kessa").statuses = ["crippled"]
    with dice(monkeypatch, 6):
        after, said = play(state, 0, {"type": "start", "hero": "kessa"})
    assert "no longer Crippled" in said
    refused(after, 0, {"type": "start", "hero": "kessa"}, "already started")


def test_done_ends_an_activation_and_mid_activation_others_wait() -> None:
    state = arena()
    put_enemy(state, "scrappers", "X5")
    put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "AD40")
    state, _ = play(state, 0, {"type": "advance", "hero": "kessa", "to": "X38"})
    refused(state, 0, {"type": "hold", "hero": "orrin"}, "in the middle of its activation: finish it first")
    state, said = play(state, 0, {"type": "done", "hero": "kessa"})
    assert "ends its activation" in said and find(state, "kessa").activated
    refused(state, 0, {"type": "done", "hero": "kessa"}, "already activated")


def test_hold_shoots_only_what_it_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    near = put_enemy(state, "scrappers", "X30")
    far = put_enemy(state, "cultists", "X2")
    put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "AD40")
    refused(state, 0, {"type": "hold", "hero": "kessa", "shoot": far.id}, "out of range or out of sight")
    refused(state, 0, {"type": "hold", "hero": "kessa", "limited": True}, "only goes with shoot")
    with dice(monkeypatch, 1, 1, 1):
        state, said = play(state, 0, {"type": "hold", "hero": "kessa", "shoot": near.id})
    assert "Storm Carbine" in said


def test_limited_weapons_fire_once_per_mission(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena("tamsin+kessa")
    foe = put_enemy(state, "brutes", "X36")
    put_hero(state, "tamsin", "X40")
    put_hero(state, "kessa", "AD45")
    with dice(monkeypatch, 1, 1, 1, 1, 1, strict=False):
        state, said = play(state, 0, {"type": "hold", "hero": "tamsin", "shoot": foe.id, "limited": True})
    assert "Melta Charge" in said
    assert "melta-charge" in find(state, "tamsin").limited
    refused(state, 0, {"type": "hold", "hero": "tamsin", "shoot": foe.id, "limited": True}, "no Limited weapon left")


def test_advance_and_rush(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    foe = put_enemy(state, "scrappers", "X20")
    put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "AD40")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "X30"}, r"cannot reach X30 this Advance \(6\"\)")
    refused(state, 0, {"type": "rush", "hero": "kessa", "to": "X30", "shoot": foe.id}, "A Rush cannot shoot")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "AD40"}, "taken by Orrin Hale")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "AC39"}, 'within 1" of Orrin Hale')
    state, _said = play(state, 0, {"type": "rush", "hero": "kessa", "to": "X29"})
    assert find(state, "kessa").models[0].cell == cell("X29")


def test_the_one_inch_rule_keeps_moves_off_enemies() -> None:
    state = arena()
    put_enemy(state, "scrappers", "X35")
    put_hero(state, "kessa", "X40")
    refused(state, 0, {"type": "advance", "hero": "kessa", "to": "X36"}, 'within 1" of Scrapper Gang S1')


def test_charge_needs_reach_and_a_melee_weapon(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    foe = put_enemy(state, "scrappers", "X20")
    put_hero(state, "kessa", "X40")
    refused(
        state, 0, {"type": "charge", "hero": "kessa", "target": foe.id}, r"out of Kessa Vale's charge reach \(12\"\)"
    )
    refused(state, 0, {"type": "charge", "hero": "kessa", "target": foe.id, "to": "X30"}, "not in base contact")
    put_hero(state, "kessa", "X31")
    with dice(monkeypatch, *([3] * 20), strict=False):
        state, said = play(state, 0, {"type": "charge", "hero": "kessa", "target": foe.id})
    assert "charges" in said and "Melee" in said


def test_skills_need_their_targets_in_range(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    foe = put_enemy(state, "scrappers", "X25")
    put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "AD40")
    state.tokens = [Token(id="T1", x=cell("X30")[0], y=cell("X30")[1], content="item:medkit")]
    refused(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"}, 'more than 6"')
    refused(
        state,
        0,
        {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T9"},
        "no search token 'T9'. Tokens: T1",
    )
    refused(state, 0, {"type": "skill", "hero": "kessa", "skill": "push", "target": foe.id}, 'more than 3"')
    refused(state, 0, {"type": "skill", "hero": "orrin", "skill": "patch-up", "target": "kessa"}, 'more than 3"')
    refused(state, 0, {"type": "skill", "hero": "orrin", "skill": "stim-shot", "target": "orrin"}, "another hero")
    refused(state, 0, {"type": "skill", "hero": "kessa", "skill": "scurry", "target": "X30"}, "cannot reach X30")
    with dice(monkeypatch, 6):
        state, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "mark-target", "target": foe.id})
    assert "marked" in said and "marked" in find(state, "S1").buffs


def test_a_hero_skill_that_fails_costs_one_power_and_still_works(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    put_enemy(state, "scrappers", "X5")
    put_hero(state, "kessa", "X40")
    with dice(monkeypatch, 2):
        state, _said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "aimed-shot"})
    assert find(state, "kessa").power == 3 and "aim" in find(state, "kessa").buffs


def test_discover_from_afar_tests_wil_and_within_one_inch_picks_up(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    put_enemy(state, "scrappers", "A5")
    put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "AD40")
    state.tokens = [Token(id="T1", x=cell("X36")[0], y=cell("X36")[1], content="item:medkit")]
    with dice(monkeypatch, 5):
        after, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    assert "Wil test" in said and "holds: a Medi-Kit" in said and not after.tokens[0].taken
    refused(after, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"}, 'come within 1"')
    put_hero(state, "kessa", "X37")
    with dice(monkeypatch):
        after, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    assert "no test needed" in said and find(after, "kessa").items == ["medkit"] and after.tokens[0].taken


def test_use_give_take(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena()
    put_enemy(state, "scrappers", "A5")
    kessa = put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "Z41")
    kessa.items = ["medkit", "plate-armour"]
    kessa.models[0].wounds = 3
    refused(state, 0, {"type": "use", "hero": "kessa", "item": "plate-armour"}, "only consumables")
    refused(state, 0, {"type": "use", "hero": "kessa", "item": "grenade"}, "carries no 'grenade'. It carries: medkit")
    with dice(monkeypatch, 6):
        after, _ = play(state, 0, {"type": "use", "hero": "kessa", "item": "medkit"})
    assert find(after, "kessa").models[0].wounds == 0 and find(after, "kessa").items == ["plate-armour"]
    after, _ = play(state, 0, {"type": "give", "hero": "kessa", "item": "medkit", "to": "orrin"})
    assert find(after, "orrin").items == ["medkit"]
    refused(state, 0, {"type": "give", "hero": "kessa", "item": "medkit", "to": "kessa"}, "another hero")
    refused(state, 0, {"type": "take", "hero": "orrin", "item": "medkit", "from": "kessa"}, "Only an unconscious hero")
    find(state, "kessa").down = True
    put_hero(state, "orrin", "Y41")
    after, _said = play(state, 0, {"type": "take", "hero": "orrin", "item": "medkit", "from": "kessa"})
    assert find(after, "orrin").items == ["medkit"]


def test_revive_needs_an_unconscious_hero() -> None:
    state = arena()
    put_enemy(state, "scrappers", "A5")
    put_hero(state, "kessa", "X40")
    put_hero(state, "orrin", "Z41")
    refused(state, 0, {"type": "revive", "hero": "orrin", "target": "kessa"}, "not unconscious")


def test_cast_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena("ysolde+kessa")
    foe = put_enemy(state, "scrappers", "X30")
    put_hero(state, "ysolde", "X40")
    put_hero(state, "kessa", "AD40")
    ysolde = find(state, "ysolde")
    ysolde.tokens = 1
    refused(state, 0, {"type": "cast", "hero": "ysolde", "spell": "terror", "target": foe.id}, "needs 2 spell tokens")
    refused(state, 0, {"type": "cast", "hero": "ysolde", "spell": "psy-bolt", "target": foe.id, "boost": 9}, "0 to 6")
    refused(state, 0, {"type": "cast", "hero": "ysolde", "spell": "nova"}, "no spell 'nova'. Spells: psy-bolt")
    ysolde.tokens = 4
    with dice(monkeypatch, 1):
        state, _ = play(state, 0, {"type": "cast", "hero": "ysolde", "spell": "psy-bolt", "target": foe.id})
    refused(state, 0, {"type": "cast", "hero": "ysolde", "spell": "psy-bolt", "target": foe.id}, "already been tried")
    with dice(monkeypatch, 1, 1):
        state, _said = play(state, 0, {"type": "hold", "hero": "ysolde", "shoot": foe.id})
    refused(state, 0, {"type": "cast", "hero": "ysolde", "spell": "binding", "target": foe.id}, "before attacking")


def test_deploy_ready_and_scouts() -> None:
    state = G.setup(["p0"], {"scenario": "landing", "heroes": "rook+kessa"}, 3)
    refused(state, 0, {"type": "hold", "hero": "rook"}, "still deploying")
    refused(state, 0, {"type": "deploy", "hero": "kessa", "to": "X20"}, "outside the deployment zone")
    refused(state, 0, {"type": "deploy", "hero": "kessa", "to": "reserve"}, "no Ambush")
    refused(state, 0, {"type": "deploy", "hero": "rook", "to": "X20"}, 'within 12" of the deployment zone')
    after, _ = play(state, 0, {"type": "deploy", "hero": "rook", "to": "X33"})
    assert find(after, "rook").models[0].cell == cell("X33")
    after, _ = play(after, 0, {"type": "deploy", "hero": "rook", "to": "reserve"})
    assert not find(after, "rook").placed
    after, _said = play(after, 0, {"type": "ready"})
    assert after.phase == "battle" and after.round == 1
    refused(after, 0, {"type": "ready"}, "deployment and the camp")


def test_an_ambushing_hero_arrives_from_round_two_far_from_enemies(monkeypatch: pytest.MonkeyPatch) -> None:
    state = G.setup(["p0"], {"scenario": "landing", "heroes": "rook+kessa"}, 3)
    state, _ = play(state, 0, {"type": "deploy", "hero": "rook", "to": "reserve"})
    state, _ = play(state, 0, {"type": "ready"})
    refused(state, 0, {"type": "arrive", "hero": "rook", "to": "C40"}, "from round 2")
    bare(state)
    put_enemy(state, "scrappers", "C30")
    state.round = 2
    refused(state, 0, {"type": "arrive", "hero": "rook", "to": "C38"}, 'more than 9" from every enemy')
    after, said = play(state, 0, {"type": "arrive", "hero": "rook", "to": "C45"})
    assert find(after, "rook").placed and "springs from ambush" in said
    after, said = play(state, 0, {"type": "done", "hero": "rook"})
    assert "stays in reserve" in said


def test_policies_are_free_standing_orders() -> None:
    state = arena()
    put_enemy(state, "scrappers", "A5")
    after, _said = play(state, 0, {"type": "policy", "hero": "kessa", "key": "tests", "value": "always"})
    assert find(after, "kessa").policy["tests"] == "always"
    refused(
        state,
        0,
        {"type": "policy", "hero": "kessa", "key": "luck", "value": "on"},
        "no standing order 'luck'. Orders: tests",
    )
    refused(
        state, 0, {"type": "policy", "hero": "kessa", "key": "tests", "value": "maybe"}, "one of: off, safe, always"
    )


def test_train_at_camp_only() -> None:
    state = arena()
    put_enemy(state, "scrappers", "A5")
    refused(state, 0, {"type": "train", "hero": "kessa", "advance": "power"}, "at camp")
    state.phase = "camp"
    state.party[0].xp = 2
    refused(state, 0, {"type": "train", "hero": "kessa", "advance": "qua"}, "costs 4 XP")
    refused(state, 0, {"type": "train", "hero": "kessa", "advance": "wings"}, "no advance 'wings'. Advances: power")
    state.party[0].xp = 3
    refused(state, 0, {"type": "train", "hero": "kessa", "advance": "skill"}, "Say which skill to learn: shield-wall")
    state.party[0].xp = 2
    after, _said = play(state, 0, {"type": "train", "hero": "kessa", "advance": "power"})
    assert after.party[0].advances == ["power"] and after.party[0].xp == 0


def test_every_refusal_leaves_the_state_alone_and_legal_agrees() -> None:
    """Whatever legal() offers is accepted; a few illegal variants of each are refused."""
    state = battle("kessa+orrin+ysolde")
    for action in G.legal(state, 0)[:40]:
        G.apply(state, 0, action)


def test_the_ask_order_puts_the_question_to_the_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """With order tests=ask a failed common-skill test waits for the player's answer (cast=ask likewise)."""
    state = arena()
    put_enemy(state, "scrappers", "A5")
    put_hero(state, "kessa", "X40")
    state.tokens = [Token(id="T1", x=cell("X36")[0], y=cell("X36")[1], content="item:medkit")]
    find(state, "kessa").policy = {"tests": "ask"}
    with dice(monkeypatch, 2):
        asked, said = play(state, 0, {"type": "skill", "hero": "kessa", "skill": "discover", "target": "T1"})
    assert asked.ask is not None and "pay 2 power to succeed?" in said
    assert [p.kind for p in G.pending(asked)] == ["reaction"]
    refused(asked, 0, {"type": "hold", "hero": "kessa"}, "First the question for Kessa Vale")
    assert G.legal(asked, 0) == [{"type": "answer", "hero": "kessa", "pay": True}, {"type": "answer", "hero": "kessa"}]
    paid, said = play(asked, 0, {"type": "answer", "hero": "kessa", "pay": True})
    assert paid.ask is None and find(paid, "kessa").power == 2 and "holds: a Medi-Kit" in said
    kept, said = play(asked, 0, {"type": "answer", "hero": "kessa"})
    assert find(kept, "kessa").power == 4 and "stays failed" in said and not kept.tokens[0].revealed
    refused(kept, 0, {"type": "answer", "hero": "kessa", "pay": True}, "Nobody is asking")


def test_a_failed_cast_can_be_asked_about(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arena("ysolde+kessa")
    foe = put_enemy(state, "scrappers", "X30")
    put_hero(state, "ysolde", "X40")
    ysolde = find(state, "ysolde")
    ysolde.tokens = 2
    ysolde.policy = {"cast": "ask"}
    with dice(monkeypatch, 1):
        asked, said = play(state, 0, {"type": "cast", "hero": "ysolde", "spell": "psy-bolt", "target": foe.id})
    assert asked.ask is not None and asked.ask.cost == 2
    with dice(monkeypatch, 1, 1):
        paid, said = play(asked, 0, {"type": "answer", "hero": "ysolde", "pay": True})
    assert "Psy Bolt takes effect" in said and find(paid, "ysolde").power == 4
