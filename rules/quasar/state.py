"""The state of a Quasar Search game: card instances in zones, tokens, the phase and what waits.

Every component is a :class:`Card` instance with an id (``c12``). A card is in at most one zone:
``Card.zone`` names it and the zone's list in ``QuasarState.zones`` holds the id in order (top
first); a card in no zone (``zone == ""``) is in the box. Owned zones are keyed ``<name>:<seat>``
(``hand:0``), unowned ones by their name (``warp``). Ownership of a card is never stored: it follows
from its zone, or from who put it there (``Card.by``), as the almanac says.

What happens next is a stack of :class:`Task` (``tasks[0]`` first): phases push their steps and the
next phase; a task that needs a player's decision stays on top until the decision comes.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from rules.core import BaseState


class Card(msgspec.Struct, kw_only=True, omit_defaults=True, gc=False):
    """One physical card. ``key`` is empty in a view where the card is hidden.

    Only strings, numbers and None: no cycle can run through a card, so it carries no garbage collector
    header (``gc=False``: 16 bytes less for each of a game's ~80 cards).
    """

    key: str
    zone: str = ""
    by: int | None = None
    """The player who put the card into its current zone; None for setup, Results and the rules."""
    down: bool = False
    """Face-down (an Active Project, or a Challenge set aside in the box at setup): never in play,
    nobody sees it."""
    known: bool = False
    """Everyone saw this card go where it lies, though that zone is face-down (Challenges a sweep put
    back on the scenario deck): views show it. Moving or shuffling it makes it unknown again."""
    shift: int = 0
    """Shift on this card while it confronts (gone when it leaves the Confrontation Zone)."""
    progress: int = 0
    """Progress of an Active Project."""


class Task(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One thing still to do. ``kind`` says what; the other fields depend on it."""

    kind: str
    player: int = -1
    card: str = ""
    """The card instance whose effect this is."""
    src: str = ""
    """The effect (``<card key>#<index>``) or phase this task belongs to."""
    step: int = 0
    n: int = 0
    data: list[int] = []
    text: str = ""


class Mod(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A lasting rule change made by a required or triggered effect (constants are computed live)."""

    src: str
    card: str
    player: int
    style: str
    until: str


class Resolution(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The last Challenge resolved, for the picture and the status lines."""

    challenge: str
    success: bool
    total: int
    parts: list[str] = []
    """One short verdict per target part (``Reach 8: 9 ✓``)."""


class QuasarState(BaseState, kw_only=True):
    mission: str = ""
    factions: list[str] = []
    cards: dict[str, Card] = {}
    zones: dict[str, list[str]] = {}
    glory: list[int] = []
    lessons: list[int] = []
    energy: int = 0
    morale: int = 0
    morale_start: int = 0
    act: int = 0
    round: int = 0
    challenge: str = ""
    """Instance id of the Challenge being played ("" between Challenges)."""
    wins: int = 0
    """Successes in the current Act (Results may add extra ones)."""
    rounds: list[str] = []
    """``success``/``failure`` of each Challenge of the current Act so far."""
    acts: list[str] = []
    """``success``/``failure`` of each finished Act."""
    tasks: list[Task] = []
    commits: list[list[int]] = []
    """Hand positions (1-based) each player committed; hidden from the others until all are in."""
    committed: list[bool] = []
    picks: list[int] = []
    """Position (1-based) of the Rank Card each player picked; hidden until everyone has picked."""
    picked: list[bool] = []
    used: list[str] = []
    """Triggered effects used in the open window (``<card id>#<index>``)."""
    mods: list[Mod] = []
    damage: list[int] = []
    """Crew Damage each player has taken (for the record)."""
    resolved: Resolution | None = None
    result: str = ""
    """``win`` or ``loss`` once the mission is over."""
    summary: str = ""


def owned_key(name: str, seat: int) -> str:
    return f"{name}:{seat}"


@lru_cache(maxsize=1024)
def split_key(key: str) -> tuple[str, int | None]:
    """``hand:2`` -> ("hand", 2); ``warp`` -> ("warp", None)."""
    name, sep, owner = key.partition(":")
    return (name, int(owner)) if sep else (name, None)
