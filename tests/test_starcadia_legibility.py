"""The Starcadia pictures read at Discord's inline size (issue 13): the board, and the detail pictures
(crew dashboard, monster dashboard, quests, campaign sheet, what a player chooses from).

Every text on the board picture is at least 11 px tall when the picture is shown 500 px wide, no two
texts overlap, no text runs over a token and no token hides another (tests/legibility.py), on random
states reached by play (the property tests' states) and on crowded hand-made ones. A quest token under
a hero, two figures in one space, a hacked terminal and the last path are all visible; what a crowded
space cannot show is listed under the board. The picture stays under 400 KB and quick to draw.
"""

from __future__ import annotations

import io
import random
import statistics
import time

from hypothesis import given, settings
from hypothesis import strategies as hs
from PIL import Image

from render.starcadia import (
    board,
    campaign_picture,
    dashboard,
    draw_board,
    monsters_picture,
    offer_picture,
    quests_picture,
)
from render.starcadia.palette import PATH
from render.starcadia.station import CELL, MARGIN
from rules.core import Event
from rules.starcadia import SYSTEM
from rules.starcadia import engine as E
from rules.starcadia.ai import smart_choice
from rules.starcadia.state import Wait

from .legibility import Layout, legibility_problems, recording
from .test_starcadia_render import (
    busy_events,
    busy_state,
    campaign_state,
    crew_state,
    offer_state,
    quests_state,
    sample_state,
)
from .test_starcadia_support import add_monster, hero, place, play_state

SCENARIOS = ["1", "2A", "2B", "3A", "3B", "3C", "4"]


def problems(state, events=()) -> tuple[list[str], Layout, bytes]:
    with recording() as layout:
        png = board(state, events=events)
    return legibility_problems(layout, png), layout, png


def in_space(layout: Layout, space: str, text: str) -> bool:
    """Whether ``text`` is drawn inside the board space ``space``."""
    x, y = ord(space[0]) - 65, int(space[1:]) - 1
    left, top = MARGIN + x * CELL, MARGIN + y * CELL
    return any(
        t.text == text and left <= t.box[0] and t.box[2] <= left + CELL and top <= t.box[1] and t.box[3] <= top + CELL
        for t in layout.texts()
    )


@settings(max_examples=20, deadline=None)
@given(
    seed=hs.integers(0, 2**32),
    seats=hs.integers(2, 4),
    scenario=hs.sampled_from(SCENARIOS),
    steps=hs.integers(0, 160),
    wild=hs.floats(0, 1),
)
def test_the_board_of_any_reachable_state_reads_at_500_px(seed, seats, scenario, steps, wild) -> None:
    """Random legal play (the quest-minded bot, with random moves mixed in as in the property tests),
    then the public board with the last update's events."""
    opts = {"scenario": scenario, "mode": "campaign" if scenario == "1" else "episodic", "draft": "random"}
    opts |= {"monsters": "player", "defence": "ask", "events": "choose"}
    state = SYSTEM.setup([f"Player{i}" for i in range(seats)], opts, seed)
    rnd = random.Random(seed)
    events: list[Event] = []
    for _ in range(steps):
        prompts = SYSTEM.pending(state)
        if not prompts or SYSTEM.outcome(state) is not None:
            break
        legal = SYSTEM.legal(state, prompts[0].seat)
        action = rnd.choice(legal) if rnd.random() < wild else smart_choice(state, legal, rnd)
        state, events = SYSTEM.apply(state, prompts[0].seat, action)
    shown = [e for e in events if e.visible_to is None]
    found, _, png = problems(SYSTEM.view(state, None), shown)
    assert found == [], found
    assert len(png) <= 400_000
    seat = next((p.seat for p in SYSTEM.pending(state)), 0)
    assert detail_problems(SYSTEM.view(state, seat), seat) == []


def detail_problems(state, seat: int) -> list[str]:
    """Legibility problems of every detail picture of ``state`` as ``seat`` sees it."""
    found = []
    for picture in (
        lambda: dashboard(state, seat),
        lambda: monsters_picture(state),
        lambda: quests_picture(state),
        lambda: campaign_picture(state),
        lambda: offer_picture(state, seat),
    ):
        with recording() as layout:
            png = picture()
        found += legibility_problems(layout, png)
    return found


def test_the_detail_pictures_read_at_500_px() -> None:
    for st in (busy_state(), crew_state(), campaign_state(), quests_state(), offer_state(), sample_state()):
        assert detail_problems(st, 0) == []


def test_crowded_boards_read_at_500_px() -> None:
    st = busy_state()
    assert problems(st, busy_events())[0] == []
    st.wait = Wait(kind="shove", seat=0, hero="edge", options=["F4", "G5"])
    assert problems(st)[0] == []
    assert problems(sample_state())[0] == []


def test_a_quest_token_under_a_hero_stays_visible() -> None:
    """The issue's first case: the hero standing on the quest token no longer hides it."""
    st = play_state()
    st.tokens = {"F9": ["quest:core"]}
    place(st, "edge", "F9")
    found, layout, _ = problems(st)
    assert found == [] and in_space(layout, "F9", "Q") and in_space(layout, "F9", "ED")


def test_two_figures_in_one_space_each_get_a_row() -> None:
    """The issue's "PB2 WE1": two tags in one space, each whole, neither over the other."""
    st = play_state()
    add_monster(st, "peekaboom", "G3")
    add_monster(st, "peekaboom", "C2")
    add_monster(st, "weeble", "G3")
    st.tokens = {"G3": ["stimpack"]}
    found, layout, _ = problems(st)
    assert found == []
    assert in_space(layout, "G3", "PB1") and in_space(layout, "G3", "WE1")
    strip = " ".join(t.text for t in layout.texts())
    assert "Also in crowded spaces: G3: stimpack under PB1 and WE1" in strip


def test_a_hacked_terminal_looks_different() -> None:
    st = play_state()
    terminal = E.board_of(st).terminals[0]
    space = f"{chr(65 + terminal[0])}{terminal[1] + 1}"
    _, layout, _ = problems(st)
    assert in_space(layout, space, "T")
    st.crews[0].hacked = [space]
    st.crews[1].hacked = [space]
    found, layout, _ = problems(st)
    assert found == [] and in_space(layout, space, "✓YB")


def test_the_last_path_is_drawn_along_every_step() -> None:
    """Not just a box on the end space: the line and a mark on every space walked through."""
    st = play_state()
    place(st, "red", "B7")
    walk = ["B7", "C7", "D7", "D6"]
    img = draw_board(st, events=[Event(text="Red moves to D6.", data={"path": walk})]).convert("RGB")
    for space in walk[1:-1]:
        x, y = ord(space[0]) - 65, int(space[1:]) - 1
        centre = (MARGIN + x * CELL + CELL // 2, MARGIN + y * CELL + CELL // 2)
        assert img.getpixel(centre) == Image.new("RGB", (1, 1), PATH).getpixel((0, 0))


def test_the_legend_names_only_what_is_on_the_board() -> None:
    _, layout, _ = problems(play_state())
    key = " ".join(t.text for t in layout.texts() if not t.text.startswith("Scenario"))
    assert "T terminal" in key and "hatched tag" not in key
    st = play_state()
    hero(st, "edge").dazed = True
    place(st, "edge", "C2")
    _, layout, _ = problems(st)
    assert "hatched tag: dazed" in " ".join(t.text for t in layout.texts())


def test_the_board_is_drawn_quickly_and_small() -> None:
    """Render median of a crowded 4-crew board: about 20 ms on a quiet machine (no slower than the old
    board under the same load); the bound here only catches a gross slowdown on a busy test runner. The
    PNG stays far under 400 KB."""
    st, events = busy_state(), busy_events()
    board(st, events=events)
    times = []
    for _ in range(7):
        start = time.perf_counter()
        png = board(st, events=events)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 1.0
    assert len(png) < 150_000
    assert Image.open(io.BytesIO(png)).width <= 1300
