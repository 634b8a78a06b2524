"""Endure the Stars: random legal games keep the invariants and replay byte for byte."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as hs

from rules.core import RuleError
from rules.endure import SYSTEM as S
from rules.endure.content import board, content

MAX_STEPS = 160


def check_invariants(st) -> None:
    b = board(st.mission)
    assert S.loads(S.dumps(st)) == st
    for s in st.survivors:
        assert s.zone in b.zones
        assert 0 <= s.resolve <= 10
        assert s.health <= s.max_health
        assert len(s.slots) <= 3 and len(s.body) <= 1 and len(s.head) <= 1
        for stack in s.slots:
            assert 1 <= len(stack) <= 2
            if len(stack) == 2:
                assert stack[0].card == stack[1].card and content().items[stack[0].card].dual
        assert len(s.resolve_cards) == 3
        if not s.alive:
            assert not s.slots and not s.body and not s.head
    for e in st.enemies:
        assert e.zone in b.zones and e.hp > 0
    for t in st.radar:
        assert t.zone in b.zones
    for n in st.noise:
        assert n.zone in b.zones and 1 <= n.level <= 6
    v = S.view(st, None)
    assert all(t.token == "?" for t in v.radar)
    assert all(slot.card == "" for s in v.survivors for slot in s.resolve_cards if not slot.revealed)
    if S.outcome(st) is None:
        p = S.pending(st)
        assert len(p) == 1 and p[0].default in ({"type": "end"}, {"type": "answer", "accept": False})
        assert S.legal(st, p[0].seat)


MISSIONS = list(content().missions)


def play(seed: int, n: int, pick_seed: int, mission: str = "CG00"):
    r = random.Random(pick_seed)
    st = S.setup([f"p{i}" for i in range(n)], {"mission": mission}, seed)
    log = []
    check_invariants(st)
    for _ in range(MAX_STEPS):
        if S.outcome(st) is not None:
            break
        seat = S.pending(st)[0].seat
        acts = S.legal(st, seat)
        busy = [a for a in acts if a["type"] != "end"]
        a = r.choice(busy) if busy and r.random() < 0.8 else r.choice(acts)
        try:
            st, _ = S.apply(st, seat, a)
        except RuleError as exc:  # pragma: no cover - a legal action must never be refused
            raise AssertionError(f"legal action refused: {S.format(a)}: {exc}") from exc
        log.append((seat, a))
        check_invariants(st)
    return st, log


@given(hs.integers(0, 2**32), hs.integers(1, 6), hs.integers(0, 2**16), hs.sampled_from(MISSIONS))
def test_random_games_keep_invariants_and_replay(seed, n, pick_seed, mission):
    try:
        st, log = play(seed, n, pick_seed, mission)
    except RuleError as exc:  # a mission that needs a class the crew size cannot hold
        assert "needs" in str(exc)
        return
    again = S.setup([f"p{i}" for i in range(n)], {"mission": mission}, seed)
    for seat, a in log:
        again, _ = S.apply(again, seat, a)
    assert S.dumps(again) == S.dumps(st)


def test_text_notation_replays():
    st, log = play(11, 3, 5)
    again = S.setup(["p0", "p1", "p2"], {}, 11)
    for seat, a in log:
        again, _ = S.apply(again, seat, S.parse(S.format(a), again, seat))
    assert S.dumps(again) == S.dumps(st)


TYPES = [
    "move", "attack", "search", "keep", "leave", "discard", "equip", "trade", "use", "interact", "noise",
    "ability", "reward", "end", "exit", "loader", "reactivate", "salvage", "batch", "recruit", "visit", "vote",
]  # fmt: skip
KEYS = [
    "zone", "zones", "weapon", "kill", "step", "object", "item", "drop", "with", "give", "take", "objective",
    "level", "which", "target", "door", "kind", "do", "actions", "survivor", "replace", "place", "pick",
    "choice", "route",
]  # fmt: skip
VALUES = hs.one_of(
    hs.none(),
    hs.booleans(),
    hs.integers(-(10**30), 10**30),
    hs.sampled_from(["SEC-b", "SEC-w", "LAB-a", "pistol", "medic", "green", "active", "crisis", "enter", "2", ""]),
    hs.text(max_size=30),
    hs.lists(hs.sampled_from(["SEC-w", "pistol", 3, None]), max_size=4),
    hs.just(["x"] * 5000),
    hs.dictionaries(hs.text(max_size=3), hs.integers(), max_size=2),
)


@given(
    hs.lists(
        hs.tuples(hs.sampled_from(TYPES), hs.dictionaries(hs.sampled_from(KEYS), VALUES, max_size=4)),
        min_size=1,
        max_size=12,
    ),
    hs.sampled_from(["CG00", "CG01", "C013", "ROP16"]),
)
def test_garbage_actions_only_raise_rule_errors(actions, mission):
    try:
        st = S.setup(["a", "b"], {"mission": mission, "crew": "technician-a+medic-a"}, 9)
    except RuleError:
        return
    for kind, body in actions:
        action = {**body, "type": kind}
        if kind == "batch":
            action["actions"] = body.get("zones", [{"type": "end"}])
        for seat in (0, 1):
            before = S.dumps(st)
            try:
                st, _ = S.apply(st, seat, action)
            except RuleError:
                assert S.dumps(st) == before
            if S.outcome(st):
                return


@given(hs.integers(0, 2**16), hs.integers(2, 3), hs.booleans(), hs.integers(0, 2**16))
def test_random_campaign_play_through_the_refuge_replays(seed, n, kill, pick_seed):
    from .test_endure_campaign import won_cg04

    start, _ = won_cg04(n=n, kill=kill, seed=seed)
    r = random.Random(pick_seed)
    st, log = start, []
    for _ in range(80):
        if S.outcome(st) is not None:
            break
        prompts = S.pending(st)
        seat = r.choice(prompts).seat
        acts = S.legal(st, seat)
        a = r.choice(acts)
        st, _ = S.apply(st, seat, a)
        log.append((seat, a))
        assert S.loads(S.dumps(st)) == st
        if st.phase != "refuge":
            check_invariants(st)
    again = start
    for seat, a in log:
        again, _ = S.apply(again, seat, a)
    assert S.dumps(again) == S.dumps(st)
