"""The Armada pictures read at Discord's inline size (issue 13): the board (map, captains, what just
happened), the fight (a Combat or an Away Mission) and the ship board.

Every text is at least 11 px tall when the picture is shown 500 px wide, no two texts overlap, no text
runs over a token and no token hides another (tests/legibility.py), on random states reached by legal
play from the seed-independence setups (1-4 captains, every difficulty), from each revealed Final
Encounter, and on crowded hand-made ones: many fleets on one planet, four captains together, a planet
about to be lost, a four-captain fight, the end of the game.
"""

from __future__ import annotations

import random
import statistics
import time

from hypothesis import given, settings
from hypothesis import strategies as hs

from render.armada import board, draw_board, ship_board
from rules.armada import SYSTEM, finals
from rules.armada.state import State
from rules.core import Event, Turn

from .legibility import Layout, legibility_problems, recording
from .test_armada_support import add_fleet, in_combat, new_game, place_beacon, set_faces

FINALS = {
    "lokust": (2, ["comet", "comet", "ring", "ring"]),
    "ouroboros": (4, ["ring", "ring", "star", "moon"]),
    "artemis": (3, ["star", "moon", "comet", "ring"]),
    "artemis-v2": (2, ["star", "moon", "comet", "ring"]),
    "oblivion": (3, ["moon", "moon", "comet", "ring"]),
    "savior": (3, ["star", "comet", "ring", "star"]),
}


NAMES = ["cap0", "Maximiliana Wolkenstein-Oberhaus", "Ωmega Ünïcode ☄", "x" * 32]
"""Seat names as long as Discord allows (32 characters) and outside ASCII: every one must be cut to fit."""


def reveal(state: State, symbols: list[str]) -> State:
    """Hand the first captain the four Data tokens that decode into a given Final Encounter."""
    state.data_pile = list(symbols) + state.data_pile
    for sym in symbols:
        finals.data_token(state, 0, sym, Turn(state, 0))
    return state


def walk(state: State, rnd: random.Random, steps: int) -> tuple[State, list[Event]]:
    """Random legal play (any waiting seat, any legal move); returns the state and the last public events."""
    events: list[Event] = []
    for _ in range(steps):
        if SYSTEM.outcome(state) is not None:
            break
        prompt = rnd.choice(SYSTEM.pending(state))
        state, events = SYSTEM.apply(state, prompt.seat, rnd.choice(SYSTEM.legal(state, prompt.seat)))
    return state, [e for e in events if e.visible_to is None]


def random_state(seed: int, captains: int, steps: int, final: str = "") -> tuple[State, list[Event]]:
    rnd = random.Random(seed)
    options = {"difficulty": rnd.choice(["easy", "normal", "hard"]), "hardline": rnd.choice(["yes", "no"])}
    if final:
        captains = FINALS[final][0]
    state = SYSTEM.setup(NAMES[:captains], options, seed)
    if final:
        state = reveal(state, FINALS[final][1])
    return walk(state, rnd, steps)


def problems(picture) -> tuple[list[str], Layout, bytes]:
    with recording() as layout:
        png = picture()
    return legibility_problems(layout, png), layout, png


def all_problems(state: State, events: list[Event]) -> list[str]:
    """The public board (or fight), a captain's own view and that captain's ship board."""
    found, _, png = problems(lambda: board(SYSTEM.view(state, None), events=events))
    assert len(png) <= 400_000
    seat = next((p.seat for p in SYSTEM.pending(state)), 0)
    view = SYSTEM.view(state, seat)
    found += problems(lambda: board(view, events=events))[0]
    found += problems(lambda: ship_board(view, seat))[0]
    return found


@settings(max_examples=25, deadline=None)
@given(
    seed=hs.integers(0, 2**31),
    captains=hs.integers(1, 4),
    steps=hs.integers(0, 700),
    final=hs.sampled_from(["", "", "", *FINALS]),
)
def test_the_pictures_of_any_reachable_state_read_at_500_px(seed, captains, steps, final) -> None:
    state, events = random_state(seed, captains, steps, final)
    assert all_problems(state, events) == []


def test_fights_missions_and_finals_reached_by_play_read_at_500_px() -> None:
    """Stop random games in a Combat, an Away Mission and at their end, for every Final Encounter."""
    seen = set()
    for seed in range(40):
        final = [*FINALS, ""][seed % (len(FINALS) + 1)]
        rnd = random.Random(seed)
        state, events = random_state(seed, 1 + seed % 4, 0, final)
        for _ in range(900):
            kind = "combat" if state.combat else "mission" if state.mission else "over" if state.result else ""
            if kind and (kind, final) not in seen:
                seen.add((kind, final))
                assert all_problems(state, events) == [], (seed, kind, final)
            if state.result:
                break
            state, events = walk(state, rnd, 1)
    assert {k for k, _ in seen} == {"combat", "mission", "over"}


# -- crowded boards --------------------------------------------------------------------------------------


def crowded_state() -> State:
    state = new_game(players=4)
    for k, planet in enumerate(["Kagawa", "Kagawa", "Kagawa", "Kagawa", "Terra", "Terra", "Terra"]):
        add_fleet(state, ["warden", "sentinel"] * (k % 3 + 1), planet=planet, token=k + 1)
    for number in (26, 53, 55, 50):
        place_beacon(state, number)
    for number in [n for n in state.bag if n > 0][:5]:
        place_beacon(state, number, "Luna")
    for p in state.players:
        p.planet = "Titan VI"
    state.players[2].critical = True
    state.players[2].hull = 0
    return state


def test_crowded_board_reads_and_counts_every_fleet() -> None:
    state = crowded_state()
    events = [Event(text="Fleet 2 at Kagawa is reinforced by 1 ship(s)."), Event(text="cap2 travels to Titan VI.")]
    found, layout, _ = problems(lambda: board(SYSTEM.view(state, None), events=events))
    assert found == []
    texts = [t.text for t in layout.texts()]
    assert "4 fleets ×14" in texts  # too many to tag one by one: counted
    assert {"F5 ×4", "F6 ×6", "F7 ×2"} <= set(texts)
    assert any(t.startswith("5/6! ") for t in texts)  # Luna is one beacon from losing the game
    assert {"1", "2", "3!", "4"} <= set(texts)  # four captains on one planet, none hidden


def test_the_end_title_says_win_or_loss() -> None:
    state = new_game(players=2)
    state.phase, state.result, state.reason = "over", "loss", "Six beacons on Luna."
    _, layout, _ = problems(lambda: board(SYSTEM.view(state, None)))
    assert layout.texts()[0].text.startswith("LOSS")
    state.result, state.reason = "win", "The Lokust Mothership is destroyed."
    _, layout, _ = problems(lambda: board(SYSTEM.view(state, None)))
    assert layout.texts()[0].text.startswith("WIN")
    assert "The Lokust Mothership is destroyed." in [t.text for t in layout.texts()]


def test_a_four_captain_fight_reads_at_500_px() -> None:
    state = new_game(players=4)
    for p in state.players:
        p.planet = "Terra"
    state = in_combat(
        state, ["warden", "sentinel", "falcon", "bulkfrog", "kannon"], ["T", "S", "E", "-", "C"], 0, [1, 2, 3]
    )
    for seat in (1, 2, 3):
        set_faces(state, seat, ["M", "T", "E"])
    found, layout, _ = problems(lambda: board(SYSTEM.view(state, None)))
    assert found == []
    texts = " ".join(t.text for t in layout.texts())
    assert "COMBAT at Terra" in texts and "Bulkfrog" in texts


def test_a_station_with_more_dice_than_room_counts_the_rest() -> None:
    state = in_combat(new_game(), ["warden"], ["T", "T", "T", "T", "T"])
    for die in [d for d in state.dice if d.owner == 0 and d.loc == "rolled"]:
        die.loc, die.station = "station", 4
    found, layout, _ = problems(lambda: board(SYSTEM.view(state, None)))
    assert found == [] and any(t.text in ("+2", "+3") for t in layout.texts())


def test_the_board_is_drawn_quickly_and_small() -> None:
    """Render median of a crowded 4-captain board: about 20 ms on a quiet machine; the bound here only
    catches a gross slowdown on a busy test runner."""
    state = SYSTEM.view(crowded_state(), None)
    board(state)
    times = []
    for _ in range(7):
        start = time.perf_counter()
        png = board(state)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 1.0
    assert len(png) < 150_000
    assert draw_board(state).width == 1000
