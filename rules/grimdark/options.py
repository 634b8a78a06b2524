"""Commands worth offering a seat now (the candidates ``legal`` filters): moves towards what matters,
shots at every enemy, each skill on each sensible target. Any other cell can still be typed."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, islice
from typing import Literal

from rules.core import Action, RuleError

from .actions import (
    blast_odd,
    check_activity,
    check_shot,
    deploy_refusal,
    in_reserve,
    needs_start,
    reaches,
    the_hero,
    unit_within,
)
from .campaign import CAMP, learnable
from .combat import shot_spans
from .content import cell_name, content, parse_cell
from .grid import dist, near, touching
from .memo import once
from .moves import allowance, budget, hero_reach, trust_destination
from .paths import HALF
from .state import Cell, GrimState, Unit
from .units import enemies, grid_of, heroes, near_any, occupied, rule, sheet, skills_of, standing, weapons

DESTINATIONS = 8
"""Destinations offered per move command."""

Verdict = Literal[False] | tuple[tuple[str, str], Callable[[], bool] | None]
"""What the candidates' maker already knows of a candidate's check: False, refused for certain (one of
the check's refusals holds, whatever else it asks); (group, test), allowed exactly when the first
candidate of its group without a test is allowed and ``test()`` (if any) holds. A group is one hero's
Advances (or Rushes) to cells of its own search: their checks differ only in the destination, which
:func:`~.moves.trust_destination` has already passed (see :func:`legal_of`)."""


def points_of_interest(state: GrimState, hero: Unit) -> list[Cell]:
    """Where a hero may want to go: enemies, objectives, search tokens, the exit, fallen friends."""
    points: list[Cell] = []
    for unit in enemies(state):
        points.append(min((m.cell for m in unit.alive()), key=lambda c: dist(c, hero.models[0].cell)))
    points += [(o.x, o.y) for o in state.objectives]
    spent = ("nothing", "trap")  # revealed from afar: still on the table, but nothing to go for
    points += [(t.x, t.y) for t in state.tokens if not t.taken and not (t.revealed and t.content in spent)]
    points += [h.models[0].cell for h in heroes(state) if h.down and h.placed]
    if state.mission.goal.kind == "retrieve" and "data-core" in hero.items:
        zone = state.mission.exit
        points.append(((zone.x0 + zone.x1) // 2, (zone.y0 + zone.y1) // 2))
    return points


def destinations(
    state: GrimState, hero: Unit, inches: float, *, flying: bool | None = None, jumps: bool = False
) -> list[Cell]:
    """For each point of interest, the reachable cell closest to it (and a cell in cover near the hero);
    with ``jumps``, cells reached by a route with a jump."""
    found = hero_reach(state, hero, inches, flying=flying, jumps=jumps)
    here = hero.models[0].cell
    if not found.best:
        return []
    out: list[Cell] = []
    for point in once(("interest", id(state), hero.id), lambda: points_of_interest(state, hero)):
        best = found.nearest(point)
        if best != here and best not in out:
            out.append(best)
        if len(out) >= DESTINATIONS:
            break
    grid = grid_of(state)
    if len(out) < DESTINATIONS:
        size = grid.size
        cover = grid.cover
        start = grid.at(here)
        spots = [(v[1], i) for i, v in found.best.items() if cover[i] and i != start]
        if spots:
            _, i = min(spots)
            spot = (i % size, i // size)
            if spot not in out:
                out.append(spot)
    return out


def hero_candidates(state: GrimState, hero: Unit) -> list[Action]:
    """The hero's commands worth offering. Left out are only those the check refuses for certain: actions
    when the activation has no action left (or the hero may not act), Skill actions likewise, shots at
    units beyond the longest range, and skills, spells and items aimed beyond their reach."""
    return hero_offers(state, hero)[0]


def hero_offers(state: GrimState, hero: Unit) -> tuple[list[Action], dict[int, Verdict]]:
    """:func:`hero_candidates` with what is already known of their checks, by index (see :data:`Verdict`)."""
    h = hero.id
    out: list[Action] = [{"type": "start", "hero": h}, {"type": "done", "hero": h}, {"type": "rest", "hero": h}]
    known: dict[int, Verdict] = {}
    if not hero.placed:
        return out[1:2] + arrivals(state, hero), known
    if state.act is not None or not needs_start(state, hero):
        known[0] = False  # check_start: already started, or nothing to roll
    acts = _passes(lambda: check_activity(state, hero, "action"))
    skills = _passes(lambda: check_activity(state, hero, "skill"))
    if not acts:
        out.pop()  # rest
    foes = enemies(state)
    here = hero.models[0].cell
    if acts:
        has_limited = any(w.has("limited") and w.key not in hero.limited for w in weapons(hero))
        span, span_limited = shot_span(state, hero, False), shot_span(state, hero, True)
        out += [{"type": "hold", "hero": h}]
        for foe in foes:
            gap = closest(here, foe)
            if gap <= span + 1e-9:
                out.append({"type": "hold", "hero": h, "shoot": foe.id})
            if has_limited and gap <= span_limited + 1e-9:
                out.append({"type": "hold", "hero": h, "shoot": foe.id, "limited": True})
        rush = allowance(state, hero, "rush")
        rushes = destinations(state, hero, rush)  # first: the advance is cut from its search
        advance = allowance(state, hero, "advance")
        # a move ends within its length of the hero: units farther than that beyond the longest range stay out
        shootable = [f for f in foes if closest(here, f) <= span + budget(advance) / HALF + 1e-6]
        for cell in destinations(state, hero, advance):
            trust_destination(state, hero, cell, advance, "Advance")
            known[len(out)] = ((h, "advance"), None)
            out.append({"type": "advance", "hero": h, "to": cell_name(cell)})
            for foe in shootable:
                if closest(cell, foe) <= span + 1e-9:
                    shot: Action = {"type": "advance", "hero": h, "to": cell_name(cell), "shoot": foe.id}
                    known[len(out)] = ((h, "advance"), _shot_test(state, hero, shot, cell))
                    out.append(shot)
        for cell in rushes:
            trust_destination(state, hero, cell, rush, "Rush")
            known[len(out)] = ((h, "rush"), None)
            out.append({"type": "rush", "hero": h, "to": cell_name(cell)})
        if on_a_ledge(state, hero):  # the way down may be a jump: offer a few
            for kind, inches in (("advance", advance), ("rush", rush)):
                for cell in destinations(state, hero, inches, jumps=True)[:3]:
                    out.append({"type": kind, "hero": h, "to": cell_name(cell), "jump": True})
        charge = allowance(state, hero, "charge")
        for foe in foes:
            if not any(near(here, m.cell, charge) for m in foe.alive()):
                known[len(out)] = False  # check_charge: out of charge reach
            out.append({"type": "charge", "hero": h, "target": foe.id})
    if skills:
        out += skill_candidates(state, hero, foes)
        for item in dict.fromkeys(hero.items):
            if content().items[item].kind == "consumable":
                out += [
                    {"type": "use", "hero": h, "item": item, "target": a.id}
                    for a in standing(state)
                    if reaches(state, hero, a.models[0].cell, 3)
                ]
            out += [
                {"type": "give", "hero": h, "item": item, "to": a.id}
                for a in standing(state)
                if a.id != h and reaches(state, hero, a.models[0].cell, 3)
            ]
        for other in heroes(state):
            if other.down and other.placed:
                out.append({"type": "revive", "hero": h, "target": other.id})
                out += [{"type": "take", "hero": h, "item": i, "from": other.id} for i in dict.fromkeys(other.items)]
    if rule(hero, "caster"):
        for spell in content().hero_spells():
            targets = foes if spell.target == "enemy" else standing(state)
            aimed = spell.target in ("enemy", "ally")
            for t in targets:
                if not aimed or t is hero or unit_within(state, hero, t, spell.range):
                    if hero.tokens < spell.value:
                        known[len(out)] = False  # check_cast: too few spell tokens (no boost offered)
                    out.append({"type": "cast", "hero": h, "spell": spell.key, "target": t.id})
    return out, known


def _shot_test(state: GrimState, hero: Unit, action: Action, cell: Cell) -> Callable[[], bool]:
    """What :func:`~.actions.check_move` asks of an Advance that shoots beyond the plain Advance to the
    same cell: :func:`~.actions.check_shot` from that cell."""
    return lambda: _passes(lambda: check_shot(state, hero, action, cell))


def on_a_ledge(state: GrimState, hero: Unit) -> bool:
    """Whether the hero stands within a step of a drop deeper than 3" (a jump may be its way down)."""
    grid = grid_of(state)
    x, y = hero.models[0].cell
    top = grid.h((x, y)) - 3 * grid.scale
    if top <= 0 or rule(hero, "flying"):
        return False
    return any(
        grid.inside((x + dx, y + dy)) and grid.h((x + dx, y + dy)) < top
        for dx in (-2, -1, 0, 1, 2)
        for dy in (-2, -1, 0, 1, 2)
    )


def _passes(check: Callable[[], object]) -> bool:
    try:
        check()
    except RuleError:
        return False
    return True


def closest(cell: Cell, unit: Unit) -> float:
    return min(dist(cell, m.cell) for m in unit.alive())


def shot_span(state: GrimState, hero: Unit, limited: bool) -> float:
    """The longest range of the weapons a shot (with ``limited:yes`` or not) may fire; -1 when none."""
    return max((r for r, _ in shot_spans(state, hero, limited=limited)), default=-1.0)


def skill_candidates(state: GrimState, hero: Unit, foes: list[Unit]) -> list[Action]:
    c = content()
    h = hero.id
    out: list[Action] = []
    for key in skills_of(state, hero):
        skill = c.skills[key]
        if skill.target == "token":
            out += [
                {"type": "skill", "hero": h, "skill": key, "target": t.id}
                for t in state.tokens
                if not t.taken and reaches(state, hero, (t.x, t.y), skill.range)
            ]
        elif skill.target == "enemy":
            out += [
                {"type": "skill", "hero": h, "skill": key, "target": f.id}
                for f in foes
                if unit_within(state, hero, f, skill.range)
            ]
        elif skill.target == "ally":
            out += [
                {"type": "skill", "hero": h, "skill": key, "target": a.id}
                for a in standing(state)
                if reaches(state, hero, a.models[0].cell, skill.range)
            ]
        elif skill.target == "cell":
            most = 3 if skill.amount == "d3" else int(skill.amount)
            inches = most / 2 if state.half else float(most)
            for cell in destinations(state, hero, inches, flying=skill.effect == "fly")[:4]:
                trust_destination(state, hero, cell, inches, skill.name, flying=skill.effect == "fly")
                out.append({"type": "skill", "hero": h, "skill": key, "target": cell_name(cell)})
        else:
            out.append({"type": "skill", "hero": h, "skill": key})
    return out


def arrivals(state: GrimState, hero: Unit) -> list[Action]:
    """A few places more than 9" from every enemy where a hero in reserve might arrive."""
    grid = grid_of(state)
    foes = [m.cell for u in enemies(state) for m in u.alive()]
    spots = []
    step = max(2, grid.size // 8)
    for y in range(step // 2, grid.size, step):
        for x in range(step // 2, grid.size, step):
            cell = (x, y)
            if all(dist(cell, f) > (4.5 if state.half else 9) for f in foes):
                spots.append(cell)
    return [{"type": "arrive", "hero": hero.id, "to": cell_name(c)} for c in spots[:12]]


def deploy_candidates(state: GrimState, hero: Unit) -> list[Action]:
    zone = state.mission.deploy
    cells = [(x, y) for y in range(zone.y0, zone.y1 + 1, 2) for x in range(zone.x0, zone.x1 + 1, 3)]
    out: list[Action] = [{"type": "deploy", "hero": hero.id, "to": cell_name(c)} for c in cells]
    if rule(hero, "ambush"):
        out.append({"type": "deploy", "hero": hero.id, "to": "reserve"})
    if rule(hero, "scout"):
        ahead = max(0, zone.y0 - (6 if state.half else 12))
        out += [
            {"type": "deploy", "hero": hero.id, "to": cell_name((x, ahead))} for x in range(zone.x0, zone.x1 + 1, 4)
        ]
    return out


def deploy_legal(state: GrimState, seat: int, allows: Callable[[Action], bool]) -> list[Action]:
    """legal() at deployment, in the candidates' order: :func:`~.actions.check_deploy`'s questions about
    the hero and the seat asked once per hero, and only its question about the cell for each offered
    cell (``allows`` checks the rest, and every command when a question is pending)."""
    if state.phase != "deploy" or state.ask is not None:
        return [a for a in candidates(state, seat) if allows(a)]
    size = grid_of(state).size
    zone = state.mission.deploy
    out: list[Action] = []
    for hero in heroes(state):
        if hero.seat != seat:
            continue
        offered = deploy_candidates(state, hero)
        named = {"hero": hero.id}
        if seat in state.ready or not _passes(lambda: the_hero(state, seat, named)):  # noqa: B023 (called at once)
            continue  # check_deploy refuses every command for this hero
        taken = occupied(state, skip=hero.id)
        for action in offered:
            to = str(action["to"])
            if to == "reserve":
                ok = bool(rule(hero, "ambush"))
            else:
                dest = parse_cell(to, size)
                if dest is None:
                    ok = False
                elif zone.holds(dest):  # deploy_refusal asks only whether it is crowded
                    ok = not near_any(taken, dest)
                else:
                    ok = deploy_refusal(state, hero, dest) is None
            if ok:
                out.append(action)
    ready: Action = {"type": "ready"}
    return [*out, ready] if allows(ready) else out


def legal_of(state: GrimState, seat: int, allows: Callable[[Action], bool]) -> list[Action]:
    """The candidates ``allows`` (the full check) accepts, in order, without asking it what the candidates'
    maker already knows: a refusal for certain, or the answer of the first plain member of a group."""
    actions, known = offers(state, seat)
    groups: dict[tuple[str, str], bool] = {}
    out: list[Action] = []
    for i, action in enumerate(actions):
        verdict = known.get(i)
        if verdict is None:
            ok = allows(action)
        elif verdict is False:
            ok = False
        else:
            group, test = verdict
            passed = groups.get(group)
            if passed is None:
                ok = allows(action)
                if test is None:
                    groups[group] = ok
            else:
                ok = passed and (test is None or test())
        if ok:
            out.append(action)
    return out


def candidates(state: GrimState, seat: int) -> list[Action]:
    return offers(state, seat)[0]


def offers(state: GrimState, seat: int) -> tuple[list[Action], dict[int, Verdict]]:
    """:func:`candidates`, with what is known of their checks by index (in battle, from :func:`hero_offers`)."""
    none: dict[int, Verdict] = {}
    mine = [h for h in heroes(state) if h.seat == seat]
    if state.phase == "deploy":
        out = [a for h in mine for a in deploy_candidates(state, h)]
        return [*out, {"type": "ready"}], none
    if state.phase == CAMP:
        out = []
        for h in mine:
            for key in content().advances:
                if key == "skill":
                    out += [
                        {"type": "train", "hero": h.id, "advance": key, "skill": s}
                        for s in learnable(sheet(state, h.id))
                    ]
                else:
                    out.append({"type": "train", "hero": h.id, "advance": key})
        return [*out, {"type": "ready"}], none
    if state.phase != "battle" or state.verdict:
        return [], none
    if state.ask is not None:
        if not any(h.id == state.ask.hero for h in mine):
            return [], none
        asked = {"type": "answer", "hero": state.ask.hero}
        if state.ask.kind == "blast":
            units = [str(u) for u in state.ask.action["units"]]  # type: ignore[union-attr]
            picks = combinations(units, blast_odd(state.ask))
            return [asked, *({**asked, "odd": "+".join(p)} for p in islice(picks, 12))], none
        return [{**asked, "pay": True}, asked], none
    if state.act is not None:
        acting = next(h for h in heroes(state) if h.id == state.act.hero)
        return hero_offers(state, acting) if acting.seat == seat else ([], none)
    out = []
    known: dict[int, Verdict] = {}
    deciding = in_reserve(state)
    for h in deciding or mine:
        if h.seat != seat or h.activated or h.down or (not h.placed and state.round < 2):
            continue
        listed, found = hero_offers(state, h)
        known.update((len(out) + i, v) for i, v in found.items())
        out += listed
    return out, known


__all__ = ["candidates", "legal_of", "touching"]
