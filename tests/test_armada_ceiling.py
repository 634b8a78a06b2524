"""The suggestion's ceilings (``rules.armada.ceiling``) are never below what a placement really adds to
the score: checked on every legal single placement of the fight positions of seeded games (random
legal picks, so stations, heroes and fleets vary), played on a full copy of the board."""

from __future__ import annotations

import random

import msgspec

from rules.armada import SYSTEM as S
from rules.armada import checks, combat
from rules.armada.ai import score
from rules.armada.candidates import candidates
from rules.armada.ceiling import ceilings
from rules.armada.state import State
from rules.core import RuleError, Turn

GAMES = ((3, {}, 61), (4, {"difficulty": "hard"}, 62), (2, {"hardline": "yes"}, 63), (4, {}, 64))


def _fight_positions():
    for seats, options, seed in GAMES:
        state = S.setup([f"p{i}" for i in range(seats)], options, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if S.outcome(state) is not None:
                break
            seat = S.pending(state)[0].seat
            legal = S.legal(state, seat)
            c = state.combat
            if c is not None and c.step == "assign" and not c.pvp:
                yield state, seat
            state, _ = S.apply(state, seat, rng.choice(legal))


def test_a_ceiling_is_never_below_the_gain():
    judged = 0
    for state, seat in _fight_positions():
        memo: checks.Memo = {}
        ceiling = ceilings(state, seat, memo)
        base = score(state)
        listed = [a for a in candidates(state, seat) if a["type"] == "assign"]
        for action in checks.legal(state, seat, listed, memo):
            most = ceiling(action)
            if most is None:
                continue
            trial = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
            turn = Turn(trial, seat)
            try:
                combat.assign(trial, seat, dict(action), turn)
            except RuleError:
                continue
            if not turn.saw_hidden:
                assert score(trial) - base <= most, (action, most, score(trial) - base)
                judged += 1
    assert judged >= 100
