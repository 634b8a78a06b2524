"""Endure the Stars: starting a mission (fresh or mid-campaign) and playing the Refuge's decisions between
missions (arriving there and who must decide is :mod:`.refuge`)."""

from __future__ import annotations

from typing import Any

from rules.core import Turn

from .content import BOSSES, board, content
from .phases import begin_round, check_end
from .refuge import RefugeStep, check_refuge, draw_resolve
from .sight import refresh_sight
from .state import EndureState, ItemInst, ObjectiveState, Radar, Survivor
from .world import (
    add_item,
    all_items,
    deal_accomplishment,
    general_items,
    heal,
    icard,
    kill_survivor,
    lose_items,
    place_models,
    remove_item,
    sname,
)


def token_row(n: int) -> str:
    return "3" if n <= 3 else "4" if n == 4 else "5"


# ---------------------------------------------------------------------------------------------
# missions


def start_mission(st: EndureState, turn: Turn, key: str, recruits: list[int]) -> None:
    """Lay out mission ``key``; ``recruits`` (survivor indices) get starting weapons."""
    c = content()
    mission = c.missions[key]
    b = board(key)
    alive = [i for i, s in enumerate(st.survivors) if s.alive]
    n = len(alive)
    st.mission = key
    st.round = 1
    st.enemies, st.radar, st.noise, st.bosses = [], [], [], []
    st.item_discard, st.radar_out, st.radar_sealed = [], [], []
    st.decoys, st.shields, st.extra_openings, st.fixed = [], [], [], []
    st.event, st.event_discard = mission.start_event, []
    st.failed, st.result, st.summary, st.exit_used = "", "", "", ""
    st.scent, st.scent_hit, st.lure = -1, False, -1
    st.loader_zone, st.loader_pilot, st.loader_powered = mission.loader, -1, False
    st.spawn_tiles = [t[1] for t in mission.tiles]
    st.set_aside = list(mission.set_aside)
    st.exits_open = not mission.exits_locked
    st.doors = {
        oid: ("locked" if oid in mission.locked else "open") for oid, op in sorted(b.openings.items()) if op.door
    }
    st.objectives = [ObjectiveState(id=o.id, colour=o.colour, zone=o.zone, hp=o.hp) for o in mission.objectives]
    # the item deck: every card not carried and not set aside
    deck: list[str] = []
    for card in c.items.values():
        deck += [card.key] * card.count
    carried = [it.card for i in alive for it in all_items(st.survivors[i])]
    # some missions swap the starting weapons only for a one-off game, not inside a campaign
    custom = () if st.campaign and mission.starters_solo else mission.starters
    starters = list(custom) or ["pistol", "plasma-cutter"] + ["swarmer-leg"] * max(0, len(recruits) - 2)
    for k in carried + starters + list(mission.set_aside):
        if k in deck:
            deck.remove(k)
    turn.rng.shuffle(starters)
    dealt, back = starters[: len(recruits)], starters[len(recruits) :]
    if not custom:
        deck += back
    while len(dealt) < len(recruits):
        dealt.append("swarmer-leg")
    turn.rng.shuffle(deck)
    st.item_deck = deck
    for i, card_key in zip(recruits, dealt, strict=True):
        inst = ItemInst(uid=st.next_id, card=card_key)
        st.next_id += 1
        if not add_item(st.survivors[i], inst):
            turn.say(f"{sname(st.survivors[i])} has no room for a {icard(inst).name}.")
    tiles_used = {t[0] for t in mission.tiles}
    events: list[str] = []
    for ev in c.events.values():
        if ev.effect == "spawn" and mission.remove_unused_spawns and ev.tile not in tiles_used:
            continue
        if ev.effect in mission.remove_events:
            continue
        events += [ev.key] * ev.count
    turn.rng.shuffle(events)
    st.event_deck = events
    for i in alive:
        s = st.survivors[i]
        s.zone, s.exited = mission.start, False
        s.crisis_used = s.used_active = s.frozen = s.stunned = False
        s.jammed, s.seen_kinds, s.buffs, s.round_buffs, s.next_attack, s.found = [], [], [], [], [], []
        s.actions = s.action_bonus = s.action_penalty = s.moved = s.free_moves = s.step_credit = 0
    row = list(mission.tokens[token_row(n)])
    turn.rng.shuffle(row)
    pool = list(c.radar_pool[mission.family])
    for tok in row:
        if tok in pool:
            pool.remove(tok)
    spots = list(mission.radar)
    if mission.boss_spots:
        bosses = [t for t in row if t.partition(" ")[2] in BOSSES]
        rest = [t for t in row if t not in bosses]
        group = bosses + rest[: max(0, len(mission.boss_spots) - len(bosses))]
        rest = rest[len(group) - len(bosses) :]
        turn.rng.shuffle(group)
        boss_spots = [sp for sp in spots if sp[0] in mission.boss_spots]
        other_spots = [sp for sp in spots if sp[0] not in mission.boss_spots]
        spots = boss_spots + other_spots
        row = group + rest
    skip: set[int] = set()
    st.extra_specials, st.unnoticed = [], []
    for cons in mission.after:
        if st.campaign and cons.when in st.campaign_done and all(m in st.campaign_done for m in cons.also):
            skip |= set(cons.skip_spots)
            st.extra_specials += list(cons.specials)
            for o in cons.objectives:
                st.objectives.append(ObjectiveState(id=o.id, colour=o.colour, zone=o.zone, hp=o.hp))
            turn.say(f"Because of {cons.when}, this mission plays differently.")
    spots = [sp for k, sp in enumerate(spots) if k not in skip] if skip and not mission.boss_spots else spots
    for (zone, marked), tok in zip(spots, row, strict=False):
        st.radar.append(Radar(id=st.next_id, zone=zone, token=tok, marked=marked))
        st.next_id += 1
    st.pool = pool
    turn.say(f"Mission {mission.key} {mission.name}: {mission.brief}")
    for kind, zone, count in mission.setup_models:
        place_models(st, turn, zone, kind, count, marked=kind == "solomon" and "trophy" in mission.specials)
    if "scent" in mission.specials:
        st.scent = alive[turn.rng.below(n)]
        st.survivors[st.scent].injuries.append("chest")
        turn.say(
            f"{sname(st.survivors[st.scent])} carries a festering chest wound that will not heal.",
            concerns=[st.survivors[st.scent].seat],
        )
    if mission.start_event:
        turn.say(f"In force from the start: {c.events[mission.start_event].name}.")
    if "pilot_start" in mission.specials and alive:
        pilot = alive[0]
        st.survivors[pilot].zone = mission.loader
        st.loader_pilot = pilot
        if "power-cell" in st.set_aside:
            st.set_aside.remove("power-cell")
        cell = ItemInst(uid=st.next_id, card="power-cell")
        st.next_id += 1
        if not add_item(st.survivors[pilot], cell):
            st.survivors[pilot].slots[-1] = [cell]
        turn.say(f"{sname(st.survivors[pilot])} starts in the Exo Loader with one Power Cell.")
    st.boss_seen = st.pinned = st.woke = False
    st.sentry_kills = 0
    st.lair = ""
    st.phase = "survivors"
    if not st.survivors[st.first].alive:
        st.first = alive[0]
    refresh_sight(st, turn)
    begin_round(st, turn)
    check_end(st, turn)


def new_survivor(st: EndureState, key: str, seat: int, zone: str) -> Survivor:
    card = content().survivors[key]
    s = Survivor(key=key, seat=seat, zone=zone, health=card.health, max_health=card.health)
    for _ in range(3):
        draw_resolve(st, s)
    st.used_keys.append(key)
    return s


# ---------------------------------------------------------------------------------------------
# the Refuge


def _table(rows, total: int) -> int:
    for lo, hi, change in rows:
        if lo <= total <= hi:
            return change
    return 0


def refuge_perform(st: EndureState, seat: int, action: dict[str, Any], turn: Turn) -> None:
    step = check_refuge(st, seat, action)
    kind = action["type"]
    if kind == "recruit":
        i = step.survivor
        old = st.survivors[i]
        if old.accomplishment:  # the fallen survivor's card goes to the discard pile, not out of the game
            st.accomplishment_discard.append(old.accomplishment)
        s = new_survivor(st, action["survivor"], old.seat, old.zone)
        inst = ItemInst(uid=st.next_id, card="swarmer-leg")
        st.next_id += 1
        add_item(s, inst)
        st.survivors[i] = s
        deal_accomplishment(st, turn, i)
        turn.say(f"{sname(s)} joins the survivors.", concerns=[s.seat])
        return
    if kind == "visit":
        _visit(st, turn, step, action)
        return
    choice = action.get("choice", "leave")
    route = action.get("route")
    st.votes[seat] = choice + (f":{route}" if route else "")
    turn.say(f"{st.seats[seat]} votes to {choice}.")
    seats = sorted({s.seat for s in st.survivors})
    if all(x in st.votes for x in seats):
        _count_votes(st, turn)


def _visit(st: EndureState, turn: Turn, step: RefugeStep, action: dict[str, Any]) -> None:
    i = step.survivor
    s = st.survivors[i]
    place = action.get("place")
    r = content().refuge
    if step.give is not None:
        take = action["take"]
        a, b = step.give
        remove_item(s, a.uid)
        remove_item(s, b.uid)
        lose_items(st, [a.card, b.card])
        st.trading_post.remove(take)
        inst = ItemInst(uid=st.next_id, card=take)
        st.next_id += 1
        add_item(s, inst)
        turn.say(f"{sname(s)} trades for a {icard(inst).name}.", concerns=[s.seat])
    elif place == "infirmary":
        total = sum(turn.rng.dice(2, 6, label=f"{sname(s)} at the infirmary"))
        change = _table(r.infirmary, total)
        _change_health(st, turn, i, change)
    elif place == "loved-ones":
        total = sum(turn.rng.dice(2, 6, label=f"{sname(s)} with loved ones"))
        change = _table(r.loved_ones, total)
        s.resolve = max(0, min(10, s.resolve + change))
        turn.say(f"{sname(s)} Resolve {s.resolve}.", concerns=[s.seat])
    elif action.get("pick") == "health":
        _change_health(st, turn, i, r.quarters_health)
    else:
        s.resolve = min(10, s.resolve + r.quarters_resolve)
        turn.say(f"{sname(s)} rests (Resolve {s.resolve}).", concerns=[s.seat])
    st.refuge_visited.append(i)


def _change_health(st: EndureState, turn: Turn, i: int, change: int) -> None:
    s = st.survivors[i]
    if change >= 0:
        heal(st, turn, i, change)
        return
    s.health += change
    turn.say(f"{sname(s)} loses {-change} Health (Health {max(0, s.health)}).", concerns=[s.seat])
    if s.health <= 0:
        kill_survivor(st, turn, i)


def _count_votes(st: EndureState, turn: Turn) -> None:
    stay = sum(1 for v in st.votes.values() if v == "stay")
    leave = len(st.votes) - stay
    first_seat = st.survivors[st.first].seat
    route = st.votes.get(first_seat, "").partition(":")[2] or st.next_options[0]
    if stay > leave:  # a 'stay' vote is refused once the track is at 0
        st.refuge_track -= 1
        st.votes, st.refuge_visited = {}, []
        turn.say(f"The survivors stay another round (Refuge track {st.refuge_track}).")
        _refuge_event(st, turn)
        return
    turn.say(f"The survivors set out for {route}.", kind="turn")
    st.votes, st.refuge_visited, st.trading_post = {}, [], []
    start_mission(st, turn, route, recruits=[])


def _refuge_event(st: EndureState, turn: Turn) -> None:
    if not st.refuge_deck:
        st.refuge_deck = sorted(content().refuge.events)
        turn.rng.shuffle(st.refuge_deck)
    ev = content().refuge.events[st.refuge_deck.pop()]
    turn.reveal("a Refuge event")
    turn.say(f"Refuge event: {ev.name}.", kind="warn")
    alive = [i for i, s in enumerate(st.survivors) if s.alive]
    if not alive:
        return
    if ev.effect == "heal_all":
        for i in alive:
            heal(st, turn, i, ev.amount)
    elif ev.effect == "hurt_one":
        _change_health(st, turn, alive[turn.rng.below(len(alive))], -ev.amount)
    elif ev.effect == "resolve_all":
        for i in alive:
            s = st.survivors[i]
            s.resolve = max(0, min(10, s.resolve + ev.amount))
        turn.say(f"Everyone's Resolve changes by {ev.amount:+d}.")
    elif ev.effect == "gift":
        i = alive[turn.rng.below(len(alive))]
        cards = [k for k in st.item_deck if content().items[k].kind != "noise"]
        if cards:
            k = cards[-1]
            st.item_deck.remove(k)
            inst = ItemInst(uid=st.next_id, card=k)
            st.next_id += 1
            if add_item(st.survivors[i], inst):
                turn.say(f"{sname(st.survivors[i])} is given a {icard(inst).name}.")
    elif ev.effect == "theft":
        i = alive[turn.rng.below(len(alive))]
        items = general_items(st.survivors[i])
        if items:
            it = items[turn.rng.below(len(items))]
            remove_item(st.survivors[i], it.uid)
            lose_items(st, [it.card])
            turn.say(f"{sname(st.survivors[i])}'s {icard(it).name} goes missing.")
    elif ev.effect == "track":
        st.refuge_track = max(0, st.refuge_track + ev.amount)
        turn.say(f"Refuge track {st.refuge_track}.")
