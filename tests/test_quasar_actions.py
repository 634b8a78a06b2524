"""Every Quasar Search action: accepted when the rules allow it, refused with a clear sentence (and the
state untouched) when they do not."""

from __future__ import annotations

import pytest

from rules.core import RuleError, Turn
from rules.quasar import SYSTEM as S
from rules.quasar.content import LIS
from rules.quasar.flow import advance
from rules.quasar.state import Task, owned_key
from rules.quasar.steps import push
from rules.quasar.zones import active_projects, cards_in, deck, hand, lis_supply, move

from .test_quasar_scenarios import arrange
from .test_quasar_support import act, commit_all, game, pick_ranks, place, play_until, refused, set_hand, texts


def at_commit(n: int = 2, **kw):
    st = pick_ranks(game(n, **kw))
    return play_until(st, "commit")


# -- anything, anytime ---------------------------------------------------------------------------------------


def test_unknown_action_and_bad_input_are_refused_with_the_names_that_work() -> None:
    st = game(2)
    refused(st, 0, {"type": "teleport"}, "There is no action 'teleport'.*rank")
    refused(st, 0, {"type": "rank", "slot": "first"}, "whole number")
    refused(st, 0, {"type": "rank"}, "whole number")
    with pytest.raises(RuleError, match="not an action"):
        S.apply(st, 0, "rank 1")  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="seat"):
        S.apply(st, 7, {"type": "rank", "slot": 1})


def test_acting_out_of_turn_names_who_is_awaited() -> None:
    st = at_commit(2)
    st, _ = act(st, 0, {"type": "commit", "cards": [1]})
    refused(st, 0, {"type": "commit", "cards": [2]}, "already committed")
    refused(st, 0, {"type": "pass"}, "waiting for bob")


def test_the_wrong_kind_of_answer_says_what_is_asked() -> None:
    st = at_commit(2)
    refused(st, 0, {"type": "boon", "outcome": "glory"}, "Not now: .*commit")


# -- rank -------------------------------------------------------------------------------------------------------


def test_rank_pick_is_secret_until_everyone_has_picked() -> None:
    st = game(2)
    assert {a["type"] for a in S.legal(st, 0)} == {"rank"}
    st, ev = act(st, 0, {"type": "rank", "slot": 2})
    assert "ann has picked a Rank Card" in texts(ev)
    assert S.view(st, 1).picks[0] == 0 and S.view(st, 0).picks[0] == 2  # bob cannot see ann's pick
    assert not cards_in(st, owned_key("personal", 0))[1:]  # nothing placed yet
    refused(st, 0, {"type": "rank", "slot": 1}, "already picked")
    refused(st, 1, {"type": "rank", "slot": 4}, "3 unused Rank Cards: choose 1 to 3")
    st, ev = act(st, 1, {"type": "rank", "slot": 1})
    assert "Rank Cards:" in texts(ev) and "Team Leader" in texts(ev)


# -- commit and stall -----------------------------------------------------------------------------------------------


def test_commit_one_card_plus_overcommit_cards() -> None:
    st = at_commit(2)
    set_hand(st, 0, ["cutlass", "boarding-party", "raid"])
    legal = [a for a in S.legal(st, 0) if a["type"] == "commit"]
    assert legal == [{"type": "commit", "cards": [i]} for i in (1, 2, 3)]  # listed: whatever the cards are
    S.check(st, 0, {"type": "commit", "cards": [1, 2]})  # a normal card plus an Overcommit card: accepted
    assert S.parse("commit 1 2", st, 0) == {"type": "commit", "cards": [1, 2]}
    refused(st, 0, {"type": "commit", "cards": [1, 3]}, "Only 1 normal card")  # two normal cards
    refused(st, 0, {"type": "commit", "cards": [4]}, "holds 3 cards: give positions 1 to 3")
    refused(st, 0, {"type": "commit", "cards": [1, 1]}, "once")
    refused(st, 0, {"type": "commit", "cards": []}, "which cards")
    st, ev = act(st, 0, {"type": "commit", "cards": [1, 2]})
    assert "ann has committed" in texts(ev) and "Cutlass" not in texts(ev)  # nothing shown yet
    assert S.view(st, 1).commits[0] == [] and S.view(st, 0).commits[0] == [1, 2]


def test_a_lone_player_commits_two_cards() -> None:
    st = at_commit(1)
    refused(st, 0, {"type": "commit", "cards": [1]}, "Commit 2 cards")
    assert {"type": "commit", "cards": [1, 2]} in S.legal(st, 0)


def test_stall_confronts_a_new_lost_in_space() -> None:
    st = at_commit(2)
    assert {"type": "stall"} in S.legal(st, 0)
    st, ev = act(st, 0, {"type": "stall"})
    assert texts(ev) == "ann has committed (1 still to commit)."  # the same words as a commit: it is secret
    st, ev = act(st, 1, {"type": "commit", "cards": [1]})
    assert "ann (stalled): Lost in Space (no value)" in texts(ev)


# -- use and pass in a window -------------------------------------------------------------------------------------


def window_with_trim():
    st = at_commit(2, factions="meridian+corsairs")
    st.glory[0] = 1
    return commit_all(st, {0: ["trim"], 1: ["cutlass"]})


def test_use_a_shift_effect_and_pass() -> None:
    st = window_with_trim()
    assert st.tasks[0].kind == "window" and S.pending(st)[0].seat == 0
    legal = S.legal(st, 0)
    assert {"type": "use", "card": "trim", "target": "cutlass", "amount": 2} in legal
    assert {"type": "pass"} in legal
    refused(st, 0, {"type": "use", "card": "trim", "target": "cutlass", "amount": 3}, "shifts by 1 to 2")
    refused(st, 0, {"type": "use", "card": "trim", "target": "cutlass", "amount": 0}, "shifts by 1 to 2")
    refused(st, 0, {"type": "use", "card": "trim", "target": "raid", "amount": 1}, "not confronting.*Cutlass")
    refused(st, 0, {"type": "use", "card": "cutlass"}, "No effect of 'cutlass' can be used now. Usable: Trim")
    refused(st, 0, {"type": "use", "card": "trim", "target": "cutlass", "amount": -4}, "1 to 2")
    cutlass = next(c for c in cards_in(st, "confront") if st.cards[c].key == "cutlass")
    st, ev = act(st, 0, {"type": "use", "card": "trim", "target": "cutlass", "amount": -2})
    assert "Cutlass shifts from 3 to 1" in texts(ev) and st.glory[0] == 0
    assert st.cards[cutlass].zone != "confront" or st.cards[cutlass].shift == -2


def test_a_shift_never_goes_below_zero() -> None:
    st = game(2, factions="meridian+corsairs")
    arrange(st, ["undocking"])  # Reach 6: 3 + 1 and a Shift of 2 would meet it, so the window opens
    st = play_until(pick_ranks(st), "commit")
    st.glory[0] = 1
    st = commit_all(st, {0: ["trim"], 1: ["scrap"]})
    refused(st, 0, {"type": "use", "card": "trim", "target": "scrap", "amount": -2}, "below 0")


def test_pass_closes_the_window_when_nobody_else_can_act() -> None:
    st = window_with_trim()
    st, ev = act(st, 0, {"type": "pass"})
    assert "ann passes." in texts(ev) and st.resolved is not None


# -- boon ------------------------------------------------------------------------------------------------------------


def test_boon_outcomes() -> None:
    st = pick_ranks(game(2))
    push(st, [Task(kind="boon", player=1, text="a test")])
    assert {a["outcome"] for a in S.legal(st, 1)} >= {"glory", "lesson", "project"}
    refused(st, 1, {"type": "boon", "outcome": "fame"}, "not a Boon you can choose. Choose: glory, project, lesson")
    for cid in list(deck(st, 1)):
        move(st, cid, owned_key("discard", 1), 1)
    refused(st, 1, {"type": "boon", "outcome": "project"}, "Deck is empty")
    st, _ = act(st, 1, {"type": "boon", "outcome": "lesson"})
    assert st.lessons[1] == 1


# -- draw ------------------------------------------------------------------------------------------------------------


def test_draw_from_the_warp_or_the_deck() -> None:
    st = game(2)
    place(st, "relay", "warp", 1)
    st.tasks = []
    push(st, [Task(kind="draw", player=0, n=1, data=[1], text="deck:0,warp,stockpile:0")])
    refused(st, 0, {"type": "draw", "from": "stockpile"}, "cannot draw from 'stockpile' now. Draw from: deck, warp")
    refused(st, 0, {"type": "draw", "from": "warp", "card": "plot"}, "no 'plot' in the warp. There: Relay")
    refused(st, 0, {"type": "draw", "from": "warp"}, "Say which card")
    refused(st, 0, {"type": "draw", "from": "deck", "card": "relay"}, "from the top")
    st, _ = act(st, 0, {"type": "draw", "from": "warp", "card": "relay"})
    assert not cards_in(st, "warp") and st.cards[hand(st, 0)[-1]].key == "relay"


# -- discard (down to Hand Size, or an effect's discard) -----------------------------------------------------------


def test_discard_down_to_hand_size() -> None:
    st = game(2)
    set_hand(st, 0, ["plot", "raid", "scrap", "cutlass", "grapple", "broadside"])
    st.tasks = [Task(kind="trim", player=0)]
    assert S.pending(st)[0].text.startswith("Discard down to your Hand Size (5)")
    refused(st, 0, {"type": "discard", "card": "fold-space"}, "You hold no 'fold-space'. Your hand: Plot")
    st, ev = act(st, 0, {"type": "discard", "card": "scrap"})
    assert "ann discards Scrap (1)." in texts(ev) and len(hand(st, 0)) == 5 and not st.tasks


# -- pay a Demand --------------------------------------------------------------------------------------------------


def test_pay_a_demand_with_a_card_or_energy_in_rank_order() -> None:
    st = game(2)
    arrange(st, ["fuel-check"])  # Demand 1
    st = pick_ranks(st)
    assert st.tasks[0].kind == "demand"
    leader = S.pending(st)[0].seat
    other = 1 - leader
    refused(st, other, {"type": "pay", "with": "energy"}, "waiting for")
    refused(st, leader, {"type": "pay", "with": "energy"}, "Energy Zone is empty")
    refused(st, leader, {"type": "pay", "with": "nothing-here"}, "You hold no")
    st.energy = 1
    st, ev = act(st, leader, {"type": "pay", "with": "energy"})
    assert "pays 1 Energy" in texts(ev) and "The Demand is paid." in texts(ev) and st.energy == 0


def test_an_unpaid_demand_hurts_the_team_leader() -> None:
    st = game(2)
    arrange(st, ["fuel-check"])
    st = pick_ranks(st)
    leader = S.pending(st)[0].seat
    st, _ = act(st, leader, {"type": "pass"})
    st, ev = act(st, 1 - leader, {"type": "pass"})
    assert "Demand is 1 short" in texts(ev) and st.damage[leader] == 1


# -- scan (Sensors) ----------------------------------------------------------------------------------------------


def test_sensors_choose_the_next_challenge() -> None:
    st = at_commit(2, factions="meridian+corsairs")
    st = commit_all(st, {0: ["star-sight"], 1: ["raid"]})  # Sensors 2
    assert st.tasks[0].kind == "scan"
    shown = [st.cards[c].key for c in cards_in(st, "scan")]
    assert len(shown) == 2
    refused(st, 0, {"type": "scan", "card": "the-quasar"}, "not among the Challenges your sensors show")
    st, ev = act(st, 0, {"type": "scan", "card": shown[1]})
    assert "into the Sensors Zone" in texts(ev)
    assert [st.cards[c].key for c in cards_in(st, "sensors")] == [shown[1]]
    st = play_until(st, "commit")
    assert st.cards[st.challenge].key == shown[1]  # the Sensors card comes up next


# -- order (the Team Leader orders a split effect) -------------------------------------------------------------------


def test_team_leader_orders_when_lost_in_space_runs_short() -> None:
    st = game(2)
    st = pick_ranks(st)
    for cid in lis_supply(st)[1:]:
        move(st, cid, owned_key("discard", 0), 0)
    st.tasks = []
    push(st, [Task(kind="apply", src="comms-blackout#2")])  # failure: each player gets a new Lost in Space
    advance(st, Turn(st, None))
    leader = S.pending(st)[0].seat
    assert st.tasks[0].kind == "order"
    refused(st, leader, {"type": "order", "seats": [1, 1]}, "in order once")
    refused(st, 1 - leader, {"type": "order", "seats": [1, 2]}, "waiting for")
    morale = st.morale
    st, _ = act(st, leader, {"type": "order", "seats": [2, 1]})  # bob gets the last Lost in Space
    assert any(st.cards[c].key == LIS for c in cards_in(st, owned_key("discard", 1)))
    assert st.morale == morale - 1  # none was left for ann


# -- remove, gain, ready (Ship Phase) ----------------------------------------------------------------------------


def test_ship_phase_lessons() -> None:
    st = game(2)
    st.lessons = [3, 0]
    st.tasks = [Task(kind="refit", data=[0, 1])]
    legal = S.legal(st, 0)
    assert {"type": "gain", "card": "prize-crew"} in legal and {"type": "ready"} in legal
    refused(st, 0, {"type": "gain", "card": "plasma-lance"}, "Reserve has no 'plasma-lance'")
    refused(st, 0, {"type": "remove", "card": "raid", "from": "deck"}, "hand or your discard")
    refused(st, 0, {"type": "remove", "card": "jump-gate", "from": "hand"}, "no 'jump-gate' in your hand")
    refused(st, 1, {"type": "ready"}, "waiting for ann")
    st, _ = act(st, 0, {"type": "gain", "card": "prize-crew"})
    assert st.lessons[0] == 1 and st.cards[cards_in(st, owned_key("discard", 0))[0]].key == "prize-crew"
    refused(st, 0, {"type": "gain", "card": "black-flag"}, "costs 2 Lessons; you have 1")
    card = st.cards[hand(st, 0)[0]].key
    st, _ = act(st, 0, {"type": "remove", "card": card, "from": "hand"})
    assert st.lessons[0] == 0 and not st.tasks  # nothing left to spend: ready by itself


# -- drop (discard an Active Project) ------------------------------------------------------------------------------


def test_choose_which_project_to_drop() -> None:
    st = game(2)
    for cid in deck(st, 0)[:2]:
        move(st, cid, owned_key("personal", 0), 0, down=True)
    st.tasks = [Task(kind="drop", player=0)]
    assert S.legal(st, 0) == [{"type": "drop", "slot": 1}, {"type": "drop", "slot": 2}]
    refused(st, 0, {"type": "drop", "slot": 3}, "2 Active Projects: choose 1 to 2")
    st, ev = act(st, 0, {"type": "drop", "slot": 2})
    assert len(active_projects(st, 0)) == 1 and "discards an Active Project" in texts(ev)


def test_every_legal_action_is_accepted_and_commit_lists_show_no_card() -> None:
    st = at_commit(3)
    for seat in range(3):
        for action in S.legal(st, seat):
            S.apply(st, seat, action)
    set_hand(st, 0, ["boarding-party", "raid"])
    set_hand(st, 1, ["raid", "cutlass"])
    same = [a for a in S.legal(st, 0)] == [a for a in S.legal(st, 1)]
    assert same  # an Overcommit card in a hand changes nothing the table can see
