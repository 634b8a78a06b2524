"""Serialisable state of a Starcadia Quest game (msgspec Structs only)."""

from __future__ import annotations

from typing import Any

import msgspec

from rules.core import BaseState


class Up(msgspec.Struct, kw_only=True):
    """One upgrade token in a hero's inventory."""

    id: str
    exhausted: bool = False


class HeroState(msgspec.Struct, kw_only=True):
    id: str
    seat: int
    pos: str = ""  # "" while off the board (dead, or not placed yet)
    wounds: int = 0
    dead: bool = False
    dazed: bool = False
    upgrades: list[Up] = []
    gadgets: list[str] = []
    quest_tokens: list[str] = []
    # Standing preferences used when this hero is attacked off-turn.
    auto_reroll: bool = True
    reaction: str = ""  # token id of a reaction to use automatically, "" for none


class MonsterState(msgspec.Struct, kw_only=True):
    uid: str  # "weeble#2"
    card: str
    designation: str
    pos: str
    wounds: int = 0
    dazed: bool = False


class CrewState(msgspec.Struct, kw_only=True):
    seat: int
    colour: str
    heroes: list[str] = []
    vt: int = 0
    shuttle: int = -1  # claimed shuttle slot index
    hacked: list[str] = []  # terminals hacked for the current hack quest
    progress: int = 0  # monsters slain for the current slay quest
    kills: int = 0
    # Campaign bookkeeping.
    total_vt: int = 0
    badges: int = 0
    new_badges: int = 0
    stash: list[str] = []  # upgrades won but not yet given to a hero
    ready: bool = False
    hand: list[str] = []  # episodic draft: the tokens this player is choosing from


class Activation(msgspec.Struct, kw_only=True):
    hero: str = ""
    mp: int = 0
    moved: bool = False
    attacked: bool = False
    sealed: bool = False  # attacked after moving: the movement block is over (rule 43)


class Record(msgspec.Struct, kw_only=True):
    """One line of the campaign sheet."""

    scenario: str
    vt: list[int]
    winners: list[int]
    badges: list[int] = []
    inventory: list[list[str]] = []


class Payback(msgspec.Struct, kw_only=True):
    """A Payback waiting for the player to the right (monsters=player)."""

    monster: str
    hero: str
    seat: int


class Wait(msgspec.Struct, kw_only=True):
    """A decision the engine waits for in the middle of play (one decision per prompt).

    kind: guard (which guarding monster attacks next), payer (which provoked monster pays back),
    monster (an event activation: path and target), shove (where a CRIT shove sends a hero),
    defend (the attacked hero's reaction and rerolls, with defence=ask).
    """

    kind: str
    seat: int
    monster: str = ""
    hero: str = ""
    options: list[str] = []  # guard/payer: monster uids; shove: spaces
    why: str = ""


class Task(msgspec.Struct, kw_only=True):
    """Work the engine still owes once the current Wait is answered (a stack, last first).

    kind: move (the rest of a hero's path), mmove (the rest of a Huge monster's walk after a push
    decision), strike (a monster attack), attack (a hero attack
    waiting for the defender), payback_over (a killed monster leaves after its Payback; payback_end in
    states saved before kills were counted at once), effect (an event card's bottom half), advance,
    after_hero.
    """

    kind: str
    hero: str = ""
    monster: str = ""
    ops: list[list[str]] = []
    guards: list[str] = []
    start: str = ""
    picked: str = ""
    asked: bool = False
    why: str = ""
    seat: int = -1
    card: str = ""
    trail: list[str] = []
    action: dict[str, Any] = {}


class StarState(BaseState, kw_only=True):
    scenario: str = "1"
    mode: str = "campaign"
    draft: str = "choice"
    monster_control: str = "player"  # player: the controller is prompted; bot: the fixed policy runs
    defence: str = "prefs"  # prefs: standing per-hero preferences; ask: prompt the defending player
    wait: Wait | None = None
    todo: list[Task] = []
    answers: dict[str, str] = {}  # hero id -> "reaction id|on/off", a live defence answer not yet used
    event_mode: str = "auto"  # auto: the engine makes the active player's event choices; choose: they do
    pending_event: str = ""  # event card waiting for the active player's choices
    payback: Payback | None = None
    first: int = 0
    current: int = 0
    order: list[int] = []  # draft or shuttle-claim order
    order_pos: int = 0
    tiles: list[str] = []
    crews: list[CrewState] = []
    heroes: list[HeroState] = []
    monsters: list[MonsterState] = []
    dashboard: dict[str, str] = {}  # designation -> monster card id
    tokens: dict[str, list[str]] = {}  # space -> exploration tokens ("stimpack", "victory", "quest:core")
    doors: dict[str, bool] = {}  # door id -> open?
    portal_tokens: dict[str, str] = {}  # space -> colour
    jammed: list[str] = []  # deactivated portal colours
    armory_space: str = ""
    armory_item: str = ""
    deck: list[str] = []
    discard: list[str] = []
    act: Activation = msgspec.field(default_factory=Activation)
    pve: list[str] = []
    pve_index: int = 0
    done: dict[str, int] = {}  # quest id -> seat that fulfilled it
    reward_given: bool = False
    turn_no: int = 1
    turn_limit: int = 0  # table option turn_limit (our rule, not the book's): last turn of a scenario; 0 = off
    winners: list[int] = []
    last_event: str = ""
    previous: str = ""  # the scenario played before this one in the campaign
    history: list[Record] = []
    pool: list[str] = []  # face-up upgrade tokens in the upgrade phase
    draft_levels: list[int] = []  # episodic draft: level decks still to draft
    draft_round: int = 0


# msgspec works out how to read a state (every struct's fields, ~1 ms) once per process: here at import,
# rather than in the first copy of a state the first turn makes.
msgspec.msgpack.Decoder(StarState)
