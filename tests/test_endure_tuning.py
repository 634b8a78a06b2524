"""Endure the Stars: rule fixes found while balancing the never-won missions (session 3, issue 5)."""

from __future__ import annotations

from rules.endure import SYSTEM as S
from rules.endure.phases import check_end

from .test_endure_support import Script, fresh, give, place, strip, turn_for


def _cg01(seed: int = 3):
    st = S.setup(["p0", "p1", "p2"], {"mission": "CG01"}, seed)
    st.radar, st.enemies, st.pool = [], [], []
    return st


def _no_cells_anywhere(st) -> None:
    st.item_deck = [k for k in st.item_deck if k != "power-cell"]
    st.set_aside = [k for k in st.set_aside if k != "power-cell"]
    for o in st.objectives:
        if o.colour == "blue":
            o.done = True
    for s in st.survivors:
        for stack in s.slots:
            stack[:] = [it for it in stack if it.card != "power-cell"]
        s.slots = [stack for stack in s.slots if stack]


def test_cg01_is_lost_once_no_power_cell_is_left_to_run_the_loader():
    st = _cg01()
    _no_cells_anywhere(st)
    turn = turn_for(st)
    assert check_end(st, turn)
    assert st.result == "loss"
    assert "no power left" in st.summary


def test_cg01_goes_on_while_a_cell_is_left_somewhere():
    for where in ("deck", "hands", "set aside"):
        st = _cg01()
        _no_cells_anywhere(st)
        if where == "deck":
            st.item_deck.append("power-cell")
        elif where == "hands":
            give(st, 0, "power-cell")
        else:
            st.set_aside.append("power-cell")
        assert not check_end(st, turn_for(st)), where
        assert st.result == ""


def test_cg01_a_spent_cell_in_hand_is_no_power_but_a_running_loader_is():
    st = _cg01()
    _no_cells_anywhere(st)
    give(st, 0, "power-cell").charges = 2
    assert check_end(st, turn_for(st)) and st.result == "loss"
    st = _cg01()
    _no_cells_anywhere(st)
    st.loader_pilot, st.loader_powered = 0, True  # the last charge is still running this round
    assert not check_end(st, turn_for(st))


def test_cg01_with_both_doors_sealed_needs_no_more_power():
    st = _cg01()
    _no_cells_anywhere(st)
    for o in st.objectives:
        if o.colour == "green":
            o.done = True
    place(st, "swarmer", "LS-b")  # kill_all is still open, but that needs no Loader
    assert not check_end(st, turn_for(st))


def test_a_second_unjammed_copy_of_a_weapon_can_still_fire(monkeypatch):
    st = fresh(2)
    si = S.current(st)
    s = st.survivors[si]
    strip(st, si)
    a = give(st, si, "shotgun")
    give(st, si, "shotgun")  # not dual-wieldable: two separate slots
    assert len(s.slots) == 2
    s.jammed = [a.uid]
    place(st, "jaeger", s.zone, 2)
    legal = S.legal(st, s.seat)
    shot = {"type": "attack", "zone": s.zone, "weapon": "shotgun"}
    assert shot in legal
    Script(monkeypatch, attacks=[[5, 5, 2]])
    after, events = S.apply(st, s.seat, shot)
    assert "jammed" not in " ".join(e.text for e in events)
    assert after.survivors[si].actions == s.actions - 1


def test_a_lone_jammed_weapon_is_still_refused_and_the_state_kept():
    st = fresh(2)
    si = S.current(st)
    s = st.survivors[si]
    strip(st, si)
    a = give(st, si, "shotgun")
    s.jammed = [a.uid]
    place(st, "jaeger", s.zone, 1)
    shot = {"type": "attack", "zone": s.zone, "weapon": "shotgun"}
    assert shot not in S.legal(st, s.seat)
    before = S.dumps(st)
    import pytest

    from rules.core import RuleError

    with pytest.raises(RuleError, match="jammed"):
        S.apply(st, s.seat, shot)
    assert S.dumps(st) == before


def _cg05_carrier(seed: int = 2):
    st = S.setup(["p0", "p1", "p2"], {"mission": "CG05"}, seed)
    st.radar, st.enemies, st.pool = [], [], []
    st.event_deck = ["screams"] * 5
    si = S.current(st)
    crew = next(o for o in st.objectives if o.colour == "white")
    crew.done, crew.carried_by = True, si
    st.survivors[si].zone = "REC-w"  # next to the exit REC-x
    return st, si, crew.id


def test_cg05_a_carrier_reaching_the_exit_hands_the_crew_member_over_and_stays():
    st, si, oid = _cg05_carrier()
    s = st.survivors[si]
    resolve = s.resolve = 8
    after, events = S.apply(st, s.seat, {"type": "move", "zone": "REC-x"})
    crew = next(o for o in after.objectives if o.id == oid)
    assert crew.delivered and crew.carried_by == -1
    a = after.survivors[si]
    assert a.zone == "REC-x" and not a.exited and a.resolve == resolve + 1
    assert "safety" in " ".join(e.text for e in events)
    assert after.result == ""  # two more to bring home


def test_cg05_no_handover_through_a_locked_exit():
    st, si, oid = _cg05_carrier()
    st.event = "lockdown"
    after, _ = S.apply(st, st.survivors[si].seat, {"type": "move", "zone": "REC-x"})
    crew = next(o for o in after.objectives if o.id == oid)
    assert not crew.delivered and crew.carried_by == si


def test_cg05_the_last_crew_member_home_wins_with_everyone_still_aboard():
    st, si, oid = _cg05_carrier()
    for o in st.objectives:
        if o.id != oid:
            o.done, o.delivered = True, True
    after, _ = S.apply(st, st.survivors[si].seat, {"type": "move", "zone": "REC-x"})
    assert after.result == "win"
    assert not any(s.exited for s in after.survivors)


def test_cg09_is_lost_when_fewer_hands_are_left_than_vials_to_carry_out():
    st = S.setup(["p0", "p1", "p2"], {"mission": "CG09"}, 4)
    st.radar, st.enemies, st.pool = [], [], []
    assert not check_end(st, turn_for(st))
    st.survivors[2].alive = False  # two survivors cannot carry three vials (one each)
    st.survivors[2].health = 0
    assert check_end(st, turn_for(st))
    assert st.result == "loss" and "Too few survivors" in st.summary


def test_cg09_a_caught_vial_keeps_the_mission_alive():
    st = S.setup(["p0", "p1", "p2"], {"mission": "CG09"}, 4)
    st.radar, st.enemies, st.pool = [], [], []
    vials = [o for o in st.objectives if o.colour == "blue"]
    vials[0].done, vials[0].carried_by = True, 0
    vials[1].done, vials[1].carried_by = True, 0  # caught from a fallen carrier: two in one pair of hands
    st.survivors[2].alive = False
    st.survivors[2].health = 0
    assert not check_end(st, turn_for(st))
    vials[0].carried_by = vials[1].carried_by = -1
    vials[0].delivered = vials[1].delivered = True  # two already out: one pair of hands is enough
    st.survivors[1].alive = False
    st.survivors[1].health = 0
    assert not check_end(st, turn_for(st))


def test_cg09_a_crew_of_two_shares_out_the_three_vials():
    from rules.endure.world import carry_cap

    assert carry_cap(S.setup(["p0", "p1", "p2"], {"mission": "CG09"}, 4)) == 1  # the book: one each
    st = S.setup(["p0", "p1"], {"mission": "CG09"}, 4)
    assert carry_cap(st) == 2  # our row for small crews: still winnable
    assert not check_end(st, turn_for(st))
    solo = S.setup(["p0"], {"mission": "CG09"}, 4)
    assert carry_cap(solo) == 3
    assert carry_cap(S.setup(["p0", "p1"], {"mission": "CG05"}, 4)) == 1  # escorts go home one at a time


def test_cg08_the_solomon_is_silent_until_it_is_collected():
    from rules.endure.following import follow_noise
    from rules.endure.state import PERMANENT

    st = S.setup(["a", "b"], {"mission": "CG08", "crew": "engineer-a+medic-a"}, 3)
    sol = next(e for e in st.enemies if e.kind == "solomon")
    assert sol.marked
    follow_noise(st, turn_for(st))
    assert not any(n.res_round == PERMANENT for n in st.noise)  # it drew every contact from round 1 before
    trophy = next(o for o in st.objectives if o.id == "trophy")
    st.enemies.remove(sol)
    trophy.done, trophy.carried_by = True, 0
    follow_noise(st, turn_for(st))
    assert any(n.level == 5 and n.res_round == PERMANENT and n.zone == st.survivors[0].zone for n in st.noise)


def test_cg08_the_engineer_falling_with_the_solomon_says_so():
    from rules.endure.world import kill_survivor

    st = S.setup(["a", "b"], {"mission": "CG08", "crew": "engineer-a+medic-a"}, 3)
    sol = next(e for e in st.enemies if e.kind == "solomon")
    st.enemies.remove(sol)
    eng = next(i for i, s in enumerate(st.survivors) if s.key == "engineer-a")
    trophy = next(o for o in st.objectives if o.id == "trophy")
    trophy.done, trophy.carried_by = True, eng
    turn = turn_for(st)
    kill_survivor(st, turn, eng)
    assert check_end(st, turn) and st.result == "loss"
    assert "fell with the Solomon" in st.summary  # it used to claim the Solomon had been killed


def test_cg01_no_contact_spawns_inside_a_sealed_primus_cell():
    from rules.endure.phases import draw_event

    for seed in range(12):
        st = _cg01(seed)
        st.pool = ["4 swarmer"] * 3
        for d in ("CQ-a|CQ-d", "CQ-c|CQ-d", "CQ-c|CQ-w"):
            st.doors[d] = "sealed"
        st.event_deck = ["spawn-cq"]
        st.event = ""
        draw_event(st, turn_for(st))
        assert st.radar and all(t.zone not in ("CQ-a", "CQ-c") for t in st.radar), seed
        # (it stalled: a contact in a sealed cell can never be reached, so 'kill them all' never came)


def test_c013_is_lost_when_no_technician_is_left_to_reprogram_the_sentries_still_needed():
    from rules.endure.world import kill_survivor

    st = S.setup(["a", "b", "c"], {"mission": "C013", "crew": "technician-a+marine-a+medic-a"}, 3)
    tech = next(i for i, s in enumerate(st.survivors) if s.key == "technician-a")
    st.escaped = 3
    turn = turn_for(st)
    kill_survivor(st, turn, tech)
    assert check_end(st, turn) and st.result == "loss" and "No Technician" in st.summary
    st = S.setup(["a", "b", "c"], {"mission": "C013", "crew": "technician-a+marine-a+medic-a"}, 3)
    st.escaped = 4  # enough are home already: the others may still walk out and win
    turn = turn_for(st)
    kill_survivor(st, turn, next(i for i, s in enumerate(st.survivors) if s.key == "technician-a"))
    assert not check_end(st, turn)
