"""Quasar Search rules beyond the acceptance scenarios: Targets, values, the mechanics, phases, views, setup."""

from __future__ import annotations

import pytest

from rules.core import RuleError, Turn
from rules.quasar import SYSTEM as S
from rules.quasar.content import LIS, TargetPart, content
from rules.quasar.effects import Amount
from rules.quasar.flow import advance
from rules.quasar.layers import hand_size
from rules.quasar.rank import rank_order
from rules.quasar.state import Task, owned_key
from rules.quasar.steps import change_morale, push
from rules.quasar.targets import check_part, player_value, select
from rules.quasar.zones import active_projects, cards_in, deck, hand, lis_supply, move, new_lis, to_box

from .test_quasar_scenarios import arrange
from .test_quasar_support import act, commit_all, game, pick_ranks, place, play_until, set_hand

VALUE_KEYS = {1: "scrap", 2: "grapple", 3: "cutlass", 4: "broadside", 5: "raid", 6: "plunder", 7: "dread-salvo"}


def confronting(values: list[int | None], seats: list[int] | None = None):
    """A 4-player position with these cards confronting (None: a Lost in Space), by seat."""
    st = game(4)
    ids = []
    for i, v in enumerate(values):
        seat = (seats or list(range(len(values))))[i]
        if v is None:
            cid = new_lis(st, "confront", seat)
        else:
            cid = place(st, VALUE_KEYS[v], "confront", seat)
        ids.append(cid)
    return st, ids


@pytest.mark.parametrize(
    ("kind", "n", "values", "ok"),
    [
        ("reach", 5, [5, None], True),
        ("reach", 6, [5, None], False),
        ("precise", 7, [3, 4], True),
        ("precise", 7, [3, 4, None], True),
        ("cap", 4, [3, None, None], True),
        ("cap", 4, [3, 2], False),
        ("average", 2, [4, None], True),
        ("average", 3, [4, None], False),
        ("peak", 1, [None, None], False),
        ("peak", 5, [5, None], True),
        ("floor", 3, [3, None], False),
        ("floor", 3, [3, 4], True),
        ("together", None, [4, 4, 4, 4], True),
        ("together", None, [None, None, None, None], False),
        ("together", None, [4, 4], False),  # not every player confronts
        ("even", None, [2, 4], True),
        ("even", None, [2, None], False),
        ("odd", None, [3, None], False),
        ("odd", None, [3, 5], True),
        ("distinct", None, [None, None, 3], True),
        ("distinct", None, [3, 3], False),
    ],
)
def test_common_targets_with_lost_in_space(kind: str, n: int | None, values: list, ok: bool) -> None:
    st, ids = confronting(values)
    part = TargetPart(kind, Amount(0, n or 0))
    assert check_part(st, part, ids).ok is ok


def test_players_values_and_singling_out() -> None:
    st, _ = confronting([5, None, 5, 2], seats=[0, 1, 2, 3])
    assert player_value(st, 1) is None
    assert set(select(st, "highest_value", None)) == {0, 2}  # ties include everyone tied
    assert select(st, "lowest_value", None) == [1]  # no value is the lowest
    assert select(st, "confronted_lis", None) == [1]
    move(st, deck(st, 3)[0], owned_key("personal", 3), 3, down=True)
    assert select(st, "with_project", None) == [3]
    st2, _ = confronting([None, None])
    assert select(st2, "highest_value", None) == []  # nobody has a value: nobody is highest


# -- the mechanics ------------------------------------------------------------------------------------------


def test_overcommit_costs_crew_damage_on_failure() -> None:
    st = game(2)
    arrange(st, ["signal-ping"])  # Peak 6
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["scrap", "boarding-party"], 1: ["plot"]})
    assert st.resolved is not None and not st.resolved.success
    assert st.damage[0] >= 1 and "Overcommit card costs them" in "\n".join(st.log)


def test_energy_fills_the_shared_zone_and_pays_for_shifts() -> None:
    st = game(2, factions="helix+corsairs")
    arrange(st, ["asteroid-drift"])  # Reach 8
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["reactor"], 1: ["plunder"]})  # 2 + 6 = 8, Energy 2
    assert st.energy == 2 and st.tasks[0].kind == "window"
    legal = S.legal(st, 0)
    assert {"type": "use", "card": "helix-faction", "target": "plunder", "amount": 1} in legal
    st, _ = act(st, 0, {"type": "use", "card": "helix-faction", "target": "plunder", "amount": 1})
    assert st.energy == 1  # once per window: nothing else to use, so the Challenge resolves
    assert st.resolved is not None and st.resolved.success  # 9 reached


def test_energy_is_put_away_at_act_cleanup() -> None:
    st = pick_ranks(game(2))
    st.energy = 3
    st = play_until(st, "rank")
    assert st.act == 2 and st.energy == 0


def test_glory_on_success_and_lessons_on_failure() -> None:
    st = game(2, factions="helix+corsairs")
    arrange(st, ["signal-ping", "undocking"])
    st = pick_ranks(st)
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["lab-notes"], 1: ["loot"]})  # Peak 6 missed
    assert st.lessons[0] == 1 and st.glory[1] == 0
    st = play_until(st, "commit")
    st = commit_all(st, {0: ["helix-array"], 1: ["loot"]})  # Reach 6 met: Undocking gives each 1 Glory
    assert st.glory[1] == 2 and st.glory[0] == 1


def test_stockpile_keeps_a_card_outside_the_hand_and_offers_it_to_draws() -> None:
    st = game(2, factions="wardens+corsairs")
    st = pick_ranks(st)
    st = play_until(st, "commit")
    ids = set_hand(st, 0, ["hold-the-line", "picket", "picket", "picket", "picket"])
    st, _ = act(st, 0, {"type": "commit", "cards": [1]})
    st, _ = act(st, 1, {"type": "commit", "cards": [1]})
    st = play_until(st, "draw")
    assert ids[0] in cards_in(st, owned_key("stockpile", 0))
    assert {"type": "draw", "from": "stockpile", "card": "hold-the-line"} in S.legal(st, 0)
    assert len(hand(st, 0)) == 4 and hand_size(st, 0) == 5  # stockpiled cards do not count


def test_projects_gain_progress_and_can_be_discarded() -> None:
    st = game(2, mission="quasar")
    arrange(st, [])
    for cid in deck(st, 1)[:2]:
        move(st, cid, owned_key("personal", 1), 1, down=True)
    st.tasks = []
    push(st, [Task(kind="apply", src="hawking-glow#0")])  # players with an Active Project discard one
    advance(st, Turn(st, None))
    assert st.tasks[0].kind == "drop" and S.pending(st)[0].seat == 1
    st, _ = act(st, 1, {"type": "drop", "slot": 1})
    assert len(active_projects(st, 1)) == 1


def test_morale_challenge_act_and_repair() -> None:
    st = game(2)
    tuning = content().tuning
    assert st.morale == tuning.morale_base + 2 * tuning.morale_per_player  # a base and more per player
    st.morale = st.morale_start = 6
    arrange(st, ["signal-ping", "pirate-scout", "undocking"])
    st = pick_ranks(st)
    for _ in range(3):
        st = play_until(st, "commit")
        st = commit_all(st, {0: ["scrap"], 1: ["star-chart"]})
    assert st.act == 2 and st.acts == ["failure"]
    changes = [line for line in st.log if line.startswith("Morale")]
    assert (
        changes
        == [
            "Morale -1 (the Challenge failed): now 5.",
            "Morale -1 (the Challenge failed): now 4.",
            "Morale -1 (the Challenge failed): now 3.",
            "Morale -2 (the Act failed): now 1.",
            "Morale +1 (repairs in the Ship Phase): now 2.",
        ][-len(changes) :]
    )
    assert st.morale == 2
    st.morale = st.morale_start
    change_morale(st, Turn(st, None), 1, "repairs")
    assert st.morale == st.morale_start  # repairs never go above the start


def test_mission_ends_early_when_its_goal_is_out_of_reach() -> None:
    st = game(4)
    st.morale = st.morale_start = 40  # survive the failures
    st.acts = ["failure"]
    st.act = 1
    turn = Turn(st, None)
    st.acts.append("failure")
    st.tasks = [Task(kind="reachable")]
    advance(st, turn)
    assert st.result == "loss" and "too many Acts failed" in st.summary


def test_windows_open_only_when_an_effect_can_be_used() -> None:
    st = game(2, factions="corsairs+meridian")
    st = pick_ranks(st)
    st = play_until(st, "commit")
    events = []
    st, ev = act(st, 0, {"type": "commit", "cards": [1]})
    events += ev
    st, ev = act(st, 1, {"type": "commit", "cards": [1]})
    events += ev
    phases = [e.data["phase"] for e in events if e.data and "phase" in e.data]
    assert "pre_resolution" not in phases  # nobody had Glory: no window, not even a line


def test_a_use_reopens_the_pass_cycle() -> None:
    st = game(2, factions="meridian+corsairs")
    st = pick_ranks(st, [5, 4])  # ann (Meridian) leads
    arrange(st, [])
    st = play_until(st, "commit")
    st.glory = [2, 2]
    st = commit_all(st, {0: ["trim"], 1: ["cutlass"]})
    assert S.pending(st)[0].seat == 0
    st, _ = act(st, 0, {"type": "pass"})
    assert S.pending(st)[0].seat == 1  # bob's Letters of Marque
    st, _ = act(st, 1, {"type": "use", "card": "corsairs-faction", "target": "cutlass", "amount": 1})
    assert S.pending(st)[0].seat == 0  # bob acted: ann, who had passed, is asked again
    assert st.resolved is None or st.resolved.challenge != st.cards[st.challenge].key
    st, _ = act(st, 0, {"type": "pass"})  # bob has used his only effect: the window closes
    assert st.resolved is not None


def test_each_player_effects_resolve_in_rank_order() -> None:
    st = game(3, factions="corsairs+meridian+helix")
    arrange(st, ["loose-cargo"])  # CHALLENGE START | each player draws a card
    st = pick_ranks(st)
    order = [st.seats[s] for s in rank_order(st)]
    draws = [line.split(" ")[0] for line in st.log if line.endswith("draws 1 card.")]
    assert draws[-3:] == order


def test_rank_cards_go_to_the_box_and_discards_are_shuffled_in() -> None:
    st = pick_ranks(game(2))
    first = [c for c in cards_in(st, owned_key("personal", 0)) if content().cards[st.cards[c].key].kind == "rank"]
    st = play_until(st, "rank")
    assert not st.cards[first[0]].zone  # in the box after the Ship Phase
    assert not cards_in(st, owned_key("discard", 0)) and not cards_in(st, owned_key("discard", 1))


def test_discard_down_after_drawing_above_hand_size() -> None:
    st = game(2)
    set_hand(st, 0, ["plot"] * 7)
    st.tasks = [Task(kind="refill", player=0)]
    advance(st, Turn(st, None))
    # Identical cards: nothing to choose, yet the player is asked, so the table does not learn that the
    # hand holds only twins; and the service does not answer for them either.
    assert st.tasks[0].kind == "trim" and S.legal(st, 0) == [{"type": "discard", "card": "plot"}]
    assert S.forced_action(st, S.pending(st)[0]) is None
    for _ in range(2):
        st, _ = S.apply(st, 0, {"type": "discard", "card": "plot"})
    assert len(hand(st, 0)) == 5 and not st.tasks


# -- views ---------------------------------------------------------------------------------------------------


def test_views_hide_hands_decks_and_projects() -> None:
    st = game(3)
    move(st, deck(st, 1)[0], owned_key("personal", 1), 1, down=True)
    secret = {st.cards[c].key for c in hand(st, 1)} | {st.cards[c].key for c in deck(st, 1)}
    for seat in (0, 2, None):
        seen = S.view(st, seat)
        assert all(seen.cards[c].key == "" for c in cards_in(seen, owned_key("hand", 1)))
        assert set(cards_in(seen, owned_key("hand", 1))).isdisjoint(st.cards)  # fresh ids
        assert len(cards_in(seen, owned_key("hand", 1))) == 5
    mine = S.view(st, 1)
    assert {mine.cards[c].key for c in cards_in(mine, owned_key("hand", 1))} <= secret
    assert all(mine.cards[c].key == "" for c in cards_in(mine, owned_key("deck", 1)))  # own deck hidden too
    project = [c for c in cards_in(mine, owned_key("personal", 1)) if mine.cards[c].down]
    assert project and mine.cards[project[0]].key == ""
    assert all(mine.cards[c].key == "" for c in cards_in(mine, "scenario"))


# -- setup ---------------------------------------------------------------------------------------------------


def test_setup_options_are_checked_with_the_names_that_work() -> None:
    with pytest.raises(RuleError, match=r"There is no mission 'moon'\. Missions: first-light, silent-running, quasar"):
        S.setup(["a"], {"mission": "moon"}, 1)
    with pytest.raises(RuleError, match=r"There is no faction 'pirates'\. Factions: corsairs"):
        S.setup(["a"], {"factions": "pirates"}, 1)
    with pytest.raises(RuleError, match="only be played by one player"):
        S.setup(["a", "b"], {"factions": "helix+helix"}, 1)
    with pytest.raises(RuleError, match="3 factions named for 2 players"):
        S.setup(["a", "b"], {"factions": "helix+wardens+meridian"}, 1)
    with pytest.raises(RuleError, match="1 to 4 players"):
        S.setup(["a"] * 5, {}, 1)
    st = S.setup(["a", "b"], {"scenario": "The Quasar", "factions": "Wardens"}, 1)
    assert st.mission == "quasar" and st.factions == ["wardens", "corsairs"]


def test_setup_deals_everything_and_keeps_lost_in_space_out() -> None:
    st = game(4)
    assert st.morale == st.morale_start == content().starting_morale(4)
    assert len(lis_supply(st)) == 12
    size = content().base_hand_size(4)
    for seat in range(4):
        assert len(hand(st, seat)) == size and len(deck(st, seat)) == 15 - size
        assert len(cards_in(st, owned_key("ranks", seat))) == 3
    scenario = [content().cards[st.cards[c].key].kind for c in cards_in(st, "scenario")]
    assert scenario == ["challenge"] * 3 + ["act", "challenge", "challenge", "challenge"] * 2  # Act 1 is out
    boxed = [c for c, card in st.cards.items() if not card.zone and content().cards[card.key].kind == "challenge"]
    assert len(boxed) == 6  # two of each Act's five go back to the box
    to_box(st, hand(st, 0)[0])
    assert len(hand(st, 0)) == size - 1
    assert LIS == "lis"


def test_forced_steps_are_offered_to_the_service() -> None:
    st = game(2)
    st.tasks = [Task(kind="drop", player=0)]
    move(st, deck(st, 0)[0], owned_key("personal", 0), 0, down=True)
    move(st, deck(st, 0)[0], owned_key("personal", 0), 0, down=True)
    prompt = S.pending(st)[0]
    assert S.forced_action(st, prompt) is None  # two Projects: a real choice
    st.tasks = [Task(kind="boon", player=0)]
    assert S.forced_action(st, S.pending(st)[0]) is None
    st.tasks = [Task(kind="order", player=0, src="rules#0", data=[0, 1])]
    assert len(S.legal(st, 0)) == 2 and S.forced_action(st, S.pending(st)[0]) is None
    st.tasks = [Task(kind="refit", data=[0, 1])]
    st.lessons[0] = 0
    assert S.legal(st, 0) == [{"type": "ready"}]
    assert S.forced_action(st, S.pending(st)[0]) == {"type": "ready"}  # nothing to spend: played at once
