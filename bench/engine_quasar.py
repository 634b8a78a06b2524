"""Quasar Search's engine over a whole turn, without the service: CPU per turn, split by what the table asks.

``python -m bench.engine_quasar [reps]`` plays seeded missions (random legal picks, 1 to 4 crews), then
replays every position as a turn: ``apply`` and the new state's bytes (the commit), the prompts and the
forced answer the service looks for, the deciding seat's ``legal()`` (once: the position memo), the
public choices, the public view, buttons and labels, the seat's own view and hand lines, the /act
autocomplete (names and another ``legal()``), and the bot's ``ai_action`` from that seat's view.
Times are ``time.process_time`` (CPU of this process only), the minimum over ``reps`` passes.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from rules.core import Action
from rules.quasar import SYSTEM as Q

from .stats import fastest_pass, print_split, repeats

Position = tuple[bytes, int, Action]
MISSIONS = ("first-light", "silent-running", "quasar")


def positions(limit: int = 400) -> list[Position]:
    """(state bytes, seat, the action played) for every decision of seeded games."""
    out: list[Position] = []
    for n in range(8):
        mission = MISSIONS[n % len(MISSIONS)]
        state = Q.setup([f"p{i}" for i in range(1 + n % 4)], {"mission": mission}, 700 + n)
        rnd = random.Random(n)
        for _ in range(limit):
            prompts = [p for p in Q.pending(state) if Q.legal(state, p.seat)]
            if not prompts or Q.outcome(state) is not None:
                break
            seat = prompts[0].seat
            action = rnd.choice(Q.legal(state, seat))
            out.append((Q.dumps(state), seat, action))
            state, _ = Q.apply(state, seat, action)
    return out


def turn(position: Position, spent: Counter[str], steps: list[float]) -> None:
    """One turn as the service and the table ask for it, each part's CPU added to ``spent``."""
    clock = time.process_time
    blob, seat, action = position
    state = Q.loads(blob)
    t = clock()
    new, _ = Q.apply(state, seat, action)
    Q.dumps(new)
    Q.action_label(state, action)
    spent["act: apply, dumps, label"] += clock() - t
    steps.append(clock() - t)
    t = clock()
    prompts = Q.pending(new)
    for prompt in prompts:
        Q.forced_action(new, prompt)
    spent["act: pending, forced"] += clock() - t
    if not prompts:
        return
    asked = prompts[0].seat
    t = clock()
    legal = Q.legal(new, asked)
    spent["reply: legal"] += clock() - t
    steps[-1] += clock() - t
    t = clock()
    public = Q.public_choices(new, asked, legal)
    spent["reply: public choices"] += clock() - t
    t = clock()
    shown = Q.view(new, None)
    Q.view(new, None)  # the board's picture asks for it too
    spent["reply: views"] += clock() - t
    t = clock()
    if public:
        for i in Q.button_choices(shown, asked, public)[:29]:
            Q.action_label(shown, public[i])
    spent["reply: buttons, labels"] += clock() - t
    t = clock()
    Q.status_lines(new)
    own = Q.view(new, asked)
    Q.private_lines(own, asked)
    spent["reply: status, own view, hand"] += clock() - t
    t = clock()
    [Q.format(a) for a in legal]
    Q.legal(new, asked)
    spent["keystroke: names, legal again"] += clock() - t
    t = clock()
    Q.ai_action(own, asked, 1)
    spent["bot: ai_action from the seat's view"] += clock() - t


def main(argv: list[str] | None = None) -> int:
    reps = repeats(argv, "python -m bench.engine_quasar", __doc__)
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
