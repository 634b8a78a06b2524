"""Endure the Stars: the inventory commands. Searching (and what the card drawn brings), keeping or
leaving a find, discarding, putting on armour, and trades (at once with your own survivor, or offered
and answered). Each handler begins with its check from :mod:`.checks`, like those in :mod:`.actions`."""

from __future__ import annotations

from typing import Any

from rules.core import Turn
from rules.core.validate import get_list

from .checks import (
    Trade,
    check_answer,
    check_discard,
    check_equip,
    check_keep,
    check_leave,
    check_search,
    check_trade_terms,
)
from .checks_map import survivor_arg
from .content import content
from .sight import refresh_sight
from .state import EndureState, ItemInst, TradeOffer
from .world import (
    add_item,
    icard,
    item_names,
    lose_items,
    make_noise,
    passive,
    progress,
    remove_item,
    sname,
    spend,
)


def draw_item(st: EndureState, turn: Turn, si: int) -> None:
    s = st.survivors[si]
    retried = False
    while st.item_deck:
        key = st.item_deck.pop()
        turn.reveal("an item card")
        card = content().items[key]
        if card.kind == "noise":
            if passive(s) == "scavenger" and not retried:
                retried = True
                lose_items(st, [key])
                turn.say(f"{sname(s)} catches the falling junk before it clatters ({card.name}).", concerns=[s.seat])
                continue
            turn.say(f"{sname(s)} knocks something over: {card.name}!", kind="warn", concerns=[s.seat])
            lose_items(st, [key])
            make_noise(st, turn, s.zone, card.level)
            return
        inst = ItemInst(uid=st.next_id, card=key)
        st.next_id += 1
        if add_item(s, inst):
            turn.say(f"{sname(s)} finds a {card.name}.", concerns=[s.seat])
        else:
            s.found = [inst]
            turn.say(
                f"{sname(s)} finds a {card.name} but has no room: `/endure keep drop:` something for it, "
                "or `/endure leave` it."
            )
        return
    turn.say("There is nothing left to find on this ship.")


def do_search(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    check_search(st, si, action)
    if "free_search" in s.buffs:
        s.step_credit = 0
    else:
        spend(s)
    s.searched.append(s.zone)
    progress(st, turn, si, "searches")
    draw_item(st, turn, si)
    refresh_sight(st, turn)


def do_keep(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    inst, old = check_keep(st, si, action)
    if old is not None:
        remove_item(s, old.uid)
        lose_items(st, [old.card])
        turn.say(f"{sname(s)} drops the {icard(old).name}.", concerns=[s.seat])
    add_item(s, inst)
    lose_items(st, [f.card for f in s.found if f.uid != inst.uid])
    s.found = []
    turn.say(f"{sname(s)} keeps the {icard(inst).name}.", concerns=[s.seat])


def do_leave(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    check_leave(st, si, action)
    turn.say(f"{sname(s)} leaves the {' and the '.join(icard(f).name for f in s.found)} behind.", concerns=[s.seat])
    lose_items(st, [f.card for f in s.found])
    s.found = []


def do_discard(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    inst = check_discard(st, si, action)
    if any(f.uid == inst.uid for f in s.found):
        s.found = [f for f in s.found if f.uid != inst.uid]
    else:
        remove_item(s, inst.uid)
    lose_items(st, [inst.card])
    turn.say(f"{sname(s)} discards the {icard(inst).name}; it is gone for good.", concerns=[s.seat])


def do_equip(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    s = st.survivors[si]
    inst = check_equip(st, si, action)
    card = icard(inst)
    if s.free_reorg:
        s.free_reorg = False  # the reorganise that came with a trade
    else:
        spend(s)
    slot = s.body if card.kind == "armour" else s.head
    remove_item(s, inst.uid)
    old = slot[0] if slot else None
    slot.clear()
    slot.append(inst)
    if old is not None:
        s.slots.append([old])
    turn.say(f"{sname(s)} puts on the {card.name}.", concerns=[s.seat])


def do_trade(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    """Trade at once with your own survivor; otherwise offer it and wait for the other player."""
    oi = survivor_arg(st, action, "with")
    if oi != si and st.survivors[oi].seat != st.survivors[si].seat:
        check_trade_terms(st, si, action)
        give = [str(x) for x in get_list(action, "give", 5, "items to give")]
        take = [str(x) for x in get_list(action, "take", 5, "items to take")]
        st.offer = TradeOffer(giver=si, taker=oi, give=give, take=take)
        g = item_names(give)
        t = item_names(take)
        o = st.survivors[oi]
        turn.say(f"{sname(st.survivors[si])} offers {g} for {t}; {st.seats[o.seat]} ({sname(o)}) must answer.")
        return
    _trade(st, turn, si, action)


def do_answer(st: EndureState, turn: Turn, seat: int, action: dict[str, Any]) -> None:
    accept = check_answer(st, seat, action)
    offer = st.offer
    assert offer is not None
    taker_seat = st.survivors[offer.taker].seat
    st.offer = None
    if not accept:
        turn.say("The trade offer is turned down." if seat == taker_seat else "The trade offer is withdrawn.")
        return
    _trade(st, turn, offer.giver, {"with": offer.taker, "give": offer.give, "take": offer.take})


def _trade(st: EndureState, turn: Turn, si: int, action: dict[str, Any]) -> None:
    deal: Trade = check_trade_terms(st, si, action)
    s, oi = st.survivors[si], deal.partner
    o = st.survivors[oi]
    gi, ti, gobj, tobj = deal.give, deal.take, deal.give_objectives, deal.take_objectives
    spend(s)
    for i in gi:
        remove_item(s, i.uid)
    for i in ti:
        remove_item(o, i.uid)
    for i in gi:
        add_item(o, i)
    for i in ti:
        add_item(s, i)
    for ob in gobj:
        ob.carried_by = oi
    for ob in tobj:
        ob.carried_by = si
    g = ", ".join([icard(i).name for i in gi] + [f"{ob.colour} objective" for ob in gobj]) or "nothing"
    t = ", ".join([icard(i).name for i in ti] + [f"{ob.colour} objective" for ob in tobj]) or "nothing"
    turn.say(f"{sname(s)} gives {g} to {sname(o)} and takes {t}.", concerns=[s.seat])
    s.free_reorg = o.free_reorg = True
    turn.say(
        f"Both may reorganise once for free (put on armour or a helmet): {sname(s)} this turn, "
        f"{sname(o)} by the end of their next turn."
    )
    progress(st, turn, si, "trades")
