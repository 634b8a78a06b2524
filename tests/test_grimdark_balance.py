"""Grimdark balance: the careful scripted party (rules/grimdark/bots.py) and win-rate measurement.

Run ``python -m tests.test_grimdark_balance [seeds] [heroes]`` to print the win rate of every mission
and of the builder's first drawn mission over seeded games (the whole party played by the bot, from
its seat's own view). The tests below check that the bot plays whole missions legally, from its view
only, and the same way twice.

Measured with the final data (wins of the first mission; builder: its first drawn mission):

    heroes   seeds     landing  vault  relay  hunt  throne  builder   all
      3      200-229     13      18     16     17     16      13     93/180  52%
      2      12 each      7       6      8      4      4       3     32/72   44%
      4      12 each      6       8      8      2      4       6     34/72   47%

One sample of 30 swings by about +-9 points on the seeds alone (the builder gave 16/30 on seeds
100-129 and 25/30 on 200-229 before its last tuning). What moved the numbers: the enemy force and the
waves of each mission per party size (``party = N`` in data/grimdark/missions.toml), the builder's
threat budgets (20/28/36), its share of waves (30%) and where it puts objectives, seize goals from
round 4, the Archon at Tou 10, and one bot fix (a hero standing on a search token picks it up). When
enemy charge reach came to be measured like every other distance (centre to centre), the AI charged
less and shot more, and the throne fell from 18 to 3 wins in 30: its Brutes and Mortar Team now come
only with 4 heroes and its round-4 wave brings no Brutes.
"""

from __future__ import annotations

import random
import sys

import pytest

from rules.grimdark import SYSTEM as G
from rules.grimdark.content import content
from rules.grimdark.state import GrimState

MEASURED = {"landing": 13, "vault": 18, "relay": 16, "hunt": 17, "throne": 16, "builder": 13}
"""Wins out of 30 with 3 heroes (seeds 200-229) at the last measurement (``main()`` prints them)."""


def play(scenario: str, seed: int, heroes: int = 3, *, first_only: bool = True) -> GrimState:
    """A game played by the careful bot on every seat; the builder stops after its first mission."""
    state = G.setup(["p0"], {"scenario": scenario, "heroes": str(heroes)}, seed)
    for step in range(3000):
        if G.outcome(state) is not None or (first_only and state.record):
            return state
        prompt = G.pending(state)[0]
        action = G.ai_action(G.view(state, prompt.seat), prompt.seat, seed * 7919 + step)
        assert action is not None
        state, _ = G.apply(state, prompt.seat, action)
    raise AssertionError(f"{scenario} seed {seed}: no end after 3000 decisions")


def won(state: GrimState) -> bool:
    return bool(state.record) and state.record[0].endswith(":win")


def test_the_careful_party_plays_legal_commands_from_its_own_view() -> None:
    r = random.Random(5)
    state = G.setup(["a", "b"], {"scenario": "vault", "heroes": "3"}, 21)
    for step in range(120):
        if G.outcome(state) is not None:
            break
        prompt = r.choice(G.pending(state))
        view = G.view(state, prompt.seat)
        action = G.ai_action(view, prompt.seat, step)
        assert action is not None
        assert G.allows(state, prompt.seat, action), G.format(action)
        assert all(t.content == "?" for t in view.tokens if not t.revealed and not t.taken)
        state, _ = G.apply(state, prompt.seat, action)


def test_the_careful_party_finishes_missions_the_same_way_twice() -> None:
    first, again = play("landing", 3), play("landing", 3)
    assert G.dumps(first) == G.dumps(again)
    assert first.record and first.verdict_why


@pytest.mark.slow
def test_the_careful_party_wins_some_and_loses_some() -> None:
    results = [won(play("throne", seed)) for seed in range(200, 206)]
    assert any(results) and not all(results)


def main(argv: list[str]) -> None:
    seeds = int(argv[1]) if len(argv) > 1 else 30
    heroes = int(argv[2]) if len(argv) > 2 else 3
    total = wins_all = 0
    for scenario in [*content().missions, "builder"]:
        wins = sum(won(play(scenario, 200 + s, heroes)) for s in range(seeds))
        total += seeds
        wins_all += wins
        print(f"{scenario:8} {wins:3}/{seeds}", flush=True)
    print(f"all      {wins_all}/{total} = {100 * wins_all / total:.0f}%")


if __name__ == "__main__":
    main(sys.argv)
