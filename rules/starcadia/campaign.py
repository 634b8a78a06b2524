"""Between scenarios: scenario setup, taking upgrades, outfitting, the campaign route and the
episodic-mode upgrade draft (the end of a scenario itself, badges and the start of the upgrade phase,
is :mod:`.aftermath`)."""

from __future__ import annotations

from rules.core import RuleError, Turn

from . import board as B
from . import engine as E
from .aftermath import start_outfit
from .content import CONTENT
from .state import Activation, StarState, Up

CREW_MAX = 12


# -- scenario setup ---------------------------------------------------------------------------
def start_scenario(state: StarState, turn: Turn, sid: str, tiles: list[str] | None = None) -> None:
    """Lay out scenario ``sid``: tiles, dashboard, doors, tokens, monsters, deck and quests."""
    sc = CONTENT.scenarios[sid]
    rng = turn.rng
    state.scenario = sid
    state.tiles = list(tiles) if tiles else rng.sample(sorted(CONTENT.tiles), len(sc.layout))
    state.dashboard = {}
    used: set[str] = {m for m in sc.monsters.values() if m != "random"}
    for des in sorted(sc.monsters):
        mid = sc.monsters[des]
        if mid == "random":
            cls = des.split("-")[0]
            pool = sorted(m.id for m in CONTENT.monsters.values() if m.cls == cls and m.id not in used)
            if not pool:
                continue
            mid = rng.choice(pool)
            used.add(mid)
        state.dashboard[des] = mid
    state.monsters = []
    state.tokens = {}
    state.portal_tokens = {}
    state.jammed = []
    state.armory_space = state.armory_item = ""
    for crew in state.crews:
        crew.vt = 0
        crew.shuttle = -1
        crew.hacked = []
        crew.progress = 0
        crew.kills = 0
        crew.ready = False
    for h in state.heroes:
        h.pos = ""
        h.wounds = 0
        h.dead = False
        h.dazed = False
        h.gadgets = []
        h.quest_tokens = []
        for u in h.upgrades:
            u.exhausted = False
    b = E.board_of(state)
    state.doors = {d: False for d in b.doors}
    for xy, kind in sorted(b.slots.items()):
        if kind == "armory":
            if sc.armory:
                state.armory_space = B.name(xy)
                state.armory_item = sc.armory
        else:
            state.tokens.setdefault(B.name(xy), []).append(kind)
    for des, pos in sc.start_monsters:
        E.spawn(state, turn, des, b.spawns_by_tile.get(pos, [])[:1] or None)
    state.deck = sorted(CONTENT.events)
    rng.shuffle(state.deck)
    state.discard = []
    state.pve = list(sc.pve)
    if sc.first_quest:
        variant = sc.first_quest.get(state.previous)
        if variant is None and state.mode == "episodic":
            variant = rng.choice(sorted(sc.first_quest.values()))
        if variant is not None:
            state.pve[0] = variant
    state.pve_index = 0
    state.done = {}
    state.reward_given = False
    state.act = Activation()
    state.turn_no = 1
    state.winners = []
    q = E.current_pve(state)
    if q is not None:
        E.place_for_quest(state, turn, q)
    turn.say(f"Scenario {sid}: {sc.title}.", kind="turn")


def to_shuttle_phase(state: StarState) -> None:
    n = len(state.seats)
    state.phase = "shuttle"
    state.order = [(state.first + i) % n for i in range(n)]
    state.order_pos = 0


def take(state: StarState, turn: Turn, seat: int, action: dict) -> None:
    if seat != state.order[state.order_pos]:
        raise RuleError("It is not your pick.")
    ref = action.get("token")
    card = CONTENT.upgrade_by_ref(ref) if isinstance(ref, str) and len(ref) < 60 else None
    if card is None or card.id not in state.pool:
        raise RuleError(f"'{str(ref)[:30]}' is not among the upgrades on offer.")
    state.pool.remove(card.id)
    state.crews[seat].stash.append(card.id)
    turn.say(f"{state.seats[seat]} takes {card.name}.")
    state.order_pos += 1
    if state.order_pos >= len(state.order) or not state.pool:
        start_outfit(state, turn)


# -- outfitting: give every token to a hero, at most 6 each; the rest is discarded ---------------------
def owned(state: StarState, seat: int) -> list[str]:
    crew = state.crews[seat]
    out = []
    for hid in crew.heroes:
        out.extend(u.id for u in E.find_hero(state, hid).upgrades)
    return out + list(crew.stash)


def auto_loadout(state: StarState, seat: int) -> dict[str, list[str]]:
    crew = state.crews[seat]
    load = {hid: [u.id for u in E.find_hero(state, hid).upgrades] for hid in crew.heroes}
    for tok in crew.stash:
        hid = min(crew.heroes, key=lambda h: len(load[h]))
        if len(load[hid]) < E.SLOTS:
            load[hid].append(tok)
    return load


def outfit(state: StarState, turn: Turn, seat: int, action: dict) -> None:
    crew = state.crews[seat]
    if crew.ready:
        raise RuleError("Your crew is already outfitted.")
    load = action.get("loadout")
    if load is None:
        load = auto_loadout(state, seat)
    if not isinstance(load, dict) or len(load) > 2:
        raise RuleError("Give a loadout as hero: [tokens] for your two heroes.")
    have = owned(state, seat)
    used: list[str] = []
    final: dict[str, list[str]] = {hid: [] for hid in crew.heroes}
    for hid, toks in load.items():
        if not isinstance(hid, str) or hid.lower() not in crew.heroes:
            raise RuleError(f"'{str(hid)[:20]}' is not a hero of your crew.")
        if isinstance(toks, str):
            toks = toks.replace(",", " ").split()
        if not isinstance(toks, list | tuple) or len(toks) > E.SLOTS:
            raise RuleError(f"A hero carries at most {E.SLOTS} upgrades.")
        for ref in toks:
            card = CONTENT.upgrade_by_ref(ref) if isinstance(ref, str) and len(ref) < 60 else None
            if card is None or card.id not in have or used.count(card.id) >= have.count(card.id):
                raise RuleError(f"Your crew has no (spare) upgrade '{str(ref)[:30]}'.")
            used.append(card.id)
            final[hid.lower()].append(card.id)
    dropped = list(have)
    for tok in used:
        dropped.remove(tok)
    for hid, toks in final.items():
        E.find_hero(state, hid).upgrades = [Up(id=t) for t in toks]
    crew.stash = []
    crew.ready = True
    names = ", ".join(CONTENT.upgrades[t].name for t in dropped)
    turn.say(f"The {crew.colour} crew is outfitted" + (f"; discarded: {names}." if dropped else "."))
    if all(c.ready for c in state.crews):
        after_outfit(state, turn)


def after_outfit(state: StarState, turn: Turn) -> None:
    if state.history and state.mode == "campaign":
        state.history[-1].inventory = [owned(state, c.seat) for c in state.crews]
        state.phase = "route"
        state.order = [state.winners[0]]
        state.order_pos = 0
        options = ", ".join(CONTENT.scenarios[state.scenario].next)
        turn.say(f"{state.seats[state.winners[0]]} chooses the next scenario: {options}.", kind="turn")
    else:
        to_shuttle_phase(state)
        turn.say("Claim your shuttle slots.", kind="turn")


def route(state: StarState, turn: Turn, seat: int, action: dict) -> None:
    if seat != state.order[0]:
        raise RuleError("The last scenario's winner chooses where to go next.")
    allowed = CONTENT.scenarios[state.scenario].next
    sid = action.get("scenario")
    if not isinstance(sid, str) or sid.strip().upper() not in allowed:
        raise RuleError(f"From scenario {state.scenario} you can go to: {', '.join(allowed)}.")
    state.previous = state.scenario
    state.first = seat
    start_scenario(state, turn, sid.strip().upper())
    to_shuttle_phase(state)


# -- episodic mode: draft the level decks below the scenario's level ----------------------------------------
def start_episodic_draft(state: StarState, turn: Turn) -> bool:
    level = CONTENT.scenarios[state.scenario].level
    state.draft_levels = list(range(1, level))
    if not state.draft_levels:
        return False
    deal_level(state, turn)
    return True


def deal_level(state: StarState, turn: Turn) -> None:
    level = state.draft_levels[0]
    deck = sorted(u.id for u in CONTENT.upgrades.values() if u.deck == str(level))
    turn.rng.shuffle(deck)
    n = len(state.seats)
    for crew in state.crews:
        crew.hand = deck[crew.seat :: n]
        crew.ready = False
    state.draft_round = 1
    state.phase = "updraft"
    turn.say(f"Drafting the level {level} tokens: keep 2, pass the rest to your left.", kind="turn")


def keep(state: StarState, turn: Turn, seat: int, action: dict) -> None:
    crew = state.crews[seat]
    if crew.ready:
        raise RuleError("You already kept your tokens this round.")
    refs = action.get("tokens")
    if isinstance(refs, str):
        refs = refs.replace(",", " ").split()
    need = min(2, len(crew.hand))
    if refs is None:  # the default (a timed-out player): the first tokens of the hand
        refs = list(crew.hand[:need])
    if not isinstance(refs, list | tuple) or len(refs) != need:
        raise RuleError(f"Keep exactly {need} token(s) from your hand.")
    ids = []
    for ref in refs:
        card = CONTENT.upgrade_by_ref(ref) if isinstance(ref, str) and len(ref) < 60 else None
        if card is None or card.id not in crew.hand or card.id in ids:
            raise RuleError(f"'{str(ref)[:30]}' is not in your hand.")
        ids.append(card.id)
    for i in ids:
        crew.hand.remove(i)
        crew.stash.append(i)
    crew.ready = True
    turn.tell(seat, f"You keep {', '.join(CONTENT.upgrades[i].name for i in ids)}.")
    turn.say(f"{state.seats[seat]} keeps 2 tokens.")
    if not all(c.ready for c in state.crews):
        return
    n = len(state.seats)
    if state.draft_round == 1:
        hands = [c.hand for c in state.crews]
        for c in state.crews:
            c.hand = hands[(c.seat - 1) % n]
            c.ready = False
        state.draft_round = 2
        turn.reveal("the draft hands passed")  # each crew now sees a hand it could not see before
        turn.say("Hands pass to the left.")
        return
    for c in state.crews:
        c.hand = []
    state.draft_levels.pop(0)
    if state.draft_levels:
        deal_level(state, turn)
    else:
        start_outfit(state, turn)


def campaign_sheet(state: StarState) -> list[str]:
    """The campaign sheet as text lines: route, VT per scenario, badges and inventories."""
    lines = ["Route: " + (" > ".join(r.scenario for r in state.history) or "-") + f" (now {state.scenario})"]
    for r in state.history:
        vts = ", ".join(f"{state.crews[i].colour} {v}" for i, v in enumerate(r.vt))
        won = ", ".join(state.seats[s] for s in r.winners)
        lines.append(f"Scenario {r.scenario}: {vts}; won by {won}")
    for crew in state.crews:
        heroes = " & ".join(CONTENT.heroes[h].name for h in crew.heroes) or "-"
        tokens = " ".join(owned(state, crew.seat))
        lines.append(
            f"{crew.colour.capitalize()} ({state.seats[crew.seat]}): {heroes}; badges {crew.badges}, "
            f"campaign VT {crew.total_vt}; upgrades {tokens or '-'}"
        )
    return lines
