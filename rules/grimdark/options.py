"""Commands worth offering a seat now (the candidates ``legal`` filters): moves towards what matters,
shots at every enemy, each skill on each sensible target. Any other cell can still be typed."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, islice

from rules.core import Action, RuleError

from .actions import blast_odd, check_activity, deploy_refusal, in_reserve, reaches, the_hero, unit_within
from .campaign import CAMP, learnable
from .combat import shot_spans
from .content import cell_name, content, parse_cell
from .grid import dist, touching
from .memo import once
from .moves import allowance, budget, hero_reach, trust_destination
from .paths import HALF
from .state import Cell, GrimState, Unit
from .units import enemies, grid_of, heroes, rule, sheet, skills_of, standing, weapons

DESTINATIONS = 8
"""Destinations offered per move command."""


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
    h = hero.id
    out: list[Action] = [{"type": "start", "hero": h}, {"type": "done", "hero": h}, {"type": "rest", "hero": h}]
    if not hero.placed:
        return out[1:2] + arrivals(state, hero)
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
            out.append({"type": "advance", "hero": h, "to": cell_name(cell)})
            for foe in shootable:
                if closest(cell, foe) <= span + 1e-9:
                    out.append({"type": "advance", "hero": h, "to": cell_name(cell), "shoot": foe.id})
        for cell in rushes:
            trust_destination(state, hero, cell, rush, "Rush")
            out.append({"type": "rush", "hero": h, "to": cell_name(cell)})
        if on_a_ledge(state, hero):  # the way down may be a jump: offer a few
            for kind, inches in (("advance", advance), ("rush", rush)):
                for cell in destinations(state, hero, inches, jumps=True)[:3]:
                    out.append({"type": kind, "hero": h, "to": cell_name(cell), "jump": True})
        out += [{"type": "charge", "hero": h, "target": foe.id} for foe in foes]
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
            out += [
                {"type": "cast", "hero": h, "spell": spell.key, "target": t.id}
                for t in targets
                if not aimed or t is hero or unit_within(state, hero, t, spell.range)
            ]
    return out


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
    out: list[Action] = []
    for hero in heroes(state):
        if hero.seat != seat:
            continue
        offered = deploy_candidates(state, hero)
        named = {"hero": hero.id}
        if seat in state.ready or not _passes(lambda: the_hero(state, seat, named)):  # noqa: B023 (called at once)
            continue  # check_deploy refuses every command for this hero
        for action in offered:
            to = str(action["to"])
            if to == "reserve":
                ok = bool(rule(hero, "ambush"))
            else:
                dest = parse_cell(to, size)
                ok = dest is not None and deploy_refusal(state, hero, dest) is None
            if ok:
                out.append(action)
    ready: Action = {"type": "ready"}
    return [*out, ready] if allows(ready) else out


def candidates(state: GrimState, seat: int) -> list[Action]:
    mine = [h for h in heroes(state) if h.seat == seat]
    if state.phase == "deploy":
        out = [a for h in mine for a in deploy_candidates(state, h)]
        return [*out, {"type": "ready"}]
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
        return [*out, {"type": "ready"}]
    if state.phase != "battle" or state.verdict:
        return []
    if state.ask is not None:
        if not any(h.id == state.ask.hero for h in mine):
            return []
        asked = {"type": "answer", "hero": state.ask.hero}
        if state.ask.kind == "blast":
            units = [str(u) for u in state.ask.action["units"]]  # type: ignore[union-attr]
            picks = combinations(units, blast_odd(state.ask))
            return [asked, *({**asked, "odd": "+".join(p)} for p in islice(picks, 12))]
        return [{**asked, "pay": True}, asked]
    if state.act is not None:
        acting = next(h for h in heroes(state) if h.id == state.act.hero)
        return hero_candidates(state, acting) if acting.seat == seat else []
    out = []
    deciding = in_reserve(state)
    for h in deciding or mine:
        if h.seat != seat or h.activated or h.down or (not h.placed and state.round < 2):
            continue
        out += hero_candidates(state, h)
    return out


__all__ = ["candidates", "touching"]
