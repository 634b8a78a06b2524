"""Endure the Stars game state: msgspec Structs only, JSON round-trips exactly."""

from __future__ import annotations

import msgspec

from rules.core import BaseState


class ItemInst(msgspec.Struct, kw_only=True):
    uid: int
    card: str
    charges: int = 0  # Power Cells: charges already used


PERMANENT = 10**6  # NoiseToken.res_round of a noise that never expires (it follows a model about)


class NoiseToken(msgspec.Struct, kw_only=True):
    zone: str
    level: int
    res_round: int = 0  # round number if made during that round's Resolution phase; PERMANENT: never


class ResolveSlot(msgspec.Struct, kw_only=True):
    card: str  # hidden ("") in every view until revealed
    number: int
    revealed: bool = False
    dormant: bool = False  # drawn at the Refuge above current Resolve: asleep until a failed test


class Survivor(msgspec.Struct, kw_only=True):
    key: str
    seat: int
    zone: str
    health: int
    max_health: int
    resolve: int = 10
    injuries: list[str] = []
    head: list[ItemInst] = []
    body: list[ItemInst] = []
    slots: list[list[ItemInst]] = []
    found: list[ItemInst] = []  # a card found with no room yet (0 or 1)
    resolve_cards: list[ResolveSlot] = []
    phobias: list[str] = []
    accomplishment: str = ""
    progress: int = 0
    unlocked: bool = False
    buffs: list[str] = []
    round_buffs: list[str] = []
    next_attack: list[str] = []
    actions: int = 0
    step_credit: int = 0
    moved: int = 0
    free_moves: int = 0
    searched: list[str] = []
    frozen: bool = False
    free_reorg: bool = False  # a trade's free reorganise (rule 32): the next equip costs no action
    stunned: bool = False
    action_penalty: int = 0
    action_bonus: int = 0
    used_active: bool = False
    crisis_used: bool = False
    jammed: list[int] = []
    seen_kinds: list[str] = []
    alive: bool = True
    exited: bool = False
    carrying: list[str] = []


class Enemy(msgspec.Struct, kw_only=True):
    id: int
    kind: str
    zone: str
    hp: int
    stunned: bool = False
    marked: bool = False
    mode: str = "passive"
    target: str = ""
    spotted: list[int] = []


class Radar(msgspec.Struct, kw_only=True):
    id: int
    zone: str
    token: str  # "4 swarmer"; "?" in every view
    marked: bool = False
    mode: str = "passive"
    target: str = ""
    stunned: bool = False


class TradeOffer(msgspec.Struct, kw_only=True):
    giver: int  # the survivor whose turn it is
    taker: int  # the survivor in the same zone who must accept
    give: list[str] = []
    take: list[str] = []


class BossState(msgspec.Struct, kw_only=True):
    enemy: int  # the boss model's Enemy.id
    kind: str
    max_hp: int
    deck: list[str] = []  # hidden order in every view
    discard: list[str] = []
    mood: str = ""  # the Mood / Protocol / Rhetoric card in play
    last: str = ""  # the last attack card drawn
    downed: bool = False  # an immortal boss knocked out for this round


class ObjectiveState(msgspec.Struct, kw_only=True):
    id: str
    colour: str
    zone: str
    done: bool = False  # used up or picked up (no longer on the map)
    carried_by: int = -1  # survivor index while carried
    delivered: bool = False  # carried off the map through an exit
    progress: int = 0  # actions spent on a 'fix' objective
    hp: int = 0  # objects: Health left


class EndureState(BaseState, kw_only=True):
    mission: str
    round: int = 1
    survivors: list[Survivor] = []
    order: list[int] = []
    turn_pos: int = 0
    first: int = 0
    enemies: list[Enemy] = []
    radar: list[Radar] = []
    pool: list[str] = []
    radar_out: list[str] = []  # radar tokens revealed (face up) this mission
    radar_sealed: list[str] = []  # radar tokens shut away unrevealed (hidden in every view)
    noise: list[NoiseToken] = []
    doors: dict[str, str] = {}
    extra_openings: list[str] = []
    item_deck: list[str] = []
    item_discard: list[str] = []  # item cards out of the game this mission (face up)
    event_deck: list[str] = []
    event_discard: list[str] = []
    resolve_deck: list[str] = []
    accomplishment_deck: list[str] = []
    accomplishment_discard: list[str] = []
    event: str = ""
    objectives: list[ObjectiveState] = []
    decoys: list[str] = []
    shields: list[str] = []
    spawn_tiles: list[str] = []
    set_aside: list[str] = []
    exits_open: bool = True
    fixed: list[str] = []  # event effects repaired for good (e.g. gravity)
    failed: str = ""
    bosses: list[BossState] = []
    loader_zone: str = ""  # where the Exo Loader stands ("" = none on this map)
    loader_pilot: int = -1
    loader_powered: bool = False  # the pilot began this turn with power
    exit_used: str = ""
    scent: int = -1  # CG07: the survivor whose unhealable chest wound the enemies smell
    scent_hit: bool = False
    lure: int = -1  # CG02: the specimen draws every enemy to this survivor next Enemy phase
    campaign: str = ""
    campaign_done: list[str] = []
    next_options: list[str] = []
    refuge_track: int = 0
    trading_post: list[str] = []
    refuge_visited: list[int] = []
    votes: dict[int, str] = {}
    used_keys: list[str] = []
    refuge_deck: list[str] = []
    boss_seen: bool = False
    pinned: bool = False
    sentry_kills: int = 0
    lair: str = ""  # ROP19: the shrine zone where the Preacher waits ("" = not rolled yet)
    woke: bool = False  # C015: the Olympian is awake
    allies: list[Enemy] = []  # C013: reactivated friendly Sentries
    escaped: int = 0  # C013: friendly Sentries walked out of the exit
    extra_specials: list[str] = []  # special rules added by campaign consequences
    unnoticed: list[str] = []  # "survivor:zone" pairs the passive enemies there failed to notice
    offer: TradeOffer | None = None  # a trade waiting for the other player's answer
    next_id: int = 1
    result: str = ""
    summary: str = ""


msgspec.json.Decoder(EndureState)
"""Built once at import and dropped: msgspec works out the structs' fields the first time a type is
decoded (1-3 ms for these, every forward reference evaluated) and keeps them on the classes. Done here,
that cost is not paid by the first state a process loads or clones (the first turn played)."""
