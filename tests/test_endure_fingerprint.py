"""Endure the Stars' moves and the table's view of them pinned: seeded missions played, fingerprinted.

Some games are played by the careful bot on every seat (from each seat's own view), others by seeded
random legal picks, some of them joined two at a time into a ``/endure turn`` line (a compound
command). The fingerprint is a sha256 over, at every decision: who is prompted, each prompted seat's
``legal()``, what the table would show (``public_choices``, the ranked buttons, the labels of every
legal action on the real state and on the spectators' view, the forced answer), the spectators' view,
and after each command the new state's ``dumps`` and the narrated events (text, kind, seat and who
may see them). Speed work must leave it unchanged; a change of the rules, the AI or the words changes
it, and then the new value is pinned here on purpose, saying why.
"""

from __future__ import annotations

import hashlib
import random

from rules.core import RuleError
from rules.endure import SYSTEM as E

MISSIONS = ("CG00", "CG01", "CG02", "CG03", "CG04", "CG05", "CG06", "CG07", "CG08", "CG09", "CG10", "CG11")
MISSIONS += ("C012", "C013", "C014", "C015", "ROP16", "ROP17", "ROP18", "ROP19", "P20")
GAMES = tuple(({"mission": m}, 500 + i, 1 + i % 4, "bot") for i, m in enumerate(MISSIONS))
GAMES += tuple(({"mission": m, "survivors": "4"}, 600 + i, 1 + i % 3, "random") for i, m in enumerate(MISSIONS[::2]))
GAMES += tuple(
    ({"campaign": c}, 700 + i, 2 + i % 2, "bot") for i, c in enumerate(("terrible", "fire", "sentry", "house"))
)
STEPS = 400
"""Decisions played per game (a game that ends sooner stops there)."""

PINNED = "79c1b8e8643549acd33d98c39f6abdcdfa469dc6e451416ad874c9c81ab4a85b"
"""Measured at commit 4fa4089 (before the engine's speed work for issue 26) and unchanged by it."""


def _table(total: hashlib._Hash, state: object) -> None:
    """What the table and the service read about ``state`` besides the chosen move."""
    prompts = E.pending(state)
    total.update(repr(prompts).encode())
    spectator = E.view(state, None)
    total.update(E.dumps(spectator))
    for prompt in prompts:
        seat = prompt.seat
        legal = E.legal(state, seat)
        total.update(repr(legal).encode())
        public = E.public_choices(state, seat)
        total.update(repr(public).encode())
        total.update(repr(E.button_choices(spectator, seat, legal)).encode())
        total.update("|".join(E.action_label(state, a) for a in legal).encode())
        if public:
            total.update("|".join(E.action_label(spectator, a) for a in public).encode())
        total.update(repr(E.forced_action(state, prompt)).encode())
    total.update(repr(E.status_lines(state)).encode())
    total.update(E.describe(state).encode())


def _random_line(state: object, seat: int, rng: random.Random) -> dict:
    """A random legal command, sometimes joined with a second one legal after it (a ``turn`` line)."""
    first = rng.choice(E.legal(state, seat))
    if rng.random() >= 0.3:
        return first
    after, _ = E.apply(state, seat, first)
    if E.outcome(after) is not None or all(p.seat != seat for p in E.pending(after)):
        return first
    more = E.legal(after, seat)
    return {"type": "batch", "actions": [first, rng.choice(more)]} if more else first


def fingerprint() -> str:
    total = hashlib.sha256()
    for options, seed, players, how in GAMES:
        state = E.setup([f"p{i}" for i in range(players)], options, seed)
        rng = random.Random(seed)
        for step in range(STEPS):
            if E.outcome(state) is not None:
                break
            _table(total, state)
            prompts = [p for p in E.pending(state) if E.legal(state, p.seat)]
            seat = prompts[step % len(prompts)].seat
            if how == "bot":
                action = E.ai_action(E.view(state, seat), seat, seed * 7919 + step)
                assert action is not None
            else:
                action = _random_line(state, seat, rng)
            total.update(E.action_label(state, action).encode())
            try:
                state, events = E.apply(state, seat, action)
            except RuleError as exc:  # a line whose second part the first part's news forbids
                total.update(str(exc).encode())
                state, events = E.apply(state, seat, action["actions"][0])
            total.update(E.dumps(state))
            total.update("\n".join(f"{e.text}|{e.kind}|{e.seat}|{e.visible_to}" for e in events).encode())
        total.update(repr(E.outcome(state)).encode())
    return total.hexdigest()


def test_seeded_missions_play_exactly_as_pinned() -> None:
    assert fingerprint() == PINNED


if __name__ == "__main__":
    print(fingerprint())
