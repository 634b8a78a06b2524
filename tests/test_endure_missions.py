"""Endure the Stars: mission rules (objectives, exits, objects, specials) on the real mission maps."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.endure.content import content
from rules.endure.phases import enemy_phase, start_turn
from rules.endure.world import event_effect, kill_survivor, move_cap

from .test_endure_support import PLAIN_CREW, S, Script, give, place, strip, token, turn_for


def mission(key: str, n: int = 2, crew: str = "", seed: int = 3):
    crew = crew or "+".join(PLAIN_CREW[:n])
    st = S.setup([f"p{i}" for i in range(n)], {"mission": key, "crew": crew}, seed)
    st.radar = []
    st.enemies = []
    st.noise = []
    st.event_deck = []
    st.event_discard = []
    st.event = content().missions[key].start_event
    return st


def current(st):
    return st.order[st.turn_pos]


def refused(st, seat, action, match):
    before = S.dumps(st)
    with pytest.raises(RuleError, match=match):
        S.apply(st, seat, action)
    assert S.dumps(st) == before


def test_every_mission_sets_up_for_one_to_six():
    for key, m in content().missions.items():
        for n in (1, 3, 6):
            st = S.setup([f"p{i}" for i in range(n)], {"mission": key}, 1)
            assert len(st.survivors) == n
            for klass in m.needs:
                assert any(content().survivors[s.key].klass.lower() == klass for s in st.survivors)
            assert S.pending(st) or S.outcome(st)


def test_cg01_loader_seals_a_cell(monkeypatch):
    st = mission("CG01")
    place(st, "swarmer", "CQ-a", 3)
    token(st, "CQ-a", "4 jaeger")
    si = current(st)
    st.survivors[si].zone = "CQ-d"
    seat = st.survivors[si].seat
    refused(
        st,
        seat,
        {"type": "attack", "weapon": "pistol", "zone": "CQ-d", "object": "west-cell"},
        "Exo Loader|has no",
    )
    st.loader_zone, st.loader_pilot, st.loader_powered = "CQ-d", si, True
    Script(monkeypatch, attacks=[[3, 3, 1]])
    st2, _ = S.apply(st, seat, {"type": "attack", "weapon": "loader", "zone": "CQ-d", "object": "west-cell"})
    cell = next(o for o in st2.objectives if o.id == "west-cell")
    assert cell.done and cell.hp == 0
    assert st2.doors["CQ-a|CQ-d"] == "sealed"
    assert not any(e.zone == "CQ-a" for e in st2.enemies) and not any(t.zone == "CQ-a" for t in st2.radar)


def test_cg01_hive_spawns_in_a_cell(monkeypatch):
    st = mission("CG01")
    Script(monkeypatch, the_Hive=[[2]])
    turn = turn_for(st)
    enemy_phase(st, turn)
    assert len(st.radar) == 1 and st.radar[0].zone in {"CQ-a", "CQ-c"}


def test_cg02_specimen_exit_and_carrier_death():
    st = mission("CG02")
    si = current(st)
    seat = st.survivors[si].seat
    s = st.survivors[si]
    s.zone = "LAB-b"
    st2, _ = S.apply(st, seat, {"type": "interact", "objective": "specimen"})
    s2 = st2.survivors[si]
    assert s2.health == s.max_health - 1 and s2.resolve == 9
    assert next(o for o in st2.objectives if o.id == "specimen").carried_by == si
    st2.survivors[si].zone = "SEC-z"
    refused(st2, seat, {"type": "exit"}, "locked")
    st2.exits_open = True
    st3, _ = S.apply(st2, seat, {"type": "exit"})
    assert st3.survivors[si].exited
    turn = turn_for(st2)
    kill_survivor(st2, turn, si)
    assert st2.failed


def test_cg02_carrier_cannot_dual_wield(monkeypatch):
    st = mission("CG02")
    si = current(st)
    seat = st.survivors[si].seat
    strip(st, si)
    give(st, si, "pistol")
    give(st, si, "pistol")
    next(o for o in st.objectives if o.id == "specimen").carried_by = si
    st.objectives[0].done = True
    st.survivors[si].zone = "SEC-b"
    place(st, "swarmer", "SEC-c")
    Script(monkeypatch, attacks=[[6]])
    _, ev = S.apply(st, seat, {"type": "attack", "weapon": "pistol", "zone": "SEC-c"})
    assert "single weapon" in "\n".join(e.text for e in ev)


def test_cg03_engineer_fixes_gravity():
    st = mission("CG03", crew="engineer-a+medic-a")
    assert event_effect(st) == "gravity"
    eng = next(i for i, s in enumerate(st.survivors) if s.key == "engineer-a")
    st.turn_pos = st.order.index(eng)
    st.survivors[eng].actions = 3
    st.survivors[eng].zone = "ENG-a"
    seat = st.survivors[eng].seat
    st2, _ = S.apply(st, seat, {"type": "interact", "objective": "generator"})
    assert event_effect(st2) == "gravity"
    st3, _ = S.apply(st2, seat, {"type": "interact", "objective": "generator"})
    assert event_effect(st3) == ""
    assert "gravity" not in [content().events[k].effect for k in st3.event_deck]


def test_cg04_only_the_medic_collects_and_one_exit():
    st = mission("CG04", crew="medic-a+scout-b")
    medic = next(i for i, s in enumerate(st.survivors) if s.key == "medic-a")
    scout = 1 - medic
    st.turn_pos = st.order.index(scout)
    st.survivors[scout].actions = 3
    st.survivors[scout].zone = "MED-a"
    refused(st, st.survivors[scout].seat, {"type": "interact", "objective": "supplies"}, "Only the Medic")
    st.survivors[scout].zone = "REC-z"
    st2, _ = S.apply(st, st.survivors[scout].seat, {"type": "exit"})
    assert st2.exit_used == "REC-z"
    st2.turn_pos = st2.order.index(medic)
    st2.survivors[medic].actions = 3
    st2.survivors[medic].zone = "HYD-x"
    refused(st2, st2.survivors[medic].seat, {"type": "exit"}, "same exit")
    assert {"type": "exit"} not in S.legal(st2, st2.survivors[medic].seat)
    st2.survivors[medic].zone = "REC-z"
    assert {"type": "exit"} in S.legal(st2, st2.survivors[medic].seat)


def test_cg05_escort_delivers_and_wins():
    st = mission("CG05", n=1)
    s = st.survivors[0]
    for o in st.objectives:
        if o.id != "crew-1":
            o.done, o.delivered = True, True
    s.zone = "CQ-d"
    st2, _ = S.apply(st, 0, {"type": "interact", "objective": "crew-1"})
    assert move_cap(st2, st2.survivors[0]) == 2
    st2.survivors[0].zone = "REC-x"
    st2.survivors[0].resolve = 8
    st2.survivors[0].resolve_cards = []
    st3, _ = S.apply(st2, 0, {"type": "exit"})
    assert st3.survivors[0].resolve == 9
    out = S.outcome(st3)
    assert out is not None and out.result == "win"


def test_cg09_vial_passes_on_or_is_lost():
    st = mission("CG09", n=3)
    a, b = st.order[0], st.order[1]
    vial = st.objectives[0]
    vial.done, vial.carried_by = True, a
    st.survivors[a].zone = st.survivors[b].zone = "SEC-b"
    turn = turn_for(st)
    kill_survivor(st, turn, a)
    assert vial.carried_by == b and not st.failed
    st.survivors[b].zone = "NAV-a"
    st.survivors[st.order[2]].zone = "REC-a"
    kill_survivor(st, turn, b)
    assert st.failed


def test_cg09_carry_limit():
    st = mission("CG09", n=3)  # a crew of 3 carries one vial each (smaller crews share them out)
    si = current(st)
    st.objectives[0].done, st.objectives[0].carried_by = True, si
    st.survivors[si].zone = "CQ-d"
    refused(st, st.survivors[si].seat, {"type": "interact", "objective": "vial-2"}, "more than 1")


def test_cg10_terminals_open_engineering(monkeypatch):
    st = mission("CG10", n=1)
    s = st.survivors[0]
    strip(st, 0)
    give(st, 0, "plasma-cutter")
    for o in st.objectives[1:3]:
        o.done, o.hp = True, 0
    s.zone = "SEC-a"
    Script(monkeypatch, attacks=[[5, 6, 2]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SEC-a", "object": "terminal-1"})
    assert st2.doors["ENG-a|ENG-w"] == "open" and st2.doors["ENG-c|ENG-y"] == "open"
    st2.survivors[0].zone = "ENG-y"
    st3, _ = S.apply(st2, 0, {"type": "move", "zone": "ENG-c"})
    out = S.outcome(st3)
    assert out is not None and out.result == "win"


def test_c012_rusty_sentries_and_kill_switch(monkeypatch):
    st = mission("C012", n=2, crew="technician-b+medic-a")
    (sip,) = place(st, "sip", "SEC-b")
    script = Script(monkeypatch)
    script.add("rust check", [1])
    turn = turn_for(st)
    enemy_phase(st, turn)
    assert sip.stunned and sip.zone == "SEC-b"
    st = mission("C012", n=2, crew="technician-b+medic-a")
    si = current(st)
    st.survivors[si].zone = "ROB-d"
    st2, _ = S.apply(st, st.survivors[si].seat, {"type": "interact", "objective": "kill-switch"})
    assert S.outcome(st2).result == "win"


def test_rop17_terminal_backlash(monkeypatch):
    st = mission("ROP17", n=1)
    strip(st, 0)
    give(st, 0, "plasma-cutter")
    st.survivors[0].zone = "SHR-a"
    script = Script(monkeypatch, attacks=[[5, 6, 2]])
    script.add("backlash", [2])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "plasma-cutter", "zone": "SHR-a", "object": "terminal-1"})
    s = st2.survivors[0]
    assert s.health == s.max_health - 2
    assert next(o for o in st2.objectives if o.id == "terminal-1").done


def test_rop18_ambush_and_shotgun():
    st = S.setup(["a", "b"], {"mission": "ROP18"}, 4)
    kinds = sorted(e.kind for e in st.enemies)
    assert kinds.count("zealot") == 4 and kinds.count("fanatic") == 2
    weapons = {it.card for s in st.survivors for stack in s.slots for it in stack}
    assert weapons == {"shotgun", "plasma-cutter"}


def _p20_primus_in_sight(hp: int):
    """A solo P20 game: the Primus (15 Health in all) next door to a survivor holding an Assault Rifle."""
    from rules.endure.bosses import spawn_boss

    st = mission("P20", n=1)
    primus = spawn_boss(st, turn_for(st), "primus", "LAB-b", marked=False)
    primus.hp = hp
    strip(st, 0)
    give(st, 0, "assault-rifle")
    st.survivors[0].zone = "LAB-a"
    return st


def _primus(st):
    return next(e for e in st.enemies if e.kind == "primus")


def test_p20_primus_cannot_die(monkeypatch):
    """P20 special 'Immortal': a Primus brought to 0 Health is not killed; it stays on the board,
    stunned, at 0 Health for what is left of the round."""
    st = _p20_primus_in_sight(1)
    Script(monkeypatch, attacks=[[6, 5, 1, 2]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    p = _primus(st2)
    assert p.stunned and p.hp == 0 and st2.bosses[0].downed


def test_p20_a_knocked_out_primus_takes_no_more_damage_this_round(monkeypatch):
    """P20 'Immortal': while it lies stunned for the rest of the round the Primus cannot be hurt
    again; a second attack in the same round leaves it at 0 (it used to be back at 8 at once and lose
    Health to that second attack)."""
    st = _p20_primus_in_sight(1)
    Script(monkeypatch, attacks=[[6, 5, 1, 2], [6, 6, 5, 1]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    st3, ev = S.apply(st2, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    p = _primus(st3)
    assert p.hp == 0 and p.stunned and st3.bosses[0].downed
    assert "out cold" in "\n".join(e.text for e in ev)
    assert st3.survivors[0].actions == st2.survivors[0].actions - 1  # the attack itself still happens


def test_p20_other_harm_passes_a_knocked_out_primus_by(monkeypatch):
    """P20 'Immortal' with the blast and Life Support rules (L94, M105): nothing lowers the Primus
    below 0 or knocks it down a second time while it is out for the round."""
    from rules.endure.phases import detonate, draw_event

    st = _p20_primus_in_sight(1)
    Script(monkeypatch, attacks=[[6, 5, 1, 2]])
    st, _ = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    place(st, "fanatic", "LAB-b")
    place(st, "jaeger", "LAB-b")
    turn = turn_for(st)
    detonate(st, turn, "LAB-b", "a test blast")
    assert [e.kind for e in st.enemies if e.zone == "LAB-b"] == ["primus"]
    st.event_deck = ["life-support"]
    draw_event(st, turn)
    p = _primus(st)
    assert p.hp == 0 and st.bosses[0].downed
    assert sum("crashes down" in e.text for e in turn.events) == 0


def test_p20_the_primus_rises_at_half_health_when_the_next_round_begins(monkeypatch):
    """P20 'Immortal': the stun lasts to the end of the round (the Primus skips the Enemy phase); as
    the following round begins it is back with half its total Health, rounded up (15 -> 8)."""
    st = _p20_primus_in_sight(1)
    Script(monkeypatch, attacks=[[6, 5, 1, 2]])
    st2, _ = S.apply(st, 0, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    st3, ev = S.apply(st2, 0, {"type": "end"})
    lines = [e.text for e in ev]
    assert not any("Primus attack card" in t for t in lines)  # out cold through the Enemy phase
    rise = next(k for k, t in enumerate(lines) if "rises again with 8 Health" in t)
    assert rise > next(k for k, t in enumerate(lines) if t == f"Round {st.round + 1}: Survivor phase.")
    p = _primus(st3)
    assert st3.round == st.round + 1 and p.hp == 8 and not p.stunned and not st3.bosses[0].downed


def test_cg08_capture_drag_and_noise(monkeypatch):
    from rules.endure.following import follow_noise
    from rules.endure.state import PERMANENT

    st = mission("CG08", crew="engineer-a+medic-a")
    st.enemies = [e for e in S.setup(["a", "b"], {"mission": "CG08", "crew": "engineer-a+medic-a"}, 3).enemies]
    sol = next(e for e in st.enemies if e.kind == "solomon")
    assert sol.marked
    eng = next(i for i, s in enumerate(st.survivors) if s.key == "engineer-a")
    st.turn_pos = st.order.index(eng)
    st.survivors[eng].actions = 3
    st.survivors[eng].zone = sol.zone
    st2, _ = S.apply(st, st.survivors[eng].seat, {"type": "interact", "objective": "trophy"})
    trophy = st2.objectives[0]
    assert trophy.carried_by == eng and not any(e.kind == "solomon" for e in st2.enemies)
    turn = turn_for(st2)
    follow_noise(st2, turn)
    assert any(n.level == 5 and n.res_round == PERMANENT and n.zone == sol.zone for n in st2.noise)
    Script(monkeypatch, drags_the_Solomon=[[6]])
    st2.turn_pos = st2.order.index(eng)
    start_turn(st2, turn)
    assert st2.survivors[eng].actions == 3


def test_cg08_the_howl_starts_at_capture_and_follows_the_engineer():
    """CG08 'Cry for help': the level 5 noise is placed as soon as the Solomon is collected and stays
    in the dragging Engineer's zone as the Engineer moves, during the Survivor phase too."""
    from rules.endure.state import PERMANENT

    st = S.setup(["a", "b"], {"mission": "CG08", "crew": "engineer-a+medic-a"}, 3)
    st.radar, st.event_deck = [], []
    st.enemies = [e for e in st.enemies if e.kind == "solomon"]
    eng = next(i for i, s in enumerate(st.survivors) if s.key == "engineer-a")
    st.turn_pos = st.order.index(eng)
    st.survivors[eng].actions = 3
    st.survivors[eng].zone = "REC-a"
    seat = st.survivors[eng].seat
    st, _ = S.apply(st, seat, {"type": "interact", "objective": "trophy"})
    assert [n.zone for n in st.noise if n.res_round == PERMANENT] == ["REC-a"]
    st, _ = S.apply(st, seat, {"type": "move", "zone": "REC-w"})
    assert [n.zone for n in st.noise if n.res_round == PERMANENT] == ["REC-w"]


def test_cg08_killing_the_solomon_fails():
    st = S.setup(["a", "b"], {"mission": "CG08", "crew": "engineer-a+medic-a"}, 3)
    st.enemies = [e for e in st.enemies if e.kind != "solomon"]
    st2, _ = S.apply(st, S.pending(st)[0].seat, {"type": "noise", "level": 1})
    assert S.outcome(st2).result == "loss"


def test_cg11_pilot_start_and_pin(monkeypatch):
    from rules.endure.bosses import spawn_boss
    from rules.endure.phases import resolution_phase

    st = S.setup(["a", "b"], {"mission": "CG11", "crew": "medic-a+scout-b"}, 5)
    assert st.loader_pilot >= 0 and st.survivors[st.loader_pilot].zone == "ENG-a"
    assert any(it.card == "power-cell" for stack in st.survivors[st.loader_pilot].slots for it in stack)
    assert st.set_aside.count("power-cell") == 4
    assert sum(1 for t in st.radar if t.token == "1 titan" and t.zone in {"LAB-a", "LS-b", "SEC-b"}) == 1
    st.radar, st.event_deck, st.event_discard = [], [], []
    turn = turn_for(st)
    titan = spawn_boss(st, turn, "titan", "ENG-a", marked=False)
    titan.hp = 9  # of 20
    st.loader_powered = True
    resolution_phase(st, turn)
    assert S.outcome(st).result == "win"


def _cg11_titan(hp: int):
    """CG11 with nobody in the Loader: the Titan (20 Health in all) in LAB-b, a rifle next door in LAB-a."""
    from rules.endure.bosses import spawn_boss

    st = mission("CG11")
    st.loader_pilot = -1
    titan = spawn_boss(st, turn_for(st), "titan", "LAB-b", marked=False)
    titan.hp = hp
    si = current(st)
    strip(st, si)
    give(st, si, "assault-rifle")
    st.survivors[si].zone = "LAB-a"
    return st, si


def _titan_noise(st) -> list[str]:
    from rules.endure.state import PERMANENT

    return [n.zone for n in st.noise if n.res_round == PERMANENT and n.level == 5]


def test_cg11_the_titan_noise_starts_the_moment_it_drops_below_half(monkeypatch):
    """CG11 'Erm... a little help?': the level 5 noise goes into the Titan's zone as soon as its
    Health falls under half, in the middle of a survivor's turn, not at the next Enemy phase."""
    st, si = _cg11_titan(11)
    Script(monkeypatch, attacks=[[6, 6, 1, 2]])
    st2, ev = S.apply(st, st.survivors[si].seat, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    assert st2.phase == "survivors" and st2.enemies[0].hp == 9
    assert _titan_noise(st2) == ["LAB-b"]
    assert "follows the wounded Titan" in "\n".join(e.text for e in ev)


def test_cg11_no_titan_noise_at_exactly_half(monkeypatch):
    """CG11: the noise waits until the Titan is below half; at exactly half (10 of 20) there is none."""
    st, si = _cg11_titan(11)
    Script(monkeypatch, attacks=[[6, 1, 2, 3]])
    st2, _ = S.apply(st, st.survivors[si].seat, {"type": "attack", "weapon": "assault-rifle", "zone": "LAB-b"})
    assert st2.enemies[0].hp == 10 and _titan_noise(st2) == []


def test_cg11_the_titan_noise_moves_with_the_titan():
    """CG11: the permanent noise stays in whatever zone the Titan is in; contacts drawn to it keep
    after it as it moves, and nothing is left behind in the zones it walked out of."""
    from rules.endure.bosses import boss_of, boss_turn
    from rules.endure.following import follow_noise
    from rules.endure.phases import _step

    st, _ = _cg11_titan(9)
    turn = turn_for(st)
    follow_noise(st, turn)
    assert _titan_noise(st) == ["LAB-b"]
    for s in st.survivors:
        s.zone = "LAB-c"  # two steps away: LAB-b -> LAB-a -> LAB-c
    contact = token(st, "LAB-z", "4 swarmer")
    contact.mode, contact.target = "active", "LAB-b"
    titan = st.enemies[0]
    titan.mode = "active"
    boss_of(st, titan).deck = ["execution"]  # range 0: it has to walk in
    boss_turn(st, turn, titan, _step)
    assert titan.zone == "LAB-c"
    assert _titan_noise(st) == ["LAB-c"]
    assert contact.target == "LAB-c"


def test_cg11_the_titan_walking_through_a_noise_leaves_it_in_place():
    """Noise rules F39/F44 with CG11: a survivor's noise lasts until the Resolution phase; the Titan's
    louder noise passing through that zone drowns it out only while it is there, and does not wipe it."""
    from rules.endure.following import follow_noise
    from rules.endure.world import make_noise

    st, _ = _cg11_titan(9)
    turn = turn_for(st)
    make_noise(st, turn, "LAB-a", 3)
    follow_noise(st, turn)
    titan = st.enemies[0]
    for zone in ("LAB-a", "LAB-c"):
        titan.zone = zone
        follow_noise(st, turn)
    assert _titan_noise(st) == ["LAB-c"]
    assert [(n.zone, n.level) for n in st.noise if n.zone == "LAB-a"] == [("LAB-a", 3)]


def test_c015_wake_and_provoked_overdrive():
    st = mission("C015")
    si = current(st)
    st.survivors[si].zone = "ROB-b"
    st2, _ = S.apply(st, st.survivors[si].seat, {"type": "interact", "objective": "olympian"})
    assert any(e.kind == "olympian" for e in st2.enemies) and st2.woke
    assert st2.bosses[0].mood == ""
    st3, _ = S.apply(st, st.survivors[si].seat, {"type": "noise", "level": 3})
    assert not st3.woke
    st3.noise[0].level = 4
    turn = turn_for(st3)
    from rules.endure.sight import refresh_sight

    refresh_sight(st3, turn)
    assert st3.woke and st3.bosses[0].mood == "overdrive"
    assert all(s.resolve <= 8 for s in st3.survivors)


def _rop16_medic_beside_her():
    st = mission("ROP16", crew="medic-a+scout-b")
    medic = next(i for i, s in enumerate(st.survivors) if s.key == "medic-a")
    for i in range(len(st.survivors)):
        st.survivors[i].zone = st.objectives[0].zone
    st.turn_pos = st.order.index(medic)
    st.survivors[medic].actions = 3
    return st, medic


def test_rop16_sedate_and_carry(monkeypatch):
    """ROP16 'It's just a sedative' and 'Dead weight': sedating needs a Med Kit, and on a success the
    woman goes straight onto the Medic's dashboard for that one action; no second action lifts her."""
    st, medic = _rop16_medic_beside_her()
    seat = st.survivors[medic].seat
    refused(st, seat, {"type": "interact", "objective": "woman"}, "Med Kit")
    give(st, medic, "med-kit")
    Script(monkeypatch, sedates_her=[[4]])  # 4+ with one friend beside her
    st2, _ = S.apply(st, seat, {"type": "interact", "objective": "woman"})
    woman = st2.objectives[0]
    assert woman.progress == 1 and woman.done and woman.carried_by == medic
    assert st2.survivors[medic].actions == 2
    assert not any(it.card == "med-kit" for stack in st2.survivors[medic].slots for it in stack)
    assert {"type": "interact", "objective": "woman"} not in S.legal(st2, seat)
    refused(st2, seat, {"type": "interact", "objective": "woman"}, "nothing to interact")
    from rules.endure.specials import carrier_penalty

    assert carrier_penalty(st2, medic) == 1


def test_rop16_a_failed_sedation_leaves_her_loose(monkeypatch):
    """ROP16 'It's just a sedative': a missed roll still uses up the Med Kit and she stays in the zone."""
    st, medic = _rop16_medic_beside_her()
    give(st, medic, "med-kit")
    Script(monkeypatch, sedates_her=[[3]])
    st2, _ = S.apply(st, st.survivors[medic].seat, {"type": "interact", "objective": "woman"})
    woman = st2.objectives[0]
    assert woman.progress == 0 and not woman.done and woman.carried_by == -1
    assert woman.zone == st.objectives[0].zone


def test_rop16_a_fallen_carrier_drops_her_for_anyone_to_collect(monkeypatch):
    """ROP16 'She's not waking up anytime soon': if her carrier dies she drops in that zone and any
    other survivor can collect her with an Interact."""
    st, medic = _rop16_medic_beside_her()
    give(st, medic, "med-kit")
    Script(monkeypatch, sedates_her=[[6]])
    st, _ = S.apply(st, st.survivors[medic].seat, {"type": "interact", "objective": "woman"})
    kill_survivor(st, turn_for(st), medic)
    woman = st.objectives[0]
    assert woman.carried_by == -1 and not woman.done and woman.zone == st.survivors[medic].zone
    scout = 1 - medic
    st.turn_pos, st.survivors[scout].actions = st.order.index(scout), 3
    st2, _ = S.apply(st, st.survivors[scout].seat, {"type": "interact", "objective": "woman"})
    assert st2.objectives[0].carried_by == scout


def test_rop19_preacher_lair_and_guards(monkeypatch):
    st = mission("ROP19", n=1)
    strip(st, 0)
    give(st, 0, "persuader")
    st.survivors[0].zone = "SHR-d"
    Script(monkeypatch, which_shrine=[[5]])
    st2, _ = S.apply(st, 0, {"type": "move", "zone": "SHR-b"})
    assert st2.lair == "SHR-b"
    preacher = next(e for e in st2.enemies if e.kind == "preacher")
    assert preacher.zone == "SHR-b" and sum(1 for e in st2.enemies if e.kind == "zealot") == 2
    from rules.endure.casualties import allocate

    killed = allocate(st2, "SHR-b", 5, ["preacher"])
    assert all(e.kind == "zealot" for e in killed) and preacher.hp == st2.bosses[0].max_hp


def test_c013_shut_down_reactivate_and_walk_out(monkeypatch):
    from rules.endure.phases import begin_round

    st = mission("C013", crew="technician-a+marine-b")
    tech = next(i for i, s in enumerate(st.survivors) if s.key == "technician-a")
    st.turn_pos = st.order.index(tech)
    s = st.survivors[tech]
    s.actions = 3
    strip(st, tech)
    give(st, tech, "fire-axe")
    s.zone = "ARM-b"
    sentries = place(st, "sip", "ARM-b", 4)
    Script(monkeypatch, attacks=[[5, 5]])
    seat = s.seat
    st2, ev = S.apply(st, seat, {"type": "attack", "weapon": "fire-axe", "zone": "ARM-b"})
    assert "shut down" in "\n".join(e.text for e in ev)
    assert sum(1 for e in st2.enemies if e.stunned) == 1 and len(st2.enemies) == 4
    st3, _ = S.apply(st2, seat, {"type": "reactivate"})
    assert len(st3.allies) == 1 and st3.allies[0].target == "new"
    refused(st3, seat, {"type": "reactivate"}, "no shut-down")
    st3.allies[0].target = ""
    st3.allies[0].zone = "ARM-x"
    turn = turn_for(st3)
    begin_round(st3, turn)
    assert st3.escaped == 1 and not st3.allies
    st3.enemies = []
    st3.radar = []
    turn = turn_for(st3)
    from rules.endure.phases import check_end

    assert check_end(st3, turn) and st3.result == "loss"  # only one Sentry is left in the world
    _ = sentries


def test_rop17_shrine_offers_two_cards_keep_one():
    st = mission("ROP17", n=2)
    for s in st.survivors:
        s.zone = "SHR-d"
        strip(st, st.survivors.index(s))
    si = current(st)
    other = 1 - si
    st.item_deck = ["noise-1", "shotgun", "med-kit", "noise-2", "fire-axe", "pistol"]
    st2, _ = S.apply(st, st.survivors[si].seat, {"type": "interact", "objective": "shrine"})
    assert sorted(f.card for f in st2.survivors[si].found) == ["fire-axe", "pistol"]
    assert sorted(f.card for f in st2.survivors[other].found) == ["med-kit", "shotgun"]
    for a in S.legal(st2, st2.survivors[si].seat):
        assert S.parse(S.format(a), st2, st2.survivors[si].seat) == a
    refused(st2, st2.survivors[si].seat, {"type": "keep", "item": "shotgun"}, "Say which card you found to keep")
    st3, _ = S.apply(st2, st2.survivors[si].seat, {"type": "keep", "item": "pistol"})
    assert [it.card for stack in st3.survivors[si].slots for it in stack] == ["pistol"]
    assert not st3.survivors[si].found and st3.survivors[other].found
