"""Random legal Starcadia games: invariants after every step and exact replay."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.starcadia import SYSTEM
from rules.starcadia import board as B
from rules.starcadia import engine as E

MAX_STEPS = 120


def check_invariants(state) -> None:
    assert SYSTEM.loads(SYSTEM.dumps(state)) == state
    if state.phase != "play" and state.phase != "over":
        return
    b = E.board_of(state)
    for h in state.heroes:
        if h.dead:
            assert h.pos == ""
        else:
            assert h.pos and b.playable(B.parse_space(h.pos)), (h.id, h.pos)
            assert h.wounds < E.hero_life(h)
        assert len(h.upgrades) <= E.SLOTS
    for m in state.monsters:
        assert b.playable(B.parse_space(m.pos))
    spaces = {h.pos for h in state.heroes if h.pos} | {m.pos for m in state.monsters}
    for space in spaces:
        if not any(m.pos == space and E.mcard(m).huge for m in state.monsters):
            assert E.occupancy(state, space) <= 2, (space, SYSTEM.describe(state))
    uids = [m.uid for m in state.monsters]
    assert len(uids) == len(set(uids))
    for card in {m.card for m in state.monsters}:
        assert sum(1 for m in state.monsters if m.card == card) <= E.CONTENT.monsters[card].figures
    assert all(c.vt >= 0 for c in state.crews)
    assert len(state.deck) + len(state.discard) + (1 if state.pending_event else 0) == 30
    assert state.act.mp >= 0


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.integers(min_value=2, max_value=4),
    draft=st.sampled_from(["choice", "snake", "random"]),
    events=st.sampled_from(["auto", "choose"]),
    monsters=st.sampled_from(["bot", "player"]),
    scenario=st.sampled_from(["1", "1", "2A", "2B", "3A", "3B", "3C", "4"]),
    data=st.data(),
)
def test_random_games_keep_invariants_and_replay(seed, seats, draft, events, monsters, scenario, data):
    names = [f"P{i}" for i in range(seats)]
    opts = {"draft": draft, "events": events, "monsters": monsters, "scenario": scenario}
    opts["mode"] = "campaign" if scenario == "1" else "episodic"
    state = SYSTEM.setup(names, opts, seed)
    history = []
    for _ in range(MAX_STEPS):
        prompts = SYSTEM.pending(state)
        if not prompts:
            break
        seat = prompts[0].seat
        before = SYSTEM.dumps(state)
        options = SYSTEM.legal(state, seat)
        SYSTEM.view(state, seat)
        SYSTEM.describe(state)
        assert SYSTEM.dumps(state) == before, "queries must not change the state"
        assert options, SYSTEM.describe(state)
        action = data.draw(st.sampled_from(options))
        state, _ = SYSTEM.apply(state, seat, action)
        history.append((seat, action))
        check_invariants(state)
    replay = SYSTEM.setup(names, opts, seed)
    for seat, action in history:
        replay, _ = SYSTEM.apply(replay, seat, action)
    assert SYSTEM.dumps(replay) == SYSTEM.dumps(state)


@given(seed=st.integers(min_value=0, max_value=2**32))
def test_default_actions_always_apply(seed):
    state = SYSTEM.setup(["A", "B", "C"], {}, seed)
    for _ in range(60):
        prompts = SYSTEM.pending(state)
        if not prompts:
            break
        p = prompts[0]
        state, _ = SYSTEM.apply(state, p.seat, SYSTEM.default_action(state, p))
    assert state.phase in ("play", "over")


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12) | st.sampled_from(["C3", "edge", "S01", "portal"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
TYPES = [
    "pick",
    "claim",
    "gear",
    "prefs",
    "move",
    "attack",
    "use",
    "end",
    "rest",
    "keep",
    "take",
    "outfit",
    "route",
]
KEYS = [
    "hero",
    "path",
    "target",
    "weapon",
    "boosts",
    "gadget",
    "give",
    "place",
    "heroes",
    "slot",
    "tokens",
    "token",
    "loadout",
    "scenario",
    "reroll",
    "reaction",
]


@given(
    seed=st.integers(min_value=0, max_value=2**16),
    steps=st.integers(min_value=0, max_value=12),
    kind=st.sampled_from(TYPES),
    values=st.dictionaries(st.sampled_from(KEYS), junk, max_size=4),
    seat=st.integers(min_value=0, max_value=2),
)
def test_garbage_actions_only_raise_rule_errors(seed, steps, kind, values, seat):
    from rules.core import RuleError

    state = SYSTEM.setup(["A", "B", "C"], {"draft": "random"}, seed)
    for _ in range(steps):
        p = SYSTEM.pending(state)[0]
        state, _ = SYSTEM.apply(state, p.seat, SYSTEM.legal(state, p.seat)[-1])
    before = SYSTEM.dumps(state)
    try:
        SYSTEM.apply(state, seat, {"type": kind, **values})
    except RuleError:
        assert SYSTEM.dumps(state) == before
