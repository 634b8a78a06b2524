"""Endure the Stars: campaigns, carry-over between missions, and the Refuge."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.endure.content import content
from rules.endure.world import change_resolve, kill_survivor, resolve_test

from .test_endure_support import S, Script, turn_for


def won_cg04(n: int = 2, kill: bool = False, seed: int = 8):
    """A 'Best of a Terrible Situation' campaign just after CG04 was won."""
    crew = "+".join(["medic-a", "scout-b", "marine-a"][:n])
    st = S.setup([f"p{i}" for i in range(n)], {"campaign": "terrible", "crew": crew}, seed)
    assert st.mission == "CG04"
    st.radar, st.enemies, st.event_deck, st.event_discard = [], [], [], []
    medic = next(i for i, s in enumerate(st.survivors) if s.key == "medic-a")
    sup = st.objectives[0]
    sup.done, sup.carried_by = True, medic
    if kill:
        other = next(i for i in range(n) if i != medic)
        kill_survivor(st, turn_for(st), other)
    st.survivors[medic].injuries = ["leg"]
    st.survivors[medic].health -= 2
    for s in st.survivors:
        s.zone = "REC-z"
    while st.phase == "survivors":
        si = st.order[st.turn_pos]
        st, _ = S.apply(st, st.survivors[si].seat, {"type": "exit"})
    return st, medic


def test_campaign_mission_win_goes_to_refuge():
    st, _ = won_cg04()
    assert st.phase == "refuge" and S.outcome(st) is None
    assert st.campaign_done == ["CG04"] and st.next_options == ["CG06", "CG05"]
    assert len(st.trading_post) == 3
    prompts = S.pending(st)
    assert len(prompts) == 2 and all(p.kind == "choice" for p in prompts)


@pytest.mark.parametrize("route", ["CG06", "CG05"])
def test_scenario_15_refuge_round_and_carry_over(monkeypatch, route):
    """The book lets the crew pick Bug Hunt (CG06, the scenario's branch) or Signs of Life (CG05)."""
    st, medic = won_cg04()
    assert st.next_options == ["CG06", "CG05"]
    st.survivors[medic].resolve = 7
    health = st.survivors[medic].health
    for i, s in enumerate(st.survivors):
        st, _ = S.apply(st, s.seat, {"type": "visit", "survivor": i, "place": "quarters", "pick": "health"})
    with pytest.raises(RuleError, match="already"):
        S.apply(st, st.survivors[0].seat, {"type": "visit", "survivor": 0, "place": "quarters", "pick": "health"})
    first_seat = st.survivors[st.first].seat
    st, _ = S.apply(st, first_seat, {"type": "vote", "choice": "leave", "route": route})
    other = 1 - first_seat
    st, _ = S.apply(st, other, {"type": "vote", "choice": "leave"})
    assert st.phase == "survivors" and st.mission == route
    m = st.survivors[medic]
    # Health (plus the Quarters' +1), Resolve and the leg injury all come along
    assert m.health == health + 1 and m.resolve == 7 and m.injuries == ["leg"]
    assert m.zone == content().missions[route].start


def test_scenario_15_without_a_route_vote_the_crew_goes_to_bug_hunt():
    st, _ = won_cg04()
    for i, s in enumerate(st.survivors):
        st, _ = S.apply(st, s.seat, {"type": "visit", "survivor": i, "place": "quarters", "pick": "health"})
    for seat in (0, 1):
        st, _ = S.apply(st, seat, {"type": "vote", "choice": "leave"})
    assert st.mission == "CG06"


def test_staying_draws_a_refuge_event_and_lowers_the_track():
    st, _ = won_cg04()
    st.refuge_deck = ["hot-meal"]  # an event that leaves the track alone
    for i, s in enumerate(st.survivors):
        st, _ = S.apply(st, s.seat, {"type": "visit", "survivor": i, "place": "quarters", "pick": "resolve"})
    st, _ = S.apply(st, 0, {"type": "vote", "choice": "stay"})
    st, ev = S.apply(st, 1, {"type": "vote", "choice": "stay"})
    assert st.phase == "refuge" and st.refuge_track == 2
    assert any("Refuge event" in e.text for e in ev)
    assert st.refuge_visited == []


def test_scenario_15_dead_survivor_cannot_be_picked_again():
    st, medic = won_cg04(kill=True)
    dead = next(i for i, s in enumerate(st.survivors) if not s.alive)
    old_key = st.survivors[dead].key
    seat = st.survivors[dead].seat
    with pytest.raises(RuleError, match="nobody has played"):
        S.apply(st, seat, {"type": "recruit", "replace": dead, "survivor": old_key})
    with pytest.raises(RuleError, match=r"replace the survivors|Nothing is waiting"):
        S.apply(st, st.survivors[medic].seat, {"type": "visit", "survivor": medic, "place": "infirmary"})
    st, _ = S.apply(st, seat, {"type": "recruit", "replace": dead, "survivor": "captain-b"})
    assert st.survivors[dead].key == "captain-b" and st.survivors[dead].alive
    assert old_key in st.used_keys


def test_scenario_15_dormant_resolve_card(monkeypatch):
    st, medic = won_cg04()
    s = st.survivors[medic]
    assert all(len(x.resolve_cards) == 3 for x in st.survivors)
    s.resolve = 5
    s.resolve_cards[0].card, s.resolve_cards[0].number, s.resolve_cards[0].dormant = "scream", 6, True
    st.phase = "survivors"
    turn = turn_for(st)
    change_resolve(st, turn, medic, 1)
    assert s.resolve == 6 and not s.resolve_cards[0].revealed  # asleep: no effect yet
    Script(monkeypatch, Resolve_test=[[6, 6]])
    resolve_test(st, turn, medic, "test")
    assert s.resolve == 5 and not s.resolve_cards[0].dormant
    change_resolve(st, turn, medic, 1)
    assert s.resolve_cards[0].revealed


def test_campaign_setup_errors():
    with pytest.raises(RuleError):
        S.setup(["a"], {"campaign": "nope"}, 1)
    st = S.setup(["a", "b"], {"campaign": "sentry"}, 1)
    assert st.mission == "C012" and any(s.key.startswith("technician") for s in st.survivors)
    st = S.setup(["a"], {"campaign": "terrible"}, 1)
    assert any(s.key.startswith("medic") for s in st.survivors)


@pytest.mark.parametrize("pick", range(6))
def test_random_refuge_play_reaches_the_next_mission(pick):
    import random

    r = random.Random(pick)
    st, _ = won_cg04(n=2, kill=pick % 2 == 0)
    for _ in range(60):
        if st.phase != "refuge":
            break
        prompts = S.pending(st)
        assert prompts
        seat = r.choice(prompts).seat
        acts = S.legal(st, seat)
        assert acts, f"seat {seat} has a prompt but no legal action"
        st, _ = S.apply(st, seat, r.choice(acts))
        assert S.loads(S.dumps(st)) == st
    assert st.phase in ("survivors", "over")
    if st.phase == "survivors":
        assert st.mission in ("CG05", "CG06")
        assert all(len(s.resolve_cards) == 3 for s in st.survivors if s.alive)


def _campaign_state(mission: str, done: list[str], crew: str = "medic-a+scout-b"):
    from rules.endure.campaign import start_mission

    st = S.setup(["a", "b"], {"campaign": "terrible", "crew": crew}, 5)
    st.campaign_done = list(done)
    turn = turn_for(st)
    start_mission(st, turn, mission, recruits=[])
    return st, turn


def test_cg07_after_bug_hunt_loses_two_tokens():
    plain, _ = _campaign_state("CG07", [])
    after, _ = _campaign_state("CG07", ["CG04", "CG06"])
    assert len(after.radar) == len(plain.radar) - 2
    spots = {t.zone for t in after.radar}
    assert "REC-a" not in spots and "LAB-a" not in spots


def test_cg07_after_signs_of_life_has_a_purge_terminal():
    st, _ = _campaign_state("CG07", ["CG04", "CG05"])
    assert any(o.id == "terminal" for o in st.objectives)
    st.event_deck = ["life-support", "blackout", "life-support"]
    si = st.order[st.turn_pos]
    st.survivors[si].zone = "LS-a"
    st.radar, st.enemies = [], []
    st2, _ = S.apply(st, st.survivors[si].seat, {"type": "interact", "objective": "terminal"})
    assert st2.event_deck == ["blackout"]


def test_c014_engineer_salvages_a_part(monkeypatch):
    st = S.setup(["a", "b"], {"mission": "C014", "crew": "engineer-a+medic-a"}, 2)
    st.radar, st.enemies = [], []
    eng = next(i for i, s in enumerate(st.survivors) if s.key == "engineer-a")
    st.turn_pos = st.order.index(eng)
    st.survivors[eng].actions = 3
    from .test_endure_support import place

    (robot,) = place(st, "sip", st.survivors[eng].zone)
    robot.stunned = True
    Script(monkeypatch, salvages=[[4]])
    st2, _ = S.apply(st, st.survivors[eng].seat, {"type": "salvage", "actions": 2})
    assert not st2.enemies and st2.survivors[eng].actions == 1
    assert sum(1 for o in st2.objectives if o.carried_by == eng) == 1


def test_refuge_track_allows_three_extra_rounds_then_departure():
    st, _ = won_cg04()
    assert st.refuge_track == 3
    stays = 0
    for _ in range(6):
        for i, s in enumerate(st.survivors):
            if i not in st.refuge_visited:
                st, _ = S.apply(st, s.seat, {"type": "visit", "survivor": i, "place": "quarters", "pick": "resolve"})
        if st.phase != "refuge" or {"type": "vote", "choice": "stay"} not in S.legal(st, 0):
            break
        st, _ = S.apply(st, 0, {"type": "vote", "choice": "stay"})
        st, _ = S.apply(st, 1, {"type": "vote", "choice": "stay"})
        stays += 1
    # Each stay costs 1 (Refuge events may move the track too): the last stay reaches 0, then only leaving.
    assert st.phase == "refuge" and st.refuge_track == 0
    assert {"type": "vote", "choice": "stay"} not in S.legal(st, 0)
    assert 1 <= stays <= 4


def test_scenario_15_refuge_track_zero_forces_departure():
    """Refuge (Q129): once the Refuge track is at 0 the crew has to leave. A 'stay' vote is not on offer
    and is refused with nothing changed; the 'leave' votes then start the next mission."""
    st, _ = won_cg04()
    st.refuge_track = 0
    for i, s in enumerate(st.survivors):
        st, _ = S.apply(st, s.seat, {"type": "visit", "survivor": i, "place": "quarters", "pick": "resolve"})
    assert {"type": "vote", "choice": "stay"} not in S.legal(st, 0)
    before = S.dumps(st)
    with pytest.raises(RuleError, match="Refuge track is at 0"):
        S.apply(st, 0, {"type": "vote", "choice": "stay"})
    assert S.dumps(st) == before and st.votes == {}
    st, _ = S.apply(st, 0, {"type": "vote", "choice": "leave"})
    st, _ = S.apply(st, 1, {"type": "vote", "choice": "leave"})
    assert st.phase == "survivors" and st.mission == "CG06"


def test_a_stay_vote_while_the_track_is_above_zero_is_taken():
    """Refuge (Q128 step 5): with the track above 0 a 'stay' vote is offered and recorded."""
    st, _ = won_cg04()
    assert st.refuge_track > 0
    for i, s in enumerate(st.survivors):
        st, _ = S.apply(st, s.seat, {"type": "visit", "survivor": i, "place": "quarters", "pick": "resolve"})
    assert {"type": "vote", "choice": "stay"} in S.legal(st, 0)
    st, _ = S.apply(st, 0, {"type": "vote", "choice": "stay"})
    assert st.votes == {0: "stay"}


def test_refuge_notation_round_trips():
    st, _ = won_cg04(kill=True)
    for seat in (0, 1):
        for a in S.legal(st, seat):
            assert S.parse(S.format(a), st, seat) == a
    dead = next(i for i, s in enumerate(st.survivors) if not s.alive)
    st, _ = S.apply(st, st.survivors[dead].seat, S.parse(f"recruit {dead} captain-b", st, 0))
    for seat in (0, 1):
        for a in S.legal(st, seat):
            assert S.parse(S.format(a), st, seat) == a


def _fire_state(mission: str, done: list[str]):
    from rules.endure.campaign import start_mission

    st = S.setup(["a", "b"], {"campaign": "fire", "crew": "medic-a+scout-b"}, 5)
    st.campaign_done = list(done)
    start_mission(st, turn_for(st), mission, recruits=[])
    return st


def test_cg10_bonus_from_the_mission_before():
    assert _fire_state("CG10", ["CG09"]).extra_specials == ["unnoticed"]
    assert _fire_state("CG10", ["CG08"]).extra_specials == ["no_solomon"]
    assert _fire_state("CG10", []).extra_specials == []


def test_cg11_carries_over_the_break_stuff_bonus():
    import table.endure.views as play

    st = _fire_state("CG11", ["CG09", "CG10"])
    assert st.extra_specials == ["unnoticed"]
    assert any("fail to notice" in line for line in play.briefing_lines(st))
    assert _fire_state("CG11", ["CG08", "CG10"]).extra_specials == ["no_solomon"]
    # the bonus came from Break Stuff: without CG10 done there is nothing to carry over
    assert _fire_state("CG11", ["CG09"]).extra_specials == []


def test_consequence_naming_an_unknown_mission_is_refused(tmp_path, monkeypatch):
    import sys

    from rules.endure.content import DATA, ContentError, content

    mod = sys.modules["rules.endure.content"]
    for f in DATA.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    raw = (tmp_path / "missions.toml").read_text().replace('also = ["CG09"]', 'also = ["CG99"]', 1)
    (tmp_path / "missions.toml").write_text(raw)
    monkeypatch.setattr(mod, "DATA", tmp_path)
    content.cache_clear()
    try:
        with pytest.raises(ContentError, match=r"mission CG11.*unknown mission 'CG99'"):
            content()
    finally:
        monkeypatch.undo()
        content.cache_clear()


def test_hammer_time_and_lock_and_load_only_outside_a_campaign():
    from rules.endure.campaign import start_mission

    def dealt(st):
        return sorted(it.card for s in st.survivors for stack in s.slots for it in stack)

    solo = S.setup(["a", "b"], {"mission": "ROP19", "crew": "medic-a+scout-b"}, 3)
    assert dealt(solo) == ["persuader", "pistol"]
    solo18 = S.setup(["a", "b"], {"mission": "ROP18", "crew": "medic-a+scout-b"}, 3)
    assert dealt(solo18) == ["plasma-cutter", "shotgun"]
    # in a campaign the new recruits get the usual weapons
    st = S.setup(["a", "b"], {"campaign": "house", "crew": "medic-a+scout-b"}, 5)
    for s in st.survivors:
        s.slots, s.body, s.head = [], [], []
    st.campaign_done = ["ROP16", "ROP17", "ROP18"]
    start_mission(st, turn_for(st), "ROP19", recruits=[0, 1])
    assert dealt(st) == ["pistol", "plasma-cutter"]
    assert "persuader" in st.item_deck
