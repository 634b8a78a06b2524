"""The Armada game state: msgspec Structs only, JSON round-trips exactly."""

from __future__ import annotations

import typing

import msgspec

from rules.core import BaseState


class Die(msgspec.Struct, kw_only=True):
    """One crew die. ``loc`` is where it sits:

    crew (free, not rolled) | rolled (rolled this step, unassigned) | station (assigned; ``station``
    says which, 7 = Infirmary station) | infirmary | locked (drone / Lock On) | escape | mission.
    """

    id: int
    owner: int
    hero: str = ""
    face: str = ""
    loc: str = "crew"
    station: int = 0
    section: int = -1
    returned: bool = False  # brought back from the Infirmary this round: usable next round only
    home: int = -1  # the real owner while a Lupin Teleporter lends this die to an ally


class Station(msgspec.Struct, kw_only=True):
    base: str = ""  # the starting system printed on the board ("" = none)
    module: str = ""  # an installed module covering the base ("" = none)
    offline: bool = False
    held: list[str] = []  # symbols already put towards the activation in progress (this round)
    held_dice: list[int] = []  # dice waiting on it for that activation (they return if it never fires)
    partial: list[str] = []  # what that activation still lacks, for display ("T/E": either)
    uses: int = 0  # activations this combat round
    dice: int = 0  # dice put on it this combat round
    counters: int = 0


class Player(msgspec.Struct, kw_only=True):
    ship: str
    planet: str = "Terra"
    shield: int
    hull: int
    max_shield: int
    max_hull: int
    critical: bool = False
    credits: int = 0
    stations: list[Station]
    extension: list[Station] = []  # the Galactic Savior's extra stations, numbered 11-14
    storage: list[str] = []
    heroes: list[str] = []
    actions: int = 2
    done: bool = False
    free_travel: bool = True
    offer: list[str] = []
    offer_kind: str = ""  # "" | shop | hire
    guards: list[str] = []  # next enemy step: kinetic | energy | cloak
    polarity: str = ""
    rebuild: int = 0
    data: list[str] = []
    skip_planning: bool = False
    out: bool = False  # removed from the game (solo loss / Savior rules)
    scanned: bool = False  # Iris Scanners used this round


class EnemyShip(msgspec.Struct, kw_only=True):
    uid: int
    card: str  # enemy id ("?" in a view when face-down)
    revealed: bool = False
    damage: int = 0
    shields: int = 0
    timers: int = 0
    side: str = "green"


class Fleet(msgspec.Struct, kw_only=True):
    token: int
    planet: str
    ships: list[EnemyShip] = []
    fresh: bool = False  # arrived during this Encounter phase: need not be fought this round
    final: str = ""  # a Final Encounter fleet (lokust, artemis, ...)


class Beacon(msgspec.Struct, kw_only=True):
    event: int
    planet: str
    carrier: int = -1  # cargo picked up by this seat (-1 = not yet)


class Combat(msgspec.Struct, kw_only=True):
    seat: int
    members: list[int]
    frontline: int
    fleet: int
    step: str = "assign"  # assign | relay | gather | escape
    round: int = 1
    rerolls: dict[int, int] = {}
    assigned: list[int] = []  # members who assigned a die this step (no more rerolls)
    finished: list[int] = []  # members done with step 1
    stasis: list[list[int]] = []  # [uid, action index] (-1 = its passive)
    escape: dict[int, int] = {}  # seat -> matching dice on the Escape card
    swap: list[int] = []  # seats with a die on the Swap card this round
    used: list[str] = []  # once-per-round abilities used ("kino:0")
    shadow: list[int] = []  # Pale Valkyries joining from a nearby planet (Shadow Strike)
    pvp: bool = False  # a duel with the Galactic Savior (members = attacker, defender)
    turn_of: int = -1  # in a duel: whose step 1 it is
    destroyed: list[str] = []
    enemy_die: int = 0
    relay_used: bool = False
    hull_lost: list[int] = []
    knockouts: dict[int, int] = {}  # seat -> crew dice an enemy knocked out, still to be chosen by the owner
    order: list[int] = []  # uids of the fleet's ships as numbered when the fight began (numbers never shift)


class Mission(msgspec.Struct, kw_only=True):
    seat: int
    members: list[int]
    event: int
    need: list[str]  # per section: symbols still missing
    rows: list[int]  # row index of each section
    step: str = "assign"  # assign | sacrifice
    completed: bool = False  # a section was completed this roll
    row_choice: int = -1  # decision missions: the row being done
    helped: list[int] = []  # seats that helped complete a section this roll (free Try Again)
    owing: list[int] = []  # seats that must send a die to the Infirmary before the reroll
    waived: list[int] = []  # seats whose Rigsystem already waived a sacrifice
    rerolls: dict[int, int] = {}  # AI Core rerolls left this roll, per seat
    assigned: list[int] = []  # seats that placed a die this roll (no more rerolls)


class Trade(msgspec.Struct, kw_only=True):
    """A swap offered in Planning, waiting for the other captain's answer."""

    seat: int  # who offers (their Planning turn is open)
    to: int  # who is asked
    what: str  # credits | module | hero (what the offerer hands over)
    value: str
    for_what: str  # what the offerer wants back
    for_value: str


class Retreat(msgspec.Struct, kw_only=True):
    """A beaten or escaping ship picks the nearby planet it falls back to (it waits at the default)."""

    seat: int
    origin: str


class Split(msgspec.Struct, kw_only=True):
    """Credits a team shares (Team Combat scrap, a Team Away Mission's reward): a proposed split the
    team members accept (the even split to start)."""

    total: int
    what: str = "scrap"  # scrap | reward
    members: list[int]
    shares: list[int]  # credits per member, in ``members`` order
    accepted: list[int] = []


class Vote(msgspec.Struct, kw_only=True):
    """All captains settle a tie between captains (event 20's disputed claim)."""

    event: int
    credits: int
    tied: list[int]
    voters: list[int]
    votes: dict[int, int] = {}  # voter -> the tied seat they back


class State(BaseState, kw_only=True):
    round: int = 1
    players: list[Player] = []
    dice: list[Die] = []
    active: int = -1  # seat whose turn is open in Planning/Encounter (-1 = none)
    fleets: list[Fleet] = []
    beacons: list[Beacon] = []
    ongoing: list[int] = []  # event numbers in play without a token (ongoing cargo)
    bag: list[int] = []  # beacon tokens (-1 = Don't Panic)
    module_pool: list[str] = []
    upgrade_stock: list[str] = []  # hardline: upgraded modules, bought directly
    hero_deck: list[str] = []
    enemy_deck: list[str] = []
    enemy_discard: list[str] = []
    td_deck: list[str] = []
    td_discard: list[str] = []
    data_pile: list[str] = []
    fleet_tokens: list[int] = []
    next_uid: int = 1
    next_die: int = 0
    combat: Combat | None = None
    mission: Mission | None = None
    encountered: list[int] = []  # seats whose Encounter turn has ended (or who mustn't act)
    mission_done: list[int] = []  # seats that used their away mission this phase
    final: str = ""
    result: str = ""  # "" | win | loss
    reason: str = ""
    difficulty: str = "normal"
    short: bool = False
    hardline: bool = False
    solo: bool = False
    solo_bonus: bool = False  # table option solo_bonus=on: harder solo (enemies.toml [solo])
    skip_next_planning: bool = False
    bank: int = 40
    ruined: list[str] = []  # planets destroyed by Artemis V2
    relayed: list[int] = []  # seats that used Rome's Relay this Encounter phase
    keep_turn: int = -1  # seat whose Encounter turn stays open after a mission (Relay)
    savior: int = -1  # the seat turned Galactic Savior (-1 = none)
    ambushed: bool = False  # the Savior already chose whether to attack after this Planning phase
    trade: Trade | None = None  # a swap offer waiting for an answer
    retreats: list[Retreat] = []  # ships choosing where to fall back after a defeat or an escape
    split: Split | None = None  # a team's scrap split waiting for agreement
    vote: Vote | None = None  # a tie the captains settle together


FLAT_FIELDS = tuple(name for name, kind in typing.get_type_hints(State).items() if kind in (list[str], list[int]))
"""The state's lists of plain words and numbers (the seats, the log, the piles): :func:`copy_state`
copies them as lists, they are most of what decoding a copy would build."""
_NO_FLAT = {name: [] for name in FLAT_FIELDS}
_ENCODE = msgspec.msgpack.Encoder()
_DECODE = msgspec.msgpack.Decoder(State)


def copy_state(state: State) -> State:
    """A deep copy of ``state`` (nothing shared but the words and numbers, which never change): the
    structs through one msgpack round trip, the flat lists (:data:`FLAT_FIELDS`) by ``list``."""
    copy = _DECODE.decode(_ENCODE.encode(msgspec.structs.replace(state, **_NO_FLAT)))
    for name in FLAT_FIELDS:
        setattr(copy, name, list(getattr(state, name)))
    return copy
