"""``python -m bench.pings``: how many times a scripted first round asks a human, per game.

Every prompt that reaches a person is a ping (a mention or a DM, and perhaps a day of waiting).
Three human seats play round 1 with the game's own bot choosing for them, from their own view;
the same seeds are played with ``autopass`` off (every step is asked) and on (a step with one
sensible answer is played for the player), so the difference is what forced steps save.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core import registry

SEATS = ["ann", "ben", "cat"]
STEP_CAP = 3000


@dataclass(frozen=True)
class FirstRound:
    """Where a game's first round is and which options a careful table would pick."""

    inside: Callable[[Any, int], bool]  # (state, seats) -> still in round 1
    options: dict[str, str]


FIRST_ROUNDS: dict[str, FirstRound] = {
    # Starcadia has no rounds: each crew takes one turn in order, after the draft.
    "starcadia": FirstRound(lambda s, n: s.phase != "play" or s.turn_no <= n, {"draft": "choice"}),
    "armada": FirstRound(lambda s, n: s.round <= 1, {}),
    "endure": FirstRound(lambda s, n: s.round <= 1, {}),
    "grimdark": FirstRound(lambda s, n: s.round <= 1, {}),
    "quasar": FirstRound(lambda s, n: s.act <= 1 and s.round <= 1, {}),
}


def first_round_pings(game: str, seed: int, autopass: bool) -> int:
    """Prompts that reach a human in round 1 of ``game`` with three seats."""
    system = registry.get(game)
    rules = FIRST_ROUNDS[game]
    state = system.setup(SEATS, rules.options, seed)
    pings = 0
    for step in range(STEP_CAP):
        if system.outcome(state) is not None or not rules.inside(state, len(SEATS)):
            break
        prompts = system.pending(state)
        forced = None
        if autopass:
            forced = next(((p.seat, a) for p in prompts if (a := system.forced_action(state, p)) is not None), None)
        if forced is not None:
            state, _ = system.apply(state, *forced)
            continue
        prompt = prompts[0]
        pings += 1
        action = system.ai_action(system.view(state, prompt.seat), prompt.seat, seed * 10_000 + step)
        if action is None:
            action = system.default_action(state, prompt)
        state, _ = system.apply(state, prompt.seat, action)
    return pings


def measure(games: list[str], seeds: range) -> dict[str, dict[str, float]]:
    """Per game: pings per first round before (autopass off) and after (on), averaged over ``seeds``."""
    out: dict[str, dict[str, float]] = {}
    for game in games:
        before = sum(first_round_pings(game, seed, autopass=False) for seed in seeds)
        after = sum(first_round_pings(game, seed, autopass=True) for seed in seeds)
        out[game] = {"games": len(seeds), "before": before / len(seeds), "after": after / len(seeds)}
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.pings", description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*", default=sorted(FIRST_ROUNDS), help="game ids (default: all)")
    p.add_argument("--seeds", type=int, default=10, help="games per game id (default 10)")
    p.add_argument("--json", action="store_true", help="print JSON")
    args = p.parse_args(argv)
    unknown = [g for g in args.games if g not in FIRST_ROUNDS]
    if unknown:
        p.error(f"no first round known for {', '.join(unknown)}; games: {', '.join(sorted(FIRST_ROUNDS))}")
    result = measure(args.games, range(1, args.seeds + 1))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print("| game | pings in round 1, 3 seats (autopass off) | with autopass on (default) |")
    print("|---|---|---|")
    for game, row in result.items():
        print(f"| {game} | {row['before']:.1f} | {row['after']:.1f} |")
    print(f"\n({args.seeds} seeded games each; choices by each game's bot from the seat's own view)")


if __name__ == "__main__":
    main()
