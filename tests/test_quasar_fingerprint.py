"""Quasar Search's moves and the table's view of them pinned: seeded missions played to the end, fingerprinted.

Some games are played by the bot on every seat (from each seat's own view), others by seeded random
legal picks. The fingerprint is a sha256 over, at every decision: who is prompted, each prompted
seat's ``legal()``, what the table would show (``public_choices``, the ranked buttons, the labels of
every legal action on the real state and on the spectators' view, the forced answer), every view's
``dumps``, and after each command the new state's ``dumps`` and the narrated events (text, kind, seat
and who may see them). Speed work must leave it unchanged; a change of the rules, the AI or the words
changes it, and then the new value is pinned here on purpose, saying why.
"""

from __future__ import annotations

import hashlib
import random

from rules.quasar import SYSTEM as Q

GAMES = tuple(
    (mission, 400 + 10 * i + players, players, how)
    for i, mission in enumerate(("first-light", "silent-running", "quasar"))
    for players in (1, 2, 3, 4)
    for how in ("bot", "random")
)

PINNED = "f131f81bcae4edfe79e240bf352279258ea715275c739aeadc7be002da54b6a0"
"""Measured at commit 4fa4089 (before the engine's speed work for issue 26) and unchanged by it."""


def _table(total: hashlib._Hash, state: object) -> None:
    """What the table and the service read about ``state`` besides the chosen move."""
    prompts = Q.pending(state)
    total.update(repr(prompts).encode())
    spectator = Q.view(state, None)
    total.update(Q.dumps(spectator))
    for prompt in prompts:
        seat = prompt.seat
        legal = Q.legal(state, seat)
        total.update(repr(legal).encode())
        total.update(Q.dumps(Q.view(state, seat)))
        public = Q.public_choices(state, seat)
        total.update(repr(public).encode())
        total.update(repr(Q.button_choices(spectator, seat, legal)).encode())
        total.update("|".join(Q.action_label(state, a) for a in legal).encode())
        if public:
            total.update("|".join(Q.action_label(spectator, a) for a in public).encode())
        total.update(repr(Q.forced_action(state, prompt)).encode())
        total.update(repr(Q.private_lines(Q.view(state, seat), seat)).encode())
    total.update(repr(Q.status_lines(state)).encode())
    total.update(Q.describe(state).encode())


def fingerprint() -> str:
    total = hashlib.sha256()
    for mission, seed, players, how in GAMES:
        state = Q.setup([f"p{i}" for i in range(players)], {"mission": mission}, seed)
        rng = random.Random(seed)
        for step in range(5000):
            if Q.outcome(state) is not None:
                break
            _table(total, state)
            prompts = [p for p in Q.pending(state) if Q.legal(state, p.seat)]
            prompt = prompts[step % len(prompts)]
            seat = prompt.seat
            if how == "bot":
                action = Q.ai_action(Q.view(state, seat), seat, seed * 7919 + step)
                assert action is not None
            else:
                action = rng.choice(Q.legal(state, seat))
            total.update(Q.action_label(state, action).encode())
            state, events = Q.apply(state, seat, action)
            total.update(Q.dumps(state))
            total.update("\n".join(f"{e.text}|{e.kind}|{e.seat}|{e.visible_to}" for e in events).encode())
        else:
            raise AssertionError(f"{mission} seed {seed}: no end after 5000 decisions")
        total.update(repr(Q.outcome(state)).encode())
    return total.hexdigest()


def test_seeded_missions_play_exactly_as_pinned() -> None:
    assert fingerprint() == PINNED


if __name__ == "__main__":
    print(fingerprint())
