"""Endure the Stars: random legal games keep the invariants and replay byte for byte."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from rules.core import RuleError
from rules.endure import SYSTEM as S
from rules.endure.bosses import knocked_out
from rules.endure.content import board, content
from rules.endure.following import noise_homes
from rules.endure.state import PERMANENT
from rules.endure.world import all_items, etype, models_in

from .test_endure_balance import careful_bot as careful
from .test_endure_balance import crew_for

MAX_STEPS = 160  # the short random games of the text-notation and campaign tests
GAME_CAP = 900  # a whole-mission game: only a safety net, every game is expected to end well before


def _all_items(st) -> Counter:
    """Every item card of the mission: deck, set aside, trading post, out of the game, carried, found."""
    keys = list(st.item_deck) + list(st.set_aside) + list(st.trading_post) + list(st.item_discard)
    for s in st.survivors:
        keys += [it.card for it in all_items(s)] + [it.card for it in s.found]
    return Counter(keys)


def _all_radar(st) -> Counter:
    return Counter(list(st.pool) + [t.token for t in st.radar] + list(st.radar_out) + list(st.radar_sealed))


def baseline(st) -> dict:
    return {"items": _all_items(st), "radar": _all_radar(st), "mission": st.mission}


def check_invariants(st, base: dict | None = None) -> None:
    b = board(st.mission)
    c = content()
    assert S.loads(S.dumps(st)) == st
    # zone capacity
    for z, info in b.zones.items():
        assert models_in(st, z) <= info.capacity, f"{z} holds {models_in(st, z)} > {info.capacity}"
    for s in st.survivors:
        assert s.zone in b.zones
        assert 0 <= s.resolve <= 10
        assert s.health <= s.max_health
        assert (s.health > 0) == s.alive
        assert len(s.slots) <= 3 and len(s.body) <= 1 and len(s.head) <= 1
        assert all(c.items[it.card].kind == "armour" for it in s.body)
        assert all(c.items[it.card].kind == "helmet" for it in s.head)
        for stack in s.slots:
            assert 1 <= len(stack) <= 2
            if len(stack) == 2:
                assert stack[0].card == stack[1].card and c.items[stack[0].card].dual
        assert len(s.resolve_cards) == 3
        if not s.alive:
            assert not s.slots and not s.body and not s.head and not s.found
    boss_max = {bs.enemy: bs.max_hp for bs in st.bosses}
    for e in st.enemies:
        assert e.zone in b.zones and e.hp <= boss_max.get(e.id, etype(e.kind).health)
        assert e.hp > 0 or (knocked_out(st, e) and e.hp == 0 and e.stunned)  # P20: the Primus lies at 0
    for t in st.radar:
        assert t.zone in b.zones
    zones = [n.zone for n in st.noise if n.res_round != PERMANENT]
    assert len(zones) == len(set(zones)), "one noise token per zone: only the loudest counts"
    # CG08/CG11: a following noise sits with what it follows, whenever a player can look
    following = sorted(n.zone for n in st.noise if n.res_round == PERMANENT)
    assert following == sorted(z for z, _ in noise_homes(st)) or st.phase == "over"
    for n in st.noise:
        assert n.zone in b.zones and 1 <= n.level <= 6
    # cards and tokens are conserved within a mission
    if base is not None and st.phase != "refuge":
        assert sorted(st.resolve_deck + [r.card for s in st.survivors for r in s.resolve_cards]) == sorted(c.resolve)
    held = [s.accomplishment for s in st.survivors if s.accomplishment]
    assert sorted(st.accomplishment_deck + st.accomplishment_discard + held) == sorted(c.accomplishments)
    if base is not None and base["mission"] == st.mission and st.phase != "refuge":
        assert _all_items(st) == base["items"], "item cards appeared or vanished"
        assert _all_radar(st) == base["radar"], "radar tokens appeared or vanished"
    # hidden information: radar contents, decks and unrevealed Resolve cards in every public or seat view
    for seat in [None, *range(len(st.seats))]:
        v = S.view(st, seat)
        assert all(t.token == "?" for t in v.radar)
        assert set(v.pool) <= {"?"} and set(v.radar_sealed) <= {"?"} and set(v.item_deck) <= {"?"}
        assert all(slot.card == "" for s in v.survivors for slot in s.resolve_cards if not slot.revealed)
        assert [t.zone for t in v.radar] == [t.zone for t in st.radar]
    if S.outcome(st) is None:
        p = S.pending(st)
        if st.phase != "refuge":
            assert len(p) == 1 and p[0].default in ({"type": "end"}, {"type": "answer", "accept": False})
        assert all(S.legal(st, q.seat) for q in p)


MISSIONS = list(content().missions)
POLICIES = ("careful", "mixed", "reckless")


def choose(policy: str, st, seat: int, acts: list, r: random.Random):
    """Goal-minded (the balance test's careful player), reckless (random, rarely ends a turn early) or a mix."""
    if policy == "careful" or (policy == "mixed" and r.random() < 0.75):
        return careful(st, seat, acts)
    busy = [a for a in acts if a["type"] != "end"]
    return r.choice(busy) if busy and r.random() < 0.9 else r.choice(acts)


def play(seed: int, n: int, pick_seed: int, mission: str = "CG00", policy: str = "", cap: int = MAX_STEPS):
    r = random.Random(pick_seed)
    options = {"mission": mission}
    if content().missions[mission].needs:
        options["crew"] = crew_for(mission, n)
    st = S.setup([f"p{i}" for i in range(n)], options, seed)
    base = baseline(st)
    log = []
    check_invariants(st, base)
    for _ in range(cap):
        if S.outcome(st) is not None:
            break
        seat = S.pending(st)[0].seat
        acts = S.legal(st, seat)
        if policy:
            a = choose(policy, st, seat, acts, r)
        else:
            busy = [a for a in acts if a["type"] != "end"]
            a = r.choice(busy) if busy and r.random() < 0.8 else r.choice(acts)
        try:
            st, _ = S.apply(st, seat, a)
        except RuleError as exc:  # pragma: no cover - a legal action must never be refused
            raise AssertionError(f"legal action refused: {S.format(a)}: {exc}") from exc
        log.append((seat, a))
        check_invariants(st, base)
    return st, log, options


# CI plays every mission once per example with one survivor count each (the counts 1-6 rotate over
# the missions, so all of them are played); the deep profile plays the full mission x count product.
DEEP = settings().max_examples >= 500
CASES = [(m, n) for m in MISSIONS for n in range(1, 7)] if DEEP else [(m, 1 + k % 6) for k, m in enumerate(MISSIONS)]
PER_CASE = max(1, settings().max_examples // 12)
ENDED: list[bool] = []


@pytest.mark.parametrize(("mission", "n"), CASES)
@settings(max_examples=PER_CASE)
@given(seed=hs.integers(0, 2**32), pick_seed=hs.integers(0, 2**16), policy=hs.sampled_from(POLICIES))
def test_whole_missions_keep_invariants_and_replay(mission, n, seed, pick_seed, policy):
    st, log, options = play(seed, n, pick_seed, mission, policy, GAME_CAP)
    ENDED.append(S.outcome(st) is not None)
    again = S.setup([f"p{i}" for i in range(n)], options, seed)
    for seat, a in log:
        again, _ = S.apply(again, seat, a)
    assert S.dumps(again) == S.dumps(st)


def test_whole_missions_reach_an_outcome():
    """The step cap is a safety net: nearly every whole-mission game above ends in a win or a loss."""
    if not ENDED:
        pytest.skip("run together with test_whole_missions_keep_invariants_and_replay")
    assert len(ENDED) >= len(CASES)
    assert sum(ENDED) >= 0.9 * len(ENDED), f"{sum(ENDED)}/{len(ENDED)} games ended"


def test_text_notation_replays():
    st, log, _ = play(11, 3, 5)
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
