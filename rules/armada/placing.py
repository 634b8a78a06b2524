"""Placing several crew dice with one command, and the bot's suggested placement.

- :func:`play` plays a plan (:mod:`.plan`) die by die. Until something hidden comes to light (a die
  a hero's ability rolls), a placement that cannot be made refuses the whole command and nothing is
  placed; after that moment the command stops there, keeps what happened and says which dice stayed.
- :func:`suggestion` is the placement the careful captain (:mod:`.ai`) would make from this seat:
  die after die, the placement that raises :func:`rules.armada.ai.score` most, until none raises it.
  Placements that would roll a die are left out, so the suggestion is the same under any seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from rules.core import Action, RuleError, Turn
from rules.core.game import restore_in_place

from . import checks, combat, greedy, idle, plan
from .candidates import candidates
from .carry import Carry
from .greedy import SKIPPED_STATIONS
from .helpers import dice_of
from .state import State

_ENCODE = msgspec.msgpack.Encoder()
_DECODE = msgspec.msgpack.Decoder(State)


def _copy(state: State) -> State:
    return _DECODE.decode(_ENCODE.encode(state))


def play(state: State, seat: int, action: Mapping[str, Any], turn: Turn) -> None:
    """Place the plan's dice in order (see the module notes)."""
    steps = plan.steps(action)
    for index, step in enumerate(steps):
        c = state.combat
        if c is None or seat not in c.members or c.step != "assign":
            left = ", ".join(str(s["die"]) for s in steps[index:])
            turn.say(f"The fight is over before die {left} could be placed.", seat=seat)
            return
        hidden = turn.saw_hidden
        snapshot = _copy(state) if hidden else None
        told = len(turn.events)
        why = idle.reason(state, seat, step)
        try:
            checks.check(state, seat, step, deep=False)
            combat.assign(state, seat, dict(step), turn)
        except RuleError as exc:
            if snapshot is None:
                raise RuleError(f"Die {step['die']}: {exc} Nothing was placed.") from None
            restore_in_place(state, snapshot)
            del turn.events[told:]
            left = ", ".join(str(s["die"]) for s in steps[index:])
            turn.say(f"Not placed: die {left} ({str(exc).rstrip('.')}).", kind="warn", seat=seat)
            return
        if why:
            turn.say(changed_nothing(why), seat=seat)


def changed_nothing(why: str) -> str:
    """The line that tells a captain a move did nothing: "That changed nothing: your hull is full."."""
    return f"That changed nothing: {why}."


def legal(state: State, seat: int) -> list[Action]:
    """``checks.legal`` of :meth:`Armada.candidates` (the candidates with :func:`suggested_first`
    applied), computed once: the suggestion's first die is chosen among the legal placements
    already judged for the list. The candidates leave out the dice and stations the rules refuse
    (every placement of theirs would be refused): the answer only ever depends on what is legal."""
    memo: checks.Memo = {}
    judge = greedy.sieve(state, seat, memo)

    def placeable(die: object, station: object) -> bool:
        """Whether the rules let this die go on this station at all: a refused one refuses each of its
        placements (``checks`` asks the same first, then finds the answer in ``memo``)."""
        return judge(die, station) != greedy.REFUSED

    listed = candidates(state, seat, placeable)
    allowed = checks.legal(state, seat, listed, memo)
    if not any(a["type"] == "assign" for a in listed):
        return allowed
    chosen = _chosen(state, seat, allowed, memo)
    if not chosen:
        return allowed
    found = plan.plan_of(chosen, "suggested")
    steps = plan.steps(found)
    if len(steps) > 1:
        # ``checks.check_plan`` would replay the plan, checking each die on the board before it: the
        # suggestion already did exactly that (each die legal there, played without a roll), so its
        # answer is known when the plan reads back as the same placements
        if steps == chosen or checks.legal(state, seat, [found]):
            return [found, *allowed]
        return allowed
    if steps[0] not in listed:
        return allowed
    return [*(steps[:1] if steps[0] in allowed else []), *(a for a in allowed if a != steps[0])]


def suggestion(state: State, seat: int, allowed: list[Action] | None = None) -> Action | None:
    """The careful captain's whole placement for ``seat`` in step 1 as one ``suggested`` action, or
    None when no placement would help (see the module notes). ``allowed``: the legal actions of
    ``state``, when known (the first die is chosen among them)."""
    chosen = _chosen(state, seat, allowed)
    return plan.plan_of(chosen, "suggested") if chosen else None


def _chosen(state: State, seat: int, allowed: list[Action] | None, memo: checks.Memo | None = None) -> list[Action]:
    """The placements of :func:`suggestion`, in order (none when no placement would help); ``memo``:
    what ``checks.legal`` learnt when it judged ``allowed``."""
    c = state.combat
    if c is None or c.pvp or c.step != "assign" or seat not in c.members or seat in c.finished:
        return []
    if not dice_of(state, seat, "rolled"):
        return []
    board = state  # only read: each die is tried on a copy, the best copy becomes the next board
    chosen: list[Action] = []
    first = None
    if allowed is not None:
        first = [a for a in allowed if a["type"] == "assign" and a.get("station") not in SKIPPED_STATIONS]
    carry = Carry()
    for _ in range(plan.MAX_STEPS):
        found = greedy.best(board, seat, first, memo, carry)
        first = memo = None
        if found is None:
            break
        action, board = found
        chosen.append(action)
        now = board.combat
        if now is None or seat not in now.members or now.step != "assign":
            break
    return chosen


def suggested_first(state: State, seat: int, listed: list[Action]) -> list[Action]:
    """``listed`` with the suggestion first: the ``suggested`` action for several dice, or the one
    placement itself moved to the front (so the first button is what the bot would do)."""
    found = suggestion(state, seat)
    if found is None:
        return listed
    steps = plan.steps(found)
    if len(steps) > 1:
        return [found, *listed]
    return [steps[0], *(a for a in listed if a != steps[0])] if steps[0] in listed else listed
