"""Grimdark pictures: legible at 500 px on random states, hidden things stay hidden, golden snapshots."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from render.grimdark import board, centre, roster, sheets, window
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
    frame = window(state)
    for hero in ("C40", "T30", "K45"):
        assert frame.shown(cell(hero))


def test_sizes_and_the_half_table() -> None:
    state = G.view(walked(9, 10, scenario="landing", table="half"), None)
    png = board(state)
    picture = Image.open(io.BytesIO(png))
    assert 800 <= picture.width <= 1400 and len(png) < 400_000
    assert window(state).origin == (0, 0)


def snapshot(name: str, png: bytes, path: Path = GOLDEN) -> None:
    assert_png_snapshot(Image.open(io.BytesIO(png)), path / name)


def test_snapshots() -> None:
    state = G.view(walked(11, 40, scenario="landing"), None)
    snapshot("board_landing.png", board(state))
    snapshot("sheets.png", sheets(state))
    snapshot("roster.png", roster(state))
    half = G.view(walked(12, 30, scenario="hunt", table="half"), None)
    snapshot("board_hunt_half.png", board(half))


# -- issue 24: pictures a new player reads ------------------------------------------------------------------------


def texts_of(picture) -> list[str]:
    with recording() as layout:
        picture()
    return [t.text for t in layout.texts()]


def scenes() -> dict[str, GrimState]:
    """Deployment, mid-mission with enemies, a downed hero among enemies, a win, a loss, a camp."""
    from rules.core import Turn
    from rules.grimdark import campaign, rounds

    out: dict[str, GrimState] = {}
    out["deploy"] = G.setup(["alice", "bob"], {"heroes": "3", "scenario": "landing"}, 3)
    out["mid"] = walked(11, 25, scenario="landing")
    down = battle("kessa+brannoc+orrin", seats=2)
    put_hero(down, "kessa", "T20")
    put_hero(down, "brannoc", "V24")
    put_hero(down, "orrin", "R25")
    down.units[0].down = True
    put_enemy(down, "scrappers", "S19", "U19", "S21", "T21", "U21")
    out["down"] = down
    for verdict in ("win", "loss"):
        over = walked(11, 30, scenario="landing")
        turn = Turn(over, 0)
        rounds.conclude(over, turn, verdict, "the test says so")
        campaign.conclude(over, turn)
        out[verdict] = over
    camp = walked(7, 25)
    turn = Turn(camp, 0)
    rounds.conclude(camp, turn, "loss", "every hero is down")
    campaign.conclude(camp, turn)
    out["camp"] = camp
    return out


def test_every_scene_reads_at_500_px_and_frames_what_is_in_play() -> None:
    from rules.grimdark.areas import move_areas
    from rules.grimdark.units import find

    for label, raw in scenes().items():
        state = G.view(raw, None)
        assert legible(lambda state=state: board(state)) == [], label
        frame = window(state)
        for unit in state.units:  # every hero is drawn or named under the picture with its cell
            if unit.side == "hero" and unit.placed:
                assert frame.shown(unit.models[0].cell), label
    down = scenes()["down"]
    areas = move_areas(down, find(down, "brannoc"))
    assert legible(lambda: board(G.view(down, 0), reach=areas.overlay(), legend="blue = Advance")) == []


def test_the_panel_says_who_plays_whom_who_holds_what_and_how_it_ended() -> None:
    all_scenes = scenes()
    mid = G.view(all_scenes["mid"], None)
    said = " ".join(texts_of(lambda: board(mid)))
    assert "(a)" in said and "(b)" in said, "each hero line names its player"
    assert "heroes hold" in said and "enemy holds" in said
    assert "Off the picture" in said and "Whole table" in said
    won = " ".join(texts_of(lambda: board(G.view(all_scenes["win"], None))))
    lost = " ".join(texts_of(lambda: board(G.view(all_scenes["loss"], None))))
    assert "WIN:" in won and "the test says so" in won and "LOSS" not in won
    assert "LOSS:" in lost and "At camp" not in lost
    camp = " ".join(texts_of(lambda: board(G.view(all_scenes["camp"], None))))
    assert "LOSS:" in camp and "At camp" in camp


def test_a_camp_with_nothing_to_train_asks_for_nothing() -> None:
    from rules.core import Turn
    from rules.grimdark import campaign, rounds

    camp = walked(7, 25)
    for sheet in camp.party:
        sheet.xp = -100  # nothing can be paid for
    turn = Turn(camp, 0)
    rounds.conclude(camp, turn, "loss", "every hero is down")
    campaign.conclude(camp, turn)
    assert camp.phase == "camp"
    assert "no hero has XP enough" in " ".join(e.text for e in turn.events)
    for prompt in G.pending(camp):
        assert "ready for the next mission" in prompt.text
        assert G.forced_action(camp, prompt) == {"type": "ready"}


def test_the_enemy_phase_stays_drawn_after_the_next_hero_action() -> None:
    state = walked(11, 12, scenario="landing")
    r = random.Random(5)
    for _ in range(60):
        if any(m.by == "ai" for m in state.marks) or G.outcome(state) is not None:
            break
        prompt = r.choice(G.pending(state))
        state, _ = G.apply(state, prompt.seat, r.choice(G.legal(state, prompt.seat)))
    enemy = [m for m in state.marks if m.by == "ai"]
    assert enemy
    prompt = G.pending(state)[0]
    after, _ = G.apply(state, prompt.seat, G.legal(state, prompt.seat)[0])
    if after.round == state.round:  # the same round: the enemy has not acted again
        assert all(m in after.marks for m in enemy)


def test_the_board_page_is_made_from_the_legend() -> None:
    from render.grimdark.field import DRAWN
    from render.grimdark.key import PAGE, PANEL_PARTS, board_page, legend_keys
    from table.reference import rules_topic

    assert set(legend_keys()) == set(DRAWN) | set(PANEL_PARTS) and set(DRAWN) == set(PAGE)
    assert all((PAGE | PANEL_PARTS)[k].strip() for k in legend_keys())
    _, lines = rules_topic(G, "board")
    assert lines == [board_page()], "data/grimdark/rules.toml [board] must hold render.grimdark.key.board_page()"
