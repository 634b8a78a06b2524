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

from rules.quasar import SYSTEM as Q

from .engine_turn import Position, main_for

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


def main(argv: list[str] | None = None) -> int:
    return main_for(Q, positions, argv, __doc__, seat_view=True)


if __name__ == "__main__":
    raise SystemExit(main())
