"""Armada's moves pinned: seeded games played to the end by the careful bot and by random legal picks,
fingerprinted.

The fingerprint is a sha256 over every state (``dumps``), the ``legal()`` list asked before each
command, what the table shows for it (``public_choices``, ``button_choices``, every button's label,
the prompts with their defaults and ``forced_action``) and the narrated events (text, kind, seat and
who may see it) after it. Speed work (the placing suggestion, the checks) must leave it unchanged; a
change of the rules or of the AI that alters a move changes it, and then the new value is pinned here
on purpose, saying why.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from rules.armada import SYSTEM as S
from rules.armada.state import State
from rules.core import Action

GAMES = (
    # (seats, options, seed, who plays: "bot" or "random", decision cap)
    (1, {}, 401, "bot", 300),
    (2, {"difficulty": "hard"}, 402, "bot", 700),
    (3, {"short": "yes"}, 403, "bot", 500),
    (4, {"hardline": "yes"}, 404, "bot", 400),
    (2, {}, 405, "random", 400),
    (3, {"difficulty": "easy"}, 406, "random", 400),
)

PINNED = "b59ce1a326125d7e8b2c6bf920da0dca64379590d8a0e7cfacc28b7fb164f5b4"
"""Measured at commit 4fa4089 (before the speed work of issue 26) and unchanged by it."""


def _table(total: Any, state: State, seat: int) -> list[Action]:
    """Feed what the table would show ``seat`` now; return the legal actions."""
    legal = S.legal(state, seat)
    total.update(repr(legal).encode())
    total.update(repr(S.public_choices(state, seat)).encode())
    total.update(repr(S.button_choices(state, seat, legal)).encode())
    total.update("\n".join(S.action_label(state, a) for a in legal).encode())
    for prompt in S.pending(state):
        total.update(f"{prompt.seat}|{prompt.kind}|{prompt.text}|{prompt.default}".encode())
        total.update(repr(S.forced_action(state, prompt)).encode())
    total.update("\n".join(S.status_lines(state)).encode())
    return legal


def fingerprint() -> str:
    total = hashlib.sha256()
    for seats, options, seed, player, cap in GAMES:
        state = S.setup([f"p{i}" for i in range(seats)], options, seed)
        rng = random.Random(seed)
        for step in range(cap):
            if S.outcome(state) is not None:
                break
            seat = S.pending(state)[0].seat
            legal = _table(total, state, seat)
            if player == "bot":
                action = S.ai_action(S.view(state, seat), seat, seed * 7919 + step)
                assert action is not None
            else:
                action = rng.choice(legal)
            state, events = S.apply(state, seat, action)
            total.update(S.dumps(state))
            total.update("\n".join(f"{e.text}|{e.kind}|{e.seat}|{e.visible_to}" for e in events).encode())
        total.update(repr(S.outcome(state)).encode())
    return total.hexdigest()


def test_seeded_games_play_exactly_as_pinned() -> None:
    assert fingerprint() == PINNED


if __name__ == "__main__":
    print(fingerprint())
