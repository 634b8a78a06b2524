"""Every name form an Armada captain may type, turned into the engine's value.

Planets by name or its start (``kag``), captains by seat number, player name or ship (name or id),
modules and heroes by name or id (``Lotus Laser``, ``lotus-laser``, or a suggestion's ``Name [id]``),
dice as ``3`` or ``#3``, fleets as ``1``, ``F1`` or ``fleet 1``, beacons by event number. A name that
fits nothing is refused with the names that would have worked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules.armada.content import CONTENT as C
from rules.armada.helpers import locations, module_at
from rules.armada.state import Die, State
from rules.core import RuleError, normalise

TRADE_WHAT = ("credits", "module", "hero")
EXTRA_KEYS = ("target", "action", "mode", "ally", "crew", "hull_to_one", "extra")
INT_EXTRAS = ("target", "action", "ally", "crew")
STATION_WORDS = ("infirmary", "escape", "swap")


def blank(value: object) -> bool:
    return value is None or not str(value).strip()


def isnum(text: str) -> bool:
    """Plain ASCII digits of a sane length (``"²".isdigit()`` is true but int() refuses it)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def number(text: object) -> int | str:
    """``"3"`` -> 3, anything else unchanged (as the engine's legal() writes numbers)."""
    raw = str(text).strip()
    return int(raw) if isnum(raw) else raw


def _inner(raw: str) -> str:
    """``Lotus Laser [lotus-laser]`` (a suggestion's label) -> ``lotus-laser``."""
    return raw.rsplit("[", 1)[-1].split("]")[0].strip() if "[" in raw else raw


def _listed(names: Iterable[str], limit: int = 12) -> str:
    shown = list(dict.fromkeys(names))
    more = f" and {len(shown) - limit} more" if len(shown) > limit else ""
    return ", ".join(shown[:limit]) + more if shown else "none"


def planet(state: State, text: str | None) -> str:
    if blank(text):
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


def captains_text(state: State) -> str:
    return ", ".join(f"{i + 1} {name} ({C.ships[state.players[i].ship].name})" for i, name in enumerate(state.seats))


def captain(state: State, text: str | None, *, what: str = "captain") -> int:
    """A seat from a seat number, a player name or a ship name/id; returns the 0-based seat."""
    if blank(text):
        raise RuleError(f"Say which {what}: a seat number or a name. Captains: {captains_text(state)}.")
    raw = str(text).strip()
    head = raw.split(":")[0].strip().lstrip("#@")
    if isnum(head):
        n = int(head)
        if 1 <= n <= len(state.seats):
            return n - 1
        raise RuleError(f"Seats are numbered 1 to {len(state.seats)}. Captains: {captains_text(state)}.")
    wanted = normalise(raw.lstrip("@"))
    for i, name in enumerate(state.seats):
        if normalise(name) == wanted:
            return i
    for i, p in enumerate(state.players):
        if wanted in (p.ship, normalise(C.ships[p.ship].name)):
            return i
    raise RuleError(f"There is no {what} '{raw[:30]}' at this table. Captains: {captains_text(state)}.")


def _card(kind: str, names: dict[str, str], text: str | None, pool: Iterable[str] | None, where: str) -> str:
    """An id from ``names`` (id -> display name) by id or name; ``pool``: the ids allowed here."""
    candidates = list(dict.fromkeys(pool)) if pool is not None else list(names)
    listed = _listed(f"{names[c]} ({c})" for c in candidates if c in names)
    if blank(text):
        raise RuleError(f"Say which {kind}{where}: {listed}.")
    raw = str(text).strip()
    wanted = normalise(_inner(raw))
    for key in candidates:
        if wanted in (key, normalise(names[key])):
            return key
    known = next((k for k in names if wanted in (k, normalise(names[k]))), None)
    if known is not None and pool is not None:
        raise RuleError(f"{names[known]} is not{where or ' here'}. {kind.capitalize()}s{where}: {listed}.")
    raise RuleError(f"There is no {kind} called '{raw[:40]}'. {kind.capitalize()}s{where}: {listed}.")


def module(text: str | None, pool: Iterable[str] | None = None, *, where: str = "") -> str:
    """A module id from its id or name; ``pool`` is where it must be (your storage, the shipyard offer)."""
    return _card("module", {k: m.name for k, m in C.modules.items()}, text, pool, where)


def hero(text: str | None, pool: Iterable[str] | None = None, *, where: str = "") -> str:
    """A hero id from its id or name; ``pool`` is where it must be (the waystation, a crew)."""
    return _card("hero", {k: h.name for k, h in C.heroes.items()}, text, pool, where)


def _first_word(text: object) -> str:
    words = str(text or "").strip().split()
    return words[0].split(":")[0].lstrip("#") if words else ""


def die_by_id(state: State, value: object) -> Die | None:
    raw = _first_word(value)
    if not isnum(raw):
        return None
    return next((d for d in state.dice if d.id == int(raw)), None)


def die(state: State, seat: int, text: str | None) -> int:
    mine = ", ".join(f"#{d.id}" for d in state.dice if d.owner == seat and d.loc in ("rolled", "crew")) or "none"
    if blank(text):
        raise RuleError(f"Say which die by its number; your free dice: {mine}.")
    raw = _first_word(text)
    if not isnum(raw):
        raise RuleError(f"'{str(text).strip()[:20]}' is not a die number; your free dice: {mine}.")
    found = die_by_id(state, raw)
    if found is None:
        raise RuleError(f"There is no die #{int(raw)}; your free dice: {mine}.")
    if found.owner != seat:
        raise RuleError(f"Die #{found.id} is not one of your crew; your free dice: {mine}.")
    return found.id


def dice(state: State, seat: int, text: str | None) -> list[int]:
    """Several dice of ``seat``: ``3,5``, ``#3 #5`` (each as :func:`die` reads it), in the order typed."""
    parts = [p for p in str(text or "").replace(",", " ").split() if p]
    if not parts:
        return [die(state, seat, text)]
    ids = [die(state, seat, p) for p in parts]
    return list(dict.fromkeys(ids))


STATION_KINDS = {
    "weapons": ("damage", "drone", "spindle", "gatling"),
    "shields": ("shield",),
    "repairs": ("repair",),
}
"""Station words a captain may type for every station of a kind (``station:weapons``)."""
KIND_WORDS = {"weapon": "weapons", "shield": "shields", "repair": "repairs", "hull": "repairs"}


def station_kind(text: str | None) -> str | None:
    """``weapons``, ``shields`` or ``repairs`` when ``text`` names a kind of station, else None."""
    word = normalise(str(text or "")).removeprefix("station").strip()
    word = KIND_WORDS.get(word, word)
    return word if word in STATION_KINDS else None


def stations_of_kind(state: State, seat: int, kind: str) -> list[int]:
    """The captain's stations whose module is of this kind, in station order."""
    player = state.players[seat]
    numbers = [*range(1, 7), *range(11, 11 + len(player.extension))]
    return [n for n in numbers if (m := module_at(player, n)) is not None and m.kind in STATION_KINDS[kind]]


def fleet(state: State, text: str | None) -> int:
    """A fleet's token from ``1``, ``F1``, ``fleet 1``, or ``final`` (the board's FINAL fleet)."""
    tokens = ", ".join(f"{'FINAL' if f.final else f'F{f.token}'} at {f.planet}" for f in state.fleets) or "none"
    if blank(text):
        raise RuleError(f"Say which fleet by its number. Fleets in play: {tokens}.")
    wanted = normalise(str(text))
    final = next((f for f in state.fleets if f.final), None)
    if final is not None and wanted in ("final", "the final", "final fleet", "f" + str(final.token)):
        return final.token
    raw = wanted.replace("fleet", "").strip().lstrip("f#").split(" ")[0].split(":")[0]
    if not isnum(raw):
        raise RuleError(f"'{str(text).strip()[:20]}' is not a fleet. Fleets in play: {tokens}.")
    token = int(raw)
    if not any(f.token == token for f in state.fleets):
        raise RuleError(f"There is no fleet {token}. Fleets in play: {tokens}.")
    return token


def beacon(state: State, text: str | None) -> int:
    shown = ", ".join(f"{b.event} at {b.planet}" for b in state.beacons) or "none"
    if blank(text):
        raise RuleError(f"Say which beacon by its event number. Beacons: {shown}.")
    raw = normalise(str(text)).replace("beacon", "").replace("event", "").strip().lstrip("#").split(" ")[0]
    raw = raw.split(":")[0]
    if not isnum(raw):
        raise RuleError(f"'{str(text).strip()[:20]}' is not a beacon number. Beacons: {shown}.")
    event = int(raw)
    if not any(b.event == event for b in state.beacons):
        raise RuleError(f"There is no beacon {event} in play. Beacons: {shown}.")
    return event


def team(state: State, text: str | None, seat: int) -> list[int]:
    """Teammates' seat numbers (1-based, as legal() lists them) from numbers or names."""
    if blank(text):
        return []
    seats: list[int] = []
    for part in str(text).replace(",", " ").split():
        other = captain(state, part, what="teammate")
        if other == seat:
            raise RuleError("You are already in your own team; name the other captains.")
        if other + 1 not in seats:
            seats.append(other + 1)
    if len(seats) > 3:
        raise RuleError("Name up to three teammates.")
    return seats


def station(state: State, seat: int, text: str | None) -> int | str:
    """Station 1-6 (or an extension ``s1``, or a module's name), infirmary, escape or swap."""
    player = state.players[seat]
    if blank(text):
        raise RuleError("Say which station: 1 to 6 (or the module's name), infirmary, escape or swap.")
    raw = normalise(str(text)).split(":")[0].strip().removeprefix("station").strip()
    if raw in ("medbay", "medical bay"):
        raw = "infirmary"
    if raw in STATION_WORDS:
        return raw
    if isnum(raw):
        return int(raw)
    if len(raw) == 2 and raw[0] == "s" and isnum(raw[1]):
        return 10 + int(raw[1])
    for n in [*range(1, 7), *range(11, 11 + len(player.extension))]:
        m = module_at(player, n)
        if m and normalise(_inner(str(text))) in (m.id, normalise(m.name)):
            return n
    mods = ", ".join(f"{n} {m.name}" for n in range(1, 7) if (m := module_at(player, n)) is not None)
    raise RuleError(f"'{str(text).strip()[:30]}' is not a station: {mods}, infirmary, escape or swap.")


def extras(state: State, text: str | None) -> dict[str, Any]:
    """``2`` -> target 2; ``target=2 action=1`` / ``ally=bob mode=send crew=5`` -> those keys."""
    if blank(text):
        return {}
    out: dict[str, Any] = {}
    for token in str(text).replace(";", " ").split():
        key, sep, value = token.partition("=")
        if not sep:
            key, value = "target", token
        key = key.strip().lower()
        if key not in EXTRA_KEYS:
            raise RuleError(f"'{key[:20]}' is not a choice here; use a target number or {', '.join(EXTRA_KEYS)}.")
        value = value.strip()
        if key == "ally":
            out[key] = captain(state, value, what="ally") + 1
        elif key == "extra":
            out[key] = ",".join(v.strip().lstrip("#") for v in value.split(",") if v.strip().lstrip("#"))
        elif key in INT_EXTRAS:
            out[key] = number(value.lstrip("#"))
        else:
            out[key] = value
    return out


def extras_text(action: Mapping[str, Any], skip: Iterable[str]) -> str:
    """The keys of an action beyond ``skip``, as ``target:`` takes them (a lone target as its number)."""
    skipped = set(skip)
    text = " ".join(
        f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in action.items() if k not in skipped
    )
    if text.startswith("target=") and " " not in text:
        return text.removeprefix("target=")
    return text


def trade_kind(what: str | None, *, wanted: bool = False) -> str:
    kind = normalise(what or "")
    if kind in ("credit", "cr"):
        kind = "credits"
    if kind not in TRADE_WHAT:
        raise RuleError(f"Say what {'you want back' if wanted else 'to give'}: credits, module or hero.")
    return kind


def trade_value(state: State, seat: int, kind: str, value: str | None, whose: str = "your") -> int | str:
    """What is traded: a number of credits, a stored module or a hero of ``seat``."""
    where = f" in {whose} storage" if kind == "module" else f" in {whose} crew"
    if kind == "credits":
        raw = (value or "1").strip()
        if not isnum(raw) or int(raw) < 1:
            raise RuleError("Give credits as a whole number of at least 1.")
        return int(raw)
    p = state.players[seat]
    if kind == "module":
        return module(value, p.storage, where=where)
    return hero(value, p.heroes, where=where)
