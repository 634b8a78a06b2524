"""Endure the Stars: rules the audit found untested or missing, one test (or a few) per checklist item."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.endure.content import content
from rules.endure.geometry import sight
from rules.endure.phases import _attention
from rules.endure.state import ItemInst
from rules.endure.world import make_noise, models_in

from .test_endure_support import S, Script, fresh, give, place, strip, texts, token, turn_for

# ---------------------------------------------------------------------------------------------
# F42: equally loud noises are settled by the directional die


@pytest.mark.parametrize(("face", "target"), [("S", "REC-w"), ("N", "SEC-w"), ("E", "REC-w"), ("W", "SEC-w")])
def test_f42_equal_noises_tie_is_the_directional_die(monkeypatch, face, target):
    st = fresh(3)
    tok = token(st, "SEC-x", "4 swarmer")
    turn = turn_for(st)
    make_noise(st, turn, "SEC-w", 2)  # north of SEC-x, one zone away
    make_noise(st, turn, "REC-w", 2)  # south of SEC-x, one zone away
    Script(monkeypatch, equal_noises=[[face]])
    _attention(st, turn, tok, is_model=False)
    assert (tok.mode, tok.target) == ("active", target)
    rolls = [e for e in turn.events if e.kind == "roll" and "equal noises, directional die" in e.text]
    assert len(rolls) == 1  # logged and shown like every other roll
    # (E points at neither: clockwise E -> S finds REC-w; W -> N finds SEC-w)


def test_f42_a_louder_noise_needs_no_die(monkeypatch):
    st = fresh(3)
    tok = token(st, "SEC-x", "4 swarmer")
    turn = turn_for(st)
    make_noise(st, turn, "SEC-w", 2)
    make_noise(st, turn, "REC-w", 3)
    _attention(st, turn, tok, is_model=False)
    assert tok.target == "REC-w"
    assert not [e for e in turn.events if e.kind == "roll"]


# ---------------------------------------------------------------------------------------------
# found by the whole-mission property test


def test_gravity_push_stops_before_a_full_zone(monkeypatch):
    st = fresh(2)
    st.event = "gravity"
    strip(st, 0)
    give(st, 0, "pistol")
    st.survivors[0].zone = "SEC-x"
    place(st, "jaeger", "SEC-w")  # north of the shooter: the recoil pushes south
    place(st, "swarmer", "REC-w", 6)  # REC-w (capacity 6), just south, is full
    Script(monkeypatch, attacks=[[1]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-w"})
    assert st2.survivors[0].zone == "SEC-x"  # the full zone stops the slide like a wall
    assert models_in(st2, "REC-w") == 6
    st.enemies = [e for e in st.enemies if e.zone != "REC-w"]
    st3, _ = S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-w"})
    assert st3.survivors[0].zone != "SEC-x"  # with room it slides on


def test_a_boss_revealed_in_a_full_zone_spills_over(monkeypatch):
    from rules.endure.sight import refresh_sight

    st = fresh(2)
    for s in st.survivors:
        s.zone = "SEC-w"
    place(st, "swarmer", "SEC-x", 6)
    token(st, "SEC-x", "1 titan")
    Script(monkeypatch, overflow_from=[["S"]])
    turn = turn_for(st)
    refresh_sight(st, turn)
    titan = next(e for e in st.enemies if e.kind == "titan")
    assert titan.zone != "SEC-x" and models_in(st, "SEC-x") == 6
    assert "overflow" in texts(turn.events)


def test_using_a_found_single_use_item_that_you_also_carry(monkeypatch):
    from rules.endure.state import ItemInst

    st = fresh(2)
    give(st, 0, "stun-grenade")
    s = st.survivors[0]
    s.found = [ItemInst(uid=st.next_id, card="stun-grenade")]
    st.next_id += 1
    assert {"type": "use", "item": "stun-grenade", "zone": s.zone} in S.legal(st, 0)
    st2, _ = S.apply(st, 0, {"type": "use", "item": "stun-grenade", "zone": s.zone})
    s2 = st2.survivors[0]
    assert not s2.found and any(it.card == "stun-grenade" for stack in s2.slots for it in stack)
    assert st2.item_discard == ["stun-grenade"]
    with pytest.raises(RuleError):
        S.apply(st2, 1, {"type": "end"})


# ---------------------------------------------------------------------------------------------
# D32: a trade gives both traders a free reorganise


def _traders():
    """Both wear armour and a helmet already, so traded armour and helmets land in general slots."""
    st = fresh(2)
    for i in (0, 1):
        strip(st, i)
        give(st, i, "safeguard-armour")
        give(st, i, "combat-helmet")
    give(st, 0, "pistol")
    give(st, 0, "bastion-armour")
    give(st, 1, "visor-helmet")
    give(st, 1, "plasma-cutter")
    return st


def test_d32_trade_then_free_reorganise_for_both():
    st = _traders()
    other = st.survivors[1].key
    st, ev = S.apply(st, 0, {"type": "trade", "with": other, "give": ["bastion-armour"], "take": ["visor-helmet"]})
    assert S.pending(st)[0].seat == 1  # the other player must accept
    st, ev = S.apply(st, 1, {"type": "answer", "accept": True})
    a, b = st.survivors
    assert a.actions == 2 and a.free_reorg and b.free_reorg
    assert "reorganise once for free" in texts(ev)
    st, _ = S.apply(st, 0, {"type": "equip", "item": "visor-helmet"})
    a = st.survivors[0]
    assert a.actions == 2 and [it.card for it in a.head] == ["visor-helmet"] and not a.free_reorg
    # the second reorganise this turn costs an action again
    st, _ = S.apply(st, 0, {"type": "equip", "item": "combat-helmet"})
    assert st.survivors[0].actions == 1
    st, _ = S.apply(st, 0, {"type": "end"})
    # the other trader reorganises for free on their own turn
    b = st.survivors[1]
    assert S.current(st) == 1 and b.free_reorg and b.actions == 3
    st, _ = S.apply(st, 1, {"type": "equip", "item": "bastion-armour"})
    b = st.survivors[1]
    assert b.actions == 3 and [it.card for it in b.body] == ["bastion-armour"]
    assert any(it.card == "safeguard-armour" for stack in b.slots for it in stack)
    st, _ = S.apply(st, 1, {"type": "end"})
    assert not st.survivors[1].free_reorg


def test_d32_free_reorganise_even_with_no_action_left():
    st = _traders()
    st.survivors[0].actions = 1
    other = st.survivors[1].key
    st, _ = S.apply(st, 0, {"type": "trade", "with": other, "give": ["pistol"], "take": ["visor-helmet"]})
    st, _ = S.apply(st, 1, {"type": "answer", "accept": True})
    a = st.survivors[0]
    assert S.current(st) == 0 and a.actions == 0  # the turn waits for the free reorganise
    assert {"type": "equip", "item": "visor-helmet"} in S.legal(st, 0)
    st, _ = S.apply(st, 0, {"type": "equip", "item": "visor-helmet"})
    assert S.current(st) == 1  # nothing left to do: the turn passed on


def test_d32_no_free_reorganise_without_a_trade():
    st = _traders()
    st.survivors[0].actions = 0
    before = S.dumps(st)
    with pytest.raises(RuleError, match="action"):
        S.apply(st, 0, {"type": "equip", "item": "bastion-armour"})
    assert S.dumps(st) == before


# ---------------------------------------------------------------------------------------------
# L94: the Fanatic's vest, every trigger


def _melee_at(st, si: int, zone: str, weapon: str = "plasma-cutter"):
    strip(st, si)
    give(st, si, weapon)
    st.survivors[si].zone = zone
    return st


def test_l94_a_six_that_kills_the_fanatic_still_blows_its_vest(monkeypatch):
    st = _melee_at(fresh(2), 0, "SEC-c")
    give(st, 0, "bastion-armour")
    place(st, "fanatic", "SEC-c")
    place(st, "zealot", "SEC-c")
    s = st.survivors[0]
    Script(monkeypatch, attacks=[[6, 1, 1]], injury_die=[["none"]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-c", "kill": ["fanatic"]})
    s2 = st2.survivors[0]
    assert "detonates in SEC-c: 3 damage" in texts(ev)
    assert s2.health == s.max_health - 3  # explosions ignore armour: no save was rolled
    assert "armour save" not in texts(ev)
    assert not [e for e in st2.enemies if e.zone == "SEC-c"]  # the Zealot (2 Health) dies in the blast


def test_l94_a_six_against_a_zone_of_fanatics_chains(monkeypatch):
    st = _melee_at(fresh(2), 0, "SEC-c")
    place(st, "fanatic", "SEC-c", 2)
    st.survivors[0].health = st.survivors[0].max_health = 10
    Script(monkeypatch, attacks=[[6, 1, 1]], injury_die=[["none"]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-c"})
    # one Fanatic shot dead, the other in the zone: both vests go off, 2 x 3 = 6 damage
    assert "6 damage to everything there" in texts(ev)
    assert st2.survivors[0].health == 4
    assert not [e for e in st2.enemies if e.kind == "fanatic"]


def test_l94_no_six_no_explosion(monkeypatch):
    st = _melee_at(fresh(2), 0, "SEC-c")
    place(st, "fanatic", "SEC-c", 2)
    Script(monkeypatch, attacks=[[5, 1, 1]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-c"})
    assert "detonates" not in texts(ev)
    assert len([e for e in st2.enemies if e.kind == "fanatic"]) == 1
    assert st2.survivors[0].health == st.survivors[0].health


def test_l94_shooting_into_a_fanatic_zone_blasts_the_friend_there(monkeypatch):
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "SEC-w"
    friend = st.survivors[1]
    friend.zone = "SEC-x"
    place(st, "fanatic", "SEC-x", 2)
    script = Script(monkeypatch, attacks=[[6, 1, 2, 3]], injury_die=[["none"], ["none"]])
    script.add("armour save", [1])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x", "kill": ["fanatic"]})
    f2 = st2.survivors[1]
    # 3 stray shots (one armour save, failed) and then the vests: one shot dead, one left = 6
    assert "3 stray shot(s) hit" in texts(ev)
    assert f2.health == max(0, friend.health - 3 - 6)
    assert st2.survivors[0].health == st.survivors[0].health  # the shooter two zones back is safe
    assert not [e for e in st2.enemies if e.kind == "fanatic"]


def test_l94_a_jammed_shot_with_a_six_still_sets_off_the_vest(monkeypatch):
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "SEC-w"
    place(st, "fanatic", "SEC-x")
    Script(monkeypatch, attacks=[[6, 6, 6, 6]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "SEC-x"})
    assert "jams" in texts(ev) and "detonates in SEC-x" in texts(ev)
    assert not st2.enemies


def test_l94_fanatic_attack_one_to_one_survivor(monkeypatch):
    from rules.endure.phases import _enemy_attack

    st = fresh(2)
    for s in st.survivors:
        s.zone = "SEC-c"
    (f,) = place(st, "fanatic", "SEC-c")
    script = Script(monkeypatch, injury_die=[["none"]])
    script.add("vest", [2])  # 1-4: no detonation, a plain attack
    script.add("roll-off", [4, 1])
    turn = turn_for(st)
    _enemy_attack(st, turn, f, [0, 1])
    a, b = st.survivors
    assert (a.health, b.health) == (a.max_health, b.max_health - 1)  # only the lowest roll is hit, for 1
    assert f in st.enemies


@pytest.mark.parametrize("face", [5, 6])
def test_l94_fanatic_attack_five_or_six_is_three_to_everyone(monkeypatch, face):
    from rules.endure.phases import _enemy_attack

    st = fresh(2)
    for s in st.survivors:
        s.zone = "SEC-c"
        give(st, st.survivors.index(s), "bastion-armour")
    (f,) = place(st, "fanatic", "SEC-c")
    (z,) = place(st, "zealot", "SEC-c")
    script = Script(monkeypatch, injury_die=[["none"], ["none"]])
    script.add("vest", [face])
    turn = turn_for(st)
    _enemy_attack(st, turn, f, [0, 1])
    assert [s.max_health - s.health for s in st.survivors] == [3, 3]
    assert "armour save" not in texts(turn.events)
    assert f not in st.enemies and z not in st.enemies


def test_l94_a_fanatic_blast_that_kills_the_last_survivor_loses_the_mission(monkeypatch):
    from rules.endure.phases import enemy_phase

    st = fresh(1)
    s = st.survivors[0]
    s.health = 3
    place(st, "fanatic", s.zone)
    script = Script(monkeypatch)
    script.add("vest", [6])
    turn = turn_for(st)
    enemy_phase(st, turn)
    out = S.outcome(st)
    assert out is not None and out.result == "loss" and not st.survivors[0].alive


# ---------------------------------------------------------------------------------------------
# G47: Resolve tests called for by an Event card and by boss cards


def test_g47_an_event_card_calls_a_resolve_test_for_everyone(monkeypatch):
    from rules.endure.phases import draw_event

    st = fresh(3)
    st.event_deck = ["screams"]
    Script(monkeypatch, Resolve_test=[[6, 6], [1, 1], [5, 5]])
    turn = turn_for(st)
    draw_event(st, turn)
    tests = [e for e in turn.events if e.kind == "roll" and "Resolve test (Screams in the Vents)" in e.text]
    assert len(tests) == 3
    assert [s.resolve for s in st.survivors] == [9, 10, 9]


def test_g47_event_test_at_zero_resolve_costs_health():
    from rules.endure.phases import draw_event

    st = fresh(2)
    st.survivors[0].resolve = 0
    st.event_deck = ["screams"]
    draw_event(st, turn_for(st))
    assert st.survivors[0].health == st.survivors[0].max_health - 1


@pytest.mark.parametrize(("boss", "card"), [("titan", "enraged"), ("preacher", "sermon"), ("primus", "bellow")])
def test_g47_a_boss_card_calls_a_resolve_test_for_those_who_see_it(monkeypatch, boss, card):
    from rules.endure.bosses import boss_of, draw_attack, spawn_boss

    st = fresh(3)
    turn = turn_for(st)
    st.survivors[2].zone = "LAB-b"  # out of sight of SEC-w
    b_model = spawn_boss(st, turn, boss, "SEC-w", marked=False)
    b = boss_of(st, b_model)
    plain = next(k for k, c in content().bosses[boss].cards.items() if c.kind == "attack" and not c.terror)
    b.deck = [plain, card]  # drawn from the end: the terror card first
    Script(monkeypatch, Resolve_test=[[6, 6], [6, 6]])
    turn = turn_for(st)
    draw_attack(st, turn, b)
    tests = [e for e in turn.events if e.kind == "roll" and "Resolve test" in e.text]
    assert len(tests) == 2  # the two survivors in SEC-b see the boss; the one in LAB-b does not
    assert [s.resolve for s in st.survivors] == [9, 9, 10]


def test_g47_ordinary_boss_cards_call_no_test():
    from rules.endure.bosses import boss_of, draw_attack, spawn_boss

    st = fresh(2)
    turn = turn_for(st)
    b = boss_of(st, spawn_boss(st, turn, "titan", "SEC-w", marked=False))
    b.deck = ["execution", "stalking"]
    turn = turn_for(st)
    draw_attack(st, turn, b)
    assert not [e for e in turn.events if "Resolve test" in e.text]


# ---------------------------------------------------------------------------------------------
# D35: being seen during your own turn


def test_d35_walking_through_an_enemys_sight_makes_it_hunt_you():
    from rules.endure.phases import _attention

    st = fresh(2)
    (seer,) = place(st, "jaeger", "REC-w")  # sees SEC-w (two zones up the corridor), not SEC-b
    (blind,) = place(st, "jaeger", "LAB-b")
    halted, events = S.apply(st, 0, {"type": "move", "zones": ["SEC-w", "SEC-b"]})
    assert halted.survivors[0].zone == "SEC-w"  # the path halts where the Jaeger came into sight
    assert any("halts in SEC-w: a Jaeger came into sight" in e.text for e in events)
    st2, _ = S.apply(halted, 0, {"type": "move", "zone": "SEC-b"})  # the player walks on knowingly
    seer2 = next(e for e in st2.enemies if e.id == seer.id)
    assert st2.survivors[0].zone == "SEC-b" and seer2.spotted == [0]
    turn = turn_for(st2)
    _attention(st2, turn, seer2, is_model=True)
    assert (seer2.mode, seer2.target) == ("active", "SEC-b")  # it chases the survivor it glimpsed
    blind2 = next(e for e in st2.enemies if e.id == blind.id)
    _attention(st2, turn, blind2, is_model=True)
    assert blind2.mode == "passive"


# ---------------------------------------------------------------------------------------------
# E37: only worn armour and helmets help; carried armour still weighs you down


def test_e37_armour_in_a_bag_saves_nothing_but_still_slows():
    from rules.endure.world import armour_save, move_cap

    st = fresh(2)
    s = st.survivors[0]
    strip(st, 0)
    give(st, 0, "safeguard-armour")  # worn (the body slot was empty)
    give(st, 0, "bastion-armour")  # carried in a general slot
    assert [it.card for it in s.body] == ["safeguard-armour"]
    assert armour_save(st, s) == 4  # the worn Safeguard counts, not the better Bastion in the bag
    assert move_cap(st, s) == 99
    give(st, 0, "riot-plating")  # carried, not worn: its movement penalty applies all the same
    assert armour_save(st, s) == 4 and move_cap(st, s) == 2
    strip(st, 0)
    assert armour_save(st, s) == 7  # nothing worn: no save at all


def test_e37_a_helmet_only_protects_when_worn(monkeypatch):
    from rules.endure.world import injury_roll

    st = fresh(2)
    strip(st, 0)
    s = st.survivors[0]
    s.slots = [[ItemInst(uid=990, card="combat-helmet")]]
    Script(monkeypatch, injury_die=[["head"], ["head"]])
    injury_roll(st, turn_for(st), 0)
    assert s.injuries == ["head"]  # carried, not worn
    s.injuries = []
    s.head, s.slots = s.slots[0], []
    injury_roll(st, turn_for(st), 0)
    assert s.injuries == []  # worn: the blow to the head is absorbed


# ---------------------------------------------------------------------------------------------
# G49: Resolve tests are per enemy type


def test_g49_resolve_tests_are_per_type_and_come_back_after_losing_sight(monkeypatch):
    from rules.endure.sight import refresh_sight

    st = fresh(1)
    script = Script(monkeypatch)
    script.add("Resolve test", *([[1, 1]] * 6))

    def tests_after(fn) -> int:
        fn()
        turn = turn_for(st)
        refresh_sight(st, turn)
        return len([e for e in turn.events if e.kind == "roll" and "Resolve test" in e.text])

    (j1,) = place(st, "jaeger", "SEC-c")
    assert tests_after(lambda: None) == 1
    assert tests_after(lambda: place(st, "jaeger", "SEC-a")) == 0  # more of a type already seen
    assert tests_after(lambda: place(st, "swarmer", "SEC-w")) == 1  # a new type

    def hide():
        for e in st.enemies:
            if e.kind == "jaeger":
                e.zone = "LAB-b"

    assert tests_after(hide) == 0
    assert "jaeger" not in st.survivors[0].seen_kinds

    def back():
        j1.zone = "SEC-c"

    assert tests_after(back) == 1  # the type left sight and came back: a new test


# ---------------------------------------------------------------------------------------------
# I62 / I64: what an active enemy goes for, and route ties


def test_i62_decoy_beats_a_seen_survivor_beats_a_noise():
    from rules.endure.phases import _attention

    st = fresh(1)
    st.survivors[0].zone = "SEC-w"
    (j,) = place(st, "jaeger", "SEC-x")
    turn = turn_for(st)
    make_noise(st, turn, "REC-w", 3)
    st.decoys = ["SEC-c"]
    _attention(st, turn, j, is_model=True)
    assert j.target == "SEC-c"
    st.decoys = []
    _attention(st, turn, j, is_model=True)
    assert j.target == "SEC-w"
    st.survivors[0].zone = "LAB-b"
    _attention(st, turn, j, is_model=True)
    assert (j.mode, j.target) == ("active", "REC-w")
    st.noise = []
    _attention(st, turn, j, is_model=True)
    assert (j.mode, j.target) == ("passive", "")


@pytest.mark.parametrize(("face", "first"), [("E", "SEC-w"), ("S", "SEC-c"), ("W", "SEC-w"), ("N", "SEC-w")])
def test_i64_equal_routes_are_picked_by_the_directional_die(monkeypatch, face, first):
    from rules.endure.phases import _step

    st = fresh(1)
    st.survivors[0].zone = "LAB-b"
    Script(monkeypatch, path=[[face]])
    turn = turn_for(st)
    # SEC-b to SEC-x: two steps either through SEC-w (east) or SEC-c (south)
    assert _step(st, turn, "SEC-b", "SEC-x", "Jaeger 9") == first
    assert [e for e in turn.events if e.kind == "roll" and "Jaeger 9 path" in e.text]


# ---------------------------------------------------------------------------------------------
# I65 / I66 / I67: activation order, the Solomon, enemy reach


def test_i65_enemy_types_act_in_the_book_order(monkeypatch):
    from rules.endure.phases import enemy_phase

    st = fresh(1)
    s = st.survivors[0]
    s.health = s.max_health = 40
    for kind in ("solomon", "swarmer", "jaeger", "icarus"):  # placed in reverse: ids do not give the order
        place(st, kind, s.zone)
    Script(monkeypatch, injury_die=[["none"]] * 4)
    turn = turn_for(st)
    enemy_phase(st, turn)
    attackers = [e.text.split()[0] for e in turn.events if " attacks " in e.text]
    assert attackers == ["Icarus", "Jaeger", "Swarmer"]  # and the Solomon never attacks


def test_i65_an_active_boss_goes_before_everyone(monkeypatch):
    from rules.endure.bosses import boss_of, spawn_boss
    from rules.endure.phases import enemy_phase

    st = fresh(1)
    s = st.survivors[0]
    s.health = s.max_health = 40
    place(st, "icarus", s.zone)
    turn = turn_for(st)
    b = boss_of(st, spawn_boss(st, turn, "titan", s.zone, marked=False))
    b.deck = ["execution"]
    Script(monkeypatch, injury_die=[["none"]] * 3)
    turn = turn_for(st)
    enemy_phase(st, turn)
    lines = [e.text for e in turn.events]
    titan = next(k for k, t in enumerate(lines) if "Titan Execution" in t)
    icarus = next(k for k, t in enumerate(lines) if t.startswith("Icarus") and " attacks " in t)
    assert titan < icarus


def test_i66_solomon_adds_one_damage_and_deals_none(monkeypatch):
    from rules.endure.phases import _enemy_attack

    st = fresh(1)
    s = st.survivors[0]
    (j,) = place(st, "jaeger", s.zone)
    (sol,) = place(st, "solomon", s.zone)
    Script(monkeypatch, injury_die=[["none"]])
    turn = turn_for(st)
    _enemy_attack(st, turn, sol, [0])
    assert s.health == s.max_health and not turn.events
    _enemy_attack(st, turn, j, [0])
    assert s.health == s.max_health - 3  # a Jaeger's 2, +1 from the Solomon beside it
    st.enemies.remove(sol)
    _enemy_attack(st, turn, j, [0])
    assert s.health == s.max_health - 5


def test_i66_solomon_walks_to_the_nearest_gep_group():
    from rules.endure.phases import _solomon_target, enemy_phase

    st = fresh(1)
    st.survivors[0].zone = "LAB-b"
    (sol,) = place(st, "solomon", "SEC-a")
    place(st, "swarmer", "SEC-c", 3)  # two zones away
    place(st, "jaeger", "NAV-a")  # much further
    assert _solomon_target(st, sol) == "SEC-c"
    turn = turn_for(st)
    enemy_phase(st, turn)
    assert sol.zone in ("SEC-b", "SEC-z", "SEC-c")


def test_i67_standard_enemies_need_reach_and_never_roll_to_hit(monkeypatch):
    from rules.endure.phases import _in_range

    st = fresh(1)
    s = st.survivors[0]  # SEC-b
    (j,) = place(st, "jaeger", "SEC-w")  # next door, in sight: range 0 cannot reach
    (i,) = place(st, "icarus", "SEC-w")  # range 0-1 reaches
    assert _in_range(st, j) == [] and _in_range(st, i) == [0]
    from rules.endure.phases import enemy_phase

    Script(monkeypatch, injury_die=[["none"]])
    turn = turn_for(st)
    enemy_phase(st, turn)
    rolls = [e.text for e in turn.events if e.kind == "roll"]
    assert any("Icarus" in t for t in texts(turn.events).splitlines() if "attacks" in t)
    assert not [t for t in rolls if t.startswith(("Icarus", "Jaeger"))], rolls  # no to-hit dice
    assert s.health < s.max_health


# ---------------------------------------------------------------------------------------------
# K85: dual-wielding


def test_k85_two_identical_pistols_roll_double_dice_as_one_action(monkeypatch):
    st = fresh(2)
    strip(st, 0)
    give(st, 0, "pistol")
    give(st, 0, "pistol")
    s = st.survivors[0]
    assert len(s.slots) == 1 and len(s.slots[0]) == 2  # one slot holds the pair
    s.zone = "SEC-w"
    place(st, "swarmer", "SEC-x", 2)
    pistol = content().items["pistol"]
    Script(monkeypatch, attacks=[[pistol.hit, pistol.hit + 1]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-x"})
    assert f"two Pistol ({2 * pistol.dice} dice, {pistol.hit}+)" in texts(ev)
    assert st2.survivors[0].actions == 2
    assert not [e for e in st2.enemies if e.zone == "SEC-x"]
    assert [(n.zone, n.level) for n in st2.noise] == [("SEC-w", pistol.noise)]  # noise is not doubled


def test_k85_only_identical_dual_wield_weapons_share_a_slot():
    from rules.endure.world import add_item

    st = fresh(2)
    strip(st, 0)
    give(st, 0, "pistol")
    give(st, 0, "assault-rifle")
    give(st, 0, "assault-rifle")  # identical, but not marked dual-wield: a slot each
    s = st.survivors[0]
    assert [[it.card for it in stack] for stack in s.slots] == [["pistol"], ["assault-rifle"], ["assault-rifle"]]
    assert not add_item(s, ItemInst(uid=991, card="plasma-cutter"))  # full
    assert add_item(s, ItemInst(uid=992, card="pistol"))  # the pair fits beside its twin
    assert [len(stack) for stack in s.slots] == [2, 1, 1]


# ---------------------------------------------------------------------------------------------
# L90: injury effects


def test_l90_head_injury_costs_one_range_never_below_zero():
    from rules.endure.actions import attack_range

    st = fresh(2)
    s = st.survivors[0]
    s.injuries = ["head"]
    assert attack_range(s, 2) == 1 and attack_range(s, 0) == 0
    strip(st, 0)
    give(st, 0, "pistol")  # range 1: a head wound makes it a same-zone weapon
    s.zone = "SEC-w"
    place(st, "swarmer", "SEC-x")
    before = S.dumps(st)
    with pytest.raises(RuleError, match="out of the Pistol's reach"):
        S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-x"})
    assert S.dumps(st) == before


@pytest.mark.parametrize(("face", "lost"), [(1, 1), (3, 1), (4, 0), (6, 0)])
def test_l90_chest_wound_bleeds_at_the_start_of_each_own_turn(monkeypatch, face, lost):
    st = fresh(2)
    s1 = st.survivors[1]
    s1.injuries = ["chest"]
    Script(monkeypatch, chest_wound=[[face]])
    st2, ev = S.apply(st, 0, {"type": "end"})
    assert S.current(st2) == 1
    assert st2.survivors[1].health == s1.health - lost
    assert "chest wound" in texts(ev)


# ---------------------------------------------------------------------------------------------
# M104: Blackout


def test_m104_blackout_cuts_sight_and_calms_distant_enemies(monkeypatch):
    from rules.endure.phases import _attention, draw_event
    from rules.endure.sight import refresh_sight

    st = fresh(1)
    (far,) = place(st, "jaeger", "SEC-c")  # in sight of SEC-b with the lights on
    (near,) = place(st, "swarmer", "SEC-b")
    script = Script(monkeypatch)
    script.add("Resolve test", *([[1, 1]] * 4))
    refresh_sight(st, turn_for(st))
    assert sorted(st.survivors[0].seen_kinds) == ["jaeger", "swarmer"]
    st.event_deck = ["blackout"]
    turn = turn_for(st)
    draw_event(st, turn)  # drawn in the Resolution phase, as in play
    assert sight(st, "SEC-b") == {"SEC-b": (0, (), "")}
    refresh_sight(st, turn)
    assert st.survivors[0].seen_kinds == ["swarmer"]  # the Jaeger is out of sight now
    _attention(st, turn, far, is_model=True)
    _attention(st, turn, near, is_model=True)
    assert far.mode == "passive" and near.mode == "active"
    st.event = ""  # the lights come back on
    turn = turn_for(st)
    refresh_sight(st, turn)
    assert [e.text for e in turn.events if e.kind == "roll" and "Resolve test (Jaeger in sight)" in e.text]


# ---------------------------------------------------------------------------------------------
# M106: Artificial Gravity Failure


def test_m106_passive_radar_tokens_drift_two_zones(monkeypatch):
    from rules.endure.phases import _move_token

    st = fresh(1)
    st.survivors[0].zone = "LAB-b"
    st.event = "gravity"
    tok = token(st, "SEC-a", "4 swarmer")
    Script(monkeypatch, wanders=[["S"], ["E"]])
    turn = turn_for(st)
    _move_token(st, turn, tok)
    assert tok.zone == "SEC-y"  # SEC-a -> SEC-z (south) -> SEC-y (east)
    assert len([e for e in turn.events if e.kind == "roll"]) == 2


def test_m106_shooting_into_your_own_zone_rolls_the_push_direction(monkeypatch):
    st = fresh(2)
    st.event = "gravity"
    strip(st, 0)
    give(st, 0, "pistol")
    st.survivors[0].zone = "SEC-x"
    (j,) = place(st, "jaeger", "SEC-x")
    Script(monkeypatch, attacks=[[6]], recoil_direction=[["S"]])
    st2, ev = S.apply(st, 0, {"type": "attack", "weapon": "pistol", "zone": "SEC-x"})
    assert "recoil direction" in texts(ev)
    # the shooter slides south down the corridor until a wall stops it; the hit Jaeger goes the same way
    assert st2.survivors[0].zone == "REC-x"
    assert next(e for e in st2.enemies if e.id == j.id).zone == "REC-x"


# ---------------------------------------------------------------------------------------------
# N110 / N113 / N114: the Exo Loader


def _pilot(st, charges: int = 0):
    st.loader_zone = st.survivors[0].zone
    st.loader_pilot = 0
    cell = give(st, 0, "power-cell")
    cell.charges = charges
    return cell


def test_n110_each_pilot_turn_uses_a_charge_and_a_spent_cell_goes_at_round_end():
    from rules.endure.phases import start_turn

    st = fresh(2)
    _pilot(st, charges=1)
    start_turn(st, turn_for(st))  # survivor 0's turn starts again, as it would next round
    pilot = st.survivors[0]
    cell = next(it for stack in pilot.slots for it in stack if it.card == "power-cell")
    assert cell.charges == 2 and st.loader_powered and pilot.actions == 4  # no action was spent on it
    while st.round == 1:
        st, _ = S.apply(st, S.pending(st)[0].seat, {"type": "end"})
    assert not any(it.card == "power-cell" for stack in st.survivors[0].slots for it in stack)
    assert "power-cell" in st.item_discard


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ({"type": "use", "item": "med-kit"}, "inside the Loader"),
        ({"type": "ability", "which": "active"}, "inside the Loader"),
        ({"type": "ability", "which": "crisis"}, "inside the Loader"),
        ({"type": "search"}, "inside the Loader"),
    ],
)
def test_n113_a_pilot_cannot_use_items_or_abilities(action, match):
    st = fresh(2)
    _pilot(st)
    st.loader_powered = True
    st.survivors[0].health -= 2
    give(st, 0, "med-kit")
    st.survivors[0].zone = st.loader_zone = "SEC-a"  # a room, so search is refused only for the Loader
    before = S.dumps(st)
    with pytest.raises(RuleError, match=match):
        S.apply(st, 0, action)
    assert S.dumps(st) == before
    assert action not in S.legal(st, 0)


def test_n113_a_pilots_helmet_still_works():
    from rules.endure.world import steadiness

    st = fresh(2)
    give(st, 0, "visor-helmet")
    base = steadiness(st.survivors[0])
    _pilot(st)
    st.loader_powered = True
    assert steadiness(st.survivors[0]) == base >= 1


def test_n114_a_pilot_walks_out_of_an_enemy_zone_without_a_check():
    st = fresh(2)
    _pilot(st)
    st.loader_powered = True
    place(st, "jaeger", st.survivors[0].zone)
    st2, ev = S.apply(st, 0, {"type": "move", "zone": "SEC-w"})
    assert st2.survivors[0].zone == "SEC-w" and st2.loader_zone == "SEC-w"
    assert "Resolve check" not in texts(ev)
    st.loader_pilot = -1
    _, ev3 = S.apply(st, 0, {"type": "move", "zone": "SEC-w"})
    assert "Resolve check" in texts(ev3)  # on foot, the check is rolled


# ---------------------------------------------------------------------------------------------
# O118 / O119: boss attack cards and moods


def test_o118_radial_attacks_pass_through_walls_others_need_sight():
    from rules.endure.bosses import boss_of, reach, spawn_boss

    st = fresh(2)
    st.survivors[0].zone = "SEC-a"
    st.survivors[1].zone = "LAB-b"
    turn = turn_for(st)
    titan = spawn_boss(st, turn, "titan", "SEC-z", marked=False)  # SEC-a sees SEC-z (next door)
    b = boss_of(st, titan)
    cards = content().bosses["titan"].cards
    assert reach(st, titan, cards["bone-spit"], b) == [0]  # range 1, in sight
    titan.zone = "SEC-c"  # behind a wall from SEC-a, two edge-steps away
    assert "SEC-c" not in sight(st, "SEC-a")
    assert reach(st, titan, cards["bone-spit"], b) == []
    slam = cards["ground-slam"]  # radial range 1
    assert slam.radial
    titan.zone = "SEC-b"
    assert reach(st, titan, slam, b) == [0]


def test_o118_the_card_picks_its_victim_lowest_health(monkeypatch):
    from rules.endure.bosses import attack, boss_of, spawn_boss

    st = fresh(2)
    for s in st.survivors:
        s.zone = "SEC-b"
    st.survivors[0].health -= 3
    turn = turn_for(st)
    titan = spawn_boss(st, turn, "titan", "SEC-b", marked=False)
    card = content().bosses["titan"].cards["hurl-debris"]  # target = lowest
    Script(monkeypatch, Hurl_Debris=[[6, 6]], injury_die=[["none"]])
    turn = turn_for(st)
    attack(st, turn, titan, boss_of(st, titan), card, [0, 1])
    assert len([e for e in turn.events if "Hurl Debris on" in e.text]) == 1  # one victim, one roll
    assert st.survivors[0].health == st.survivors[0].max_health - 5  # the hurt one takes both hits
    assert st.survivors[1].health == st.survivors[1].max_health


def test_o119_moods_change_range_hit_dice_and_actions(monkeypatch):
    from rules.endure.bosses import attack, boss_of, reach, spawn_boss

    st = fresh(1)
    st.survivors[0].zone = "SEC-a"
    turn = turn_for(st)
    titan = spawn_boss(st, turn, "titan", "SEC-b", marked=False)
    b = boss_of(st, titan)
    cards = content().bosses["titan"].cards
    st.survivors[0].zone = "SEC-w"  # next door to SEC-b, in sight
    execution = cards["execution"]  # range 0
    assert reach(st, titan, execution, b) == []
    primus_cards = content().bosses["primus"].cards
    assert primus_cards["fixated"].range == 1
    pr = spawn_boss(st, turn, "primus", "SEC-b", marked=False)
    pb = boss_of(st, pr)
    assert reach(st, pr, primus_cards["gore"], pb) == []
    pb.mood = "fixated"
    assert reach(st, pr, primus_cards["gore"], pb) == [0]  # +1 range
    # Bloodlust: hit -1; Enraged: +1 die
    st.survivors[0].zone = "SEC-b"
    for mood_key, expect in (("bloodlust", "(4 dice, 2+)"), ("enraged", "(5 dice, 3+)")):
        b.mood = mood_key
        script = Script(monkeypatch, injury_die=[["none"]])
        script.add("Execution", [1] * (5 if mood_key == "enraged" else 4))
        turn = turn_for(st)
        attack(st, turn, titan, b, execution, [0])
        assert any(expect in e.text for e in turn.events if "Execution" in e.text), mood_key


def test_o119_a_speed_mood_adds_a_boss_action(monkeypatch):
    from rules.endure.bosses import boss_of, boss_turn, spawn_boss
    from rules.endure.phases import _step

    st = fresh(1)
    st.survivors[0].zone = "LAB-b"
    turn = turn_for(st)
    titan = spawn_boss(st, turn, "titan", "SEC-a", marked=False)
    b = boss_of(st, titan)
    titan.mode, titan.target = "active", "NAV-a"
    b.deck = ["execution"] * 3
    b.mood = ""
    boss_turn(st, turn, titan, _step)
    plain = [e.text for e in turn.events if e.text.startswith("The Titan moves")]
    titan.zone = "SEC-a"
    titan.target = "NAV-a"
    b.deck = ["execution"] * 3
    b.mood = "stalking"  # +1 action
    turn = turn_for(st)
    boss_turn(st, turn, titan, _step)
    fast = [e.text for e in turn.events if e.text.startswith("The Titan moves")]
    assert len(plain) == 2 and len(fast) == 3


# ---------------------------------------------------------------------------------------------
# Q130 / Q131 / Q133: the Refuge


def _refuge(kill: bool = False):
    from .test_endure_campaign import won_cg04

    st, medic = won_cg04(kill=kill)
    assert st.phase == "refuge"
    return st, medic


@pytest.mark.parametrize(("faces", "change"), [([1, 1], -1), ([2, 2], 1), ([3, 4], 2), ([6, 5], 3)])
def test_q130_infirmary_reads_the_health_table(monkeypatch, faces, change):
    st, medic = _refuge()
    s = st.survivors[medic]
    s.max_health = s.health + 5  # room to heal
    before = s.health
    Script(monkeypatch, at_the_infirmary=[faces])
    st2, _ = S.apply(st, s.seat, {"type": "visit", "survivor": medic, "place": "infirmary"})
    assert st2.survivors[medic].health == before + change


@pytest.mark.parametrize(("faces", "change"), [([1, 2], -2), ([3, 3], 1), ([5, 5], 2), ([6, 6], 4)])
def test_q130_loved_ones_reads_the_resolve_table(monkeypatch, faces, change):
    st, medic = _refuge()
    s = st.survivors[medic]
    s.resolve = 5
    Script(monkeypatch, with_loved_ones=[faces])
    st2, _ = S.apply(st, s.seat, {"type": "visit", "survivor": medic, "place": "loved-ones"})
    assert st2.survivors[medic].resolve == 5 + change


def test_q131_trading_post_three_cards_no_noise_two_for_one_never_refilled():
    st, medic = _refuge()
    items = content().items
    assert len(st.trading_post) == 3 and all(items[k].kind != "noise" for k in st.trading_post)
    s = st.survivors[medic]
    strip(st, medic)
    give(st, medic, "pistol")
    give(st, medic, "plasma-cutter")
    give(st, medic, "swarmer-leg")
    want = st.trading_post[0]
    before = S.dumps(st)
    with pytest.raises(RuleError, match="exactly two"):
        S.apply(
            st, s.seat, {"type": "visit", "survivor": medic, "place": "trading-post", "take": want, "give": ["pistol"]}
        )
    assert S.dumps(st) == before
    st2, _ = S.apply(
        st,
        s.seat,
        {"type": "visit", "survivor": medic, "place": "trading-post", "take": want, "give": ["pistol", "swarmer-leg"]},
    )
    carried = [it.card for stack in st2.survivors[medic].slots for it in stack]
    assert want in carried and "pistol" not in carried and "swarmer-leg" not in carried
    assert len(st2.trading_post) == 2  # not replenished
    assert sorted(st2.trading_post) == sorted(st.trading_post[1:])


def test_q131_noise_cards_are_skipped_when_the_post_is_stocked():
    from rules.core import Turn
    from rules.endure.refuge import enter_refuge

    st, _ = _refuge()
    st.phase = "survivors"
    st.campaign_done = []
    noise = next(k for k, c in content().items.items() if c.kind == "noise")
    st.item_deck = ["med-kit", "pistol", noise, noise, "shotgun"]  # drawn from the end
    enter_refuge(st, Turn(st, None))
    assert st.trading_post == ["shotgun", "pistol", "med-kit"]


def test_q133_dying_at_the_refuge_loses_the_gear_and_the_player_picks_a_new_survivor(monkeypatch):
    st, medic = _refuge()
    s = st.survivors[medic]
    s.health = 1
    give(st, medic, "shotgun")
    Script(monkeypatch, at_the_infirmary=[[1, 1]])  # 2: -1 Health
    st2, ev = S.apply(st, s.seat, {"type": "visit", "survivor": medic, "place": "infirmary"})
    dead = st2.survivors[medic]
    assert not dead.alive and not dead.slots and not dead.body and not dead.head
    assert "dead" in texts(ev)
    prompts = S.pending(st2)
    assert any(p.seat == s.seat and p.default.get("type") == "recruit" for p in prompts)
    fresh_key = next(a["survivor"] for a in S.legal(st2, s.seat) if a["type"] == "recruit")
    assert fresh_key not in st2.used_keys
    st3, _ = S.apply(st2, s.seat, {"type": "recruit", "replace": medic, "survivor": fresh_key})
    assert st3.survivors[medic].alive and st3.survivors[medic].key == fresh_key


# ---------------------------------------------------------------------------------------------
# P124: a mission that can no longer be won ends (found by the whole-mission property test: games
# stalled for ever once the only survivor able to do a class-bound objective had died)


def test_p124_losing_the_only_engineer_before_the_generator_is_fixed_fails_cg03():
    from rules.endure.world import kill_survivor

    st = S.setup(["a", "b"], {"mission": "CG03", "crew": "engineer-a+marine-a"}, 3)
    st.survivors[0].health = 1
    turn = turn_for(st)
    kill_survivor(st, turn, 0)
    st2, _ = S.apply(st, S.pending(st)[0].seat, {"type": "end"})
    out = S.outcome(st2)
    assert out is not None and out.result == "loss"
    assert "needs the Engineer" in out.summary


def test_p124_the_engineer_alive_keeps_cg03_going():
    st = S.setup(["a", "b"], {"mission": "CG03", "crew": "engineer-a+marine-a"}, 3)
    st2, _ = S.apply(st, S.pending(st)[0].seat, {"type": "end"})
    assert S.outcome(st2) is None or "Engineer" not in S.outcome(st2).summary


def test_p124_rop16_without_any_med_kit_left_cannot_be_won():
    st = S.setup(["a", "b"], {"mission": "ROP16", "crew": "medic-a+marine-a"}, 4)
    for s in st.survivors:
        s.slots = [[it for it in stack if not it.card.startswith("med-kit")] for stack in s.slots]
        s.slots = [stack for stack in s.slots if stack]
    st.item_deck = [k for k in st.item_deck if not k.startswith("med-kit")]
    st2, _ = S.apply(st, S.pending(st)[0].seat, {"type": "end"})
    out = S.outcome(st2)
    assert out is not None and out.result == "loss" and "Med Kit" in out.summary
    st.item_deck.append("med-kit")  # one kit still in the deck: play goes on
    st3, _ = S.apply(st, S.pending(st)[0].seat, {"type": "end"})
    assert S.outcome(st3) is None or "Med Kit" not in S.outcome(st3).summary


def test_c013_melee_hits_go_to_sentries_still_standing(monkeypatch):
    """C013 (found by the balance player): a blow on a Sentry already shut down was wasted on it again."""
    st = S.setup(["a", "b"], {"mission": "C013", "crew": "technician-a+marine-b"}, 5)
    st.radar, st.enemies, st.event_deck = [], [], []
    si = S.current(st)
    s = st.survivors[si]
    strip(st, si)
    give(st, si, "fire-axe")
    (down,) = place(st, "artemis", s.zone)
    down.stunned = True
    (up,) = place(st, "artemis", s.zone)
    Script(monkeypatch, attacks=[[6, 1]])
    st2, ev = S.apply(st, s.seat, {"type": "attack", "weapon": "fire-axe", "zone": s.zone})
    by_id = {e.id: e for e in st2.enemies}
    assert by_id[up.id].stunned and by_id[down.id].stunned  # the one hit went to the standing Sentry
    assert f"Artemis {up.id} is shut down" in texts(ev)
