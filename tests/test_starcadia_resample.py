"""Starcadia's ``resample``: another game no seat can tell from this one.

For random reachable positions and every observer (each seat, and a spectator), ``resample`` must
(1) leave the observer's view byte for byte the same, (2) give a state the game plays on from,
(3) be deterministic and leave its input alone, and (4) really draw again what is hidden: the event
deck's order and the draft tokens in the other crews' hands.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as hs

from rules.core import BaseState, GameSystem, RuleError, registry
from rules.starcadia.state import StarState

from .test_seed_independence import SETUPS

SYSTEM: GameSystem = registry.get("starcadia")


def encode(state: BaseState) -> bytes:
    return msgspec.json.encode(state)


def without_seed(state: StarState) -> bytes:
    """The state's bytes with its seed left out (the seed always changes; the test wants the rest)."""
    return encode(msgspec.structs.replace(state, rng=msgspec.structs.replace(state.rng, seed=0)))


def play(state: StarState, r: random.Random, steps: int, seen: list[StarState] | None = None) -> StarState:
    """Random legal play (now and then a prompt's default), keeping some positions in ``seen``."""
    for _ in range(steps):
        if SYSTEM.outcome(state) is not None:
            break
        prompt = r.choice(SYSTEM.pending(state))
        legal = SYSTEM.legal(state, prompt.seat)
        action: Any = r.choice(legal) if legal and r.random() < 0.97 else SYSTEM.default_action(state, prompt)
        if seen is not None and r.random() < 0.1:
            seen.append(state)
        state, _ = SYSTEM.apply(state, prompt.seat, action)
    return state


def observers(state: StarState) -> list[int | None]:
    return [None, *range(len(state.seats))]


def hidden_from(state: StarState, observer: int | None) -> bool:
    """Whether anything but the seed is hidden from ``observer`` in a way a redraw can change."""
    hands = sum(len(c.hand) for c in state.crews if c.seat != observer)
    return len(set(state.deck)) > 1 or (hands > 1 and sum(1 for c in state.crews if c.seat != observer and c.hand) > 1)


def check_resample(state: StarState, observer: int | None, seed: int, r: random.Random) -> bool:
    """Properties 1-3 for one position, observer and seed; True when the hidden part changed."""
    before = encode(state)
    other = SYSTEM.resample(state, observer, seed)
    assert encode(state) == before, "resample changed its input"
    assert encode(SYSTEM.resample(state, observer, seed)) == encode(other), "resample is not deterministic"
    assert encode(SYSTEM.view(other, observer)) == encode(SYSTEM.view(state, observer)), (
        f"the observer {observer} can tell the resampled state apart\n{SYSTEM.describe(state)}"
    )
    assert sorted(other.deck) == sorted(state.deck)
    assert sorted(t for c in other.crews for t in c.hand) == sorted(t for c in state.crews for t in c.hand)
    assert SYSTEM.pending(other), "the resampled state waits for nobody"
    play(other, r, 15)  # the game goes on from it
    return without_seed(other) != without_seed(state)


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_resample_keeps_every_view_and_plays_on(seed: int, walk: int) -> None:
    r = random.Random(walk)
    seats, options = SETUPS["starcadia"](r)
    seen: list[StarState] = []
    play(SYSTEM.setup(seats, options, seed), r, r.randint(1, 120), seen)
    for state in seen[:3]:
        for observer in observers(state):
            check_resample(state, observer, r.getrandbits(32), r)


def test_resample_really_draws_the_hidden_cards_again() -> None:
    changed = hidden = 0
    for walk in range(12):
        r = random.Random(walk)
        seats, options = SETUPS["starcadia"](r)
        seen: list[StarState] = []
        play(SYSTEM.setup(seats, options, walk), r, 60, seen)
        for state in seen:
            for observer in observers(state):
                if hidden_from(state, observer):
                    hidden += 1
                    changed += without_seed(SYSTEM.resample(state, observer, walk + 1)) != without_seed(state)
    assert hidden >= 20
    assert changed >= 0.9 * hidden, f"only {changed} of {hidden} resampled states differ"


def draft_position() -> StarState:
    """An episodic game in its upgrade draft (scenario 3A drafts levels 1 and 2)."""
    state = SYSTEM.setup(["A", "B", "C"], {"scenario": "3A", "mode": "episodic", "draft": "random"}, 5)
    r = random.Random(5)
    while state.phase != "updraft":
        prompt = SYSTEM.pending(state)[0]
        state, _ = SYSTEM.apply(state, prompt.seat, r.choice(SYSTEM.legal(state, prompt.seat)))
    return state


def test_draft_hands_are_dealt_again_among_the_other_crews_only() -> None:
    state = draft_position()
    assert all(len(c.hand) > 2 for c in state.crews)
    for observer in observers(state):
        other = SYSTEM.resample(state, observer, 99)
        for crew, was in zip(other.crews, state.crews, strict=True):
            assert len(crew.hand) == len(was.hand)
            if crew.seat == observer:
                assert crew.hand == was.hand  # the observer's own hand stays
        assert [c.hand for c in other.crews] != [c.hand for c in state.crews]
        assert encode(SYSTEM.view(other, observer)) == encode(SYSTEM.view(state, observer))
    # the draft goes on from the resampled hands: everyone keeps two and the hands pass
    other = SYSTEM.resample(state, 0, 3)
    for seat in range(3):
        other, _ = SYSTEM.apply(other, seat, {"type": "keep"})
    assert other.draft_round == 2


def test_a_resampled_game_plays_to_its_end() -> None:
    options = {"scenario": "1", "turn_limit": "6", "monsters": "bot"}
    state = play(SYSTEM.setup(["A", "B"], options, 11), random.Random(11), 40)
    r = random.Random(12)
    for observer in observers(state):
        other = play(SYSTEM.resample(state, observer, 7), r, 5000)
        assert SYSTEM.outcome(other) is not None


def told(played, observer: int | None) -> tuple[bytes, list[str]]:
    """What ``observer`` learns from a played action: its view of the new state and the lines it hears."""
    lines = [e.text for e in played.events if e.visible_to is None or e.visible_to == observer]
    return encode(SYSTEM.view(played.state, observer)), lines


def outcome_of(state: StarState, seat: int, action: dict):
    try:
        return SYSTEM.play(state, seat, action)
    except RuleError as exc:
        return str(exc)


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_an_action_that_brings_nothing_to_light_tells_the_same(seed: int, walk: int) -> None:
    """Played in a state and in a resampled one, an action that reveals nothing (no roll, no card drawn,
    no hand passed) must tell the observer the same; a refusal is the same. Only actions the observer
    could know of count: its own, and other seats' public choices (a keep from a hidden hand is not)."""
    r = random.Random(walk)
    seats, options = SETUPS["starcadia"](r)
    seen: list[StarState] = []
    play(SYSTEM.setup(seats, options, seed), r, r.randint(1, 120), seen)
    for state in seen[:3]:
        for observer in observers(state):
            other = SYSTEM.resample(state, observer, r.getrandbits(32))
            for seat in sorted({p.seat for p in SYSTEM.pending(state)}):
                if seat != observer and SYSTEM.public_choices(state, seat) is None:
                    continue
                legal = SYSTEM.legal(state, seat)
                for action in r.sample(legal, min(3, len(legal))):
                    here, there = outcome_of(state, seat, action), outcome_of(other, seat, action)
                    if isinstance(here, str) or isinstance(there, str):
                        assert here == there, f"{action}: {here} / resampled: {there}"
                    elif not here.revealed and not there.revealed:
                        assert told(here, observer) == told(there, observer), action


def test_passing_the_draft_hands_reveals_them() -> None:
    state = draft_position()
    for seat in range(2):
        state, _ = SYSTEM.apply(state, seat, {"type": "keep"})
    played = SYSTEM.play(state, 2, {"type": "keep"})
    assert played.state.draft_round == 2 and "the draft hands passed" in played.revealed
