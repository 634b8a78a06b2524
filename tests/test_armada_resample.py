"""Armada's ``resample``: another game no captain can tell from this one.

For random reachable positions and every observer (each captain, and a spectator), ``resample``
must (1) leave the observer's view byte for byte the same, (2) give a state the game plays on from
to its end, (3) be deterministic and leave its input alone, and (4) really draw again what is
hidden: the enemy deck and the face-down fleet ships' cards, the Threat deck (a peeking captain's
top card stays), the hero deck, the module pool, the beacon bag and the Data pile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as hs

from rules.armada import SYSTEM
from rules.armada.state import State
from rules.core import BaseState, RuleError

from .test_armada_support import add_fleet, new_game
from .test_seed_independence import SETUPS


def encode(state: BaseState) -> bytes:
    return msgspec.json.encode(state)


def without_seed(state: State) -> bytes:
    """The state's bytes with its seed left out (the seed always changes; the test wants the rest)."""
    return encode(msgspec.structs.replace(state, rng=msgspec.structs.replace(state.rng, seed=0)))


def play(state: State, r: random.Random, steps: int, seen: list[State] | None = None) -> State:
    """Random legal play (now and then a prompt's default), keeping some positions in ``seen``."""
    for _ in range(steps):
        if SYSTEM.outcome(state) is not None:
            break
        prompt = r.choice(SYSTEM.pending(state))
        legal = SYSTEM.legal(state, prompt.seat)
        action: Any = r.choice(legal) if legal and r.random() < 0.97 else SYSTEM.default_action(state, prompt)
        if seen is not None and r.random() < 0.15:
            seen.append(state)
        state, _ = SYSTEM.apply(state, prompt.seat, action)
    return state


def observers(state: State) -> list[int | None]:
    return [None, *range(len(state.seats))]


def enemy_cards(state: State) -> Counter[str]:
    """The enemy deck and the face-down ships' cards: the pool a redraw deals from."""
    return Counter(state.enemy_deck + [s.card for f in state.fleets for s in f.ships if not s.revealed])


def check_resample(state: State, observer: int | None, seed: int) -> State:
    """Properties 1 and 3 for one position, observer and seed, and the redraw's bookkeeping."""
    before = encode(state)
    other = SYSTEM.resample(state, observer, seed)
    assert encode(state) == before, "resample changed its input"
    assert encode(SYSTEM.resample(state, observer, seed)) == encode(other), "resample is not deterministic"
    assert encode(SYSTEM.view(other, observer)) == encode(SYSTEM.view(state, observer)), (
        f"the observer {observer} can tell the resampled state apart\n{SYSTEM.describe(state)}"
    )
    assert enemy_cards(other) == enemy_cards(state)
    for pile in ("td_deck", "hero_deck", "module_pool", "bag", "data_pile"):
        assert Counter(getattr(other, pile)) == Counter(getattr(state, pile)), pile
    return other


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_resample_keeps_every_view_and_plays_to_the_end(seed: int, walk: int) -> None:
    r = random.Random(walk)
    seats, options = SETUPS["armada"](r)
    seen: list[State] = []
    play(SYSTEM.setup(seats, options, seed), r, 400, seen)
    for state in seen[:3]:
        for observer in observers(state):
            other = check_resample(state, observer, r.getrandbits(32))
            assert SYSTEM.pending(other), "the resampled state waits for nobody"
            if observer is None and state is seen[0]:  # one continuation per game, to its end
                assert SYSTEM.outcome(play(other, r, 3000)) is not None


def test_resample_really_draws_the_hidden_cards_again() -> None:
    changed = total = 0
    for walk in range(10):
        r = random.Random(walk)
        seats, options = SETUPS["armada"](r)
        seen: list[State] = []
        play(SYSTEM.setup(seats, options, walk), r, 400, seen)
        for state in seen:
            for observer in observers(state):
                total += 1
                changed += without_seed(SYSTEM.resample(state, observer, walk + 1)) != without_seed(state)
    assert total >= 30
    assert changed >= 0.95 * total, f"only {changed} of {total} resampled states differ"


def test_face_down_ships_trade_cards_with_the_enemy_deck() -> None:
    state = new_game(2)
    fleet = add_fleet(state, [state.enemy_deck.pop(), state.enemy_deck.pop(), state.enemy_deck.pop()], "Luna")
    shown = add_fleet(state, [state.enemy_deck.pop()], "Mars", token=2, revealed=True)
    moved = 0
    for seed in range(20):
        other = check_resample(state, 0, seed)
        ships = next(f for f in other.fleets if f.token == fleet.token).ships
        moved += [s.card for s in ships] != [s.card for s in fleet.ships]
        assert next(f for f in other.fleets if f.token == shown.token) == shown  # a revealed ship keeps its card
    assert moved >= 18


def test_a_peeking_captain_keeps_the_top_threat_card() -> None:
    state = new_game(2)
    state.players[1].heroes.append("eva")  # E.V.A. sees the top Threat card
    tops = {None: set(), 0: set(), 1: set()}
    for seed in range(20):
        for observer in observers(state):
            other = check_resample(state, observer, seed)
            tops[observer].add(other.td_deck[0])
    assert tops[1] == {state.td_deck[0]}
    assert len(tops[0]) > 1 and len(tops[None]) > 1


def told(played, observer: int | None) -> tuple[bytes, list[str]]:
    """What ``observer`` learns from a played action: its view of the new state and the lines it hears."""
    lines = [e.text for e in played.events if e.visible_to is None or e.visible_to == observer]
    return encode(SYSTEM.view(played.state, observer)), lines


def outcome_of(state: State, seat: int, action: dict):
    try:
        return SYSTEM.play(state, seat, action)
    except RuleError as exc:
        return str(exc)


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_an_action_that_brings_nothing_to_light_tells_the_same(seed: int, walk: int) -> None:
    """Played in a state and in a resampled one, an action that reveals nothing (no roll, no card drawn,
    no card turned) must tell the observer the same: a difference would be a hidden card shining
    through. A refusal is always the same."""
    r = random.Random(walk)
    seats, options = SETUPS["armada"](r)
    seen: list[State] = []
    play(SYSTEM.setup(seats, options, seed), r, 400, seen)
    for state in seen[:3]:
        for observer in observers(state):
            other = SYSTEM.resample(state, observer, r.getrandbits(32))
            for seat in sorted({p.seat for p in SYSTEM.pending(state)}):
                legal = SYSTEM.legal(state, seat)
                for action in r.sample(legal, min(4, len(legal))):
                    here, there = outcome_of(state, seat, action), outcome_of(other, seat, action)
                    if isinstance(here, str) or isinstance(there, str):
                        assert here == there, f"{action}: {here} / resampled: {there}"
                    elif not here.revealed and not there.revealed:
                        assert told(here, observer) == told(there, observer), action


def test_recruiting_reveals_the_heroes_for_hire() -> None:
    state = new_game(1)
    state.players[0].planet = "Luna"
    played = SYSTEM.play(state, 0, {"type": "recruit"})
    assert played.state.players[0].offer and played.revealed


def test_hiring_eva_reveals_the_top_threat_card_to_her_captain() -> None:
    state = new_game(1)
    state.players[0].planet, state.players[0].credits = "Luna", 20
    state, _ = SYSTEM.apply(state, 0, {"type": "recruit"})
    state.players[0].offer[0] = "eva"
    played = SYSTEM.play(state, 0, {"type": "hire", "hero": "eva"})
    assert "the top Threat Detected card" in played.revealed
    assert SYSTEM.view(played.state, 0).td_deck[0] == played.state.td_deck[0]
