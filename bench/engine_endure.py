"""Endure's engine over a whole turn, without the service: CPU per turn, split by what the table asks.

``python -m bench.engine_endure [reps]`` plays seeded missions (random legal picks, up to 300
decisions each), then replays every position as a turn: ``apply`` and the new state's bytes (the
commit), the prompts and the forced answer the service looks for, the deciding seat's ``legal()``
(once: the position memo), the public choices, the public view, buttons and labels, and the /act
autocomplete and Endure's own suggestions (another ``legal()``: table/endure/seat.py asks again).
Times are ``time.process_time`` (CPU of this process only), the minimum over ``reps`` passes.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from rules.core import Action
from rules.endure import SYSTEM as E

from .stats import fastest_pass, print_split, repeats

Position = tuple[bytes, int, Action]
MISSIONS = ("CG00", "CG01", "CG03", "CG05", "CG07", "CG08", "C013", "C015", "ROP17", "ROP19", "P20")


def positions(limit: int = 300) -> list[Position]:
    """(state bytes, seat, the action played) for every decision of seeded games."""
    out: list[Position] = []
    for n, mission in enumerate(MISSIONS):
        state = E.setup([f"p{i}" for i in range(1 + n % 4)], {"mission": mission}, 900 + n)
        rnd = random.Random(n)
        for _ in range(limit):
            prompts = E.pending(state)
            if not prompts or E.outcome(state) is not None:
                break
            seat = prompts[0].seat
            legal = E.legal(state, seat)
            if not legal:
                break
            action = rnd.choice(legal)
            out.append((E.dumps(state), seat, action))
            state, _ = E.apply(state, seat, action)
    return out


def turn(position: Position, spent: Counter[str], steps: list[float]) -> None:
    """One turn as the service and the table ask for it, each part's CPU added to ``spent``."""
    clock = time.process_time
    blob, seat, action = position
    state = E.loads(blob)
    t = clock()
    new, _ = E.apply(state, seat, action)
    E.dumps(new)
    E.action_label(state, action)
    spent["act: apply, dumps, label"] += clock() - t
    steps.append(clock() - t)
    t = clock()
    prompts = E.pending(new)
    for prompt in prompts:
        E.forced_action(new, prompt)
    spent["act: pending, forced"] += clock() - t
    if not prompts:
        return
    asked = prompts[0].seat
    t = clock()
    legal = E.legal(new, asked)
    spent["reply: legal"] += clock() - t
    steps[-1] += clock() - t
    t = clock()
    public = E.public_choices(new, asked, legal)
    spent["reply: public choices"] += clock() - t
    t = clock()
    shown = E.view(new, None)
    E.view(new, None)  # the board's picture asks for it too
    spent["reply: views"] += clock() - t
    t = clock()
    if public:
        for i in E.button_choices(shown, asked, public)[:29]:
            E.action_label(shown, public[i])
    spent["reply: buttons, labels"] += clock() - t
    t = clock()
    [E.format(a) for a in legal]
    E.legal(new, asked)
    spent["keystroke: names, suggestions' legal"] += clock() - t


def main(argv: list[str] | None = None) -> int:
    reps = repeats(argv, "python -m bench.engine_endure", __doc__)
    played = positions()
    step_best: list[float] = []  # each engine step's fastest time over the passes

    def one_pass() -> Counter[str]:
        nonlocal step_best
        spent: Counter[str] = Counter()
        steps: list[float] = []
        for position in played:
            turn(position, spent, steps)
        step_best = steps if not step_best else [min(a, b) for a, b in zip(step_best, steps, strict=True)]
        return spent

    best = fastest_pass(reps, one_pass)
    ranked = sorted(step_best)
    p50, p99 = ranked[len(ranked) // 2], ranked[int(len(ranked) * 0.99)]
    print(f"{'engine step (apply + dumps + legal)':40} p50 {p50 * 1e6:5.0f} us, p99 {p99 * 1e6:5.0f} us")
    print_split(best, len(played))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
