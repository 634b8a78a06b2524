"""Random legal Quasar Search missions, 1-4 players, played to the end: invariants after every step, exact
replay, refusals that never depend on the seed or on the order of cards nobody has seen, hidden cards
never in another seat's view, and the fast ``legal()`` equal to the reference ``legal_by_trial()``."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as hs

from rules.core import RuleError
from rules.quasar import SYSTEM as S
from rules.quasar.content import LIS, content
from rules.quasar.state import QuasarState, split_key

from .test_seed_independence import check_position, random_walk, verdict

MISSIONS = ("first-light", "silent-running", "quasar")
HIDDEN_FROM_OTHERS = ("hand",)
HIDDEN_FROM_ALL = ("deck", "scenario")
MAX_STEPS = 900


def setup(r: random.Random, seed: int) -> QuasarState:
    players = r.randint(1, 4)
    return S.setup([f"p{i}" for i in range(players)], {"mission": r.choice(MISSIONS)}, seed)


def check_invariants(st: QuasarState, total_cards: int) -> None:
    seen: set[str] = set()
    for key, ids in st.zones.items():
        for cid in ids:
            assert cid not in seen, f"{cid} is in two zones"
            seen.add(cid)
            assert st.cards[cid].zone == key, f"{cid} thinks it is in {st.cards[cid].zone}, found in {key}"
    for cid, card in st.cards.items():
        assert card.zone == "" or cid in seen, f"{cid} claims {card.zone} but is not there"
        if card.down:
            set_aside = card.zone == "" and content().cards[card.key].kind == "challenge"
            assert card.zone.startswith("personal:") or set_aside, "only Projects, set-aside Challenges face-down"
    assert len(st.cards) == total_cards, "cards appeared or vanished"
    assert sum(1 for c in st.cards.values() if c.key == LIS) == content().tuning.lis_copies
    assert 0 <= st.morale <= st.morale_start
    assert st.energy >= 0 and min(st.glory) >= 0 and min(st.lessons) >= 0
    assert all(c.shift == 0 for c in st.cards.values() if c.zone != "confront")
    if st.result:
        assert st.phase == "over" and not S.pending(st)
    else:
        prompts = S.pending(st)
        assert prompts, "nobody is asked anything, yet the game goes on"
        for prompt in prompts:
            assert S.legal(st, prompt.seat), f"{prompt.seat} is asked but may do nothing"


def check_views(st: QuasarState) -> None:
    """No seat (nor a spectator) sees another's hand, any deck, a face-down card or a secret choice."""
    for viewer in [None, *range(len(st.seats))]:
        seen = S.view(st, viewer)
        for key, ids in seen.zones.items():
            name, owner = split_key(key)
            secret = name in HIDDEN_FROM_ALL or (name in HIDDEN_FROM_OTHERS and owner != viewer)
            for cid in ids:
                if cid in st.cards and st.cards[cid].known and not st.cards[cid].down:
                    continue  # everyone saw it go back onto the pile (a sweep): shown where it lies
                if secret or seen.cards[cid].down:
                    assert seen.cards[cid].key == "" and cid not in st.cards, f"{key} shows {cid} to {viewer}"
        for other in range(len(st.seats)):
            if other != viewer:
                assert seen.commits[other] == [] and seen.picks[other] == 0
        assert seen.rng.seed == 0  # view() never carries the seed


def play(seed: int, walk: int) -> tuple[QuasarState, list[tuple[int, dict]]]:
    r = random.Random(walk)
    st = setup(r, seed)
    total = len(st.cards)
    log: list[tuple[int, dict]] = []
    for step in range(MAX_STEPS):
        check_invariants(st, total)
        if step % 7 == 0:
            check_views(st)
        if S.outcome(st) is not None:
            return st, log
        prompt = r.choice(S.pending(st))
        legal = S.legal(st, prompt.seat)
        action = r.choice(legal) if r.random() < 0.95 else S.default_action(st, prompt)
        st, _ = S.apply(st, prompt.seat, action)
        log.append((prompt.seat, action))
    raise AssertionError(f"no end after {MAX_STEPS} steps")


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_random_missions_end_with_invariants_and_replay_exactly(seed: int, walk: int) -> None:
    st, log = play(seed, walk)
    assert S.outcome(st) is not None and st.result in ("win", "loss")
    again = setup(random.Random(walk), seed)
    for seat, action in log:
        again, _ = S.apply(again, seat, action)
    assert S.dumps(again) == S.dumps(st)
    assert S.loads(S.dumps(st)) == st


def shuffled_unseen(st: QuasarState, r: random.Random) -> QuasarState:
    """The same position with the unseen cards in another order: every Deck, and each Act's Challenges."""
    other = S.clone(st)
    cards = content().cards
    for key, ids in other.zones.items():
        name, _ = split_key(key)
        if name == "deck":
            r.shuffle(ids)
        elif name == "scenario":
            start = 0
            for i in range(len(ids) + 1):
                if i == len(ids) or cards[other.cards[ids[i]].key].kind != "challenge":
                    block = ids[start:i]
                    r.shuffle(block)
                    ids[start:i] = block
                    start = i + 1
    return other


def check_unseen_order(st: QuasarState, r: random.Random) -> None:
    other = shuffled_unseen(st, r)
    assert S.pending(st) == S.pending(other), "the prompts depend on unseen cards"
    for seat in sorted({p.seat for p in S.pending(st)}):
        legal = S.legal(st, seat)
        assert legal == S.legal(other, seat), "legal() depends on unseen cards"
        for action in legal if len(legal) <= 12 else r.sample(legal, 12):
            assert verdict(S, st, seat, action) == verdict(S, other, seat, action) == "ok"


@given(seed=hs.integers(0, 2**32), other=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_refusals_depend_neither_on_the_seed_nor_on_unseen_cards(seed: int, other: int, walk: int) -> None:
    r = random.Random(walk)
    st = setup(r, seed)
    if other == seed:
        other += 1

    def look(position: QuasarState) -> None:
        check_position(S, position, other, r)
        check_unseen_order(position, r)

    random_walk(S, st, r, r.randint(1, 150), look)


@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_fast_legal_is_the_reference_legal(seed: int, walk: int) -> None:
    r = random.Random(walk)
    st = setup(r, seed)

    def compare(position: QuasarState) -> None:
        for seat in sorted({p.seat for p in S.pending(position)}):
            assert S.legal(position, seat) == S.legal_by_trial(position, seat)
            for bad in ({"type": "commit", "cards": [9]}, {"type": "use", "card": "nothing"}, {"type": "pass"}):
                try:
                    S.check(position, seat, bad)
                except RuleError:
                    continue

    random_walk(S, st, r, r.randint(1, 150), compare)
