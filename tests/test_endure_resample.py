"""Endure the Stars: ``resample`` redraws what nobody can see and nothing else.

For random reachable positions (random legal play, some of it by the careful bot, one-off missions
and campaigns) and every observer: the observer's view is byte for byte the same, the redrawn state
is a real position (same prompts and legal moves, play goes on from it), the redraw is a pure
function of (state, observer, seed), and it really deals the hidden things again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import msgspec
from hypothesis import given
from hypothesis import strategies as hs

from rules.core import RngState
from rules.endure import SYSTEM as S
from rules.endure.content import content
from rules.endure.specials import sentries_left
from rules.endure.state import EndureState

from .test_endure_balance import crew_for
from .test_endure_campaign import won_cg04
from .test_endure_property import baseline, check_invariants

MISSIONS = sorted(content().missions)
CAMPAIGNS = sorted(content().campaigns)


def new_game(r: random.Random, seed: int) -> EndureState:
    n = r.randint(1, 4)
    seats = [f"p{i}" for i in range(n)]
    if r.random() < 0.25:
        campaign = r.choice(CAMPAIGNS)
        first = content().campaigns[campaign].start
        return S.setup(seats, {"campaign": campaign, "crew": crew_for(first, n)}, seed)
    mission = r.choice(MISSIONS)
    options = {"mission": mission}
    if content().missions[mission].needs:
        options["crew"] = crew_for(mission, n)
    return S.setup(seats, options, seed)


def step(st: EndureState, r: random.Random, bot: bool) -> EndureState:
    """One move: the careful bot's (from the seat's own view) or a random legal one."""
    prompt = r.choice(S.pending(st))
    action = None
    if bot:
        action = S.ai_action(S.view(st, prompt.seat), prompt.seat, 0)
    if action is None:
        legal = S.legal(st, prompt.seat)
        action = r.choice(legal) if legal and r.random() < 0.97 else S.default_action(st, prompt)
    return S.apply(st, prompt.seat, action)[0]


def walk(st: EndureState, r: random.Random, steps: int, look: Callable[[EndureState], None]) -> EndureState:
    bot = r.random() < 0.6
    for n in range(steps):
        if S.outcome(st) is not None:
            break
        if r.random() < 0.1 or n == steps - 1:
            look(st)
        st = step(st, r, bot)
    return st


def observers(st: EndureState) -> list[int | None]:
    return [None, *range(len(st.seats))]


def seen(st: EndureState, observer: int | None) -> bytes:
    return msgspec.json.encode(S.view(st, observer))


def without_seed(st: EndureState) -> bytes:
    return msgspec.json.encode(msgspec.structs.replace(st, rng=RngState(seed=0, draws=st.rng.draws)))


def resolve_cards(st: EndureState) -> list[str]:
    return sorted(st.resolve_deck + [r.card for s in st.survivors for r in s.resolve_cards])


def hides_something(st: EndureState) -> bool:
    return (
        len(st.radar) + len(st.pool) + len(st.radar_sealed) > 1
        or len(st.item_deck) > 1
        or len(st.event_deck) > 1
        or len(st.accomplishment_deck) > 1
    )


def check_resample(st: EndureState, seed: int, stats: list[bool]) -> None:
    before = S.dumps(st)
    base = baseline(st)
    for observer in observers(st):
        other = S.resample(st, observer, seed)
        assert S.dumps(st) == before, "resample changed its input"
        assert S.dumps(S.resample(st, observer, seed)) == S.dumps(other), "resample is not deterministic"
        assert seen(other, observer) == seen(st, observer), f"observer {observer} can tell the redrawn state"
        # What the engine keeps, the redraw keeps: the same cards and tokens, only dealt elsewhere (a
        # campaign may have lost a fallen survivor's Resolve cards, so they are compared with ``st``).
        check_invariants(other, None)
        assert baseline(other) == base
        assert resolve_cards(other) == resolve_cards(st)
        assert S.pending(other) == S.pending(st)
        for prompt in S.pending(st):
            assert S.legal(other, prompt.seat) == S.legal(st, prompt.seat)
        if hides_something(st):
            stats.append(without_seed(other) != without_seed(st))


@given(seed=hs.integers(0, 2**32), walk_seed=hs.integers(0, 2**32), redraw=hs.integers(0, 2**62))
def test_resample_keeps_every_view_and_redraws(seed: int, walk_seed: int, redraw: int):
    r = random.Random(walk_seed)
    stats: list[bool] = []
    walk(new_game(r, seed), r, r.randint(1, 120), lambda st: check_resample(st, redraw, stats))
    assert not stats or sum(stats) * 2 >= len(stats), f"only {sum(stats)} of {len(stats)} redraws changed anything"


@given(seed=hs.integers(0, 2**32), walk_seed=hs.integers(0, 2**32), redraw=hs.integers(0, 2**62))
def test_play_goes_on_from_a_resampled_state(seed: int, walk_seed: int, redraw: int):
    r = random.Random(walk_seed)
    st = walk(new_game(r, seed), r, r.randint(0, 80), lambda st: None)
    if S.outcome(st) is not None:
        return
    other = S.resample(st, r.choice(observers(st)), redraw)
    for _ in range(120):
        if S.outcome(other) is not None:
            break
        other = step(other, r, bot=True)
        # The board's own invariants; what play conserves is test_endure_property's business (some
        # missions bring radar tokens in, and a campaign may lose a fallen survivor's Resolve cards).
        check_invariants(other, None)


def test_resample_deals_radar_decks_and_resolve_again():
    st = S.setup(["a", "b"], {"mission": MISSIONS[0]}, 7)
    st.survivors[0].resolve_cards[0].revealed = True  # one card face up: it must stay where it is
    changed = {"radar": 0, "items": 0, "events": 0, "resolve": 0}
    for redraw in range(20):
        other = S.resample(st, None, redraw)
        assert seen(other, None) == seen(st, None)
        assert other.survivors[0].resolve_cards[0] == st.survivors[0].resolve_cards[0]
        changed["radar"] += [t.token for t in other.radar] != [t.token for t in st.radar]
        changed["items"] += other.item_deck != st.item_deck
        changed["events"] += other.event_deck != st.event_deck
        hidden = [r.card for s in other.survivors for r in s.resolve_cards if not r.revealed]
        changed["resolve"] += hidden != [r.card for s in st.survivors for r in s.resolve_cards if not r.revealed]
    assert all(n >= 15 for n in changed.values()), changed


def test_a_boss_token_stays_on_the_map_among_the_boss_spots():
    mission = next(k for k, m in content().missions.items() if m.boss_spots)
    st = S.setup(["a", "b", "c"], {"mission": mission, "crew": crew_for(mission, 3)}, 3)
    spots = set(content().missions[mission].boss_spots)
    places = set()
    for redraw in range(30):
        other = S.resample(st, 0, redraw)
        boss = [t for t in other.radar if t.token.endswith(" titan")]
        assert len(boss) == 1 and boss[0].zone in spots
        assert not any(t.endswith(" titan") for t in other.pool + other.radar_sealed)
        places.add(boss[0].id)
    assert len(places) > 1


def test_the_sentries_left_on_a_walkies_mission_stay_the_same():
    """C013 fails as soon as fewer than 4 Sentries are left, the face-down ones counted."""
    mission = next(k for k, m in content().missions.items() if "walkies" in m.specials)
    st = S.setup(["a", "b"], {"mission": mission, "crew": crew_for(mission, 2)}, 5)
    kinds = set()
    for redraw in range(20):
        other = S.resample(st, 1, redraw)
        assert sentries_left(other) == sentries_left(st)
        kinds.add(tuple(t.token for t in other.radar))
    assert len(kinds) > 1


def test_resample_at_the_refuge_and_into_the_next_mission():
    st, _ = won_cg04(n=2)
    assert st.phase == "refuge"
    r = random.Random(4)
    for redraw in range(5):
        stats: list[bool] = []
        check_resample(st, redraw, stats)
        other = S.resample(st, redraw % 2, redraw)
        for _ in range(60):
            if S.outcome(other) is not None:
                break
            other = step(other, r, bot=True)
        assert other.phase != "refuge" or S.outcome(other) is not None
