"""Endure the Stars at the table: one function per decision, private dashboards, autocomplete.

Every decision function takes what a player typed (names or ids, any case), turns it into the
engine's action dict (refusing with a clear :class:`RuleError` when a name means nothing) and plays
it with :meth:`Table.act`. Autocomplete helpers return ``(label, value)`` pairs computed from the
engine's ``legal()`` for the asking seat. ``CONSOLE_COMMANDS`` exposes all of it to the console as
``/endure <decision> option:value``. Nothing here imports Discord.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from rules.core import Action, RngState, RuleError
from rules.endure import content
from rules.endure.state import EndureState, Survivor
from rules.endure.world import exits, general_items, obj_specs, the_board
from sessions.errors import SessionError
from sessions.settings import GameSettings

from .commands import Ctx, SeatContext, Table
from .replies import COLOUR_INFO, Reply

if TYPE_CHECKING:
    from .console import Console

SYSTEM_ID = "endure"
MAX_CHOICES = 25
MAX_LABEL = 100

Pairs = list[tuple[str, str]]

# -- words for the engine's keys ----------------------------------------------------------------------

# The one-line texts for goals, lose conditions, special rules, objective types, rewards, abilities,
# injuries and Refuge places live in data/endure/texts.toml (validated at load): content().text(...).


def _text(section: str, key: str, colour: str = "") -> str:
    return content().text(section, key, colour)


def _places() -> dict[str, str]:
    return content().texts["place"]


# -- small helpers ---------------------------------------------------------------------------------------


def _norm(text: object) -> str:
    return re.sub(r"[\s_]+", "-", str(text or "").strip().lower())


def _words(text: str | None) -> list[str]:
    return [w for w in re.split(r"[\s,;>]+", text or "") if w]


def _fit(pairs: Iterable[tuple[str, str]], typed: str) -> Pairs:
    """Filter by what is typed (label or value), drop duplicates, respect Discord's limits."""
    wanted = (typed or "").strip().lower()
    out: Pairs = []
    seen: set[str] = set()
    for label, value in pairs:
        if not value or len(value) > MAX_LABEL or value in seen:  # a cut value would be a wrong one
            continue
        if wanted and wanted not in label.lower() and wanted not in value.lower():
            continue
        seen.add(value)
        out.append((label[:MAX_LABEL], value))
        if len(out) >= MAX_CHOICES:
            break
    return out


async def _context(table: Table, ctx: Ctx) -> SeatContext:
    return await table.seat_context(ctx, SYSTEM_ID)


async def _viewer_context(table: Table, ctx: Ctx) -> SeatContext:
    """Players and channel managers may always look; others only while the host allows spectators."""
    sc = await _context(table, ctx)
    if sc.seat is None and not ctx.actor.is_admin:
        settings = GameSettings.parse(await table.service.store.get_settings(sc.record.id))
        if not settings.spectators:
            raise SessionError("The host keeps this table for its players: spectators are switched off.")
    return sc


def _state(sc: SeatContext) -> EndureState:
    return sc.state  # type: ignore[return-value]


def _acting(sc: SeatContext) -> int:
    """The survivor this user plays right now; a clear refusal when it is not their turn."""
    seat = sc.require_seat()
    st = _state(sc)
    if st.phase == "refuge":
        raise RuleError("The crew is at the Refuge: use /endure refuge visit, recruit or vote.")
    if st.phase == "over":
        raise RuleError("This game is over.")
    if st.offer is not None:
        taker = st.survivors[st.offer.taker]
        if taker.seat == seat:
            raise RuleError("First answer the trade offer: /endure answer yes or no.")
        raise RuleError(f"Waiting for {st.seats[taker.seat]} to answer the trade offer first.")
    si = sc.system.current(st)  # type: ignore[attr-defined]
    if si is None:
        raise RuleError("No survivor is acting right now.")
    s = st.survivors[si]
    if s.seat != seat:
        raise RuleError(f"It is {_sname(s)}'s turn, played by {st.seats[s.seat]}.")
    return si


def _sname(s: Survivor) -> str:
    return content().survivors[s.key].name


def _item_name(key: str) -> str:
    card = content().items.get(key)
    return card.name if card else key


def _enemy_name(kind: str, n: int = 1) -> str:
    e = content().enemies.get(kind)
    name = e.name if e else kind
    return name if n == 1 or name.endswith("s") else f"{name}s"


def _legal(sc: SeatContext) -> list[Action]:
    if sc.seat is None:
        return []
    return list(sc.system.legal(sc.state, sc.seat))


async def _safe_legal(table: Table, ctx: Ctx) -> tuple[SeatContext | None, list[Action]]:
    """For autocomplete: never raise, just suggest nothing."""
    try:
        sc = await _context(table, ctx)
    except (RuleError, SessionError):
        return None, []
    return sc, _legal(sc)


def _zone(st: EndureState, text: object, *, what: str = "zone") -> str:
    wanted = str(text or "").strip()
    if not wanted:
        raise RuleError(f"Say which {what}, for example {next(iter(the_board(st).zones))}.")
    zones = the_board(st).zones
    for z, info in zones.items():
        if wanted.lower() in (z.lower(), (info.label or "").lower()):
            return z
    raise RuleError(f"There is no zone '{wanted[:20]}' on this map. Zones look like {next(iter(zones))}.")


def _survivor_key(st: EndureState, text: object) -> str:
    wanted = str(text or "").strip().lower()
    if not wanted:
        raise RuleError("Say which survivor, for example medic.")
    c = content()
    for s in st.survivors:
        card = c.survivors[s.key]
        if wanted in (s.key, card.klass.lower(), card.name.lower(), st.seats[s.seat].lower()):
            return s.key
    for s in st.survivors:  # a unique prefix of a name
        card = c.survivors[s.key]
        if card.name.lower().startswith(wanted) or card.name.lower().split()[-1].startswith(wanted):
            return s.key
    names = ", ".join(f"{c.survivors[s.key].name} ({s.key})" for s in st.survivors)
    raise RuleError(f"There is no survivor '{wanted[:30]}'. Survivors: {names}.")


def _survivor_index(st: EndureState, text: object) -> int:
    raw = str(text or "").strip()
    if raw.isdigit() and int(raw) < len(st.survivors):
        return int(raw)
    key = _survivor_key(st, raw)
    return next(i for i, s in enumerate(st.survivors) if s.key == key)


def _item_key(pool: Iterable[str], text: object, *, owner: str = "") -> str:
    """An item card key from its key or name; refuses with what is actually there."""
    wanted = _norm(text)
    keys = list(dict.fromkeys(pool))
    if not wanted:
        raise RuleError("Say which item.")
    for k in keys:
        if wanted in (k, _norm(_item_name(k))):
            return k
    for k in keys:
        if k.startswith(wanted) or _norm(_item_name(k)).startswith(wanted):
            return k
    held = ", ".join(_item_name(k) for k in keys) or "nothing that fits"
    who = f"{owner} has" if owner else "There is"
    raise RuleError(f"{who} no '{str(text).strip()[:30]}'. Available: {held}.")


def _item_list(pool: Sequence[str], text: str | None, owner: str, extra: Sequence[str] = ()) -> list[str]:
    """Several items in one option: ``pistol med kit`` or ``pistol, med-kit`` (names may hold spaces).

    The longest run of words naming an item wins; ``extra`` words (objective colours) pass as they are."""
    words = _words(text)
    out: list[str] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            name = "-".join(words[i:j])
            if _norm(name).removesuffix("-objective") in extra:
                out.append(_norm(name).removesuffix("-objective"))
                break
            try:
                out.append(_item_key(pool, name, owner=owner))
            except RuleError:
                if j == i + 1:
                    raise
                continue
            break
        i = j
    return out


def _objective_colours(st: EndureState, s: Survivor) -> list[str]:
    i = st.survivors.index(s)
    return [o.colour for o in st.objectives if o.carried_by == i]


def _carried_keys(s: Survivor, *, worn: bool = True, found: bool = False) -> list[str]:
    keys = [it.card for it in general_items(s)]
    if worn:
        keys += [it.card for it in s.head + s.body]
    if found:
        keys += [it.card for it in s.found]
    return keys


def _enemy_kind(text: str) -> str:
    wanted = _norm(text)
    for key, e in content().enemies.items():
        names = {key, _norm(e.name), key + "s", _norm(e.name) + "s"}
        if wanted in names:
            return key
    raise RuleError(f"'{text[:20]}' is not an enemy. Enemies: {', '.join(content().enemies)}.")


def _objective_id(st: EndureState, text: object, zone: str | None = None) -> str:
    """An objective by id or colour; with several of a colour, the one in ``zone`` (not yet done)."""
    wanted = _norm(text)
    for o in st.objectives:
        if wanted == o.id.lower():
            return o.id
    same = [o for o in st.objectives if o.colour.lower() == wanted]
    if same:
        here = [o for o in same if o.zone == zone and not o.done]
        return (here or same)[0].id
    names = ", ".join(f"{o.colour} ({o.id})" for o in st.objectives) or "none"
    raise RuleError(f"There is no objective '{str(text).strip()[:20]}'. Objectives: {names}.")


def _enemies_in(st: EndureState, zone: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in st.enemies:
        if e.zone == zone:
            out[e.kind] = out.get(e.kind, 0) + 1
    return out


def _zone_label(st: EndureState, zone: str, shooter: int | None = None) -> str:
    info = the_board(st).zones.get(zone)
    bits = [zone]
    if info is not None:
        bits.append(info.kind)
    enemies = _enemies_in(st, zone)
    if enemies:
        bits.append(", ".join(f"{n} {_enemy_name(k, n)}" for k, n in enemies.items()))
    radar = sum(1 for r in st.radar if r.zone == zone)
    if radar:
        bits.append(f"{radar} radar contact" + ("s" if radar > 1 else ""))
    mates = [
        _sname(s) for i, s in enumerate(st.survivors) if s.zone == zone and s.alive and not s.exited and i != shooter
    ]
    if mates:
        bits.append(", ".join(mates) + (" (ranged misses may hit them)" if shooter is not None else ""))
    return " · ".join(bits)


def _weapon_label(key: str) -> str:
    if key == "loader":
        lp = content().loader
        return f"{lp.name} (range {lp.range}, {lp.dice} dice {lp.hit}+, noise {lp.noise})"
    card = content().items.get(key)
    if card is None:
        return key
    return f"{card.name} (range {card.range}, {card.dice} dice {card.hit}+, noise {card.noise})"


# -- playing: one function per decision --------------------------------------------------------------------


async def move(table: Table, ctx: Ctx, to: str) -> Reply:
    """Move one zone, or several in a row (``SEC-a SEC-z``); each step costs an action."""
    sc = await _context(table, ctx)
    st = _state(sc)
    _acting(sc)
    path = [_zone(st, z) for z in _words(to)]
    if not path:
        raise RuleError("Say where to move, for example: SEC-a (or a path: SEC-a SEC-z).")
    if len(path) > 8:
        raise RuleError("At most 8 zones in one move command.")
    action: Action = {"type": "move", "zone": path[0]} if len(path) == 1 else {"type": "move", "zones": path}
    return await table.act(ctx, action)


async def attack(
    table: Table,
    ctx: Ctx,
    zone: str,
    weapon: str | None = None,
    kill: str | None = None,
    target: str | None = None,
    step: str | None = None,
) -> Reply:
    """Attack a zone with a weapon. ``kill`` orders the enemy types the hits go to first
    (the damage split: e.g. ``jaeger swarmer``); ``target`` is an objective to break instead."""
    sc = await _context(table, ctx)
    st = _state(sc)
    si = _acting(sc)
    s = st.survivors[si]
    where = _zone(st, zone)
    legal = [a for a in _legal(sc) if a["type"] == "attack"]
    piloting = st.loader_pilot == si
    if weapon:
        pool = (
            ["loader"]
            if piloting
            else [it.card for it in general_items(s) if content().items[it.card].kind == "weapon"]
        )
        if piloting and _norm(weapon) not in ("loader", "exo-loader", _norm(content().loader.name)):
            raise RuleError("From the Loader you fight with its arms: pick the weapon 'loader'.")
        key = "loader" if piloting else _item_key(pool, weapon, owner=_sname(s))
    else:
        options = sorted({a["weapon"] for a in legal if a["zone"] == where})
        if piloting:
            options = ["loader"]
        carried = [it.card for it in general_items(s) if content().items[it.card].kind == "weapon"]
        if not options and not carried:
            raise RuleError(f"{_sname(s)} carries no weapon.")
        if len(options) > 1:
            raise RuleError(f"Pick a weapon: {', '.join(_item_name(k) for k in options)}.")
        # none can reach: let the engine say why (out of range, out of sight, nothing there...)
        key = options[0] if options else carried[0]
    action: Action = {"type": "attack", "zone": where, "weapon": key}
    if kill:
        kinds = [_enemy_kind(w) for w in _words(kill)]
        here = _enemies_in(st, where)
        missing = [k for k in kinds if k not in here]
        if missing and here:
            there = ", ".join(f"{n} {_enemy_name(k, n)}" for k, n in here.items())
            raise RuleError(f"There is no {_enemy_name(missing[0])} in {where}; there: {there}.")
        action["kill"] = list(dict.fromkeys(kinds))[:6]
    if target:
        action["object"] = _objective_id(st, target, where)
    if step:
        action["step"] = _zone(st, step)
    return await table.act(ctx, action)


async def search(table: Table, ctx: Ctx) -> Reply:
    _acting(await _context(table, ctx))
    return await table.act(ctx, {"type": "search"})


async def keep(table: Table, ctx: Ctx, item: str | None = None, drop: str | None = None) -> Reply:
    """Keep the card just found, dropping a carried item if there is no room."""
    sc = await _context(table, ctx)
    s = _state(sc).survivors[_acting(sc)]
    if not s.found:
        raise RuleError(
            "You have not found anything that is waiting for a free slot: keep and leave only answer "
            "a search whose find did not fit in your inventory."
        )
    action: Action = {"type": "keep"}
    if item:
        action["item"] = _item_key([f.card for f in s.found], item, owner="")
    elif len({f.card for f in s.found}) > 1:
        raise RuleError("Say which card to keep: " + ", ".join(_item_name(f.card) for f in s.found) + ".")
    if drop:
        action["drop"] = _item_key(_carried_keys(s), drop, owner=_sname(s))
    return await table.act(ctx, action)


async def leave(table: Table, ctx: Ctx) -> Reply:
    """Leave the card just found behind."""
    _acting(await _context(table, ctx))
    return await table.act(ctx, {"type": "leave"})


async def interact(table: Table, ctx: Ctx, objective: str | None = None) -> Reply:
    sc = await _context(table, ctx)
    st = _state(sc)
    si = _acting(sc)
    action: Action = {"type": "interact"}
    if objective:
        action["objective"] = _objective_id(st, objective, st.survivors[si].zone)
    return await table.act(ctx, action)


ABILITY_KEYS = ("target", "zone", "door", "zones")


def _choice_value(action: Mapping[str, Any]) -> str:
    """The one extra value an ability or reward action carries, as typed text."""
    parts = []
    if action.get("target") is not None:
        parts.append(str(action["target"]))
    if action.get("zone"):
        parts.append(str(action["zone"]))
    if action.get("door"):
        parts.append(str(action["door"]))
    if action.get("zones"):
        parts += [str(z) for z in action["zones"]]
    if action.get("kind"):
        parts.append(str(action["kind"]))
    return " ".join(parts)


def _match_choice(st: EndureState, legal: list[Action], text: str) -> Action | None:
    wanted = [w.lower() for w in _words(text)]
    for a in legal:
        if [w.lower() for w in _choice_value(a).split()] == wanted:
            return a
    # names instead of keys: a survivor's class or name, a zone label
    for a in legal:
        vals = _choice_value(a).split()
        if len(vals) != len(wanted):
            continue
        ok = True
        for v, w in zip(vals, wanted, strict=True):
            if v.lower() == w:
                continue
            try:
                if _survivor_key(st, w) == v:
                    continue
            except RuleError:
                pass
            ok = False
            break
        if ok:
            return a
    return None


def _guess_keys(st: EndureState, base: Action, text: str) -> Action:
    """Build an ability/reward action the engine will judge (and refuse with its own words)."""
    words = _words(text)
    out = dict(base)
    zones = the_board(st).zones
    if all(w.lower() in {z.lower() for z in zones} for w in words):
        if len(words) == 1:
            out["zone"] = _zone(st, words[0])
        else:
            out["zones"] = [_zone(st, w) for w in words]
    elif len(words) == 1 and "|" in words[0]:
        out["door"] = words[0]
    elif len(words) == 2:
        out["target"] = _survivor_key(st, words[0])
        out["zone"] = _zone(st, words[1])
    else:
        out["target"] = _survivor_key(st, text)
    return out


async def ability(table: Table, ctx: Ctx, which: str, choice: str | None = None) -> Reply:
    """Use the active or crisis ability; ``choice`` is its target (a survivor, zone, door or path)."""
    sc = await _context(table, ctx)
    st = _state(sc)
    _acting(sc)
    kind = _norm(which)
    if kind not in ("active", "crisis"):
        raise RuleError("Say which ability: active (once a turn) or crisis (once a mission).")
    legal = [a for a in _legal(sc) if a["type"] == "ability" and a.get("which") == kind]
    base: Action = {"type": "ability", "which": kind}
    if not choice:
        if any(not _choice_value(a) for a in legal) or not legal:
            return await table.act(ctx, base)
        names = {s.key: _sname(s) for s in st.survivors}
        values = [_choice_value(a) for a in legal[:8]]
        options = ", ".join(f"{v} ({names[v]})" if v in names else v for v in values)
        raise RuleError(f"This ability needs a choice (choice:<one of these>): {options}.")
    found = _match_choice(st, legal, choice)
    return await table.act(ctx, dict(found) if found else _guess_keys(st, base, choice))


async def reward(table: Table, ctx: Ctx, choice: str | None = None, kind: str | None = None) -> Reply:
    """Spend the unlocked Accomplishment reward; ``choice`` is its target where it needs one."""
    sc = await _context(table, ctx)
    st = _state(sc)
    _acting(sc)
    legal = [a for a in _legal(sc) if a["type"] == "reward"]
    base: Action = {"type": "reward"}
    if choice:
        found = _match_choice(st, legal, choice)
        action = dict(found) if found else _guess_keys(st, base, choice)
    else:
        if legal and all(_choice_value(a) for a in legal):
            raise RuleError("This reward needs a choice: " + ", ".join(_choice_value(a) for a in legal[:8]) + ".")
        action = base
    if kind:
        action["kind"] = _enemy_kind(kind)
    return await table.act(ctx, action)


async def trade(table: Table, ctx: Ctx, partner: str, give: str | None = None, take: str | None = None) -> Reply:
    """Swap items (and objectives) with a survivor in your zone; another player's survivor must agree."""
    sc = await _context(table, ctx)
    st = _state(sc)
    s = st.survivors[_acting(sc)]
    key = _survivor_key(st, partner)
    other = next(o for o in st.survivors if o.key == key)
    gives = _item_list(_carried_keys(s), give, _sname(s), _objective_colours(st, s))
    takes = _item_list(_carried_keys(other), take, _sname(other), _objective_colours(st, other))
    if not gives and not takes:
        raise RuleError("Say what to give and/or take, e.g. give:pistol take:med-kit.")
    return await table.act(ctx, {"type": "trade", "with": key, "give": gives, "take": takes})


async def answer(table: Table, ctx: Ctx, reply: str) -> Reply:
    word = _norm(reply)
    if word not in ("yes", "no", "accept", "decline"):
        raise RuleError("Answer the trade offer with yes or no.")
    return await table.act(ctx, {"type": "answer", "accept": word in ("yes", "accept")})


async def use(table: Table, ctx: Ctx, item: str, at: str | None = None) -> Reply:
    sc = await _context(table, ctx)
    st = _state(sc)
    s = st.survivors[_acting(sc)]
    action: Action = {"type": "use", "item": _item_key(_carried_keys(s, found=True), item, owner=_sname(s))}
    if at:
        action["zone"] = _zone(st, at)
    return await table.act(ctx, action)


async def reorganise(table: Table, ctx: Ctx, item: str) -> Reply:
    """Put on armour or a helmet from a general slot (the old one goes back to a slot)."""
    sc = await _context(table, ctx)
    s = _state(sc).survivors[_acting(sc)]
    key = _item_key(_carried_keys(s, worn=False), item, owner=_sname(s))
    return await table.act(ctx, {"type": "equip", "item": key})


async def discard(table: Table, ctx: Ctx, item: str) -> Reply:
    sc = await _context(table, ctx)
    s = _state(sc).survivors[_acting(sc)]
    key = _item_key(_carried_keys(s, found=True), item, owner=_sname(s))
    return await table.act(ctx, {"type": "discard", "item": key})


async def noise(table: Table, ctx: Ctx, level: int | str) -> Reply:
    _acting(await _context(table, ctx))
    raw = str(level).strip()
    if not raw.isdigit() or not 1 <= int(raw) <= 3:
        raise RuleError("Noise level is 1, 2 or 3 (it costs that many actions).")
    return await table.act(ctx, {"type": "noise", "level": int(raw)})


async def exit_map(table: Table, ctx: Ctx) -> Reply:
    _acting(await _context(table, ctx))
    return await table.act(ctx, {"type": "exit"})


async def loader(table: Table, ctx: Ctx, do: str) -> Reply:
    _acting(await _context(table, ctx))
    word = _norm(do)
    word = {"in": "enter", "climb-in": "enter", "out": "leave", "exit": "leave"}.get(word, word)
    if word not in ("enter", "leave"):
        raise RuleError("Say enter or leave for the Exo Loader.")
    return await table.act(ctx, {"type": "loader", "do": word})


async def reactivate(table: Table, ctx: Ctx) -> Reply:
    _acting(await _context(table, ctx))
    return await table.act(ctx, {"type": "reactivate"})


async def salvage(table: Table, ctx: Ctx, actions: int | str) -> Reply:
    _acting(await _context(table, ctx))
    raw = str(actions).strip()
    if not raw.isdigit() or not 1 <= int(raw) <= 3:
        raise RuleError("Spend 1 to 3 actions on salvage.")
    return await table.act(ctx, {"type": "salvage", "actions": int(raw)})


async def end(table: Table, ctx: Ctx) -> Reply:
    _acting(await _context(table, ctx))
    return await table.act(ctx, {"type": "end"})


async def turn(table: Table, ctx: Ctx, actions: str) -> Reply:
    """Several commands at once, joined with ``;`` (e.g. ``move SEC-a; search; end``).

    Before any roll or card is revealed, a command that cannot be played refuses them all; after
    one, the rest stop there and the reply says which were not played and why."""
    sc = await _context(table, ctx)
    seat = sc.require_seat()
    st = _state(sc)
    if st.phase != "refuge":
        _acting(sc)
    text = (actions or "").strip().strip(";")
    if not text:
        raise RuleError("Type the commands joined with ';', for example: move SEC-a; search; end.")
    action = sc.system.parse(text, st, seat)
    return await table.act(ctx, action)


# -- the Refuge ----------------------------------------------------------------------------------------------


def _own_survivor(sc: SeatContext, text: object) -> int:
    st = _state(sc)
    i = _survivor_index(st, text)
    if st.survivors[i].seat != sc.require_seat():
        raise RuleError(f"{_sname(st.survivors[i])} is not your survivor.")
    return i


def _at_refuge(sc: SeatContext) -> None:
    sc.require_seat()
    if _state(sc).phase != "refuge":
        raise RuleError("The crew is not at the Refuge; that comes between campaign missions.")


async def visit(
    table: Table,
    ctx: Ctx,
    survivor: str,
    place: str,
    pick: str | None = None,
    get: str | None = None,
    give: str | None = None,
) -> Reply:
    sc = await _context(table, ctx)
    _at_refuge(sc)
    st = _state(sc)
    i = _own_survivor(sc, survivor)
    where = _norm(place).replace("loved-one", "loved-ones").replace("loved-oness", "loved-ones")
    where = {"post": "trading-post", "trading": "trading-post", "trade": "trading-post"}.get(where, where)
    if where not in _places():
        raise RuleError("Visit one of: infirmary, loved-ones, quarters, trading-post.")
    action: Action = {"type": "visit", "survivor": i, "place": where}
    if where == "quarters":
        choice = _norm(pick or "")
        if choice not in ("health", "resolve"):
            raise RuleError("At the Quarters pick health (+1 Health) or resolve (+2 Resolve).")
        action["pick"] = choice
    if where == "trading-post":
        if not get:
            stock = ", ".join(_item_name(k) for k in st.trading_post) or "nothing"
            raise RuleError(f"Say which card to take from the Trading Post: {stock}.")
        action["take"] = _item_key(st.trading_post, get, owner="The Trading Post")
        gives = _item_list(_carried_keys(st.survivors[i], worn=False), give, _sname(st.survivors[i]))
        if len(gives) != 2:
            raise RuleError("Give exactly 2 of your items for the card (give:pistol swarmer-leg).")
        action["give"] = gives
    return await table.act(ctx, action)


async def recruit(table: Table, ctx: Ctx, fallen: str, survivor: str) -> Reply:
    sc = await _context(table, ctx)
    _at_refuge(sc)
    st = _state(sc)
    i = _own_survivor(sc, fallen)
    wanted = _norm(survivor)
    c = content()
    key = next((k for k, v in c.survivors.items() if wanted in (k, _norm(v.name))), None)
    if key is None:
        raise RuleError(f"There is no survivor '{survivor.strip()[:20]}'. Try: {', '.join(sorted(c.survivors))}.")
    if key in st.used_keys:
        raise RuleError(f"{c.survivors[key].name} has already been played in this campaign; pick someone new.")
    return await table.act(ctx, {"type": "recruit", "replace": i, "survivor": key})


async def vote(table: Table, ctx: Ctx, choice: str, route: str | None = None) -> Reply:
    sc = await _context(table, ctx)
    _at_refuge(sc)
    word = _norm(choice)
    if word not in ("stay", "leave"):
        raise RuleError("Vote stay (another round at the Refuge) or leave (on to the next mission).")
    action: Action = {"type": "vote", "choice": word}
    if route:
        action["route"] = route.strip().upper()
    return await table.act(ctx, action)


# -- private views --------------------------------------------------------------------------------------------


def _slot_text(stack: Sequence[Any]) -> str:
    if not stack:
        return "empty"
    name = _item_name(stack[0].card)
    card = content().items.get(stack[0].card)
    extra = ""
    if card is not None and card.kind == "weapon":
        extra = f" (range {card.range}, {card.dice}d {card.hit}+, noise {card.noise})"
    return (f"{len(stack)}× " if len(stack) > 1 else "") + name + extra


def dashboard_lines(st: EndureState, si: int) -> list[str]:
    """A survivor's dashboard as text lines (the picture is render.endure.dashboard)."""
    c = content()
    s = st.survivors[si]
    card = c.survivors[s.key]
    lines = [f"**{card.name}** · {card.klass} · played by {st.seats[s.seat]}"]
    if not s.alive:
        lines.append("☠ Dead.")
        return lines
    where = "left the map" if s.exited else f"in {s.zone}"
    lines.append(f"Health {s.health}/{s.max_health} · Resolve {s.resolve} · {where}")
    if si == (st.order[st.turn_pos] if st.phase == "survivors" and st.turn_pos < len(st.order) else None):
        lines.append(
            f"Acting now: {s.actions} action(s) left" + (f", {s.free_moves} free move(s)" if s.free_moves else "")
        )
    status = []
    if s.injuries:
        status.append("injured: " + ", ".join(_text("injury", i) for i in s.injuries))
    if s.stunned:
        status.append("stunned")
    if s.frozen:
        status.append("frozen in place this round (failed Resolve check)")
    if s.buffs or s.round_buffs:
        status.append("boosts: " + ", ".join(s.buffs + s.round_buffs))
    if st.loader_pilot == si:
        status.append("piloting the Exo Loader" + (" (powered)" if st.loader_powered else " (no power)"))
    if status:
        lines.append("Status: " + "; ".join(status))
    lines.append("")
    lines.append("__Inventory__")
    lines.append(f"Head: {_slot_text(s.head)} · Body: {_slot_text(s.body)}")
    slots = list(s.slots) + [[]] * max(0, 3 - len(s.slots))
    for n, stack in enumerate(slots, 1):
        jam = " — jammed this round" if any(it.uid in s.jammed for it in stack) else ""
        lines.append(f"Slot {n}: {_slot_text(stack)}{jam}")
    if s.found:
        lines.append("Found, waiting for room: " + ", ".join(_item_name(f.card) for f in s.found))
    objs = [o.colour for o in st.objectives if o.carried_by == si]
    if objs:
        lines.append("Carrying objective(s): " + ", ".join(objs))
    lines.append("")
    lines.append("__Abilities__")
    lines.append(f"Passive: {card.passive.name}: {_text('ability', card.passive.hook)}")
    active = "used this turn" if s.used_active else "ready, once a turn"
    lines.append(f"Active: {card.active.name} ({active}): {_text('ability', card.active.hook)}")
    crisis = "spent" if s.crisis_used else "ready, once a mission"
    lines.append(f"Crisis: {card.crisis.name} ({crisis}): {_text('ability', card.crisis.hook)}")
    lines.append("")
    lines.append("__Resolve cards__ (face down until your Resolve drops to their number)")
    cards = []
    for slot in s.resolve_cards:
        if slot.revealed and slot.card in c.resolve:
            cards.append(f"{c.resolve[slot.card].name} at {slot.number} (revealed)")
        else:
            cards.append(f"? at {slot.number}" + (" (dormant)" if slot.dormant else ""))
    lines.append(", ".join(cards) or "none")
    if s.phobias:
        names = {r.hook: r.name for r in c.resolve.values()}
        mine = [c.resolve[x.card] for x in s.resolve_cards if x.revealed and x.card in c.resolve]
        names.update({r.hook: r.name for r in mine})
        lines.append("Lasting effects (from Resolve cards): " + ", ".join(names.get(p, p) for p in s.phobias))
    if s.accomplishment and s.accomplishment in c.accomplishments:
        a = c.accomplishments[s.accomplishment]
        lines.append("")
        lines.append("__Accomplishment__")
        goal = _text("progress", a.goal)
        state = (
            "unlocked: spend it with /endure reward" if s.unlocked else f"{min(s.progress, a.target)}/{a.target} {goal}"
        )
        lines.append(f"{a.name}: {state}. Reward: {_text('reward', a.reward)}.")
    return lines


async def dashboard(table: Table, ctx: Ctx, survivor: str | None = None) -> Reply:
    """A survivor's dashboard (yours by default), only for the asking user."""
    sc = await _viewer_context(table, ctx)
    st: EndureState = sc.my_view()  # type: ignore[assignment]
    if survivor:
        indices = [_survivor_index(st, survivor)]
    else:
        indices = [i for i, s in enumerate(st.survivors) if s.seat == sc.seat] or list(range(len(st.survivors)))
    lines: list[str] = []
    for i in indices:
        if lines:
            lines.append("")
        lines += dashboard_lines(st, i)
    title = "Dashboard" if len(indices) == 1 else "Dashboards"

    def image() -> bytes:
        from render.endure import dashboard as picture

        return picture(st, indices)

    return Reply(
        title=f"{title} · {_sname(st.survivors[indices[0]])}"[:256],
        lines=lines,
        image=image,
        image_name="dashboard.png",
        ephemeral=True,
    )


def _goal_text(goal: str) -> str:
    out = []
    for part in goal.split("|"):
        head, _, colour = part.partition(":")
        out.append(_text("goal", head, colour))
    return " — or — ".join(out)


def briefing_lines(st: EndureState) -> list[str]:
    c = content()
    m = c.missions[st.mission]
    lines = [f"*{m.brief}*", "", f"Difficulty: {m.difficulty} · Enemies: {m.family.upper()}s · Round {st.round}"]
    if st.event and st.event in c.events:
        lines.append(f"Event in play: {c.events[st.event].name}")
    lines.append("")
    lines.append("__To win__ (all of these)")
    for g in m.goals:
        lines.append(f"• {_goal_text(g)}")
        if g.partition(":")[0] == "kill_marked":
            where = sorted({t.zone for t in st.radar if t.marked} | {e.zone for e in st.enemies if e.marked})
            lines.append(f"  (the marked contact is now in {', '.join(where)})" if where else "  (done)")
    if m.fails:
        lines.append("__You lose if__")
        for f in m.fails:
            head, _, colour = f.partition(":")
            lines.append(f"• {_text('fail', head, colour)}")
        lines.append("• every survivor dies")
    if st.objectives:
        lines.append("")
        lines.append("__Objectives__")
        specs = obj_specs(st)
        for o in st.objectives:
            spec = specs.get(o.id)
            what = _text("objective", spec.hook) if spec else ""
            if spec is not None and spec.who:
                what += f" ({spec.who} only)"
            if o.delivered:
                where = "delivered"
            elif o.carried_by >= 0:
                where = f"carried by {_sname(st.survivors[o.carried_by])}"
            elif o.done:
                where = "done"
            else:
                where = f"in {o.zone}"
            hp = f", {o.hp} HP" if o.hp > 0 and not o.done else ""
            name = o.colour if o.id == o.colour else f"{o.colour} ({o.id})"
            letter = o.colour[:1].upper()
            lines.append(f"• {name} ({letter} on the map), {where}{hp}: {what}")
    if m.exits:
        lock = "" if st.exits_open else " (locked for now)"
        lines.append(f"Exits: {', '.join(m.exits)}{lock}")
    if m.max_carry:
        lines.append(f"Nobody may carry more than {m.max_carry} objective(s).")
    specials = list(dict.fromkeys(list(m.specials) + list(st.extra_specials)))
    if specials:
        lines.append("__Special rules__")
        lines += [f"• {_text('special', k)}" for k in specials]
    if st.campaign and st.campaign in c.campaigns:
        done = ", ".join(st.campaign_done) or "none yet"
        lines.append(f"Campaign: {c.campaigns[st.campaign].name} · done: {done}")
    return lines


async def briefing(table: Table, ctx: Ctx) -> Reply:
    """The mission page: story, win and lose conditions, objectives, exits; with the board."""
    sc = await _viewer_context(table, ctx)
    st: EndureState = sc.my_view()  # type: ignore[assignment]
    m = content().missions[st.mission]
    title = f"{m.key} {m.name}"

    def image() -> bytes:
        from render.endure import board

        return board(st)

    return Reply(title=f"Briefing · {title}", lines=briefing_lines(st), image=image, ephemeral=True)


# -- autocomplete ----------------------------------------------------------------------------------------------
# Each helper: (table, ctx, typed, options) -> [(label, value)], options = the other options already typed.

Options = Mapping[str, str]


async def complete_move(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    words = (typed or "").split()
    done = words if typed.endswith(" ") else words[:-1]
    partial = "" if typed.endswith(" ") else (words[-1] if words else "")
    firsts = [a["zone"] for a in legal if a["type"] == "move" and "zone" in a]
    if not done:
        return _fit(((_zone_label(st, z), z) for z in firsts), partial)
    try:
        path = [_zone(st, w) for w in done]
    except RuleError:
        return []
    si = sc.system.current(st)  # type: ignore[attr-defined]
    if si is None or len(path) >= max(1, st.survivors[si].actions + st.survivors[si].free_moves):
        return []
    prefix = " ".join(path)
    nexts = [z for _, z, _ in exits(st, path[-1]) if z not in path]
    return _fit(((f"{prefix} → {_zone_label(st, z)}", f"{prefix} {z}") for z in nexts), partial)


def _option_zone(st: EndureState, options: Options) -> str | None:
    """The zone typed in another option, if it names one (a half-typed one filters nothing)."""
    try:
        return _zone(st, options.get("zone")) if (options.get("zone") or "").strip() else None
    except RuleError:
        return None


def _attacks(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a["type"] == "attack"]


async def complete_attack_zone(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    zones = sorted({a["zone"] for a in _attacks(legal)})
    si = sc.system.current(st)  # type: ignore[attr-defined]
    return _fit(((_zone_label(st, z, -1 if si is None else si), z) for z in zones), typed)


async def complete_weapon(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    zone = _option_zone(_state(sc), options)
    keys = sorted({a["weapon"] for a in _attacks(legal) if not zone or a["zone"] == zone})
    return _fit(((_weapon_label(k), k) for k in keys), typed)


async def complete_kill(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    """The damage split: which enemy types take the hits first, in every order."""
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    zone = _option_zone(st, options)
    zones = [zone] if zone else sorted({a["zone"] for a in _attacks(legal)})
    out: Pairs = []
    for z in zones:
        here = _enemies_in(st, z)
        kinds = sorted(here)
        if not kinds:
            continue
        for order in itertools.permutations(kinds, min(len(kinds), 3)):
            names = " then ".join(_enemy_name(k, here[k]) for k in order)
            out.append((f"{names} first" + ("" if zone else f" (in {z})"), " ".join(order)))
    return _fit(out, typed)


async def complete_object(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    zone = _option_zone(st, options)
    hp = {o.id: o for o in st.objectives}
    pairs = []
    for a in _attacks(legal):
        if a.get("object") and (not zone or a["zone"] == zone):
            o = hp[a["object"]]
            pairs.append((f"{o.colour} objective in {o.zone} ({o.hp} HP left)", o.id))
    return _fit(pairs, typed)


async def complete_step(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, _ = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    si = sc.system.current(st)  # type: ignore[attr-defined]
    if si is None or st.survivors[si].seat != sc.seat:
        return []
    return _fit(((_zone_label(st, z), z) for _, z, _ in exits(st, st.survivors[si].zone)), typed)


def _me(sc: SeatContext) -> Survivor | None:
    st = _state(sc)
    si = sc.system.current(st)  # type: ignore[attr-defined]
    if si is None or st.survivors[si].seat != sc.seat:
        return None
    return st.survivors[si]


async def complete_keep(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, _ = await _safe_legal(table, ctx)
    if sc is None or (s := _me(sc)) is None:
        return []
    return _fit(((f"keep the {_item_name(f.card)}", f.card) for f in s.found), typed)


async def complete_drop(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None or (s := _me(sc)) is None:
        return []
    drops = sorted({a["drop"] for a in legal if a["type"] == "keep" and a.get("drop")})
    if not drops:
        drops = sorted(set(_carried_keys(s)))
    return _fit(((f"drop the {_item_name(k)}", k) for k in drops), typed)


async def complete_objective(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    specs = obj_specs(st)
    pairs = []
    for a in legal:
        if a["type"] == "interact" and a.get("objective"):
            o = next(o for o in st.objectives if o.id == a["objective"])
            what = _text("objective", specs[o.id].hook) if o.id in specs else ""
            pairs.append((f"{o.colour} objective in {o.zone}: {what}", o.id))
    return _fit(pairs, typed)


def _choice_label(st: EndureState, action: Mapping[str, Any]) -> str:
    if action.get("target") is not None and action.get("zone"):
        return f"{_survivor_label(st, str(action['target']))} → {action['zone']}"
    if action.get("target") is not None:
        return _survivor_label(st, str(action["target"]))
    if action.get("zone"):
        return _zone_label(st, str(action["zone"]))
    if action.get("door"):
        return f"door {action['door']}"
    if action.get("zones"):
        return "path " + " → ".join(action["zones"])
    return "(no choice needed)"


def _survivor_label(st: EndureState, key: str) -> str:
    for s in st.survivors:
        if s.key == key:
            return f"{_sname(s)} ({st.seats[s.seat]}, {s.zone}, Health {s.health})"
    return key


async def complete_ability_which(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None or (s := _me(sc)) is None:
        return []
    card = content().survivors[s.key]
    have = {a.get("which") for a in legal if a["type"] == "ability"}
    pairs = []
    if "active" in have:
        pairs.append((f"active: {card.active.name} (once a turn)", "active"))
    if "crisis" in have:
        pairs.append((f"crisis: {card.crisis.name} (once a mission)", "crisis"))
    return _fit(pairs, typed)


async def complete_ability_choice(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    which = _norm(options.get("which"))
    pairs = [
        (f"{a['which']}: {_choice_label(st, a)}", _choice_value(a))
        for a in legal
        if a["type"] == "ability" and _choice_value(a) and (not which or a.get("which") == which)
    ]
    return _fit(pairs, typed)


async def complete_reward_choice(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    pairs = [(_choice_label(st, a), _choice_value(a)) for a in legal if a["type"] == "reward" and _choice_value(a)]
    return _fit(pairs, typed)


async def complete_reward_kind(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    zone = _words(options.get("choice") or "")
    kinds: dict[str, int] = {}
    for a in legal:
        if a["type"] == "reward" and a.get("zone") and (not zone or a["zone"] in zone):
            for k, n in _enemies_in(st, a["zone"]).items():
                kinds[k] = kinds.get(k, 0) + n
    return _fit(((f"a {_enemy_name(k)} ({n} in reach)", k) for k, n in sorted(kinds.items())), typed)


async def complete_partner(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    keys = sorted({a["with"] for a in legal if a["type"] == "trade"})
    return _fit(((_survivor_label(st, k), k) for k in keys), typed)


def _multi(typed: str, choices: list[tuple[str, str]]) -> Pairs:
    """Several values in one option: complete the last word, keep the earlier ones."""
    words = typed.split()
    done = words if typed.endswith(" ") else words[:-1]
    partial = "" if typed.endswith(" ") else (words[-1] if words else "")
    prefix = " ".join(done)
    taken = {w.lower() for w in done}
    pairs = [
        ((f"{prefix} + {label}" if prefix else label), (f"{prefix} {value}" if prefix else value))
        for label, value in choices
        if value.lower() not in taken
    ]
    return _fit(pairs, partial)


async def complete_give(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, _ = await _safe_legal(table, ctx)
    if sc is None or (s := _me(sc)) is None:
        return []
    st = _state(sc)
    si = st.survivors.index(s)
    items = [(_item_name(k), k) for k in sorted(set(_carried_keys(s)))]
    items += [(f"{o.colour} objective", o.colour) for o in st.objectives if o.carried_by == si]
    return _multi(typed, items)


async def complete_take(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, _ = await _safe_legal(table, ctx)
    if sc is None or _me(sc) is None:
        return []
    st = _state(sc)
    try:
        key = _survivor_key(st, options.get("partner") or "")
    except RuleError:
        return []
    oi = next(i for i, o in enumerate(st.survivors) if o.key == key)
    o = st.survivors[oi]
    items = [(_item_name(k), k) for k in sorted(set(_carried_keys(o)))]
    items += [(f"{ob.colour} objective", ob.colour) for ob in st.objectives if ob.carried_by == oi]
    return _multi(typed, items)


async def complete_use(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    keys = sorted({a["item"] for a in legal if a["type"] == "use"})
    return _fit(((_item_name(k), k) for k in keys), typed)


async def complete_use_at(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    item = _norm(options.get("item"))
    zones = sorted(
        {a["zone"] for a in legal if a["type"] == "use" and a.get("zone") and (not item or a["item"] == item)}
    )
    return _fit(((_zone_label(st, z), z) for z in zones), typed)


async def complete_reorganise(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    keys = sorted({a["item"] for a in legal if a["type"] == "equip"})
    kinds = {"armour": "put on (body)", "helmet": "put on (head)"}
    return _fit(((f"{_item_name(k)}: {kinds.get(content().items[k].kind, '')}", k) for k in keys), typed)


async def complete_discard(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None or (s := _me(sc)) is None:
        return []
    keys = sorted({a["item"] for a in legal if a["type"] == "discard"} | {f.card for f in s.found})
    return _fit(((f"{_item_name(k)} (gone for good)", k) for k in keys), typed)


async def complete_noise(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    levels = sorted({int(a["level"]) for a in legal if a["type"] == "noise"})
    return _fit(((f"noise {n} (costs {n} action{'s' if n > 1 else ''})", str(n)) for n in levels), typed)


async def complete_loader(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    words = {"enter": "enter (uses all your remaining actions)", "leave": "leave (1 action)"}
    dos = sorted({a["do"] for a in legal if a["type"] == "loader"}) or list(words)
    return _fit(((words.get(d, d), d) for d in dos), typed)


async def complete_answer(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    pairs = []
    for a in legal:
        if a["type"] == "answer":
            pairs.append(("yes, accept the trade", "yes") if a["accept"] else ("no, turn it down / withdraw", "no"))
    return _fit(pairs, typed)


async def complete_salvage(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    ns = sorted({int(a["actions"]) for a in legal if a["type"] == "salvage"})
    return _fit(((f"{n} action(s)", str(n)) for n in ns), typed)


async def complete_survivor(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    """Any survivor of the game (dashboards)."""
    try:
        sc = await _context(table, ctx)
    except (RuleError, SessionError):
        return []
    st = _state(sc)
    return _fit(((_survivor_label(st, s.key), s.key) for s in st.survivors), typed)


def _simulated(sc: SeatContext, steps: list[Action]) -> EndureState | None:
    """The state after ``steps``, played on the seat's view with fresh dice (so no real roll or
    hidden card leaks); None when that cannot be foreseen (a card drawn, a contact revealed)."""
    st = sc.system.view(sc.state, sc.seat)
    st = msgspec.structs.replace(st, rng=RngState(seed=random.getrandbits(32)))
    try:
        for step in steps:
            st, _ = sc.system.apply(st, sc.seat, step)
    except Exception:
        return None
    drawn = [s.accomplishment for s in st.survivors] + [st.event]  # type: ignore[attr-defined]
    drawn += [it.card for s in st.survivors for it in s.found]  # type: ignore[attr-defined]
    if "?" in drawn:
        return None  # a hidden card was drawn on the way: what follows cannot be foreseen
    return st  # type: ignore[return-value]


async def complete_turn(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    """Suggest the next command of a ``;``-joined batch, from where the earlier ones would leave you."""
    try:
        sc = await _context(table, ctx)
    except (RuleError, SessionError):
        return []
    if sc.seat is None:
        return []
    text = typed or ""
    head, sep, tail = text.rpartition(";")
    done = [c.strip() for c in head.split(";") if c.strip()] if sep else []
    partial = tail.strip()
    state: Any = sc.state
    if done:
        try:
            steps = [sc.system.parse(c, sc.state, sc.seat) for c in done]
        except RuleError:
            return []
        simulated = _simulated(sc, steps)
        if simulated is not None:
            state = simulated
        prefix = "; ".join(done) + "; "
    else:
        prefix = ""
    try:
        names = [sc.system.format(a) for a in sc.system.legal(state, sc.seat)]
    except Exception:  # a simulated state the engine cannot read further: suggest nothing
        return []
    return _fit(((prefix + n, prefix + n) for n in names if partial.lower() in n.lower()), "")


async def complete_refuge_survivor(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    idx = sorted({a["survivor"] for a in legal if a["type"] == "visit"})
    return _fit(((_survivor_label(st, st.survivors[i].key), str(i)) for i in idx), typed)


async def complete_place(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    places = [p for p in _places() if any(a["type"] == "visit" and a["place"] == p for a in legal)]
    return _fit(((_places()[p], p) for p in places), typed)


async def complete_pick(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    return _fit([("+1 Health", "health"), ("+2 Resolve", "resolve")], typed)


async def complete_stock(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, _ = await _safe_legal(table, ctx)
    if sc is None:
        return []
    return _fit(((_item_name(k), k) for k in sorted(set(_state(sc).trading_post))), typed)


async def complete_refuge_give(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, _ = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    try:
        i = _own_survivor(sc, options.get("survivor") or "")
    except (RuleError, SessionError):
        return []
    items = [(_item_name(k), k) for k in sorted(set(_carried_keys(st.survivors[i], worn=False)))]
    return _multi(typed, items)


async def complete_fallen(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    st = _state(sc)
    idx = sorted({a["replace"] for a in legal if a["type"] == "recruit"})
    return _fit(((f"{_sname(st.survivors[i])} (fallen)", str(i)) for i in idx), typed)


async def complete_recruit(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    c = content()
    keys = sorted({a["survivor"] for a in legal if a["type"] == "recruit"})
    return _fit(
        ((f"{c.survivors[k].name} ({c.survivors[k].klass}, Health {c.survivors[k].health})", k) for k in keys), typed
    )


async def complete_vote(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    _, legal = await _safe_legal(table, ctx)
    words = {"leave": "leave for the next mission", "stay": "stay another round (Refuge track -1)"}
    choices = sorted({a["choice"] for a in legal if a["type"] == "vote"})
    return _fit(((words.get(c, c), c) for c in choices), typed)


async def complete_route(table: Table, ctx: Ctx, typed: str, options: Options) -> Pairs:
    sc, legal = await _safe_legal(table, ctx)
    if sc is None:
        return []
    missions = content().missions
    routes = sorted({a["route"] for a in legal if a["type"] == "vote" and a.get("route")})
    return _fit(((f"{r} {missions[r].name}" if r in missions else r, r) for r in routes), typed)


# -- console ----------------------------------------------------------------------------------------------------

Handler = Callable[["Console", Ctx, dict[str, str]], Awaitable[Reply] | Reply]


def _console(
    fn: Callable[..., Awaitable[Reply]], *names: str, required: Sequence[str] = ()
) -> tuple[list[str], Handler]:
    def handler(console: Console, ctx: Ctx, options: dict[str, str]) -> Awaitable[Reply]:
        for name in required:
            if not (options.get(name) or "").strip():
                raise RuleError(f"Give {name}: (try /endure help).")
        kwargs = {n: options[n] for n in names if options.get(n)}
        return fn(console.table, ctx, **kwargs)

    return list(names), handler


def help_reply() -> Reply:
    return Reply(title="Endure the Stars commands", lines=HELP_LINES, ephemeral=True, colour=COLOUR_INFO)


HELP_LINES = [
    "`/endure move to:SEC-a` (or a path `to:SEC-a SEC-z`) · `/endure attack zone:LAB-a weapon:pistol "
    "kill:jaeger swarmer` (hits go to Jaegers first)",
    "`/endure search` then `/endure keep [item:] [drop:]` or `/endure leave` · `/endure interact [objective:]`",
    "`/endure ability which:active|crisis [choice:]` · `/endure reward [choice:]` · `/endure use item: [at:]`",
    "`/endure trade partner:medic give:pistol take:med-kit` (`/endure answer reply:yes|no`) · "
    "`/endure reorganise item:` (put on armour) · `/endure discard item:`",
    "`/endure noise level:1-3` · `/endure exit` · `/endure loader do:enter|leave` · `/endure end`",
    "All three actions at once: `/endure turn actions:move SEC-a; search; end`",
    "`/endure dashboard [survivor:]` · `/endure briefing` · Refuge: `/endure refuge visit|recruit|vote`",
    "New here? `/endure briefing` says how to win; the map's symbols: `/rules system:endure topic:board`. "
    "Careful: ranged misses can hit survivors standing in the zone you shoot at.",
]

CONSOLE_COMMANDS: dict[str, tuple[list[str], Handler]] = {
    "endure move": _console(move, "to", required=["to"]),
    "endure attack": _console(attack, "zone", "weapon", "kill", "target", "step", required=["zone"]),
    "endure search": _console(search),
    "endure keep": _console(keep, "item", "drop"),
    "endure leave": _console(leave),
    "endure interact": _console(interact, "objective"),
    "endure ability": _console(ability, "which", "choice", required=["which"]),
    "endure reward": _console(reward, "choice", "kind"),
    "endure trade": _console(trade, "partner", "give", "take", required=["partner"]),
    "endure answer": _console(answer, "reply", required=["reply"]),
    "endure use": _console(use, "item", "at", required=["item"]),
    "endure reorganise": _console(reorganise, "item", required=["item"]),
    "endure discard": _console(discard, "item", required=["item"]),
    "endure noise": _console(noise, "level", required=["level"]),
    "endure exit": _console(exit_map),
    "endure loader": _console(loader, "do", required=["do"]),
    "endure reactivate": _console(reactivate),
    "endure salvage": _console(salvage, "actions", required=["actions"]),
    "endure end": _console(end),
    "endure turn": _console(turn, "actions", required=["actions"]),
    "endure dashboard": _console(dashboard, "survivor"),
    "endure briefing": _console(briefing),
    "endure refuge visit": _console(visit, "survivor", "place", "pick", "get", "give", required=["survivor", "place"]),
    "endure refuge recruit": _console(recruit, "fallen", "survivor", required=["fallen", "survivor"]),
    "endure refuge vote": _console(vote, "choice", "route", required=["choice"]),
    "endure help": ([], lambda console, ctx, options: help_reply()),
}

__all__ = ["CONSOLE_COMMANDS", "HELP_LINES", "briefing_lines", "dashboard_lines"]
