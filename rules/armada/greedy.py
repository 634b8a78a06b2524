"""The careful captain's next die (:func:`best`): every single placement worth trying, each played
on its own copy of the board, and the one that raises :func:`rules.armada.ai.score` most.

Most of the work of ``legal()`` in a fight is here, so the search leaves out, before playing them,
the placements that provably could not be chosen (only a strictly higher score replaces the best so
far): those the rules refuse or that only leave a die waiting (``worth`` in :func:`best`), and
those alike to one already played (:func:`_alike`). The copies share the fleets not being fought
(:func:`_copier`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import msgspec

from rules.core import Action, RuleError, Turn

from . import checks, combat, idle
from .ai import score
from .candidates import placements
from .carry import Carry, Known
from .ceiling import ceilings
from .dicefit import uses
from .helpers import module_at, station_numbers, station_of
from .state import Die, Player, State, Station

SKIPPED_STATIONS = ("swap", "escape")
"""Cards the bot never puts a die on: the Swap card is a team's choice, the Escape card step 4's."""

_ENCODE = msgspec.msgpack.Encoder()
_DECODE = msgspec.msgpack.Decoder(State)


PLAIN_KEYS = frozenset(("type", "die", "station", "target", "action", "mode", "ally"))
"""What a placement may name to be compared with another by :func:`_alike` (no other die)."""

assert Die.__struct_fields__[0] == "id"  # a die's kind is its fields after the number
assert Station.__struct_fields__[:2] == ("base", "module")  # a station's kind: its module and the fields after these

Alike = tuple[object, ...]
"""What a placement is compared by (:func:`_alike`)."""

Kinds = dict[tuple[str, object], tuple[object, ...]]
"""What :func:`_alike` compares instead of a die's or a station's number: ("die", id) or
("station", number) -> everything about it but its number."""


def best(
    board: State,
    seat: int,
    options: list[Action] | None = None,
    memo: checks.Memo | None = None,
    carry: Carry | None = None,
) -> tuple[Action, State] | None:
    """The single placement that raises the score most, and the board after it; None if none does.
    ``options``: the board's legal placements (not on the Swap or Escape cards), when known;
    otherwise the placements are listed and checked here. ``memo``: what ``checks.legal`` learnt
    about this board, when it was asked. ``carry``: the sieve's answers on the search's board before
    this one (:mod:`.carry`), replaced by this board's."""
    memo = {} if memo is None else memo
    rolled = _rolled(board, seat)
    kinds = _kinds(board, seat, rolled)
    known = carry.inherited(board, seat) if carry is not None else {}
    judge = sieve(board, seat, memo, kinds, known, rolled)
    if carry is not None:
        carry.keep(board, seat, known)

    first: dict[tuple[object, object], object] = {}
    lending = _lending(board, seat)

    def worth(raw_die: object, raw_station: object) -> bool:
        """False for a die on a station that could not be chosen: a placement the rules refuse (so
        does each placement of this die there), a die that fires nothing on a module (it waits
        there for more crew: ``combat.assign`` only moves it and notes what the station holds,
        nothing :func:`score` reads), or a die alike to one listed before it on this station: each
        of its placements there is alike (:func:`_alike`) to the earlier die's, which was tried,
        left out as beaten (both count as tried) or refused by the idle and rule checks (which read
        the die only through what alike dice share, so they refuse it too). Not on a Teleporter,
        whose placements name another die (never alike)."""
        kind = kinds.get(("die", raw_die)) if type(raw_die) is int else None
        plain = kind is not None and type(raw_station) in (int, str) and raw_station not in lending
        if plain and first.setdefault((kind, raw_station), raw_die) != raw_die:
            return False
        return judge(raw_die, raw_station) > 0

    top = ceilings(board, seat, memo)
    gain = 0.0

    def beaten(action: Action) -> bool:
        """Whether ``action`` cannot add more than the best gain so far (:mod:`.ceiling`): it could
        not be chosen, so it is neither checked nor played."""
        most = top(action)
        return most is not None and most <= gain

    tried: set[Alike] = set()
    if options is None:
        listed = _singles(board, seat, worth, kinds, tried, memo, beaten)
    else:
        listed = _unseen((a for a in options if worth(a.get("die"), a.get("station"))), kinds, tried, beaten)
    base = score(board)
    copy = _copier(board)
    chosen: tuple[Action, State] | None = None
    for action, alike in listed:  # lazily: each placement is compared with those tried before it
        if alike is not None:
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
            chosen, gain = (action, trial), g
    return chosen


def _unseen(
    actions: Iterable[Action], kinds: Kinds, tried: set[Alike], beaten: Callable[[Action], bool] | None = None
) -> Iterator[tuple[Action, Alike | None]]:
    """The actions not alike to one in ``tried`` (asked as each is reached), with what they are alike
    to; those ``beaten`` (asked then) leaves out count as tried."""
    for action in actions:
        alike = _alike(kinds, action)
        if alike is not None and alike in tried:
            continue
        if beaten is not None and beaten(action):
            if alike is not None:
                tried.add(alike)
            continue
        yield action, alike


def _singles(
    board: State,
    seat: int,
    worth: Callable[[object, object], bool],
    kinds: Kinds,
    tried: set[Alike],
    memo: checks.Memo,
    beaten: Callable[[Action], bool],
) -> Iterator[tuple[Action, Alike | None]]:
    """The legal single placements (not on the Swap or Escape cards) that are not idle
    (:mod:`.idle`), in the candidates' order, leaving out first what ``worth`` (per die and station)
    and :func:`_unseen` leave out: those are never tried, so the idle and rule checks (the same as
    ``checks.legal``'s, with ``memo``) need not be asked about them."""
    idle_memo: idle.Memo = {}
    for action, alike in _unseen(placements(board, seat, SKIPPED_STATIONS, worth), kinds, tried, beaten):
        if idle.reason(board, seat, action, idle_memo) is not None:
            continue
        try:
            checks.check(board, seat, action, memo=memo)
        except RuleError:
            continue
        yield action, alike


SHARED_FIELDS = (
    "log",
    "module_pool",
    "hero_deck",
    "enemy_deck",
    "td_deck",
    "td_discard",
    "data_pile",
    "bag",
    "upgrade_stock",
)
"""The piles and the narration a placement never reads or changes (only the Planning, Encounter and
Resolution phases, ``apply`` and its log do): a copy shares them with the board it was made from."""


def _copier(board: State) -> Callable[[], State]:
    """Fresh copies of ``board`` to try placements on, decoded from one encoding (made when the first
    copy is asked for). The fleets not being fought, the captains not fighting and their crew dice,
    the beacons and :data:`SHARED_FIELDS` are shared with ``board``, not copied (they are most of a
    copy's work): nothing a placement does reaches them (``combat.assign`` and the shots it fires
    find their fleet with ``combat_fleet`` and act for, heal, roll or move Shield and crew dice of
    members of the fight only, a Teleporter lending a die to a member; only the Planning, Encounter
    and Resolution phases change the others)."""
    c = board.combat
    token = c.fleet if c is not None else None
    members = range(len(board.players)) if c is None else c.members
    encoded: list[bytes] = []
    shared = [(name, getattr(board, name)) for name in SHARED_FIELDS]

    def copy() -> State:
        if not encoded:
            fought = [f for f in board.fleets if f.token == token]
            crews = [p for i, p in enumerate(board.players) if i in members]
            dice = [d for d in board.dice if d.owner in members]
            shared_too = {name: [] for name in SHARED_FIELDS}
            slim = msgspec.structs.replace(board, fleets=fought, players=crews, dice=dice, beacons=[], **shared_too)
            encoded.append(_ENCODE.encode(slim))
        trial = _DECODE.decode(encoded[0])
        fresh = iter(trial.fleets)
        trial.fleets = [next(fresh) if f.token == token else f for f in board.fleets]
        fresh_crews = iter(trial.players)
        trial.players = [next(fresh_crews) if i in members else p for i, p in enumerate(board.players)]
        fresh_dice = iter(trial.dice)
        trial.dice = [next(fresh_dice) if d.owner in members else d for d in board.dice]
        trial.beacons = board.beacons
        for name, value in shared:
            setattr(trial, name, value)
        return trial

    return copy


REFUSED, WAITS, PLAYS = -1, 0, 1
"""What :func:`sieve` says of a die on a station."""


def sieve(
    board: State,
    seat: int,
    memo: checks.Memo,
    kinds: Kinds | None = None,
    known: Known | None = None,
    dice_rolled: dict[int, Die] | None = None,
) -> Callable[[object, object], int]:
    """What the rules say of putting a die on a station, before any target or mode: REFUSED (every
    placement of it is refused), WAITS (the die goes on a module and fires nothing yet) or PLAYS.
    Asked through ``checks.place_of`` (so the checks find the answer in ``memo``), once per
    kind of die (:func:`_kinds`, default: the board's) and station: alike dice are placed alike,
    since ``checks`` reads the die's face, hero and place and the faces of the other rolled dice
    (the same for both, the one die aside); only the refusal's words name the die. ``known``: the
    answers already known for this board (added to as they are found); ``dice_rolled``: the board's
    :func:`_rolled`, when known (``kinds``, when given, must be made from it)."""
    c = board.combat
    player = board.players[seat]
    known = {} if known is None else known
    rolled: list[dict[int, Die]] = [] if dice_rolled is None else [dice_rolled]
    dice: list[Kinds] = [] if kinds is None else [kinds]  # the board's, when first asked
    needs: dict[int, tuple[tuple[str, ...], tuple[str, ...]] | None] = {}  # station -> :func:`_needs`

    def judge(raw_die: object, raw_station: object) -> int:
        if not rolled:  # the dice are all it asks about
            rolled.append(_rolled(board, seat))
        if not dice:
            dice.append(_die_kinds(rolled[0]))
        kind = dice[0].get(("die", raw_die)) if type(raw_die) is int else None  # not True for 1
        key = (kind, raw_station) if kind is not None and type(raw_station) in (int, str) else None
        found = known.get(key) if key is not None else None
        if found is not None:
            return found
        if key is not None and type(raw_station) is int:
            if raw_station not in needs:
                needs[raw_station] = _needs(player, raw_station)
            need = needs[raw_station]
            if need is not None and not uses(*need, rolled[0][raw_die].face):  # type: ignore[index]
                known[key] = REFUSED
                return REFUSED
        try:
            placed = checks.place_of(board, c, seat, raw_die, raw_station, memo)  # type: ignore[arg-type]
            found = PLAYS if placed is None or placed[3] > 0 else WAITS
        except RuleError:
            found = REFUSED
        if key is not None:
            known[key] = found
        return found

    return judge


def _needs(player: Player, number: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """What the online module at station ``number`` requires and already holds, when a die must fit
    it: a die whose face it cannot use (``dicefit.uses``) is then refused by ``checks._place``,
    whatever else it asks first (each of its earlier checks refuses or goes on; only an Offline
    station, which an Engineering die brings back, or the Gatling, which takes no symbols, answer
    before it). None: no such station, or one of those two."""
    if number not in station_numbers(player):
        return None
    module = module_at(player, number)
    if module is None or module.kind == "gatling":
        return None
    station = station_of(player, number)
    if station.offline and not module.never_offline:
        return None
    return tuple(module.req), tuple(station.held)


def _lending(board: State, seat: int) -> set[object]:
    """``seat``'s stations holding a Lupin Teleporter (its placements name a second die)."""
    player = board.players[seat]
    out: set[object] = set()
    for number in station_numbers(player):
        module = module_at(player, number)
        if module is not None and module.kind == "teleport":
            out.add(number)
    return out


def _kinds(board: State, seat: int, rolled: dict[int, Die]) -> Kinds:
    """``seat``'s rolled dice (:func:`_rolled`: any other die refuses), and those of its stations 1
    to 6 that no rule tells apart by number: a station with a module that is not Hades' Twin Link
    (it feeds station 2), for a captain not limited to station 1 (Shadow Strike)."""
    kinds = _die_kinds(rolled)
    c = board.combat
    if c is None or seat in c.shadow:
        return kinds
    player = board.players[seat]
    for number in station_numbers(player):
        module = module_at(player, number)
        if number <= 6 and module is not None and not module.effect.get("twin"):
            fields = msgspec.structs.astuple(station_of(player, number))[2:]
            kinds["station", number] = (module.id, *(tuple(v) if isinstance(v, list) else v for v in fields))
    return kinds


def _die_kinds(rolled: dict[int, Die]) -> Kinds:
    """The dice part of :func:`_kinds`."""
    return {("die", number): msgspec.structs.astuple(die)[1:] for number, die in rolled.items()}


def _alike(kinds: Kinds, action: Action) -> Alike | None:
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


def _rolled(board: State, seat: int) -> dict[int, Die]:
    """``seat``'s rolled dice by number: those ``find_die`` finds (the first die of a number) that
    are rolled and ``seat``'s; any other number refuses, or names a die that is not rolled."""
    first: dict[int, Die] = {}
    for die in board.dice:
        first.setdefault(die.id, die)
    return {n: d for n, d in first.items() if d.owner == seat and d.loc == "rolled"}
