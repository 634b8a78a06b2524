"""Issue 24, Endure part: every term the bot narrates has a short explanation of our own, found by any
spelling a player types; the board's help page is made from the renderer's legend; the crew table never
cuts a kit name; a changed zone's frame never hides a door."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image, ImageDraw

from render.endure.key import CREW, PAGE, board_page, legend_keys
from render.endure.mapview import MapView, _door_edges, map_height
from render.endure.panel import COLUMNS, carried_names, legend_entries
from render.endure.style import DOOR_OPEN, WIDTH
from rules.core import Event
from rules.endure import SYSTEM as S
from rules.endure.content import board, content
from rules.endure.glossary import glossary, lookup, terms
from rules.endure.phases import resolution_phase
from table.reference import rules_topic

from .test_endure_render import sample_state, texts
from .test_endure_support import give, place, turn_for

BOOK = Path("/work/shared/rules/endure_the_stars.txt")


def test_every_card_enemy_item_and_zone_kind_has_an_entry() -> None:
    c = content()
    names = [card.name for card in c.resolve.values()]
    names += [card.name for card in c.items.values()]
    names += [kind.name for kind in c.enemies.values()]
    names += [event.name for event in c.events.values()]
    names += [card.name for card in c.accomplishments.values()]
    names += [card.name for deck in c.bosses.values() for card in deck.cards.values()]
    names += [ab.name for sv in c.survivors.values() for ab in (sv.passive, sv.active, sv.crisis)]
    names += sorted({z.kind for m in c.missions for z in board(m).zones.values()})
    missing = [name for name in names if lookup(name) is None]
    assert missing == []


def test_the_terms_of_the_issue_are_found_by_the_words_players_see() -> None:
    for typed, term in [
        ("GEPs", "GEP"),
        ("trapped", "Trapped"),
        ("the crush", "Crush"),
        ("damage from the crush", "Crush"),
        ("Periphery", "Periphery"),
        ("eremophobia", "Eremophobia"),
        ("jaegers", "Jaeger"),
        ("med-kit", "Med Kit"),
        ("corridors", "Corridor"),
    ]:
        found = lookup(typed)
        assert found is not None and found[0] == term, typed
    assert lookup("flux capacitor") is None
    assert "Resolve" in glossary()["Periphery"] and "9" in glossary()["Periphery"]


def test_the_platform_hook_gives_every_entry_short_and_in_our_words() -> None:
    entries = S.glossary()
    assert entries == glossary() and terms() == sorted(entries, key=str.lower)
    book = re.sub(r"\s+", " ", BOOK.read_text(encoding="utf-8").lower()) if BOOK.exists() else ""
    for term, text in entries.items():
        assert 10 <= len(text) <= 300, term
        words = re.findall(r"[a-z0-9']+", text.lower())
        for k in range(len(words) - 7):  # no run of 8 words from the rulebook
            assert " ".join(words[k : k + 8]) not in book, (term, text)


def test_narrated_names_have_entries() -> None:
    """The crush, as the Resolution phase narrates it: each capitalised game word it prints is explained."""
    st = S.setup(["a"], {"crew": "marine-a"}, 3)
    st.enemies = []  # the marked contact stays, so the mission goes on
    zone = board(st.mission).zones[st.survivors[0].zone]
    place(st, "swarmer", st.survivors[0].zone, zone.capacity - 1)
    turn = turn_for(st)
    resolution_phase(st, turn)
    said = " ".join(e.text for e in turn.events)
    assert "trapped" in said and "the crush" in said
    assert lookup("trapped") and lookup("the crush")


# -- the board's help page ---------------------------------------------------------------------------------------


def test_every_legend_entry_has_page_text_and_the_topic_is_the_page() -> None:
    assert set(legend_keys()) == set(PAGE), set(legend_keys()) ^ set(PAGE)
    assert all(PAGE[key].strip() for key in legend_keys())
    assert [head for head, _ in COLUMNS] == list(CREW)
    _, lines = rules_topic(S, "board")
    assert lines == [board_page()], "data/endure/rules.toml [board] must hold render.endure.key.board_page()"


def test_the_page_writes_tags_as_the_picture_does() -> None:
    st = sample_state()
    page = board_page()
    for token, text in legend_entries(st):
        if token is not None and token.kind in ("enemy", "noise", "loader", "exit"):
            assert token.label[:1] in page or token.tag in page, text
    assert "3Ic" in page and "I3" not in page and "chip" not in page


# -- the picture -------------------------------------------------------------------------------------------------


def test_the_crew_table_never_cuts_a_kit_name() -> None:
    st = sample_state()
    st.survivors[0].slots = []
    for card in ("safeguard-armour", "medical-laser", "decoy-beacon"):
        give(st, 0, card)
    st.survivors[0].injuries = ["head", "chest", "leg"]
    drawn = texts(st)
    names = carried_names(st, 0)
    assert len(names) >= 3
    kit_lines = [t for t in drawn if any(name in t for name in names)]
    for name in names:
        assert any(name in line for line in kit_lines), name  # whole, on one of the row's lines
    assert not any("…" in line for line in kit_lines)
    assert all(word in drawn or any(word in t for t in drawn) for word in ("head", "chest", "leg"))


def test_a_door_on_a_changed_zones_wall_stays_in_sight() -> None:
    st = sample_state()
    moved = [Event(text="Jaeger 7 moves to MED-a.")]
    view = MapView(st, moved)
    image = Image.new("RGB", (WIDTH, map_height(view.b)))
    view.paint(ImageDraw.Draw(image))
    green = tuple(int(DOOR_OPEN[i : i + 2], 16) for i in (1, 3, 5))
    doors = [d for d in _door_edges(view.b, (view.ox, view.oy), frozenset()) if "MED-a" in d[0]]
    assert doors, "the sample has a door on MED-a's wall"
    for _, (x0, y0, x1, y1), vertical in doors:
        inside = (
            [(x0 + 4, (y0 + y1) // 2), (x0 - 4, (y0 + y1) // 2)]
            if vertical
            else [((x0 + x1) // 2, y0 - 4), ((x0 + x1) // 2, y0 + 4)]
        )
        assert all(image.getpixel(p) == green for p in inside)
