"""The Endure the Stars board picture: a golden snapshot, size limits, and no crash anywhere."""

from __future__ import annotations

import io

from PIL import Image, ImageStat

from render.endure import board, draw_board
from rules.endure import SYSTEM as S
from rules.endure.content import content
from rules.endure.state import NoiseToken

from .snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from .test_endure_support import give, place, token

SNAP = SNAPSHOTS / "endure" / "board.png"


def sample_state():
    st = S.setup(["a", "b", "c"], {"mission": "CG01", "crew": "medic-a+scout-b+engineer-a"}, 4)
    st.radar = []
    token(st, "LS-c", "4 jaeger")
    place(st, "jaeger", "MED-a", 2)
    place(st, "swarmer", "MED-a", 3)
    give(st, 0, "bastion-armour")
    st.survivors[1].injuries = ["leg"]
    st.survivors[2].zone = "ENG-c"
    st.noise.append(NoiseToken(zone="MED-b", level=2))
    st.doors["CQ-c|CQ-w"] = "locked"
    return S.view(st, None)


def test_board_snapshot():
    assert_png_snapshot(draw_board(sample_state()), SNAP, tolerance=1.5)


def test_png_is_small_and_valid():
    png = board(sample_state())
    assert len(png) < 400_000
    img = Image.open(io.BytesIO(png))
    assert 800 <= img.width <= 1400


def test_every_mission_and_the_refuge_render():
    for key in content().missions:
        st = S.setup(["a", "b"], {"mission": key}, 2)
        png = board(S.view(st, 0))
        assert Image.open(io.BytesIO(png)).width <= 1400
    from .test_endure_campaign import won_cg04

    st, _ = won_cg04()
    assert board(S.view(st, None)).startswith(b"\x89PNG")


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
    # an unlocked accomplishment's label stays inside the picture (no ink in the right margin)
    st.survivors[0].unlocked = True
    from render.endure import draw_dashboard

    one = draw_dashboard(S.view(st, None), 0).convert("RGB")
    margin = one.crop((one.width - 20, 0, one.width, one.height))
    assert ImageStat.Stat(margin).extrema[0][1] < 60
    import pytest

    with pytest.raises(ValueError):
        dashboard(S.view(st, None), [])
