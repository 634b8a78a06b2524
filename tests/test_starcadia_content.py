"""Starcadia data files load, are consistent, and bad data fails with a clear message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.starcadia.content import CONTENT, DATA_DIR, ContentError, load


def test_counts_match_the_box():
    assert len(CONTENT.heroes) == 8
    assert {"edge", "hannah", "red", "bahbaka", "blaze", "digits"} <= set(CONTENT.heroes)
    assert len(CONTENT.monsters) == 8
    assert sum(m.figures for m in CONTENT.monsters.values()) == 22
    assert len(CONTENT.events) == 30
    assert len(CONTENT.quests) == 31
    assert len(CONTENT.tiles) == 10
    assert len(CONTENT.starter) == 7
    assert CONTENT.heroes["edge"].defense == 2
    assert CONTENT.monsters["iceheart"].dice == 4 and CONTENT.monsters["iceheart"].attack_type == "melee"


def test_starter_tokens_have_the_known_numbers():
    up = CONTENT.upgrade_by_ref
    assert up("pulse-blade").dice == 3 and up("pulse-blade").type == "melee"
    assert up("repeater pistol").dice == 2 and up("Repeater Pistol").type == "ranged"
    assert up("iron-fists").category == "boost" and up("iron-fists").dice == 1
    assert up("red-dot-sight").type == "ranged"
    red_shirt = up("red-shirt")
    assert (red_shirt.category, red_shirt.extra_defense, red_shirt.reroll) == ("passive", 1, 1)
    assert up("S06").category == "reaction"
    assert up("nonsense") is None


def test_every_tile_has_one_terminal_four_hatches_and_a_spawn():
    for tile in CONTENT.tiles.values():
        assert tile.cells.count("T") == 1
        assert tile.cells.count("S") >= 1
        for x, y in ((1, 0), (3, 1), (1, 3), (0, 1)):
            assert tile.cell(x, y) != "#"


def test_rules_reference_topics():
    assert 6 <= len(CONTENT.topics) <= 18
    assert all(len(text) <= 900 for _, _, text in CONTENT.topics)


def test_scenario_one_is_complete():
    sc = CONTENT.scenarios["1"]
    assert len(sc.layout) == 4 and len(sc.shuttle_slots) == 4
    assert [CONTENT.quests[q].kind for q in sc.pve] == ["pve"] * 3
    assert sc.monsters["villain"] == "iceheart"


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    base = tmp_path / "data"
    shutil.copytree(DATA_DIR, base)
    text = (base / name).read_text()
    assert old in text
    (base / name).write_text(text.replace(old, new, 1))
    return base


@pytest.mark.parametrize(
    ("name", "old", "new", "fragment"),
    [
        ("heroes.toml", "defense = 2", 'defense = "two"', "heroes.toml: hero edge"),
        ("monsters.toml", 'type = "melee" }', 'type = "psychic" }', "monsters.toml: monster scuttlebutt"),
        ("events.toml", 'effect = "none"', 'effect = "explode"', "events.toml: event E01"),
        ("tiles.toml", "|S . . s|", "|S . . ?|", "tiles.toml: tile t01"),
        ("tiles.toml", "+-+=+-+-+", "+-+-+-+-+", "tiles.toml: tile t01"),
        ("upgrades.toml", 'category = "weapon"', 'category = "snack"', "upgrades.toml: upgrade S01"),
        ("scenarios.toml", 'pve = ["1-1"', 'pve = ["9-9"', "scenarios.toml: scenario 1"),
        ("dice.toml", '"crit", ', '"blank", ', "dice.toml"),
        ("monsters.toml", 'tag = "OR"', 'tag = "OC"', "monsters.toml: monster octocruel"),
        ("monsters.toml", 'tag = "WE"', 'tag = "we1"', "monsters.toml: monster weeble"),
    ],
)
def test_bad_data_names_file_and_entry(tmp_path, name, old, new, fragment):
    base = _broken(tmp_path, name, old, new)
    with pytest.raises(ContentError) as info:
        load(base)
    assert fragment in str(info.value)


def test_die_faces_fit_the_book_examples():
    faces = CONTENT.faces
    assert faces.count("crit") == 1
    assert "melee" in faces and "ranged" in faces and "shield" in faces


def test_every_monster_has_its_own_board_tag():
    from rules.starcadia import engine as E
    from rules.starcadia.state import MonsterState

    tags = [m.tag for m in CONTENT.monsters.values()]
    assert len(set(tags)) == len(tags) == 8
    cold = MonsterState(uid="octocold#1", card="octocold", designation="trooper-I", pos="B2")
    cruel = MonsterState(uid="octocruel#1", card="octocruel", designation="officer-I", pos="B3")
    assert E.monster_tag(cold) == "OC1" and E.monster_tag(cruel) == "OR1"
    hero_tags = {E.hero_tag(h) for h in CONTENT.heroes}
    assert len(hero_tags) == len(CONTENT.heroes) and not hero_tags & set(tags)


def test_level_three_scenarios_have_four_quests_and_the_new_ones_can_be_fulfilled():
    from rules.core import Turn
    from rules.starcadia import SYSTEM
    from rules.starcadia import engine as E

    for sid in ("3A", "3B", "3C"):
        assert list(CONTENT.scenarios[sid].pve) == [f"{sid}-{i}" for i in range(1, 5)]
    # 3B-3 puts its monster on the board when it becomes the current quest; killing it fulfils it.
    st = SYSTEM.setup(["A", "B"], {"scenario": "3B", "mode": "episodic", "draft": "random"}, 5)
    turn = Turn(st, None)
    st.monsters = []
    st.pve_index = 1
    E.fulfil(st, turn, "3B-2", 0)
    assert E.current_pve(st).id == "3B-3"
    target = [m for m in st.monsters if m.designation == "trooper-II"]
    assert len(target) == 1
    killer = st.heroes[0]
    E.remove_monster(st, turn, target[0], killer)
    assert st.done.get("3B-3") == 0 and E.current_pve(st).id == "3B-4"
    # 3A-3 counts trooper kills; 3C-3 counts hacked terminals (goals the engine already checks).
    assert CONTENT.quests["3A-3"].goal == "slay" and CONTENT.quests["3A-3"].cls == "trooper"
    assert CONTENT.quests["3C-3"].goal == "hack" and CONTENT.quests["3C-3"].count == 2
