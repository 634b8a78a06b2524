"""Armada pictures: golden snapshots (board, crowded board, combat, mission, ship board), size limits, no
crash in any phase, and what a player reads at a glance. Legibility at 500 px: test_armada_legibility.py."""

from __future__ import annotations

import io

from PIL import Image

from render.armada import board, draw_board
from rules.armada import SYSTEM

from .snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from .test_armada_play import play
from .test_armada_support import add_fleet, in_combat, new_game, place_beacon

SNAP = SNAPSHOTS / "armada" / "board.png"


def sample_state():
    state = new_game(players=3)
    add_fleet(state, ["warden", "sentinel"], planet="Kagawa", token=2)
    add_fleet(state, ["kannon"], planet="Titan VI", token=3, revealed=True)
    for number in (26, 53, 55, 50):
        place_beacon(state, number)
    state.players[1].planet = "Luna"
    state.players[2].hull = 4
    state.players[0].stations[3].module = "lotus-laser-2"
    state.players[0].stations[1].offline = True
    state.players[0].heroes.append("kyuu")
    return SYSTEM.view(state, None)


def sample_events():
    from rules.core import Event

    return [
        Event(text="cap2 travels to Luna."),
        Event(text="Fleet 2 at Kagawa is reinforced by 1 ship(s)."),
        Event(text="Hazard 55 (Quarantine Breach) hits cap3 for 2 energy: Shield 0, Hull 4."),
    ]


def test_board_snapshot():
    assert_png_snapshot(draw_board(sample_state(), events=sample_events()), SNAP, tolerance=1.5)


def test_crowded_board_snapshot():
    from .test_armada_legibility import crowded_state

    state = SYSTEM.view(crowded_state(), None)
    assert_png_snapshot(draw_board(state, events=sample_events()), SNAP.with_name("board_busy.png"), tolerance=1.5)


def test_png_is_small_and_valid():
    png = board(sample_state())
    assert len(png) < 400_000
    assert Image.open(io.BytesIO(png)).width == 1000


def test_combat_mission_and_duel_render():
    state = in_combat(new_game(), ["warden", "sentinel", "falcon"], ["T", "S", "E", "-", "C"])
    state, events = SYSTEM.apply(state, 0, {"type": "assign", "die": 0, "station": 4, "target": 1})
    assert board(SYSTEM.view(state, None), events=events)
    from .test_armada_savior import savior_game

    duel = savior_game()
    duel.phase = "ambush"
    duel, _ = SYSTEM.apply(duel, 0, {"type": "attack", "target": 2})
    assert board(SYSTEM.view(duel, 1))
    mission = new_game()
    mission.phase, mission.active = "encounter", -1
    mission, _ = SYSTEM.apply(mission, 0, {"type": "mission", "event": 0})
    assert board(SYSTEM.view(mission, 0))


def test_random_states_render():
    for seed in range(3):
        state, _ = play(seed, 4, [seed * 97 + 13, 5, 700], max_steps=80)
        assert board(SYSTEM.view(state, None))


# -- close-ups: ship board, combat table, away mission card ---------------------------------------


def combat_state():
    state = in_combat(new_game(), ["warden", "sentinel", "falcon"], ["T", "S", "E", "-", "C"])
    state, events = SYSTEM.apply(state, 0, {"type": "assign", "die": 0, "station": 4, "target": 1})
    state.players[0].stations[1].offline = True
    return state, events


def mission_state():
    mission = new_game()
    mission.phase, mission.active = "encounter", -1
    mission, _ = SYSTEM.apply(mission, 0, {"type": "mission", "event": 0})
    engineer = next(d for d in mission.dice if d.owner == 0 and d.loc == "rolled" and d.face == "E")
    mission, _ = SYSTEM.apply(mission, 0, {"type": "assign", "die": engineer.id, "section": 1})
    return mission


def test_ship_board_snapshot():
    from render.armada import draw_ship_board

    state, _ = combat_state()
    assert_png_snapshot(draw_ship_board(SYSTEM.view(state, 0), 0), SNAP.with_name("ship.png"), tolerance=1.5)


def test_combat_board_snapshot_hides_face_down_cards():
    from render.armada import draw_fight

    state, events = combat_state()
    state.fleets[0].ships[2].revealed = False  # a card that joined face-down
    view = SYSTEM.view(state, None)
    assert view.fleets[0].ships[2].card == "?"
    assert_png_snapshot(draw_fight(view, events=events), SNAP.with_name("combat.png"), tolerance=1.5)


def test_mission_board_snapshot():
    from render.armada import draw_fight

    assert_png_snapshot(draw_fight(SYSTEM.view(mission_state(), None)), SNAP.with_name("mission.png"), tolerance=1.5)


def test_table_picture_only_during_a_fight():
    from render.armada import ship_board, table_picture

    assert table_picture(SYSTEM.view(new_game(), None)) is None
    state, _ = combat_state()
    for png in (table_picture(SYSTEM.view(state, None)), table_picture(mission_state()), ship_board(state, 1)):
        assert png is not None and len(png) < 400_000
        assert Image.open(io.BytesIO(png)).width <= 1400


# -- what a player reads at a glance ------------------------------------------------------------


def test_final_encounter_ships_are_drawn_face_up():
    from render.armada import enemy_card

    assert enemy_card("lokust-mothership") is not None and enemy_card("lokust-mothership").name != "Unknown ship"
    assert enemy_card("?") is None


def test_recent_changes_marks_hits_and_moves():
    from render.armada import recent_changes
    from rules.core import Event

    state = new_game(players=2)
    a, b = state.seats
    events = [
        Event(text=f"{a} travels to Kagawa."),
        Event(text=f"Hazard 8 (Quarantine Breach) hits {b} for 2 energy: Shield 0, Hull 9."),
        Event(text=f"Hazard 9 hits {b} for 1 kinetic: Shield 0, Hull 8."),
        Event(text=f"{b} travels to Luna.", visible_to=1),
    ]
    hits, moved = recent_changes(state, events)
    assert hits == {1: 3} and moved == {0}


def test_solo_map_and_help_sized_board_render():
    png = board(SYSTEM.view(new_game(players=1), None))
    assert len(png) < 400_000


def test_knocked_out_die_choice_is_a_banner_on_the_fight_picture():
    from render.armada import draw_fight, notices
    from rules.armada import combat
    from rules.core import Turn

    from .test_armada_choices import _with_hero
    from .test_armada_support import set_faces

    game = new_game(ships="hades,harmony")
    _with_hero(game)
    state = in_combat(game, ["bulkfrog", "falcon"], [])
    state.players[0].hull = 14
    set_faces(state, 0, ["T", "-"])
    state.combat.enemy_die = 3
    combat.enemy_step(state, Turn(state, 0))
    assert state.combat.knockouts == {0: 1}
    assert notices(state) == ["cap1 picks 1 knocked-out crew die for the Infirmary (/armada answer)"]
    plain = draw_fight(SYSTEM.view(state, None)).height
    state.combat.knockouts = {}
    assert plain > draw_fight(SYSTEM.view(state, None)).height


def test_what_changed_is_read_from_the_events():
    from render.armada.changes import changes
    from rules.core import Event

    state = new_game(players=2)
    events = [
        Event(text="cap2 travels to Luna."),
        Event(text="Threat! Fleet 4 of 2 unknown ship(s) appears at Titan VI."),
        Event(text="Distress Beacon 26 at Kagawa: PRIME Rogue Geneticist."),
        Event(text="cap1 travels to Terra.", visible_to=0),
    ]
    ch = changes(state, events, ["Luna", "Terra", "Kagawa", "Titan VI"])
    assert ch.moved == {1} and ch.planets == {"Luna", "Titan VI", "Kagawa"}
    assert ch.fleets == {4} and ch.beacons == {26} and len(ch.lines) == 3


def test_enemy_die_values_are_shortened():
    from render.armada.fight import die_values

    assert [die_values(v) for v in [(1, 2, 3, 4), (1, 6), (2, 3), (1, 2, 3, 5, 6)]] == ["1-4", "1,6", "2,3", "1-3,5,6"]
