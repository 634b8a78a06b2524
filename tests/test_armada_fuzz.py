"""Armada: garbage from players only ever produces a RuleError and never changes the state."""

from __future__ import annotations

import contextlib

from hypothesis import given
from hypothesis import strategies as st

from rules.armada import SYSTEM
from rules.armada.engine import SCHEMA, TURN_TYPES
from rules.core import RuleError

from .test_armada_play import play
from .test_armada_support import in_combat, new_game

TYPES = sorted(set(SCHEMA) | TURN_TYPES | {"done", "gather", "escape", "relay", "accept", "giveup", "sacrifice", "x"})
KEYS = sorted(
    {k for keys in SCHEMA.values() for k in keys}
    | {"team", "frontline", "mode", "action", "ally", "hull_to_one", "crew", "face", "source"}
)
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.text(max_size=30),
    st.lists(st.one_of(st.integers(-5, 50), st.text(max_size=5)), max_size=30),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.floats(allow_nan=True),
)


@given(
    seed=st.integers(0, 1000),
    picks=st.lists(st.integers(0, 5000), min_size=1, max_size=10),
    kind=st.sampled_from(TYPES),
    values=st.dictionaries(st.sampled_from(KEYS), junk, max_size=4),
    seat=st.integers(0, 1),
)
def test_garbage_actions_only_raise_rule_errors(seed, picks, kind, values, seat):
    state, _ = play(seed, 2, picks, max_steps=50)
    if SYSTEM.outcome(state) is not None:
        return
    before = SYSTEM.dumps(state)
    with contextlib.suppress(RuleError):
        SYSTEM.apply(state, seat, {"type": kind, **values})
    assert SYSTEM.dumps(state) == before


@given(
    kind=st.sampled_from(TYPES),
    values=st.dictionaries(st.sampled_from(KEYS), junk, max_size=4),
)
def test_garbage_in_combat(kind, values):
    state = in_combat(new_game(), ["kannon", "warden"], ["T", "S", "E", "M", "C"])
    before = SYSTEM.dumps(state)
    with contextlib.suppress(RuleError):
        SYSTEM.apply(state, 0, {"type": kind, **values})
    assert SYSTEM.dumps(state) == before


@given(text=st.text(max_size=80))
def test_parse_never_crashes(text):
    state = new_game()
    try:
        action = SYSTEM.parse(text, state, 0)
        SYSTEM.apply(state, 0, action)
    except RuleError:
        pass
