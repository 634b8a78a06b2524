"""Campaign flow: badges, the upgrade phase, outfitting, routes, the finale and episodic drafting."""

from __future__ import annotations

from rules.core import Turn
from rules.starcadia import SYSTEM
from rules.starcadia import campaign as C
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT
from tests.test_starcadia_support import refused, setup_state


def in_play(seats: int = 3, **options: str):
    st = setup_state(seats=seats, draft="random", **options)
    while st.phase == "shuttle":
        p = SYSTEM.pending(st)[0]
        st, _ = SYSTEM.apply(st, p.seat, p.default)
    assert st.phase == "play"
    return st


def test_upgrade_phase_order():
    """Acceptance 15: A won, B second, C third; A earned 2 badges and C 1."""
    st = in_play()
    st.crews[0].vt, st.crews[1].vt, st.crews[2].vt = 9, 6, 5
    st.crews[2].total_vt = 3  # 3 + 5 crosses 7: a milestone badge for C
    turn = Turn(st, None)
    E.finish(st, turn)
    assert st.winners == [0]
    assert [c.new_badges for c in st.crews] == [2, 0, 1]
    assert st.phase == "upgrade"
    assert st.order == [0, 0, 1, 1, 2, 2, 2, 2, 1, 1, 0, 0, 0, 2, 0]
    assert sorted(st.pool) == sorted(u.id for u in E.CONTENT.upgrades.values() if u.deck == "1")
    refused(st, 1, {"type": "take", "token": st.pool[0]}, "nothing is waiting")
    refused(st, 0, {"type": "take", "token": "S01"}, "not among")
    refused(st, 0, {"type": "rest"}, "between scenarios")
    while st.phase == "upgrade":
        p = SYSTEM.pending(st)[0]
        st, _ = SYSTEM.apply(st, p.seat, SYSTEM.legal(st, p.seat)[-1])
    assert [len(c.stash) for c in st.crews] == [6, 4, 5]
    assert st.phase == "outfit"
    # A crew with 13 tokens keeps 12.
    refused(
        st,
        0,
        {"type": "outfit", "loadout": {st.crews[0].heroes[0]: [*st.crews[0].stash[:6], "S01"]}},
        "at most",
    )
    for seat in range(3):
        st, _ = SYSTEM.apply(st, seat, {"type": "outfit"})
    assert len(C.owned(st, 0)) == 12 and len(C.owned(st, 1)) == 11 and len(C.owned(st, 2)) == 12
    assert st.phase == "route" and st.history[-1].inventory[1] == C.owned(st, 1)
    refused(st, 0, {"type": "route", "scenario": "3A"}, "2A, 2B")
    refused(st, 1, {"type": "route", "scenario": "2A"}, "nothing is waiting")
    st, _ = SYSTEM.apply(st, 0, {"type": "route", "scenario": "2b"})
    assert st.scenario == "2B" and st.phase == "shuttle" and st.order[0] == 0
    assert all(not h.pos and not h.wounds for h in st.heroes)
    while st.phase == "shuttle":
        p = SYSTEM.pending(st)[0]
        st, _ = SYSTEM.apply(st, p.seat, p.default)
    assert st.current == 0 and st.crews[0].vt == 0 and st.crews[0].total_vt == 9


def test_explicit_loadout_moves_and_discards():
    st = in_play(seats=2)
    st.crews[0].vt = 3
    E.finish(st, Turn(st, None))
    while st.phase == "upgrade":
        p = SYSTEM.pending(st)[0]
        st, _ = SYSTEM.apply(st, p.seat, p.default)
    a, b = st.crews[0].heroes
    mine = C.owned(st, 0)
    st2, _ = SYSTEM.apply(st, 0, {"type": "outfit", "loadout": {a: mine[:6], b: mine[6:9]}})
    assert len(C.owned(st2, 0)) == 9 and st2.crews[0].ready
    refused(st2, 0, {"type": "outfit"}, "nothing is waiting")
    refused(st, 0, {"type": "outfit", "loadout": {a: ["S01", "S01"]}}, "spare")


def test_milestone_badges_pay_once():
    st = in_play(seats=2)
    st.crews[1].total_vt = 5
    st.crews[1].vt = 4  # 9: first milestone
    st.crews[0].vt = 6
    E.finish(st, Turn(st, None))
    assert st.crews[1].badges == 1 and st.crews[0].badges == 1  # 0 won; 1 crossed 7
    st.phase = "play"
    st.crews[1].vt, st.crews[0].vt = 3, 1  # 12: no new milestone
    E.finish(st, Turn(st, None))
    assert st.crews[1].badges == 2  # only the win
    st.phase = "play"
    st.crews[1].vt, st.crews[0].vt = 2, 5  # 14: second milestone
    E.finish(st, Turn(st, None))
    assert st.crews[1].badges == 3


def test_scenario_four_first_quest_follows_the_route_and_finale():
    st = in_play(seats=2)
    st.previous = "3B"
    C.start_scenario(st, Turn(st, None), "4")
    assert st.pve[0] == "4-1B" and st.dashboard["villain"] == "thorne"
    st.previous = "3C"
    C.start_scenario(st, Turn(st, None), "4")
    assert st.pve[0] == "4-1C"
    st.crews[0].badges, st.crews[1].badges = 4, 5
    st.crews[0].vt, st.crews[1].vt = 8, 2
    E.finish(st, Turn(st, None))
    assert st.crews[0].badges == 4 + 3 + 1  # win of scenario 4 (3) + milestone
    out = SYSTEM.outcome(st)
    assert st.phase == "over" and out.winners == [0] and out.scores == {0: 8, 1: 5}


def test_episodic_draft_for_3b():
    st = setup_state(seats=4, draft="random", mode="episodic", scenario="3B", tiles="random")
    assert st.phase == "updraft" and st.draft_levels == [1, 2]
    assert sorted(len(c.hand) for c in st.crews) == [4, 4, 5, 5]
    view = SYSTEM.view(st, 0)
    assert view.crews[1].hand == ["?"] * len(st.crews[1].hand) and view.crews[0].hand == st.crews[0].hand
    hand0 = list(st.crews[0].hand)
    refused(st, 0, {"type": "keep", "tokens": hand0[:1]}, "exactly 2")
    refused(st, 0, {"type": "keep", "tokens": [st.crews[1].hand[0], hand0[0]]}, "not in your hand")
    st, _ = SYSTEM.apply(st, 0, {"type": "keep", "tokens": hand0[:2]})
    left_over = [t for t in hand0 if t not in hand0[:2]]
    for seat in (1, 2, 3):
        st, _ = SYSTEM.apply(st, seat, SYSTEM.pending(st)[0].default)
    assert st.draft_round == 2 and st.crews[1].hand == left_over  # passed to the left
    while st.phase == "updraft":
        p = SYSTEM.pending(st)[0]
        st, _ = SYSTEM.apply(st, p.seat, p.default)
    assert st.phase == "outfit" and all(len(c.stash) == 8 for c in st.crews)
    for seat in range(4):
        st, _ = SYSTEM.apply(st, seat, {"type": "outfit"})
    assert st.phase == "shuttle" and all(len(C.owned(st, s)) == 12 for s in range(4))


def test_episodic_draft_prompt_keeps_the_hand_secret():
    st = setup_state(seats=3, draft="random", mode="episodic", scenario="3B", tiles="random")
    for p in SYSTEM.pending(st):
        hand = st.crews[p.seat].hand
        shown = f"{p.text} {p.default}"
        assert p.default == {"type": "keep"}
        assert not any(t in shown or CONTENT.upgrades[t].slug in shown for t in hand)
    # The default keeps the first two tokens of the hand; an explicit choice still works.
    hand0, hand1 = list(st.crews[0].hand), list(st.crews[1].hand)
    st2, _ = SYSTEM.apply(st, 0, SYSTEM.pending(st)[0].default)
    assert st2.crews[0].stash[-2:] == hand0[:2] and st2.crews[0].ready
    assert SYSTEM.parse(SYSTEM.format({"type": "keep"}), st, 0) == {"type": "keep"}
    refused(st2, 0, {"type": "keep"}, "nothing is waiting")
    refused(st, 1, {"type": "keep", "tokens": []}, "exactly 2")
    st3, _ = SYSTEM.apply(st, 1, {"type": "keep", "tokens": hand1[1:3]})
    assert st3.crews[1].stash[-2:] == hand1[1:3]


def test_campaign_must_start_at_one():
    import pytest

    from rules.core import RuleError

    with pytest.raises(RuleError):
        setup_state(scenario="2A", tiles="random")
    st = setup_state(scenario="2A", mode="episodic", tiles="random", draft="random")
    assert st.pve == ["2A-1", "2A-2", "2A-3"]


def test_campaign_sheet_lists_route_scores_and_inventories():
    st = in_play(seats=2)
    st.crews[0].vt = 4
    E.finish(st, Turn(st, None))
    lines = C.campaign_sheet(st)
    assert lines[0].startswith("Route: 1")
    assert "Scenario 1: yellow 4, blue 0; won by P0" in lines
    assert any("badges 1" in x and "S01" in x for x in lines)
    assert "1b" in SYSTEM.describe(st)


def test_claim_places_heroes_in_chosen_shuttle_spaces():
    st = setup_state(draft="random")
    seat = st.order[0]
    a, b = st.crews[seat].heroes
    action = {"type": "claim", "slot": 1, "place": {a: "D1", b: "D1"}}
    assert SYSTEM.parse(SYSTEM.format(action), st, seat) == action  # the notation round-trips (issue 11)
    st2, _ = SYSTEM.apply(st, seat, action)
    assert [h.pos for h in st2.heroes if h.seat == seat] == ["D1", "D1"]
    refused(st, seat, {"type": "claim", "slot": 1, "place": {a: "E5"}}, "shuttle's spaces are C1 and D1")
    refused(st, seat, {"type": "claim", "slot": 1, "place": {"zzz": "C1"}}, "not a hero of your crew")
