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

from rules.endure import SYSTEM as E

from .engine_turn import Position, main_for

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


def main(argv: list[str] | None = None) -> int:
    return main_for(E, positions, argv, __doc__, seat_view=False)


if __name__ == "__main__":
    raise SystemExit(main())
