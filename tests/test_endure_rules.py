"""Endure the Stars: focused tests of individual checklist rules (numbers refer to section 1)."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.endure.geometry import sight
from rules.endure.phases import _attention, detonate, draw_event, enemy_phase, resolution_phase
from rules.endure.sight import refresh_sight, reveal
from rules.endure.world import kill_survivor, make_noise, place_models, spawn_token, stun_survivor

from .test_endure_support import S, Script, fresh, give, place, strip, texts, token, turn_for


def test_r12_turn_order_and_first_player_passes():
    st = fresh(3)
    assert [S.pending(st)[0].seat] == [st.survivors[st.order[0]].seat]
    first = st.first
    for _ in range(3):
        st, _ = S.apply(st, S.pending(st)[0].seat, {"type": "end"})
    assert st.round == 2 and st.first == (first + 1) % 3
    assert st.order[0] == st.first


def test_r16_18_sight_is_straight_and_blocked_by_locked_doors():
    st = fresh(2)
    view = sight(st, "SEC-w")
    assert "REC-x" in view and view["REC-x"][0] == 3
    assert "SEC-c" not in view  # round the corner
    st.doors["SEC-a|SEC-b"] = "locked"
    assert "SEC-a" not in sight(st, "SEC-b")
    st.event = "blackout"
    assert set(sight(st, "SEC-b")) == {"SEC-b"}


def test_r21_72_spawning_into_a_full_zone_spills_clockwise():
    st = fresh(2)
    place(st, "swarmer", "SEC-c", 5)
    turn = turn_for(st)
    place_models(st, turn, "SEC-c", "jaeger", 3, marked=False)
    here = [e for e in st.enemies if e.zone == "SEC-c"]
    assert len(here) == 6
    assert len([e for e in st.enemies if e.kind == "jaeger"]) == 3


def test_r49_tests_are_per_type_not_per_model(monkeypatch):
    st = fresh(2)
    place(st, "jaeger", "SEC-c", 2)
    script = Script(monkeypatch)
    script.add("Resolve test", [1, 1], [1, 1], [1, 1], [1, 1])
    turn = turn_for(st)
    refresh_sight(st, turn)
    assert len([e for e in turn.events if "Resolve test" in e.text]) == 2  # one per survivor
    place(st, "jaeger", "SEC-c", 1)
    turn = turn_for(st)
    refresh_sight(st, turn)
    assert not [e for e in turn.events if "Resolve test" in e.text]


def test_r50_death_costs_watchers_two_resolve():
    st = fresh(3)
    st.survivors[0].zone = "SEC-c"
    for s in st.survivors:
        s.resolve_cards = []
    kill_survivor(st, turn_for(st), 0)
    assert [s.resolve for s in st.survivors[1:]] == [8, 8]


def test_r51_boss_reveal_costs_one_resolve(monkeypatch):
    st = S.setup(["a", "b"], {"mission": "CG07", "crew": "medic-a+scout-b"}, 1)
    st.radar = []
    for s in st.survivors:
        s.resolve_cards = []
    tok = token(st, "CQ-x", "1 titan")
    Script(monkeypatch, Resolve_test=[[1, 1], [1, 1]])
    reveal(st, turn_for(st), tok)
    assert all(s.resolve == 9 for s in st.survivors)
    assert any(e.kind == "titan" and e.hp == 5 for e in st.enemies)


def test_r69_solomon_threshold_for_two_survivors(monkeypatch):
    st = fresh(2)
    tok = token(st, "SEC-c", "3 jaeger")
    Script(monkeypatch, Solomon_check=[[1, 2]], Resolve_test=[[1, 1], [1, 1], [1, 1], [1, 1]])
    reveal(st, turn_for(st), tok)
    assert not any(e.kind == "solomon" for e in st.enemies)  # 3 > 2 with two survivors


def test_r73_empty_pool_makes_tokens_creep():
    st = fresh(2)
    st.pool = []
    tok = token(st, "NAV-a", "4 swarmer")
    spawn_token(st, turn_for(st), "LAB-a")
    assert tok.zone != "NAV-a"


def test_r74_trapped_survivors_take_damage():
    st = fresh(2)
    place(st, "swarmer", "SEC-b", 6)
    for s in st.survivors:
        s.resolve_cards = []
    st.event_deck = []
    turn = turn_for(st)
    resolution_phase(st, turn)
    assert all(s.health == s.max_health - 1 and s.resolve <= 9 for s in st.survivors)
    assert texts(turn.events).count("is trapped") == 2


def test_r75_shield_bubble_seals_the_zone():
    st = fresh(2)
    give(st, 0, "shield-bubble")
    st2, _ = S.apply(st, 0, {"type": "use", "item": "shield-bubble"})
    assert "SEC-b" in st2.shields
    with pytest.raises(RuleError, match="Shield Bubble"):
        S.apply(st2, 0, {"type": "move", "zone": "SEC-w"})


def test_r62_decoy_outranks_a_seen_survivor():
    st = fresh(2)
    (j,) = place(st, "jaeger", "SEC-w")
    st.decoys = ["SEC-x"]
    _attention(st, turn_for(st), j, is_model=True)
    assert j.target == "SEC-x"


def test_r94_fanatic_chain_explosion():
    st = fresh(2)
    place(st, "fanatic", "SEC-b", 2)
    place(st, "zealot", "SEC-b", 1)
    detonate(st, turn_for(st), "SEC-b", "a test")
    assert not st.enemies
    assert all(s.health == s.max_health - 6 or not s.alive for s in st.survivors)


def test_r95_stun_during_survivor_phase_ends_the_turn():
    st = fresh(2)
    si = st.order[0]
    stun_survivor(st, turn_for(st), si)
    assert st.survivors[si].actions == 0
    other = st.order[1]
    stun_survivor(st, turn_for(st), other)
    assert st.survivors[other].action_penalty == 1


def test_r96_stunned_enemy_skips_its_activation(monkeypatch):
    st = fresh(2)
    (j,) = place(st, "jaeger", "SEC-b")
    j.stunned = True
    turn = turn_for(st)
    enemy_phase(st, turn)
    assert all(s.health == s.max_health for s in st.survivors)


def test_r103_lockdown_locks_doors_and_exits():
    st = S.setup(["a"], {"mission": "CG04", "crew": "medic-a"}, 1)
    st.radar = []
    st.event = "lockdown"
    st.survivors[0].zone = "REC-z"
    with pytest.raises(RuleError, match="locked"):
        S.apply(st, 0, {"type": "exit"})


def test_r105_life_support_halves_fanatics():
    st = fresh(2)
    place(st, "fanatic", "NAV-a", 3)
    st.event_deck = ["life-support"]
    draw_event(st, turn_for(st))
    assert len(st.enemies) == 1


def test_r55_accomplishment_unlocks_and_rewards(monkeypatch):
    st = fresh(2)
    s = st.survivors[st.order[0]]
    s.accomplishment, s.progress, s.unlocked = "combat-training", 2, False
    strip(st, st.order[0])
    give(st, st.order[0], "plasma-cutter")
    s.zone = "SEC-c"
    place(st, "swarmer", "SEC-c", 2)
    Script(monkeypatch, attacks=[[5, 1, 2]])
    seat = s.seat
    st2, ev = S.apply(st, seat, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-c"})
    assert st2.survivors[st.order[0]].unlocked and "reward unlocked" in texts(ev)
    st3, _ = S.apply(st2, seat, {"type": "reward", "zone": "SEC-c"})
    assert not st3.enemies and st3.survivors[st.order[0]].accomplishment != "combat-training"


def test_r83_jammed_weapon_recovers_next_round(monkeypatch):
    st = fresh(2)
    si = st.order[0]
    strip(st, si)
    give(st, si, "shotgun")
    st.survivors[si].zone = "SEC-b"
    place(st, "jaeger", "SEC-c", 1)
    Script(monkeypatch, attacks=[[2, 2, 2]])
    st2, _ = S.apply(st, st.survivors[si].seat, {"type": "attack", "weapon": "shotgun", "zone": "SEC-c"})
    assert st2.survivors[si].jammed
    st2.event_deck = []
    resolution_phase(st2, turn_for(st2))
    assert not st2.survivors[si].jammed


def test_r44_resolution_noise_survives_one_resolution():
    st = fresh(2)
    turn = turn_for(st)
    make_noise(st, turn, "SEC-b", 2)
    make_noise(st, turn, "NAV-a", 3, resolution=True)
    st.event_deck = []
    resolution_phase(st, turn)
    assert [(n.zone, n.level) for n in st.noise] == [("NAV-a", 3)]


def test_r70_duplicate_tiles_roll_for_the_tile(monkeypatch):
    st = S.setup(["a", "b"], {"mission": "ROP19", "crew": "medic-a+scout-b"}, 1)
    st.event_deck, st.event = ["spawn-shr"], ""
    Script(monkeypatch, which_tile=[[2]], SHX_spawn_zone=[[1]])
    turn = turn_for(st)
    before = len(st.radar)
    draw_event(st, turn)
    assert len(st.radar) == before + 1 and st.radar[-1].zone == "SHX-a"
