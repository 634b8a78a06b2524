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


FIGHT_SHIPS = 4
FIGHT_BEFORE = 7.0
"""Armada prompts per combat round for 3 captains, measured on the code before the fight was shortened
(10 seeds, autopass on; 7.4 with it off): every die placed by its own command, each captain's
``end-step`` asked while any die could still go anywhere, and step 4 always asked."""


def armada_fight(seed: int) -> Any:
    """Round 1's Encounter with the three captains at Terra against a fleet of four ships from the
    seed's enemy deck; captain 1 engages with captains 2 and 3."""
    from rules.armada.state import EnemyShip, Fleet  # only this measure needs Armada's own state

    system = registry.get("armada")
    state = system.setup(SEATS, {}, seed)
    cards, state.enemy_deck = state.enemy_deck[:FIGHT_SHIPS], state.enemy_deck[FIGHT_SHIPS:]
    ships = [EnemyShip(uid=state.next_uid + i, card=card) for i, card in enumerate(cards)]
    state.next_uid += len(ships)
    token = state.fleet_tokens.pop(0)
    state.fleets.append(Fleet(token=token, planet="Terra", ships=ships))
    state.phase, state.active, state.encountered = "encounter", -1, []
    state, _ = system.apply(state, 0, {"type": "fight", "fleet": token, "team": [2, 3]})
    return state


def fight_pings(seed: int, autopass: bool) -> tuple[int, int]:
    """(prompts that reach a human, combat rounds) of one 3-captain Armada fight, played to its end by
    each seat's bot from its own view."""
    system = registry.get("armada")
    state = armada_fight(seed)
    pings, rounds = 0, 1
    for step in range(STEP_CAP):
        if state.combat is None or system.outcome(state) is not None:
            break
        rounds = max(rounds, state.combat.round)
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
        state, _ = system.apply(state, prompt.seat, action or system.default_action(state, prompt))
    return pings, rounds


def measure_fight(seeds: range) -> dict[str, float]:
    """Armada prompts per combat round, autopass off and on, over ``seeds`` fights."""
    out: dict[str, float] = {"games": len(seeds), "before_change": FIGHT_BEFORE}
    for autopass, key in ((False, "before"), (True, "after")):
        played = [fight_pings(seed, autopass) for seed in seeds]
        out[key] = sum(p for p, _ in played) / max(1, sum(r for _, r in played))
    return out


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
    seeds = range(1, args.seeds + 1)
    result = measure(args.games, seeds)
    fight = measure_fight(seeds) if "armada" in args.games else None
    if args.json:
        print(json.dumps({**result, **({"armada fight": fight} if fight else {})}, indent=2))
        return
    print("| game | pings in round 1, 3 seats (autopass off) | with autopass on (default) |")
    print("|---|---|---|")
    for game, row in result.items():
        print(f"| {game} | {row['before']:.1f} | {row['after']:.1f} |")
    if fight is not None:
        print(f"| armada fight, per combat round | {fight['before']:.1f} | {fight['after']:.1f} |")
        print(f"\n(armada fight: 3 captains, {FIGHT_SHIPS} enemy ships; {FIGHT_BEFORE} per round before the change)")
    print(f"\n({args.seeds} seeded games each; choices by each game's bot from the seat's own view)")


if __name__ == "__main__":
    main()
