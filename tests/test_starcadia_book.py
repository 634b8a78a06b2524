"""Starcadia rules brought to the book (issue: resurrection spaces, the timing of a kill without Overkill).

Each test names the rulebook page or section it follows; the sentences are ours.
"""

from __future__ import annotations

import pytest

from rules.starcadia import SYSTEM
from tests.test_starcadia_support import (
    ForcedDice,
    add_monster,
    hero,
    place,
    play_state,
    refused,
    settle,
    texts,
)


@pytest.fixture
def dice(monkeypatch) -> ForcedDice:
    return ForcedDice(monkeypatch)


# -- p. 19 (Rest: Resurrect Heroes) and p. 12 (Shuttle) ---------------------------------------------------
def dead_red(current: int = 0):
    """Seat 0 (yellow: shuttle C1, D1) with Red dead and Edge far from the shuttle; seat 1 is blue (J3, J4)."""
    st = play_state()
    red = hero(st, "red")
    red.dead, red.pos, red.wounds = True, "", 5
    place(st, "edge", "G6")
    st.current = current
    return st


def test_a_resurrected_hero_takes_any_free_space_of_its_shuttle():
    """p. 19 (Resurrect Heroes): the hero comes back in its crew's Shuttle, on a space its player picks."""
    st = dead_red()
    st2, ev = SYSTEM.apply(st, 0, {"type": "rest", "place": {"red": "D1"}})
    red = hero(st2, "red")
    assert red.pos == "D1" and not red.dead and red.wounds == 0
    assert "Red is back in action at D1." in texts(ev)
    # `shuttle` still means the first free space of it.
    st3, _ = SYSTEM.apply(st, 0, {"type": "rest", "place": {"red": "shuttle"}})
    assert hero(st3, "red").pos == "C1"
    # A space shared with one figure is still free (p. 16: a space is Full with two).
    place(st, "hannah", "C1")
    st4, _ = SYSTEM.apply(st, 0, {"type": "rest", "place": {"red": "C1"}})
    assert hero(st4, "red").pos == "C1"


def test_the_issue_example_a_blue_hero_back_on_j4():
    """p. 19 (Resurrect Heroes), p. 12 (Shuttle): the blue crew names J4, a space of its own shuttle."""
    st = play_state()
    hannah = hero(st, "hannah")
    hannah.dead, hannah.pos = True, ""
    place(st, "bahbaka", "G6")
    st.current = 1
    st2, _ = SYSTEM.apply(st, 1, {"type": "rest", "place": {"hannah": "J4"}})
    assert hero(st2, "hannah").pos == "J4"


def test_a_resurrection_space_outside_the_shuttle_or_full_is_refused():
    """p. 19 (Resurrect Heroes): only the crew's own shuttle or a space Close to an ally that stood on the
    board when the turn began; p. 16 (Full Spaces): never a space that already holds two figures."""
    st = dead_red()
    refused(st, 0, {"type": "rest", "place": {"red": "J4"}}, "your shuttle (C1, D1) or Close to your ally")
    refused(st, 0, {"type": "rest", "place": {"red": "A9"}}, "your shuttle (C1, D1)")
    place(st, "hannah", "D1")
    place(st, "bahbaka", "D1")
    refused(st, 0, {"type": "rest", "place": {"red": "D1"}}, "D1 is full")


# -- p. 19 (Kills and Rewards), p. 22 (Payback Reaction), p. 23 (Monster Dashboard: Reward), p. 24 (Quests)
def last_quest_state(**options: str):
    """Episodic scenario 1 on its last PvE quest (kill Iceheart) with a PvP quest done: the kill ends it.
    Edge stands Close to a badly hurt Iceheart (5 wounds of 6, Overkill 8) and has 1 life left."""
    st = play_state(mode="episodic", **options)
    st.pve_index = 2
    st.done = {"1-1": 1, "1-2": 1, "pvp-yellow": 1}
    st.crews[1].vt = 3
    place(st, "edge", "C2")
    edge = hero(st, "edge")
    edge.wounds = 6  # of 7: one more wound kills Edge
    add_monster(st, "iceheart", "D2", "villain").wounds = 5
    return st


def test_a_last_quest_kill_ends_the_scenario_before_any_payback(dice):
    """p. 19 (Kills and Rewards) and p. 23 (Reward): the crew is paid at once; p. 24 (Quests): the scenario
    ends as soon as its quests are done; p. 22 (Payback): so the monster never strikes back."""
    st = last_quest_state()
    dice.set("melee")  # one wound: Iceheart's life is reached, its Overkill is not
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "iceheart#1", "weapon": "pulse-blade"})
    t = texts(ev)
    assert "Overkill!" not in t
    assert st2.phase == "over" and st2.payback is None and st2.wait is None
    assert not any("payback" in line for line in t)
    assert not hero(st2, "edge").dead  # no Payback took its last life: no VT for the rival
    assert st2.crews[0].vt == 4 + 4 and st2.crews[1].vt == 3  # Iceheart's reward and quest 1-3
    assert SYSTEM.outcome(st2).winners == [0]
    # Nobody may run the Payback of a scenario that is over.
    refused(st2, 1, {"type": "payback"}, "over")


def test_a_kill_pays_its_reward_before_the_payback_when_the_scenario_goes_on(dice):
    """p. 19 (Kills and Rewards), p. 23 (Reward): the reward and the quest count are paid at the kill;
    p. 22 (Payback): a monster killed without Overkill still strikes back, then leaves the board."""
    st = play_state()
    place(st, "edge", "C2")
    add_monster(st, "weeble", "D2").wounds = 1
    dice.set("melee")  # 1 wound: life (2) reached, Overkill (3) not
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "weeble#1", "weapon": "pulse-blade"})
    assert st2.payback is not None and st2.monsters  # the Payback waits, the figure stays for it
    assert st2.crews[0].vt == 1 and st2.crews[0].kills == 1  # paid already
    assert "Weeble (weeble#1) is killed but may still strike back." in texts(ev)
    st3 = settle(st2, ev)
    t = texts(ev)
    paid = t.index("Yellow crew earns 1 VT.")
    strike = next(i for i, line in enumerate(t) if "attacks Edge" in line and "payback" in line)
    gone = t.index("Weeble (weeble#1) is destroyed!")
    assert paid < strike < gone
    assert not st3.monsters and st3.crews[0].vt == 1 and st3.crews[0].kills == 1  # paid once


def test_a_kill_that_does_not_end_the_scenario_still_gets_its_payback(dice):
    """p. 22 (Payback): while the scenario goes on, the killed monster strikes back before it leaves,
    though p. 23 (Reward) and p. 24 (Quests) were settled at the kill."""
    st = last_quest_state()
    st.done = {"1-1": 1, "1-2": 1}  # no PvP quest yet: the kill does not end the scenario
    edge_vt = st.crews[0].vt
    dice.set("melee")
    st2, ev = SYSTEM.apply(st, 0, {"type": "attack", "hero": "edge", "target": "iceheart#1", "weapon": "pulse-blade"})
    assert st2.phase == "play" and st2.crews[0].vt == edge_vt + 4 + 4 and "1-3" in st2.done
    assert st2.payback is not None and st2.monsters
    st3 = settle(st2, ev)
    assert not st3.monsters and st3.crews[0].vt == edge_vt + 8
    assert any("payback" in line and "attacks Edge" in line for line in texts(ev))


def test_rest_place_suggests_each_free_space_of_the_shuttle():
    """p. 19 (Resurrect Heroes): the /starcadia rest autocomplete offers every free shuttle space too."""
    from table.commands import SeatContext
    from table.starcadia.suggestions import _rest_place

    st = dead_red()
    place(st, "hannah", "C1")
    place(st, "bahbaka", "C1")
    sc = SeatContext(record=None, state=st, system=SYSTEM, seat=0)
    values = [value for _, value in _rest_place(sc, "", {})]
    assert values[:2] == ["red:shuttle", "red:D1"] and "red:C1" not in values
    st2, _ = SYSTEM.apply(st, 0, {"type": "rest", "place": {"red": values[1].partition(":")[2]}})
    assert hero(st2, "red").pos == "D1"
