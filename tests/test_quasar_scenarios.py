"""The acceptance scenarios of the Quasar Search checklist: section 5 (the almanac) and 6.7 (our completion).

``test_scenario_NN_*`` is checklist 5.NN; ``test_completion_N_*`` is checklist 6.7.N.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core import Turn
from rules.quasar import SYSTEM as S
from rules.quasar.ai import choose
from rules.quasar.content import LIS, content, using
from rules.quasar.flow import advance
from rules.quasar.layers import can_draw, hand_size, in_play_cards, value_of
from rules.quasar.rank import rank_order, rank_value, team_leader
from rules.quasar.state import Task, owned_key
from rules.quasar.steps import begin_draw, crew_damage, push
from rules.quasar.targets import select
from rules.quasar.values import average, equal, higher, highest, is_even, is_odd, is_zero, lower, lowest, total
from rules.quasar.zones import active_projects, cards_in, deck, hand, lis_supply, move, owner, zone_key

from .test_quasar_support import (
    act,
    commit_all,
    extra_content,
    game,
    pick_ranks,
    place,
    play_until,
    refused,
    set_hand,
    texts,
)

TEST_CARDS = """
[[card]]
key = "no-draw-field"
name = "No-Draw Field"
set = "reserve"
value = 3
effect = [{ style = "constant", who = "each_player", rules = [{ rule = "can_draw", set = false }] }]

[[card]]
key = "glory-draw"
name = "Glory Draw"
set = "reserve"
value = 3
effect = [{ style = "triggered", when = "pre_resolution", cost = { glory = 1 }, steps = [{ do = "draw", n = 2 }] }]

[[card]]
key = "eager-hands"
name = "Eager Hands"
set = "reserve"
value = 2
effect = [{ style = "constant", rules = [{ rule = "draw_bonus", add = 1 }] }]

[[card]]
key = "short-rations"
name = "Short Rations"
set = "reserve"
value = 2
effect = [{ style = "required", when = "act_start", rules = [{ rule = "hand_size", set = 3 }], lasting = "act" }]

[[card]]
key = "big-pockets"
name = "Big Pockets"
set = "reserve"
value = 2
effect = [{ style = "constant", rules = [{ rule = "hand_size", set = 6 }] }]

[[card]]
key = "salvage-run"
name = "Salvage Run"
set = "reserve"
value = 2
effect = [{ style = "required", when = "act_start", steps = [{ do = "draw", from = "discard" }] }]

[[card]]
key = "warp-flare"
name = "Warp Flare"
set = "reserve"
value = 2
effect = [{ style = "required", when = "confront", steps = [{ do = "new_lis", into = "your warp" }] }]

[[card]]
key = "hull-breach"
name = "Hull Breach"
set = "reserve"
value = 2
effect = [{ style = "required", when = "cleanup", steps = [{ do = "damage" }] }]

[[card]]
key = "hoarder"
name = "Hoarder"
set = "reserve"
value = 2
effect = [{ style = "constant", rules = [{ rule = "hand_size", add = 1 }] }]
"""


@pytest.fixture
def extra(tmp_path: Path):
    with using(extra_content(tmp_path, TEST_CARDS)) as loaded:
        yield loaded


def arrange(state, keys: list[str]) -> None:
    """Put Challenges ``keys`` on top of the scenario deck, in order (taking them from wherever they are)."""
    for key in reversed(keys):
        cid = next((c for c, card in state.cards.items() if card.key == key), None)
        if cid is None:
            cid = place(state, key, "scenario")
        move(state, cid, "scenario", None, bottom=False)


def phases_of(events) -> list[str]:
    return [e.data["phase"] for e in events if e.data and "phase" in e.data]


def winning_game(n: int):
    """A whole game the scripted team wins (the first seed that does), with every event."""
    for seed in range(40):
        st = game(n, seed=seed)
        events = []
        while S.outcome(st) is None:
            prompt = S.pending(st)[0]
            action = choose(S.view(st, prompt.seat), prompt.seat, seed)
            st, ev = act(st, prompt.seat, action)
            events += ev
        if st.result == "win" and len(st.acts) == 3:
            return st, events
    raise AssertionError("no winning seed")


# -- 5. the almanac's scenarios ----------------------------------------------------------------------------


def test_scenario_01_phase_order() -> None:
    _, events = winning_game(2)
    phases = phases_of(events)
    big = [p for p in phases if p in ("act_resolution", "ship", "act_cleanup", "mission_resolution", "act_setup")]
    assert big == [
        "act_resolution",
        "ship",
        "act_cleanup",
        "act_setup",
        "act_resolution",
        "ship",
        "act_cleanup",
        "act_setup",
        "act_resolution",
        "mission_resolution",
    ]
    # each Challenge: set up, confronted, resolved, in that order, three times per Act
    rounds = [p for p in phases if p in ("challenge_setup", "confrontation", "resolution")]
    assert rounds == ["challenge_setup", "confrontation", "resolution"] * 9


def test_scenario_02_short_draw() -> None:
    st = game(1)
    for cid in deck(st, 0)[2:]:
        move(st, cid, owned_key("discard", 0), 0)
    before = len(hand(st, 0))
    turn = Turn(st, None)
    st.tasks = []  # only the Draw to do
    begin_draw(st, turn, 0, 3)
    advance(st, turn)
    assert len(hand(st, 0)) == before + 2 and not deck(st, 0)
    assert len(cards_in(st, owned_key("discard", 0))) == 15 - before - 2  # no reshuffle
    draws = [e.text for e in turn.events if e.visible_to is None and "draws" in e.text]
    assert draws == ["ann draws 2 cards (only 2 could be drawn)."]  # one Draw effect


def test_scenario_03_draw_from_several_zones_card_by_card() -> None:
    st = game(2)
    relay = place(st, "relay", "warp", 1)
    jump = place(st, "jump-gate", "warp", 1)
    turn = Turn(st, None)
    st.tasks = []  # only the Draw to do
    begin_draw(st, turn, 0, 3)
    advance(st, turn)
    assert st.tasks[0].kind == "draw" and S.pending(st)[0].seat == 0
    legal = S.legal(st, 0)
    assert {"type": "draw", "from": "deck"} in legal
    assert {"type": "draw", "from": "warp", "card": "relay"} in legal
    top = deck(st, 0)[0]
    st, ev = act(st, 0, {"type": "draw", "from": "deck"})
    assert top in hand(st, 0)
    assert any(e.visible_to == 0 and "You draw" in e.text for e in ev)  # the drawer sees the card at once
    st, _ = act(st, 0, {"type": "draw", "from": "warp", "card": "jump-gate"})
    assert jump in hand(st, 0) and owner(st, jump) == 0
    st, ev = act(st, 0, {"type": "draw", "from": "deck"})
    assert st.tasks == [] and relay in cards_in(st, "warp")
    assert "ann draws 3 cards." in texts(ev)


def test_scenario_04_lost_in_space_has_no_value() -> None:
    five_lis = [5, None]
    assert total(five_lis) == 5
    assert lowest(five_lis) == [1] and highest(five_lis) == [0]
    both = [None, None]
    assert not equal(None, None) and highest(both) == []
    assert lower(None, None) and not higher(None, None) and lower(None, 0) and not higher(None, 0)
    assert not is_even(None) and not is_odd(None) and not is_zero(None)
    assert average([4, None]) == 2
    # a confronting Lost in Space has no value, and a Shift on it is refused
    st = game(2, factions="meridian+corsairs")
    arrange(st, ["engines-off"])  # Reach 4: Trim (3) and a Shift would meet it, so the window opens
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st.glory[0] = 1
    st = commit_all(st, {0: ["trim"]})
    st, _ = act(st, 1, {"type": "stall"})
    lis = next(c for c in cards_in(st, "confront") if st.cards[c].key == LIS)
    assert value_of(st, lis) is None and owner(st, lis) == 1
    assert st.tasks[0].kind == "window" and S.pending(st)[0].seat == 0
    refused(st, 0, {"type": "use", "card": "trim", "target": LIS, "amount": 1}, "never be Shifted")
    assert all(a.get("target") != LIS for a in S.legal(st, 0))


def test_scenario_04_stand_together_fails_with_lost_in_space(extra) -> None:
    st = game(2)
    arrange(st, ["hull-alarm"])
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["plot"]})
    st, _ = act(st, 1, {"type": "stall"})
    assert st.resolved is not None and st.resolved.challenge == "hull-alarm" and not st.resolved.success


def test_scenario_05_rank_tie_and_rankbreaker() -> None:
    st = game(2, factions="corsairs+helix")  # Rankbreakers 17 and 31
    st = pick_ranks(st, [4, 4])
    assert rank_value(st, 0) == rank_value(st, 1) == 4  # Rank Value ties
    assert rank_order(st) == [1, 0] and team_leader(st) == 1  # Rank does not
    # the almanac's own example: 24 beats 17
    st2 = game(2, factions="corsairs+meridian")
    place(st2, "corsairs-rank-4", owned_key("personal", 1))
    place(st2, "corsairs-rank-4", owned_key("personal", 0))
    assert rank_value(st2, 0) == rank_value(st2, 1) == 4 and team_leader(st2) == 1
    # a Rank Card used in Act 1 cannot be picked in Act 2
    st = play_until(st, "rank")
    assert st.act == 2
    ids = cards_in(st, owned_key("ranks", 0))
    assert sorted(content().cards[st.cards[c].key].rank for c in ids) == [2, 3]
    assert len([a for a in S.legal(st, 0) if a["type"] == "rank"]) == 2
    refused(st, 0, {"type": "rank", "slot": 3}, "2 unused Rank Cards")


def test_scenario_06_boon_choices_by_zone() -> None:
    st = game(2, factions="meridian+corsairs")
    st = pick_ranks(st)
    push(st, [Task(kind="boon", player=0), Task(kind="boon", player=1)])
    prompts = S.pending(st)
    assert {p.seat for p in prompts} == {0, 1}  # both choose at once
    outcomes0 = {a["outcome"] for a in S.legal(st, 0)}
    outcomes1 = {a["outcome"] for a in S.legal(st, 1)}
    assert {"glory", "lesson", "project"} <= outcomes1 and "meridian-faction" not in outcomes1
    assert "meridian-faction" in outcomes0  # the Charter in ann's Personal Zone: hers only
    charter = next(c for c in cards_in(st, owned_key("personal", 0)) if st.cards[c].key == "meridian-faction")
    move(st, charter, "mission", None)
    assert "meridian-faction" in {a["outcome"] for a in S.legal(st, 1)}  # in an unowned zone: everyone's
    before = len(hand(st, 1))
    st, _ = act(st, 1, {"type": "boon", "outcome": "meridian-faction"})
    assert len(hand(st, 1)) == before + 2


def test_scenario_07_each_player_split_with_a_modifier(extra) -> None:
    st = game(3, factions="corsairs+meridian+helix")
    arrange(st, ["loose-cargo"])  # CHALLENGE START | each player draws a card
    place(st, "eager-hands", owned_key("personal", 1))  # bob draws 1 more with each Draw
    st = pick_ranks(st)
    st = play_until(st, "commit")
    sizes = [len(hand(st, s)) for s in range(3)]
    assert sizes == [6, 7, 6]


def test_scenario_08_singling_out_hits_exactly_one() -> None:
    st = game(2, factions="corsairs+helix", mission="silent-running")
    arrange(st, ["rig-for-quiet"])  # PRE-CLEANUP | the lowest-ranked player takes 1 Crew Damage
    st = pick_ranks(st, [4, 4])  # equal Rank Value; Rankbreaker 31 beats 17
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["cutlass"], 1: ["circuit"]})
    st = play_until(st, "commit")
    assert st.damage == [1, 0]
    assert select(st, "lowest_ranked", None) == [0]


def test_scenario_09_you_follows_the_zone() -> None:
    st = game(2)
    loot = place(st, "loot", "confront", 0)  # ann confronts it
    assert owner(st, loot) == 0  # an unowned zone: whoever put it there
    move(st, loot, owned_key("personal", 1), 0)  # an effect of ann's moves it into bob's Personal Zone
    assert owner(st, loot) == 1  # an owned zone: its owner, whoever moved it
    mission = cards_in(st, "mission")[0]
    assert owner(st, mission) is None  # placed by setup: nobody's


def test_scenario_09_you_gains_the_glory() -> None:
    st = game(2)
    arrange(st, ["undocking"])
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["loot"], 1: ["meridian-line"]})  # Loot: Glory 1 for its owner on success
    st = play_until(st, "commit")
    assert st.glory[0] >= 2 and st.glory[0] - st.glory[1] == 1  # each gains 1 from Undocking, ann 1 from Loot


def test_scenario_10_precedence_constant_beats_triggered(extra) -> None:
    st = game(2, factions="corsairs+meridian")
    arrange(st, ["undocking"])
    place(st, "no-draw-field", owned_key("personal", 1))  # Constant: players can't draw
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st.glory[0] = 2
    st = commit_all(st, {0: ["glory-draw"], 1: ["plot"]})
    assert S.pending(st)[0].seat == 0 and st.tasks[0].kind == "window"
    before = len(hand(st, 0))
    st, ev = act(st, 0, {"type": "use", "card": "glory-draw"})
    assert "ann uses Glory Draw, paying 1 Glory." in texts(ev)  # the Glory is spent
    assert len(hand(st, 0)) == before  # but nothing is drawn
    assert "may not draw" in texts(ev)
    assert not can_draw(st, 0)


def test_scenario_10_precedence_required_beats_base_and_constant_beats_required(extra) -> None:
    st = game(2, factions="corsairs+meridian")
    place(st, "short-rations", owned_key("personal", 0))  # Required at Act Start: hand size 3 this Act
    st = pick_ranks(st)
    assert hand_size(st, 0) == 3 and hand_size(st, 1) == 5  # Required beats the base rule (5)
    place(st, "big-pockets", owned_key("personal", 0))  # Constant: hand size 6
    assert hand_size(st, 0) == 6  # Constant beats Required


def test_scenario_11_constant_effects_only_in_play(extra) -> None:
    st = game(2)
    card = place(st, "hoarder", owned_key("hand", 0), 0)
    assert hand_size(st, 0) == 5
    move(st, card, owned_key("discard", 0), 0)
    assert hand_size(st, 0) == 5
    move(st, card, owned_key("personal", 0), 0)
    assert card in in_play_cards(st) and hand_size(st, 0) == 6


def test_scenario_12_zones(extra) -> None:
    st = game(2)
    card = hand(st, 0)[0]
    move(st, card, "confront", 0)
    assert card not in hand(st, 0) and st.cards[card].zone == "confront"
    assert sum(card in z for z in st.zones.values()) == 1  # never in two zones
    st.energy = 0
    place(st, "reactor", "energy")
    place(st, "coil", "energy")
    assert list(st.zones).count("energy") == 1 and len(cards_in(st, "energy")) == 2  # one Energy Zone, reused
    # "your Warp Zone": Warp Flare, when revealed, puts a Lost in Space into its owner's own Warp Zone
    st = pick_ranks(st)
    st = play_until(st, "commit")
    set_hand(st, 0, ["warp-flare", "plot"])
    st, _ = act(st, 0, {"type": "commit", "cards": [1]})
    st, _ = act(st, 1, {"type": "commit", "cards": [1]})
    assert zone_key("your warp", 0) == "warp:0" and len(cards_in(st, "warp:0")) == 1
    assert "warp:1" not in st.zones


def test_scenario_13_new_lost_in_space_comes_from_the_box() -> None:
    st = game(2)
    supply = len(lis_supply(st))
    assert supply == 12 and all(not st.cards[c].zone for c in lis_supply(st))
    turn = Turn(st, None)
    crew_damage(st, turn, 1, 1)
    assert len(lis_supply(st)) == supply - 1
    top = cards_in(st, owned_key("discard", 1))[0]
    assert st.cards[top].key == LIS and owner(st, top) == 1


# -- 6.7 our completion ------------------------------------------------------------------------------------------


def test_completion_1_no_lost_in_space_left_costs_morale() -> None:
    st = game(2)
    for cid in lis_supply(st):
        move(st, cid, owned_key("discard", 0), 0)
    before = st.morale
    crew_damage(st, Turn(st, None), 1, 1)
    assert st.morale == before - 1 and not cards_in(st, owned_key("discard", 1))


def test_completion_2_morale_zero_ends_at_once_even_mid_cleanup(extra) -> None:
    st = game(2)
    st = pick_ranks(st)
    st = play_until(st, "commit")
    for cid in lis_supply(st):
        move(st, cid, owned_key("discard", 0), 0)
    st.morale = 1
    st = commit_all(st, {0: ["hull-breach"], 1: ["meridian-line"]})
    st = play_until(st, "nothing")
    assert st.result == "loss" and st.morale == 0 and st.tasks == []
    assert "Morale fell to 0" in st.summary


def test_completion_3_warp_card_goes_to_the_warp_zone_and_changes_hands() -> None:
    st = game(2, factions="corsairs+meridian")
    st = pick_ranks(st)
    st = play_until(st, "commit")
    ids = set_hand(st, 1, ["relay", "plot", "plot", "plot", "plot"])
    set_hand(st, 0, ["cutlass", "scrap", "scrap", "scrap", "scrap"])
    st, _ = act(st, 1, {"type": "commit", "cards": [1]})
    st, _ = act(st, 0, {"type": "commit", "cards": [1]})
    st = play_until(st, "draw")
    assert ids[0] in cards_in(st, "warp") and owner(st, ids[0]) == 1
    drawer = st.tasks[0].player
    st, _ = act(st, drawer, {"type": "draw", "from": "warp", "card": "relay"})
    assert ids[0] in hand(st, drawer) and owner(st, ids[0]) == drawer


def test_completion_4_project_completes_into_the_hand_with_glory() -> None:
    st = game(1)
    st = pick_ranks(st)
    push(st, [Task(kind="boon", player=0)])
    top = deck(st, 0)[0]
    st, _ = act(st, 0, {"type": "boon", "outcome": "project"})
    assert active_projects(st, 0) == [top] and st.cards[top].down
    glory = st.glory[0]
    for _ in range(2):
        st = play_until(st, "commit")
        st = commit_all(st, {0: ["raid", "raid"]})
        st = play_until(st, "commit")
    assert top in hand(st, 0) and not st.cards[top].down
    assert st.glory[0] >= glory + 1


def test_completion_5_adrenaline_needs_low_morale() -> None:
    st = game(4)
    st.morale_start = 8
    burner = place(st, "afterburner", "confront", 0)
    in_hand = place(st, "afterburner", owned_key("hand", 1), 1)
    st.morale = 6
    assert value_of(st, burner) == 3
    st.morale = 4
    assert value_of(st, burner) == 5  # +2 while confronting at half Morale or lower
    assert value_of(st, in_hand) == 3  # not in play: no bonus


def test_completion_6_a_lesson_puts_lost_in_space_back_out_of_play() -> None:
    st = game(2)
    crew_damage(st, Turn(st, None), 0, 1)
    st.lessons[0] = 1
    st.tasks = [Task(kind="refit", data=[0, 1])]  # the Ship Phase refit, ann still to spend
    supply = len(lis_supply(st))
    st, _ = act(st, 0, {"type": "remove", "card": LIS, "from": "discard"})
    assert len(lis_supply(st)) == supply + 1 and st.lessons[0] == 0


def test_completion_7_empty_hand_confronts_lost_in_space() -> None:
    st = game(2)
    arrange(st, ["hull-alarm"])
    set_hand(st, 1, [])
    st = pick_ranks(st)
    assert st.tasks[0].kind == "commit" and [p.seat for p in S.pending(st)] == [0]  # bob is not asked
    st, ev = act(st, 0, {"type": "commit", "cards": [1]})
    assert "bob (empty hand): Lost in Space (no value)" in texts(ev)
    assert st.resolved is not None and st.resolved.challenge == "hull-alarm"
    assert not st.resolved.success  # Stand Together cannot pass beside a Lost in Space
    assert any(st.cards[c].key == LIS for c in cards_in(st, owned_key("discard", 1)))


# -- the almanac's example texts as fixtures (checklist section 2) -----------------------------------------------


def test_example_act_start_draw_from_your_discard_takes_its_top(extra) -> None:
    st = game(2)
    place(st, "salvage-run", owned_key("personal", 0))  # ACT START | you draw 1 card from your Discard Zone
    old = place(st, "scrap", owned_key("discard", 0), 0)
    top = place(st, "dread-salvo", owned_key("discard", 0), 0)
    move(st, top, owned_key("discard", 0), 0, bottom=False)  # the latest discard is on top
    st = pick_ranks(st)
    assert top in hand(st, 0) and old not in hand(st, 0)


def test_example_boon_to_the_players_with_the_highest_value() -> None:
    st = game(3, factions="corsairs+meridian+helix")
    arrange(st, ["asteroid-drift"])  # Reach 3P+3: success grants a Boon to the highest value(s)
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["plunder"], 1: ["slingshot"], 2: ["circuit"]})  # 6, 6, 3 = 15 >= 12
    assert st.resolved is not None and st.resolved.success
    assert sorted(p.seat for p in S.pending(st)) == [0, 1]  # the tie: both choose, at once
    assert all(p.text.startswith("Choose your Boon") for p in S.pending(st))
