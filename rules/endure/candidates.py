"""Endure the Stars: the commands worth offering a seat now (``candidates``), most useful first.

A candidate need not be allowed: :func:`.checks.check` decides, reading the state only, and the
engine's ``legal()`` keeps the candidates it allows. The lists here only skip what is plainly
pointless (a move into a full zone, an attack on an empty one) so they stay short.
"""

from __future__ import annotations

from rules.core import Action

from .checks import acting
from .checks_map import attack_range, target_zones
from .content import content
from .geometry import sight
from .refuge import refuge_legal
from .state import EndureState, ItemInst
from .world import (
    carried,
    carry_cap,
    event_effect,
    exits,
    general_items,
    icard,
    is_full,
    living,
    move_cap,
    obj_specs,
    scard,
    survivors_in,
    the_board,
)


def candidates(state: EndureState, seat: int) -> list[Action]:
    """Every command worth offering ``seat`` now, the most useful first (the board's buttons come from
    the head of the list); :func:`.checks.check` decides which of them the rules allow."""
    if state.phase == "refuge":
        return refuge_legal(state, seat)
    if state.offer is not None:
        if seat == state.survivors[state.offer.taker].seat:
            return [{"type": "answer", "accept": True}, {"type": "answer", "accept": False}]
        if seat == state.survivors[state.offer.giver].seat:
            return [{"type": "answer", "accept": False}]
        return []
    si = acting(state)
    if si is None or state.survivors[si].seat != seat:
        return []
    if state.survivors[si].found:
        return _found(state, si)
    return _machines(state, si, _turn(state, si))


def _found(st: EndureState, si: int) -> list[Action]:
    """A find waits for a slot: keep it (dropping something), leave it, use it at once, or end the turn."""
    s = st.survivors[si]
    out: list[Action] = []
    for card in sorted({f.card for f in s.found}):
        base: Action = {"type": "keep"} if len(s.found) == 1 else {"type": "keep", "item": card}
        out.append(dict(base))
        if "hoarder" not in s.phobias:
            out += [{**base, "drop": old} for old in sorted({it.card for it in general_items(s)})]
    out.append({"type": "leave"})
    for f in s.found:
        if icard(f).single and icard(f).kind == "item" and s.actions >= 1:
            out += [a for a in _use_actions(st, si, f) if a not in out]
    out.append({"type": "end"})
    return out


def _turn(st: EndureState, si: int) -> list[Action]:
    """A survivor's turn: attacks, objectives, exit and search first, then moves, noise, kit, abilities,
    trades, rewards, discards and the end of the turn."""
    s = st.survivors[si]
    out: list[Action] = []
    moves = _moves(st, si)
    if s.actions >= 1:
        out += _attacks(st, si) + _interactions(st, si) + _in_place(st, si) + moves
        out += [{"type": "noise", "level": lvl} for lvl in range(1, min(3, s.actions) + 1)]
        for it in general_items(s):
            card = icard(it)
            if card.kind in ("armour", "helmet"):
                out.append({"type": "equip", "item": it.card})
            elif card.kind == "item":
                out += _use_actions(st, si, it)
        out += _ability_actions(st, si) + _trades(st, si)
    else:
        if s.free_reorg:  # a trade's free reorganise needs no action
            out += [
                {"type": "equip", "item": it.card} for it in general_items(s) if icard(it).kind in ("armour", "helmet")
            ]
        out += moves
    out += _reward_actions(st, si)
    if "hoarder" not in s.phobias:
        out += [{"type": "discard", "item": card} for card in dict.fromkeys(it.card for it in general_items(s))]
    out.append({"type": "end"})
    return out


def _moves(st: EndureState, si: int) -> list[Action]:
    s = st.survivors[si]
    has_move = s.actions >= 1 or s.free_moves > 0 or s.step_credit > 0
    if not has_move or s.frozen or s.moved >= move_cap(st, s) or s.zone in st.shields:
        return []
    return [{"type": "move", "zone": z} for _, z, _ in exits(st, s.zone) if not is_full(st, z) and z not in st.shields]


def _attacks(st: EndureState, si: int) -> list[Action]:
    s = st.survivors[si]
    out: list[Action] = []
    occupied = {e.zone for e in st.enemies}
    for stack in s.slots:
        card = icard(stack[0])
        if card.kind != "weapon" or any(it.uid in s.jammed for it in stack):
            continue
        if card.cell and not any(it.card == "power-cell" for it in general_items(s)):
            continue
        for z in sorted(target_zones(st, si, attack_range(s, card.range), ranged=card.range > 0)):
            if z in occupied:
                out.append({"type": "attack", "zone": z, "weapon": card.key})
            out += _object_attacks(st, si, z, card.key)
    return out


def _interactions(st: EndureState, si: int) -> list[Action]:
    s = st.survivors[si]
    specs = obj_specs(st)
    out: list[Action] = []
    for o in st.objectives:
        if o.zone != s.zone or o.done:
            continue
        spec = specs[o.id]
        if spec.hook in ("object", "marker", "lair", "capture"):
            continue
        if spec.who and o.progress < 1 and scard(s).klass.lower() != spec.who.lower():
            continue
        if spec.hook == "pickup" and carry_cap(st) and len(carried(st, si)) >= carry_cap(st):
            continue
        if spec.hook == "give" and not any(i in st.set_aside for i in spec.items):
            continue
        out.append({"type": "interact", "objective": o.id})
    if any(e.kind == "solomon" and e.marked and e.zone == s.zone for e in st.enemies):
        out += [
            {"type": "interact", "objective": o.id}
            for o in st.objectives
            if specs[o.id].hook == "capture" and not o.done
        ]
    return out


def _in_place(st: EndureState, si: int) -> list[Action]:
    """Leaving by the exit here, searching this room."""
    s = st.survivors[si]
    out: list[Action] = []
    mission = content().missions[st.mission]
    same = not mission.same_exit or not st.exit_used or st.exit_used == s.zone
    if s.zone in mission.exits and st.exits_open and event_effect(st) != "lockdown" and same:
        out.append({"type": "exit"})
    room = the_board(st).zones[s.zone].kind == "room"
    if room and st.item_deck and s.zone not in s.searched and not any(e.zone == s.zone for e in st.enemies):
        out.append({"type": "search"})
    return out


def _trades(st: EndureState, si: int) -> list[Action]:
    """One item given or taken, with each survivor in the zone (none with enemies there)."""
    s = st.survivors[si]
    if any(e.zone == s.zone for e in st.enemies):
        return []
    out: list[Action] = []
    for oi in survivors_in(st, s.zone):
        if oi == si:
            continue
        o = st.survivors[oi]
        if "hoarder" not in s.phobias:
            out += [{"type": "trade", "with": o.key, "give": [it.card], "take": []} for it in general_items(s)]
        if "hoarder" not in o.phobias:
            out += [{"type": "trade", "with": o.key, "give": [], "take": [it.card]} for it in general_items(o)]
    return out


def _machines(st: EndureState, si: int, out: list[Action]) -> list[Action]:
    """The Exo Loader (what its pilot may do, climbing in and out) and the mission's robots."""
    s = st.survivors[si]
    if st.loader_pilot == si:
        banned = {"search", "trade", "use", "ability", "attack"}
        if not st.loader_powered:
            banned.add("move")
        out = [a for a in out if a["type"] not in banned]
        if st.loader_powered and s.actions >= 1:
            lp = content().loader
            for z in sorted(target_zones(st, si, attack_range(s, lp.range), ranged=lp.range > 0)):
                if any(e.zone == z for e in st.enemies):
                    out.insert(0, {"type": "attack", "zone": z, "weapon": "loader"})
                out[:0] = _object_attacks(st, si, z, "loader")
        elif s.actions >= 1:
            out.insert(0, {"type": "loader", "do": "leave"})
    elif st.loader_zone == s.zone and st.loader_pilot < 0 and s.actions >= 1:
        out.insert(0, {"type": "loader", "do": "enter"})
    specials = content().missions[st.mission].specials
    klass = scard(s).klass
    downed = any(e.zone == s.zone and e.stunned and e.kind in ("artemis", "sip") for e in st.enemies)
    if "walkies" in specials and s.actions >= 1 and klass == "Technician" and len(st.allies) < 5 and downed:
        out.insert(0, {"type": "reactivate"})
    if (
        "rusty" in specials
        and klass == "Engineer"
        and downed
        and any(o.colour == "green" and not o.done for o in st.objectives)
    ):
        out += [{"type": "salvage", "actions": n} for n in range(1, min(3, s.actions) + 1)]
    return out


def _object_attacks(st: EndureState, si: int, zone: str, weapon: str) -> list[Action]:
    specs = obj_specs(st)
    out: list[Action] = []
    for o in st.objectives:
        if o.zone != zone or o.done or o.hp <= 0:
            continue
        if specs[o.id].loader_only and st.loader_pilot != si:
            continue
        out.append({"type": "attack", "zone": zone, "weapon": weapon, "object": o.id})
    return out


def _use_actions(st: EndureState, si: int, it: ItemInst) -> list[Action]:
    s = st.survivors[si]
    card = icard(it)
    if card.effect == "power":
        return []
    if card.effect == "heal":
        return [{"type": "use", "item": it.card}] if (s.health < s.max_health or s.injuries) else []
    if card.effect in ("stun_zone", "decoy"):
        view = sight(st, s.zone)
        return [{"type": "use", "item": it.card, "zone": z} for z, (d, _, _) in sorted(view.items()) if d <= card.range]
    return [{"type": "use", "item": it.card}]


def _ability_actions(st: EndureState, si: int) -> list[Action]:
    s = st.survivors[si]
    card = scard(s)
    out: list[Action] = []
    view = sight(st, s.zone)
    for which, ab, ok in (
        ("active", card.active, not s.used_active),
        ("crisis", card.crisis, not s.crisis_used),
    ):
        if not ok:
            continue
        base = {"type": "ability", "which": which}
        h = ab.hook
        if (
            h in ("rally", "aimed", "guard", "scan", "weapon_mods", "inspire", "second_wind", "last_stand")
            or h == "miracle"
        ):
            out.append(base)
        elif h == "patch":
            for i in survivors_in(st, s.zone):
                t = st.survivors[i]
                if t.health < t.max_health or t.injuries:
                    out.append({**base, "target": t.key})
        elif h in ("orders", "soothe"):
            for i in living(st):
                if i != si and st.survivors[i].zone in view:
                    out.append({**base, "target": st.survivors[i].key})
        elif h in ("mind_blast", "turret"):
            for z, (d, _, _) in sorted(view.items()):
                if any(e.zone == z for e in st.enemies) and (h == "mind_blast" or d <= 2):
                    out.append({**base, "zone": z})
        elif h == "improvised_exit":
            open_ = {z for _, z, _ in exits(st, s.zone)}
            for z in the_board(st).touch[s.zone]:
                if z not in open_:
                    out.append({**base, "zone": z})
        elif h == "override":
            for o in the_board(st).openings.values():
                if o.door and (o.a in view or o.b in view):
                    out.append({**base, "door": o.id})
        elif h in ("dash", "vanish"):
            if s.zone in st.shields or s.frozen:
                continue
            for _, z, _ in exits(st, s.zone):
                if not is_full(st, z) and z not in st.shields:
                    out.append({**base, "zones": [z]})
    return out


def _reward_actions(st: EndureState, si: int) -> list[Action]:
    s = st.survivors[si]
    if not s.unlocked or not s.accomplishment or "memory_loss" in s.phobias:
        return []
    r = content().accomplishments[s.accomplishment].reward
    view = sight(st, s.zone)
    if r == "shove":
        out = []
        for i in survivors_in(st, s.zone):
            if i == si:
                continue
            for _, z, _ in exits(st, s.zone):
                if not is_full(st, z):
                    out.append({"type": "reward", "target": st.survivors[i].key, "zone": z})
        return out
    if r == "snipe":
        return [
            {"type": "reward", "zone": z}
            for z, (d, _, _) in sorted(view.items())
            if d <= 2 and any(e.zone == z and not content().enemies[e.kind].boss for e in st.enemies)
        ]
    if r == "orders":
        return [{"type": "reward", "target": st.survivors[i].key} for i in living(st) if i != si]
    return [{"type": "reward"}]
