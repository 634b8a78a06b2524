"""What skills, spells and items do, search tokens turned over, and casting (heroes and enemy casters)."""

from __future__ import annotations

from rules.core import Turn

from .combat import spell_hits
from .content import Spell, cell_name, content
from .dice import d3, gain, needs, passes, pay, will_pay
from .forces import arrive, new_unit
from .grid import dist, inch, sees
from .harm import heal, take_wounds, whose
from .morale import morale_test
from .moves import push, walk
from .paths import Edge, step_cost
from .state import Cell, GrimState, Token, Unit
from .units import enemies, grid_of, name, rule, standing, stats

STATUS_NAMES = {"afflicted": "Afflicted", "crippled": "Crippled", "diseased": "Diseased", "impaired": "Impaired"}


def amount_of(turn: Turn, amount: str, label: str) -> int:
    return d3(turn, label) if amount == "d3" else int(amount)


# -- search tokens -------------------------------------------------------------------------------------------


def turn_over(state: GrimState, turn: Turn, hero: Unit, token: Token, *, pickup: bool) -> None:
    """Reveal a search token; only from 1" away does the hero also pick it up ("Common skills:
    Discover"): a token revealed from farther stays on the table, whatever it holds (an ambush springs
    at once, though, and leaves nothing behind)."""
    c = content()
    known = token.revealed
    if not known:
        token.revealed = True
        turn.reveal(f"search token {token.id}")
        turn.say(f"Search token {token.id} holds: {describe_content(token.content)}.")
    head, _, arg = token.content.partition(":")
    if token.content == "nothing":
        if pickup:
            token.taken = True
            turn.say(f"{name(hero)} clears away the empty search token {token.id}.", concerns=whose(hero))
    elif token.content == "trap":
        if not pickup:
            turn.say("Seen from a distance, the trap stays where it is; a hero who picks it up disarms it.")
        elif known:
            token.taken = True
            turn.say(f"{name(hero)} disarms the trap it knew was there.", concerns=whose(hero))
        else:
            token.taken = True
            turn.say(f"A trap goes off under {name(hero)}: 2 hits with AP(1).", kind="warn", concerns=whose(hero))
            from .combat import Hit, Volley, block

            block(state, turn, hero, Volley(hits=[Hit(ap=1), Hit(ap=1)], near=(token.x, token.y)))
    elif head == "ambush":
        token.taken = True
        unit = new_unit(state, arg, placed=False)
        arrive(state, turn, unit, (token.x, token.y), inch(state.half, 6), "from hiding by the search token")
    elif pickup:
        key = "data-core" if token.content == "relic" else arg
        if c.items[key].kind != "mission" and len([i for i in hero.items if c.items[i].kind != "mission"]) >= c.carry:
            turn.say(
                f"{name(hero)} carries {c.carry} items already; the {c.items[key].name} stays here.",
                concerns=whose(hero),
            )
            return
        token.taken = True
        hero.items = [*hero.items, key]
        turn.say(f"{name(hero)} picks up the {c.items[key].name}.", concerns=whose(hero))


def describe_content(content_text: str) -> str:
    c = content()
    head, _, arg = content_text.partition(":")
    if head == "item":
        return f"a {c.items[arg].name}"
    if content_text == "relic":
        return "the Data Core"
    if head == "ambush":
        return f"an ambush ({c.units[arg].name})"
    if content_text == "trap":
        return "a trap"
    return "nothing"


# -- effects of skills, spells and items -----------------------------------------------------------------


def affect(
    state: GrimState,
    turn: Turn,
    user: Unit,
    effect: str,
    amount: str,
    *,
    target: Unit | None = None,
    cell: Cell | None = None,
    token: Token | None = None,
    ap: int = 0,
    rules: tuple[str, ...] = (),
    label: str = "",
    route: list | None = None,
) -> None:
    """Resolve one effect (see data/grimdark/skills.toml)."""
    who = target or user
    if effect == "heal":
        heal(state, turn, who, amount_of(turn, amount, f"{label}: wounds healed"))
    elif effect == "power":
        gain(state, turn, who, amount_of(turn, amount, f"{label}: power"))
    elif effect == "cleanse":
        who.statuses = []
        turn.say(f"{name(who)} is free of every status condition.", concerns=whose(who))
    elif effect == "rally":
        if who.shaken:
            who.shaken = False
            turn.say(f"{name(who)} is no longer Shaken.", concerns=whose(who))
        gain(state, turn, who, amount_of(turn, amount, f"{label}: power"))
    elif effect in ("aim", "guard", "mark"):
        tag = {"aim": "aim", "guard": "guard", "mark": "marked"}[effect]
        if tag not in who.buffs:
            who.buffs = [*who.buffs, tag]
        text = {
            "aim": "gets +1 to hit with its shooting this activation",
            "guard": "gets +1 to block rolls until the end of the round",
            "mark": "is marked: heroes get +1 to hit it until the end of the round",
        }[effect]
        turn.say(f"{name(who)} {text}.", concerns=whose(who))
    elif effect == "morale":
        morale_test(state, turn, who, f" ({label})")
    elif effect in ("reveal", "discover"):
        assert token is not None
        near = effect == "discover" and dist(user.models[0].cell, (token.x, token.y)) < 1.5
        turn_over(state, turn, user, token, pickup=near)
    elif effect == "push":
        push(state, turn, user, who, inch(state.half, int(amount)))
    elif effect in ("move", "fly"):
        assert route is not None
        limit = amount_of(turn, amount, f"{label}: how far") if amount == "d3" else int(amount)
        go(state, turn, user, route, inch(state.half, limit), effect)
    elif effect == "hits":
        spell_hits(state, turn, user, who, amount_of(turn, amount, f"{label}: hits"), ap, rules)
    elif effect == "status":
        if amount not in who.statuses:
            who.statuses = [*who.statuses, amount]
        turn.say(f"{name(who)} is {STATUS_NAMES[amount]}.", kind="warn", concerns=whose(who))
    elif effect == "heal-unit":
        heal(state, turn, who, amount_of(turn, amount, f"{label}: wounds healed"))


def go(
    state: GrimState, turn: Turn, hero: Unit, route: list[tuple[Cell, Edge | None]], inches: float, route_kind: str = ""
) -> None:
    """Follow ``route`` for at most ``inches`` (a D3" Scurry may fall short of the chosen cell)."""
    spent = 0
    cut = [route[0]]
    grid = grid_of(state)
    flying = bool(rule(hero, "flying")) or "fly" in route_kind
    for cell, edge in route[1:]:
        spent += 0 if edge else step_cost(grid, cut[-1][0], cell, flying=flying)
        if spent > round(inches * 2 + 1e-9):
            break
        cut.append((cell, edge))
    # never stop on a cell the hero may not end on: step back to the last one it may
    taken = {m.cell for u in state.units if u.placed and u.id != hero.id for m in u.alive()}
    while len(cut) > 1 and cut[-1][0] in taken:
        cut.pop()
    if len(cut) < len(route):
        turn.say(f"{name(hero)} gets only as far as {cell_name(cut[-1][0])}.", concerns=whose(hero))
    walk(state, turn, hero, hero.models[0], cut)


# -- casting ---------------------------------------------------------------------------------------------------


def cast_roll(turn: Turn, caster: Unit, spell: Spell, bonus: int, hindrance: int) -> bool:
    """d6, 4+ casts; +1 per extra token, -1 per token an opponent spent; 1 fails and 6 casts."""
    mod = bonus - hindrance
    face = turn.rng.die(6, label=f"{name(caster)} casts {spell.name}, needs {needs(4, mod)}")
    return passes(face, 4, mod)


def hero_cast(
    state: GrimState, turn: Turn, hero: Unit, spell: Spell, boost: int, target: Unit, *, asking: bool = False
) -> bool:
    """A hero spends value + boost tokens and rolls; a failed cast may be forced for 2 power per point of
    value. Returns True when it failed and the player is to be asked (``asking``)."""
    hero.tokens -= spell.value + boost
    turn.say(
        f"{name(hero)} spends {spell.value + boost} spell tokens on {spell.name} ({hero.tokens} left).",
        concerns=whose(hero),
    )
    ok = cast_roll(turn, hero, spell, boost, 0)
    if not ok and asking:
        return True
    if not ok and will_pay(state, hero, "cast", 2 * spell.value):
        pay(state, turn, hero, 2 * spell.value, f"to force {spell.name} through")
        ok = not hero.down
    if not ok:
        turn.say(f"{spell.name} fails.")
        return False
    turn.say(f"{spell.name} takes effect on {name(target)}.", concerns=whose(target))
    affect(
        state, turn, hero, spell.effect, spell.amount, target=target, ap=spell.ap, rules=spell.rules, label=spell.name
    )
    return False


def in_spell_range(state: GrimState, caster: Unit, spell: Spell, target: Unit) -> bool:
    grid = grid_of(state)
    reach = inch(state.half, spell.range)
    return any(
        dist(m.cell, t.cell) <= reach + 1e-9 and sees(grid, m.cell, t.cell)
        for m in caster.alive()
        for t in target.alive()
    )


def ai_target(state: GrimState, caster: Unit, spell: Spell) -> Unit | None:
    """An enemy caster's target: the closest hero in sight and range, or its most wounded ally in range."""
    if spell.target == "enemy":
        options = [h for h in standing(state) if in_spell_range(state, caster, spell, h)]
        return min(options, key=lambda h: (dist(caster.models[0].cell, h.models[0].cell), h.id), default=None)
    hurt = [
        u
        for u in enemies(state)
        if any(m.wounds for m in u.alive()) and (u.id == caster.id or in_spell_range(state, caster, spell, u))
    ]
    return max(hurt, key=lambda u: (sum(m.wounds for m in u.alive()), u.id), default=None)


def ai_cast(state: GrimState, turn: Turn, caster: Unit) -> None:
    """An enemy caster picks one of its spells at random and spends all its tokens on it, if it can."""
    c = content()
    spells = c.units[caster.kind].spells
    if not spells:
        return
    spell = c.spells[turn.rng.choice(list(spells))]
    turn.say(f"{name(caster)} reaches for {spell.name} ({caster.tokens} spell tokens).", concerns=whose(caster))
    if caster.tokens < spell.value:
        turn.say(f"Not enough tokens for {spell.name} (value {spell.value}): nothing is cast.")
        return
    target = ai_target(state, caster, spell)
    if target is None:
        turn.say(f"{spell.name} has no target: nothing is cast.")
        return
    spent = caster.tokens
    bonus = spent - spell.value
    caster.tokens = 0
    hindrance = 0
    grid = grid_of(state)
    for hero in standing(state):
        want = int(hero.policy.get("dispel", "0"))
        if not want or not hero.tokens:
            continue
        close = dist(hero.models[0].cell, caster.models[0].cell) <= inch(state.half, 18) + 1e-9
        if close and sees(grid, hero.models[0].cell, caster.models[0].cell):
            use = min(want, hero.tokens)
            hero.tokens -= use
            hindrance += use
            turn.say(
                f"{name(hero)} spends {use} spell token{'s' if use != 1 else ''} against the cast.",
                concerns=whose(hero),
            )
    if cast_roll(turn, caster, spell, bonus, hindrance):
        turn.say(f"{spell.name} strikes {name(target)}.", kind="warn", concerns=whose(target))
        affect(
            state,
            turn,
            caster,
            spell.effect,
            spell.amount,
            target=target,
            ap=spell.ap,
            rules=spell.rules,
            label=spell.name,
        )
    else:
        turn.say(f"{spell.name} fizzles.")


# -- status conditions -----------------------------------------------------------------------------------------


def status_checks(state: GrimState, turn: Turn, unit: Unit) -> None:
    """At activation: Afflicted (Str; a fail is a wound), Crippled (Dex), Diseased (Wil) tests shed the
    condition on a pass; Impaired is paid off with D3 power (heroes, by policy; enemies shed it after
    one activation, our rule). Enemies test with their Qua."""
    from .dice import stat_test

    for status in list(unit.statuses):
        if unit.gone or unit.down:
            return
        if status == "impaired":
            if unit.side == "hero" and will_pay(state, unit, "impaired", 3):
                cost = d3(turn, f"{name(unit)} pays D3 power to clear Impaired")
                pay(state, turn, unit, cost, "to clear Impaired")
                unit.statuses = [s for s in unit.statuses if s != "impaired"]
                turn.say(f"{name(unit)} is no longer Impaired.", concerns=whose(unit))
            continue
        stat = {"afflicted": "str", "crippled": "dex", "diseased": "wil"}[status]
        if unit.side == "ai":
            stat = "qua"
        if stat_test(state, turn, unit, stat, why=f"shaking off {STATUS_NAMES[status]}"):
            unit.statuses = [s for s in unit.statuses if s != status]
            turn.say(f"{name(unit)} is no longer {STATUS_NAMES[status]}.", concerns=whose(unit))
        elif status == "afflicted":
            turn.say(f"Afflicted: {name(unit)} takes a wound.", concerns=whose(unit))
            take_wounds(state, turn, unit, 1)


def tokens_at_round_start(state: GrimState, turn: Turn) -> None:
    """Casters gain their Caster(X) tokens, holding at most 6."""
    from .units import rule

    for unit in state.units:
        x = rule(unit, "caster")
        if x and unit.placed and not unit.gone and not unit.down:
            unit.tokens = min(6, unit.tokens + x)
    casters = [u for u in state.units if rule(u, "caster") and u.placed and not u.gone and not u.down]
    if casters:
        turn.say("Spell tokens: " + ", ".join(f"{name(u)} {u.tokens}" for u in casters) + ".")


def shed_impaired(unit: Unit) -> None:
    if unit.side == "ai" and "impaired" in unit.statuses:
        unit.statuses = [s for s in unit.statuses if s != "impaired"]


__all__ = ["STATUS_NAMES", "affect", "ai_cast", "hero_cast", "stats", "status_checks", "turn_over"]
