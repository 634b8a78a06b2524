"""Grimdark Future Star Quest: ``resample`` redraws what nobody can see and nothing else.

For random reachable positions (random legal play and the bot seats, one-off missions, campaigns and
the builder) and every observer: the observer's view is byte for byte the same, the redrawn state is a
real position (same prompts and legal commands, play goes on from it), the redraw is a pure function of
(state, observer, seed), and it really deals the hidden things again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as hs

from rules.core import RngState
from rules.grimdark import SYSTEM as G
from rules.grimdark.state import GrimState, Placement, Rect, Token, Unit, Wave, WaveSpec

from .test_grimdark_property import check_invariants, choose, setup


def step(state: GrimState, r: random.Random, bot: bool) -> GrimState:
    """One command: the bot's (from the seat's own view) or a random legal one."""
    if bot:
        prompt = r.choice(G.pending(state))
        action = G.ai_action(G.view(state, prompt.seat), prompt.seat, r.randrange(2**31))
        if action is not None:
            return G.apply(state, prompt.seat, action)[0]
    seat, action = choose(state, r)
    return G.apply(state, seat, action)[0]


def walk(state: GrimState, r: random.Random, steps: int, look: Callable[[GrimState], None]) -> GrimState:
    bot = r.random() < 0.5
    for n in range(steps):
        if G.outcome(state) is not None:
            break
        if r.random() < 0.1 or n == steps - 1:
            look(state)
        state = step(state, r, bot)
    return state


def observers(state: GrimState) -> list[int | None]:
    return [None, *range(len(state.seats))]


def seen(state: GrimState, observer: int | None) -> bytes:
    return msgspec.json.encode(G.view(state, observer))


def without_seed(state: GrimState) -> bytes:
    return msgspec.json.encode(msgspec.structs.replace(state, rng=RngState(seed=0, draws=state.rng.draws)))


def hides_something(state: GrimState) -> bool:
    """Something is face down that a redraw can change (a search token, or two coming waves)."""
    unturned = [t for t in state.tokens if not t.revealed and not t.taken]
    return bool(unturned) and not all(t.content == "relic" for t in unturned)


def check_resample(state: GrimState, seed: int, stats: list[bool]) -> None:
    before = G.dumps(state)
    for observer in observers(state):
        other = G.resample(state, observer, seed)
        assert G.dumps(state) == before, "resample changed its input"
        assert G.dumps(G.resample(state, observer, seed)) == G.dumps(other), "resample is not deterministic"
        assert seen(other, observer) == seen(state, observer), f"observer {observer} can tell the redrawn state"
        check_invariants(other)
        assert G.pending(other) == G.pending(state)
        for prompt in G.pending(state):
            assert G.legal(other, prompt.seat) == G.legal(state, prompt.seat)
        if hides_something(state):
            stats.append(without_seed(other) != without_seed(state))


@settings(max_examples=15)
@given(seed=hs.integers(0, 2**32), walk_seed=hs.integers(0, 2**32), redraw=hs.integers(0, 2**62))
def test_resample_keeps_every_view_and_redraws(seed: int, walk_seed: int, redraw: int):
    r = random.Random(walk_seed)
    stats: list[bool] = []
    walk(setup(r, seed), r, r.randint(1, 150), lambda st: check_resample(st, redraw, stats))
    assert not stats or sum(stats) * 2 >= len(stats), f"only {sum(stats)} of {len(stats)} redraws changed anything"


@settings(max_examples=10)
@given(seed=hs.integers(0, 2**32), walk_seed=hs.integers(0, 2**32), redraw=hs.integers(0, 2**62))
def test_play_goes_on_from_a_resampled_state(seed: int, walk_seed: int, redraw: int):
    r = random.Random(walk_seed)
    state = walk(setup(r, seed), r, r.randint(0, 100), lambda st: None)
    if G.outcome(state) is not None:
        return
    other = G.resample(state, r.choice(observers(state)), redraw)
    bot = r.random() < 0.5
    for _ in range(250):
        if G.outcome(other) is not None:
            break
        other = step(other, r, bot)
        if other.phase != "camp":  # between missions a hero may still lie down after an advance raised Tou
            check_invariants(other)


def _hidden_position() -> GrimState:
    """A fresh mission with made-up secrets: two search tokens (one the Data Core), an ambusher of the
    starting force waiting off the table, and two coming waves."""
    state = G.setup(["a", "b"], {"scenario": "landing", "heroes": "2"}, 11)
    state.phase, state.round = "battle", 1
    state.tokens = [Token(id="T1", x=5, y=5, content="relic"), Token(id="T2", x=9, y=9, content="trap")]
    state.mission.force = [*state.mission.force, Placement(unit="stalker", at=(4, 4))]
    state.units.append(Unit(id="K1", kind="stalker", side="ai", models=[], placed=False, due=3))
    state.next_ids["K"] = 1
    zone = Rect(x0=0, y0=0, x1=3, y1=3)
    state.waves = [Wave(round=3, units=["stalker"], zone=zone), Wave(round=4, units=["scrappers"], zone=zone)]
    state.mission.waves = [WaveSpec(round=w.round, units=list(w.units), zone=zone) for w in state.waves]
    return state


def test_resample_deals_tokens_ambushes_and_waves_again():
    state = _hidden_position()
    relic_under, dues, first_wave = set(), set(), set()
    for redraw in range(40):
        other = G.resample(state, None, redraw)
        assert seen(other, None) == seen(state, None)
        assert [t.content for t in other.tokens].count("relic") == 1
        relic_under.add(next(t.id for t in other.tokens if t.content == "relic"))
        dues.add(next(u.due for u in other.units if u.id == "K1"))
        first_wave.add(tuple(other.waves[0].units))
        assert [w.units for w in other.mission.waves] == [w.units for w in other.waves]
    assert relic_under == {"T1", "T2"}
    assert dues == {2, 3, 4}
    assert first_wave == {("stalker",), ("scrappers",)}


def test_what_came_to_light_stays_as_it_is():
    state = _hidden_position()
    state.tokens[1].revealed = True
    state.waves[0].arrived = True
    state.round = 3
    state.units[-1].due = 4  # the starting force arrives by round 4 at the latest
    for redraw in range(20):
        other = G.resample(state, 0, redraw)
        assert other.tokens[1] == state.tokens[1] and other.tokens[0].content == "relic"
        assert other.waves[0] == state.waves[0] and other.waves[1] == state.waves[1]
        assert other.units[-1].due == 4
