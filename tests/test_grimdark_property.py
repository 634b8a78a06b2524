"""Random legal Grimdark missions: played to the end with invariants checked after every step, replayed
exactly from the seed, with legal() held to its reference definition and to seed independence."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from rules.core import RuleError
from rules.grimdark import SYSTEM as G
from rules.grimdark.content import content
from rules.grimdark.grid import touching
from rules.grimdark.state import GrimState
from rules.grimdark.units import stats

from .test_seed_independence import check_position, random_walk

SCENARIOS = [*content().campaigns, "builder", *content().missions]
MAX_STEPS = 250


def setup(r: random.Random, seed: int) -> GrimState:
    heroes = r.randint(2, 4)
    seats = r.randint(1, heroes)
    options = {
        "scenario": r.choice(SCENARIOS),
        "heroes": str(heroes),
        "table": r.choice(["half", "half", "full"]),
        "exhaustion": r.choice(["whole", "shortfall"]),
        "morale": r.choice(["every", "first"]),
    }
    return G.setup([f"p{i}" for i in range(seats)], options, seed)


def choose(state: GrimState, r: random.Random) -> tuple[int, dict]:
    """A random legal command, ending activations often so that rounds go by."""
    prompt = r.choice(G.pending(state))
    legal = G.legal(state, prompt.seat)
    if state.act is not None and r.random() < 0.4:
        return prompt.seat, {"type": "done", "hero": state.act.hero}
    if legal and r.random() < 0.95:
        return prompt.seat, r.choice(legal)
    return prompt.seat, G.default_action(state, prompt)


def check_invariants(state: GrimState) -> set[tuple[str, str]]:
    """Bounds and placement; returns the pairs of standing units within 1" of each other."""
    cells: dict[tuple[int, int], str] = {}
    for unit in state.units:
        s = stats(state, unit)
        if unit.side == "hero":
            wounds = unit.models[0].wounds
            assert 0 <= wounds <= s.tou, f"{unit.id} wounds {wounds}/{s.tou}"
            assert unit.down == (wounds == s.tou), f"{unit.id}: down={unit.down} with {wounds}/{s.tou} wounds"
            assert 0 <= unit.power <= s.power, f"{unit.id} power {unit.power}/{s.power}"
        assert 0 <= unit.tokens <= 6
        if not unit.placed:
            continue
        for model in unit.alive():
            assert 0 <= model.wounds < s.tou or unit.side == "hero"
            assert model.cell not in cells, f"{unit.id} and {cells.get(model.cell)} share {model.cell}"
            cells[model.cell] = unit.id
    if state.act is not None:
        hero = next(u for u in state.units if u.id == state.act.hero)
        assert not hero.activated and not hero.down
    standing = {u.id for u in state.units if u.placed and not u.gone and not u.down}
    return {
        (ua, ub)
        for a, ua in cells.items()
        for b, ub in cells.items()
        if ua < ub and ua in standing and ub in standing and touching(a, b)
    }


def check_contacts(pairs: set[tuple[str, str]], allowed: set[tuple[str, str]], said: str) -> set[tuple[str, str]]:
    """Units stay more than 1" apart outside a melee; a fall or a charger that cannot get clear may leave
    them in contact until one of them moves off. Returns the contacts allowed from now on."""
    if "falls" in said or "cannot get clear" in said or "Next mission" in said:
        return pairs
    new = pairs - allowed
    assert not new, f'{sorted(new)} within 1" outside a melee\n{said}'
    return pairs & allowed


def check_hidden(state: GrimState) -> None:
    """Nothing hidden reaches a public view."""
    public = G.view(state, None)
    assert public.rng.seed == 0
    for token, seen in zip(state.tokens, public.tokens, strict=True):
        if not token.revealed and not token.taken:
            assert seen.content == "?"
    assert all(u.placed for u in public.units)
    assert all(w.arrived or not w.units for w in public.waves)
    assert not public.mission.force and not public.mission.waves


def play_out(seed: int, walk: int) -> tuple[GrimState, list[tuple[int, dict]]]:
    r = random.Random(walk)
    state = setup(r, seed)
    history: list[tuple[int, dict]] = []
    allowed: set[tuple[str, str]] = set()
    for _ in range(MAX_STEPS):
        if G.outcome(state) is not None:
            break
        seat, action = choose(state, r)
        state, events = G.apply(state, seat, action)
        history.append((seat, action))
        said = "\n".join(e.text for e in events)
        allowed = check_contacts(check_invariants(state), allowed, said)
        check_hidden(state)
    return state, history


@settings(max_examples=10)
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_random_missions_keep_their_invariants_and_replay_exactly(seed: int, walk: int) -> None:
    state, history = play_out(seed, walk)
    r = random.Random(walk)
    again = setup(r, seed)
    for seat, action in history:
        again, _ = G.apply(again, seat, action)
    assert G.dumps(again) == G.dumps(state)


@settings(max_examples=6)
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_fast_legal_agrees_with_trial(seed: int, walk: int) -> None:
    """What legal() offers is exactly what apply() accepts among a sample of the candidates."""
    r = random.Random(walk)
    state = setup(r, seed)
    for _ in range(r.randint(3, 60)):
        if G.outcome(state) is not None:
            return
        seat, action = choose(state, r)
        state, _ = G.apply(state, seat, action)
    for prompt in G.pending(state):
        candidates = G.candidates(state, prompt.seat)
        legal = G.legal(state, prompt.seat)
        for action in r.sample(candidates, min(25, len(candidates))):
            try:
                G.apply(state, prompt.seat, action)
                accepted = True
            except RuleError:
                accepted = False
            assert accepted == (action in legal), f"{G.format(action)}: apply {accepted}, legal {not accepted}"


@settings(max_examples=6)
@given(seed=hs.integers(0, 2**32), other=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_refusals_and_menus_do_not_depend_on_the_seed(seed: int, other: int, walk: int) -> None:
    r = random.Random(walk)
    state = setup(r, seed)
    if other == seed:
        other += 1
    random_walk(G, state, r, r.randint(1, 60), lambda s: check_position(G, s, other, r))


@settings(max_examples=3)
@given(seed=hs.integers(0, 2**32), walk=hs.integers(0, 2**32))
def test_fast_legal_is_the_reference_legal(seed: int, walk: int) -> None:
    """At a random reachable position, legal() is exactly legal_by_trial() (every candidate apply accepts)."""
    r = random.Random(walk)
    state = setup(r, seed)
    for _ in range(r.randint(2, 40)):
        if G.outcome(state) is not None:
            return
        seat, action = choose(state, r)
        state, _ = G.apply(state, seat, action)
    for prompt in G.pending(state):
        fast, slow = G.legal(state, prompt.seat), G.legal_by_trial(state, prompt.seat)
        assert fast == slow, (
            f"only fast: {[a for a in fast if a not in slow]}\nonly slow: {[a for a in slow if a not in fast]}"
        )
