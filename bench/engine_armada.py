"""Armada's engine over a whole turn, without the service: CPU per turn, split by what the table asks.

``python -m bench.engine_armada [reps]`` plays seeded games (the careful bot on some, random legal picks
on others, up to 250 decisions each), then replays every position as a turn: ``apply``, the new
state's bytes and the command's label, the prompts and the forced answer the service looks for (the
first ``legal()`` of the new position: the rest find it in the position memo, which is emptied before
each turn), the deciding seat's ``legal()``, the public choices, the public view, buttons and labels,
and the /act autocomplete's names and ``legal()``. Then ``legal()`` alone by kind of position, with its
p50 / p99: the placement of crew dice in a fight (the suggestion's search) is most of it. Times are
``time.process_time`` (CPU of this process only), the minimum over ``reps`` passes.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from rules.armada import SYSTEM as A
from rules.armada import memo
from rules.armada.state import State
from rules.core import Action

from .stats import fastest_split, print_split, repeats

Position = tuple[bytes, int, Action]
GAMES = (
    # (seats, options, seed, who plays)
    (1, {}, 501, "bot"),
    (2, {"difficulty": "hard"}, 502, "bot"),
    (3, {}, 503, "random"),
    (4, {"hardline": "yes"}, 504, "bot"),
    (2, {}, 505, "random"),
    (3, {"short": "yes"}, 506, "bot"),
)


def positions(limit: int = 250) -> list[Position]:
    """(state bytes, seat, the action played) for every decision of the seeded games."""
    out: list[Position] = []
    for seats, options, seed, who in GAMES:
        state = A.setup([f"p{i}" for i in range(seats)], options, seed)
        rnd = random.Random(seed)
        for step in range(limit):
            prompts = A.pending(state)
            if not prompts or A.outcome(state) is not None:
                break
            seat = prompts[0].seat
            if who == "bot":
                action = A.ai_action(A.view(state, seat), seat, seed * 7919 + step)
            else:
                legal = A.legal(state, seat)
                action = rnd.choice(legal) if legal else None
            if action is None:
                break
            out.append((A.dumps(state), seat, action))
            state, _ = A.apply(state, seat, action)
    return out


def turn(position: Position, spent: Counter[str]) -> None:
    """One turn as the service and the table ask for it, each part's CPU added to ``spent``."""
    clock = time.process_time
    memo.forget()
    blob, seat, action = position
    state = A.loads(blob)
    t = clock()
    new, _ = A.apply(state, seat, action)
    spent["act: apply"] += clock() - t
    t = clock()
    A.dumps(new)
    A.action_label(state, action)
    spent["act: dumps, label"] += clock() - t
    t = clock()
    prompts = A.pending(new)
    for prompt in prompts:
        A.forced_action(new, prompt)
    spent["act: pending, forced (first legal)"] += clock() - t
    if not prompts:
        return
    asked = prompts[0].seat
    t = clock()
    legal = A.legal(new, asked)
    public = A.public_choices(new, asked, legal)
    spent["reply: legal, public choices"] += clock() - t
    t = clock()
    shown = A.view(new, None)
    A.view(new, None)  # the board's picture asks for it too
    if public:
        for i in A.button_choices(shown, asked, public)[:29]:
            A.action_label(shown, public[i])
    spent["reply: views, buttons, labels"] += clock() - t
    t = clock()
    [A.format(a) for a in legal]
    A.legal(new, asked)
    spent["keystroke: names, legal"] += clock() - t


def _kind(state: State) -> str:
    c = state.combat
    if c is not None:
        return f"combat {c.step}"
    return "mission" if state.mission is not None else state.phase


def legal_alone(played: list[Position], reps: int) -> dict[str, list[float]]:
    """``legal()`` of each position after its command (memo emptied), minimum over ``reps``, by kind."""
    after = []
    for blob, seat, action in played:
        new, _ = A.apply(A.loads(blob), seat, action)
        prompts = A.pending(new)
        if prompts:
            after.append((A.dumps(new), prompts[0].seat, _kind(new)))
    best = [float("inf")] * len(after)
    for _ in range(reps):
        for i, (blob, seat, _kind_name) in enumerate(after):
            state = A.loads(blob)
            memo.forget()
            t = time.process_time()
            A.legal(state, seat)
            best[i] = min(best[i], time.process_time() - t)
    kinds: dict[str, list[float]] = {"all": sorted(best)}
    for (_, _, kind), seconds in zip(after, best, strict=True):
        kinds.setdefault(kind, []).append(seconds)
    return {k: sorted(v) for k, v in kinds.items()}


def main(argv: list[str] | None = None) -> int:
    reps = repeats(argv, "python -m bench.engine_armada", __doc__)
    played = positions()
    print_split(fastest_split(reps, played, turn), len(played))
    print("legal() alone, by position (p50 / p99 / mean, us):")
    for kind, times in sorted(legal_alone(played, reps).items()):
        p50, p99 = times[len(times) // 2], times[min(len(times) - 1, int(0.99 * len(times)))]
        mean = sum(times) / len(times)
        print(f"  {kind:20} n={len(times):5}  {p50 * 1e6:7.0f} / {p99 * 1e6:7.0f} / {mean * 1e6:7.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
