"""Attacks: hit rolls, block rolls, special rules, wounds, Deadly and Blast (Regeneration is in harm).

Every die is rolled through :class:`~rules.core.Turn` and shown. A hit is kept as data
(:class:`Hit`) between the hit roll and the block roll so the special rules can follow it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Turn
from rules.core.grammar import count as counted

from .content import Weapon
from .dice import needs, passes
from .grid import Grid, dist, in_cover, inch, sees
from .harm import take_wounds, whose
from .memo import once
from .state import Ask, Cell, GrimState, Mark, Model, Unit
from .units import enemies, grid_of, name, range_bonus, rule, standing, stats, weapons


@dataclass
class Hit:
    """One hit waiting for its block roll."""

    ap: int = 0
    deadly: int = 0
    bane: bool = False
    no_regen: bool = False
    blast: int = 0
    no_cover: bool = False
    """A hit made by Blast: it ignores cover ("Special rules: Blast")."""


@dataclass
class Volley:
    """The hits of one attacking group against one unit, and how to block them."""

    hits: list[Hit]
    cover: bool = False
    near: Cell | None = None
    melee: bool = False


def every(unit: Unit, rule_name: str) -> bool:
    """Single-profile units: every model has the rule if the profile has it."""
    return rule(unit, rule_name) > 0


def weapon_range(state: GrimState, unit: Unit, weapon: Weapon) -> float:
    return inch(state.half, weapon.range + range_bonus(unit))


def can_shoot(state: GrimState, unit: Unit, model: Model, weapon: Weapon, target: Unit) -> bool:
    """This model's ranged weapon reaches a model of ``target`` (in range, and in sight unless Indirect)."""
    grid = grid_of(state)
    reach = weapon_range(state, unit, weapon)
    for other in target.alive():
        if dist(model.cell, other.cell) <= reach + 1e-9 and (
            weapon.has("indirect") or sees(grid, model.cell, other.cell)
        ):
            return True
    return False


def shot_spans(state: GrimState, unit: Unit, *, limited: bool) -> list[tuple[float, bool]]:
    """(range, indirect) of each ranged weapon a shot may fire (Limited ones only with ``limited``,
    and only those not fired yet this mission)."""
    return once(
        ("spans", id(unit), limited),
        lambda: [
            (weapon_range(state, unit, w), w.has("indirect"))
            for w in weapons(unit)
            if not w.melee and (not w.has("limited") or (limited and w.key not in unit.limited))
        ],
    )


def in_fire(grid: Grid, cell: Cell, target: Unit, spans: list[tuple[float, bool]]) -> bool:
    """A weapon of ``spans`` fired from ``cell`` reaches a model of ``target`` (as :func:`can_shoot`)."""
    for other in target.alive():
        d = dist(cell, other.cell)
        seen = None
        for reach, indirect in spans:
            if d <= reach + 1e-9:
                if indirect:
                    return True
                if seen is None:
                    seen = sees(grid, cell, other.cell)
                if seen:
                    return True
    return False


def shooters(state: GrimState, unit: Unit, target: Unit, *, limited: bool = False) -> list[tuple[Model, Weapon]]:
    """Every (model, ranged weapon) pair that can fire at ``target`` now."""
    out = []
    for model in unit.alive():
        for weapon in weapons(unit):
            if weapon.melee or (weapon.has("limited") and (not limited or weapon.key in unit.limited)):
                continue
            if can_shoot(state, unit, model, weapon, target):
                out.append((model, weapon))
    return out


def any_shooter(state: GrimState, unit: Unit, target: Unit) -> bool:
    """Whether :func:`shooters` (without Limited weapons) finds a pair: it stops at the first."""
    for model in unit.alive():
        for weapon in weapons(unit):
            if weapon.melee or weapon.has("limited"):
                continue
            if can_shoot(state, unit, model, weapon, target):
                return True
    return False


def unit_in_cover(grid: Grid, attacker: Cell, target: Unit, *, obstructions: bool) -> bool:
    """More than half of the unit's models are in cover from ``attacker``."""
    alive = target.alive()
    covered = sum(in_cover(grid, attacker, m.cell, obstructions=obstructions) for m in alive)
    return covered * 2 > len(alive)


def hit_modifier(
    state: GrimState, attacker: Unit, target: Unit, weapon: Weapon, *, moved: bool, far: bool
) -> tuple[int, list[str]]:
    """Modifiers to this weapon's hit rolls, with their reasons."""
    mods: list[tuple[int, str]] = []
    if "impaired" in attacker.statuses:
        mods.append((-1, "Impaired"))
    if not weapon.melee:
        if weapon.has("indirect") and moved:
            mods.append((-1, "Indirect after moving"))
        if far and every(target, "stealth"):
            mods.append((-1, "Stealth"))
        if "aim" in attacker.buffs:
            mods.append((1, "aimed"))
    if attacker.side == "hero" and "marked" in target.buffs:
        mods.append((1, "marked"))
    if weapon.has("unstoppable"):
        mods = [m for m in mods if m[0] > 0]
    return sum(m[0] for m in mods), [f"{m[0]:+d} {m[1]}" for m in mods]


def roll_hits(
    state: GrimState,
    turn: Turn,
    attacker: Unit,
    weapon: Weapon,
    count: int,
    target: Unit,
    *,
    melee: bool = False,
    charging: bool = False,
    fatigued: bool = False,
    moved: bool = False,
    far: bool = False,
) -> list[Hit]:
    """Roll ``count`` attacks of ``weapon``: each success is a hit, natural 6s may add more."""
    quality = 2 if weapon.has("reliable") else stats(state, attacker).qua
    mod, why = hit_modifier(state, attacker, target, weapon, moved=moved, far=far)
    ap = weapon.ap
    if melee and charging and weapon.has("thrust"):
        mod += 1
        ap += 1
        why.append("+1 Thrust")
    label = f"{name(attacker)}: {count} attack{'s' if count != 1 else ''} with {weapon.name}"
    if fatigued:
        label += ", fatigued: only 6s hit"
    else:
        label += f", hit on {needs(quality, mod)}" + (f" [{', '.join(why)}]" if why else "")
    faces = turn.rng.dice(count, 6, label=label)
    hits: list[Hit] = []
    extra = 0
    no_regen = weapon.has("rending") or weapon.has("bane") or weapon.has("unstoppable")
    for face in faces:
        hit = face == 6 if fatigued else passes(face, quality, mod)
        if not hit:
            continue
        six = face == 6
        hits.append(
            Hit(
                ap=ap + (4 if six and weapon.has("rending") else 0),
                deadly=weapon.value("deadly"),
                bane=weapon.has("bane"),
                no_regen=no_regen,
                blast=weapon.value("blast"),
            )
        )
        if six and (
            weapon.has("surge")
            or (weapon.has("relentless") and not melee and far)
            or (weapon.has("furious") and melee and charging)
        ):
            extra += 1
            hits.append(
                Hit(
                    ap=ap,
                    deadly=weapon.value("deadly"),
                    bane=weapon.has("bane"),
                    no_regen=no_regen,
                    blast=weapon.value("blast"),
                )
            )
    text = f"{len(hits)} hit{'s' if len(hits) != 1 else ''}"
    if extra:
        text += f" ({extra} extra from 6s)"
    turn.say(f"{weapon.name}: {text}.")
    return hits


def blast_parts(state: GrimState, turn: Turn, attacker: Unit, target: Unit, hits: list[Hit]) -> Split | None:
    """Blast(X): each hit is multiplied by X, at most by the enemy models in and within 3" of the
    target, and the hits are shared evenly between the target and the enemy units within 3"
    ("Special rules: Blast"). None when no hit has Blast."""
    plain = [h for h in hits if not h.blast]
    blast = [h for h in hits if h.blast]
    if not blast:
        return None
    reach = inch(state.half, 3)
    foes = standing(state) if attacker.side == "ai" else enemies(state)
    near = [
        u
        for u in foes
        if u.id != target.id and any(dist(m.cell, t.cell) <= reach + 1e-9 for m in u.alive() for t in target.alive())
    ]
    nearby_models = sum(
        1 for u in near for m in u.alive() if any(dist(m.cell, t.cell) <= reach + 1e-9 for t in target.alive())
    )
    cap = len(target.alive()) + nearby_models
    shared: list[Hit] = []
    for hit in blast:
        times = min(hit.blast, cap)
        shared += [
            Hit(ap=hit.ap, deadly=hit.deadly, bane=hit.bane, no_regen=hit.no_regen, no_cover=True) for _ in range(times)
        ]
    units = [target, *near]
    turn.say(
        f"Blast: {len(blast)} hit{'s' if len(blast) != 1 else ''} become {len(shared)}"
        + (f", shared evenly between {', '.join(name(u) for u in units)}" if len(units) > 1 else "")
        + "."
    )
    return Split(plain=plain, shared=shared, units=[u.id for u in units])


@dataclass
class Split:
    """Blast hits waiting to be shared: ``units`` (the target first) each take ``len(shared) // len(units)``,
    and the players pick which of them take the odd ones."""

    plain: list[Hit]
    shared: list[Hit]
    units: list[str]

    @property
    def odd(self) -> int:
        return len(self.shared) % len(self.units)

    def shares(self, takers: list[str]) -> dict[str, list[Hit]]:
        """Each unit's hits, the odd ones going to ``takers`` (filled up from the target on)."""
        chosen = list(dict.fromkeys(takers))[: self.odd]
        chosen += [u for u in self.units if u not in chosen][: self.odd - len(chosen)]
        each = len(self.shared) // len(self.units)
        out: dict[str, list[Hit]] = {}
        position = 0
        for uid in self.units:
            count = each + (uid in chosen)
            out[uid] = self.shared[position : position + count]
            position += count
        out[self.units[0]] = self.plain + out[self.units[0]]
        return out

    def dump(self) -> dict[str, object]:
        def hits(group: list[Hit]) -> list[list[int]]:
            return [[h.ap, h.deadly, int(h.bane), int(h.no_regen), int(h.no_cover)] for h in group]

        return {"plain": hits(self.plain), "shared": hits(self.shared), "units": list(self.units)}

    @staticmethod
    def load(data: dict[str, object]) -> Split:
        def hits(rows: object) -> list[Hit]:
            return [
                Hit(ap=int(r[0]), deadly=int(r[1]), bane=bool(r[2]), no_regen=bool(r[3]), no_cover=bool(r[4]))
                for r in rows  # type: ignore[union-attr]
            ]

        return Split(plain=hits(data["plain"]), shared=hits(data["shared"]), units=[str(u) for u in data["units"]])  # type: ignore[union-attr]


def enemy_takers(state: GrimState, split: Split) -> list[str]:
    """Who takes the odd Blast hits of an enemy attack: the heroes whose standing order ``blast`` is
    ``first`` (in party order), then the hero aimed at."""
    return [u.id for u in heroes_in(state, split.units) if u.policy.get("blast") == "first"]


def heroes_in(state: GrimState, ids: list[str]) -> list[Unit]:
    return [u for u in state.units if u.side == "hero" and u.id in ids]


def find_unit(state: GrimState, uid: str) -> Unit | None:
    return next((u for u in state.units if u.id == uid), None)


def spread_blast(
    state: GrimState, turn: Turn, attacker: Unit, target: Unit, hits: list[Hit], *, spell: bool = False
) -> dict[str, list[Hit]] | None:
    """Each unit's share of ``hits``; None when the attacking hero's player is asked who takes the odd
    Blast hits (``state.ask``; the answer resolves them, see :func:`resolve_split`)."""
    split = blast_parts(state, turn, attacker, target, hits)
    if split is None:
        return {target.id: hits}
    if not split.odd:
        return split.shares([])
    if attacker.side == "ai":
        return split.shares(enemy_takers(state, split))
    data = split.dump() | {"spell": spell}
    state.ask = Ask(hero=attacker.id, kind="blast", cost=0, action=data)
    odd = split.odd
    turn.say(
        f"{name(attacker)}'s player picks who takes the odd {odd} Blast hit{'s' if odd != 1 else ''}: "
        f"`/grimdark answer odd:{split.units[0]}` (any of {', '.join(split.units)}; left out: {split.units[0]}).",
        kind="turn",
    )
    return None


def resolve_split(state: GrimState, turn: Turn, attacker: Unit, data: dict[str, object], takers: list[str]) -> int:
    """The answer to a Blast question: the hits are shared and blocked; returns the wounds dealt."""
    split = Split.load(data)
    shares = split.shares(takers)
    got = ", ".join(f"{len(shares[u.id])} on {name(u)}" for uid in split.units if (u := find_unit(state, uid)))
    turn.say(f"The Blast hits land: {got}.")
    if data.get("spell"):
        return sum(
            block(state, turn, u, Volley(hits=shares[u.id], near=attacker.models[0].cell))
            for uid in split.units
            if (u := find_unit(state, uid)) is not None
        )
    near = data.get("near") or list(attacker.models[0].cell)
    return land(state, turn, shares, (int(near[0]), int(near[1])), indirect_only=bool(data.get("indirect")))  # type: ignore[index]


def block(state: GrimState, turn: Turn, target: Unit, volley: Volley) -> int:
    """The defender rolls a die per hit (Deadly hits first); returns the wounds it took."""
    if not volley.hits or target.gone or target.down:
        return 0
    defense = stats(state, target).defense
    base = 0
    why = []
    if volley.cover:
        base += 1
        why.append("+1 cover")
    if "guard" in target.buffs:
        base += 1
        why.append("+1 guard")
    if "impaired" in target.statuses:
        base -= 1
        why.append("-1 Impaired")
    deadly = [h for h in volley.hits if h.deadly]
    normal = [h for h in volley.hits if not h.deadly]
    total = 0
    for group in (deadly, normal):
        if not group or target.gone or target.down:
            continue
        by_ap: dict[tuple[int, bool, bool, int], int] = {}
        for h in group:
            key = (h.ap, h.bane, h.no_regen, h.deadly)
            by_ap[key] = by_ap.get(key, 0) + 1
        for (ap, bane, no_regen, deadly_x), count in sorted(by_ap.items()):
            if target.gone or target.down:
                break
            mod = base - ap
            shown = [*why, f"-{ap} AP"] if ap else list(why)
            each = "1 die, a" if count == 1 else f"{count} dice, each"
            label = f"Defence of {name(target)}: {each} {needs(defense, mod)} blocks a hit"
            if shown:
                label += f" [{', '.join(shown)}]"
            faces = turn.rng.dice(count, 6, label=label)
            if bane and 6 in faces:
                sixes = faces.count(6)
                again = turn.rng.dice(
                    sixes, 6, label=f"Bane: {name(target)} re-rolls {sixes} six{'es' if sixes != 1 else ''}"
                )
                faces = [f for f in faces if f != 6] + again
            failed = sum(not passes(f, defense, mod) for f in faces)
            turn.say(blocked_line(name(target), count, failed), concerns=whose(target))
            if not failed:
                continue
            total += wound(state, turn, target, failed, near=volley.near, deadly=deadly_x, no_regen=no_regen)
    return total


def blocked_line(who: str, count: int, failed: int) -> str:
    """What a defence roll did, in words: "X blocks both hits.", "X blocks 1 of 3 hits: 2 get through."."""
    if not failed:
        every = {1: "the hit", 2: "both hits"}.get(count, f"all {count} hits")
        return f"{who} blocks {every}."
    if failed == count:
        return f"{who} blocks none: {counted(failed, 'hit')} {'gets' if failed == 1 else 'get'} through."
    return f"{who} blocks {count - failed} of {count} hits: {failed} {'gets' if failed == 1 else 'get'} through."


def wound(
    state: GrimState,
    turn: Turn,
    target: Unit,
    failed: int,
    *,
    near: Cell | None,
    deadly: int = 0,
    no_regen: bool = False,
) -> int:
    """``failed`` unblocked hits wound ``target`` (Deadly multiplies each on one model; Regeneration may
    cancel some, see :func:`~.harm.take_wounds`); returns the wounds it took."""
    if deadly:
        turn.say(
            f"{failed} unblocked hit{'s' if failed != 1 else ''}: Deadly({deadly}), {deadly} wounds each on one model."
        )
    before = target.took
    take_wounds(state, turn, target, failed, near=near, deadly=deadly, no_regen=no_regen, say=True)
    return target.took - before


def fire(state: GrimState, turn: Turn, attacker: Unit, target: Unit, *, moved: bool, limited: bool = False) -> int:
    """Shooting: every model with ``target`` in range and sight fires all its ranged weapons; wounds dealt."""
    pairs = shooters(state, attacker, target, limited=limited)
    if not pairs:
        turn.say(f"{name(attacker)} has nothing that reaches {name(target)}.", concerns=whose(attacker))
        return 0
    closest = min((m for m, _ in pairs), key=lambda m: min(dist(m.cell, t.cell) for t in target.alive()))
    by_weapon: dict[tuple[str, bool], tuple[Weapon, int, bool]] = {}
    for model, weapon in pairs:
        model_far = min(dist(model.cell, t.cell) for t in target.alive()) > inch(state.half, 9) + 1e-9
        w, count, _ = by_weapon.get((weapon.key, model_far), (weapon, 0, model_far))
        by_weapon[(weapon.key, model_far)] = (w, count + weapon.attacks, model_far)
        if weapon.has("limited") and weapon.key not in attacker.limited:
            attacker.limited.append(weapon.key)
    turn.say(f"{name(attacker)} shoots at {name(target)}.", concerns=whose(target))
    aim = min((t.cell for t in target.alive()), key=lambda c: dist(c, closest.cell))
    state.marks.append(Mark(kind="shot", unit=attacker.id, cells=[closest.cell, aim]))
    plain_hits: list[Hit] = []
    indirect_only = all(w.has("indirect") for w, _, _ in by_weapon.values())
    for weapon, count, model_far in by_weapon.values():
        hits = roll_hits(state, turn, attacker, weapon, count, target, moved=moved, far=model_far)
        plain_hits += hits
    shares = spread_blast(state, turn, attacker, target, plain_hits)
    if shares is None:
        assert state.ask is not None
        state.ask.action |= {"indirect": indirect_only, "near": list(closest.cell)}
        return 0
    return land(state, turn, shares, closest.cell, indirect_only=indirect_only)


def land(state: GrimState, turn: Turn, shares: dict[str, list[Hit]], near: Cell, *, indirect_only: bool) -> int:
    """Each unit blocks its share of a shot from ``near`` (the closest shooter): plain hits with the cover
    it has from there, Blast hits without it."""
    grid = grid_of(state)
    targets = [u for uid in shares if (u := find_unit(state, uid)) is not None]
    dealt = 0
    for unit in targets:
        hits = shares[unit.id]
        if not hits or unit.gone:
            continue
        cover = unit_in_cover(grid, near, unit, obstructions=not indirect_only)
        plain = [h for h in hits if not h.no_cover]
        if plain:
            dealt += block(state, turn, unit, Volley(hits=plain, cover=cover, near=near))
        blast = [h for h in hits if h.no_cover]
        if blast:
            if cover:
                turn.say(f"Blast ignores cover: {name(unit)} blocks those hits without the +1.")
            dealt += block(state, turn, unit, Volley(hits=blast, cover=False, near=near))
    return dealt


def spell_hits(
    state: GrimState, turn: Turn, caster: Unit, target: Unit, count: int, ap: int, rules: tuple[str, ...]
) -> int:
    """A spell's automatic hits (blocked normally, no cover: it is not shooting)."""
    weapon = Weapon(key="spell", name="spell", range=1, attacks=count, ap=ap, rules=rules)
    hits = [
        Hit(
            ap=ap,
            deadly=weapon.value("deadly"),
            bane=weapon.has("bane"),
            no_regen=weapon.has("bane") or weapon.has("rending") or weapon.has("unstoppable"),
            blast=weapon.value("blast"),
        )
        for _ in range(count)
    ]
    dealt = 0
    state.marks.append(Mark(kind="spell", unit=caster.id, cells=[caster.models[0].cell, target.alive()[0].cell]))
    shares = spread_blast(state, turn, caster, target, hits, spell=True)
    for uid, share in (shares or {}).items():
        unit = next(u for u in state.units if u.id == uid)
        for h in share:
            h.blast = 0
        dealt += block(state, turn, unit, Volley(hits=share, near=caster.models[0].cell))
    return dealt


def expected_wounds(
    state: GrimState,
    attacker: Unit,
    target: Unit,
    pairs: list[tuple[Weapon, int]],
    *,
    melee: bool,
    charging: bool,
    cover: bool,
    impact: int = 0,
) -> float:
    """The average wounds of an attack (the AI's shoot-or-charge comparison)."""
    defense = stats(state, target).defense
    regen = every(target, "regeneration")
    total = 0.0
    quality = stats(state, attacker).qua
    for weapon, attacks in pairs:
        q = 2 if weapon.has("reliable") else quality
        mod = 1 if (melee and charging and weapon.has("thrust")) else 0
        ap = weapon.ap + (1 if melee and charging and weapon.has("thrust") else 0)
        p_hit = _p_pass(q, mod)
        sixes = 1 / 6 if (weapon.has("surge") or (melee and charging and weapon.has("furious"))) else 0.0
        hits = attacks * (p_hit + sixes)
        if weapon.value("blast"):
            hits *= min(weapon.value("blast"), len(target.alive()))
        p_block = _p_pass(defense, (1 if cover and not melee and not weapon.value("blast") else 0) - ap)
        wounds = hits * (1 - p_block) * max(1, weapon.value("deadly"))
        if regen and not (weapon.has("bane") or weapon.has("rending") or weapon.has("unstoppable")):
            wounds *= 4 / 6
        total += wounds
    if impact:
        p_block = _p_pass(defense, 0)
        total += impact * 5 / 6 * (1 - p_block) * (4 / 6 if regen else 1)
    return total


def _p_pass(target: int, mod: int) -> float:
    """The chance a d6 test passes (6 always, 1 never)."""
    wins = sum(1 for face in range(1, 7) if passes(face, target, mod))
    return wins / 6
