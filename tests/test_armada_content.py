"""The Armada data files load, validate and keep the counts the rulebook prints."""

from __future__ import annotations

import pytest

from rules.armada import content
from rules.armada.content import CONTENT, ContentError


def test_counts_match_the_components():
    assert sum(m.copies for m in CONTENT.modules.values()) == 88
    assert sum(e.copies for e in CONTENT.enemies.values()) == 55
    assert len(CONTENT.events) == 52
    assert len(CONTENT.heroes) == 34
    assert len(CONTENT.threats) == 30
    assert len(CONTENT.ships) == 6
    assert len(CONTENT.planets) == 6
    assert len(CONTENT.events) + CONTENT.dont_panic["normal"] == 60


def test_known_printed_facts():
    orchid = CONTENT.modules["orchid-missiles-2"]
    assert (orchid.cost, orchid.upgrade, orchid.effect["amount"], orchid.effect["dtype"]) == (
        8,
        2,
        2,
        "kinetic",
    )
    assert CONTENT.modules["lotus-laser"].effect["amount"] == 1
    assert "multi" in CONTENT.modules["lotus-laser-2"].effect["keywords"]
    assert CONTENT.heroes["genevieve"].cost == 5
    assert CONTENT.planets["Luna"].links == ("Terra",)
    assert CONTENT.basic_faces.count("-") == 2
    assert all("C" not in f for f in CONTENT.basic_faces)
    assert CONTENT.events[15].hazard["kind"] == "block_hire"
    assert "protect" in CONTENT.enemies["warden"].passives


def test_cargo_modules_stay_out_of_the_pool():
    assert all(m.copies == 0 for m in CONTENT.modules.values() if m.cargo or m.starter)


def test_rules_topics_are_short():
    assert 6 <= len(CONTENT.topics) <= 15
    assert all(len(t["text"]) <= 900 for t in CONTENT.topics)


def test_bad_data_names_file_and_entry(monkeypatch):
    real = content._load

    def broken(name):
        data = real(name)
        if name == "enemies.toml":
            data["enemy"][0]["faction"] = "Pirates"
        return data

    monkeypatch.setattr(content, "_load", broken)
    with pytest.raises(ContentError, match=r"enemies.toml enemy #1 \(sentinel\): unknown faction"):
        content.load()


def test_bad_module_kind_is_caught(monkeypatch):
    real = content._load

    def broken(name):
        data = real(name)
        if name == "modules.toml":
            data["module"][3]["effect"] = {"kind": "teleport-everything"}
        return data

    monkeypatch.setattr(content, "_load", broken)
    with pytest.raises(ContentError, match=r"modules\.toml module #4"):
        content.load()


def test_every_module_and_enemy_action_has_a_one_line_text():
    from rules.armada.content import action_text

    for m in CONTENT.modules.values():
        assert 8 <= len(m.text) <= 110 and "\n" not in m.text, m.id
    for e in CONTENT.enemies.values():
        for a in e.actions:
            assert a.text and action_text(a) == a.text, e.id
    texts = {m.text for m in CONTENT.modules.values()}
    assert len(texts) > 50  # descriptions say what differs, not one line for all


@pytest.mark.parametrize(
    ("file", "key", "mutate", "message"),
    [
        ("modules.toml", "module", lambda e: e.pop("text"), r"modules\.toml module #1 \(ai-core-1\): missing 'text'"),
        ("modules.toml", "module", lambda e: e.update(text="two\nlines"), r"one line"),
        ("enemies.toml", "enemy", lambda e: e["actions"][0].pop("text"), r"enemies\.toml enemy #1 .*'text'"),
        ("enemies.toml", "enemy", lambda e: e["actions"][0].update(text="x"), r"8\.\.110"),
    ],
)
def test_missing_or_bad_texts_are_caught(monkeypatch, file, key, mutate, message):
    real = content._load

    def broken(name):
        data = real(name)
        if name == file:
            mutate(data[key][0])
        return data

    monkeypatch.setattr(content, "_load", broken)
    with pytest.raises(ContentError, match=message):
        content.load()


@pytest.mark.parametrize(
    ("file", "section"),
    [("modules.toml", "module"), ("heroes.toml", "hero"), ("enemies.toml", "enemy"), ("threats.toml", "threat")],
)
def test_duplicate_keys_are_caught(monkeypatch, file, section):
    real = content._load

    def broken(name):
        data = real(name)
        if name == file:
            data[section][1]["key"] = data[section][0]["key"]
        return data

    monkeypatch.setattr(content, "_load", broken)
    with pytest.raises(ContentError, match=rf"{file.replace('.', '[.]')} {section} #2 \(.+\): duplicate key"):
        content.load()
