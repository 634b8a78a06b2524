"""Starcadia's moves and the table's view of them pinned: five seeded games played to the end, fingerprinted.

Two games are played by the bot on every seat (``ai_action`` from the seat's own view), three by seeded
random legal picks; between them they cover the draft, shuttles, play with every decision kind, the
upgrade phase, outfitting and the campaign's route. At every step the fingerprint takes what the bot and
the table ask the engine for: ``legal()``, ``public_choices``, the button ranking and labels, the prompts
and their forced answers; after every command the new state (``dumps``), the seat's view and the
narrated events. Speed work (remembered answers, cheaper searches) must leave it unchanged; a change of
the rules, the bot or the labels changes it, and then the new value is pinned here on purpose, saying why.
"""

from __future__ import annotations

import hashlib
import random

from rules.starcadia import SYSTEM as G

GAMES: tuple[tuple[int, dict[str, str], int, str], ...] = (
    (2, {"draft": "random", "turn_limit": "6"}, 11, "bot"),
    (3, {"draft": "snake", "monsters": "bot", "mode": "episodic", "scenario": "2A"}, 12, "bot"),
    (4, {"draft": "choice", "defence": "ask", "events": "choose", "turn_limit": "12"}, 13, "bot"),
    (2, {"draft": "random", "mode": "episodic", "scenario": "2B", "turn_limit": "30"}, 14, "random"),
    (3, {"draft": "choice", "defence": "ask", "events": "choose", "turn_limit": "8"}, 15, "random"),
)
"""(seats, table options, seed, who plays: the bot or random legal picks)."""

PINNED = "89af5a6b34afd2191a7d22f10bdd14fcd5dafd0ec0a5feb1543ce3e2718f4ddb"
"""Measured at commit 4fa4089 (before the speed work of issue 26) and unchanged by it."""


def _table_view(total: hashlib._Hash, state, seat: int) -> list[dict]:
    """Hash what a reply shows ``seat``: legal moves, public choices, ranked buttons, labels, prompts."""
    legal = G.legal(state, seat)
    total.update(repr(legal).encode())
    public = G.public_choices(state, seat)
    total.update(repr(public).encode())
    shown = G.view(state, None)
    if public:
        total.update(repr(G.button_choices(shown, seat, public)).encode())
        total.update("|".join(G.action_label(shown, a) for a in public).encode())
    total.update("|".join(G.action_label(state, a) for a in legal).encode())
    for prompt in G.pending(state):
        total.update(repr(prompt).encode())
        total.update(repr(G.forced_action(state, prompt)).encode())
    return legal


def fingerprint() -> str:
    total = hashlib.sha256()
    for seats, options, seed, player in GAMES:
        state = G.setup([f"p{i}" for i in range(seats)], options, seed)
        rnd = random.Random(seed)
        for step in range(5000):
            prompts = G.pending(state)
            if G.outcome(state) is not None or not prompts:
                break
            seat = prompts[0].seat
            legal = _table_view(total, state, seat)
            if player == "bot":
                action = G.ai_action(G.view(state, seat), seat, seed * 7919 + step)
            else:
                action = rnd.choice(legal) if legal else G.default_action(state, prompts[0])
            total.update(repr(action).encode())
            state, events = G.apply(state, seat, action)
            total.update(G.dumps(state))
            total.update(G.dumps(G.view(state, seat)))
            total.update("\n".join(f"{e.text}|{e.kind}|{e.seat}|{e.visible_to}|{e.data}" for e in events).encode())
        else:
            raise AssertionError(f"seed {seed}: no end after 5000 decisions")
        assert state.phase == "over", (seed, state.phase)
    return total.hexdigest()


def test_seeded_games_play_exactly_as_pinned() -> None:
    assert fingerprint() == PINNED


if __name__ == "__main__":
    print(fingerprint())
