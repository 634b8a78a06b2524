"""Starcadia's engine over a whole turn, without the service: CPU per turn, split by what the table asks.

``python -m bench.engine_starcadia [reps]`` plays six seeded two-crew games (the bench's options, random
legal picks, 400 decisions each), then replays every position as a turn: the check of whether the last
choice was public, ``apply``, the prompts, the reply's public choices, buttons and labels, the forced
answer, the /act autocomplete and the move-path suggestion. Times are ``time.process_time`` (CPU of this
process only, so other work on the machine matters little), the minimum over ``reps`` passes.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from rules.core import Action
from rules.starcadia import SYSTEM as G
from table.commands import SeatContext
from table.starcadia import suggestions

from .stats import fastest_split, print_split, repeats

Position = tuple[bytes, int, Action]


def positions(games: int = 6, limit: int = 400) -> list[Position]:
    """(state bytes, seat, the action played) for every decision of seeded games."""
    out: list[Position] = []
    for seed in range(games):
        state = G.setup(["a", "b"], {o.name: o.default for o in G.options()}, 100 + seed)
        rnd = random.Random(seed)
        for _ in range(limit):
            prompts = G.pending(state)
            if not prompts or G.outcome(state) is not None:
                break
            seat = prompts[0].seat
            action = rnd.choice(G.legal(state, seat))
            out.append((G.dumps(state), seat, action))
            state, _ = G.apply(state, seat, action)
    return out


def turn(position: Position, spent: Counter[str]) -> None:
    """One turn as the service and the table ask for it, each part's CPU added to ``spent``."""
    clock = time.process_time
    blob, seat, action = position
    t = clock()
    state = G.loads(blob)
    G.public_choices(state, seat)
    G.action_label(state, action)
    spent["before: loads, public choices, label"] += clock() - t
    t = clock()
    new, _ = G.apply(state, seat, action)
    spent["apply"] += clock() - t
    t = clock()
    prompts = G.pending(new)
    spent["pending"] += clock() - t
    if not prompts:
        return
    asked = prompts[0].seat
    t = clock()
    public = G.public_choices(new, asked)
    spent["reply: public choices (legal)"] += clock() - t
    t = clock()
    shown = G.view(new, None)
    if public:
        for i in G.button_choices(shown, asked, public)[:29]:
            G.action_label(shown, public[i])
    for prompt in prompts:
        G.forced_action(new, prompt)
    spent["reply: buttons, labels, forced"] += clock() - t
    t = clock()
    [G.format(a) for a in G.legal(new, asked)]
    spent["autocomplete: /act"] += clock() - t
    t = clock()
    suggestions._move_path(SeatContext(record=None, state=new, system=G, seat=asked), "", {})  # type: ignore[arg-type]
    spent["autocomplete: move path"] += clock() - t


def main(argv: list[str] | None = None) -> int:
    reps = repeats(argv, "python -m bench.engine_starcadia", __doc__)
    played = positions()
    print_split(fastest_split(reps, played, turn), len(played))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
