"""Quasar Search's ``resample``: another game the observer cannot tell from this one.

For random reachable positions (the seats' bot, now and then a random move) and every observer (each
seat and a spectator), ``resample`` must (1) leave the observer's view byte for byte the same, (2) give
a state the game plays on from to its end, (3) be deterministic and leave its input alone, and (4)
really deal again what is hidden: hands, decks, face-down Projects, the scenario deck, set-aside
Challenges, other seats' commits and Rank Card picks; each card keeps its family (a seat's player
cards, an Act's Challenges).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as hs

from rules.core import BaseState
from rules.quasar import SYSTEM as S
from rules.quasar.content import content
from rules.quasar.options import commit_problem
from rules.quasar.redraw import hidden_cards
from rules.quasar.state import QuasarState, owned_key, split_key
from rules.quasar.zones import cards_in, hand

MISSIONS = ("first-light", "silent-running", "quasar")


def encode(state: BaseState) -> bytes:
    return msgspec.json.encode(state)


def without_seed(state: QuasarState) -> bytes:
    return encode(msgspec.structs.replace(state, rng=msgspec.structs.replace(state.rng, seed=0)))


def step(state: QuasarState, r: random.Random) -> QuasarState:
    prompt = r.choice(S.pending(state))
    action: Any = None
    if r.random() > 0.15:
        action = S.ai_action(S.view(state, prompt.seat), prompt.seat, r.getrandbits(32))
    action = action or r.choice(S.legal(state, prompt.seat))
    return S.apply(state, prompt.seat, action)[0]


def play(state: QuasarState, r: random.Random, steps: int, seen: list[QuasarState] | None = None) -> QuasarState:
    for _ in range(steps):
        if S.outcome(state) is not None:
            break
        if seen is not None and r.random() < 0.25:
            seen.append(state)
        state = step(state, r)
    return state


def new_game(r: random.Random, seed: int) -> QuasarState:
    n = r.choice([1, 2, 2, 3, 3, 4])
    return S.setup(["ann", "bob", "cat", "dan"][:n], {"mission": r.choice(MISSIONS)}, seed)


def observers(state: QuasarState) -> list[int | None]:
    return [None, *range(len(state.seats))]


def families(state: QuasarState, observer: int | None) -> Counter:
    """The hidden cards' keys with where they may go: a seat's player cards, an Act's Challenges."""
    out: Counter = Counter()
    for cid in hidden_cards(state, observer):
        card = state.cards[cid]
        kind = content().cards[card.key].kind
        owner = split_key(card.zone)[1] if card.zone else None
        out[(kind, owner if kind in ("player", "lis") else None, card.key)] += 1
    return out


def check_resample(state: QuasarState, observer: int | None, seed: int, r: random.Random) -> bool:
    """Properties 1-3 for one position, observer and seed; True when more than the seed changed."""
    before = encode(state)
    other = S.resample(state, observer, seed)
    assert encode(state) == before, "resample changed its input"
    assert encode(S.resample(state, observer, seed)) == encode(other), "resample is not deterministic"
    assert encode(S.view(other, observer)) == encode(S.view(state, observer)), (
        f"observer {observer} can tell the resampled state apart\n{S.describe(state)}"
    )
    assert families(other, observer) == families(state, observer), "a card left its family"
    for seat in range(len(state.seats)):
        if other.committed[seat] and other.commits[seat]:
            assert commit_problem(other, seat, other.commits[seat]) is None, "an impossible commit"
        if other.picked[seat] and other.tasks and other.tasks[0].kind == "rank":
            assert 1 <= other.picks[seat] <= len(cards_in(other, owned_key("ranks", seat)))
    assert S.pending(other) and all(S.legal(other, p.seat) for p in S.pending(other))
    play(other, r, 12)  # the game goes on from it
    return without_seed(other) != without_seed(state)


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_resample_keeps_every_view_and_plays_on(seed: int, walk: int) -> None:
    r = random.Random(walk)
    seen: list[QuasarState] = []
    play(new_game(r, seed), r, r.randint(1, 120), seen)
    for state in seen[-3:]:
        for observer in observers(state):
            check_resample(state, observer, r.getrandbits(32), r)


def test_resample_really_deals_the_hidden_cards_again() -> None:
    changed = total = 0
    for walk in range(10):
        r = random.Random(walk)
        seen: list[QuasarState] = []
        play(new_game(r, walk), r, 80, seen)
        for state in seen:
            for observer in observers(state):
                total += 1
                changed += without_seed(S.resample(state, observer, walk + 1)) != without_seed(state)
    assert total >= 50
    assert changed >= 0.9 * total, f"only {changed} of {total} resampled states differ"


def test_the_observers_own_hand_stays_and_other_hands_keep_their_size() -> None:
    r = random.Random(3)
    state = play(S.setup(["ann", "bob", "cat"], {}, 3), r, 3)
    for observer in observers(state):
        other = S.resample(state, observer, 5)
        for seat in range(3):
            mine = [other.cards[c].key for c in hand(other, seat)]
            was = [state.cards[c].key for c in hand(state, seat)]
            assert len(mine) == len(was)
            if seat == observer:
                assert mine == was
        assert any(
            [other.cards[c].key for c in hand(other, s)] != [state.cards[c].key for c in hand(state, s)]
            for s in range(3)
            if s != observer
        )


def test_secret_commits_and_picks_of_others_are_drawn_again() -> None:
    r = random.Random(1)
    state = S.setup(["ann", "bob", "cat"], {}, 1)
    assert state.tasks[0].kind == "rank"
    state = S.apply(state, 1, {"type": "rank", "slot": 2})[0]
    state = S.apply(state, 2, {"type": "rank", "slot": 3})[0]
    picks = {(S.resample(state, 0, n).picks[1], S.resample(state, 0, n).picks[2]) for n in range(20)}
    assert len(picks) > 1 and all(1 <= p <= 3 for pair in picks for p in pair)
    assert all(S.resample(state, 1, n).picks[1] == 2 for n in range(5))  # one's own pick stays
    state = S.apply(state, 0, {"type": "rank", "slot": 1})[0]
    while state.tasks[0].kind != "commit":
        state = step(state, r)
    for seat in range(3):
        if not state.committed[seat]:
            state = S.apply(state, seat, {"type": "commit", "cards": [1]})[0]
            break
    committed = next(s for s in range(3) if state.committed[s] and hand(state, s))
    observer = next(s for s in range(3) if s != committed)
    commits = {tuple(S.resample(state, observer, n).commits[committed]) for n in range(20)}
    assert len(commits) > 1
    assert all(S.resample(state, committed, n).commits[committed] == [1] for n in range(5))


def test_a_resampled_game_plays_to_its_end() -> None:
    r = random.Random(11)
    state = play(S.setup(["ann", "bob"], {"mission": "quasar"}, 11), r, 15)
    for observer in observers(state):
        other = play(S.resample(state, observer, 7), r, 3000)
        assert S.outcome(other) is not None
