"""Every name a player may type for a survivor, zone, enemy, item, objective or Refuge place.

A thing is accepted in every form the game shows it: a survivor as its display name ("Marine
Kovac"), its short name ("Kovac"), its id (``marine-a``), its class ("Marine"), its tag on the map
("Ma"), its player and its number in the Refuge notation (the engine's own list,
:func:`rules.endure.words.survivor_names`, so /act takes them too); a zone by its id in any case
(``sec-a``) or its label ("Lab floor"); an enemy by its key, name, plural or map letter; an item by
its key or name; an objective by id, colour or map letter. A name that fits nothing is refused with
the names that would have worked; one that fits several (a class two survivors share) asks which.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from rules.core import RuleError
from rules.endure import content
from rules.endure.state import EndureState
from rules.endure.words import card_names, enemy_name, item_name, name_key, survivor_names
from rules.endure.world import the_board

T = TypeVar("T")

SHOWN = 12
"""How many candidate names a refusal lists at most."""


def norm(text: object) -> str:
    """Lower case, runs of spaces, underscores and hyphens as one hyphen: "Marine  Kovac" -> marine-kovac."""
    return name_key(text)


def split(text: str | None) -> list[str]:
    """Words of a list typed with spaces, commas, semicolons or arrows."""
    return [w for w in re.split(r"[\s,;>→]+", text or "") if w]


def listing(names: Iterable[str]) -> str:
    shown = list(dict.fromkeys(names))
    more = f" and {len(shown) - SHOWN} more" if len(shown) > SHOWN else ""
    return ", ".join(shown[:SHOWN]) + more if shown else "none"


def pick(text: object, candidates: dict[T, set[str]], *, prefixes: dict[T, set[str]] | None = None) -> list[T]:
    """The candidates one of whose forms is exactly the typed name; failing that, those one of whose
    ``prefixes`` forms starts with it (at least 2 letters)."""
    wanted = norm(text)
    exact = [c for c, forms in candidates.items() if wanted in forms]
    if exact or len(wanted) < 2 or prefixes is None:
        return exact
    return [c for c, forms in prefixes.items() if any(f.startswith(wanted) for f in forms)]


def one(found: list[T], text: object, what: str, shown: Callable[[T], str], known: str, *, where: str = "") -> T:
    """The single match, or a refusal naming what would have worked (or what it could mean)."""
    if len(found) == 1:
        return found[0]
    typed = str(text or "").strip()[:30]
    if found:
        raise RuleError(f"'{typed}' could be {' or '.join(shown(c) for c in found[:6])}: say which.")
    raise RuleError(f"There is no {what} '{typed}'{where}. {known}")


# -- survivors ---------------------------------------------------------------------------------------------------


def survivor_name(st: EndureState, i: int) -> str:
    """How a survivor is listed in refusals: "Marine Kovac (marine-a)"."""
    s = st.survivors[i]
    return f"{content().survivors[s.key].name} ({s.key})"


def survivor_forms(st: EndureState) -> dict[int, set[str]]:
    """Every form each survivor of the game answers to (the engine's own list: :func:`survivor_names`)."""
    return {i: survivor_names(st, i) for i in range(len(st.survivors))}


def find_survivor(st: EndureState, text: object, *, hint: Sequence[int] | None = None, where: str = "") -> int:
    """The survivor of this game the text names. ``hint``: those that would fit here (listed when it fails)."""
    if not str(text or "").strip():
        raise RuleError(f"Say which survivor, for example {content().survivors[st.survivors[0].key].name}.")
    prefixes = {i: card_names(s.key) for i, s in enumerate(st.survivors)}
    found = pick(text, survivor_forms(st), prefixes=prefixes)
    pool = list(range(len(st.survivors))) if hint is None else list(hint)
    label = f"Survivors{where}" if hint is None or pool else f"No survivor fits{where}"
    known = f"{label}: {listing(survivor_name(st, i) for i in pool)}." if pool else f"{label}."
    return one(found, text, "survivor", lambda i: survivor_name(st, i), known)


def mine(st: EndureState, i: int, seat: int) -> int:
    """``i`` if it is a survivor of ``seat``; a refusal naming the seat's own survivors otherwise."""
    if st.survivors[i].seat == seat:
        return i
    own = listing(survivor_name(st, j) for j, s in enumerate(st.survivors) if s.seat == seat)
    raise RuleError(f"{content().survivors[st.survivors[i].key].name} is not your survivor. Yours: {own}.")


def find_card(text: object, keys: Sequence[str], *, what: str = "survivor") -> str:
    """A survivor card (not necessarily in the game) among ``keys``, by id, name, short name or class."""
    c = content()
    forms = {k: card_names(k) | {norm(c.survivors[k].klass)} for k in keys}
    found = pick(text, forms, prefixes={k: card_names(k) for k in keys})
    known = f"Survivors you can pick: {listing(f'{c.survivors[k].name} ({k})' for k in keys)}."
    return one(found, text, what, lambda k: f"{c.survivors[k].name} ({k})", known)


# -- zones ----------------------------------------------------------------------------------------------------------


def zone_forms(st: EndureState) -> dict[str, set[str]]:
    """Each zone's id and its label."""
    return {z: {norm(z), norm(info.label)} - {""} for z, info in the_board(st).zones.items()}


def find_zone(st: EndureState, text: object, *, hint: Sequence[str] | None = None, what: str = "zone") -> str:
    """The zone the text names. ``hint``: the zones that would do here (listed when it fails)."""
    if not str(text or "").strip():
        example = (list(hint) if hint else list(the_board(st).zones))[0]
        raise RuleError(f"Say which {what}, for example {example}.")
    found = pick(text, zone_forms(st))
    if hint:
        known = f"Zones that would do: {listing(hint)}."
    else:
        known = f"Zones look like {next(iter(the_board(st).zones))}."
    return one(found, text, what, str, known, where=" on this map")


def find_zones(st: EndureState, text: str | None, *, hint: Sequence[str] | None = None) -> list[str]:
    """Several zones in one option (a path), by id or label; the longest run of words naming a zone wins."""
    return longest_runs(split(text), lambda run: find_zone(st, " ".join(run), hint=hint))


def longest_runs(words: list[str], resolve: Callable[[list[str]], T]) -> list[T]:
    """Read ``words`` left to right, each time taking the longest run ``resolve`` accepts."""
    out: list[T] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            try:
                out.append(resolve(words[i:j]))
            except RuleError:
                if j == i + 1:
                    raise
                continue
            i = j
            break
    return out


# -- enemies ------------------------------------------------------------------------------------------------------


def enemy_names(kind: str) -> set[str]:
    """An enemy kind's key and name, singular and plural."""
    names = {norm(kind), norm(content().enemies[kind].name)}
    return names | {n + "s" for n in names}


def enemy_forms(kinds: Iterable[str]) -> dict[str, set[str]]:
    """Names and map tag (a letter, or three for a boss) of each kind."""
    c = content()
    return {
        k: enemy_names(k) | {norm(c.enemies[k].name[:3] if c.enemies[k].boss else c.enemies[k].name[0])} for k in kinds
    }


def find_enemy(text: object, *, among: Sequence[str] | None = None) -> str:
    """An enemy kind by key, name, plural or map tag (``J2``: the tag with its count on the map). Map
    tags are read among ``among`` (the kinds on the map) when given; full names always work."""
    typed = re.sub(r"(?<=[a-z])\d+$", "", norm(text))
    found = pick(typed, enemy_forms(among or content().enemies))
    if not found and among:
        found = pick(typed, {k: enemy_names(k) for k in content().enemies})
    if len(found) == 1:
        return found[0]
    shown = str(text).strip()[:20]
    if found:
        raise RuleError(f"'{shown}' could be {' or '.join(enemy_name(k) for k in found)}: say which.")
    kinds = list(among) if among else list(content().enemies)
    raise RuleError(f"'{shown}' is not an enemy. Enemies{' here' if among else ''}: {listing(map(enemy_name, kinds))}.")


# -- items, objectives, places ------------------------------------------------------------------------------------


def find_item(pool: Iterable[str], text: object, *, owner: str = "") -> str:
    """An item card among ``pool`` by key or name (or a unique beginning of either)."""
    keys = list(dict.fromkeys(pool))
    if not str(text or "").strip():
        raise RuleError(f"Say which item: {listing(item_name(k) for k in keys)}.")
    forms = {k: {norm(k), norm(item_name(k))} for k in keys}
    found = pick(text, forms, prefixes=forms)
    if len(found) == 1:
        return found[0]
    who = f"{owner} has" if owner else "There is"
    typed = str(text).strip()[:30]
    if found:
        raise RuleError(f"'{typed}' could be {' or '.join(item_name(k) for k in found)}: say which.")
    raise RuleError(f"{who} no '{typed}'. Available: {listing(item_name(k) for k in keys) or 'nothing that fits'}.")


def find_items(pool: Sequence[str], text: str | None, owner: str, colours: Sequence[str] = ()) -> list[str]:
    """Several items in one option (``pistol med kit`` or ``pistol, med-kit``); objective colours pass as
    they are (``green`` or ``green objective``)."""

    def resolve(run: list[str]) -> str:
        name = norm("-".join(run)).removesuffix("-objective")
        if name in colours:
            return name
        return find_item(pool, " ".join(run), owner=owner)

    return longest_runs(split(text), resolve)


def objective_forms(st: EndureState) -> dict[str, set[str]]:
    """Id, colour, "colour objective" and the letter on the map."""
    return {
        o.id: {norm(o.id), norm(o.colour), norm(f"{o.colour} objective"), norm(o.colour[:1])} for o in st.objectives
    }


def objective_name(st: EndureState, oid: str) -> str:
    o = next(o for o in st.objectives if o.id == oid)
    return o.colour if o.id == o.colour else f"{o.colour} ({o.id})"


def find_objective(st: EndureState, text: object, *, zone: str | None = None, hint: Sequence[str] = ()) -> str:
    """An objective by id, colour or map letter; of several of one colour, the open one in ``zone``."""
    found = pick(text, objective_forms(st))
    if len(found) > 1 and len({o.colour for o in st.objectives if o.id in found}) == 1:
        here = [oid for oid in found if any(o.id == oid and o.zone == zone and not o.done for o in st.objectives)]
        return (here or found)[0]
    names = [objective_name(st, oid) for oid in (hint or [o.id for o in st.objectives])]
    known = f"Objectives{' here' if hint else ''}: {listing(names)}."
    return one(found, text, "objective", lambda oid: objective_name(st, oid), known)


PLACE_WORDS = {"post": "trading-post", "trading": "trading-post", "trade": "trading-post", "loved": "loved-ones"}


def find_place(text: object) -> str:
    """A Refuge place by key or name ("Loved Ones", "trading post", "quarters")."""
    places = content().texts["place"]
    forms = {p: {norm(p), norm(words.split(" (")[0]), norm(p).rstrip("s")} for p, words in places.items()}
    wanted = PLACE_WORDS.get(norm(text), norm(text))
    found = pick(wanted, forms, prefixes=forms)
    known = f"Places: {listing(places)}."
    return one(found, text, "place at the Refuge", str, known)


def find_route(st: EndureState, text: object) -> str:
    """The next mission by key or name, among the campaign's next missions."""
    missions = content().missions
    forms = {m: {norm(m), norm(missions[m].name)} for m in st.next_options if m in missions}
    found = pick(text, forms, prefixes=forms)
    known = f"The campaign goes on to: {listing(f'{m} {missions[m].name}' for m in forms)}."
    return one(found, text, "next mission", str, known)
