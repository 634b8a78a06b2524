"""Setting a mission up: the table size, the heroes in their deployment zone, search tokens with their
hidden contents, objectives, waves and the enemies' starting force; and the campaign builder."""

from __future__ import annotations

from rules.core import Rng

from .content import Mission, content
from .forces import new_unit, set_up
from .grid import dist, touching
from .state import Cell, Goal, GrimState, MissionSpec, Objective, Placement, Rect, Token, Unit, Wave, WaveSpec
from .units import grid_of, rule, stats

DEFAULT_PARTY = ("kessa", "brannoc", "orrin", "ysolde", "rook", "ash", "tamsin", "dray")


def halve(spec: MissionSpec) -> MissionSpec:
    """The mission on the 2' x 2' table: every cell and zone at half its coordinates."""

    def cell(c: Cell) -> Cell:
        return (c[0] // 2, c[1] // 2)

    def rect(r: Rect) -> Rect:
        return Rect(x0=r.x0 // 2, y0=r.y0 // 2, x1=r.x1 // 2, y1=r.y1 // 2)

    return MissionSpec(
        key=spec.key,
        name=spec.name,
        layout=spec.layout,
        rounds=spec.rounds,
        deploy=rect(spec.deploy),
        exit=rect(spec.exit),
        goals=[cell(c) for c in spec.goals],
        objectives=[cell(c) for c in spec.objectives],
        tokens=[cell(c) for c in spec.tokens],
        relic=spec.relic,
        goal=spec.goal,
        brief=spec.brief,
        force=[Placement(unit=p.unit, at=cell(p.at)) for p in spec.force],
        waves=[WaveSpec(round=w.round, units=list(w.units), zone=rect(w.zone)) for w in spec.waves],
    )


def draw_contents(rng: Rng, count: int) -> list[str]:
    table = content().search
    total = sum(w for _, w in table)
    out = []
    for _ in range(count):
        pick = rng.below(total)
        for entry, weight in table:
            if pick < weight:
                out.append(entry)
                break
            pick -= weight
    return out


def deploy_spots(state: GrimState, count: int) -> list[Cell]:
    """Default places for ``count`` heroes: along the middle of the deployment zone, 3" apart."""
    zone = state.mission.deploy
    grid = grid_of(state)
    row = (zone.y0 + zone.y1) // 2
    middle = (zone.x0 + zone.x1) // 2
    spots: list[Cell] = []
    for offset in sorted(range(zone.x0 - middle, zone.x1 - middle + 1), key=lambda o: (abs(o), o)):
        cell = (middle + offset, row)
        if grid.h(cell) or any(dist(cell, s) < 3 for s in spots):
            continue
        spots.append(cell)
        if len(spots) == count:
            break
    return sorted(spots)


def fresh_hero(state: GrimState, hero: Unit) -> None:
    """A hero at the start of a mission: unhurt, full power, no conditions, Limited weapons ready."""
    sheet = next(s for s in state.party if s.key == hero.id)
    hero.models[0].wounds = 0
    hero.power = stats(state, hero).power
    hero.statuses = []
    hero.shaken = hero.fatigued = hero.activated = hero.down = False
    hero.placed = True
    hero.limited = []
    hero.buffs = []
    hero.tokens = 0
    hero.took = hero.fear = 0
    hero.tested = False
    hero.items = list(sheet.items)
    hero.policy = dict(sheet.policy)


def begin(state: GrimState, rng: Rng, spec: MissionSpec) -> None:
    """Set ``spec`` up in ``state`` (the party is kept); the heroes' deployment comes next."""
    state.mission = halve(spec) if state.half else spec
    state.round = 0
    state.phase = "deploy"
    state.verdict = state.verdict_why = ""
    state.act = None
    state.ready = []
    state.marks = []
    state.next_ids = {}
    state.units = [u for u in state.units if u.side == "hero"]
    for hero in state.units:
        fresh_hero(state, hero)
    for hero, cell in zip(state.units, deploy_spots(state, len(state.units)), strict=False):
        hero.models[0].x, hero.models[0].y = cell
    m = state.mission
    contents = draw_contents(rng, len(m.tokens))
    if m.relic and m.tokens:
        contents[rng.below(len(contents))] = "relic"
    state.tokens = [
        Token(id=f"T{i + 1}", x=c[0], y=c[1], content=k)
        for i, (c, k) in enumerate(zip(m.tokens, contents, strict=True))
    ]
    state.objectives = [Objective(id=f"O{i + 1}", x=c[0], y=c[1]) for i, c in enumerate(m.objectives)]
    state.waves = [Wave(round=w.round, units=list(w.units), zone=w.zone) for w in m.waves]
    for placement in m.force:
        unit = new_unit(state, placement.unit, placed=False)
        if rule(unit, "ambush"):
            continue  # arrives D3 rounds after the start (rounds.first_round)
        set_up(state, unit, placement.at, 3)
    clear_deployment(state)


def clear_deployment(state: GrimState) -> None:
    """Nudge a hero whose default place is crowded by enemies into a free spot of its zone."""
    taken = {m.cell for u in state.units if u.side == "ai" and u.placed for m in u.alive()}
    for hero in [u for u in state.units if u.side == "hero"]:
        cell = hero.models[0].cell
        others = taken | {h.models[0].cell for h in state.units if h.side == "hero" and h.id != hero.id}
        if cell not in others and not any(touching(cell, o) for o in others):
            continue
        for spot in sorted(state.mission.deploy.cells(), key=lambda c: dist(c, cell)):
            if spot not in others and not any(touching(spot, o) for o in others) and not grid_of(state).h(spot):
                hero.models[0].x, hero.models[0].y = spot
                break


def mission_spec(key: str, party: int) -> MissionSpec:
    return content().missions[key].spec(party)


# -- the campaign builder ------------------------------------------------------------------------------


def _weighted(rng: Rng, table: tuple[tuple[str, int], ...]) -> str:
    total = sum(w for _, w in table)
    pick = rng.below(total)
    for key, weight in table:
        if pick < weight:
            return key
        pick -= weight
    return table[-1][0]


def _open_cells(layout: str, rows: tuple[int, int], avoid: list[Cell], rng: Rng, count: int, gap: float) -> list[Cell]:
    """``count`` cells of open ground between ``rows``, at least ``gap`` apart and 4" from ``avoid``."""
    from .grid import grid_for

    grid = grid_for(layout, False)
    out: list[Cell] = []
    tries = 0
    while len(out) < count and tries < 2000:
        tries += 1
        cell = (rng.randint(3, grid.size - 4), rng.randint(*rows))
        if grid.piece[grid.at(cell)] and not grid.cover[grid.at(cell)]:
            continue
        if any(dist(cell, o) < gap for o in out) or any(dist(cell, o) < 4 for o in avoid):
            continue
        out.append(cell)
    return out


def build(rng: Rng, party: int, number: int) -> MissionSpec:
    """A mission drawn by the campaign builder for a party of ``party`` heroes."""
    c = content()
    b = c.builder
    layout = rng.choice(list(b.layouts))
    kind = _weighted(rng, b.goals)
    rounds = rng.randint(*b.rounds)
    budget = b.budget[max(2, min(4, party))]
    roster = sorted(k for k, u in c.units.items() if u.threat <= 5 and not any(k == boss for boss, _ in b.bosses))
    force: list[Placement] = []
    taken: list[Cell] = []
    goal = Goal(kind=kind)
    objectives: list[Cell] = []
    tokens = _open_cells(layout, (8, 36), [], rng, rng.randint(*b.tokens), 7)
    if kind == "seize":
        objectives = _open_cells(layout, (10, 24), tokens, rng, 3, 10)
        goal = Goal(kind="seize", count=2, start=4)
    elif kind == "survive":
        objectives = _open_cells(layout, (18, 26), tokens, rng, 1, 4)
        goal = Goal(kind="survive", hold=1)
    goals = list(objectives) or _open_cells(layout, (10, 24), tokens, rng, 2, 12)
    if kind == "slay":
        boss = _weighted(rng, b.bosses)
        tag = c.units[boss].tag
        spot = _open_cells(layout, (6, 12), [], rng, 1, 1)[0]
        force.append(Placement(unit=boss, at=spot))
        taken.append(spot)
        budget -= c.units[boss].threat
        goal = Goal(kind="slay", unit=f"{tag}1")
        goals = [spot]
    waves_budget = budget * b.wave_share // 100
    start_budget = budget - waves_budget
    while start_budget > 0:
        fits = [k for k in roster if c.units[k].threat <= start_budget]
        if not fits:
            break
        kind_unit = rng.choice(fits)
        start_budget -= c.units[kind_unit].threat
        spot = _open_cells(layout, (2, 8), taken, rng, 1, 6) or [(rng.randint(2, 45), rng.randint(2, 8))]
        taken.append(spot[0])
        force.append(Placement(unit=kind_unit, at=spot[0]))
    waves: list[WaveSpec] = []
    if waves_budget > 0:
        count = 1 if waves_budget < 6 else 2
        rounds_pool = sorted(rng.sample(list(b.wave_rounds), count))
        share = waves_budget // count
        for wave_round in rounds_pool:
            units: list[str] = []
            left = share
            while True:
                fits = [k for k in roster if c.units[k].threat <= left]
                if not fits:
                    break
                pick = rng.choice(fits)
                units.append(pick)
                left -= c.units[pick].threat
            if units:
                waves.append(WaveSpec(round=wave_round, units=units, zone=b.entry))
    briefs = {
        "seize": "Hold two of the three objectives at the end of a round, from round 4 on.",
        "retrieve": "Find the Data Core in the search tokens and carry it back to your deployment zone.",
        "slay": "Destroy the enemy leader.",
        "survive": f"Hold the objective and keep a hero standing to the end of round {rounds}.",
    }
    return MissionSpec(
        key=f"built-{number}",
        name=f"Drawn mission {number}",
        layout=layout,
        rounds=rounds,
        deploy=b.deploy,
        exit=b.deploy,
        goals=goals,
        objectives=objectives,
        tokens=tokens,
        relic=kind == "retrieve",
        goal=goal,
        brief=briefs[kind],
        force=force,
        waves=waves,
    )


__all__ = ["DEFAULT_PARTY", "Mission", "begin", "build", "mission_spec"]
