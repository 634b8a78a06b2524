"""Deep Space D-6: Armada at the table: one function per player decision, private views,
autocomplete and console commands. No Discord here; ``cogs/armada.py`` is a thin adapter.

Every decision builds the engine's action dict from what the player typed (names, numbers,
``#3`` for dice), translating and checking it with a clear :class:`RuleError`, then plays it
with :meth:`Table.act`. Autocomplete comes from the engine's ``legal()`` for the asking seat.

Console (same names as the slash commands)::

    /armada travel to:Kagawa          /armada buy            /armada buy module:lotus-laser
    /armada engage target:3           /armada assign die:2 station:4 target:1
    /armada end-step                  /armada end-turn       /armada view ship
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from render import render_board
from render.armada import ship_board, table_picture
from rules.armada import SYSTEM
from rules.armada.choices import split_name
from rules.armada.combat import STATION_WORDS, enemy_action_text, enemy_def
from rules.armada.content import CONTENT as C
from rules.armada.finals import event_for
from rules.armada.helpers import face_name, has_kind, locations, module_at, planet_links, station_of
from rules.armada.state import Die, Fleet, State
from rules.core import Action, RuleError, normalise
from sessions.errors import SessionError

from .commands import Ctx, SeatContext, Table
from .replies import Reply

log = logging.getLogger("starhost.armada")

SYSTEM_ID = "armada"
MAX_CHOICES = 25
Choices = list[tuple[str, str]]

# -- small helpers -----------------------------------------------------------------------------


async def _context(table: Table, ctx: Ctx) -> SeatContext:
    return await table.seat_context(ctx, SYSTEM_ID)


async def _seated(table: Table, ctx: Ctx) -> tuple[SeatContext, State, int]:
    sc = await _context(table, ctx)
    seat = sc.require_seat()
    return sc, sc.state, seat  # type: ignore[return-value]


async def _act(table: Table, ctx: Ctx, action: Action) -> Reply:
    """Play the action. The engine's prompts and refusals are plain English naming no notation,
    so they pass through as they are; ``next_steps`` names our commands."""
    return await table.act(ctx, action)


def _legal(sc: SeatContext, seat: int) -> list[Action]:
    return sc.system.legal(sc.state, seat)


def _clip(text: str, n: int = 100) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _filter(choices: Iterable[tuple[str, str]], typed: str) -> Choices:
    wanted = normalise(typed or "")
    out: Choices = []
    seen: set[str] = set()
    for label, value in choices:
        value = str(value)[:100]
        if value in seen or not value:
            continue
        if wanted and wanted not in label.lower() and wanted not in value.lower():
            continue
        seen.add(value)
        out.append((_clip(label), value))
        if len(out) >= MAX_CHOICES:
            break
    return out


def _blank(value: str | None) -> bool:
    return value is None or not str(value).strip()


def _sym(req: Iterable[str]) -> str:
    """Symbols in words; an entry with a ``/`` names alternatives ("Tactical or Engineering")."""
    names = [" or ".join(face_name(alt) if alt != "*" else "any" for alt in s.split("/")) for s in req]
    return " + ".join(names) if names else "no crew (works on its own)"


def effect_text(mid: str) -> str:
    """What one activation of a module does: its one-line description from data/armada/modules.toml."""
    m = C.modules.get(mid)
    return m.text if m is not None else ""


def _die_text(die: Die) -> str:
    who = C.heroes[die.hero].name if die.hero else "crew"
    face = face_name(die.face) if die.face else "not rolled"
    return f"#{die.id} {who}: {face}"


def _die_where(die: Die) -> str:
    return {
        "crew": "ready",
        "rolled": "rolled, waiting",
        "station": f"on station {die.station}" if die.station <= 6 else "on a card",
        "infirmary": "in the Infirmary",
        "locked": f"locked on station {die.station}",
        "escape": "on the Escape card",
        "mission": f"on section {die.section + 1}",
    }.get(die.loc, die.loc)


def _captain_label(state: State, seat: int) -> str:
    p = state.players[seat]
    crit = ", CRITICAL" if p.critical else ""
    return f"{seat + 1}: {state.seats[seat]} ({C.ships[p.ship].name} at {p.planet}{crit})"


def _ship_name(state: State, fleet: Fleet, pos: int) -> str:
    ship = fleet.ships[pos - 1]
    if ship.card == "?" or not ship.revealed:
        return f"{pos}: face-down ship"
    e = enemy_def(ship)
    return f"{pos}: {e.name} (hull {e.hull - ship.damage}/{e.hull}, shields {ship.shields})"


def _fleet_label(state: State, fleet: Fleet) -> str:
    hidden = sum(1 for s in fleet.ships if not s.revealed or s.card == "?")
    shown = [enemy_def(s).name for s in fleet.ships if s.revealed and s.card != "?"]
    parts = shown + ([f"{hidden} unknown"] if hidden else [])
    return f"Fleet {fleet.token} at {fleet.planet}: {len(fleet.ships)} ship(s) ({', '.join(parts) or 'empty'})"


def _planet_label(state: State, planet: str) -> str:
    tags = []
    if planet in C.planets:
        if C.planets[planet].shipyard:
            tags.append("shipyard")
        if C.planets[planet].waystation:
            tags.append("waystation")
    fleets = sum(1 for f in state.fleets if f.planet == planet)
    beacons = sum(1 for b in state.beacons if b.planet == planet)
    extra = f" · {fleets} fleet(s), {beacons} beacon(s)"
    return f"{planet}" + (f" ({', '.join(tags)})" if tags else "") + extra


def _module_label(state: State, seat: int, mid: str, *, with_price: bool = False) -> str:
    m = C.modules.get(mid)
    if m is None:
        return mid
    if with_price:
        from rules.armada.planning import price

        return f"{m.name} [{mid}] · {price(state, seat, mid)} cr · {_short_req(m.req)}: {effect_text(mid)}"
    return f"{m.name} [{mid}] · {_short_req(m.req)}: {effect_text(mid)}"


def _short_req(req: Iterable[str]) -> str:
    letters = "".join(req)
    return letters if letters else "passive"


def _hero_label(state: State, seat: int, hid: str) -> str:
    h = C.heroes.get(hid)
    if h is None:
        return hid
    from rules.armada.planning import hire_cost

    return f"{h.name} [{hid}] · {hire_cost(state, seat, hid)} cr · {h.role}: {h.text}"


# -- translating typed names -------------------------------------------------------------------


def _planet(state: State, text: str | None) -> str:
    if _blank(text):
        raise RuleError("Say which planet, for example Kagawa.")
    wanted = normalise(str(text))
    places = locations(state)
    for p in places:
        if normalise(p) == wanted:
            return p
    starts = [p for p in places if normalise(p).startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    raise RuleError(f"There is no planet '{str(text).strip()[:30]}'. Planets: {', '.join(places)}.")


def _captain(state: State, text: str | None, *, what: str = "captain") -> int:
    """A seat from a seat number, a player name or a ship name/id; returns the 0-based seat."""
    if _blank(text):
        raise RuleError(f"Say which {what}: a seat number or a name.")
    raw = str(text).strip()
    head = raw.split(":")[0].strip().lstrip("#@")
    if _isnum(head):
        n = int(head)
        if 1 <= n <= len(state.seats):
            return n - 1
        raise RuleError(f"Seats are numbered 1 to {len(state.seats)}.")
    wanted = normalise(raw)
    for i, name in enumerate(state.seats):
        if normalise(name) == wanted:
            return i
    for i, p in enumerate(state.players):
        if wanted in (p.ship, normalise(C.ships[p.ship].name)):
            return i
    names = ", ".join(f"{i + 1} {n}" for i, n in enumerate(state.seats))
    raise RuleError(f"There is no {what} '{raw[:30]}' at this table. Captains: {names}.")


def _module(text: str | None, pool: Iterable[str] | None = None) -> str:
    if _blank(text):
        raise RuleError("Say which module (pick one from the list).")
    raw = str(text).strip()
    inner = raw.rsplit("[", 1)[-1].rstrip("]").strip() if "[" in raw else raw
    wanted = normalise(inner)
    if wanted in C.modules:
        return wanted
    candidates = list(pool) if pool is not None else list(C.modules)
    for mid in candidates:
        if normalise(C.modules[mid].name) == wanted:
            return mid
    for mid in C.modules:
        if normalise(C.modules[mid].name) == wanted:
            return mid
    raise RuleError(f"There is no module called '{raw[:40]}'. Pick one from the suggestions.")


def _hero(text: str | None) -> str:
    if _blank(text):
        raise RuleError("Say which hero (pick one from the list).")
    raw = str(text).strip()
    inner = raw.rsplit("[", 1)[-1].rstrip("]").strip() if "[" in raw else raw
    wanted = normalise(inner)
    if wanted in C.heroes:
        return wanted
    for hid, h in C.heroes.items():
        if normalise(h.name) == wanted:
            return hid
    raise RuleError(f"There is no hero called '{raw[:40]}'. Pick one from the suggestions.")


def _isnum(text: str) -> bool:
    """Plain ASCII digits of a sane length (``"²".isdigit()`` is true but int() refuses it)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _first_word(text: object) -> str:
    words = str(text or "").strip().lstrip("#").split()
    return words[0] if words else ""


def _die(state: State, seat: int, text: str | None) -> int:
    if _blank(text):
        raise RuleError("Say which die by its number, for example 3 (see /armada view ship).")
    raw = _first_word(text).split(":")[0].lstrip("#")
    if not _isnum(raw) or len(raw) > 6:
        raise RuleError(f"'{str(text).strip()[:20]}' is not a die number; dice are numbered like #3.")
    number = int(raw)
    die = next((d for d in state.dice if d.id == number), None)
    if die is None:
        raise RuleError(f"There is no die #{number}.")
    if die.owner != seat:
        raise RuleError(f"Die #{number} is not one of your crew.")
    return number


def _fleet(state: State, text: str | None) -> int:
    if _blank(text):
        raise RuleError("Say which fleet by its number, for example 3.")
    raw = normalise(str(text)).replace("fleet", "").strip().lstrip("f#").split(" ")[0].split(":")[0]
    if not _isnum(raw):
        raise RuleError(f"'{str(text).strip()[:20]}' is not a fleet number.")
    token = int(raw)
    if not any(f.token == token for f in state.fleets):
        tokens = ", ".join(str(f.token) for f in state.fleets) or "none"
        raise RuleError(f"There is no fleet {token}. Fleets in play: {tokens}.")
    return token


def _beacon(state: State, text: str | None) -> int:
    if _blank(text):
        raise RuleError("Say which beacon by its event number, for example 12.")
    raw = normalise(str(text)).replace("beacon", "").replace("event", "").strip().lstrip("#").split(" ")[0]
    raw = raw.split(":")[0]
    if not _isnum(raw):
        raise RuleError(f"'{str(text).strip()[:20]}' is not a beacon number.")
    number = int(raw)
    if not any(b.event == number for b in state.beacons):
        shown = ", ".join(f"{b.event}@{b.planet}" for b in state.beacons) or "none"
        raise RuleError(f"There is no beacon {number} in play. Beacons: {shown}.")
    return number


def _team(state: State, text: str | None, seat: int) -> list[str]:
    if _blank(text):
        return []
    parts = [p for p in str(text).replace(",", " ").split() if p]
    seats: list[str] = []
    for part in parts:
        other = _captain(state, part, what="teammate")
        if other == seat:
            raise RuleError("You are already in your own team; name the other captains.")
        if str(other + 1) not in seats:
            seats.append(str(other + 1))
    if len(seats) > 3:
        raise RuleError("Name up to three teammates.")
    return seats


def _station_value(state: State, seat: int, text: str | None) -> str:
    """Station 1-6 (or a module name), infirmary, escape, swap; returned as the engine's value."""
    if _blank(text):
        raise RuleError("Say which station: 1 to 6, infirmary, escape or swap.")
    raw = normalise(str(text)).split(":")[0].strip()
    raw = raw.removeprefix("station").strip()
    if raw in STATION_WORDS:
        return raw
    if _isnum(raw):
        return raw
    if len(raw) == 2 and raw[0] == "s" and _isnum(raw[1]):
        return raw
    player = state.players[seat]
    for n in range(1, 7):
        m = module_at(player, n)
        if m and normalise(str(text)) in (m.id, normalise(m.name)):
            return str(n)
    raise RuleError(f"'{str(text).strip()[:30]}' is not a station: use 1 to 6, infirmary, escape or swap.")


EXTRA_KEYS = ("target", "action", "mode", "ally", "crew", "hull_to_one", "extra")


def _extras(state: State, text: str | None) -> dict[str, Any]:
    """``2`` -> target 2; ``target=2 action=1`` / ``ally=bob mode=send crew=5`` -> those keys."""
    if _blank(text):
        return {}
    out: dict[str, Any] = {}
    for token in str(text).replace(";", " ").split():
        key, sep, value = token.partition("=")
        if not sep:
            key, value = "target", token
        key = key.strip().lower()
        if key not in EXTRA_KEYS:
            raise RuleError(f"'{key[:20]}' is not a choice here; use a target number or {', '.join(EXTRA_KEYS)}.")
        if key == "ally":
            value = str(_captain(state, value, what="ally") + 1)
        elif key in ("crew", "extra"):
            value = ",".join(v.lstrip("#") for v in value.split(",") if v.strip("#"))
        if key == "target" and "target" in out:
            value = f"{out['target']},{value}"
        out[key] = value.strip()
    return out


def _extras_text(action: Mapping[str, Any], skip: Iterable[str]) -> str:
    skip = set(skip)
    return " ".join(
        f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in action.items() if k not in skip
    )


# -- decisions -----------------------------------------------------------------------------------


async def travel(table: Table, ctx: Ctx, to: str | None) -> Reply:
    _, state, seat = await _seated(table, ctx)
    dest = _planet(state, to)
    here = state.players[seat].planet
    if dest == here:
        raise RuleError(f"You are already at {dest}.")
    return await _act(table, ctx, {"type": "travel", "to": dest})


async def repair(table: Table, ctx: Ctx) -> Reply:
    await _seated(table, ctx)
    return await _act(table, ctx, {"type": "repair"})


TRADE_WHAT = ("credits", "module", "hero")


def _trade_kind(what: str | None, *, wanted: bool = False) -> str:
    kind = normalise(what or "")
    if kind in ("credit", "cr"):
        kind = "credits"
    if kind not in TRADE_WHAT:
        raise RuleError(f"Say what {'you want back' if wanted else 'to give'}: credits, module or hero.")
    return kind


def _trade_value(state: State, seat: int, kind: str, value: str | None) -> int | str:
    if kind == "credits":
        raw = (value or "1").strip()
        if not _isnum(raw) or int(raw) < 1:
            raise RuleError("Give credits as a whole number of at least 1.")
        return int(raw)
    if kind == "module":
        return _module(value, state.players[seat].storage)
    return _hero(value)


async def trade(
    table: Table,
    ctx: Ctx,
    captain: str | None,
    what: str | None,
    value: str | None,
    for_what: str | None = None,
    for_value: str | None = None,
) -> Reply:
    """Give something to a captain here, or (with ``for_what``) offer them a swap they answer."""
    _, state, seat = await _seated(table, ctx)
    to = _captain(state, captain)
    if to == seat:
        raise RuleError("Trade with another captain at your planet.")
    kind = _trade_kind(what)
    action: dict[str, Any] = {
        "type": "give",
        "to": to + 1,
        "what": kind,
        "value": _trade_value(state, seat, kind, value),
    }
    if not _blank(for_what):
        back = _trade_kind(for_what, wanted=True)
        action = {
            **action,
            "type": "trade",
            "value": str(action["value"]),
            "for_what": back,
            "for_value": str(_trade_value(state, to, back, for_value)),
        }
    return await _act(table, ctx, action)


async def answer(table: Table, ctx: Ctx, reply: str | None) -> Reply:
    """Accept or decline the swap offered to you (the captain who offered may withdraw it), or answer
    a choice the rules give you (where to fall back, the scrap split, a vote, a knocked-out die)."""
    _, state, _seat = await _seated(table, ctx)
    if _deciding(state):
        return await decide(table, ctx, reply)
    word = normalise(reply or "")
    if word in ("accept", "yes", "y", "ok"):
        return await _act(table, ctx, {"type": "accept_trade"})
    if word in ("decline", "no", "n", "withdraw", "refuse"):
        return await _act(table, ctx, {"type": "decline_trade"})
    raise RuleError("Answer the trade offer with accept or decline.")


async def buy(table: Table, ctx: Ctx, module: str | None = None) -> Reply:
    """Without a module: open the shipyard (the Buy/Configure action draws 3 modules)."""
    _, state, seat = await _seated(table, ctx)
    player = state.players[seat]
    if _blank(module):
        if player.offer_kind == "shop":
            raise RuleError("The shipyard is already open: pick a module to buy, configure, or /armada end-step.")
        return await _act(table, ctx, {"type": "shop"})
    mid = _module(module, player.offer)
    if player.offer_kind != "shop":
        raise RuleError("Open the shipyard first: /armada buy with no module (it uses one action).")
    return await _act(table, ctx, {"type": "buy", "module": mid})


async def sell(table: Table, ctx: Ctx, module: str | None) -> Reply:
    _, state, seat = await _seated(table, ctx)
    mid = _module(module, state.players[seat].storage)
    return await _act(table, ctx, {"type": "sell", "module": mid})


async def configure(table: Table, ctx: Ctx, station: str | None, module: str | None) -> Reply:
    """Install a stored module on station 1-6, or ``module:storage`` to take one off."""
    _, state, seat = await _seated(table, ctx)
    raw = (station or "").strip()
    if not _isnum(raw) or not 1 <= int(raw) <= 6:
        raise RuleError("Say which station to configure: 1 to 6.")
    number = int(raw)
    if normalise(module or "") in ("storage", "store", "remove", "none", "empty"):
        if state.combat is None and state.players[seat].offer_kind != "shop":
            raise RuleError(
                "Configuring is part of the Buy/Configure action: open the shipyard with /armada buy first."
            )
        return await _act(table, ctx, {"type": "store", "station": number})
    mid = _module(module, state.players[seat].storage)
    player = state.players[seat]
    in_combat = state.combat is not None
    if not in_combat and player.offer_kind != "shop" and not C.modules[mid].cargo:
        raise RuleError("Configuring is part of the Buy/Configure action: open the shipyard with /armada buy first.")
    return await _act(table, ctx, {"type": "install", "module": mid, "station": number})


async def hire(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    """Without a hero: visit the waystation (draws 3 heroes)."""
    _, state, seat = await _seated(table, ctx)
    player = state.players[seat]
    if _blank(hero):
        if player.offer_kind == "hire":
            raise RuleError("The waystation is already open: pick a hero to hire, or /armada end-step.")
        return await _act(table, ctx, {"type": "recruit"})
    hid = _hero(hero)
    if player.offer_kind != "hire":
        raise RuleError("Visit the waystation first: /armada hire with no hero (it uses one action).")
    return await _act(table, ctx, {"type": "hire", "hero": hid})


async def engage(
    table: Table, ctx: Ctx, target: str | None, teammates: str | None = None, frontline: str | None = None
) -> Reply:
    """Fight a fleet (with teammates), challenge the Galactic Savior, or (as the Savior) attack a captain."""
    _, state, seat = await _seated(table, ctx)
    raw = normalise(target or "")
    if state.phase == "ambush":
        if raw in ("pass", "none", "no"):
            return await _act(table, ctx, {"type": "pass"})
        victim = _captain(state, raw.removeprefix("captain").strip())
        return await _act(table, ctx, {"type": "attack", "target": victim + 1})
    if raw in ("savior", "galactic savior", "the galactic savior", "challenge"):
        return await _act(table, ctx, {"type": "challenge"})
    action: dict[str, Any] = {"type": "fight", "fleet": _fleet(state, target)}
    team = _team(state, teammates, seat)
    if team:
        action["team"] = team
    if not _blank(frontline):
        action["frontline"] = _captain(state, frontline, what="Frontline captain") + 1
    return await _act(table, ctx, action)


async def mission(table: Table, ctx: Ctx, beacon: str | None, teammates: str | None = None) -> Reply:
    _, state, seat = await _seated(table, ctx)
    action: dict[str, Any] = {"type": "mission", "event": _beacon(state, beacon)}
    team = _team(state, teammates, seat)
    if team:
        action["team"] = team
    return await _act(table, ctx, action)


async def deliver(table: Table, ctx: Ctx) -> Reply:
    await _seated(table, ctx)
    return await _act(table, ctx, {"type": "deliver"})


async def scan(table: Table, ctx: Ctx, fleet: str | None) -> Reply:
    _, state, _ = await _seated(table, ctx)
    return await _act(table, ctx, {"type": "scan", "fleet": _fleet(state, fleet)})


async def roll(table: Table, ctx: Ctx) -> Reply:
    """Roll the next batch: gather and roll a new Combat round, or end a mission roll (Try Again)."""
    _, state, seat = await _seated(table, ctx)
    c = state.combat
    if c is not None and seat in c.members and c.step == "gather":
        return await _act(table, ctx, {"type": "gather"})
    m = state.mission
    if m is not None and seat in m.members and m.step == "assign":
        return await _act(table, ctx, {"type": "done"})
    if c is not None and seat in c.members:
        raise RuleError("Your dice are rolled: assign them (/armada assign), then /armada end-step.")
    raise RuleError(
        "Crew dice roll by themselves: when a Combat round or an Away Mission starts, and for /armada repair."
    )


async def assign(table: Table, ctx: Ctx, die: str | None, station: str | None, target: str | None = None) -> Reply:
    """Put a rolled die on a station (Combat), a mission section (Away Mission) or the Escape card."""
    _, state, seat = await _seated(table, ctx)
    die_id = _die(state, seat, die)
    m = state.mission
    if m is not None and seat in m.members:
        raw = normalise(station or "").removeprefix("section").strip().split(":")[0].strip()
        if not _isnum(raw):
            raise RuleError(f"Say which mission section: 1 to {len(m.need)}.")
        return await _act(table, ctx, {"type": "assign", "die": die_id, "section": int(raw)})
    if state.combat is None or seat not in state.combat.members:
        raise RuleError("Dice are assigned in Combat or on an Away Mission; you are in neither.")
    action: dict[str, Any] = {"type": "assign", "die": die_id, "station": _station_value(state, seat, station)}
    action.update(_extras(state, target))
    return await _act(table, ctx, action)


async def reroll(table: Table, ctx: Ctx, dice: str | None) -> Reply:
    _, state, seat = await _seated(table, ctx)
    raw = normalise(dice or "")
    rolled = [d for d in state.dice if d.owner == seat and d.loc == "rolled"]
    if raw in ("all", ""):
        ids = [d.id for d in rolled]
    elif raw in ("blank", "blanks"):
        ids = [d.id for d in rolled if d.face == "-"]
    else:
        ids = [_die(state, seat, p) for p in raw.replace(",", " ").split()]
    if not ids:
        raise RuleError("You have no rolled dice to reroll.")
    return await _act(table, ctx, {"type": "reroll", "dice": ids})


async def escape(table: Table, ctx: Ctx, die: str | None = None, hull_to_one: bool = False) -> Reply:
    """Step 4: start an escape attempt instead of gathering; then put dice on the Escape card."""
    _, state, seat = await _seated(table, ctx)
    c = state.combat
    if c is None or seat not in c.members:
        raise RuleError("You can only escape from a Combat you are in.")
    if _blank(die):
        if c.step == "escape":
            raise RuleError("The escape is under way: pick a die for the Escape card (die option).")
        return await _act(table, ctx, {"type": "escape"})
    if c.step != "escape":
        raise RuleError("First start the escape in step 4 (/armada escape with no die), then place dice.")
    action: dict[str, Any] = {"type": "assign", "die": _die(state, seat, die), "station": "escape"}
    if hull_to_one:
        action["hull_to_one"] = "yes"
    return await _act(table, ctx, action)


async def swap(table: Table, ctx: Ctx, die: str | None) -> Reply:
    _, state, seat = await _seated(table, ctx)
    if state.combat is None or seat not in state.combat.members:
        raise RuleError("Tactic: Swap is used in Team Combat.")
    return await _act(table, ctx, {"type": "assign", "die": _die(state, seat, die), "station": "swap"})


async def sacrifice(table: Table, ctx: Ctx, die: str | None) -> Reply:
    _, state, seat = await _seated(table, ctx)
    return await _act(table, ctx, {"type": "sacrifice", "die": _die(state, seat, die)})


async def giveup(table: Table, ctx: Ctx) -> Reply:
    _, state, seat = await _seated(table, ctx)
    if state.mission is None or seat not in state.mission.members:
        raise RuleError("You are not on an Away Mission.")
    return await _act(table, ctx, {"type": "giveup"})


async def ram(table: Table, ctx: Ctx, amount: str | int | None, target: str | None = None) -> Reply:
    _, state, _ = await _seated(table, ctx)
    raw = str(amount if amount is not None else "1").strip()
    if not _isnum(raw) or int(raw) < 1:
        raise RuleError("Say how much Hull to spend on the ram: a whole number of at least 1.")
    action: dict[str, Any] = {"type": "ram", "amount": int(raw)}
    if not _blank(target):
        action.update(_extras(state, target))
    return await _act(table, ctx, action)


async def relay(table: Table, ctx: Ctx) -> Reply:
    await _seated(table, ctx)
    return await _act(table, ctx, {"type": "relay"})


HERO_TYPES = ("lockon", "parley", "setface", "copy", "rose")


async def hero(table: Table, ctx: Ctx, ability: str | None) -> Reply:
    """A hero's own move in Combat (Lock On, Parley, Kino, Setsuna, Rose Palroy), as notation."""
    sc, state, seat = await _seated(table, ctx)
    if _blank(ability):
        raise RuleError("Pick a hero move from the suggestions.")
    text = str(ability).strip()
    kind = normalise(text).split(" ")[0]
    if kind not in HERO_TYPES:
        raise RuleError(f"Hero moves are: {', '.join(HERO_TYPES)} (pick one from the suggestions).")
    action = sc.system.parse(text, state, seat)
    return await _act(table, ctx, action)


async def end_step(table: Table, ctx: Ctx) -> Reply:
    """Finish the step you are in: Combat step 1, an escape attempt, a mission roll, a shop or waystation."""
    sc, state, seat = await _seated(table, ctx)
    if _deciding(state):
        mine = [p for p in sc.system.pending(state) if p.seat == seat]
        if not mine:
            raise RuleError("Waiting for another captain's choice (" + _waiting_choice(state) + ").")
        return await _act(table, ctx, dict(mine[0].default or {}))  # the safe default answer
    c = state.combat
    if c is not None and seat in c.members:
        step = {"assign": "done", "escape": "done", "gather": "gather", "relay": "accept"}.get(c.step, "done")
        return await _act(table, ctx, {"type": step})
    m = state.mission
    if m is not None and seat in m.members:
        if m.step == "sacrifice":
            if seat in m.owing:
                raise RuleError("Send a die to the Infirmary first (/armada sacrifice), or /armada giveup.")
            raise RuleError("Waiting for your teammates to send a die to the Infirmary.")
        return await _act(table, ctx, {"type": "done"})
    if state.phase == "ambush" and seat == state.savior:
        return await _act(table, ctx, {"type": "pass"})
    if state.players[seat].offer_kind:
        return await _act(table, ctx, {"type": "close"})
    raise RuleError("There is no step to end right now; /armada end-turn ends your turn.")


DECIDE_TYPES = ("retreat", "split", "agree", "vote", "knockout")


def _deciding(state: State) -> bool:
    """A choice the rules give a captain is open (fall back, scrap split, vote, knocked-out die)."""
    c = state.combat
    return bool(state.retreats) or state.split is not None or state.vote is not None or bool(c and c.knockouts)


def _waiting_choice(state: State) -> str:
    if state.retreats:
        return ", ".join(state.seats[r.seat] for r in state.retreats) + " choosing where to fall back"
    if state.split is not None:
        return f"the team agreeing on the {split_name(state.split)} split"
    if state.vote is not None:
        return "the captains voting on a tie"
    c = state.combat
    if c is not None and c.knockouts:
        return ", ".join(state.seats[s] for s in c.knockouts) + " choosing a knocked-out die"
    return "nothing"


def decide_label(state: State, action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    if kind == "retreat":
        return f"Fall back to {_planet_label(state, str(action.get('to')))}"
    if kind == "agree" and state.split is not None:
        shares = ", ".join(
            f"{state.seats[m]} {n}" for m, n in zip(state.split.members, state.split.shares, strict=True)
        )
        return f"Accept the split: {shares}"
    if kind == "split" and state.split is not None:
        raw = action.get("shares", [])
        shares = ", ".join(f"{state.seats[m]} {n}" for m, n in zip(state.split.members, raw, strict=False))
        return f"Propose: {shares}"
    if kind == "vote":
        return f"Vote for {_captain_label(state, int(action.get('for', 1)) - 1)}"
    if kind == "knockout":
        die = _die_by_id(state, action.get("die"))
        return f"Send {_die_text(die) if die else action.get('die')} to the Infirmary"
    return str(kind)


async def decide(table: Table, ctx: Ctx, choice: str | None) -> Reply:
    """Answer a choice the rules give you: where to fall back, the scrap split, a vote, a knocked-out die."""
    sc, state, seat = await _seated(table, ctx)
    if _blank(choice):
        raise RuleError("Pick your answer from the suggestions (or /armada end-step takes the default).")
    text = str(choice).strip()
    kind = normalise(text).split(" ")[0]
    if kind not in DECIDE_TYPES:
        raise RuleError(
            "Answers are: fall back (retreat), split, agree, vote, knockout; pick one from the suggestions."
        )
    return await _act(table, ctx, sc.system.parse(text, state, seat))


async def end_turn(table: Table, ctx: Ctx) -> Reply:
    _, state, seat = await _seated(table, ctx)
    if state.combat is not None and seat in state.combat.members:
        raise RuleError("Finish the Combat first: /armada end-step ends your step 1, /armada escape leaves it.")
    if state.mission is not None and seat in state.mission.members:
        raise RuleError("Finish the Away Mission first: /armada end-step rolls again, /armada giveup abandons it.")
    return await _act(table, ctx, {"type": "end"})


# -- private views ---------------------------------------------------------------------------------


async def _viewer(table: Table, ctx: Ctx) -> tuple[SeatContext, State]:
    sc = await _context(table, ctx)
    check = getattr(table, "_require_viewer", None)
    if sc.seat is None and check is not None:
        await check(ctx, sc.record)
    return sc, sc.my_view()  # type: ignore[return-value]


def ship_lines(state: State, seat: int, *, own: bool) -> list[str]:
    p = state.players[seat]
    ship = C.ships[p.ship]
    free = has_kind(p, "free_travel") is not None
    status = []
    if p.critical:
        status.append("**CRITICAL DAMAGE**")
    if p.out:
        status.append("out of the game")
    if seat == state.savior:
        status.append("Galactic Savior")
    lines = [
        f"**{state.seats[seat]}** — {ship.name} at **{p.planet}** " + " ".join(status),
        f"Shield {p.shield}/{p.max_shield} · Hull {p.hull}/{p.max_hull} · {p.credits} credits · "
        f"{p.actions} action(s) left" + (" · free travel ready" if p.free_travel and free else ""),
        "",
        "**Stations**",
    ]
    numbers = [*range(1, 7), *range(11, 11 + len(p.extension))]
    for n in numbers:
        st = station_of(p, n)
        m = module_at(p, n)
        if m is None:
            lines.append(f"`{n}` — empty")
            continue
        flags = []
        if st.offline and not m.never_offline:
            flags.append("OFFLINE")
        if st.counters:
            flags.append(f"{st.counters} counters")
        if st.partial:
            flags.append(f"still needs {_sym(st.partial)}")
        covered = f" (covers {C.modules[st.base].name})" if st.module and st.base else ""
        dice = [d for d in state.dice if d.owner == seat and d.loc in ("station", "locked") and d.station == n]
        on = f" · dice {' '.join('#' + str(d.id) for d in dice)}" if dice else ""
        extra = f" [{', '.join(flags)}]" if flags else ""
        lines.append(f"`{n}` {m.name}{covered} — needs {_sym(m.req)} → {effect_text(m.id)}{extra}{on}")
    crew = [d for d in state.dice if d.owner == seat]
    lines += ["", f"**Crew dice** ({len(crew)})"]
    lines += [f"{_die_text(d)} — {_die_where(d)}" for d in crew] or ["none"]
    if p.heroes:
        lines += ["", "**Heroes**"] + [f"{C.heroes[h].name}: {C.heroes[h].text}" for h in p.heroes]
    if p.storage:
        lines += ["", "**Storage**: " + ", ".join(f"{C.modules[m].name} [{m}]" for m in p.storage)]
    if p.data:
        lines.append(f"**Data tokens**: {', '.join(p.data)}")
    if own and p.offer_kind == "shop":
        lines += [
            "",
            "**Shipyard offer**: "
            + (", ".join(_module_label(state, seat, m, with_price=True) for m in p.offer) or "nothing"),
        ]
    if own and p.offer_kind == "hire":
        lines += ["", "**For hire**: " + (", ".join(_hero_label(state, seat, h) for h in p.offer) or "nobody")]
    return lines


def next_steps(state: State, seat: int) -> str:
    """What this captain can do now, in our command names."""
    if state.phase == "over":
        return "The game is over."
    p = state.players[seat]
    if _deciding(state):
        c = state.combat
        if any(r.seat == seat for r in state.retreats):
            return (
                "Your ship falls back: /armada answer picks the nearby planet (/armada end-step keeps the one shown)."
            )
        if state.split is not None and seat in state.split.members and seat not in state.split.accepted:
            return "Scrap split: /armada answer accepts it or proposes another (/armada end-step accepts the even one)."
        if state.vote is not None and seat in state.vote.voters and seat not in state.vote.votes:
            return "Vote on a tie: /armada answer picks a captain (/armada end-step votes for the first tied)."
        if c is not None and c.knockouts.get(seat):
            return "An enemy knocked out your crew: /armada answer picks the die for the Infirmary."
        return "Waiting for " + _waiting_choice(state) + "."
    t = state.trade
    if t is not None and seat in (t.seat, t.to):
        if seat == t.to:
            return (
                f"{state.seats[t.seat]} offers you a swap: /armada answer reply:accept takes it, "
                "/armada answer reply:decline refuses."
            )
        return f"Waiting for {state.seats[t.to]} to answer your swap (/armada answer reply:decline withdraws it)."
    c = state.combat
    if c is not None and seat in c.members:
        if c.pvp and c.turn_of not in (-1, seat) and c.step in ("assign", "escape"):
            return "Your opponent is taking their step 1."
        if c.step == "assign":
            if seat in c.finished:
                return "Waiting for your teammates to finish step 1."
            return (
                "Combat step 1: /armada assign dice to stations (the suggestions show what fits), "
                "/armada reroll first if you have rerolls, then /armada end-step."
            )
        if c.step == "gather":
            lead = c.seat if c.seat in c.members else c.members[0]
            if seat != lead:
                return f"Step 4: {state.seats[lead]} gathers the crew (/armada roll) or tries to escape."
            return "Step 4: /armada roll gathers the crew for the next round, or /armada escape tries to flee."
        if c.step == "escape":
            return "Escape attempt: /armada escape die:<n> puts dice on the Escape card; /armada end-step stops."
        if c.step == "relay":
            return "/armada relay pays 1 credit to reroll the enemy die; /armada end-step accepts it."
    m = state.mission
    if m is not None and seat in m.members:
        if m.step == "sacrifice":
            if seat in m.owing:
                return "Try Again: /armada sacrifice die:<n> sends a die to the Infirmary, or /armada giveup."
            return "Waiting for a teammate to send a die to the Infirmary."
        return (
            "Away Mission: /armada assign die:<n> station:<section>, then /armada end-step to roll again "
            "(or /armada giveup)."
        )
    if state.phase == "ambush":
        if seat == state.savior:
            return "Galactic Savior: /armada engage target:<captain> to attack, or /armada end-step to hold fire."
        return "The Galactic Savior decides whether to attack."
    if p.offer_kind == "shop":
        return "Shipyard open: /armada buy module:<m>, /armada configure station:<n> module:<m>, /armada end-step."
    if p.offer_kind == "hire":
        return "Waystation open: /armada hire hero:<h>, then /armada end-step."
    if state.active not in (-1, seat):
        return f"{state.seats[state.active]} is taking a turn; yours comes after."
    if state.phase == "planning":
        if p.done:
            return "Your Planning turn is over; wait for the others."
        return (
            f"Planning ({p.actions} action(s) left): /armada travel, repair, trade, buy, hire; "
            "/armada end-turn when done."
        )
    if state.phase == "encounter":
        if seat in state.encountered:
            return "Your Encounter turn is over; wait for the others."
        fleets = [f.token for f in state.fleets if f.planet == p.planet and not f.fresh]
        if fleets and not p.critical:
            return f"Encounter: fleet {fleets[0]} is here: /armada engage target:{fleets[0]} (teammates optional)."
        beacons = [b.event for b in state.beacons if b.planet == p.planet and b.carrier < 0]
        if beacons and not p.critical:
            return f"Encounter: /armada mission beacon:{beacons[0]} answers a beacon, or /armada end-turn."
        return "Encounter: nothing to fight here; /armada end-turn."
    return "Nothing to decide right now."


async def view_ship(table: Table, ctx: Ctx, captain: str | None = None) -> Reply:
    sc, state = await _viewer(table, ctx)
    if _blank(captain):
        if sc.seat is None:
            raise SessionError("You have no ship here; name a captain to look at theirs.")
        seat = sc.seat
    else:
        seat = _captain(state, captain)
    lines = ship_lines(state, seat, own=seat == sc.seat)
    if seat == sc.seat:
        lines = [*lines, "", f"**Your move**: {next_steps(state, seat)}"]
    if state.combat is not None and seat in state.combat.members:
        c = state.combat
        lines += [
            "",
            f"In Combat with fleet {c.fleet}, round {c.round}, step {c.step}; enemy die {c.enemy_die or '-'}.",
        ]

    def image() -> bytes:
        return ship_board(state, seat)

    return Reply(title=f"Ship of {state.seats[seat]}", lines=lines, image=image, image_name="ship.png", ephemeral=True)


def _enemy_lines(state: State, fleet: Fleet) -> list[str]:
    out = []
    for pos, ship in enumerate(fleet.ships, start=1):
        if ship.card == "?" or not ship.revealed:
            out.append(f"  `{pos}` face-down ship")
            continue
        e = enemy_def(ship)
        acts = "; ".join(f"on {','.join(map(str, a.on))}: {enemy_action_text(state, a)}" for a in e.actions)
        passives = f" · {', '.join(e.passives)}" if e.passives else ""
        out.append(
            f"  `{pos}` **{e.name}** ({e.faction} {e.type}) hull {e.hull - ship.damage}/{e.hull}, "
            f"shields {ship.shields}/{e.shield}, scrap {e.scrap}"
            f"{' · timers ' + str(ship.timers) if ship.timers else ''}"
            f" — {acts}{passives}"
        )
    return out


async def view_fleets(table: Table, ctx: Ctx) -> Reply:
    _, state = await _viewer(table, ctx)
    lines: list[str] = []
    for f in state.fleets:
        note = " (arrived this phase)" if f.fresh else ""
        final = f" — final encounter: {f.final}" if f.final else ""
        lines.append(f"**Fleet {f.token}** at {f.planet}{note}{final}")
        lines += _enemy_lines(state, f)
    if not lines:
        lines = ["No enemy fleets are in play."]
    lines += ["", f"Enemy deck: {len(state.enemy_deck)} cards · Threat deck: {len(state.td_deck)} cards."]
    top = [c for c in state.td_deck[:1] if c != "?"]
    if top:
        t = C.threats.get(top[0])
        if t is not None:
            count = t.ships_for(state.solo) or ""
            lines.append(f"You peek at the next Threat card: {t.kind} {count} at {t.planet or '-'}.")
    if state.combat is None:
        return Reply(title="Enemy fleets", lines=lines, ephemeral=True)

    def image() -> bytes:
        return table_picture(state) or b""

    return Reply(title="Enemy fleets", lines=lines, image=image, image_name="combat.png", ephemeral=True)


def _event_line(number: int, planet: str, extra: str = "") -> str:
    e = event_for(number)
    tags = []
    if e.prime:
        tags.append("PRIME")
    if e.kind != "normal":
        tags.append(e.kind)
    if e.entry_cost:
        tags.append(f"costs {e.entry_cost} cr per member")
    rows = " / ".join(" ".join(f"[{_sym(sec)}]" for sec in row) for row in e.rows)
    hazard = e.hazard.get("kind", "none")
    if hazard == "damage":
        hazard = f"{e.hazard.get('amount')} {e.hazard.get('dtype')} damage ({e.hazard.get('scope')})"
    elif hazard == "spawn":
        hazard = f"{e.hazard.get('ships')} enemy ship(s) arrive"
    elif hazard == "td":
        hazard = f"{e.hazard.get('count')} Threat card(s)"
    elif hazard == "drain":
        hazard = f"ships here lose {e.hazard.get('amount')} shield"
    elif hazard == "block_hire":
        hazard = "nobody can hire heroes"
    reward = f"{e.credits} cr" + (f" + data ({e.data})" if e.data else "")
    penalty = ", ".join(x for x in [f"{e.td} Threat" if e.td else "", f"{e.hull} Hull" if e.hull else ""] if x)
    cargo = f" · carry {C.modules[e.cargo].name} to {e.deliver_to}" if e.cargo else ""
    head = f"**{number}** {e.name} at {planet}" + (f" ({', '.join(tags)})" if tags else "") + extra
    return f"{head} — sections {rows} · hazard: {hazard} · reward {reward} · failure: {penalty or 'nothing'}{cargo}"


async def view_events(table: Table, ctx: Ctx) -> Reply:
    _, state = await _viewer(table, ctx)
    lines = []
    for b in state.beacons:
        carried = f", cargo carried by {state.seats[b.carrier]}" if b.carrier >= 0 else ""
        lines.append(_event_line(b.event, b.planet, carried))
    for n in state.ongoing:
        lines.append(_event_line(n, event_for(n).planet, " (ongoing)"))
    if not lines:
        lines = ["No distress beacons are in play."]
    m = state.mission
    if m is not None:
        from rules.armada.missions import describe_sections

        who = ", ".join(state.seats[s] for s in m.members)
        lines += ["", f"**Away Mission {m.event}** ({who}, step {m.step}): {describe_sections(state)}"]
    lines += ["", f"Beacon tokens left in the bag: {len(state.bag)}."]
    if state.mission is None:
        return Reply(title="Distress beacons and events", lines=lines, ephemeral=True)

    def image() -> bytes:
        return table_picture(state) or b""

    return Reply(
        title="Distress beacons and events", lines=lines, image=image, image_name="mission.png", ephemeral=True
    )


async def view_map(table: Table, ctx: Ctx) -> Reply:
    sc, state = await _viewer(table, ctx)
    lines = []
    for planet in locations(state):
        ships = [state.seats[i] for i, p in enumerate(state.players) if p.planet == planet and not p.out]
        fleets = [f"F{f.token}({len(f.ships)})" for f in state.fleets if f.planet == planet]
        beacons = [
            str(b.event) + ("*" if event_for(b.event).prime else "") for b in state.beacons if b.planet == planet
        ]
        ruined = " (destroyed)" if planet in state.ruined else ""
        lines.append(
            f"**{_planet_label(state, planet).split(' · ')[0]}**{ruined} → {', '.join(planet_links(state, planet))}"
            f" · captains: {', '.join(ships) or '-'} · fleets: {' '.join(fleets) or '-'}"
            f" · beacons: {' '.join(beacons) or '-'}"
        )
    lines.append("(* = Prime beacon; 6 beacons on one planet lose the game)")
    title = f"{sc.system.name} · game #{sc.record.id}"
    description = sc.system.describe(state)

    def image() -> bytes:
        return render_board(state, title=title, description=description)

    return Reply(title="Map", lines=lines, image=image, ephemeral=True)


def command_text(state: State, action: Mapping[str, Any]) -> str:
    """An engine action written as the armada slash command that plays it ("" when there is none)."""
    kind = str(action.get("type", ""))
    team = action.get("team") or []
    mates = f" teammates:{','.join(map(str, team))}" if team else ""
    simple = {
        "repair": "/armada repair",
        "shop": "/armada buy",
        "recruit": "/armada hire",
        "close": "/armada end-step",
        "end": "/armada end-turn",
        "done": "/armada end-step",
        "accept": "/armada end-step",
        "pass": "/armada end-step",
        "gather": "/armada roll",
        "escape": "/armada escape",
        "relay": "/armada relay",
        "deliver": "/armada deliver",
        "giveup": "/armada giveup",
        "challenge": "/armada engage target:savior",
    }
    if kind in simple:
        return simple[kind]
    if kind == "travel":
        return f"/armada travel to:{action['to']}"
    if kind == "give":
        return f"/armada trade captain:{action['to']} what:{action['what']} value:{action['value']}"
    if kind == "trade":
        return (
            f"/armada trade captain:{action['to']} what:{action['what']} value:{action['value']} "
            f"for_what:{action['for_what']} for_value:{action['for_value']}"
        )
    if kind in ("accept_trade", "decline_trade"):
        return f"/armada answer reply:{kind.split('_')[0]}"
    if kind in DECIDE_TYPES:
        return f"/armada answer reply:{SYSTEM.format(dict(action))}"
    if kind in ("buy", "sell"):
        return f"/armada {kind} module:{action['module']}"
    if kind == "install":
        return f"/armada configure station:{action['station']} module:{action['module']}"
    if kind == "store":
        return f"/armada configure station:{action['station']} module:storage"
    if kind == "hire":
        return f"/armada hire hero:{action['hero']}"
    if kind == "fight":
        return f"/armada engage target:{action['fleet']}{mates}"
    if kind == "attack":
        return f"/armada engage target:{action['target']}"
    if kind == "mission":
        return f"/armada mission beacon:{action['event']}{mates}"
    if kind == "scan":
        return f"/armada scan fleet:{action['fleet']}"
    if kind in ("sacrifice", "swap"):
        return f"/armada {kind} die:{action['die']}"
    if kind == "reroll":
        return f"/armada reroll dice:{','.join(map(str, action.get('dice', [])))}"
    if kind == "ram":
        aim = f" target:{action['target']}" if action.get("target") not in (None, "") else ""
        return f"/armada ram amount:{action.get('amount', 1)}{aim}"
    if kind in HERO_TYPES:
        parts = [str(action.get(k, "")) for k in ("die", "crew", "source", "target", "face") if k in action]
        return f"/armada hero ability:{kind} {' '.join(parts)}"
    if kind == "assign":
        if "section" in action:
            return f"/armada assign die:{action['die']} station:{action['section']}"
        if action.get("station") == "escape":
            burn = " hull_to_one:yes" if action.get("hull_to_one") else ""
            return f"/armada escape die:{action['die']}{burn}"
        if action.get("station") == "swap":
            return f"/armada swap die:{action['die']}"
        extra = _extras_text(action, ("type", "die", "station"))
        if extra.startswith("target=") and " " not in extra:
            extra = extra.removeprefix("target=")
        return f"/armada assign die:{action['die']} station:{action['station']}" + (f" target:{extra}" if extra else "")
    return ""


async def view_moves(table: Table, ctx: Ctx) -> Reply:
    """Everything you may do right now, written as commands (only you see it)."""
    sc, state, seat = await _seated(table, ctx)
    lines = [f"**Your move**: {next_steps(state, seat)}", ""]
    shown = list(dict.fromkeys(t for a in _legal(sc, seat) if (t := command_text(state, a))))
    lines += [f"`{t}`" for t in shown[:40]] or ["Nothing right now."]
    if len(shown) > 40:
        lines.append(f"… and {len(shown) - 40} more (the autocomplete lists them all).")
    return Reply(title=f"What {state.seats[seat]} may do", lines=lines, ephemeral=True)


HELP_LINES = [
    "**1. Planning** (everyone, in any order; 2 actions each): `/armada travel to:<planet>` (links only;"
    " solo: anywhere), `/armada repair` (free crew, +1 Hull per Engineering), `/armada trade captain:<n>"
    " what:credits value:2`, `/armada buy` then `module:<m>` and `/armada configure` at a Shipyard,"
    " `/armada hire` at a Waystation. Finish with `/armada end-turn`.",
    "**2. Encounter** (one turn each): fleets at your planet come first: `/armada engage target:<fleet>`"
    " (add `teammates:` for Team Combat). Then one beacon, Prime first: `/armada mission beacon:<n>`."
    " `/armada end-turn` when you are done.",
    "**Combat round**: dice are rolled for you. Step 1: `/armada assign die:<n> station:<s> target:<ship>`"
    " one die at a time (each resolves at once), `/armada reroll` first if you can, then `/armada end-step`."
    " Steps 2-3: the enemy die fires and wrecked ships leave. Step 4: `/armada roll` for the next round or"
    " `/armada escape`. Team Combat: `/armada swap` passes the Frontline.",
    "**Away Mission**: `/armada assign die:<n> station:<section>` fills symbol boxes; `/armada end-step`"
    " rolls the rest again. On a miss: `/armada sacrifice die:<n>` to try again, or `/armada giveup`.",
    "**3. Resolution** runs by itself: new beacons, threat cards, fleets and hazards; read the log.",
    "**Choices**: when the bot asks you (a die for the Infirmary, where to fall back, a scrap split, a"
    " vote, a swap offer), reply with `/armada answer reply:<...>`; the suggestions list the options"
    " (for a fall-back, a split or a vote, `/armada end-step` takes the default).",
    "**Where to look**: the board picture (map, whose turn, latest events, what the table waits for);"
    " `/armada view ship` (stations, dice, infirmary), `view fleets`, `view events`, `view map`, and"
    " `/armada view moves` for every command you may type right now.",
    "**Win** by decoding the data tokens and beating the final encounter; **lose** when every ship is"
    " critically damaged or 6 beacons sit on one planet.",
]


def guide() -> Reply:
    """The ordered how-to-play page for `/armada view help` (and the console's `/armada help`)."""
    return Reply(title="Deep Space D-6: Armada - how to play here", lines=HELP_LINES, ephemeral=True)


# -- autocomplete ------------------------------------------------------------------------------------


def _options_of(legal: list[Action], kind: str) -> list[Action]:
    return [a for a in legal if a.get("type") == kind]


def _die_by_id(state: State, value: object) -> Die | None:
    try:
        number = int(str(value).strip().lstrip("#").split(":")[0].split()[0])
    except (ValueError, IndexError):
        return None
    return next((d for d in state.dice if d.id == number), None)


def _assign_actions(sc: SeatContext, seat: int, die_text: str | None) -> list[Action]:
    """Legal assign actions, for one die when one is named (the engine lists every die)."""
    state: State = sc.state  # type: ignore[assignment]
    acts = _options_of(_legal(sc, seat), "assign")
    chosen = _die_by_id(state, die_text) if not _blank(die_text) else None
    if chosen is None:
        return acts
    return [a for a in acts if a.get("die") == chosen.id]


def _station_label(state: State, seat: int, value: object) -> str:
    text = str(value)
    if text == "infirmary":
        n = sum(1 for d in state.dice if d.owner == seat and d.loc == "infirmary")
        return f"infirmary: a Medical die brings back {n} crew"
    if text == "escape":
        return "escape: the Escape card"
    if text == "swap":
        return "swap: the Swap card (Frontline badge)"
    if _isnum(text):
        n = int(text)
        p = state.players[seat]
        m = module_at(p, n)
        if m is None:
            return f"{n}: empty"
        off = " [OFFLINE: Engineering brings it back]" if station_of(p, n).offline and not m.never_offline else ""
        return f"{n}: {m.name} (needs {_sym(m.req)}){off}"
    return text


def _extras_label(state: State, action: Mapping[str, Any]) -> str:
    c = state.combat
    parts = []
    target = action.get("target")
    if target not in (None, "") and c is not None:
        fleet = next((f for f in state.fleets if f.token == c.fleet), None)
        if fleet is not None and _isnum(str(target)) and int(target) <= len(fleet.ships):
            parts.append("target " + _ship_name(state, fleet, int(target)))
        else:
            parts.append(f"target {target}")
    for key in ("action", "mode", "ally", "crew", "hull_to_one"):
        if key in action:
            value = action[key]
            if key == "ally":
                value = state.seats[int(value) - 1]
            parts.append(f"{key} {value}")
    return ", ".join(parts)


def complete_sync(sc: SeatContext, command: str, option: str, typed: str, given: Mapping[str, Any]) -> Choices:
    """Autocomplete for ``/armada <command>``'s ``option``; ``given`` holds the other options typed so far."""
    state: State = sc.state  # type: ignore[assignment]
    if option == "captain" and command in ("view ship",):
        return _filter(((_captain_label(state, i), str(i + 1)) for i in range(len(state.seats))), typed)
    if sc.seat is None:
        return []
    seat = sc.seat
    legal = _legal(sc, seat)
    player = state.players[seat]
    choices: list[tuple[str, str]] = []
    if command == "travel":
        choices = [(_planet_label(state, a["to"]), a["to"]) for a in _options_of(legal, "travel")]
    elif command == "trade":
        gives = _options_of(legal, "give")
        if option == "captain":
            tos = sorted({int(a["to"]) for a in gives})
            choices = [(_captain_label(state, t - 1), str(t)) for t in tos]
        elif option == "what":
            choices = [(w, w) for w in TRADE_WHAT if any(a["what"] == w for a in gives)]
        elif option in ("value", "for_value"):
            who = seat
            if option == "for_value":
                try:
                    who = _captain(state, given.get("captain"))
                except RuleError:
                    return []
            q = state.players[who]
            what = normalise(str(given.get("what" if option == "value" else "for_what") or ""))
            if what == "credits":
                choices = [(f"{n} credit(s)", str(n)) for n in range(1, q.credits + 1)]
            elif what == "module":
                choices = [(_module_label(state, who, m), m) for m in sorted(set(q.storage))]
            elif what == "hero":
                choices = [(C.heroes[h].name + f" [{h}]", h) for h in q.heroes]
        elif option == "for_what":
            swaps = _options_of(legal, "trade")
            choices = [(w, w) for w in TRADE_WHAT if any(a["for_what"] == w for a in swaps)]
    elif command == "answer" and _deciding(state):
        for a in legal:
            if a.get("type") in DECIDE_TYPES:
                choices.append((decide_label(state, a), sc.system.format(a)))
    elif command == "answer":
        kinds = {a["type"] for a in legal}
        choices = [(w, w) for w, k in (("accept", "accept_trade"), ("decline", "decline_trade")) if k in kinds]
    elif command == "buy":
        ok = [a["module"] for a in _options_of(legal, "buy")]
        choices = [(_module_label(state, seat, m, with_price=True), m) for m in ok]
        if player.offer_kind == "shop":  # what you cannot afford is still worth seeing
            choices += [
                ("(too expensive) " + _module_label(state, seat, m, with_price=True), m)
                for m in player.offer
                if m not in ok
            ]
    elif command == "sell":
        choices = [(_module_label(state, seat, a["module"]), a["module"]) for a in _options_of(legal, "sell")]
    elif command == "configure":
        installs = _options_of(legal, "install")
        stores = _options_of(legal, "store")
        if option == "station":
            numbers = sorted({int(a["station"]) for a in installs + stores})
            choices = [(_station_label(state, seat, n), str(n)) for n in numbers]
        else:
            want = str(given.get("station") or "").strip()
            mods = sorted({a["module"] for a in installs if not want or str(a["station"]) == want})
            choices = [(_module_label(state, seat, m), m) for m in mods]
            if any(not want or str(a["station"]) == want for a in stores):
                choices.append(("storage: take the installed module off", "storage"))
    elif command == "hire":
        ok = [a["hero"] for a in _options_of(legal, "hire")]
        choices = [(_hero_label(state, seat, h), h) for h in ok]
        if player.offer_kind == "hire":
            choices += [(f"(too expensive) {_hero_label(state, seat, h)}", h) for h in player.offer if h not in ok]
    elif command == "engage":
        fights = _options_of(legal, "fight")
        if option == "target":
            for a in fights:
                fleet = next(f for f in state.fleets if f.token == a["fleet"])
                choices.append((_fleet_label(state, fleet), str(a["fleet"])))
            if _options_of(legal, "challenge"):
                choices.append(("The Galactic Savior (duel)", "savior"))
            for a in _options_of(legal, "attack"):
                choices.append((f"Attack {_captain_label(state, int(a['target']) - 1)}", str(a["target"])))
            if _options_of(legal, "pass") and state.phase == "ambush":
                choices.append(("Hold fire (pass)", "pass"))
        elif option == "teammates":
            fleet = str(given.get("target") or "").strip()
            mates = sorted(
                {int(t) for a in fights if a.get("team") and (not fleet or str(a["fleet"]) == fleet) for t in a["team"]}
            )
            choices = [(_captain_label(state, t - 1), str(t)) for t in mates]
        elif option == "frontline":
            team = str(given.get("teammates") or "").replace(",", " ").split()
            seats = [seat]
            for t in team:
                try:
                    seats.append(_captain(state, t))
                except RuleError:
                    continue
            choices = [(_captain_label(state, s), str(s + 1)) for s in dict.fromkeys(seats)]
    elif command == "mission":
        missions_ = _options_of(legal, "mission")
        if option == "beacon":
            numbers = sorted({int(a["event"]) for a in missions_})
            choices = [(_clip(_event_line(n, event_for(n).planet).replace("**", "")), str(n)) for n in numbers]
        else:
            beacon = str(given.get("beacon") or "").strip()
            mates = sorted(
                {
                    int(t)
                    for a in missions_
                    if a.get("team") and (not beacon or str(a["event"]) == beacon)
                    for t in a["team"]
                }
            )
            choices = [(_captain_label(state, t - 1), str(t)) for t in mates]
    elif command == "scan":
        for a in _options_of(legal, "scan"):
            fleet = next(f for f in state.fleets if f.token == a["fleet"])
            choices.append((_fleet_label(state, fleet), str(a["fleet"])))
    elif command == "assign":
        choices = _complete_assign(sc, seat, option, given)
    elif command == "reroll":
        for a in _options_of(legal, "reroll"):
            ids = a["dice"]
            blanks = all(_die_by_id(state, i) is not None and _die_by_id(state, i).face == "-" for i in ids)
            name = "blanks" if blanks else "all"
            choices.append((f"{name}: " + ", ".join(f"#{i}" for i in ids), ",".join(map(str, ids))))
    elif command in ("escape", "swap", "sacrifice"):
        if command == "sacrifice":
            acts = _options_of(legal, "sacrifice")
        else:
            acts = [a for a in _options_of(legal, "assign") if a.get("station") == command]
            if command == "escape":
                acts = [a for a in acts if "hull_to_one" not in a]
        ids = sorted({int(a["die"]) for a in acts})
        if command != "sacrifice":
            faces = {(d.face, d.hero) for i in ids if (d := _die_by_id(state, i)) is not None}
            ids = [d.id for d in state.dice if d.owner == seat and d.loc == "rolled" and (d.face, d.hero) in faces]
        choices = [(_die_text(d), str(d.id)) for i in ids if (d := _die_by_id(state, i)) is not None]
    elif command == "ram":
        if option == "target":
            targets = sorted({str(a["target"]) for a in _options_of(legal, "ram")})
            fleet = next((f for f in state.fleets if state.combat and f.token == state.combat.fleet), None)
            choices = [(_ship_name(state, fleet, int(t)) if fleet else t, t) for t in targets]
        else:
            choices = [(f"{n} Hull", str(n)) for n in range(1, player.hull + 1)]
    elif command == "hero":
        for a in legal:
            if a.get("type") in HERO_TYPES:
                text = sc.system.format(a)
                choices.append((_hero_move_label(state, a) or text, text))
    return _filter(choices, typed)


def _hero_move_label(state: State, a: Mapping[str, Any]) -> str:
    kind = a["type"]
    die = _die_by_id(state, a.get("die"))
    d = _die_text(die) if die else f"#{a.get('die')}"
    if kind == "lockon":
        return f"Lock On: keep {d} for next round"
    if kind == "parley":
        crew = _die_by_id(state, a.get("crew"))
        return f"Parley: send {_die_text(crew) if crew else a.get('crew')} to the Infirmary, set {d} to " + face_name(
            str(a.get("face"))
        )
    if kind == "setface":
        return f"Kino: set {d} to {face_name(str(a.get('face')))}"
    if kind == "copy":
        src = _die_by_id(state, a.get("source"))
        return f"Setsuna: copy {_die_text(src) if src else a.get('source')}"
    if kind == "rose":
        return f"Rose Palroy: pair with die #{a.get('target')}"
    return ""


def _complete_assign(sc: SeatContext, seat: int, option: str, given: Mapping[str, Any]) -> Choices:
    state: State = sc.state  # type: ignore[assignment]
    m = state.mission
    if m is not None and seat in m.members:
        acts = _options_of(_legal(sc, seat), "assign")
        if option == "die":
            ids = sorted({int(a["die"]) for a in acts})
            return [(_die_text(d), str(d.id)) for i in ids if (d := _die_by_id(state, i)) is not None]
        if option == "station":
            die = str(given.get("die") or "").strip().lstrip("#")
            sections = sorted({int(a["section"]) for a in acts if not die or str(a["die"]) == die})
            event = event_for(m.event)
            flat = [sec for row in event.rows for sec in row]
            return [(f"section {s}: {flat[s - 1]} still needs {_sym(m.need[s - 1])}", str(s)) for s in sections]
        return []
    if option == "die":
        ids = {a.get("die") for a in _assign_actions(sc, seat, None)}
        return [(_die_text(d), str(d.id)) for d in state.dice if d.id in ids]
    acts = _assign_actions(sc, seat, given.get("die"))
    if option == "station":
        values = list(dict.fromkeys(str(a["station"]) for a in acts))
        return [(_station_label(state, seat, v), v) for v in values]
    want = str(given.get("station") or "").strip().lower()
    out = []
    for a in acts:
        if want and str(a["station"]) != want:
            continue
        extra = _extras_text(a, ("type", "die", "station"))
        if extra:
            value = extra.replace("target=", "") if extra.startswith("target=") and " " not in extra else extra
            out.append((_extras_label(state, a), value))
    return out


async def complete(
    table: Table, ctx: Ctx, command: str, option: str, typed: str, given: Mapping[str, Any] | None = None
) -> Choices:
    """Autocomplete entry point for the cog and tests: never raises, returns (label, value) pairs."""
    try:
        sc = await _context(table, ctx)
        if sc.system.id != SYSTEM_ID:
            return []
        return complete_sync(sc, command, option, typed or "", dict(given or {}))
    except RuleError:
        return []
    except Exception:  # a suggestion list must never break the command; log it and offer nothing
        log.exception("armada autocomplete failed for %s %s (typed %r)", command, option, typed)
        return []


# -- console -----------------------------------------------------------------------------------------

ConsoleHandler = Callable[[Any, Ctx, dict[str, str]], Awaitable[Reply]]


def _yes(value: str | None) -> bool:
    return normalise(value or "") in ("yes", "true", "1", "on", "y")


def _spread(names: list[str], handler: ConsoleHandler) -> ConsoleHandler:
    """``/armada assign 3 4 1`` fills die, station and target in order (one word each, the last
    option takes the rest), as long as only the first option was typed without a name."""

    def run(console: Any, ctx: Ctx, options: dict[str, str]) -> Awaitable[Reply]:
        first = options.get(names[0])
        if first and len(options) == 1 and len(first.split()) > 1:
            words = first.split()
            options = {}
            for i, name in enumerate(names):
                if not words:
                    break
                options[name] = " ".join(words) if i == len(names) - 1 else words.pop(0)
                if i == len(names) - 1:
                    words = []
        return handler(console, ctx, options)

    return run


CONSOLE_COMMANDS: dict[str, tuple[list[str], ConsoleHandler]] = {
    "armada travel": (["to"], lambda c, x, o: travel(c.table, x, o.get("to"))),
    "armada repair": ([], lambda c, x, o: repair(c.table, x)),
    "armada trade": (
        ["captain", "what", "value", "for_what", "for_value"],
        _spread(
            ["captain", "what", "value", "for_what", "for_value"],
            lambda c, x, o: trade(
                c.table, x, o.get("captain"), o.get("what"), o.get("value"), o.get("for_what"), o.get("for_value")
            ),
        ),
    ),
    "armada answer": (["reply"], lambda c, x, o: answer(c.table, x, o.get("reply"))),
    "armada buy": (["module"], lambda c, x, o: buy(c.table, x, o.get("module"))),
    "armada sell": (["module"], lambda c, x, o: sell(c.table, x, o.get("module"))),
    "armada configure": (
        ["station", "module"],
        _spread(["station", "module"], lambda c, x, o: configure(c.table, x, o.get("station"), o.get("module"))),
    ),
    "armada hire": (["hero"], lambda c, x, o: hire(c.table, x, o.get("hero"))),
    "armada engage": (
        ["target", "teammates", "frontline"],
        _spread(
            ["target", "teammates", "frontline"],
            lambda c, x, o: engage(c.table, x, o.get("target"), o.get("teammates"), o.get("frontline")),
        ),
    ),
    "armada mission": (
        ["beacon", "teammates"],
        _spread(["beacon", "teammates"], lambda c, x, o: mission(c.table, x, o.get("beacon"), o.get("teammates"))),
    ),
    "armada deliver": ([], lambda c, x, o: deliver(c.table, x)),
    "armada scan": (["fleet"], lambda c, x, o: scan(c.table, x, o.get("fleet"))),
    "armada roll": ([], lambda c, x, o: roll(c.table, x)),
    "armada assign": (
        ["die", "station", "target"],
        _spread(
            ["die", "station", "target"],
            lambda c, x, o: assign(c.table, x, o.get("die"), o.get("station"), o.get("target")),
        ),
    ),
    "armada reroll": (["dice"], lambda c, x, o: reroll(c.table, x, o.get("dice"))),
    "armada escape": (
        ["die", "hull_to_one"],
        _spread(["die", "hull_to_one"], lambda c, x, o: escape(c.table, x, o.get("die"), _yes(o.get("hull_to_one")))),
    ),
    "armada swap": (["die"], lambda c, x, o: swap(c.table, x, o.get("die"))),
    "armada sacrifice": (["die"], lambda c, x, o: sacrifice(c.table, x, o.get("die"))),
    "armada giveup": ([], lambda c, x, o: giveup(c.table, x)),
    "armada ram": (
        ["amount", "target"],
        _spread(["amount", "target"], lambda c, x, o: ram(c.table, x, o.get("amount"), o.get("target"))),
    ),
    "armada relay": ([], lambda c, x, o: relay(c.table, x)),
    "armada hero": (["ability"], lambda c, x, o: hero(c.table, x, o.get("ability"))),
    "armada end-step": ([], lambda c, x, o: end_step(c.table, x)),
    "armada end-turn": ([], lambda c, x, o: end_turn(c.table, x)),
    "armada view ship": (["captain"], lambda c, x, o: view_ship(c.table, x, o.get("captain"))),
    "armada view fleets": ([], lambda c, x, o: view_fleets(c.table, x)),
    "armada view events": ([], lambda c, x, o: view_events(c.table, x)),
    "armada view map": ([], lambda c, x, o: view_map(c.table, x)),
    "armada view moves": ([], lambda c, x, o: view_moves(c.table, x)),
    "armada view help": ([], lambda c, x, o: guide()),
    "armada help": ([], lambda c, x, o: guide()),
}
