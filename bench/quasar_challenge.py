"""``python -m bench.quasar_challenge``: how many prompts a Quasar Search Challenge puts to the players.

A whole mission is played by two and by three human seats, each choosing what the game's own bot
would from its own seat's view, with ``autopass`` on (the default: a prompt with one sensible answer
is played for the player, as the session service does). Every prompt that still reaches a person is
counted, by kind, and divided by the Challenges played. Rank Cards, the Ship Phase and the like are
counted too (they are part of the mission), so the figure is "prompts per Challenge, all in".
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from rules.core import registry

SEATS = ["ann", "ben", "cat", "dee"]
STEP_CAP = 5000


def play(players: int, seed: int) -> tuple[int, Counter[str]]:
    """(Challenges played, prompts that reached a person by kind) for one scripted mission."""
    system = registry.get("quasar")
    state = system.setup(SEATS[:players], {}, seed)
    asked: Counter[str] = Counter()
    challenges = 0
    seen = ""
    for step in range(STEP_CAP):
        if system.outcome(state) is not None:
            break
        if state.challenge and state.challenge != seen:
            seen = state.challenge
            challenges += 1
        prompts = system.pending(state)
        forced = next(((p.seat, a) for p in prompts if (a := system.forced_action(state, p)) is not None), None)
        if forced is not None:
            state, _ = system.apply(state, *forced)
            continue
        prompt = prompts[0]
        asked[kind_of(prompt.text)] += 1
        action = system.ai_action(system.view(state, prompt.seat), prompt.seat, seed * 10_000 + step)
        if action is None:
            action = system.default_action(state, prompt)
        state, _ = system.apply(state, prompt.seat, action)
    return challenges, asked


def kind_of(text: str) -> str:
    """A prompt's kind from its words (the bench reads what a player reads)."""
    for word, kind in (
        ("use a card effect", "window"),
        ("Rank Card", "rank"),
        ("commit", "commit"),
        ("Boon", "boon"),
        ("Draw ", "draw"),
        ("Discard", "discard"),
        ("Demand", "demand"),
        ("order matters", "order"),
        ("Ship Phase", "refit"),
        ("Sensors", "scan"),
    ):
        if word in text:
            return kind
    return "other"


def measure(players: int, seeds: range) -> dict[str, object]:
    challenges = 0
    asked: Counter[str] = Counter()
    for seed in seeds:
        n, kinds = play(players, seed)
        challenges += n
        asked += kinds
    per = {k: round(v / challenges, 2) for k, v in sorted(asked.items())}
    return {
        "players": players,
        "games": len(seeds),
        "challenges": challenges,
        "prompts_per_challenge": round(sum(asked.values()) / challenges, 2),
        "by_kind": per,
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.quasar_challenge", description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, nargs="*", default=[2, 3], help="seats per mission (default 2 3)")
    p.add_argument("--seeds", type=int, default=20, help="missions per player count (default 20)")
    p.add_argument("--json", action="store_true", help="print JSON")
    args = p.parse_args(argv)
    rows = [measure(n, range(1, args.seeds + 1)) for n in args.players]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| players | Challenges | prompts per Challenge | of which: by kind |")
    print("|---|---:|---:|---|")
    for row in rows:
        kinds = ", ".join(f"{k} {v}" for k, v in row["by_kind"].items())  # type: ignore[union-attr]
        print(f"| {row['players']} | {row['challenges']} | {row['prompts_per_challenge']} | {kinds} |")
    print(f"\n({args.seeds} seeded missions each; every seat chooses what the bot would from its own view)")


if __name__ == "__main__":
    main()
