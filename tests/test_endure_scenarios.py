"""Endure the Stars: the checklist's acceptance scenarios (section 5), one test each."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.endure.phases import _attention, _enemy_attack, draw_event, enemy_phase
from rules.endure.sight import refresh_sight
from rules.endure.world import hit_survivor, make_noise, move_cap, resolve_test

from .test_endure_support import S, Script, fresh, give, place, strip, texts, token, turn_for


def test_scenario_01_jam(monkeypatch):
    st = fresh(3)
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "SEC-w"
    place(st, "jaeger", "SEC-x", 2)
    Script(monkeypatch, attacks=[[5, 5, 5, 5]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x"})
    assert "jams" in texts(ev)
    assert len([e for e in st2.enemies if e.zone == "SEC-x"]) == 2
    assert any(n.zone == "SEC-w" and n.level == 2 for n in st2.noise)
    with pytest.raises(RuleError, match="jammed"):
        S.apply(st2, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x"})


def test_scenario_01_single_die_never_jams(monkeypatch):
    st = fresh(3)
    strip(st, 0)
    give(st, 0, "pistol")
    st.survivors[0].zone = "SEC-w"
    place(st, "swarmer", "SEC-x", 2)
    Script(monkeypatch, attacks=[[6], [6]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-x"})
    assert "jams" not in texts(ev)
    st3, _ = S.apply(st2, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-x"})
    assert not [e for e in st3.enemies if e.zone == "SEC-x"]


def test_scenario_02_resolve_test_threshold(monkeypatch):
    st = fresh(3, crew="medic-a+scout-b+engineer-a")
    Script(monkeypatch, Resolve_test=[[5, 5]])
    turn = turn_for(st)
    assert st.survivors[0].resolve == 10
    st.survivors[0].resolve_cards = []
    assert not resolve_test(st, turn, 0, "test")
    assert st.survivors[0].resolve == 9


def test_scenario_02_nine_passes_at_ten(monkeypatch):
    st = fresh(3, crew="medic-a+scout-b+engineer-a")
    Script(monkeypatch, Resolve_test=[[4, 5]])
    assert resolve_test(st, turn_for(st), 0, "test")
    assert st.survivors[0].resolve == 10


def test_scenario_02_zero_resolve_costs_health(monkeypatch):
    st = fresh(3, crew="medic-a+scout-b+engineer-a")
    s = st.survivors[0]
    s.resolve = 0
    turn = turn_for(st)
    assert not resolve_test(st, turn, 0, "test")
    assert s.health == s.max_health - 1
    assert not [e for e in turn.events if e.kind == "roll"]


def test_scenario_02_resolve_card_reveals_at_its_number(monkeypatch):
    st = fresh(3, crew="medic-a+scout-b+engineer-a")
    s = st.survivors[0]
    s.resolve = 8
    s.resolve_cards[0].card, s.resolve_cards[0].number = "scream", 7
    Script(monkeypatch, Resolve_test=[[6, 6]])
    turn = turn_for(st)
    resolve_test(st, turn, 0, "test")
    assert s.resolve == 7
    assert s.resolve_cards[0].revealed
    assert any(n.zone == s.zone and n.level == 3 for n in st.noise)
    assert "Scream" in texts(turn.events)


def test_scenario_03_resolve_check(monkeypatch):
    st = fresh(3, crew="medic-a+scout-b+engineer-a")
    s = st.survivors[0]
    place(st, "jaeger", s.zone)
    Script(monkeypatch, Resolve_check=[[6, 4]])
    st2, _ev = S.apply(st, 0, {"type": "move", "zone": "SEC-w"})
    s2 = st2.survivors[0]
    assert s2.zone == "SEC-b" and s2.resolve == 10 and s2.actions == 3 and s2.frozen
    with pytest.raises(RuleError, match="cannot leave"):
        S.apply(st2, 0, {"type": "move", "zone": "SEC-c"})
    st3, _ = S.apply(st2, 0, {"type": "noise", "level": 1})
    assert st3.survivors[0].actions == 2


def test_scenario_04_noise_radius_and_loudest_only(monkeypatch):
    st = fresh(3, crew="medic-a+scout-b+engineer-a")
    strip(st, 0)
    give(st, 0, "shotgun")
    place(st, "jaeger", "SEC-c")
    near = token(st, "REC-a", "4 swarmer")  # 3 edge-steps from SEC-b, behind a wall
    far = token(st, "REC-z", "3 jaeger")  # 4 steps
    Script(monkeypatch, attacks=[[1, 2, 3]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "shotgun", "zone": "SEC-c"})
    assert [(n.zone, n.level) for n in st2.noise] == [("SEC-b", 3)]
    turn = turn_for(st2)
    make_noise(st2, turn, "SEC-b", 1)
    assert [(n.zone, n.level) for n in st2.noise] == [("SEC-b", 3)]
    near2 = next(t for t in st2.radar if t.id == near.id)
    far2 = next(t for t in st2.radar if t.id == far.id)
    _attention(st2, turn, near2, is_model=False)
    _attention(st2, turn, far2, is_model=False)
    assert (near2.mode, near2.target) == ("active", "SEC-b")
    assert far2.mode == "passive"


def test_scenario_04_loudest_of_two_noises_wins():
    st = fresh(3)
    tok = token(st, "REC-a", "4 swarmer")
    turn = turn_for(st)
    make_noise(st, turn, "SEC-b", 3)  # REC-a is 3 away
    make_noise(st, turn, "REC-x", 2)  # REC-a is 1 away
    _attention(st, turn, tok, is_model=False)
    assert tok.target == "SEC-b"


def test_scenario_05_passive_move(monkeypatch):
    """Every step of the scenario: the die points at a wall, the bot turns it clockwise to the first
    open way and moves one zone; a herd of 3 Swarmers moves on that one roll; a token does the same."""
    from rules.endure.world import exits

    st = fresh(3)
    for s in st.survivors:
        s.zone = "LAB-b"  # far away and out of sight: everything stays passive
    herd = place(st, "swarmer", "SEC-c", 3)
    tok = token(st, "SEC-a", "4 swarmer")
    assert "W" not in {d for _, _, d in exits(st, "SEC-c")}  # west of SEC-c is a wall
    assert "N" not in {d for _, _, d in exits(st, "SEC-a")}  # north of SEC-a is a wall
    script = Script(monkeypatch)
    script.add("Swarmer", ["W"])  # west: wall -> clockwise -> north: SEC-b
    script.add(f"radar {tok.id} wanders", ["N"])  # north: wall -> clockwise -> east: SEC-b
    turn = turn_for(st)
    enemy_phase(st, turn)
    assert not script.left()
    herd_rolls = [e for e in turn.events if e.kind == "roll" and e.text.startswith("Swarmer")]
    assert [e.text for e in herd_rolls] == [f"Swarmer {herd[0].id} (+2) wanders: [W]"]  # one roll for the herd
    assert [e.zone for e in st.enemies if e.id in {h.id for h in herd}] == ["SEC-b"] * 3
    moves = [e.text for e in turn.events if e.text.startswith("Swarmer") and "moves to" in e.text]
    assert moves == [f"Swarmer {herd[0].id} (+2) moves to SEC-b."]  # 1 zone, once, though Swarmers have 3 actions
    assert tok.zone == "SEC-b"
    assert [e.text for e in turn.events if e.kind == "roll" and "radar" in e.text] == [f"radar {tok.id} wanders: [N]"]


def test_scenario_05_a_passive_model_with_every_way_blocked_stays(monkeypatch):
    st = fresh(3)
    for s in st.survivors:
        s.zone = "LAB-b"
    (lone,) = place(st, "jaeger", "SEC-a")
    place(st, "swarmer", "SEC-b", 8)  # SEC-b full (capacity 8)
    place(st, "swarmer", "SEC-z", 6)  # SEC-z full (capacity 6)
    turn = turn_for(st)
    from rules.endure.phases import _activate_group

    _attention(st, turn, lone, is_model=True)
    _activate_group(st, turn, [lone])
    assert lone.zone == "SEC-a"


def test_scenario_06_active_radar_token(monkeypatch):
    st = fresh(4)
    for s in st.survivors:
        s.zone = "SEC-w"
    tok = token(st, "REC-z", "4 jaeger")
    st.noise = []
    turn = turn_for(st)
    make_noise(st, turn, "SEC-w", 5)
    script = Script(monkeypatch, Solomon_check=[[2, 2]])
    script.add("Resolve test", [1, 1], [1, 1], [1, 1], [1, 1])
    enemy_phase(st, turn)
    assert tok not in st.radar
    jaegers = [e for e in st.enemies if e.kind == "jaeger"]
    assert len(jaegers) == 4
    assert jaegers[0].zone in {"REC-w", "REC-x"}  # two zones from REC-z, in sight of SEC-w
    assert any(e.kind == "solomon" for e in st.enemies)
    tests = [e for e in turn.events if "Resolve test" in e.text]
    assert len(tests) == 4


def test_scenario_07_damage_split(monkeypatch):
    st = fresh(3)
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "SEC-w"
    place(st, "jaeger", "SEC-x", 2)
    place(st, "swarmer", "SEC-x", 2)
    Script(monkeypatch, attacks=[[3, 4, 4, 5], [4, 1, 2, 3]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x", "kill": ["jaeger"]})
    left = sorted(e.kind for e in st2.enemies)
    assert left == ["jaeger", "swarmer"]
    st3, _ = S.apply(st2, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x", "kill": ["jaeger"]})
    jaeger = next(e for e in st3.enemies if e.kind == "jaeger")
    assert jaeger.hp == 2


def test_scenario_08_ranged_blocking_and_friendly_fire(monkeypatch):
    st = fresh(2, crew="medic-a+psychic-a")
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "SEC-w"
    place(st, "jaeger", "SEC-x")
    place(st, "swarmer", "REC-w")
    with pytest.raises(RuleError, match="blocked"):
        S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "REC-w"})
    psychic = st.survivors[1]
    psychic.zone = "SEC-x"
    give(st, 1, "bastion-armour")
    Script(monkeypatch, attacks=[[5, 1, 2, 3]], armour_save=[[1]], injury_die=[["head"]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x"})
    p = st2.survivors[1]
    assert p.health == p.max_health - 3
    assert p.injuries == ["head"]
    assert "stray" in texts(ev)


def test_scenario_09_multi_survivor_hit(monkeypatch):
    st = fresh(2)
    for s in st.survivors:
        s.zone = "SEC-c"
    (j,) = place(st, "jaeger", "SEC-c")
    script = Script(monkeypatch, injury_die=[["none"]])
    script.add("roll-off", [2, 5])
    turn = turn_for(st)
    _enemy_attack(st, turn, j, [0, 1])
    a, b = st.survivors
    assert a.health == a.max_health - 2 and b.health == b.max_health
    assert len([e for e in turn.events if "injury die" in e.text]) == 1
    (z,) = place(st, "zealot", "SEC-c")
    st.enemies.remove(j)
    before = [s.health for s in st.survivors]
    _enemy_attack(st, turn, z, [0, 1])
    assert [s.health for s in st.survivors] == [before[0] - 1, before[1] - 1]


def test_scenario_10_armour_and_injury(monkeypatch):
    st = fresh(2)
    s = st.survivors[0]
    give(st, 0, "bastion-armour")
    Script(monkeypatch, armour_save=[[2], [1]], injury_die=[["leg"], ["leg"]])
    turn = turn_for(st)
    hit_survivor(st, turn, 0, 1, "a Swarmer")
    assert s.health == s.max_health - 1 and s.injuries == ["leg"]
    assert move_cap(st, s) == 2
    hit_survivor(st, turn, 0, 1, "a Swarmer")
    assert s.injuries == ["leg"]
    st2, _ = S.apply(st, 0, {"type": "move", "zones": ["SEC-w", "SEC-b"]})
    with pytest.raises(RuleError, match="at most 2"):
        S.apply(st2, 0, {"type": "move", "zone": "SEC-w"})
    give(st, 0, "med-kit")
    st3, _ = S.apply(st, 0, {"type": "use", "item": "med-kit"})
    assert st3.survivors[0].injuries == []


def test_scenario_11_life_support_failure():
    st = fresh(2)
    (j,) = place(st, "jaeger", "NAV-a")
    place(st, "swarmer", "NAV-c", 5)
    (a,) = place(st, "artemis", "NAV-d")
    st.event_deck = ["life-support"]
    turn = turn_for(st)
    draw_event(st, turn)
    assert all(s.health == s.max_health - 1 for s in st.survivors)
    assert j.hp == 1
    assert len([e for e in st.enemies if e.kind == "swarmer"]) == 2
    assert a in st.enemies and a.hp == 1


def test_scenario_12_gravity_failure(monkeypatch):
    st = fresh(2)
    st.event = "gravity"
    st2, _ = S.apply(st, 0, {"type": "move", "zones": ["SEC-w", "SEC-x"]})
    assert st2.survivors[0].zone == "SEC-x" and st2.survivors[0].actions == 2
    st.survivors[0].injuries = ["leg"]
    assert move_cap(st, st.survivors[0]) == 4
    st = fresh(2)
    st.event = "gravity"
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "SEC-x"
    place(st, "jaeger", "REC-w")
    Script(monkeypatch, attacks=[[4, 1, 1, 2]])
    st3, _ev = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "REC-w"})
    assert st3.survivors[0].zone == "SEC-w"
    assert next(e for e in st3.enemies if e.kind == "jaeger").zone == "REC-x"


def test_cg00_marked_kill_wins():
    st = fresh(2)
    st.radar = []
    place(st, "swarmer", "SEC-c", marked=True)
    strip(st, 0)
    give(st, 0, "plasma-cutter")
    st.survivors[0].zone = "SEC-c"
    for _ in range(20):
        st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-c"})
        if S.outcome(st2):
            break
        st.rng.draws += 7
    out = S.outcome(st2)
    assert out is not None and out.result == "win"


def test_all_dead_is_a_loss():
    st = fresh(1)
    place(st, "jaeger", "SEC-b", 5)
    st.survivors[0].health = 1
    turn = turn_for(st)
    refresh_sight(st, turn)
    s = st
    for _ in range(3):
        if S.outcome(s):
            break
        s, _ = S.apply(s, 0, {"type": "end"})
    out = S.outcome(s)
    assert out is not None and out.result == "loss"


def test_scenario_13_exo_loader(monkeypatch):
    st = fresh(2)
    st.loader_zone = "SEC-b"
    give(st, 0, "power-cell")
    st, _ = S.apply(st, 0, {"type": "noise", "level": 2})
    st, _ = S.apply(st, 0, {"type": "loader", "do": "enter"})
    assert st.loader_pilot == 0 and S.pending(st)[0].seat == 1
    st, _ = S.apply(st, 1, {"type": "end"})  # round 2 starts with survivor 1
    st, _ = S.apply(st, 1, {"type": "end"})
    pilot = st.survivors[0]
    assert S.pending(st)[0].seat == 0
    assert pilot.actions == 4 and st.loader_powered
    cell = next(it for stack in pilot.slots for it in stack if it.card == "power-cell")
    assert cell.charges == 1
    from rules.endure.world import armour_save

    assert armour_save(st, pilot) == 2
    refused_actions = [
        ({"type": "search"}, "inside the Loader"),
        ({"type": "loader", "do": "leave"}, "powered"),
        ({"type": "trade", "with": "scout", "give": ["power-cell"]}, "inside the Loader"),
    ]
    for action, match in refused_actions:
        before = S.dumps(st)
        with pytest.raises(RuleError, match=match):
            S.apply(st, 0, action)
        assert S.dumps(st) == before
    st2, _ = S.apply(st, 0, {"type": "move", "zone": "SEC-w"})
    assert st2.loader_zone == "SEC-w"
    st.loader_powered = False
    assert armour_save(st, pilot) == 7


def test_scenario_14_boss_turn(monkeypatch):
    from rules.endure.bosses import boss_of, spawn_boss

    st = fresh(2)
    turn = turn_for(st)
    titan = spawn_boss(st, turn, "titan", "SEC-w", marked=False)
    b = boss_of(st, titan)
    b.deck = ["gore", "execution", "enraged"]
    b.mood = "stalking"
    give(st, 0, "bastion-armour")
    st.survivors[1].health -= 1
    script = Script(monkeypatch, armour_save=[[1]], injury_die=[["none"]])
    script.add("Execution", [3, 3, 3, 1, 1])
    turn = turn_for(st)
    enemy_phase(st, turn)
    assert b.mood == "enraged" and b.last == "execution"
    assert titan.zone == "SEC-b"
    a = st.survivors[0]
    assert a.health == a.max_health - 3
    assert len([e for e in turn.events if "armour save" in e.text]) == 1
    assert st.survivors[1].health == st.survivors[1].max_health - 1


def test_scenario_11_cg04_life_support_deals_two():
    st = S.setup(["a", "b"], {"mission": "CG04", "crew": "medic-a+scout-b"}, 2)
    st.event_deck, st.event = ["life-support"], ""
    draw_event(st, turn_for(st))
    assert all(s.health == s.max_health - 2 for s in st.survivors)
