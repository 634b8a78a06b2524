"""Builders shared by the Armada tests: hand-made states and scripted dice."""

from __future__ import annotations

from rules.armada import SYSTEM
from rules.armada.helpers import dice_of
from rules.armada.state import Beacon, EnemyShip, Fleet, State
from rules.core import RuleError, Turn


class ScriptedRng:
    """Stands in for turn.rng: d6 results come from a script, everything else is plain."""

    def __init__(self, real, script: list[int]) -> None:
        self.real = real
        self.script = list(script)

    def die(self, sides: int = 6, label: str = "roll", seat=None) -> int:
        return self.script.pop(0) if self.script else self.real.die(sides, label, seat)

    def dice(self, count: int, sides: int = 6, label: str = "roll", seat=None) -> list[int]:
        return [self.die(sides, label, seat) for _ in range(count)]

    def __getattr__(self, name):
        return getattr(self.real, name)


def scripted_turn(state: State, seat: int, script: list[int]) -> Turn:
    turn = Turn(state, seat)
    turn.rng = ScriptedRng(turn.rng, script)
    return turn


def new_game(players: int = 2, ships: str = "", seed: int = 7, **opts: str) -> State:
    options = dict(opts)
    if ships:
        options["ships"] = ships
    return SYSTEM.setup([f"cap{i + 1}" for i in range(players)], options, seed)


def add_fleet(state: State, cards: list[str], planet: str = "Terra", token: int = 1, revealed=False) -> Fleet:
    ships = []
    for card in cards:
        ships.append(EnemyShip(uid=state.next_uid, card=card, revealed=revealed))
        state.next_uid += 1
    fleet = Fleet(token=token, planet=planet, ships=ships)
    state.fleets.append(fleet)
    if token in state.fleet_tokens:
        state.fleet_tokens.remove(token)
    return fleet


def to_encounter(state: State) -> State:
    state.phase = "encounter"
    state.active = -1
    state.encountered = []
    return state


def in_combat(state: State, cards: list[str], faces: list[str], seat: int = 0, team: list[int] | None = None):
    """Put ``seat`` in Combat against a fresh fleet at its planet with these rolled faces."""
    to_encounter(state)
    add_fleet(state, cards, planet=state.players[seat].planet)
    action = {"type": "fight", "fleet": 1}
    if team:
        action["team"] = [t + 1 for t in team]
    state, _ = SYSTEM.apply(state, seat, action)
    set_faces(state, seat, faces)
    return state


def set_faces(state: State, seat: int, faces: list[str]) -> None:
    """The seat's first dice show ``faces`` (rolled); any others wait unrolled in the crew."""
    free = sorted(dice_of(state, seat, "rolled", "crew"), key=lambda d: d.id)
    for i, die in enumerate(free):
        if i < len(faces):
            die.face = faces[i]
            die.loc = "rolled"
        else:
            die.face = ""
            die.loc = "crew"


def rolled_ids(state: State, seat: int = 0) -> list[int]:
    return [d.id for d in sorted(dice_of(state, seat, "rolled"), key=lambda d: d.id)]


def refused(state: State, seat: int, action: dict, fragment: str = "") -> str:
    """Apply an action that must be refused; the state must be untouched. Returns the message."""
    before = SYSTEM.dumps(state)
    try:
        SYSTEM.apply(state, seat, action)
    except RuleError as exc:
        assert SYSTEM.dumps(state) == before
        assert fragment.lower() in str(exc).lower(), str(exc)
        return str(exc)
    raise AssertionError(f"{action} was accepted")


def place_beacon(state: State, event: int, planet: str | None = None) -> None:
    from rules.armada.content import CONTENT

    state.beacons.append(Beacon(event=event, planet=planet or CONTENT.events[event].planet))
    if event in state.bag:
        state.bag.remove(event)
