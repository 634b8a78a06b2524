"""The Starcadia board picture: a golden snapshot and no crash in any phase."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from render.starcadia import board, draw_board
from rules.starcadia import SYSTEM
from tests.snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from tests.test_starcadia_support import add_monster, hero, place, play_state, setup_state

SNAP = SNAPSHOTS / "starcadia" / "board.png"


def sample_state():
    st = play_state()
    add_monster(st, "weeble", "G3")
    add_monster(st, "iceheart", "C7", "villain").wounds = 3
    place(st, "edge", "G4")
    place(st, "red", "G4")
    hero(st, "red").dazed = True
    hero(st, "edge").wounds = 2
    hero(st, "hannah").upgrades[0].exhausted = True
    st.tokens = {"E2": ["stimpack"], "H2": ["victory"], "F9": ["quest:core"]}
    st.portal_tokens = {"H3": "cyan"}
    st.doors["D2"] = True
    st.crews[1].vt = 3
    return st


def test_board_snapshot():
    assert_png_snapshot(draw_board(sample_state()), SNAP, tolerance=1.5)


def test_png_is_small_and_valid():
    png = board(sample_state())
    assert len(png) < 400_000
    img = Image.open(io.BytesIO(png))
    assert 800 <= img.width <= 1400


def test_every_phase_renders():
    st = setup_state()
    board(st)  # nobody on the board yet
    st = setup_state(draft="random", seats=4)
    board(SYSTEM.view(st, 0))
    st = setup_state(draft="random", mode="episodic", scenario="4", tiles="random")
    board(st)


def test_sheets_and_dashboard_picture():
    from render.starcadia import dashboard
    from rules.starcadia.sheets import crew_sheet, monster_sheet

    st = sample_state()
    lines = crew_sheet(st, 0)
    assert lines[0].startswith("Yellow crew (P0)")
    assert any("pulse-blade [S01] (weapon, melee, 3 dice)" in x for x in lines)
    assert any("red-shirt [S07]" in x and "+1 def" in x for x in lines)
    mons = monster_sheet(st)
    assert any(x.startswith("villain: Iceheart") and "iceheart#1@C7" in x for x in mons)
    png = dashboard(st, 1)
    assert Image.open(io.BytesIO(png)).width == 900


def test_moves_and_attacks_are_drawn_from_event_data():
    from rules.starcadia.state import Up

    st = play_state()
    add_monster(st, "weeble", "E7")
    hero(st, "red").upgrades = [Up(id="S03")]
    place(st, "red", "B7")
    st.deck = ["E17"] * 5
    st, ev1 = SYSTEM.apply(st, 0, {"type": "move", "hero": "red", "path": ["C7", "D7"]})
    st, ev2 = SYSTEM.apply(st, 0, {"type": "attack", "hero": "red", "target": "weeble#1", "weapon": "blaster-rifle"})
    data = [e.data for e in ev1 + ev2 if e.data]
    assert {"path": ["B7", "C7", "D7"]} in data and {"attack": ["D7", "E7"]} in data
    plain = draw_board(st)
    marked = draw_board(st, events=ev1 + ev2)
    assert ImageChops.difference(plain.convert("RGB"), marked.convert("RGB")).getbbox() is not None


def test_crew_sheet_shows_a_dead_hero_plainly():
    from rules.starcadia.sheets import crew_sheet

    st = sample_state()
    edge = hero(st, "edge")
    edge.dead, edge.pos, edge.dazed, edge.wounds = True, "", True, 9
    lines = crew_sheet(st, 0)
    line = next(x for x in lines if x.startswith("Edge"))
    assert "dead (revive by resting)" in line
    assert "wounds" not in line and "dazed" not in line and " at " not in line
    alive = next(x for x in lines if x.startswith("Red"))
    assert "at G4 dazed: wounds 0/" in alive


def test_dashboard_pictures_monsters_quests_campaign():
    from render.starcadia import campaign_picture, draw_monsters, draw_quests, monsters_picture, quests_picture
    from rules.starcadia.state import Record

    st = sample_state()
    add_monster(st, "octocold", "B2", "trooper-II")
    add_monster(st, "octocruel", "B3", "officer-I")
    st.dashboard.update({"trooper-II": "octocold", "officer-I": "octocruel"})
    st.done, st.pve_index = {"1-1": 1, "pvp-yellow": 1}, 1
    st.history = [Record(scenario="1", vt=[9, 12], winners=[1])]
    for fn in (monsters_picture, quests_picture, campaign_picture):
        png = fn(st)
        img = Image.open(io.BytesIO(png))
        assert len(png) < 400_000 and img.width == 1000 and 300 <= img.height <= 2000
    # One card per filled slot; the two octopus monsters carry different tags (drawn, so pixels differ).
    one = play_state()
    one.dashboard = {"trooper-I": "weeble"}
    assert draw_monsters(st).height > draw_monsters(one).height
    # A fulfilled quest changes the quest picture.
    before = draw_quests(st)
    st.done["1-2"], st.pve_index = 0, 2
    assert ImageChops.difference(before.convert("RGB"), draw_quests(st).convert("RGB")).getbbox() is not None
    # Every phase renders, including an episodic game with an empty record and a 4-crew setup.
    for state in (setup_state(), setup_state(draft="random", seats=4, mode="episodic", scenario="3B", tiles="random")):
        for fn in (monsters_picture, quests_picture, campaign_picture):
            assert fn(SYSTEM.view(state, 0)).startswith(b"\x89PNG")
