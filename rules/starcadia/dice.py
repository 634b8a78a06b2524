"""Rolling the custom dice: success faces, exploding CRITs and rerolls.

``roll`` is any callable giving ``n`` faces, so tests can force the dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.core import Turn
from rules.core.grammar import plural

from .content import CONTENT

FACES = CONTENT.faces
SUCCESS = {"melee": "melee", "ranged": "ranged", "defense": "shield"}
MAX_DICE = 60  # a runaway CRIT chain stops here (practically never reached)


def is_success(face: str, kind: str) -> bool:
    return face == "crit" or face == SUCCESS[kind]


@dataclass
class RollResult:
    faces: list[str] = field(default_factory=list)
    rerolled: int = 0

    def successes(self, kind: str) -> int:
        return sum(1 for f in self.faces if is_success(f, kind))

    @property
    def crits(self) -> int:
        return self.faces.count("crit")


Roll = Callable[..., list[str]]
"""``roll(n, stage)``: ``n`` faces; ``stage`` says what the dice are for the log: ``roll`` (the roll itself),
``crit`` (bonus dice for CRITs) or ``reroll`` (missed dice rolled again)."""


def _explode(roll: Roll, first: list[str], total: list[str]) -> list[str]:
    """Add one die per CRIT, chaining; returns all new faces (first included)."""
    out = list(first)
    pending = first.count("crit")
    while pending and len(total) + len(out) < MAX_DICE:
        extra = roll(pending, "crit")
        out.extend(extra)
        pending = extra.count("crit")
    return out


def roll_pool(roll: Roll, count: int, kind: str, rerolls: int = 0) -> RollResult:
    """Roll ``count`` dice of an attack (``melee``/``ranged``) or a ``defense`` roll.

    Every CRIT adds a die, and so does every CRIT on an added die. Then up to ``rerolls``
    failed dice are rolled again; a rerolled CRIT explodes too.
    """
    result = RollResult()
    if count <= 0:
        return result
    result.faces = _explode(roll, roll(count, "roll"), [])
    misses = [i for i, f in enumerate(result.faces) if not is_success(f, kind)]
    use = min(rerolls, len(misses))
    if use:
        new = roll(use, "reroll")
        for i, face in zip(misses[:use], new, strict=True):
            result.faces[i] = face
        result.rerolled = use
        crits = [f for f in new if f == "crit"]
        if crits:
            result.faces.extend(_explode(roll, roll(len(crits), "crit"), result.faces))
    return result


def roll_words(shown: str, stage: str, n: int) -> str:
    """How the log names a roll: the roll itself as ``shown`` ("Edge attacks Weeble (weeble#1)"), then
    "…, 1 CRIT bonus die" or "…, 2 missed dice rerolled"."""
    if stage == "crit":
        return f"{shown}, {n} CRIT bonus {plural('die', n)}"
    if stage == "reroll":
        return f"{shown}, {n} missed {plural('die', n)} rerolled"
    return shown


def roller(turn: Turn, label: str, seat: int | None = None, *, shown: str = "") -> Roll:
    """The game's dice: ``n`` faces from ``turn.rng``. ``label`` names the roll (tests may replace this
    function and count rolls by it); the log says ``shown`` (who rolls against whom, else ``label``) and
    what each batch is for (:func:`roll_words`)."""

    def roll(n: int, stage: str = "roll") -> list[str]:
        if n <= 0:
            return []
        return turn.rng.roll_faces(FACES, n, label=roll_words(shown or label, stage, n), seat=seat)

    return roll
