"""Endure the Stars content: every data file loads, validates and hangs together."""

from __future__ import annotations

import sys
import tomllib

import pytest

from rules.endure.content import DATA, ContentError, board, content

content_mod = sys.modules["rules.endure.content"]


def test_all_data_loads():
    c = content()
    assert len(c.tiles) == 12
    assert {"swarmer", "jaeger", "icarus", "solomon", "artemis", "sip", "zealot", "fanatic"} <= set(c.enemies)
    assert len(c.resolve) == 21
    assert len(c.accomplishments) == 18
    assert len({s.klass for s in c.survivors.values()}) == 7
    assert all(sum(1 for s in c.survivors.values() if s.klass == k) == 2 for k in {"Captain", "Medic"})
    assert sum(e.count for e in c.events.values()) == 21
    assert c.items["power-cell"].count == 5
    rifle = c.items["assault-rifle"]
    assert (rifle.range, rifle.dice, rifle.hit) == (2, 4, 4)
    assert c.items["swarmer-leg"].noise == 1 and c.items["swarmer-leg"].range == 0
    assert c.items["shotgun"].noise == 3
    assert c.items["bastion-armour"].save == 3
    assert c.items["void-cannon"].cell
    assert any(i.kind == "noise" for i in c.items.values())
    assert any(i.effect == "decoy" for i in c.items.values())
    assert 6 <= len(c.topics) <= 20


def test_book_enemy_stats():
    e = content().enemies
    assert (e["swarmer"].actions, e["swarmer"].health) == (3, 1)
    assert (e["jaeger"].actions, e["jaeger"].health, e["jaeger"].damage) == (2, 2, 2)
    assert e["icarus"].range == 1
    assert e["solomon"].damage == 0
    assert not e["artemis"].biological and not e["sip"].biological


def test_boards_are_consistent():
    for key in content().missions:
        b = board(key)
        for z, rays in b.rays.items():
            for ray in rays:
                assert ray.target != z
                # sight is symmetric on a static board
                assert any(r.target == z for r in b.rays[ray.target])
        for op in b.openings.values():
            assert op.b in b.touch[op.a]


def test_rules_topics_short_and_own_words():
    for topic in content().topics:
        assert len(topic["text"]) <= 900
        assert topic["key"] and topic["title"]


def _with_edited(tmp_path, monkeypatch, name, edit):
    """Point the loader at a copy of the data in which ``edit`` rewrote the text of file ``name``."""
    for f in DATA.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    (tmp_path / name).write_text(edit((tmp_path / name).read_text()))
    monkeypatch.setattr(content_mod, "DATA", tmp_path)
    content.cache_clear()


def test_bad_data_names_file_and_entry(tmp_path, monkeypatch):
    _with_edited(tmp_path, monkeypatch, "enemies.toml", lambda t: t.replace("actions = 2", "actions = 99", 1))
    try:
        with pytest.raises(ContentError, match=r"enemies.toml enemy #2 \(jaeger\).*actions"):
            content()
    finally:
        monkeypatch.undo()
        content.cache_clear()
    assert content().enemies["jaeger"].actions == 2


def test_bad_tile_grid_is_caught(tmp_path, monkeypatch):
    def bad_opening(text):
        return text.replace('openings = ["a-b", "a-c"', 'openings = ["a-q", "a-c"', 1)

    _with_edited(tmp_path, monkeypatch, "tiles.toml", bad_opening)
    try:
        with pytest.raises(ContentError, match=r"tiles.toml tile #1 \(LAB\)"):
            content()
    finally:
        monkeypatch.undo()
        content.cache_clear()


def test_data_files_parse_as_toml():
    for f in DATA.glob("*.toml"):
        with f.open("rb") as fh:
            tomllib.load(fh)


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (lambda t: t.replace('hive = "', 'hivemind = "', 1), r"texts.toml \[special\].*no text for 'hive'"),
        (lambda t: t.replace("[reward]\n", '[reward]\nbanana = "yellow"\n', 1), r"\[reward\] banana.*not a key"),
        (lambda t: t.replace('kill_boss = "Kill the boss"', 'kill_boss = "Kill {boss}"'), r"kill_boss.*braces"),
        (lambda t: t.replace('marksman = "+1 die on ranged attacks"', 'marksman = ""'), r"marksman.*1-160"),
    ],
)
def test_bad_texts_name_file_and_key(tmp_path, monkeypatch, edit, match):
    _with_edited(tmp_path, monkeypatch, "texts.toml", edit)
    try:
        with pytest.raises(ContentError, match=match):
            content()
    finally:
        monkeypatch.undo()
        content.cache_clear()


def test_texts_come_from_the_data_in_engine_and_front_end(tmp_path, monkeypatch):
    import table.endure.views as play
    from rules.endure import SYSTEM

    for name in ("GOAL_TEXT", "FAIL_TEXT", "SPECIAL_TEXT", "HOOK_TEXT", "REWARD_TEXT", "GOAL_WORDS", "PLACES"):
        assert not hasattr(play, name)
    c = content()
    assert c.text("goal", "collect", "green") == "Pick up the green objective"
    assert c.text("goal", "no-such-key") == "no-such-key"
    for sv in c.survivors.values():
        assert c.text("ability", sv.active.hook) != sv.active.hook
    old_goal = "Kill the GEPs of the marked radar token"
    _with_edited(tmp_path, monkeypatch, "texts.toml", lambda t: t.replace(old_goal, "Hunt them"))
    try:
        st = SYSTEM.setup(["a"], {"mission": "CG00"}, 1)
        assert "• Hunt them" in play.briefing_lines(st)
    finally:
        monkeypatch.undo()
        content.cache_clear()
