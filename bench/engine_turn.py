"""One turn of a game's engine as the service and the table ask for it, split by part (CPU time), for
the per-game micro-benchmarks (``bench.engine_endure``, ``bench.engine_quasar``)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

from rules.core import Action, GameSystem

from .stats import fastest_pass, print_split, repeats

Position = tuple[bytes, int, Action]
"""(state bytes, seat, the action played) of one decision of a seeded game."""


def turn(system: GameSystem, position: Position, spent: Counter[str], steps: list[float], seat_view: bool) -> None:
    """Replay one decision: ``apply`` and the new state's bytes (the commit), the prompts and the forced
    answer the service looks for, the deciding seat's ``legal()`` (once: the position memo), the public
    choices, the public view, buttons and labels; with ``seat_view``, the seat's own view and private
    lines and the bot's ``ai_action`` from it; then the /act autocomplete (names and another
    ``legal()``). Each part's CPU is added to ``spent``; the engine step (apply + legal) to ``steps``."""
    clock = time.process_time
    blob, seat, action = position
    state = system.loads(blob)
    t = clock()
    new, _ = system.apply(state, seat, action)
    system.dumps(new)
    system.action_label(state, action)
    spent["act: apply, dumps, label"] += clock() - t
    steps.append(clock() - t)
    t = clock()
    prompts = system.pending(new)
    for prompt in prompts:
        system.forced_action(new, prompt)
    spent["act: pending, forced"] += clock() - t
    if not prompts:
        return
    asked = prompts[0].seat
    t = clock()
    legal = system.legal(new, asked)
    spent["reply: legal"] += clock() - t
    steps[-1] += clock() - t
    t = clock()
    public = system.public_choices(new, asked, legal)
    spent["reply: public choices"] += clock() - t
    t = clock()
    shown = system.view(new, None)
    system.view(new, None)  # the board's picture asks for it too
    spent["reply: views"] += clock() - t
    t = clock()
    if public:
        for i in system.button_choices(shown, asked, public)[:29]:
            system.action_label(shown, public[i])
    spent["reply: buttons, labels"] += clock() - t
    own = None
    if seat_view:
        t = clock()
        system.status_lines(new)
        own = system.view(new, asked)
        system.private_lines(own, asked)
        spent["reply: status, own view, private lines"] += clock() - t
    t = clock()
    [system.format(a) for a in legal]
    system.legal(new, asked)
    spent["keystroke: names, legal again"] += clock() - t
    if own is not None:
        t = clock()
        system.ai_action(own, asked, 1)
        spent["bot: ai_action from the seat's view"] += clock() - t


def main_for(
    system: GameSystem,
    positions: Callable[[], list[Position]],
    argv: list[str] | None,
    doc: str | None,
    *,
    seat_view: bool,
) -> int:
    """Replay ``positions()`` ``reps`` times; print the engine step's p50/p99 (each step's fastest pass)
    and the fastest pass's split per turn."""
    reps = repeats(argv, f"python -m bench.engine_{system.id}", doc)
    played = positions()
    step_best: list[float] = []

    def one_pass() -> Counter[str]:
        nonlocal step_best
        spent: Counter[str] = Counter()
        steps: list[float] = []
        for position in played:
            turn(system, position, spent, steps, seat_view)
        step_best = steps if not step_best else [min(a, b) for a, b in zip(step_best, steps, strict=True)]
        return spent

    best = fastest_pass(reps, one_pass)
    ranked = sorted(step_best)
    p50, p99 = ranked[len(ranked) // 2], ranked[int(len(ranked) * 0.99)]
    print(f"{'engine step (apply + dumps + legal)':40} p50 {p50 * 1e6:5.0f} us, p99 {p99 * 1e6:5.0f} us")
    print_split(best, len(played))
    return 0
