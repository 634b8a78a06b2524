"""Quasar Search pictures: golden snapshots, legibility at 500 px on random positions, size, and no
hidden card ever drawn on the public board."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from PIL import Image

from render import render_board
from render.quasar import board, draw_board, draw_hand, hand_picture
from rules.quasar import SYSTEM as S
from rules.quasar.ai import choose
from rules.quasar.content import content
from rules.quasar.state import owned_key
from rules.quasar.zones import cards_in, hand

from .legibility import legibility_problems, recording
from .snapshot_helpers import SNAPSHOTS, assert_png_snapshot
from .test_quasar_support import act, commit_all, game, pick_ranks, play_until

SNAP = SNAPSHOTS / "quasar"


def revealed_position():
    st = game(3, factions="corsairs+meridian+helix", seed=5)
    st = pick_ranks(st, [4, 5, 3])
    st = play_until(st, "commit")
    st.glory = [2, 1, 0]
    st = commit_all(st, {0: ["raid", "boarding-party"], 1: ["trim"]})
    st, _ = act(st, 2, {"type": "stall"})
    return st


def walk(seed: int, players: int, steps: int):
    """A scripted game's positions."""
    st = game(players, seed=seed, mission=["first-light", "silent-running", "quasar"][seed % 3])
    r = random.Random(seed)
    events: list = []
    out = []
    for _ in range(steps):
        if S.outcome(st) is not None:
            break
        prompt = r.choice(S.pending(st))
        st, events = act(st, prompt.seat, choose(S.view(st, prompt.seat), prompt.seat, r.randint(0, 999)))
        if r.random() < 0.2:
            out.append((st, events))
    out.append((st, events))
    return out


def test_board_snapshot() -> None:
    st = revealed_position()
    assert_png_snapshot(draw_board(S.view(st, None)), SNAP / "board.png")


def test_hand_snapshot() -> None:
    st = revealed_position()
    assert_png_snapshot(draw_hand(S.view(st, 2), 2), SNAP / "hand.png")


def test_render_board_finds_the_quasar_picture() -> None:
    st = revealed_position()
    png = render_board(S.view(st, None), title="t", description="d")
    image = Image.open(io.BytesIO(png))
    assert image.width == 960 and len(png) < 400_000


@settings(max_examples=6, deadline=None)
@given(seed=hs.integers(0, 10_000), players=hs.integers(1, 4))
def test_pictures_read_at_500_px_on_random_positions(seed: int, players: int) -> None:
    for st, events in walk(seed, players, 120)[-4:]:
        with recording() as layout:
            png = board(S.view(st, None), events=events)
        assert legibility_problems(layout, png) == []
        assert len(png) < 400_000
        seat = seed % players
        with recording() as layout:
            png = hand_picture(S.view(st, seat), seat)
        assert legibility_problems(layout, png) == []


def test_the_public_board_draws_no_hidden_card() -> None:
    for st, events in walk(11, 3, 150):
        public = {
            st.cards[c].key
            for key, ids in st.zones.items()
            for c in ids
            if key.split(":")[0]
            in ("confront", "discard", "warp", "sensors", "mission", "personal", "stockpile", "scan")
        }
        hidden = {st.cards[c].key for s in range(3) for c in hand(st, s)} - public
        names = {content().cards[k].name for k in hidden}
        with recording() as layout:
            board(st, events=[e for e in events if e.visible_to is None])  # even given the full state
        drawn = " ".join(t.text for t in layout.texts())
        assert not [n for n in names if n in drawn]


@pytest.mark.parametrize("players", [1, 4])
def test_a_whole_game_renders_at_every_step(players: int) -> None:
    for st, events in walk(players, players, 400):
        assert board(S.view(st, None), events=events).startswith(b"\x89PNG")
    assert st.result in ("win", "loss")
    final = Image.open(io.BytesIO(board(S.view(st, None))))
    assert final.width == 960


def test_the_hand_numbers_follow_the_hand() -> None:
    st = revealed_position()
    with recording() as layout:
        hand_picture(S.view(st, 1), 1)
    drawn = [t.text for t in layout.texts()]
    count = len(cards_in(st, owned_key("hand", 1)))
    assert [f"#{i}" for i in range(1, count + 1)] == [t for t in drawn if t.startswith("#")]


# -- issue 24: the table explains itself ---------------------------------------------------------------------


def dressed_position():
    """The next Challenge after the revealed one, while everyone commits: ann has two Projects, cat one,
    and bob took 2 Crew Damage."""
    from rules.core import Turn
    from rules.quasar.steps import crew_damage, start_project

    st = play_until(revealed_position(), "commit")
    turn = Turn(st, None)
    start_project(st, turn, 0)
    start_project(st, turn, 0)
    start_project(st, turn, 2)
    crew_damage(st, turn, 1, 2)
    return st, turn.events


def test_board_with_projects_damage_and_the_last_result_snapshot() -> None:
    st, events = dressed_position()
    assert_png_snapshot(draw_board(S.view(st, None), events=events), SNAP / "board_later.png")


def test_the_table_shows_faction_cards_projects_as_backs_damage_and_the_last_result() -> None:
    from rules.quasar.zones import active_projects

    st, events = dressed_position()
    secret = {content().cards[st.cards[c].key].name for s in (0, 2) for c in active_projects(st, s)}
    with recording() as layout:
        png = board(S.view(st, None), events=events)
    assert legibility_problems(layout, png) == []
    drawn = [t.text for t in layout.texts()]
    said = " ".join(drawn)
    for faction in ("Letters of Marque", "Meridian Charter", "Helix Core"):
        assert any(t.startswith(f"Faction card: {faction}") for t in drawn), faction
    assert "Crew Damage 2" in said and "Crew Damage 0" in said
    assert drawn.count("0/2") == 3  # three card backs, each with its Progress
    assert not [name for name in secret if name in said]  # a Project's face is never drawn
    assert "Last Challenge: Loose Cargo: SUCCESS" in drawn
    assert "Challenge 2: Asteroid Drift" in drawn


def test_the_last_result_stays_until_the_next_challenge_resolves() -> None:
    st = revealed_position()
    names = []
    for _ in range(60):
        if S.outcome(st) is not None or len(names) >= 3:
            break
        with recording() as layout:
            board(S.view(st, None))
        shown = [t.text for t in layout.texts() if t.text.startswith(("Last Challenge:", "Result:"))]
        if st.resolved is not None:
            assert shown, st.phase  # from the first resolution on, a result is always on the table
            if shown[0].startswith("Last Challenge:"):
                assert content().cards[st.resolved.challenge].name in shown[0]
        if shown and shown[0] not in names:
            names.append(shown[0])
        prompt = S.pending(st)[0]
        st, _ = act(st, prompt.seat, choose(S.view(st, prompt.seat), prompt.seat, 1))
    assert len(names) >= 2


def test_every_key_entry_has_page_text_and_the_board_topic_is_the_page() -> None:
    from render.quasar.board import LEGEND
    from render.quasar.key import PAGE, board_page, legend_keys
    from table.reference import rules_topic

    assert set(legend_keys()) == set(PAGE), set(legend_keys()) ^ set(PAGE)
    assert all(PAGE[key].strip() for key in legend_keys())
    assert [key for key, _, _ in LEGEND] == [k for k in legend_keys() if k in {e[0] for e in LEGEND}]
    _, lines = rules_topic(S, "board")
    assert lines == [board_page()], "data/quasar/rules.toml [board] must hold render.quasar.key.board_page()"
    with recording() as layout:
        board(S.view(revealed_position(), None))
    drawn = [t.text for t in layout.texts()]
    assert all(label in drawn for _, _, label in LEGEND)  # the key is on the picture itself
