"""The Galactic Savior: one captain turns on the others (player-versus-player Combat)."""

from __future__ import annotations

from rules.core import RuleError, Turn

from . import heroes
from .choices import fall_back
from .helpers import C, dice_of, installed, reset_ship, roll, set_critical
from .state import Combat, State, Station

SAVIOR_MODULES = ("allium-armor", "savior-lance", "savior-bulwark", "savior-engine")


def worth(state: State, seat: int) -> tuple[int, int]:
    p = state.players[seat]
    modules = sum(C.modules[m].cost for m in [s.module for s in p.stations if s.module] + p.storage)
    hero_value = sum(C.heroes[h].cost for h in p.heroes)
    return p.credits, modules + hero_value


def choose(state: State) -> int:
    for seat, p in enumerate(state.players):
        if "zero" in p.heroes:
            return seat
    return max(range(len(state.players)), key=lambda s: (*worth(state, s), -s))


def become(state: State, turn: Turn) -> None:
    seat = choose(state)
    state.savior = seat
    player = state.players[seat]
    player.extension = [Station(base=m) for m in SAVIOR_MODULES]
    turn.say(
        f"{state.seats[seat]} is revealed as the Galactic Savior and turns on the Armada! "
        "The others win by crippling that ship; the Savior wins if every other ship is crippled.",
        kind="warn",
    )


def others(state: State) -> list[int]:
    return [i for i in range(len(state.players)) if i != state.savior]


def check(state: State, turn: Turn) -> bool:
    """Apply the Savior's win conditions; True when the game ended."""
    if state.savior < 0 or state.phase == "over":
        return False
    savior = state.players[state.savior]
    if savior.critical or savior.out:
        state.phase = "over"
        state.result = "win"
        state.reason = "The Galactic Savior's ship is crippled."
        turn.say("The Galactic Savior is brought down! The Armada wins.", kind="end")
        return True
    if all(state.players[i].critical or state.players[i].out for i in others(state)):
        state.phase = "over"
        state.result = "savior"
        state.reason = "Every other ship is crippled: the Galactic Savior rules the sector."
        turn.say("The Galactic Savior stands alone. The Savior wins.", kind="end")
        return True
    return False


def remove_crippled(state: State, seat: int) -> None:
    """With the Savior in play, Critical Damage takes a ship out of the game."""
    if state.savior < 0:
        return
    p = state.players[seat]
    if p.critical and not p.out:
        p.out = True
        p.done = True
        if seat not in state.encountered:
            state.encountered.append(seat)


# -- player versus player Combat ----------------------------------------------------------------


def start(state: State, attacker: int, defender: int, turn: Turn) -> None:
    check_start(state, attacker, defender)
    state.combat = Combat(seat=attacker, members=[attacker, defender], frontline=defender, fleet=0, pvp=True)
    turn.say(f"{state.seats[attacker]} opens fire on {state.seats[defender]}!", kind="turn")
    begin_round(state, turn)


def check_start(state: State, attacker: int, defender: int) -> None:
    """Refuse a duel that may not start (only the Savior duels, on one planet, between whole ships)."""
    if state.savior not in (attacker, defender):
        raise RuleError("Only the Galactic Savior fights other captains.")
    a, d = state.players[attacker], state.players[defender]
    if a.planet != d.planet:
        raise RuleError(f"{state.seats[defender]} is not at {a.planet}.")
    if a.critical or d.critical or a.out or d.out:
        raise RuleError("A crippled ship cannot fight.")


def opponent(state: State, seat: int) -> int:
    c = state.combat
    assert c is not None
    return next(m for m in c.members if m != seat)


def _roll_side(state: State, seat: int, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    player = state.players[seat]
    for st in [*player.stations, *player.extension]:
        st.held, st.held_dice, st.partial = [], [], []
        st.uses = 0
        st.dice = 0
    free = dice_of(state, seat, "crew")
    roll(state, free, turn, f"{state.seats[seat]} rolls crew")
    heroes.combat_rolled(state, seat, free, turn)
    c.rerolls[seat] = sum(m.effect["count"] for _, m in installed(player) if m.kind == "reroll")
    c.turn_of = seat


def begin_round(state: State, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    c.step = "assign"
    c.assigned = []
    c.finished = []
    c.used = []
    _roll_side(state, c.seat, turn)


def done(state: State, seat: int, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    if c.step != "assign" or seat != c.turn_of:
        raise RuleError("It is not your step 1 in this duel.")
    c.finished.append(seat)
    if seat == c.seat:
        defender = opponent(state, seat)
        turn.say(f"{state.seats[defender]} answers in place of the enemy step.")
        _roll_side(state, defender, turn)
        return
    c.step = "gather"
    c.turn_of = c.seat


def after_hit(state: State, turn: Turn) -> None:
    """Step 3 of a duel: a crippled captain is out; the duel ends."""
    c = state.combat
    if c is None:
        return
    for seat in c.members:
        if state.players[seat].critical:
            set_critical(state, seat, turn)
            end(state, turn)
            return


def gather(state: State, seat: int, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    if c.step != "gather":
        raise RuleError("Gathering happens in step 4.")
    for m in c.members:
        heroes.all_in(state, m, turn)
        for d in dice_of(state, m, "station", "rolled"):
            d.loc = "crew"
            d.station = 0
            d.face = ""
    c.round += 1
    if c.round > 20:
        turn.say("The duel grinds to a halt; both ships pull apart.", kind="warn")
        end(state, turn)
        return
    turn.say(f"Crew gathered. Duel round {c.round}.")
    begin_round(state, turn)


def escaped(state: State, seat: int, turn: Turn) -> None:
    fall_back(state, seat, turn, "breaks away")
    end(state, turn)


def end(state: State, turn: Turn) -> None:
    c = state.combat
    assert c is not None
    for seat in c.members:
        reset_ship(state, seat)
        remove_crippled(state, seat)
    attacker = c.seat
    state.combat = None
    if state.phase == "ambush":
        state.ambushed = True
    elif attacker not in state.encountered:
        state.encountered.append(attacker)
    state.active = -1
    check(state, turn)
