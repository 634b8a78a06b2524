"""Planning phase actions: travel, repair, trade, buy/upgrade/configure, hire crew."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import RuleError, Turn
from rules.core.validate import get_choice, get_int, get_str

from . import say
from .helpers import (
    C,
    dice_of,
    distance,
    gain_credits,
    has_hero,
    has_kind,
    locations,
    owned_modules,
    pay,
    planet_has,
    planet_links,
    recompute_max,
    roll,
)
from .resolution import hiring_blocked
from .state import Die, State, Trade


def check_action_left(state: State, seat: int, what: str) -> None:
    """Refuse when the captain cannot spend a Planning action on ``what`` now."""
    player = state.players[seat]
    if player.offer_kind:
        raise RuleError(say.finish_offer(player.offer_kind))
    if player.actions <= 0:
        raise RuleError(say.no_actions_left(what))


def use_action(state: State, seat: int, what: str) -> None:
    check_action_left(state, seat, what)
    state.players[seat].actions -= 1


def travel(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    player = state.players[seat]
    dest = get_choice(action, "to", locations(state), "planet")
    if dest == player.planet:
        raise RuleError(f"You are already at {dest}.")
    reach = 2 if has_kind(player, "travel") else 1
    d = distance(state, player.planet, dest)
    if d > reach:
        near = ", ".join(planet_links(state, player.planet))
        raise RuleError(f"{dest} is not nearby. From {player.planet} you can reach: {near}.")
    free = player.free_travel and has_kind(player, "free_travel") is not None and not player.offer_kind
    if free:
        player.free_travel = False
    else:
        use_action(state, seat, "travel")
    player.planet = dest
    extra = " (Galeforce Thrusters: free)" if free else ""
    turn.say(f"{state.seats[seat]} travels to {dest}{extra}.")


def repair(state: State, seat: int, turn: Turn) -> None:
    use_action(state, seat, "repair")
    player = state.players[seat]
    dice = dice_of(state, seat, "crew")
    roll(state, dice, turn, f"{state.seats[seat]} rolls for repairs")
    gained = 0
    for d in dice:
        gained += d.face.count("E")  # Command is wild only in Combat and Away Missions
        if d.hero == "kirie" and "E" in d.face:
            gained += 1
        d.loc = "crew"
        d.face = ""
    before = player.hull
    player.hull = min(player.max_hull, player.hull + gained)
    turn.say(f"{state.seats[seat]} repairs {player.hull - before} Hull ({player.hull}/{player.max_hull}).")
    if player.critical and player.hull >= player.max_hull:
        player.critical = False
        turn.say(f"{state.seats[seat]}'s ship is fully repaired and out of Critical Damage.")


def check_give(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, str, int | str]:
    """The receiving seat, the kind of gift and the gift of a ``give``; refuses what may not be given."""
    to = get_int(action, "to", 1, len(state.seats), "the seat to give to") - 1
    if to == seat:
        raise RuleError("Give to another captain.")
    player = state.players[seat]
    other = state.players[to]
    if other.planet != player.planet or other.out:
        raise RuleError(f"{state.seats[to]} is not at {player.planet}.")
    what = get_choice(action, "what", ["credits", "module", "hero"], "thing to give")
    value: int | str
    if what == "credits":
        value = get_int(action, "value", 1, 40, "the credits")
        if value > player.credits:
            raise RuleError(f"You only have {player.credits} credits.")
    elif what == "module":
        value = get_str(action, "value", "module")
        if value not in player.storage:
            raise RuleError(
                "Only modules in storage can be handed over; store it first at a shipyard "
                "(`/armada configure station:<n> module:storage`)."
            )
    else:
        value = get_str(action, "value", "hero")
        if value not in player.heroes:
            raise RuleError("That hero is not in your crew.")
    check_action_left(state, seat, "trade")
    return to, what, value


def give(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    to, what, value = check_give(state, seat, action)
    player = state.players[seat]
    other = state.players[to]
    use_action(state, seat, "trade")
    if what == "credits":
        amount = int(value)
        player.credits -= amount
        other.credits += amount
        turn.say(f"{state.seats[seat]} gives {amount} credits to {state.seats[to]}.", concerns=[seat, to])
    elif what == "module":
        mid = str(value)
        player.storage.remove(mid)
        other.storage.append(mid)
        turn.say(f"{state.seats[seat]} hands {C.modules[mid].name} to {state.seats[to]}.")
    else:
        hid = str(value)
        player.heroes.remove(hid)
        other.heroes.append(hid)
        for d in state.dice:
            if d.hero == hid:
                d.owner = to
        turn.say(f"{C.heroes[hid].name} transfers to {state.seats[to]}'s ship.")


TRADE_KINDS = ["credits", "module", "hero"]


def held_item(state: State, seat: int, what: str, value: object, label: str) -> str:
    """Check that ``seat`` holds the item; returns its canonical value as text."""
    player = state.players[seat]
    name = state.seats[seat]
    if what == "credits":
        amount = get_int({"v": value}, "v", 1, 40, f"the credits ({label})")
        if amount > player.credits:
            raise RuleError(f"{name} has only {player.credits} credits.")
        return str(amount)
    if what == "module":
        mid = get_str({"v": value}, "v", f"the module ({label})")
        if mid not in player.storage:
            raise RuleError(f"{name} has no such module in storage (only stored modules change hands).")
        if C.modules[mid].cargo:
            raise RuleError("Mission cargo cannot be traded.")
        return mid
    hid = get_str({"v": value}, "v", f"the hero ({label})")
    if hid not in player.heroes:
        raise RuleError(f"{name} has no such hero in their crew.")
    return hid


def _hand_over(state: State, giver: int, taker: int, what: str, value: str) -> str:
    a, b = state.players[giver], state.players[taker]
    if what == "credits":
        a.credits -= int(value)
        b.credits += int(value)
        return f"{value} credits"
    if what == "module":
        a.storage.remove(value)
        b.storage.append(value)
        return C.modules[value].name
    a.heroes.remove(value)
    b.heroes.append(value)
    for d in state.dice:
        if d.hero == value:
            d.owner = taker
    return C.heroes[value].name


def offer_trade(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Offer a swap: something of yours for something of theirs. It uses your Trade action once
    the other captain accepts."""
    to, what, value, for_what, for_value = check_offer(state, seat, action)
    state.trade = Trade(seat=seat, to=to, what=what, value=value, for_what=for_what, for_value=for_value)
    turn.say(
        f"{state.seats[seat]} offers {state.seats[to]} a swap: {trade_item(what, value)} "
        f"for {trade_item(for_what, for_value)}.",
        kind="turn",
    )


def check_offer(state: State, seat: int, action: Mapping[str, Any]) -> tuple[int, str, str, str, str]:
    """The parts of a swap offer (to, what, value, for what, for value); refuses an offer that may not be made."""
    to = get_int(action, "to", 1, len(state.seats), "the captain to trade with") - 1
    if to == seat:
        raise RuleError("Trade with another captain.")
    player, other = state.players[seat], state.players[to]
    if other.planet != player.planet or other.out:
        raise RuleError(f"{state.seats[to]} is not at {player.planet}.")
    if player.offer_kind:
        raise RuleError(say.finish_offer(player.offer_kind))
    if player.actions <= 0:
        raise RuleError(say.no_actions_left("a trade"))
    what = get_choice(action, "what", TRADE_KINDS, "thing to give")
    for_what = get_choice(action, "for_what", TRADE_KINDS, "thing you want back")
    if what == for_what == "credits":
        raise RuleError("Swapping credits for credits changes nothing.")
    value = held_item(state, seat, what, action.get("value"), "yours")
    for_value = held_item(state, to, for_what, action.get("for_value"), "theirs")
    return to, what, value, for_what, for_value


def trade_item(what: str, value: str) -> str:
    if what == "credits":
        return f"{value} credit{'' if str(value) == '1' else 's'}"
    if what == "module":
        m = C.modules.get(value)
        return m.name if m else value
    h = C.heroes.get(value)
    return h.name if h else value


def trade_text(state: State, t: Trade) -> str:
    """A waiting swap offer in words, for the status text and the board picture."""
    return (
        f"{state.seats[t.seat]} offers {trade_item(t.what, t.value)} for {state.seats[t.to]}'s "
        f"{trade_item(t.for_what, t.for_value)} (waiting for {state.seats[t.to]})"
    )


def answer_trade(state: State, seat: int, accept: bool, turn: Turn) -> None:
    t = state.trade
    if t is None:
        raise RuleError("No trade offer is waiting.")
    if seat not in (t.seat, t.to):
        raise RuleError("That trade offer is not yours to answer.")
    if accept and seat != t.to:
        raise RuleError(say.withdraw_only(state.seats[t.to]))
    state.trade = None
    if not accept:
        who = "withdraws" if seat == t.seat else "declines"
        turn.say(f"{state.seats[seat]} {who} the trade offer.")
        return
    # both sides must still hold what they promised
    held_item(state, t.seat, t.what, t.value, "yours")
    held_item(state, t.to, t.for_what, t.for_value, "theirs")
    use_action(state, t.seat, "trade")
    given = _hand_over(state, t.seat, t.to, t.what, t.value)
    got = _hand_over(state, t.to, t.seat, t.for_what, t.for_value)
    turn.say(f"{state.seats[t.to]} accepts: {state.seats[t.seat]} swaps {given} for {got}.")


def can_configure_anywhere(state: State, seat: int) -> bool:
    player = state.players[seat]
    if has_hero(state, seat, "configure_anywhere"):
        return True
    frame = has_kind(player, "configure_anywhere")
    return frame is not None and not any(s.offline for s in player.stations)


def shop(state: State, seat: int, turn: Turn) -> None:
    player = state.players[seat]
    yard = planet_has(state, player.planet, "shipyard")
    if not yard and not can_configure_anywhere(state, seat):
        raise RuleError(f"{player.planet} has no Shipyard.")
    use_action(state, seat, "buy/configure")
    player.offer_kind = "shop"
    player.offer = []
    if yard:
        for _ in range(3):
            if not state.module_pool:
                break
            idx = turn.rng.below(len(state.module_pool))
            player.offer.append(state.module_pool.pop(idx))
        names = ", ".join(f"{C.modules[m].name} ({m}, {price(state, seat, m)}cr)" for m in player.offer)
        turn.say(f"{state.seats[seat]} visits the shipyard. On offer: {names or 'nothing'}.")
    else:
        turn.say(f"{state.seats[seat]} reconfigures the ship away from a shipyard.")


def _discount(state: State, seat: int, cost: int) -> int:
    if has_hero(state, seat, "black_market"):
        return max(1, cost - 1)
    return cost


def price(state: State, seat: int, mid: str) -> int:
    m = C.modules[mid]
    owned = [C.modules[o] for o in owned_modules(state.players[seat])]
    if any(o.family == m.family and o.tier < m.tier for o in owned):
        return _discount(state, seat, m.upgrade)
    return _discount(state, seat, m.cost)


def buy(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    player = state.players[seat]
    mid, hardline_pick = check_buy(state, seat, action)
    m = C.modules[mid]
    cost = price(state, seat, mid)
    pay(state, seat, cost, m.name)
    if hardline_pick:
        state.upgrade_stock.remove(mid)
    else:
        player.offer.remove(mid)
    lower = [o for o in owned_modules(player) if C.modules[o].family == m.family and C.modules[o].tier < m.tier]
    if lower:
        old = lower[0]
        replaced = False
        for st in player.stations:
            if st.module == old:
                st.module = mid
                replaced = True
                break
        if not replaced:
            player.storage.remove(old)
            player.storage.append(mid)
        _return_to_pool(state, old)
        turn.say(f"{state.seats[seat]} upgrades {C.modules[old].name} to {m.name} for {cost} credits.")
    else:
        player.storage.append(mid)
        turn.say(f"{state.seats[seat]} buys {m.name} for {cost} credits (in storage).")
    recompute_max(player)


def check_buy(state: State, seat: int, action: Mapping[str, Any]) -> tuple[str, bool]:
    """The module to buy and whether it comes from the Hardline upgrade stock (before paying)."""
    player = state.players[seat]
    if player.offer_kind != "shop":
        raise RuleError(say.OPEN_SHIPYARD)
    mid = get_str(action, "module", "module")
    hardline_pick = False
    if mid not in player.offer:
        if state.hardline and mid in state.upgrade_stock:
            family = C.modules[mid].family
            if not any(C.modules[o].family == family for o in player.offer + owned_modules(player)):
                raise RuleError("In Hardline you may buy an upgrade of a module on offer or one you own.")
            hardline_pick = True
        else:
            raise RuleError("That module is not on offer.")
    return mid, hardline_pick


def _return_to_pool(state: State, mid: str) -> None:
    m = C.modules[mid]
    if m.cargo or m.starter:
        return
    if state.hardline and m.tier > 1:
        state.upgrade_stock.append(mid)
    else:
        state.module_pool.append(mid)


def sell(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    """Violet Kashi: sell a stored module back at its full price while shopping."""
    player = state.players[seat]
    if player.offer_kind != "shop" or not has_hero(state, seat, "resell"):
        raise RuleError("Only Violet Kashi can sell modules, while shopping.")
    mid = get_str(action, "module", "module")
    if mid not in player.storage or C.modules[mid].cargo:
        raise RuleError("Only modules in storage can be sold.")
    player.storage.remove(mid)
    _return_to_pool(state, mid)
    gain_credits(state, seat, C.modules[mid].cost, turn, f"sold {C.modules[mid].name}")


def install(state: State, seat: int, action: dict[str, Any], turn: Turn, *, free: bool = False) -> None:
    player = state.players[seat]
    mid = get_str(action, "module", "module")
    cargo = mid in C.modules and C.modules[mid].cargo
    if player.offer_kind != "shop" and not cargo and not free:
        raise RuleError(say.CONFIGURE_WHERE)
    if mid not in player.storage:
        raise RuleError("That module is not in your storage.")
    number = get_int(action, "station", 1, 6, "the station")
    st = player.stations[number - 1]
    if st.module:
        player.storage.append(st.module)
    player.storage.remove(mid)
    st.module = mid
    st.counters = 0
    recompute_max(player)
    covered = f" (covering {C.modules[st.base].name})" if st.base else ""
    turn.say(f"{state.seats[seat]} installs {C.modules[mid].name} in station {number}{covered}.")


def store(state: State, seat: int, action: dict[str, Any], turn: Turn, *, free: bool = False) -> None:
    player = state.players[seat]
    if player.offer_kind != "shop" and not free:
        raise RuleError(say.CONFIGURE_WHERE)
    number = get_int(action, "station", 1, 6, "the station")
    st = player.stations[number - 1]
    if not st.module:
        raise RuleError(f"Station {number} has no installed module to remove.")
    player.storage.append(st.module)
    turn.say(f"{state.seats[seat]} moves {C.modules[st.module].name} to storage.")
    st.module = ""
    st.counters = 0
    recompute_max(player)


def recruit(state: State, seat: int, turn: Turn) -> None:
    player = state.players[seat]
    if not planet_has(state, player.planet, "waystation"):
        raise RuleError(f"{player.planet} has no Waystation.")
    if hiring_blocked(state):
        raise RuleError("A hazard (event 15) blocks all hiring until its mission succeeds.")
    use_action(state, seat, "hire crew")
    player.offer_kind = "hire"
    player.offer = state.hero_deck[:3]
    state.hero_deck = state.hero_deck[3:]
    if player.offer:
        turn.reveal("hero cards for hire")
    names = ", ".join(f"{C.heroes[h].name} ({h}, {hire_cost(state, seat, h)}cr)" for h in player.offer)
    turn.say(f"{state.seats[seat]} visits the waystation. For hire: {names or 'nobody'}.")


def hire_cost(state: State, seat: int, hid: str) -> int:
    cost = C.heroes[hid].cost
    if has_hero(state, seat, "orate"):
        cost = max(1, cost - 1)
    return cost


def hire(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    player = state.players[seat]
    if player.offer_kind != "hire":
        raise RuleError(say.VISIT_WAYSTATION)
    hid = get_str(action, "hero", "hero")
    if hid not in player.offer:
        raise RuleError("That hero is not for hire here.")
    pay(state, seat, hire_cost(state, seat, hid), C.heroes[hid].name)
    player.offer.remove(hid)
    player.heroes.append(hid)
    state.dice.append(Die(id=state.next_die, owner=seat, hero=hid))
    state.next_die += 1
    turn.say(f"{C.heroes[hid].name} joins {state.seats[seat]}'s crew (die #{state.next_die - 1}).")


def close(state: State, seat: int, turn: Turn) -> None:
    player = state.players[seat]
    if not player.offer_kind:
        raise RuleError("You have no shop or waystation open.")
    if player.offer_kind == "shop":
        for mid in player.offer:
            _return_to_pool(state, mid)
    else:
        state.hero_deck.extend(player.offer)
        turn.rng.shuffle(state.hero_deck)
    player.offer = []
    player.offer_kind = ""
    turn.say(f"{state.seats[seat]} is done shopping.")
