"""Armada: random legal games for 1-4 captains, played to the end, stay consistent and replay exactly.

The random captains pick uniformly among ``legal()``. Free moves (configuring at an open shipyard,
offering and withdrawing swaps) could go on forever, as at a real table; like a real host, the
driver times a captain out after ``PATIENCE`` moves in a row and plays the prompt's default.
Every game therefore ends: a Final Encounter won or the galaxy lost (60 rounds at most).

Run this file directly to count how many random games reach an Outcome:

    .venv/bin/python -m tests.test_armada_play 40
"""

from __future__ import annotations

import random
import sys

from hypothesis import given
from hypothesis import strategies as st

from rules.armada import SYSTEM
from rules.armada.helpers import dice_of
from rules.armada.state import State

MAX_STEPS = 3000  # a safety net only: every game ends well before (see the module docstring)
PATIENCE = 12  # moves in a row by one captain before the host plays their default
DIE_PLACES = {"crew", "rolled", "station", "infirmary", "locked", "escape", "mission", "gone"}  # gone: Oblivion


def _check(state: State, crew: dict[int, int]) -> None:
    assert SYSTEM.loads(SYSTEM.dumps(state)) == state
    assert state.bank >= 0 and state.bank + sum(p.credits for p in state.players) == 40
    for i, p in enumerate(state.players):
        assert 0 <= p.hull <= p.max_hull and 0 <= p.shield <= p.max_shield, (i, p)
        assert p.credits >= 0 and p.actions >= 0
        # dice are conserved: each captain's crew is their basic dice plus one per hero, wherever
        # they sit (pool, stations, Infirmary, cards), lent dice counted with their real owner
        mine = [d for d in state.dice if (d.home if d.home >= 0 else d.owner) == i]
        assert len(mine) == crew[i] + len(p.heroes), (i, len(mine))
    assert all(d.loc in DIE_PLACES for d in state.dice)
    assert len({d.id for d in state.dice}) == len(state.dice)
    c = state.combat
    if c is not None:
        assert c.frontline in c.members or not c.members
    if SYSTEM.outcome(state) is None:
        assert SYSTEM.pending(state), SYSTEM.describe(state)
    for seat in [None, *range(len(state.seats))]:
        seen = SYSTEM.view(state, seat)
        for f in seen.fleets:  # face-down enemy cards stay hidden from everyone
            assert all(s.card == "?" and s.damage == 0 for s in f.ships if not s.revealed)
        assert set(seen.enemy_deck) <= {"?"} and set(seen.module_pool) <= {"?"} and set(seen.hero_deck) <= {"?"}
        assert set(seen.data_pile) <= {"?"} and set(seen.bag) <= {0} and seen.rng.seed == 0
    assert SYSTEM.describe(SYSTEM.view(state, None))


def play_to_end(seed: int, players: int, options: dict[str, str], *, checks: bool = True):
    """A random legal game; returns the final state and the (seat, action) history."""
    rng = random.Random(seed)
    state = SYSTEM.setup([f"cap{i}" for i in range(players)], options, seed)
    crew = {i: len(dice_of(state, i)) - len(state.players[i].heroes) for i in range(players)}
    history: list[tuple[int, dict]] = []
    streak, last = 0, -1
    for step in range(MAX_STEPS):
        if SYSTEM.outcome(state) is not None:
            break
        prompts = SYSTEM.pending(state)
        prompt = rng.choice(prompts)
        seat = prompt.seat
        streak = streak + 1 if seat == last else 1
        last = seat
        if streak > PATIENCE:  # the host times the captain out
            action = SYSTEM.default_action(state, prompt)
        else:
            legal = SYSTEM.legal(state, seat)
            assert legal, SYSTEM.describe(state)
            action = rng.choice(legal)
        if checks and step % 4 == 0:  # the typed notation plays the same move
            typed = SYSTEM.parse(SYSTEM.format(action), state, seat)
            assert typed == action, SYSTEM.format(action)
            assert SYSTEM.dumps(SYSTEM.apply(state, seat, typed)[0]) == SYSTEM.dumps(
                SYSTEM.apply(state, seat, action)[0]
            ), SYSTEM.format(action)
        state, _ = SYSTEM.apply(state, seat, action)
        history.append((seat, action))
        if checks:
            _check(state, crew)
    return state, history


def play(seed: int, players: int, picks: list[int], options: dict | None = None, max_steps: int = 120):
    """A short scripted walk through legal moves (``picks`` choose seat and move), for other tests."""
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
        state, _ = SYSTEM.apply(state, seat, action)
        history.append((seat, action))
        _check(state, crew)
    return state, history


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=1, max_value=4),
    hardline=st.booleans(),
    difficulty=st.sampled_from(["easy", "normal", "hard"]),
)
def test_random_games_keep_invariants_and_replay(seed, players, hardline, difficulty):
    opts = {"hardline": "yes" if hardline else "no", "difficulty": difficulty}
    final, history = play_to_end(seed, players, opts)
    assert SYSTEM.outcome(final) is not None, SYSTEM.describe(final)
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


def count_outcomes(games: int) -> None:
    for players in (1, 2, 3, 4):
        ended, results, steps = 0, {}, []
        for seed in range(games):
            state, history = play_to_end(5000 + seed, players, {}, checks=False)
            if SYSTEM.outcome(state) is not None:
                ended += 1
            key = state.result or "unfinished"
            results[key] = results.get(key, 0) + 1
            steps.append(len(history))
        print(f"{players}p: {ended}/{games} reach an Outcome {results}, mean {sum(steps) / len(steps):.0f} moves")


if __name__ == "__main__":
    count_outcomes(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
