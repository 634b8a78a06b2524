"""The Endure the Stars pictures: golden snapshots, legibility at 500 px on random states of every mission,
what the board must tell (whose turn, WIN or LOSS, counts, crowded zones, changed zones), size limits."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from PIL import Image, ImageDraw, ImageStat

from render.endure import board, draw_board
from render.endure.mapview import MapView, map_height
from render.endure.style import ENEMY_TAGS, HIGHLIGHT, WIDTH
from render.endure.tokens import zone_tokens
from rules.core import Event
from rules.endure import SYSTEM as S
from rules.endure.content import content
from rules.endure.state import NoiseToken

from .legibility import legibility_problems, recording
from .snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from .test_endure_balance import crew_for
from .test_endure_property import choose
from .test_endure_support import give, place, token

SNAP = SNAPSHOTS / "endure" / "board.png"
MOVED = [Event(text="Jaeger 7 moves to MED-a."), Event(text="Swarmer 9 moves to MED-a.")]


def sample_state():
    st = S.setup(["a", "b", "c"], {"mission": "CG01", "crew": "medic-a+scout-b+engineer-a"}, 4)
    st.radar = []
    token(st, "LS-c", "4 jaeger")
    token(st, "LS-c", "2 swarmer", marked=True)
    place(st, "jaeger", "MED-a", 2)
    place(st, "swarmer", "MED-a", 3)
    give(st, 0, "bastion-armour")
    st.survivors[1].injuries = ["leg"]
    st.survivors[2].zone = "ENG-c"
    st.noise.append(NoiseToken(zone="MED-b", level=2))
    st.doors["CQ-c|CQ-w"] = "locked"
    return S.view(st, None)


def legible(picture) -> list[str]:
    with recording() as layout:
        png = picture()
    return legibility_problems(layout, png)


def test_board_snapshot():
    assert_png_snapshot(draw_board(sample_state(), events=MOVED), SNAP, tolerance=1.5)


def test_png_is_small_and_valid():
    png = board(sample_state(), events=MOVED)
    assert len(png) < 400_000
    assert Image.open(io.BytesIO(png)).width == WIDTH
    assert legible(lambda: board(sample_state(), events=MOVED)) == []


def test_every_mission_and_the_refuge_render():
    for key in content().missions:
        st = S.setup(["a", "b"], {"mission": key}, 2)
        assert legible(lambda st=st: board(S.view(st, 0))) == []
    from .test_endure_campaign import won_cg04

    st, _ = won_cg04()
    png = board(S.view(st, None))
    assert png.startswith(b"\x89PNG")
    assert legible(lambda: board(S.view(st, None))) == []


# -- random states of every mission ------------------------------------------------------------------------------


def walk(mission: str, n: int, seed: int, steps: int, policy: str = "mixed"):
    """Positions of a random game (the property tests' players), each with the public events that led to it."""
    r = random.Random(seed)
    options = {"mission": mission, "survivors": str(n)}
    if content().missions[mission].needs:
        options["crew"] = crew_for(mission, n)
    st = S.setup([f"p{i}" for i in range(r.randint(1, n))], options, seed)
    out, events = [], []
    for _ in range(steps):
        out.append((st, events))
        if S.outcome(st) is not None:
            break
        seat = S.pending(st)[0].seat
        legal = S.legal(st, seat)
        action = choose(policy, st, seat, legal, r) if legal else S.default_action(st, S.pending(st)[0])
        st, happened = S.apply(st, seat, action)
        events = [e for e in happened if e.visible_to is None]
    out.append((st, events))
    return out


@pytest.mark.parametrize("mission", sorted(content().missions))
def test_board_reads_at_500_px_on_random_states_of_every_mission(mission: str):
    k = sorted(content().missions).index(mission)
    n = 1 + k % 6
    positions = walk(mission, n, seed=k, steps=160, policy=("mixed", "reckless", "careful")[k % 3])
    for st, events in (positions[len(positions) // 2], positions[-1]):
        view = S.view(st, None)
        assert legible(lambda view=view, events=events: board(view, events=events)) == [], S.describe(st)


@settings(max_examples=8, deadline=None)
@given(
    mission=hs.sampled_from(sorted(content().missions)),
    n=hs.integers(1, 6),
    seed=hs.integers(0, 2**16),
    steps=hs.integers(1, 200),
)
def test_board_reads_at_500_px_on_any_random_state(mission: str, n: int, seed: int, steps: int):
    st, events = walk(mission, n, seed, steps, "reckless")[-1]
    with recording() as layout:
        png = board(S.view(st, None), events=events)
    assert legibility_problems(layout, png) == []
    assert len(png) < 400_000


# -- what the board tells ----------------------------------------------------------------------------------------


def texts(st, events=()) -> list[str]:
    with recording() as layout:
        draw_board(S.view(st, None), events=events)
    return [t.text for t in layout.texts()]


def test_every_enemy_type_has_its_own_tag():
    kinds = sorted(content().enemies)
    assert sorted(ENEMY_TAGS) == kinds
    assert len(set(ENEMY_TAGS.values())) == len(kinds)


def test_title_says_who_acts_and_the_end_says_win_or_loss_and_why():
    st = S.setup(["alice", "bob"], {"mission": "CG01"}, 3)
    assert any(" (alice) acts: " in t and "action(s) left" in t for t in texts(st))
    st.phase, st.result, st.summary = "over", "loss", "Every survivor is dead. The mission has failed."
    assert "LOSS: Every survivor is dead." in texts(st)
    st.result, st.summary = "win", "Mission CG01 Close the Door Behind You complete!"
    assert "WIN: Mission CG01 Close the Door Behind You complete!" in texts(st)


def test_counts_marked_targets_and_legend():
    st = sample_state()
    drawn = texts(st)
    assert "3Sw" in drawn and "2Ja" in drawn  # enemies per zone, counted
    assert "N2" in drawn  # the noise level
    assert "!" in drawn and "?" in drawn  # a marked contact looks unlike the others
    assert "contact with the marked target" in drawn and "Swarmer" in drawn and "Jaeger" in drawn  # the legend
    assert any(
        t in drawn
        for t in ("a number first counts them: 3Sw is 3 Swarmers", "a number first counts them: 2Ja is 2 Jaegers")
    )
    assert any(t.startswith("7/7") or t == "7/7" for t in drawn)  # health in the crew table
    assert "leg" in drawn  # a wound


def test_a_crowded_zone_is_shown_in_full_under_the_map():
    st = S.setup(["a", "b", "c"], {"mission": "CG02", "survivors": "6"}, 4)
    for s in st.survivors[:4]:
        s.zone = "SEC-y"
    place(st, "jaeger", "SEC-y", 2)
    view = S.view(st, None)
    drawn = texts(view)
    assert "SEC-y:" in drawn and any(t.startswith("+") for t in drawn)
    tags = [t.tag for t in zone_tokens(view)["SEC-y"]]
    assert all(tag in drawn for tag in tags)  # every token of the zone, in its close-up
    assert legible(lambda: board(view)) == []


def test_changed_zones_are_framed_whole_not_cell_by_cell():
    st = sample_state()
    view = MapView(st, MOVED)
    image = Image.new("RGB", (WIDTH, map_height(view.b)))
    view.paint(ImageDraw.Draw(image))
    yellow = tuple(int(HIGHLIGHT[i : i + 2], 16) for i in (1, 3, 5))

    def framed(x0: int, y0: int, x1: int, y1: int) -> bool:
        # the left edge's middle and the bottom edge near its corner (a door may sit mid-wall, drawn over the frame)
        return image.getpixel((x0 + 4, (y0 + y1) // 2)) == yellow and image.getpixel((x1 - 12, y1 - 4)) == yellow

    x0, y0, x1, y1 = view.zone_box("MED-a")
    assert framed(x0, y0, x1, y1)
    cells = sorted(view.b.zones["MED-a"].cells, key=lambda c: (c[1], c[0]))
    assert len(cells) > 1
    # no frame where two cells of the zone meet
    if cells[0][1] != cells[1][1]:  # one column: the first cell's bottom edge is inside the zone
        y = view.oy + (cells[0][1] + 1) * view.cell
        line = [image.getpixel((x, y - 4)) for x in range(x0 + 12, x1 - 12)]
    else:
        x = view.ox + (cells[0][0] + 1) * view.cell
        line = [image.getpixel((x - 4, y)) for y in range(y0 + 12, y1 - 12)]
    assert yellow not in line
    assert not framed(*view.zone_box("CQ-a"))


# -- the survivor dashboard ---------------------------------------------------------------------------------------

DASH_SNAP = SNAPSHOTS / "endure" / "dashboard.png"


def dashboard_state():
    from .test_endure_support import give as give_item

    st = S.setup(["a", "b", "c"], {"mission": "CG01", "crew": "medic-a+scout-b+engineer-a"}, 4)
    s = st.survivors[1]
    s.injuries = ["leg", "chest"]
    s.health, s.resolve, s.used_active, s.stunned, s.progress = 3, 5, True, True, 3
    s.resolve_cards[0].revealed = True
    give_item(st, 1, "power-cell")
    return st


def test_dashboard_snapshot_hides_face_down_resolve_cards():
    from render.endure import draw_dashboard

    st = dashboard_state()
    assert_png_snapshot(draw_dashboard(S.view(st, 0), 1), DASH_SNAP, tolerance=1.5)
    # the seated player's own unfiltered state would show the hidden card names: the view must not
    hidden = [r for r in S.view(st, 0).survivors[1].resolve_cards if not r.revealed]
    assert hidden and all(r.card == "" for r in hidden)


def test_dashboard_png_small_for_every_survivor_and_the_dead():
    from render.endure import dashboard

    st = dashboard_state()
    st.survivors[2].alive = False
    png = dashboard(S.view(st, None), [0, 1, 2])
    img = Image.open(io.BytesIO(png))
    assert img.width == 900 and len(png) < 400_000
    assert legible(lambda: dashboard(S.view(st, None), [0, 1, 2])) == []
    # an unlocked accomplishment's label stays inside the picture (no ink in the right margin)
    st.survivors[0].unlocked = True
    from render.endure import draw_dashboard

    one = draw_dashboard(S.view(st, None), 0).convert("RGB")
    margin = one.crop((one.width - 20, 0, one.width, one.height))
    assert ImageStat.Stat(margin).extrema[0][1] < 60
    with pytest.raises(ValueError):
        dashboard(S.view(st, None), [])
