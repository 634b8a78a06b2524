"""Endure the Stars bot: how the careful player reads the board (distances, danger, what a shot can do).

Pure functions of a state as one seat sees it: nothing here looks at hidden cards or radar contents,
so they work the same on :meth:`Endure.view` as on the full state.
"""

from __future__ import annotations

from collections import deque

from rules.core import Action

from .content import content
from .geometry import sight
from .state import EndureState
from .world import etype, exits, general_items, is_full, models_in, passive, the_board


def weapon_score(action: Action) -> float:
    """Expected hits of one attack with the action's weapon (the Exo Loader's fists count 3)."""
    card = content().items.get(str(action.get("weapon", "")))
    if card is None:
        return 3.0
    return card.dice * (7 - card.hit) / 6


def distances(st: EndureState, start: str) -> dict[str, int]:
    """Steps from ``start`` to every zone reachable through open ways."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        z = todo.popleft()
        for _, nxt, _ in exits(st, z):
            if nxt not in dist:
                dist[nxt] = dist[z] + 1
                todo.append(nxt)
    return dist


def threat(st: EndureState, zone: str) -> int:
    """Enemies within two steps of ``zone``, the nearer the heavier."""
    dist = distances(st, zone)
    return sum(3 - dist[e.zone] for e in st.enemies if dist.get(e.zone, 9) <= 2)


def threats(st: EndureState, si: int) -> set[str]:
    """Zones whose enemies will be on this survivor next Enemy phase: its own zone and those in sight
    one zone away, plus any active enemy it can see."""
    s = st.survivors[si]
    view = sight(st, s.zone)
    return {e.zone for e in st.enemies if e.zone in view and (view[e.zone][0] <= 1 or e.mode == "active")}


def risk(st: EndureState, zone: str) -> int:
    """How dangerous a zone is to walk into: hidden contacts it would reveal, enemies in it or watching
    it, and a crowd that could trap you there."""
    view = sight(st, zone)
    total = 0
    if any(t.zone in view for t in st.radar):
        total += 3  # it would flip a radar contact: more enemies, Resolve tests
    here = sum(1 for e in st.enemies if e.zone == zone)
    if here:
        total += 4 + here
    total += sum(1 for e in st.enemies if e.zone != zone and e.zone in view and view[e.zone][0] <= 1)
    if any(e.zone in view for e in st.enemies):
        total += 1  # being seen makes them hunt you
    if models_in(st, zone) + 2 >= the_board(st).zones[zone].capacity:
        total += 3  # a crowded zone can trap you at the round's end
    return total


def safest_step(st: EndureState, start: str, goals: list[str]) -> str | None:
    """The first step of the cheapest route (1 per zone plus its risk) to any goal zone."""
    best = {start: 0}
    first: dict[str, str] = {start: ""}
    todo = [(0, start)]
    risks: dict[str, int] = {}
    done: set[str] = set()
    while todo:
        todo.sort()
        cost, z = todo.pop(0)
        if z in done:
            continue
        done.add(z)
        if z in goals and z != start:
            return first[z]
        for _, nxt, _ in exits(st, z):
            if nxt in st.shields or (is_full(st, nxt) and nxt not in goals):
                continue
            if nxt not in risks:
                risks[nxt] = risk(st, nxt)
            c = cost + 1 + risks[nxt]
            if c < best.get(nxt, 10**9):
                best[nxt] = c
                first[nxt] = first[z] or nxt
                todo.append((c, nxt))
    return None


def shortest_step(st: EndureState, start: str, goals: list[str]) -> str | None:
    """The first step of a shortest way to the nearest goal (ties: the first zone by name)."""
    dist = {g: distances(st, g) for g in goals}
    reach = [g for g in goals if start in dist[g]]
    if not reach:
        return None
    goal = min(reach, key=lambda g: (dist[g][start], g))
    steps = sorted(
        z for _, z, _ in exits(st, start) if dist[goal].get(z, 99) < dist[goal][start] and not is_full(st, z)
    )
    return steps[0] if steps else None


def attack_dice(st: EndureState, si: int, action: Action) -> int:
    """Dice this attack would roll (weapon, a dual pair, passives, buffs and readied abilities)."""
    s = st.survivors[si]
    card = content().items.get(str(action.get("weapon", "")))
    if card is None:
        return content().loader.dice
    stack = next((st_ for st_ in s.slots if st_ and st_[0].card == card.key), [])
    dice = card.dice * (2 if len(stack) == 2 and card.dual else 1)
    ranged = card.range > 0
    if (passive(s) == "marksman" and ranged) or (passive(s) == "brawler" and not ranged):
        dice += 1
    dice += ("extra_die" in s.buffs) + 2 * ("annihilate" in s.buffs)
    for mod in s.next_attack:
        dice = dice + 2 if mod == "weapon_mods" else dice * 2 if mod == "last_stand" else dice
    return dice


def can_kill(st: EndureState, si: int, action: Action, *, spare_primus: bool = True) -> bool:
    """An attack is worth its noise only if its dice could kill something there (a boss or an object
    keeps its damage, so any hit counts). ``spare_primus``: the Primus, which cannot die, is not worth it."""
    if action.get("object"):
        return True
    models = [e for e in st.enemies if e.zone == action["zone"]]
    if spare_primus and models and all(e.kind == "primus" for e in models):
        return False
    if any(etype(e.kind).boss for e in models):
        return True
    return bool(models) and attack_dice(st, si, action) >= min(e.hp for e in models)


def reach(kind: str) -> int:
    """How many zones away an enemy of this kind can start and still attack this Enemy phase."""
    t = etype(kind)
    if t.boss:
        return 2
    return max(0, t.actions - 1) + t.range


def danger(st: EndureState, zone: str, cache: dict[str, dict[str, int]]) -> int:
    """Damage the enemies could deal to a survivor standing in ``zone`` next Enemy phase: those that
    would be active (they see the zone, stand in it, or already hunt) and are within their reach."""
    if zone not in cache:
        cache[zone] = distances(st, zone)
    dist = cache[zone]
    view = sight(st, zone)
    total = 0
    for e in st.enemies:
        if e.stunned or e.kind == "solomon" or dist.get(e.zone, 99) > reach(e.kind):
            continue
        if e.zone == zone or e.zone in view or e.mode == "active":
            total += max(1, etype(e.kind).damage)
    return total


def killable(st: EndureState, si: int, zone: str) -> bool:
    """Could this survivor (about) clear the models that threaten ``zone`` with its actions left?"""
    s = st.survivors[si]
    view = sight(st, zone)
    hp = sum(
        e.hp for e in st.enemies if not e.stunned and (e.zone == zone or (e.zone in view and view[e.zone][0] <= 1))
    )
    best = 0.0
    for it in general_items(s):
        card = content().items.get(it.card)
        if card is not None and card.kind == "weapon":
            best = max(best, card.dice * (7 - card.hit) / 6)
    return hp <= best * max(1, s.actions) * 0.8
