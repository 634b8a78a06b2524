"""Grimdark Future Star Quest game state: msgspec Structs only, JSON round-trips exactly.

Cells are ``(x, y)`` pairs counted from the top-left corner (0-based); players type them as
``F12`` (column letters, row number). A mission's whole description (:class:`MissionSpec`) is kept
in the state, so missions drawn by the campaign builder play exactly like the campaign's.
"""

from __future__ import annotations

import msgspec

from rules.core import BaseState

Cell = tuple[int, int]


class Rect(msgspec.Struct, kw_only=True):
    """A rectangle of cells, corners included."""

    x0: int
    y0: int
    x1: int
    y1: int

    def holds(self, cell: Cell) -> bool:
        return self.x0 <= cell[0] <= self.x1 and self.y0 <= cell[1] <= self.y1

    def cells(self) -> list[Cell]:
        return [(x, y) for y in range(self.y0, self.y1 + 1) for x in range(self.x0, self.x1 + 1)]


class Placement(msgspec.Struct, kw_only=True):
    """An enemy unit set up at the start: its profile and its centre cell."""

    unit: str
    at: Cell


class WaveSpec(msgspec.Struct, kw_only=True):
    """Enemies arriving at the start of ``round`` inside ``zone``."""

    round: int
    units: list[str]
    zone: Rect


class Goal(msgspec.Struct, kw_only=True):
    """What wins the mission: seize | retrieve | slay | survive (see data/grimdark/missions.toml)."""

    kind: str
    count: int = 0
    start: int = 1
    unit: str = ""
    hold: int = 0


class MissionSpec(msgspec.Struct, kw_only=True):
    """One mission as played (already fitted to the party size and the table size)."""

    key: str
    name: str
    layout: str
    rounds: int
    deploy: Rect
    exit: Rect
    goals: list[Cell]
    objectives: list[Cell]
    tokens: list[Cell]
    relic: bool
    goal: Goal
    brief: str
    force: list[Placement]
    waves: list[WaveSpec]


class Model(msgspec.Struct, kw_only=True):
    x: int
    y: int
    wounds: int = 0
    dead: bool = False

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)


class Unit(msgspec.Struct, kw_only=True):
    """A hero (one model, ``side="hero"``, ``id`` = the hero's key) or an enemy unit (``id`` like S1)."""

    id: str
    kind: str
    side: str
    models: list[Model]
    seat: int = -1
    power: int = 0
    tokens: int = 0
    statuses: list[str] = []
    shaken: bool = False
    fatigued: bool = False
    activated: bool = False
    down: bool = False
    placed: bool = True
    due: int = 0
    """An enemy Ambush unit: the round it arrives (hidden until then). A hero in reserve: 0."""
    limited: list[str] = []
    buffs: list[str] = []
    items: list[str] = []
    took: int = 0
    """Wounds taken during the current activation (the morale trigger)."""
    fear: int = 0
    """Fear bonus counted against this unit during the current activation."""
    tested: bool = False
    """It has taken a morale test this mission (for ``morale=first``)."""
    policy: dict[str, str] = {}

    def alive(self) -> list[Model]:
        return [m for m in self.models if not m.dead]

    @property
    def gone(self) -> bool:
        return all(m.dead for m in self.models)


class HeroSheet(msgspec.Struct, kw_only=True):
    """What a hero keeps between missions: its seat, experience, advances and items."""

    key: str
    seat: int
    xp: int = 0
    advances: list[str] = []
    skills: list[str] = []
    items: list[str] = []
    policy: dict[str, str] = {}


class Token(msgspec.Struct, kw_only=True):
    id: str
    x: int
    y: int
    content: str
    """What it hides ("item:medkit", "trap", "ambush:scrappers", "relic", "nothing"); "?" in views until revealed."""
    revealed: bool = False
    taken: bool = False


class Objective(msgspec.Struct, kw_only=True):
    id: str
    x: int
    y: int
    holder: str = ""
    """"" (nobody), "heroes" or "ai"."""


class Wave(msgspec.Struct, kw_only=True):
    round: int
    units: list[str]
    """Hidden ("?" per unit) in views until the wave arrives."""
    zone: Rect
    arrived: bool = False


class Activation(msgspec.Struct, kw_only=True):
    """The hero whose activation is open, and what it has used so far."""

    hero: str
    main: bool = False
    skill: bool = False
    extra: bool = False
    attacked: bool = False
    cast: list[str] = []
    actions: list[str] = []


class Ask(msgspec.Struct, kw_only=True):
    """A hero's player is asked whether to pay power to turn a failed roll into a success."""

    hero: str
    kind: str
    """skill (a failed common-skill test) or cast (a failed cast)."""
    cost: int
    action: dict[str, object]
    """The command whose roll failed (its targets are worked out again if the player pays)."""


class Mark(msgspec.Struct, kw_only=True):
    """Something the picture highlights: a move's path, a shot, a melee, an arrival, a fall."""

    kind: str
    unit: str
    cells: list[Cell]
    by: str = ""
    """"ai" for what the enemy did (its phase, its arrivals): kept until the enemy acts again, so the
    picture still shows it after the heroes' next actions; "" for a hero's action, gone at the next one."""


class GrimState(BaseState, kw_only=True):
    mode: str
    """mission (one mission), campaign (the narrative campaign) or builder (endless drawn missions)."""
    campaign: str = ""
    stage: int = 0
    mission: MissionSpec
    half: bool = False
    house: dict[str, str] = {}
    round: int = 0
    units: list[Unit] = []
    party: list[HeroSheet] = []
    tokens: list[Token] = []
    objectives: list[Objective] = []
    waves: list[Wave] = []
    act: Activation | None = None
    ask: Ask | None = None
    ready: list[int] = []
    marks: list[Mark] = []
    verdict: str = ""
    """The current mission's end: "" while it goes on, then "win" or "loss"."""
    verdict_why: str = ""
    record: list[str] = []
    """Each finished mission: "<key>:win" or "<key>:loss"."""
    next_ids: dict[str, int] = {}
    result: str = ""
    summary: str = ""
