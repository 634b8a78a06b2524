"""Endure the Stars: whether a command may be played now, decided by reading the state only.

Each ``check_<action>`` raises :class:`RuleError` with the player's sentence when the rules forbid the
command, and otherwise returns what it worked out (the item, the objective, the trade...) for the
handler in :mod:`.actions`, which begins with the same check. Moving, attacking, abilities and rewards
are checked in :mod:`.checks_map`; here: searching, finds, inventory and trades, items, objectives,
exits and noise, whose turn it is, and :func:`check` itself. Nothing here copies the state, changes
it or rolls a die (the cost rule of rules/core/game.py): a multi-zone path or a trade is followed on
a few counters or on copies of the two inventories involved, never on a copy of the game.

What only a roll or a reveal can decide (a failed Resolve check halting a move, a token turned over
on the way) never refuses a command: the move simply stops there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core import RuleError
from rules.core.validate import get_int, get_list

from .checks_map import (
    check_ability,
    check_attack,
    check_loader,
    check_move,
    check_reward,
    need_actions,
    no_found,
    no_loader,
    pockets,
    survivor_arg,
    zone_arg,
)
from .content import ItemCard, content
from .geometry import sight
from .refuge import check_refuge, refuge_pending
from .specials import check_reactivate
from .state import EndureState, ItemInst, ObjectiveState
from .world import (
    add_item,
    carried,
    carry_cap,
    etype,
    event_effect,
    find_item,
    general_items,
    icard,
    obj_specs,
    on_map,
    remove_item,
    scard,
    sname,
    the_board,
)

# ---------------------------------------------------------------------------------------------
# search, found items, inventory, trades


def check_search(st: EndureState, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    no_loader(st, si, "search")
    if the_board(st).zones[s.zone].kind != "room":
        raise RuleError("Corridors cannot be searched; go into a room.")
    if any(e.zone == s.zone for e in st.enemies):
        raise RuleError("You cannot search with enemies in the room.")
    if s.zone in s.searched:
        raise RuleError(f"{sname(s)} already searched {s.zone} this turn.")
    if not st.item_deck:
        raise RuleError("The item deck is empty: there is nothing left to find.")
    if "free_search" not in s.buffs:
        need_actions(s)


def _nothing_found() -> RuleError:
    return RuleError(
        "You have not found anything that is waiting for a free slot: keep and leave only answer "
        "a search whose find did not fit in your inventory."
    )


def check_keep(st: EndureState, si: int, action: dict[str, Any]) -> tuple[ItemInst, ItemInst | None]:
    """The found card to keep and the carried one to drop for it (if any)."""
    s = st.survivors[si]
    if not s.found:
        raise _nothing_found()
    inst = s.found[0]
    if action.get("item") is not None:
        wanted = action.get("item")
        pick = [
            f for f in s.found if isinstance(wanted, str) and wanted.strip().lower() in (f.card, icard(f).name.lower())
        ]
        if not pick:
            found = ", ".join(icard(f).name for f in s.found)
            raise RuleError(f"Say which card you found to keep (`/endure keep item:`): {found}.")
        inst = pick[0]
    old = None
    trial = pockets(s)
    if action.get("drop") is not None:
        if "hoarder" in s.phobias:
            raise RuleError(f"{sname(s)} cannot bear to throw anything away.")
        old = find_item(s, action.get("drop"))
        if any(old.uid == f.uid for f in s.found):
            raise RuleError("Drop something you already carry.")
        remove_item(trial, old.uid)
    if not add_item(trial, inst):
        raise RuleError(f"No room for the {icard(inst).name}: name an item to drop.")
    return inst, old


def check_leave(st: EndureState, si: int, action: dict[str, Any]) -> None:
    if not st.survivors[si].found:
        raise _nothing_found()


def check_discard(st: EndureState, si: int, action: dict[str, Any]) -> ItemInst:
    s = st.survivors[si]
    if "hoarder" in s.phobias:
        raise RuleError(f"{sname(s)} cannot bear to throw anything away.")
    return find_item(s, action.get("item"))


def check_equip(st: EndureState, si: int, action: dict[str, Any]) -> ItemInst:
    s = st.survivors[si]
    no_found(s)
    inst = find_item(s, action.get("item"), where="general")
    if icard(inst).kind not in ("armour", "helmet"):
        raise RuleError("Only armour and helmets are equipped; weapons and items work from any slot.")
    if not s.free_reorg:
        need_actions(s)
    return inst


@dataclass
class Trade:
    """A checked trade: who, the items and objectives each way."""

    partner: int
    give: list[ItemInst]
    take: list[ItemInst]
    give_objectives: list[ObjectiveState]
    take_objectives: list[ObjectiveState]


def check_trade_terms(st: EndureState, si: int, action: dict[str, Any]) -> Trade:
    """Everything a trade between ``si`` and ``action['with']`` needs, whoever must agree to it."""
    s = st.survivors[si]
    no_found(s)
    no_loader(st, si, "trade")
    oi = survivor_arg(st, action, "with")
    o = st.survivors[oi]
    if oi == si:
        raise RuleError("Trade with someone else.")
    if not on_map(o) or o.zone != s.zone:
        raise RuleError(f"{sname(o)} is not in your zone.")
    if any(e.zone == s.zone for e in st.enemies):
        raise RuleError("You cannot trade with enemies in the zone.")
    give = get_list(action, "give", 5, "items to give")
    take = get_list(action, "take", 5, "items to take")
    if not give and not take:
        raise RuleError("Say what to give and/or take.")
    if give and "hoarder" in s.phobias:
        raise RuleError(f"{sname(s)} will not part with anything.")
    if take and "hoarder" in o.phobias:
        raise RuleError(f"{sname(o)} will not part with anything.")
    gobj = [ob for ob in carried(st, si) if any(str(g).lower() in (ob.id, ob.colour) for g in give)]
    tobj = [ob for ob in carried(st, oi) if any(str(t).lower() in (ob.id, ob.colour) for t in take)]
    names = {ob.id for ob in gobj + tobj} | {ob.colour for ob in gobj + tobj}
    give = [g for g in give if str(g).lower() not in names]
    take = [t for t in take if str(t).lower() not in names]
    gi = [find_item(s, g, where="all") for g in give]
    ti = [find_item(o, t, where="all") for t in take]
    if len({i.uid for i in gi}) != len(gi) or len({i.uid for i in ti}) != len(ti):
        raise RuleError("Name each item only once.")
    if any(i in s.found for i in gi) or any(i in o.found for i in ti):
        raise RuleError("Decide about the item you found before trading it.")
    need_actions(s)
    mine, theirs = pockets(s), pockets(o)
    for i in gi:
        remove_item(mine, i.uid)
    for i in ti:
        remove_item(theirs, i.uid)
    for i in gi:
        if not add_item(theirs, i):
            raise RuleError(f"{sname(o)} has no room for the {icard(i).name}.")
    for i in ti:
        if not add_item(mine, i):
            raise RuleError(f"{sname(s)} has no room for the {icard(i).name}.")
    cap = carry_cap(st)
    mine_after = len(carried(st, si)) - len(gobj) + len(tobj)
    theirs_after = len(carried(st, oi)) - len(tobj) + len(gobj)
    if cap and (mine_after > cap or theirs_after > cap):
        raise RuleError(f"Nobody may carry more than {cap} objective(s).")
    return Trade(partner=oi, give=gi, take=ti, give_objectives=gobj, take_objectives=tobj)


def check_trade(st: EndureState, si: int, action: dict[str, Any]) -> Trade:
    """A trade at once with your own survivor, or an offer another player must answer: the same checks."""
    survivor_arg(st, action, "with")
    return check_trade_terms(st, si, action)


def check_answer(st: EndureState, seat: int | None, action: dict[str, Any]) -> bool:
    """Whether the answer accepts the waiting offer (whose trade must still be possible)."""
    if seat is None:
        raise RuleError("Only a player can answer a trade offer.")
    offer = st.offer
    if offer is None:
        raise RuleError("There is no trade offer to answer.")
    accept = action.get("accept")
    if not isinstance(accept, bool):
        raise RuleError("Answer yes or no.")
    taker_seat = st.survivors[offer.taker].seat
    giver_seat = st.survivors[offer.giver].seat
    if seat not in (taker_seat, giver_seat):
        raise RuleError("That trade offer is not yours to answer.")
    if accept and seat != taker_seat:
        raise RuleError("Only the other player can accept; you may withdraw the offer with `/endure answer reply:no`.")
    if accept:
        check_trade_terms(st, offer.giver, {"with": offer.taker, "give": offer.give, "take": offer.take})
    return accept


# ---------------------------------------------------------------------------------------------
# items, objectives, exits, noise


@dataclass
class Use:
    inst: ItemInst
    card: ItemCard
    from_found: bool
    zone: str | None


def check_use(st: EndureState, si: int, action: dict[str, Any]) -> Use:
    s = st.survivors[si]
    no_loader(st, si, "use items")
    inst = find_item(s, action.get("item"))
    # with a find waiting, the name means the found card (the one that must be settled first)
    inst = next((f for f in s.found if f.card == inst.card), inst)
    card = icard(inst)
    from_found = any(f.uid == inst.uid for f in s.found)
    if s.found and not from_found:
        no_found(s)
    if card.kind != "item":
        raise RuleError(f"The {card.name} is not something you use like that.")
    if from_found and not card.single:
        raise RuleError("Only single-use items can be used straight from the search.")
    if card.effect == "power":
        raise RuleError("Power Cells run the Exo Loader and the Void Cannon; they are spent there.")
    zone = None
    if card.effect in ("stun_zone", "decoy"):
        zone = zone_arg(st, action) if action.get("zone") else s.zone
        view = sight(st, s.zone)
        if zone not in view or view[zone][0] > card.range:
            raise RuleError(f"The {card.name} reaches only zones you see within {card.range}.")
    if card.effect == "heal" and s.health >= s.max_health and not s.injuries:
        raise RuleError(f"{sname(s)} is unhurt.")
    need_actions(s)
    return Use(inst=inst, card=card, from_found=from_found, zone=zone)


def interactable(st: EndureState, si: int) -> list[ObjectiveState]:
    """Objectives survivor ``si`` could work on where it stands (a catchable trophy first)."""
    s = st.survivors[si]
    specs = obj_specs(st)
    here = [
        o
        for o in st.objectives
        if o.zone == s.zone and not o.done and specs[o.id].hook not in ("object", "marker", "lair", "capture")
    ]
    if any(sp.hook == "capture" for sp in specs.values()):
        trophy = [o for o in st.objectives if specs[o.id].hook == "capture" and not o.done]
        if trophy and any(e.kind == "solomon" and e.marked and e.zone == s.zone for e in st.enemies):
            here = trophy + here
    return here


def check_interact(st: EndureState, si: int, action: dict[str, Any]) -> ObjectiveState:
    s = st.survivors[si]
    no_found(s)
    wanted = action.get("objective")
    here = interactable(st, si)
    if not here:
        raise RuleError("There is nothing to interact with here.")
    obj = here[0]
    if wanted is not None:
        if not isinstance(wanted, str):
            raise RuleError("Say which objective, by colour.")
        match = [o for o in here if wanted.strip().lower() in (o.id.lower(), o.colour.lower())]
        if not match:
            raise RuleError(f"There is no '{wanted[:20]}' objective in {s.zone}.")
        obj = match[0]
    spec = obj_specs(st)[obj.id]
    sedated = spec.hook == "sedate" and obj.progress >= 1
    if spec.who and not sedated and scard(s).klass.lower() != spec.who.lower():
        raise RuleError(f"Only the {spec.who.capitalize()} can handle the {obj.colour} objective.")
    if spec.hook == "pickup" and carry_cap(st) and len(carried(st, si)) >= carry_cap(st):
        raise RuleError(f"{sname(s)} cannot carry more than {carry_cap(st)} objective(s).")
    if spec.hook == "give" and not any(i in st.set_aside for i in spec.items):
        raise RuleError("There is nothing left here to take.")
    has_kit = any(it.card.startswith("med-kit") for it in general_items(s))
    if spec.hook == "sedate" and not sedated and not has_kit:
        raise RuleError("Sedating her needs a Med Kit.")
    if spec.hook == "sedate" and sedated and carry_cap(st) and len(carried(st, si)) >= carry_cap(st):
        raise RuleError(f"{sname(s)} cannot carry more.")
    need_actions(s)
    return obj


def check_exit(st: EndureState, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    no_found(s)
    mission = content().missions[st.mission]
    if s.zone not in mission.exits:
        if not mission.exits:
            raise RuleError("There is no exit here: this mission has no exit (see `/endure briefing` for the goal).")
        raise RuleError(f"There is no exit here. Exits: {', '.join(mission.exits)}.")
    if not st.exits_open or event_effect(st) == "lockdown":
        raise RuleError("The exit is locked.")
    if mission.same_exit and st.exit_used and st.exit_used != s.zone:
        raise RuleError(f"Everyone must leave by the same exit, {st.exit_used}.")
    need_actions(s)


def check_noise(st: EndureState, si: int, action: dict[str, Any]) -> int:
    s = st.survivors[si]
    no_found(s)
    level = get_int(action, "level", 1, 5, "the noise level")
    need_actions(s, level)
    return level


def check_salvage(st: EndureState, si: int, action: dict[str, Any]) -> int:
    """C014: the actions the Engineer spends stripping a shut-down robot."""
    s = st.survivors[si]
    no_found(s)
    if "rusty" not in content().missions[st.mission].specials:
        raise RuleError("There is nothing worth salvaging on this mission.")
    if scard(s).klass != "Engineer":
        raise RuleError("Only the Engineer knows how to salvage a robot.")
    n = get_int(action, "actions", 1, 3, "the actions to spend")
    if not any(e.zone == s.zone and e.stunned and etype(e.kind).family == "sentry" for e in st.enemies):
        raise RuleError("There is no shut-down robot here.")
    if not any(o.colour == "green" and not o.done for o in st.objectives):
        raise RuleError("You already have every part you need.")
    need_actions(s, n)
    return n


def check_reactivate_here(st: EndureState, si: int, action: dict[str, Any]) -> None:
    no_found(st.survivors[si])
    check_reactivate(st, si)


def check_end(st: EndureState, si: int, action: dict[str, Any]) -> None:
    """Ending the turn is always allowed."""


CHECKS = {
    "move": check_move,
    "attack": check_attack,
    "search": check_search,
    "keep": check_keep,
    "leave": check_leave,
    "discard": check_discard,
    "equip": check_equip,
    "trade": check_trade,
    "use": check_use,
    "interact": check_interact,
    "noise": check_noise,
    "ability": check_ability,
    "reward": check_reward,
    "end": check_end,
    "exit": check_exit,
    "loader": check_loader,
    "reactivate": check_reactivate_here,
    "salvage": check_salvage,
}


# ---------------------------------------------------------------------------------------------
# whose command it is


def acting(st: EndureState) -> int | None:
    """The survivor whose turn it is, if any."""
    if st.phase != "survivors" or st.turn_pos >= len(st.order):
        return None
    return st.order[st.turn_pos]


def check_turn(st: EndureState, seat: int | None, action: dict[str, Any]) -> int:
    """The acting survivor, if ``seat`` may give a survivor command now (not at the Refuge, no offer waiting)."""
    kind = action["type"]
    if st.offer is not None:
        taker = st.survivors[st.offer.taker]
        raise RuleError(f"Waiting for {st.seats[taker.seat]} to answer the trade offer first.")
    si = acting(st)
    if si is None:
        raise RuleError("No survivor is acting right now.")
    s = st.survivors[si]
    if seat is None or s.seat != seat:
        raise RuleError(f"It is {sname(s)}'s turn, played by {st.seats[s.seat]}.")
    if action.get("survivor") is not None and survivor_arg(st, action, "survivor") != si:
        raise RuleError(f"It is {sname(s)}'s turn, not theirs.")
    if kind not in CHECKS:
        raise RuleError(f"'{str(kind)[:20]}' is not an Endure action. Try: {', '.join(CHECKS)}.")
    return si


def check_refuge_turn(st: EndureState, seat: int | None, action: dict[str, Any]) -> int:
    """The seat, if it has something to decide at the Refuge."""
    if seat is None or not any(p.seat == seat for p in refuge_pending(st)):
        raise RuleError("Nothing is waiting for you at the Refuge right now.")
    check_refuge(st, seat, action)
    return seat


def check(st: EndureState, seat: int | None, action: dict[str, Any]) -> None:
    """Raise :class:`RuleError` if ``seat`` may not play ``action`` now; reads the state only."""
    if action["type"] == "answer":
        check_answer(st, seat, action)
        return
    if st.offer is None and st.phase == "refuge":
        check_refuge_turn(st, seat, action)
        return
    si = check_turn(st, seat, action)
    CHECKS[action["type"]](st, si, action)


def allowed(st: EndureState, seat: int, action: dict[str, Any]) -> bool:
    """Whether :func:`check` lets ``seat`` play ``action`` now."""
    try:
        check(st, seat, action)
    except RuleError:
        return False
    return True


def allowed_ones(st: EndureState, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``actions`` that :func:`allowed` lets ``seat`` play, in order (``legal()``): what
    :func:`check_turn` asks of the state alone (no offer waiting, whose turn, whose seat) is asked once,
    not once per command; the rest of :func:`check` runs for each as it would."""
    own_turn = st.offer is not None or st.phase != "refuge"  # else check() asks check_refuge_turn
    holder = _turn_holder(st, seat) if own_turn else None
    out = []
    for action in actions:
        kind = action["type"]
        if kind == "answer" or not own_turn:
            ok = allowed(st, seat, action)
        elif holder is None:
            ok = False  # check_turn refuses before it looks at the command
        else:
            try:
                if action.get("survivor") is not None and survivor_arg(st, action, "survivor") != holder:
                    raise RuleError("not this survivor's turn")
                if kind not in CHECKS:
                    raise RuleError("not an Endure action")
                CHECKS[kind](st, holder, action)
                ok = True
            except RuleError:
                ok = False
        if ok:
            out.append(action)
    return out


def _turn_holder(st: EndureState, seat: int | None) -> int | None:
    """The acting survivor if :func:`check_turn` lets ``seat`` command them, whatever the command."""
    if st.offer is not None:
        return None
    si = acting(st)
    if si is None or seat is None or st.survivors[si].seat != seat:
        return None
    return si
