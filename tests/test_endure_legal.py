"""Endure's legal() follows the cost rule: candidates filtered by a check that only reads the state.

The reference comparison (every candidate that ``apply`` accepts) runs for every game in
tests/test_legal_reference.py; here: legal() and check() never copy the state, change it or roll, the
checks that once needed a trial run (trades, finds, objectives) say no with the player's words, and a
refusal never waits for what a step might turn over.
"""

from __future__ import annotations

import contextlib
import random

import pytest

from rules.core import BATCH, RuleError
from rules.endure import SYSTEM as S
from rules.endure.state import EndureState

from .test_endure_render import walk
from .test_endure_support import fresh, give, place, strip, token


def positions(count: int = 6) -> list[EndureState]:
    out = []
    for k, mission in enumerate(["CG00", "CG02", "C013", "ROP16", "CG09", "P20"][:count]):
        steps = walk(mission, 1 + k % 4, seed=k, steps=80, policy="reckless")
        out += [st for st, _ in random.Random(k).sample(steps, min(4, len(steps)))]
    return out


def test_legal_and_check_never_copy_change_or_roll(monkeypatch):
    states = positions()

    def no_copy(state):
        raise AssertionError("legal() or check() copied the state")

    monkeypatch.setattr(S, "clone", no_copy)
    for st in states:
        before = S.dumps(st)
        for prompt in S.pending(st):
            for action in S.candidates(st, prompt.seat):
                with contextlib.suppress(RuleError):
                    S.check(st, prompt.seat, action)
            S.legal(st, prompt.seat)
        assert S.dumps(st) == before


def test_a_trade_the_partner_has_no_room_for_is_neither_offered_nor_allowed():
    st = fresh(2)
    strip(st, 0)
    strip(st, 1)
    give(st, 0, "pistol")
    for card in ("med-kit", "fire-axe", "stun-grenade"):
        give(st, 1, card)
    offer = {"type": "trade", "with": st.survivors[1].key, "give": ["pistol"], "take": []}
    assert offer in S.candidates(st, 0) and offer not in S.legal(st, 0)
    with pytest.raises(RuleError, match="has no room for the Pistol"):
        S.check(st, 0, offer)
    swap = {"type": "trade", "with": st.survivors[1].key, "give": ["pistol"], "take": ["med-kit"]}
    S.check(st, 0, swap)  # one for one fits


def test_keeping_a_find_needs_room_or_a_drop():
    st = fresh(1)
    strip(st, 0)
    for card in ("pistol", "med-kit", "fire-axe"):
        give(st, 0, card)
    from rules.endure.state import ItemInst

    st.survivors[0].found = [ItemInst(uid=st.next_id, card="stun-grenade")]
    st.next_id += 1
    legal = S.legal(st, 0)
    assert {"type": "keep"} not in legal and {"type": "keep", "drop": "pistol"} in legal
    with pytest.raises(RuleError, match="No room for the Stun Grenade"):
        S.check(st, 0, {"type": "keep"})


def test_a_path_is_checked_step_by_step_without_walking_it():
    st = fresh(1)
    here = st.survivors[0].zone
    legal_moves = [a["zone"] for a in S.legal(st, 0) if a["type"] == "move"]
    first = legal_moves[0]
    with pytest.raises(RuleError) as refused:
        S.check(st, 0, {"type": "move", "zones": [first, here, first, here, first, here, first, here]})
    with pytest.raises(RuleError) as played:
        S.apply(st, 0, {"type": "move", "zones": [first, here, first, here, first, here, first, here]})
    assert str(refused.value) == str(played.value)


def test_a_juggernaut_may_not_step_in_to_attack_what_only_a_reveal_could_bring():
    """Stepping into a zone turns its contacts over; whether the attack is allowed is decided before."""
    st = fresh(1, crew="engineer-a")
    s = st.survivors[0]
    strip(st, 0)
    give(st, 0, "fire-axe")
    dest = next(a["zone"] for a in S.legal(st, 0) if a["type"] == "move")
    token(st, dest, "4 swarmer")
    attack = {"type": "attack", "zone": dest, "weapon": "fire-axe", "step": dest}
    for seed in (1, 2, 3):
        st.rng.seed = seed
        with pytest.raises(RuleError, match="nothing to attack"):
            S.apply(st, 0, attack)
    place(st, "swarmer", dest)
    S.check(st, 0, attack)
    assert s.zone != dest


def test_check_of_a_compound_command_judges_its_first_part():
    st = fresh(1)
    with pytest.raises(RuleError, match="no zone"):
        S.check(st, 0, {"type": BATCH, "actions": [{"type": "move", "zone": "NOWHERE"}, {"type": "end"}]})
    S.check(st, 0, {"type": BATCH, "actions": [{"type": "end"}, {"type": "move", "zone": "NOWHERE"}]})
