"""Quasar Search content: the effect language refuses bad data clearly, and the shipped data is complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.quasar.content import LIS, ContentError, content, load
from rules.quasar.effects import (
    KEYWORDS,
    Amount,
    Effect,
    RuleMod,
    Step,
    as_table,
    keyword_effects,
    parse_amount,
    parse_effect,
    parse_keyword,
)
from rules.quasar.text import card_lines, effect_text

from .test_quasar_support import extra_content

ZONES = {name: spec.owned for name, spec in content().zones.items()}


def parse(raw: dict, scenario: bool = False) -> Effect:
    return parse_effect(raw, "test.toml card x", ZONES, scenario=scenario)


# -- the shipped data -------------------------------------------------------------------------------------------


def test_four_factions_with_rankbreakers_ranks_starters_and_reserves() -> None:
    c = content()
    assert {f.rankbreaker for f in c.factions.values()} == {17, 24, 31, 9}
    for faction in c.factions.values():
        assert c.cards[faction.card].kind == "faction"
        assert len(faction.ranks) == 3 and all(1 <= c.cards[r].rank <= 5 for r in faction.ranks)
        assert len(faction.starter) == 15 and len(faction.reserve) == 6
        assert all(c.cards[k].kind == "player" and c.cards[k].value is not None for k in faction.starter)
        assert LIS not in faction.starter  # Lost in Space never starts in a Deck
    assert sum(1 for card in c.cards.values() if card.kind == "player") >= 4 * 16


def test_missions_acts_and_challenges() -> None:
    c = content()
    assert len(c.missions) >= 3
    kinds_per_mission = []
    for mission in c.missions.values():
        assert len(mission.acts) == 3
        kinds = set()
        for act in mission.acts:
            card = c.cards[act]
            assert card.kind == "act" and len(card.challenges) == 5
            for ch in card.challenges:
                challenge = c.cards[ch]
                assert challenge.target
                whens = {e.when for e in challenge.effects}
                assert {"success", "failure"} & whens, ch  # every Challenge has a Result
                kinds |= {p.kind for p in challenge.target}
        kinds_per_mission.append(kinds)
    assert kinds_per_mission[0] != kinds_per_mission[1]  # two missions do not play alike
    assert c.tuning.lis_copies == 12


def test_every_keyword_has_a_reminder_and_every_card_has_text() -> None:
    c = content()
    assert set(KEYWORDS) <= set(c.mechanics)
    for key, card in c.cards.items():
        if card.kind in ("player", "faction") and (card.keywords or card.effects):
            assert card_lines(key), key
    assert card_lines("trim") == ["PRE-RESOLUTION | Spend 1 Glory: Shift 2"]
    assert card_lines("afterburner") == ["Adrenaline 2"]
    assert card_lines("blueprint") == ["Project: draw 2 cards"]
    assert card_lines("meridian-faction") == ["BOON outcome \u201cdraw 2 cards\u201d: draw 2 cards"]


def test_no_almanac_sentence_is_copied() -> None:
    almanac = Path(__file__).resolve().parents[2] / "shared" / "rules" / "quasar_search_almanac.txt"
    if not almanac.exists():
        pytest.skip("the almanac is not beside the project")
    sentences = [s.strip() for s in almanac.read_text().replace("\n", " ").split(".") if len(s.split()) >= 8]
    data = " ".join(p.read_text() for p in (Path(__file__).resolve().parents[1] / "data" / "quasar").glob("*"))
    copied = [s for s in sentences if s in data]
    assert not copied, copied[:3]


def test_every_effect_round_trips_through_its_table() -> None:
    for key, card in content().cards.items():
        scenario = card.kind in ("mission", "act", "challenge")
        for effect in card.effects:
            if effect.keyword or card.kind == "rules":
                continue
            again = parse(as_table(effect), scenario=scenario)
            assert again == effect, key
            assert effect_text(effect)


# -- the effect language ----------------------------------------------------------------------------------------


def test_a_triggered_effect_parses() -> None:
    e = parse(
        {"style": "triggered", "when": "pre_resolution", "cost": {"glory": 1}, "steps": [{"do": "shift", "n": 2}]}
    )
    assert e == Effect("triggered", "pre_resolution", "you", (("glory", 1),), (), (Step("shift", 2),))
    assert e.shift == 2


def test_zones_named_by_effects() -> None:
    e = parse({"style": "required", "when": "act_start", "steps": [{"do": "draw", "from": "discard"}]})
    assert e.steps[0].zone == "your discard"  # an owned zone is always the owner's
    e = parse({"style": "required", "when": "confront", "steps": [{"do": "new_lis", "into": "your warp"}]})
    assert e.steps[0].zone == "your warp"
    e = parse({"style": "constant", "rules": [{"rule": "draw_from", "allow": "warp"}]})
    assert e.rules == (RuleMod("draw_from", "allow", "warp"),)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"style": "sometimes"}, "'style' must be one of constant, required, triggered"),
        ({"style": "required", "steps": [{"do": "draw"}]}, "needs a 'when'"),
        ({"style": "required", "when": "teatime", "steps": [{"do": "draw"}]}, "'when' must be one of"),
        ({"style": "triggered", "when": "cleanup", "steps": [{"do": "draw"}]}, "used in a window"),
        ({"style": "required", "when": "act_start"}, "does nothing"),
        ({"style": "required", "when": "act_start", "steps": [{"do": "fly"}]}, "a step's 'do' must be one of"),
        ({"style": "required", "when": "act_start", "steps": [{"do": "draw", "n": 0}]}, "from 1 to 10, not 0"),
        ({"style": "required", "when": "act_start", "steps": [{"do": "draw", "n": 40}]}, "from 1 to 10"),
        ({"style": "required", "when": "act_start", "steps": [{"do": "glory", "from": "deck"}]}, "does not take from"),
        (
            {"style": "required", "when": "act_start", "steps": [{"do": "draw", "from": "attic 2"}]},
            "cannot name a zone",
        ),
        ({"style": "required", "when": "act_start", "steps": [{"do": "draw", "from": "box"}]}, "cannot name a zone"),
        ({"style": "required", "when": "draw", "steps": [{"do": "draw"}]}, "may not draw itself"),
        ({"style": "triggered", "when": "draw", "steps": [{"do": "glory"}]}, "draw trigger is a required effect"),
        (
            {
                "style": "required",
                "when": "act_start",
                "rules": [{"rule": "hold", "zone": "confront"}],
                "lasting": "act",
            },
            "lasting = challenge",
        ),
        (
            {"style": "required", "when": "act_start", "steps": [{"do": "move", "n": 2, "into": "warp"}]},
            "only with 'from'",
        ),
        (
            {"style": "required", "when": "act_start", "steps": [{"do": "shift", "n": 1}]},
            "only triggered effects shift",
        ),
        ({"style": "required", "when": "act_start", "steps": [{"do": "new_lis"}]}, "needs 'into'"),
        ({"style": "constant", "rules": [{"rule": "gravity", "set": 1}]}, "'rule' must be one of"),
        ({"style": "constant", "rules": [{"rule": "hand_size", "allow": "warp"}]}, "exactly one of add, set"),
        ({"style": "constant", "rules": [{"rule": "can_draw", "set": 3}]}, "true or false"),
        ({"style": "constant", "when": "act_start", "rules": [{"rule": "can_draw", "set": False}]}, "has no 'when'"),
        ({"style": "constant", "steps": [{"do": "draw"}]}, "changes rules and takes no steps"),
        ({"style": "constant", "when": "boon", "steps": [{"do": "draw"}]}, "needs a 'label'"),
        ({"style": "required", "when": "act_start", "rules": [{"rule": "hand_size", "add": 1}]}, "need 'lasting'"),
        ({"style": "required", "when": "act_start", "cost": {"glory": 1}, "steps": [{"do": "draw"}]}, "only triggered"),
        ({"style": "triggered", "when": "pre_resolution", "cost": {"fame": 1}, "steps": [{"do": "draw"}]}, "a cost"),
        ({"style": "required", "when": "success", "who": "each_player", "steps": [{"do": "morale", "n": -1}]}, "team"),
        ({"style": "required", "when": "act_start", "if": ["sunny"], "steps": [{"do": "draw"}]}, "a condition"),
        ({"style": "required", "when": "act_start", "colour": "red", "steps": [{"do": "draw"}]}, "unknown field"),
        ("draw 2", "an effect must be a table"),
    ],
)
def test_bad_effects_are_refused_with_the_reason(raw: object, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        parse_effect(raw, "test.toml card x", ZONES)


def test_scenario_cards_have_no_owner() -> None:
    with pytest.raises(ContentError, match="no owner"):
        parse({"style": "required", "when": "success", "who": "you", "steps": [{"do": "glory"}]}, scenario=True)
    with pytest.raises(ContentError, match="used by its owner"):
        parse({"style": "triggered", "when": "pre_resolution", "steps": [{"do": "shift"}]}, scenario=True)
    e = parse({"style": "required", "when": "success", "steps": [{"do": "glory"}]}, scenario=True)
    assert e.who == "each_player"  # a scenario card's default


def test_keywords() -> None:
    assert parse_keyword("Energy 2", "x") == ("energy", 2)
    assert parse_keyword("Warp", "x") == ("warp", 0)
    assert parse_keyword("Lesson", "x") == ("lesson", 1)
    for bad, message in [("Flight 2", "unknown keyword"), ("Energy", "needs a number"), ("Warp 3", "takes no number")]:
        with pytest.raises(ContentError, match=message):
            parse_keyword(bad, "x")
    assert keyword_effects("energy", 2) == [
        Effect("required", "confront", steps=(Step("energy", 2),), keyword="energy")
    ]
    assert keyword_effects("warp", 0) == []
    adrenaline = keyword_effects("adrenaline", 2)[0]
    assert adrenaline.conditions == ("morale_low",) and adrenaline.rules[0].value == 2


def test_scaled_numbers() -> None:
    assert parse_amount("4P", "x") == Amount(4, 0) and Amount(4, 0).at(3) == 12 and Amount(4, 0).at(1) == 8
    assert parse_amount("3P+1", "x").at(2) == 7 and parse_amount("P-1", "x").at(4) == 3
    assert parse_amount(7, "x") == Amount(0, 7) and str(Amount(3, 1)) == "3P+1"
    for bad in ("4Q", "", "P+P", 99):
        with pytest.raises(ContentError):
            parse_amount(bad, "x")


def test_a_new_card_needs_no_code(tmp_path: Path) -> None:
    extra = """
[[card]]
key = "salvage-beacon"
name = "Salvage Beacon"
set = "reserve"
value = 4
keywords = ["Energy 1", "Warp"]
effect = [{ style = "required", when = "act_start", who = "each_player", steps = [{ do = "draw", from = "discard" }] }]
"""
    loaded = extra_content(tmp_path, extra)
    card = loaded.cards["salvage-beacon"]
    assert card.has("warp") and card.keyword_n("energy") == 1 and len(card.effects) == 2


def test_broken_data_files_name_the_file_and_entry(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"faction_corsairs.toml card #\d+ \(bad-card\).*'value'"):
        extra_content(tmp_path / "a", '[[card]]\nkey = "bad-card"\nname = "Bad"\nset = "reserve"\nvalue = "high"\n')
    with pytest.raises(ContentError, match="card key raid is used twice"):
        extra_content(tmp_path / "b", '[[card]]\nkey = "raid"\nname = "Raid Two"\nset = "reserve"\nvalue = 5\n')
    with pytest.raises(ContentError, match="cannot read"):
        load(tmp_path / "nowhere")
