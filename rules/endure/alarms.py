"""Endure the Stars: when a planned line of commands must give control back to the player.

A player may plan several steps at once (a path of zones in one ``move``, or a ``/endure turn`` line of
commands joined with ``;``). The plan was made from what the board showed, so it is only followed while
the board stays as the player saw it. It halts after the step at which:

- something hidden came to light (a radar contact turned over, a card drawn),
- enemies came into a survivor's sight who were not in it before,
- a survivor was hurt (lost health or Resolve, or fell).

What was played stays played; the steps not taken are named, so the player can decide again.
Dice rolled on the way (attacks, Resolve checks) do not halt a line by themselves: their harm does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.core import Turn

from .geometry import sight
from .state import EndureState
from .world import ename, living, sname


@dataclass(frozen=True)
class Watch:
    """What the board looked like before a step: the measure :func:`alarms` compares against."""

    revealed: int
    """How many reveals the turn had reported."""
    in_sight: dict[int, frozenset[int]]
    """Survivor index -> ids of the enemies in that survivor's sight."""
    wellbeing: dict[int, tuple[bool, int, int]]
    """Survivor index -> (alive, health, resolve)."""


def watch(st: EndureState, turn: Turn) -> Watch:
    """Take the measure of the board before a step."""
    return Watch(
        revealed=len(turn.revealed),
        in_sight={i: _enemies_seen(st, i) for i in living(st)},
        wellbeing={i: (s.alive, s.health, s.resolve) for i, s in enumerate(st.survivors)},
    )


def _enemies_seen(st: EndureState, si: int) -> frozenset[int]:
    view = sight(st, st.survivors[si].zone)
    return frozenset(e.id for e in st.enemies if e.zone in view)


def alarms(st: EndureState, turn: Turn, before: Watch) -> list[str]:
    """Why a planned line must stop after the step just played (short phrases); empty: go on."""
    reasons: list[str] = []
    new_ids: set[int] = set()
    for i in living(st):
        new_ids |= _enemies_seen(st, i) - before.in_sight.get(i, frozenset())
    kinds = Counter(e.kind for e in st.enemies if e.id in new_ids)
    if kinds:
        seen = ", ".join(ename(kind, n) if n > 1 else f"a {ename(kind)}" for kind, n in sorted(kinds.items()))
        reasons.append(f"{seen} came into sight")
    shown = Counter(turn.revealed[before.revealed :])
    if kinds:
        shown.pop("a radar contact", None)  # the enemies it held are named above
    for what, n in shown.items():
        reasons.append(_revealed(what, n))
    for i, s in enumerate(st.survivors):
        was_alive, health, resolve = before.wellbeing.get(i, (s.alive, s.health, s.resolve))
        if was_alive and not s.alive:
            reasons.append(f"{sname(s)} fell")
            continue
        if s.health < health:
            reasons.append(f"{sname(s)} lost {health - s.health} health")
        if s.resolve < resolve:
            reasons.append(f"{sname(s)} lost {resolve - s.resolve} Resolve")
    return reasons


def _revealed(what: str, n: int) -> str:
    """'a radar contact' -> 'a radar contact turned over'; 'an item card' x2 -> '2 item cards were drawn'."""
    if n > 1:
        noun = what.split(" ", 1)[1] if what.startswith(("a ", "an ")) else what
        what = f"{n} {noun}s"
    if "card" in what or "event" in what:
        return f"{what} {'were' if n > 1 else 'was'} drawn"
    return f"{what} turned over"


def line_halt(done: str, reasons: list[str], rest: list[str]) -> str:
    """Where a ``/endure turn`` line stopped (after command ``done``), why, and the commands not played."""
    return f"Stopped after `{done}`: {'; '.join(reasons)}. Your call now; not played: `{'; '.join(rest)}`."


def path_halt(who: str, zone: str, reasons: list[str], rest: list[str]) -> str:
    """Where a path of zones stopped, why, and the zones not walked (no action spent on them)."""
    return f"{who} halts in {zone}: {'; '.join(reasons)}. Not walked (no action spent): {' '.join(rest)}."
