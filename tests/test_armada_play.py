"""Armada: random legal games stay consistent and replay exactly."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.armada import SYSTEM
from rules.armada.helpers import dice_of

MAX_STEPS = 120


def _check(state, crew_before: dict[int, int]) -> None:
    assert SYSTEM.loads(SYSTEM.dumps(state)) == state
    assert state.bank + sum(p.credits for p in state.players) == 40
    assert state.bank >= 0
    for i, p in enumerate(state.players):
        assert 0 <= p.hull <= p.max_hull
        assert 0 <= p.shield <= p.max_shield
        assert p.credits >= 0
        assert p.actions >= 0
        mine = [d for d in state.dice if (d.home if d.home >= 0 else d.owner) == i]
        assert len(mine) == crew_before[i] + len(p.heroes)
    if SYSTEM.outcome(state) is None:
        assert SYSTEM.pending(state), SYSTEM.describe(state)
    seen = SYSTEM.view(state, None)
    for f in seen.fleets:
        assert all(s.card == "?" for s in f.ships if not s.revealed)
    assert set(seen.enemy_deck) <= {"?"}
    assert set(seen.module_pool) <= {"?"}
    assert seen.rng.seed == 0
    assert SYSTEM.describe(seen)


def play(seed: int, players: int, picks: list[int], options: dict | None = None, max_steps: int = MAX_STEPS):
    state = SYSTEM.setup([f"cap{i}" for i in range(players)], options or {}, seed)
    crew = {i: len(dice_of(state, i)) - len(state.players[i].heroes) for i in range(players)}
    history = []
    for step in range(max_steps):
        if SYSTEM.outcome(state) is not None:
            break
        prompts = SYSTEM.pending(state)
        pick = picks[step % len(picks)]
        seat = prompts[pick % len(prompts)].seat
        options_now = SYSTEM.legal(state, seat)
        assert options_now, SYSTEM.describe(state)
        action = options_now[(pick // 7) % len(options_now)]
        typed = SYSTEM.parse(SYSTEM.format(action), state, seat)
        via_text, _ = SYSTEM.apply(state, seat, typed)
        state, _ = SYSTEM.apply(state, seat, action)
        assert SYSTEM.dumps(via_text) == SYSTEM.dumps(state), SYSTEM.format(action)
        history.append((seat, action))
        _check(state, crew)
    return state, history


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=1, max_value=4),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40),
    hardline=st.booleans(),
)
def test_random_games_keep_invariants_and_replay(seed, players, picks, hardline):
    opts = {"hardline": "yes" if hardline else "no"}
    final, history = play(seed, players, picks, opts)
    again = SYSTEM.setup([f"cap{i}" for i in range(players)], opts, seed)
    for seat, action in history:
        again, _ = SYSTEM.apply(again, seat, action)
    assert SYSTEM.dumps(again) == SYSTEM.dumps(final)


@given(seed=st.integers(min_value=0, max_value=2**32))
def test_default_actions_always_apply(seed):
    """A table that only ever times out still moves the game along (and never freezes)."""
    state = SYSTEM.setup(["a", "b", "c"], {"difficulty": "hard"}, seed)
    for _ in range(300):
        if SYSTEM.outcome(state) is not None:
            break
        prompt = SYSTEM.pending(state)[0]
        state, _ = SYSTEM.apply(state, prompt.seat, SYSTEM.default_action(state, prompt))
    assert SYSTEM.outcome(state) is not None or state.round >= 2
