"""Bot seats: a careful scripted hero policy, playing from the seat's own view only.

It also measures balance (tests/test_grimdark_balance.py). Each call returns one command for the
seat's current decision:

- at deployment: ready; at camp: the most useful advance it can afford, then ready;
- a hero with something to roll starts; a Shaken one waits;
- an open activation goes on: spells and helpful skills first (heal, power, cleanse, rally, aim, mark,
  discover), then the main action, scored among the legal ones: a shot or a charge by expected wounds
  (the mission's quarry and units that can be finished counting more), or a move towards what the
  mission needs (objectives, search tokens, the exit, a fallen friend), in cover and away from enemy
  fighters when it can; an extra action for 2 power only for a good shot or the mission; then done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Action

from .combat import expected_wounds, unit_in_cover
from .content import content, parse_cell
from .grid import dist, inch
from .state import Cell, GrimState, Unit
from .units import enemies, find, grid_of, heroes, rule, stats, weapons

if TYPE_CHECKING:
    from rules.core import GameSystem

ADVANCE_ORDER = ("tou", "power", "qua", "dex", "wil", "str", "skill")


def choose(system: GameSystem, view: GrimState, seat: int, seed: int) -> Action | None:
    """The bot's next command for ``seat`` (None when it has nothing to do)."""
    if not any(p.seat == seat for p in system.pending(view)):
        return None
    legal = system.legal(view, seat)
    if not legal:
        return None
    if view.phase == "camp":
        return camp_choice(view, legal)
    if view.phase != "battle":
        return {"type": "ready"} if {"type": "ready"} in legal else legal[0]
    if view.ask is not None:
        hero = find(view, view.ask.hero)
        assert hero is not None
        if view.ask.kind == "blast":
            return {"type": "answer", "hero": hero.id}  # the odd hits on the target
        return {"type": "answer", "hero": hero.id, **({"pay": True} if hero.power >= view.ask.cost + 1 else {})}
    hero = pick_hero(view, seat, legal)
    mine = [a for a in legal if a.get("hero") == hero.id]
    return activation_step(view, hero, mine) or {"type": "done", "hero": hero.id}


def camp_choice(view: GrimState, legal: list[Action]) -> Action:
    trains = [a for a in legal if a["type"] == "train"]
    for key in ADVANCE_ORDER:
        options = [a for a in trains if a["advance"] == key]
        if options:
            return options[0]
    return {"type": "ready"}


def pick_hero(view: GrimState, seat: int, legal: list[Action]) -> Unit:
    """The hero mid-activation, else the one that most needs to act first (closest to trouble)."""
    if view.act is not None:
        hero = find(view, view.act.hero)
        assert hero is not None
        return hero
    names = list(dict.fromkeys(a["hero"] for a in legal if a.get("hero")))
    candidates = [h for h in (find(view, n) for n in names) if h is not None]
    if any(a["type"] == "revive" for a in legal):
        reviver = next(a["hero"] for a in legal if a["type"] == "revive")
        return next(h for h in candidates if h.id == reviver)
    foes = [m.cell for u in enemies(view) for m in u.alive()]

    def trouble(hero: Unit) -> float:
        if not hero.placed or not foes:
            return 999.0
        return min(dist(hero.models[0].cell, f) for f in foes)

    return min(candidates, key=lambda h: (trouble(h), h.id))


# -- one step of an activation --------------------------------------------------------------------------------


def activation_step(view: GrimState, hero: Unit, mine: list[Action]) -> Action | None:
    kinds = {a["type"] for a in mine}
    if "start" in kinds:
        return {"type": "start", "hero": hero.id}
    if not hero.placed:
        arrive = [a for a in mine if a["type"] == "arrive"]
        return best_arrival(view, arrive) or {"type": "done", "hero": hero.id}
    if hero.shaken:
        return {"type": "done", "hero": hero.id}
    act = view.act if view.act is not None and view.act.hero == hero.id else None
    main_used = bool(act and act.main)
    skill_used = bool(act and act.skill)
    extra_used = bool(act and act.extra)
    if not act and hero.power < 1 and not threatened(view, hero, 14) and "rest" in kinds:
        return {"type": "rest", "hero": hero.id}
    attacked = bool(act and act.attacked)
    if not attacked:
        spell = best_cast(view, hero, mine)
        if spell is not None:
            return spell
    if not skill_used:
        early = helpful_skill(view, hero, mine, before_attack=not main_used)
        if early is not None:
            return early
    if not main_used:
        return best_main(view, hero, mine)
    if not skill_used:
        late = helpful_skill(view, hero, mine, before_attack=False)
        if late is not None:
            return late
    if not extra_used and hero.power >= 3:
        extra = best_main(view, hero, mine, only_good=True)
        if extra is not None and extra["type"] != "done":
            return extra
    return {"type": "done", "hero": hero.id}


def threatened(view: GrimState, hero: Unit, reach: float) -> bool:
    here = hero.models[0].cell
    return any(dist(here, m.cell) <= inch(view.half, reach) for u in enemies(view) for m in u.alive())


def best_arrival(view: GrimState, options: list[Action]) -> Action | None:
    if not options:
        return None
    goal = mission_point(view, None)
    return min(options, key=lambda a: dist(parse(view, a["to"]), goal) if goal else 0)


def parse(view: GrimState, text: str) -> Cell:
    cell = parse_cell(text, grid_of(view).size)
    assert cell is not None
    return cell


# -- spells and skills ---------------------------------------------------------------------------------------


def best_cast(view: GrimState, hero: Unit, mine: list[Action]) -> Action | None:
    casts = [a for a in mine if a["type"] == "cast"]
    if not casts:
        return None
    c = content()
    hurt = [h for h in heroes(view) if h.placed and not h.down and stats(view, h).tou - h.models[0].wounds <= 2]
    for action in casts:
        spell = c.spells[action["spell"]]
        if spell.effect == "heal" and any(action.get("target") == h.id for h in hurt):
            return action
    damage = [a for a in casts if c.spells[a["spell"]].effect == "hits"]
    if damage and hero.tokens >= 2:
        return max(
            damage,
            key=lambda a: (
                c.spells[a["spell"]].value <= hero.tokens,
                target_value(view, a["target"]),
                c.spells[a["spell"]].value,
            ),
        )
    return None


def helpful_skill(view: GrimState, hero: Unit, mine: list[Action], *, before_attack: bool) -> Action | None:
    c = content()
    skills = [a for a in mine if a["type"] in ("skill", "revive", "use")]
    for action in skills:
        if action["type"] == "revive":
            return action
    wounded = {h.id for h in heroes(view) if h.placed and not h.down and h.models[0].wounds * 2 >= stats(view, h).tou}
    for action in skills:
        if action["type"] == "use" and action.get("target") in wounded:
            item = c.items[action["item"]]
            if item.effect == "heal":
                return action
    for action in skills:
        if action["type"] != "skill":
            continue
        skill = c.skills[action["skill"]]
        target = find(view, str(action.get("target", ""))) if action.get("target") else None
        if skill.effect == "heal" and target is not None and target.id in wounded:
            return action
        if skill.effect == "power" and target is not None and target.power <= 1:
            return action
        if skill.effect == "cleanse" and target is not None and target.statuses:
            return action
        if skill.effect == "rally" and target is not None and (target.shaken or target.power == 0):
            return action
        if skill.effect == "discover":
            token = next((t for t in view.tokens if t.id == action.get("target")), None)
            if token is not None and (
                not token.revealed or token.content in ("relic",) or token.content.startswith("item")
            ):
                return action
    if before_attack:
        shooting = [a for a in mine if a["type"] in ("hold", "advance") and a.get("shoot")]
        if shooting:
            for action in skills:
                if action["type"] == "skill" and action["skill"] == "aimed-shot":
                    return action
            best = max(shooting, key=lambda a: target_value(view, a["shoot"]))
            for action in skills:
                if (
                    action["type"] == "skill"
                    and action["skill"] == "mark-target"
                    and action.get("target") == best["shoot"]
                ):
                    return action
    if threatened(view, hero, 8):
        for action in skills:
            if action["type"] == "skill" and action["skill"] == "shield-wall":
                return action
    return None


# -- the main action ------------------------------------------------------------------------------------------


def target_value(view: GrimState, uid: str) -> float:
    """How much an enemy unit is worth hitting: the mission's quarry, fighters close to heroes, the wounded."""
    unit = find(view, uid)
    if unit is None:
        return 0.0
    value = 1.0
    if view.mission.goal.kind == "slay" and view.mission.goal.unit == uid:
        value += 2.0
    profile = content().units.get(unit.kind)
    if profile is not None:
        value += profile.threat / 5
    near = min(
        (dist(m.cell, h.models[0].cell) for m in unit.alive() for h in heroes(view) if h.placed and not h.down),
        default=99,
    )
    if near <= 8:
        value += 1.0
    return value


def shot_score(view: GrimState, hero: Unit, action: Action) -> float:
    target = find(view, action["shoot"])
    if target is None:
        return 0.0
    spot = parse(view, action["to"]) if action.get("to") else hero.models[0].cell
    gap = min(dist(spot, m.cell) for m in target.alive())
    pairs = [(w, w.attacks) for w in weapons(hero) if not w.melee and not w.has("limited") and w.range >= gap - 0.5]
    if action.get("limited"):
        pairs += [(w, w.attacks) for w in weapons(hero) if w.has("limited") and w.key not in hero.limited]
    cover = unit_in_cover(grid_of(view), spot, target, obstructions=True)
    wounds = expected_wounds(view, hero, target, pairs, melee=False, charging=False, cover=cover)
    left = sum(stats(view, target).tou - m.wounds for m in target.alive())
    finish = 0.5 if wounds >= left * 0.6 else 0.0
    return wounds * target_value(view, target.id) + finish


def charge_score(view: GrimState, hero: Unit, action: Action) -> float:
    target = find(view, action["target"])
    if target is None:
        return 0.0
    pairs = [(w, w.attacks) for w in weapons(hero) if w.melee]
    impact = 0 if hero.fatigued else rule(hero, "impact")
    wounds = expected_wounds(view, hero, target, pairs, melee=True, charging=True, cover=False, impact=impact)
    back = expected_wounds(
        view,
        target,
        hero,
        [(w, w.attacks * len(target.alive())) for w in weapons(target) if w.melee],
        melee=True,
        charging=False,
        cover=False,
    )
    return wounds * target_value(view, target.id) - back * 0.6


def safety(view: GrimState, hero: Unit, cell: Cell) -> float:
    """Positive when the cell is in cover and away from enemy fighters; negative when exposed."""
    grid = grid_of(view)
    score = 0.6 if grid.cover[grid.at(cell)] else 0.0
    for unit in enemies(view):
        close = min(dist(cell, m.cell) for m in unit.alive())
        if any(w.melee for w in weapons(unit)) and close <= inch(view.half, 10) and not melee_hero(hero):
            score -= 0.4
        if close <= 1.5:
            score -= 1.0
    return score


def melee_hero(hero: Unit) -> bool:
    return sum(w.attacks for w in weapons(hero) if w.melee) >= 3 or rule(hero, "impact") > 0


def mission_point(view: GrimState, hero: Unit | None) -> Cell | None:
    """Where the mission wants this hero: the exit with the Data Core, a search token, an objective, the quarry."""
    m = view.mission
    if hero is not None and "data-core" in hero.items:
        return ((m.exit.x0 + m.exit.x1) // 2, (m.exit.y0 + m.exit.y1) // 2)
    here = hero.models[0].cell if hero is not None and hero.placed else None
    if m.goal.kind == "retrieve":
        found = [(t.x, t.y) for t in view.tokens if not t.taken and t.revealed and t.content == "relic"]
        tokens = found or [(t.x, t.y) for t in view.tokens if not t.taken and not t.revealed]
        carriers = [h for h in heroes(view) if "data-core" in h.items]
        if carriers and hero is not None and carriers[0].id != hero.id:
            return carriers[0].models[0].cell
        if tokens:
            return min(tokens, key=lambda c: dist(c, here) if here else 0)
    if m.goal.kind in ("seize", "survive") and view.objectives:
        open_ones = [(o.x, o.y) for o in view.objectives]
        if here is None:
            return open_ones[0]
        taken = {
            h.models[0].cell for h in heroes(view) if h.placed and not h.down and hero is not None and h.id != hero.id
        }
        free = [o for o in open_ones if not any(dist(o, t) <= 3 for t in taken)] or open_ones
        return min(free, key=lambda c: dist(c, here))
    if m.goal.kind == "slay":
        quarry = find(view, m.goal.unit)
        if quarry is not None and quarry.placed and not quarry.gone:
            return quarry.alive()[0].cell
    foes = [m2.cell for u in enemies(view) for m2 in u.alive()]
    if foes and here is not None:
        return min(foes, key=lambda c: dist(c, here))
    return None


def down_friend(view: GrimState, hero: Unit) -> Cell | None:
    fallen = [h.models[0].cell for h in heroes(view) if h.down and h.placed and h.id != hero.id]
    if not fallen or hero.power < 2:
        return None
    here = hero.models[0].cell
    return min(fallen, key=lambda c: dist(c, here))


def best_main(view: GrimState, hero: Unit, mine: list[Action], *, only_good: bool = False) -> Action | None:
    here = hero.models[0].cell
    goal = down_friend(view, hero) or mission_point(view, hero)
    options: list[tuple[float, int, Action]] = []
    for index, action in enumerate(mine):
        kind = action["type"]
        if kind not in ("hold", "advance", "rush", "charge"):
            continue
        spot = parse(view, action["to"]) if action.get("to") else here
        progress = 0.0
        if goal is not None:
            progress = (dist(here, goal) - dist(spot, goal)) / 6
            if dist(spot, goal) <= 2.5:
                progress += 0.5
        score = progress * (1.5 if view.mission.goal.kind in ("retrieve", "seize") else 0.8)
        if kind in ("hold", "advance") and action.get("shoot"):
            score += shot_score(view, hero, action) * 1.6
        elif kind == "charge":
            if not melee_hero(hero):
                continue
            score += charge_score(view, hero, action) * 1.6
            spot = here
        if kind != "charge":
            score += safety(view, hero, spot)
        if kind == "rush":
            score -= 0.2
        options.append((score, -index, action))
    if not options:
        return None
    score, _, action = max(options, key=lambda o: (o[0], o[1]))
    if only_good and score < 1.2:
        return None
    return action
