"""A game's claim that ``legal()`` reads nothing hidden is checked on random games.

``GameSystem.legal_reads_hidden(state, seat)`` returning False lets ``public_choices`` skip playing
``legal()`` again on the public view: the buttons then go under the board without that comparison. A
wrong claim would put a hidden card's name on a public button, so wherever a game claims it, the
comparison the claim saves is made here and must hold, on seeded random games of every table setup the
secrets probe uses (random legal picks, and the bot's picks on some seats).
"""

from __future__ import annotations

import random

import pytest

from rules.core import registry

from .secrets_probe import SETUPS

GAMES = 4
STEPS = 400


def _positions(system_id: str, game: int):
    """Every (state, seat) a seeded random game passes through, with a waiting seat."""
    system = registry.get(system_id)
    r = random.Random(f"{system_id}-{game}")
    seats, options = SETUPS[system_id](r)
    state = system.setup([f"p{i}" for i in range(seats)], options, r.randrange(1 << 30))
    for _ in range(STEPS):
        if system.outcome(state) is not None:
            return
        prompts = system.pending(state)
        if not prompts:
            return
        for prompt in prompts:
            yield state, prompt.seat
        seat = r.choice(prompts).seat
        action = None
        if r.random() < 0.5:
            action = system.ai_action(system.view(state, seat), seat, r.randrange(1 << 30))
        if action is None:
            choices = system.legal(state, seat)
            if not choices:
                return
            action = r.choice(choices)
        state, _ = system.apply(state, seat, action)


@pytest.mark.parametrize("system_id", sorted(SETUPS))
def test_legal_reads_hidden_is_false_only_where_the_public_view_lists_the_same(system_id: str) -> None:
    system = registry.get(system_id)
    claimed = 0
    for game in range(GAMES):
        for state, seat in _positions(system_id, game):
            if system.legal_reads_hidden(state, seat):
                continue
            claimed += 1
            here = system.legal(state, seat)
            public = system.legal(system.view(state, None), seat)
            assert public == here, f"{system_id} game {game}: seat {seat} lists other actions from the public view"
    # every game but one hiding only its seed makes the claim somewhere (else this test checks nothing)
    assert claimed > 0, f"{system_id} never claims that legal() reads nothing hidden"
