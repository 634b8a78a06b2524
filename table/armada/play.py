"""The captain's commands: each turns what a player typed (any name form) into the engine's action,
exactly as legal() lists it, and plays it with :meth:`Table.act`. Refusals name the command that
would work."""

from __future__ import annotations

from typing import Any

from rules.armada.content import CONTENT as C
from rules.armada.plan import plan_of
from rules.core import Action, RuleError, normalise

from ..commands import Ctx, Table
from ..replies import Reply
from . import names as N
from .labels import deciding, waiting_choice
from .seat import by_notation, legal, of_type, seated

HERO_TYPES = ("lockon", "parley", "setface", "copy", "rose")
DECIDE_TYPES = ("retreat", "split", "agree", "vote", "knockout")
YES = ("accept", "yes", "y", "ok", "agree")
NO = ("decline", "no", "n", "withdraw", "refuse")


def between_fights(state: Any, seat: int) -> None:
    """Refuse a turn command (travel, shop, engage...) while the captain is in a Combat or on a mission,
    naming the commands that do work there."""
    c, m = state.combat, state.mission
    if c is not None and seat in c.members:
        raise RuleError(
            "You are in Combat: `/armada assign`, `/armada end-step`, `/armada roll` or `/armada escape` "
            "(`/armada view moves` lists them all)."
        )
    if m is not None and seat in m.members:
        raise RuleError(
            "You are on an Away Mission: `/armada assign`, `/armada roll`, `/armada sacrifice` or `/armada giveup` "
            "(`/armada view moves` lists them all)."
        )


async def seated_between_fights(table: Table, ctx: Ctx) -> tuple[Any, Any, int]:
    sc, state, seat = await seated(table, ctx)
    between_fights(state, seat)
    return sc, state, seat


async def start_turn(table: Table, ctx: Ctx) -> Reply:
    await seated_between_fights(table, ctx)
    return await table.act(ctx, {"type": "begin"})


async def end_turn(table: Table, ctx: Ctx) -> Reply:
    _, state, seat = await seated(table, ctx)
    if state.combat is not None and seat in state.combat.members:
        raise RuleError("Finish the Combat first: `/armada end-step` ends your step 1, `/armada escape` leaves it.")
    if state.mission is not None and seat in state.mission.members:
        raise RuleError("Finish the Away Mission first: `/armada roll` rolls again, `/armada giveup` abandons it.")
    return await table.act(ctx, {"type": "end"})


async def travel(table: Table, ctx: Ctx, to: str) -> Reply:
    _, state, seat = await seated_between_fights(table, ctx)
    dest = N.planet(state, to)
    if dest == state.players[seat].planet:
        raise RuleError(f"You are already at {dest}.")
    return await table.act(ctx, {"type": "travel", "to": dest})


async def repair(table: Table, ctx: Ctx) -> Reply:
    await seated_between_fights(table, ctx)
    return await table.act(ctx, {"type": "repair"})


def _other_captain(state: Any, seat: int, captain: str) -> int:
    to = N.captain(state, captain)
    if to == seat:
        raise RuleError("Trade with another captain at your planet.")
    return to


async def give(table: Table, ctx: Ctx, captain: str, what: str, value: str | None = None) -> Reply:
    """Hand credits, a stored module or a hero to a captain at your planet."""
    _, state, seat = await seated_between_fights(table, ctx)
    to = _other_captain(state, seat, captain)
    kind = N.trade_kind(what)
    action = {"type": "give", "to": to + 1, "what": kind, "value": N.trade_value(state, seat, kind, value)}
    return await table.act(ctx, action)


async def trade(
    table: Table, ctx: Ctx, captain: str, what: str, value: str, for_what: str, for_value: str | None = None
) -> Reply:
    """Offer a captain at your planet a swap; they answer with /armada answer."""
    _, state, seat = await seated_between_fights(table, ctx)
    to = _other_captain(state, seat, captain)
    kind = N.trade_kind(what)
    back = N.trade_kind(for_what, wanted=True)
    action = {
        "type": "trade",
        "to": to + 1,
        "what": kind,
        "value": str(N.trade_value(state, seat, kind, value)),
        "for_what": back,
        "for_value": str(N.trade_value(state, to, back, for_value, whose=f"{state.seats[to]}'s")),
    }
    return await table.act(ctx, action)


async def answer(table: Table, ctx: Ctx, reply: str) -> Reply:
    """Accept or decline a swap offered to you, or answer a choice the rules give you: where to fall
    back (a planet), the scrap split (accept, or ``split 2,1``), a vote (a captain), a knocked-out die."""
    sc, state, seat = await seated(table, ctx)
    word = normalise(reply or "")
    if deciding(state):
        offers = of_type(legal(sc, seat), *DECIDE_TYPES)
        if not offers:
            raise RuleError("Waiting for " + waiting_choice(state) + ".")
        found = by_notation(sc, offers, word) or _decision(state, seat, offers, word)
        return await table.act(ctx, found)
    if state.trade is None or seat not in (state.trade.seat, state.trade.to):
        raise RuleError("Nothing is waiting for your answer; `/armada view moves` lists what you can do now.")
    if word in YES:
        return await table.act(ctx, {"type": "accept_trade"})
    if word in NO:
        return await table.act(ctx, {"type": "decline_trade"})
    raise RuleError("Answer the swap offer with `/armada answer reply:accept` or `/armada answer reply:decline`.")


def _decision(state: Any, seat: int, offers: list[Action], word: str) -> Action:
    """A choice typed the short way: a planet to fall back to, a captain to vote for, a die, yes."""
    kinds = {a["type"] for a in offers}
    if "agree" in kinds and word in YES:
        return next(a for a in offers if a["type"] == "agree")
    if "split" in kinds and word.removeprefix("split").strip().replace(",", "").replace(" ", "").isdigit():
        shares = [int(x) for x in word.removeprefix("split").replace(",", " ").split()]
        return {"type": "split", "shares": shares}
    if "retreat" in kinds:
        to = N.planet(state, word.removeprefix("retreat").strip())
        return next((a for a in offers if a.get("to") == to), {"type": "retreat", "to": to})
    if "vote" in kinds:
        who = N.captain(state, word.removeprefix("vote").strip()) + 1
        return next((a for a in offers if a.get("for") == who), {"type": "vote", "for": who})
    if "knockout" in kinds:
        die = N.die(state, seat, word.removeprefix("knockout").strip())
        return next((a for a in offers if a.get("die") == die), {"type": "knockout", "die": die})
    raise RuleError("Pick your answer from the suggestions (`/armada end-step` takes the default).")


async def buy(table: Table, ctx: Ctx, module: str | None = None) -> Reply:
    """Without a module: open the shipyard (the Buy/Configure action draws 3 modules)."""
    _, state, seat = await seated_between_fights(table, ctx)
    player = state.players[seat]
    if N.blank(module):
        if player.offer_kind == "shop":
            raise RuleError("The shipyard is already open: `/armada buy module:<name>`, or `/armada end-step`.")
        return await table.act(ctx, {"type": "shop"})
    if player.offer_kind != "shop":
        raise RuleError("Open the shipyard first: `/armada buy` with no module (it uses one action).")
    pool = [*player.offer, *(sorted(set(state.upgrade_stock)) if state.hardline else [])]
    return await table.act(ctx, {"type": "buy", "module": N.module(module, pool, where=" on offer")})


async def sell(table: Table, ctx: Ctx, module: str) -> Reply:
    _, state, seat = await seated_between_fights(table, ctx)
    mid = N.module(module, state.players[seat].storage, where=" in your storage")
    return await table.act(ctx, {"type": "sell", "module": mid})


STORE_WORDS = ("storage", "store", "remove", "none", "empty")


async def configure(table: Table, ctx: Ctx, station: str, module: str) -> Reply:
    """Install a stored module on station 1-6, or ``module:storage`` to take one off."""
    _, state, seat = await seated(table, ctx)
    raw = (station or "").strip().removeprefix("station").strip()
    player = state.players[seat]
    number = N.station(state, seat, raw) if raw else None
    if not isinstance(number, int) or not 1 <= number <= 6:
        raise RuleError("Say which station to configure: 1 to 6 (or the name of the module on it).")
    in_combat = state.combat is not None
    if normalise(module or "") in STORE_WORDS:
        if not in_combat and player.offer_kind != "shop":
            raise RuleError("Configuring is part of a shipyard visit: open the shipyard with `/armada buy` first.")
        return await table.act(ctx, {"type": "store", "station": number})
    mid = N.module(module, player.storage, where=" in your storage")
    if not in_combat and player.offer_kind != "shop" and not C.modules[mid].cargo:
        raise RuleError("Configuring is part of a shipyard visit: open the shipyard with `/armada buy` first.")
    return await table.act(ctx, {"type": "install", "module": mid, "station": number})


async def hire(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    """Without a hero: visit the waystation (draws 3 heroes)."""
    _, state, seat = await seated_between_fights(table, ctx)
    player = state.players[seat]
    if N.blank(hero):
        if player.offer_kind == "hire":
            raise RuleError("The waystation is already open: `/armada hire hero:<name>`, or `/armada end-step`.")
        return await table.act(ctx, {"type": "recruit"})
    if player.offer_kind != "hire":
        raise RuleError("Visit the waystation first: `/armada hire` with no hero (it uses one action).")
    return await table.act(ctx, {"type": "hire", "hero": N.hero(hero, player.offer, where=" for hire")})


SAVIOR_WORDS = ("savior", "galactic savior", "the galactic savior", "challenge")


async def engage(
    table: Table, ctx: Ctx, target: str, teammates: str | None = None, frontline: str | None = None
) -> Reply:
    """Fight a fleet (with teammates), challenge the Galactic Savior, or (as the Savior) attack a captain."""
    _, state, seat = await seated_between_fights(table, ctx)
    raw = normalise(target or "")
    if state.phase == "ambush":
        if raw in ("pass", "none", "no"):
            return await table.act(ctx, {"type": "pass"})
        victim = N.captain(state, raw.removeprefix("captain").strip())
        return await table.act(ctx, {"type": "attack", "target": victim + 1})
    if raw in SAVIOR_WORDS:
        return await table.act(ctx, {"type": "challenge"})
    action: dict[str, Any] = {"type": "fight", "fleet": N.fleet(state, target)}
    team = N.team(state, teammates, seat)
    if team:
        action["team"] = team
    if not N.blank(frontline):
        action["frontline"] = N.captain(state, frontline, what="Frontline captain") + 1
    return await table.act(ctx, action)


async def mission(table: Table, ctx: Ctx, beacon: str | None = None, teammates: str | None = None) -> Reply:
    """Answer a beacon here (with teammates); without a beacon, deliver the cargo you carry."""
    _, state, seat = await seated_between_fights(table, ctx)
    if N.blank(beacon):
        if teammates:
            raise RuleError("Say which beacon the team answers: `/armada mission beacon:<number> teammates:2`.")
        return await table.act(ctx, {"type": "deliver"})
    action: dict[str, Any] = {"type": "mission", "event": N.beacon(state, beacon)}
    team = N.team(state, teammates, seat)
    if team:
        action["team"] = team
    return await table.act(ctx, action)


async def scan(table: Table, ctx: Ctx, fleet: str) -> Reply:
    _, state, _ = await seated_between_fights(table, ctx)
    return await table.act(ctx, {"type": "scan", "fleet": N.fleet(state, fleet)})


async def roll(table: Table, ctx: Ctx) -> Reply:
    """Roll the next batch: gather the crew for a new Combat round, or roll again on an Away Mission."""
    _, state, seat = await seated(table, ctx)
    c = state.combat
    if c is not None and seat in c.members and c.step == "gather":
        return await table.act(ctx, {"type": "gather"})
    m = state.mission
    if m is not None and seat in m.members and m.step == "assign":
        return await table.act(ctx, {"type": "done"})
    if c is not None and seat in c.members:
        raise RuleError("Your dice are rolled: `/armada assign` them, then `/armada end-step`.")
    raise RuleError("Crew dice roll by themselves: when a Combat round or an Away Mission starts, and for a repair.")


SUGGESTED_WORDS = ("suggested", "suggestion", "as suggested", "suggest", "auto")


async def assign(table: Table, ctx: Ctx, dice: str, station: str | None = None, target: str | None = None) -> Reply:
    """Put rolled dice on a station (Combat: one die, several like ``3,5``, ``suggested`` for the bot's
    whole placement, or a plan like ``3@1>2,5@3``), a mission section (one die) or the Swap card."""
    sc, state, seat = await seated(table, ctx)
    m = state.mission
    if m is not None and seat in m.members:
        die_id = N.die(state, seat, dice)
        raw = normalise(station or "").removeprefix("section").strip().split(":")[0].strip()
        if not N.isnum(raw):
            raise RuleError(f"Say which mission section: 1 to {len(m.need)}.")
        return await table.act(ctx, {"type": "assign", "die": die_id, "section": int(raw)})
    if state.combat is None or seat not in state.combat.members:
        raise RuleError("Dice are assigned in Combat or on an Away Mission; you are in neither.")
    if normalise(dice or "") in SUGGESTED_WORDS:
        offered = of_type(legal(sc, seat), "suggested")
        if not offered:
            raise RuleError("There is no placement to suggest: no die of yours would do anything useful now.")
        return await table.act(ctx, offered[0])
    if "@" in str(dice):
        return await table.act(ctx, {"type": "place", "plan": [p.strip() for p in str(dice).split(",") if p.strip()]})
    ids = N.dice(state, seat, dice)
    if N.blank(station):
        raise RuleError("Say which station: 1 to 6 (or the module's name), weapons, shields, infirmary or swap.")
    extras = N.extras(state, target)
    steps = [{"type": "assign", "die": i, "station": _station_for(sc, state, seat, i, station, extras)} for i in ids]
    for step in steps:
        if step["station"] == "escape":
            raise RuleError("Dice go on the Escape card with `/armada escape die:<number>`.")
        step.update(extras)
    if len(steps) == 1:
        return await table.act(ctx, steps[0])
    if "extra" in extras:
        raise RuleError("Extra dice for a Blossom Energy Beam go with one die at a time.")
    return await table.act(ctx, plan_of(steps, "place"))


def _station_for(sc: Any, state: Any, seat: int, die: int, station: str | None, extras: dict[str, Any]) -> int | str:
    """The station typed, or for a kind of station (``weapons``) the first one of that kind where this die
    can go now (the first of them if none: its refusal then says why)."""
    kind = N.station_kind(station)
    if kind is None:
        return N.station(state, seat, station)
    numbers = N.stations_of_kind(state, seat, kind)
    if not numbers:
        raise RuleError(f"Your ship has no {kind} station.")
    acts = of_type(legal(sc, seat), "assign")
    fits = [n for n in numbers if any(a.get("die") == die and a.get("station") == n and _aims(a, extras) for a in acts)]
    return (fits or numbers)[0]


def _aims(action: Action, extras: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in extras.items())


async def reroll(table: Table, ctx: Ctx, dice: str | None = None) -> Reply:
    """Reroll your rolled dice (all, blanks, or some by number), or ``dice:enemy`` for the Relay."""
    _, state, seat = await seated(table, ctx)
    raw = normalise(dice or "")
    if raw in ("enemy", "enemy die", "relay"):
        return await table.act(ctx, {"type": "relay"})
    rolled = [d for d in state.dice if d.owner == seat and d.loc == "rolled"]
    if raw in ("all", ""):
        ids = [d.id for d in rolled]
    elif raw in ("blank", "blanks"):
        ids = [d.id for d in rolled if d.face == "-"]
    else:
        ids = [N.die(state, seat, p) for p in raw.replace(",", " ").split()]
    if not ids:
        raise RuleError("You have no rolled dice to reroll.")
    return await table.act(ctx, {"type": "reroll", "dice": ids})


async def escape(table: Table, ctx: Ctx, die: str | None = None, hull_to_one: bool | None = None) -> Reply:
    """Step 4: start an escape attempt instead of gathering; then put dice on the Escape card."""
    _, state, seat = await seated(table, ctx)
    c = state.combat
    if c is None or seat not in c.members:
        raise RuleError("You can only escape from a Combat you are in.")
    if N.blank(die):
        if c.step == "escape":
            raise RuleError("The escape is under way: `/armada escape die:<number>` puts a die on the Escape card.")
        return await table.act(ctx, {"type": "escape"})
    if c.step != "escape":
        raise RuleError("First start the escape in step 4 (`/armada escape` with no die), then place dice.")
    action: dict[str, Any] = {"type": "assign", "die": N.die(state, seat, die), "station": "escape"}
    if hull_to_one:
        action["hull_to_one"] = "yes"
    return await table.act(ctx, action)


async def sacrifice(table: Table, ctx: Ctx, die: str) -> Reply:
    _, state, seat = await seated(table, ctx)
    return await table.act(ctx, {"type": "sacrifice", "die": N.die(state, seat, die)})


async def giveup(table: Table, ctx: Ctx) -> Reply:
    _, state, seat = await seated(table, ctx)
    if state.mission is None or seat not in state.mission.members:
        raise RuleError("You are not on an Away Mission.")
    return await table.act(ctx, {"type": "giveup"})


async def ram(table: Table, ctx: Ctx, amount: str, target: str | None = None) -> Reply:
    _, state, _ = await seated(table, ctx)
    raw = str(amount).strip()
    if not N.isnum(raw) or int(raw) < 1:
        raise RuleError("Say how much Hull to spend on the ram: a whole number of at least 1.")
    action: dict[str, Any] = {"type": "ram", "amount": int(raw)}
    action.update(N.extras(state, target))
    return await table.act(ctx, action)


async def hero(table: Table, ctx: Ctx, ability: str) -> Reply:
    """A hero's own move in Combat (Lock On, Parley, Kino, Setsuna, Rose Palroy), as the suggestions write it."""
    sc, state, seat = await seated(table, ctx)
    kind = normalise(ability).split(" ")[0]
    if kind not in HERO_TYPES:
        raise RuleError(f"Hero moves are: {', '.join(HERO_TYPES)} (pick one from the suggestions).")
    found = by_notation(sc, of_type(legal(sc, seat), *HERO_TYPES), ability)
    return await table.act(ctx, found or sc.system.parse(ability, state, seat))


async def end_step(table: Table, ctx: Ctx) -> Reply:
    """Finish the step you are in: Combat step 1, an escape attempt, a shop or waystation visit, a
    relay roll, the Savior's ambush; in a choice the rules give you, take its default answer."""
    sc, state, seat = await seated(table, ctx)
    if deciding(state):
        mine = [p for p in sc.system.pending(state) if p.seat == seat]
        if not mine:
            raise RuleError("Waiting for " + waiting_choice(state) + ".")
        return await table.act(ctx, dict(mine[0].default or {}))
    c = state.combat
    if c is not None and seat in c.members:
        step = {"assign": "done", "escape": "done", "gather": "gather", "relay": "accept"}.get(c.step, "done")
        return await table.act(ctx, {"type": step})
    m = state.mission
    if m is not None and seat in m.members:
        if m.step == "sacrifice":
            if seat in m.owing:
                raise RuleError("Send a die to the Infirmary first (`/armada sacrifice`), or `/armada giveup`.")
            raise RuleError("Waiting for your teammates to send a die to the Infirmary.")
        return await table.act(ctx, {"type": "done"})
    if state.phase == "ambush" and seat == state.savior:
        return await table.act(ctx, {"type": "pass"})
    if state.players[seat].offer_kind:
        return await table.act(ctx, {"type": "close"})
    raise RuleError("There is no step to end right now; `/armada end-turn` ends your turn.")
