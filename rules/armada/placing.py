"""Placing several crew dice with one command, and the bot's suggested placement.

- :func:`play` plays a plan (:mod:`.plan`) die by die. Until something hidden comes to light (a die
  a hero's ability rolls), a placement that cannot be made refuses the whole command and nothing is
  placed; after that moment the command stops there, keeps what happened and says which dice stayed.
- :func:`suggestion` is the placement the careful captain (:mod:`.ai`) would make from this seat:
  die after die, the placement that raises :func:`rules.armada.ai.score` most, until none raises it.
  Placements that would roll a die are left out, so the suggestion is the same under any seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from rules.core import Action, RuleError, Turn
from rules.core.game import restore_in_place

from . import checks, combat, idle, plan
from .ai import score
from .candidates import candidates, placements
from .fleets import parse_station
from .helpers import dice_of, find_die, module_at, station_numbers, station_of
from .state import Die, State

SKIPPED_STATIONS = ("swap", "escape")
"""Cards the bot never puts a die on: the Swap card is a team's choice, the Escape card step 4's."""


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


def singles(state: State, seat: int, keep: Callable[[Action], bool] | None = None) -> list[Action]:
    """The single placements worth trying (not the Swap or Escape cards); ``keep``: see
    :func:`rules.armada.candidates.placements`."""
    return checks.legal(state, seat, placements(state, seat, SKIPPED_STATIONS, keep))


def legal(state: State, seat: int) -> list[Action]:
    """``checks.legal`` of :meth:`Armada.candidates` (the candidates with :func:`suggested_first`
    applied), computed once: the suggestion's first die is chosen among the legal placements
    already judged for the list."""
    listed = candidates(state, seat)
    allowed = checks.legal(state, seat, listed)
    if not any(a["type"] == "assign" for a in listed):
        return allowed
    chosen = _chosen(state, seat, allowed)
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


def _chosen(state: State, seat: int, allowed: list[Action] | None) -> list[Action]:
    """The placements of :func:`suggestion`, in order (none when no placement would help)."""
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
    for _ in range(plan.MAX_STEPS):
        found = _best(board, seat, first)
        first = None
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


def _best(board: State, seat: int, options: list[Action] | None = None) -> tuple[Action, State] | None:
    """The single placement that raises the score most, and the board after it; None if none does.
    ``options``: the board's :func:`singles`, when already known.

    Each placement is tried on its own copy of the board (decoded from one encoding). Placements
    :func:`_may_gain` rules out are left out before anything else is asked about them, and so is a
    placement alike (:func:`_alike`) to one tried before it: it would score the same, and only a
    strictly higher score replaces the best so far."""
    known: dict[tuple[object, object], bool] = {}

    def worth(action: Action) -> bool:
        key = (action.get("die"), action.get("station"))
        found = known.get(key)
        if found is None:
            found = known[key] = _may_gain(board, seat, *key)
        return found

    kinds = _kinds(board, seat)
    tried: set[tuple[object, ...]] = set()
    base = score(board)
    copy = _copier(board)
    best: tuple[Action, State] | None = None
    gain = 0.0
    for action in singles(board, seat, worth) if options is None else filter(worth, options):
        alike = _alike(kinds, action)
        if alike is not None:
            if alike in tried:
                continue
            tried.add(alike)
        trial = copy()
        turn = Turn(trial, seat)
        try:
            combat.assign(trial, seat, dict(action), turn)
        except RuleError:
            continue
        if turn.saw_hidden:  # a hero's reroll: what it gives is not known before it is played
            continue
        g = score(trial) - base
        if g > gain:
            best, gain = (action, trial), g
    return best


def _copier(board: State) -> Callable[[], State]:
    """Fresh copies of ``board`` to try placements on, decoded from one encoding. The fleets not
    being fought are shared with ``board``, not copied (on a crowded map they are half of a copy's
    work): nothing a placement does reaches them (``combat.assign`` and the shots it fires find
    their fleet with ``combat_fleet``; only the Planning and Encounter phases change the others)."""
    c = board.combat
    token = c.fleet if c is not None else None
    fought = [f for f in board.fleets if f.token == token]
    encoded = _ENCODE.encode(msgspec.structs.replace(board, fleets=fought))

    def copy() -> State:
        trial = _DECODE.decode(encoded)
        fresh = iter(trial.fleets)
        trial.fleets = [next(fresh) if f.token == token else f for f in board.fleets]
        return trial

    return copy


PLAIN_KEYS = frozenset(("type", "die", "station", "target", "action", "mode", "ally"))
"""What a placement may name to be compared with another by :func:`_alike` (no other die)."""

assert Die.__struct_fields__[0] == "id"  # a die's kind is its fields after the number

Kinds = dict[tuple[str, object], tuple[object, ...]]
"""What :func:`_alike` compares instead of a die's or a station's number: ("die", id) or
("station", number) -> everything about it but its number."""


def _kinds(board: State, seat: int) -> Kinds:
    """The board's dice, and those of ``seat``'s stations 1 to 6 that no rule tells apart by number:
    a station with a module that is not Hades' Twin Link (it feeds station 2), for a captain not
    limited to station 1 (Shadow Strike)."""
    kinds: Kinds = {}
    for die in reversed(board.dice):  # reversed: the first die of a number wins, as in ``find_die``
        if die.owner == seat and die.loc == "rolled":  # any other die refuses, whichever it is
            kinds["die", die.id] = msgspec.structs.astuple(die)[1:]
    c = board.combat
    if c is None or seat in c.shadow:
        return kinds
    player = board.players[seat]
    for number in station_numbers(player):
        module = module_at(player, number)
        if number <= 6 and module is not None and not module.effect.get("twin"):
            station = station_of(player, number)
            fields = (getattr(station, name) for name in station.__struct_fields__ if name not in ("base", "module"))
            kinds["station", number] = (module.id, *(tuple(v) if isinstance(v, list) else v for v in fields))
    return kinds


def _alike(kinds: Kinds, action: Action) -> tuple[object, ...] | None:
    """What makes two placements play alike: dice alike in everything but their number, on stations
    alike in everything but their number (the same module, used as much), with the same target, mode
    or ally. ``combat.assign`` reads the die only through those fields (its face, hero, place; the
    other rolled dice are the same but for which of the alike dice stays) and the station only
    through its module and its fields, so the two boards differ only in which die sits on which
    station, which :func:`score` cannot tell apart (it counts dice, never names them, and reads no
    station but whether it is Offline), and one refuses or draws when the other does. None when the
    action names something else (another die), or a die not on the board."""
    if not PLAIN_KEYS.issuperset(action):
        return None
    try:
        die = kinds.get(("die", action.get("die")))
        if die is None:
            return None
        raw = action.get("station")
        station = None if isinstance(raw, bool) else kinds.get(("station", raw))
        rest = sorted((k, v) for k, v in action.items() if k not in ("die", "station"))
        return (die, station or ("number", raw), *rest)
    except TypeError:  # values that cannot be hashed or compared: no shortcut
        return None


def _may_gain(board: State, seat: int, raw_die: object, raw_station: object) -> bool:
    """False for a die on a station that :func:`_best` would never choose: a placement the rules
    refuse (``combat.assign`` refuses it in the same words as ``checks``, which reject it from the
    singles), or a die that fires nothing on an online module (it waits there for more crew, and
    ``combat.assign`` only moves it and notes what the station holds: nothing :func:`score` reads,
    so the score cannot rise). True for anything else (then the placement is checked and tried)."""
    try:
        die = find_die(board, seat, raw_die)
        if die.loc != "rolled":
            return False
        number = parse_station(board, seat, raw_station)
    except RuleError:
        return False
    player = board.players[seat]
    if number not in station_numbers(player):
        return True
    module, station = module_at(player, number), station_of(player, number)
    if module is None:
        return False
    if station.offline and not module.never_offline:
        return True
    try:
        return combat.placement(board, seat, die, number, module, station)[0] > 0
    except RuleError:
        return False
