"""Autocomplete for the commands of a turn (move, attack, use, rest), from the engine's ``legal()`` for the
asking seat: each value is what the option takes, each label says what it does."""

from __future__ import annotations

from rules.core import RuleError
from rules.starcadia import board as B
from rules.starcadia import engine as E
from rules.starcadia.content import CONTENT

from ..commands import SeatContext
from ..spec import Pairs
from .fit import MAX_CHOICES, Given, extend_list, fit, matching, suggester
from .names import find_target, own_hero
from .seat import acting_hero, crew_ids, legal, state
from .texts import hero_label, path_label


def _hero_given(sc: SeatContext, given: Given, kind: str) -> str | None:
    """The hero the other options name (or imply), if any."""
    try:
        return acting_hero(sc, given.get("hero"), kind)
    except RuleError:
        return None


def _heroes(kind: str):
    def heroes(sc: SeatContext, typed: str, given: Given) -> Pairs:
        ids = sorted({a["hero"] for a in legal(sc, kind) if "hero" in a})
        return [(hero_label(state(sc), h), h) for h in ids]

    heroes.__name__ = f"{kind}_hero"
    return heroes


def _move_path(sc: SeatContext, typed: str, given: Given) -> Pairs:
    """Every legal move, filtered by what is typed: quest moves (hack, pickup) first, then the walk towards an
    open PvP quest, then the longest walks, taking the heroes in turn so both show. A destination typed alone
    (``B7``) brings the walks that end there to the top."""
    st = state(sc)
    hid = _hero_given(sc, given, "move")
    moves = [a for a in legal(sc, "move") if hid is None or a["hero"] == hid]
    special = [a for a in moves if a["path"][-1] in ("hack", "pickup")]
    approach = E.pvp_approach(st, sc.seat) if sc.seat is not None else None
    towards = [a for a in moves if approach and a["hero"] == approach.hero and a["path"] == approach.path]
    rest = alternate_heroes([a for a in moves if a not in special and a not in towards])
    pairs = []
    for a in special + towards + rest:
        label = path_label(a["path"])
        if a in towards:  # the walk towards a rival whose PvP quest is open (the scenario needs one)
            label += f" · towards {E.hero_name(E.find_hero(st, approach.target))} (PvP quest)"
        if hid:
            pairs.append((label, " ".join(a["path"])))
        else:  # no hero chosen yet: the value names the hero, "path:zip B2 B3"
            pairs.append((f"{a['hero']}: {label}", " ".join([a["hero"], *a["path"]])))
    found = matching(pairs, typed)
    dest = B.parse_space(typed.strip()) if len(typed.split()) == 1 else None
    if dest is not None:
        there = [p for p in found if _ends_at(p[1], B.name(dest))]
        found = there + [p for p in found if p not in there]
    return found[:MAX_CHOICES]


def _ends_at(value: str, space: str) -> bool:
    """Whether a suggested path ends on ``space`` (a hack or pickup after it counts)."""
    words = [w for w in value.split() if w not in ("hack", "pickup")]
    return bool(words) and words[-1].upper() == space


def alternate_heroes(moves: list[dict]) -> list[dict]:
    """Moves longest walk first within each hero, the heroes taking turns (a list cut at 25 shows both)."""
    by_hero: dict[str, list[dict]] = {}
    for a in sorted(moves, key=lambda a: (-len(a["path"]), a["path"])):
        by_hero.setdefault(a["hero"], []).append(a)
    queues = list(by_hero.values())
    out = []
    for i in range(max((len(q) for q in queues), default=0)):
        out += [q[i] for q in queues if i < len(q)]
    return out


def _attacks(sc: SeatContext, given: Given) -> list[dict]:
    """The legal attacks that fit the hero and target typed so far."""
    st, seat = state(sc), sc.seat
    attacks = legal(sc, "attack")
    tid = hid = None
    if given.get("target"):
        try:
            tid = find_target(st, seat, given["target"] or "", sorted({a["target"] for a in attacks}))
        except RuleError:
            tid = None
    if given.get("hero"):
        try:
            hid = own_hero(st, seat, given["hero"] or "")
        except RuleError:
            hid = None
    elif st.act.hero:
        hid = st.act.hero
    return [a for a in attacks if (hid is None or a["hero"] == hid) and (tid is None or a["target"] == tid)]


def _attack_target(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    out = []
    for t in dict.fromkeys(a["target"] for a in _attacks(sc, {**given, "target": None})):
        m = E.find_monster(st, t)
        if m is not None:
            life = E.mstats(m)[0]
            label = f"{E.monster_tag(m)}: {CONTENT.monsters[m.card].name} at {m.pos}, wounds {m.wounds}/{life}"
            out.append((label, E.monster_tag(m)))
        else:
            rival = E.find_hero(st, t)
            open_pvp = " · PvP quest open" if rival in E.pvp_targets(st, sc.seat) else ""
            out.append((f"{hero_label(st, t)} ({st.crews[rival.seat].colour}){open_pvp}", t))
    return out


def _attack_weapon(sc: SeatContext, typed: str, given: Given) -> Pairs:
    out = []
    for w in dict.fromkeys(a["weapon"] for a in _attacks(sc, given)):
        card = CONTENT.upgrade_by_ref(w)
        out.append((f"{card.name}: {E.attack_kind(card)}, {card.dice} dice", w))
    return out


def _attack_boosts(sc: SeatContext, typed: str, given: Given) -> Pairs:
    acts = _attacks(sc, given)
    weapon = CONTENT.upgrade_by_ref(given.get("weapon") or "") if given.get("weapon") else None
    if weapon is not None:
        acts = [a for a in acts if a["weapon"] == weapon.slug]
    out = [("none", "none")]
    for combo in dict.fromkeys(tuple(a["boosts"]) for a in acts if a["boosts"]):
        dice = E.boost_dice([CONTENT.upgrade_by_ref(b) for b in combo])
        out.append((f"{' + '.join(combo)} (+{dice} dice)", ", ".join(combo)))
    return out


def _attack_grab(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    try:
        victim = E.find_hero(st, find_target(st, sc.seat, given.get("target") or ""))
    except RuleError:
        return []
    if victim is None:
        return []
    tokens = [t.removeprefix("quest:") for t in victim.gadgets + victim.quest_tokens]
    return [(f"grab the {t} if {E.hero_name(victim)} falls", t) for t in tokens]


def _attack_shove(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    try:
        tid = find_target(st, sc.seat, given.get("target") or "")
    except RuleError:
        return []
    m = E.find_monster(st, tid)
    pos = m.pos if m else E.find_hero(st, tid).pos
    return [(f"shove to {s}", s) for s in E.shove_spaces(st, pos)]


def _use_gadget(sc: SeatContext, typed: str, given: Given) -> Pairs:
    uses = legal(sc, "use")
    out = []
    for g in dict.fromkeys(a["gadget"] for a in uses):
        who = sorted({a["hero"] for a in uses if a["gadget"] == g})
        out.append((f"{g} ({', '.join(CONTENT.heroes[h].name for h in who)})", g))
    return out


def _use_path(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    hid = _hero_given(sc, given, "use")
    out = []
    for a in legal(sc, "use"):
        if a["gadget"] == "hoverboard" and (hid is None or a["hero"] == hid):
            ally = next(x for x in crew_ids(st, sc.seat) if x != a["hero"])
            out.append((f"{CONTENT.heroes[ally].name}: {path_label(a['path'])}", " ".join(a["path"])))
    return out


def _rest_give(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    crew = crew_ids(st, sc.seat)
    if not legal(sc, "rest"):
        return []  # resting is not possible right now
    cands = []
    for hid in crew:
        h = E.find_hero(st, hid)
        ally = next((x for x in crew if x != hid), None)
        if ally is None:
            continue
        to = CONTENT.heroes[ally].name
        for u in h.upgrades:
            card = CONTENT.upgrades[u.id]
            cands.append((f"{card.name} from {E.hero_name(h)} to {to}", f"{card.slug}>{ally}"))
        cands += [(f"{g} from {E.hero_name(h)} to {to}", f"{g}>{ally}") for g in h.gadgets]
    return extend_list(typed, cands)


def _rest_place(sc: SeatContext, typed: str, given: Given) -> Pairs:
    st = state(sc)
    if not legal(sc, "rest"):
        return []
    crew = [E.find_hero(st, x) for x in crew_ids(st, sc.seat)]
    b = E.board_of(st)
    living = [h for h in crew if not h.dead and h.pos]
    out = []
    for dead in (h for h in crew if h.dead):
        name = E.hero_name(dead)
        out.append((f"{name} back in the shuttle", f"{dead.id}:shuttle"))
        for xy in b.shuttles.get(st.crews[sc.seat].colour, []):
            if E.occupancy(st, B.name(xy)) < 2:
                out.append((f"{name} in the shuttle at {B.name(xy)}", f"{dead.id}:{B.name(xy)}"))
        for ally in living:
            for xy in b.close_spaces(B.parse_space(ally.pos), st.doors):
                if b.playable(xy) and E.occupancy(st, B.name(xy)) < 2:
                    out.append((f"{name} at {B.name(xy)}, Close to {E.hero_name(ally)}", f"{dead.id}:{B.name(xy)}"))
    return fit(out, typed)


move_path = suggester(_move_path, listed=True)
move_hero = suggester(_heroes("move"))
attack_target = suggester(_attack_target)
attack_weapon = suggester(_attack_weapon)
attack_boosts = suggester(_attack_boosts)
attack_hero = suggester(_heroes("attack"))
attack_shove = suggester(_attack_shove)
attack_grab = suggester(_attack_grab)
use_gadget = suggester(_use_gadget)
use_hero = suggester(_heroes("use"))
use_path = suggester(_use_path)
rest_give = suggester(_rest_give, listed=True)
rest_place = suggester(_rest_place, listed=True)
