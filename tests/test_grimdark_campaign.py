"""Missions chained into the campaign, experience and advances at camp, and the campaign builder."""

from __future__ import annotations

import pytest

from rules.core.rng import Rng, RngState
from rules.grimdark import SYSTEM as G
from rules.grimdark.content import content
from rules.grimdark.missions import build
from rules.grimdark.units import find, stats

from .test_grimdark_support import bare, battle, play, put_enemy, refused


def finish_mission(state, *, win: bool):
    """End the current mission: the last round runs out with the heroes standing (survive) or not."""
    bare(state, rounds=state.round)
    put_enemy(state, "scrappers", "A1")
    if not win:
        state.mission.goal.hold = 5
    for hero in [u for u in state.units if u.side == "hero"]:
        hero.activated = False
    for hero in [u for u in state.units if u.side == "hero"]:
        state, _ = G.apply(state, hero.seat, {"type": "done", "hero": hero.id})
    return state


def test_the_campaign_goes_to_camp_then_to_the_next_mission() -> None:
    state = battle("kessa+orrin", scenario="ashfall")
    find(state, "kessa").items = ["medkit", "data-core"]
    find(state, "kessa").limited = ["x"]
    state = finish_mission(state, win=True)
    assert state.phase == "camp" and state.record == ["landing:win"]
    sheet = state.party[0]
    assert sheet.xp == 3, "played, won and still standing"
    assert sheet.items == ["medkit"], "mission items stay behind"
    refused(state, 0, {"type": "hold", "hero": "kessa"}, "at camp")
    state, said = play(state, 0, {"type": "train", "hero": "kessa", "advance": "power"})
    assert stats(state, find(state, "kessa")).power == 5 and state.party[0].xp == 1
    state, said = play(state, 0, {"type": "ready"})
    assert state.phase == "deploy" and state.mission.key == "vault" and "Next mission: The Signal Vault" in said
    kessa = find(state, "kessa")
    assert kessa.items == ["medkit"] and kessa.limited == [] and kessa.power == 5 and kessa.models[0].wounds == 0


def test_a_lost_mission_still_goes_on_and_the_final_decides() -> None:
    state = battle("kessa+orrin", scenario="ashfall")
    state = finish_mission(state, win=False)
    assert state.phase == "camp" and state.record == ["landing:loss"] and state.party[0].xp == 2
    state.stage = len(content().campaigns["ashfall"].missions) - 2
    state, _ = play(state, 0, {"type": "ready"})
    assert state.mission.key == "throne"
    state, _ = play(state, 0, {"type": "ready"})
    state = finish_mission(state, win=True)
    outcome = G.outcome(state)
    assert outcome is not None and outcome.result == "win" and "1 of 2 missions won" in outcome.summary


def test_a_single_mission_ends_the_game() -> None:
    state = finish_mission(battle(), win=False)
    outcome = G.outcome(state)
    assert outcome is not None and outcome.result == "loss" and "Dust Landing: lost" in outcome.summary


def test_the_builder_draws_until_the_party_falls() -> None:
    state = battle("kessa+orrin+ash", scenario="builder")
    assert state.mission.key == "built-1"
    state = finish_mission(state, win=True)
    assert state.phase == "camp"
    state, _ = play(state, 0, {"type": "ready"})
    assert state.mission.key == "built-2"
    state, _ = play(state, 0, {"type": "ready"})
    state = finish_mission(state, win=False)
    outcome = G.outcome(state)
    assert outcome is not None and "after 1 victories" in outcome.summary


@pytest.mark.parametrize("party", [2, 3, 4])
def test_drawn_missions_fit_the_budget_and_make_sense(party: int) -> None:
    c = content()
    budget = c.builder.budget[party]
    kinds = set()
    for seed in range(40):
        spec = build(Rng(RngState(seed=seed)), party, 1)
        kinds.add(spec.goal.kind)
        threat = sum(c.units[p.unit].threat for p in spec.force)
        threat += sum(c.units[u].threat for w in spec.waves for u in w.units)
        assert 0 < threat <= budget, (seed, threat)
        assert spec.layout in c.layouts and 3 <= len(spec.tokens) <= 5
        if spec.goal.kind == "slay":
            tag = spec.goal.unit[0]
            assert any(c.units[p.unit].tag == tag for p in spec.force)
        if spec.goal.kind == "retrieve":
            assert spec.relic
        if spec.goal.kind == "seize":
            assert len(spec.objectives) == 3 and spec.goal.count == 2
        assert spec.goals
    assert kinds == {"seize", "retrieve", "slay", "survive"}


def test_a_drawn_mission_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    state = G.setup(["a", "b"], {"scenario": "builder", "heroes": "3"}, 11)
    state, _ = G.apply(state, 0, {"type": "ready"})
    state, _ = G.apply(state, 1, {"type": "ready"})
    assert state.phase == "battle" and any(u.side == "ai" and u.placed for u in state.units)


def test_advances_have_limits() -> None:
    state = battle()
    state.phase = "camp"
    state.party[0].xp = 20
    for _ in range(2):
        state, _ = play(state, 0, {"type": "train", "hero": "kessa", "advance": "tou"})
    refused(state, 0, {"type": "train", "hero": "kessa", "advance": "tou"}, "already taken")
    state, said = play(state, 0, {"type": "train", "hero": "kessa", "advance": "skill", "skill": "sprint"})
    assert "learns Sprint" in said and "sprint" in state.party[0].skills
    state, _ = play(state, 0, {"type": "train", "hero": "kessa", "advance": "dex"})
    assert stats(state, find(state, "kessa")).dex == 3 and stats(state, find(state, "kessa")).tou == 8
