"""Grimdark pictures: legible at 500 px on random states, hidden things stay hidden, golden snapshots."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from render.grimdark import WINDOW, board, centre, roster, sheets, window
from rules.grimdark import SYSTEM as G
from rules.grimdark.state import GrimState, Token

from .legibility import legibility_problems, recording
from .snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from .test_grimdark_support import bare, battle, cell, put_enemy, put_hero

GOLDEN = SNAPSHOTS / "grimdark"


def walked(seed: int, steps: int, **options: str) -> GrimState:
    """A state reached by random legal play (moves, shots and fights preferred)."""
    r = random.Random(seed)
    state = G.setup(["a", "b"], {"heroes": "3", **options}, seed)
    for seat in (0, 1):
        state, _ = G.apply(state, seat, {"type": "ready"})
    for _ in range(steps):
        if G.outcome(state) is not None:
            break
        prompt = r.choice(G.pending(state))
        legal = G.legal(state, prompt.seat)
        busy = [a for a in legal if a["type"] in ("advance", "rush", "hold", "charge", "done", "skill", "cast")]
        state, _ = G.apply(state, prompt.seat, r.choice(busy or legal))
    return state


def legible(picture) -> list[str]:
    with recording() as layout:
        png = picture()
    return legibility_problems(layout, png)


@pytest.mark.parametrize(
    ("seed", "steps", "options"),
    [
        (1, 20, {"scenario": "landing"}),
        (2, 45, {"scenario": "vault"}),
        (3, 30, {"scenario": "relay", "table": "half"}),
        (4, 60, {"scenario": "hunt"}),
        (5, 40, {"scenario": "throne", "table": "half"}),
        (6, 35, {"scenario": "builder"}),
    ],
)
def test_pictures_read_at_500_px_on_random_states(seed: int, steps: int, options: dict[str, str]) -> None:
    state = G.view(walked(seed, steps, **options), None)
    assert legible(lambda: board(state)) == []
    assert legible(lambda: sheets(state)) == []
    assert legible(lambda: roster(state)) == []


def test_hidden_things_stay_hidden_in_the_picture() -> None:
    state = bare(battle())
    put_enemy(state, "scrappers", "X20")
    state.tokens = [Token(id="T1", x=cell("X30")[0], y=cell("X30")[1], content="item:medkit")]

    def on_token(picture_state: GrimState) -> list[str]:
        x, y = centre(cell("X30"), window(picture_state))
        with recording() as layout:
            board(picture_state)
        return [t.text for t in layout.texts() if t.box[0] <= x <= t.box[2] and t.box[1] <= y <= t.box[3]]

    assert on_token(G.view(state, None)) == ["?"]
    state.tokens[0].revealed = True
    assert on_token(G.view(state, None)) == ["M"]


def test_the_window_keeps_every_hero_that_fits() -> None:
    state = bare(battle("kessa+orrin+ash"))
    put_hero(state, "kessa", "C40")
    put_hero(state, "orrin", "T30")
    put_hero(state, "ash", "K45")
    put_enemy(state, "scrappers", "AT2", "AU2", "AV2")
    x0, y0 = window(state)
    for hero in ("C40", "T30", "K45"):
        x, y = cell(hero)
        assert x0 <= x < x0 + WINDOW and y0 <= y < y0 + WINDOW


def test_sizes_and_the_half_table() -> None:
    state = G.view(walked(9, 10, scenario="landing", table="half"), None)
    png = board(state)
    picture = Image.open(io.BytesIO(png))
    assert 800 <= picture.width <= 1400 and len(png) < 400_000
    assert window(state) == (0, 0)


def snapshot(name: str, png: bytes, path: Path = GOLDEN) -> None:
    assert_png_snapshot(Image.open(io.BytesIO(png)), path / name)


def test_snapshots() -> None:
    state = G.view(walked(11, 40, scenario="landing"), None)
    snapshot("board_landing.png", board(state))
    snapshot("sheets.png", sheets(state))
    snapshot("roster.png", roster(state))
    half = G.view(walked(12, 30, scenario="hunt", table="half"), None)
    snapshot("board_hunt_half.png", board(half))
