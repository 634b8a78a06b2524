"""The heroes' commands: each turns what a player typed (any name form) into the engine's command and
plays it with :meth:`Table.act`. An activation can be given in one command: a move with its shot, a
Skill action (``skill:`` with ``on:``) and ``end:yes``, played as one compound command: the action first,
unless the skill changes its shot (Aimed Shot, Mark Target on the unit shot at), which then comes first."""

from __future__ import annotations

from rules.core import BATCH, Action, RuleError
from rules.grimdark.content import content, parse_cell
from rules.grimdark.dice import POLICIES
from rules.grimdark.state import Cell
from rules.grimdark.units import find

from ..commands import Ctx, Table
from ..replies import Reply
from .names import find_cell, find_enemy, find_hero, find_item, find_skill, find_spell, find_target, norm
from .seat import context, state


async def _hero(table: Table, ctx: Ctx, hero: str | None):
    sc = await context(table, ctx)
    st = state(sc)
    return sc, st, find_hero(st, hero, sc.require_seat())


def _skill_action(st, hero: str, skill: str, on: str | None, at: Cell | None = None) -> Action:
    """The Skill action a player named; ``at``: where the hero will stand when it is used (after a move).
    A token skill without ``on:`` takes the one token within 1" of there, if there is exactly one."""
    unit = find(st, hero)
    assert unit is not None
    key = find_skill(st, unit, skill)
    action: Action = {"type": "skill", "hero": hero, "skill": key}
    kind = content().skills[key].target
    if not on and kind == "token":
        spot = at or unit.models[0].cell
        close = [t.id for t in st.tokens if not t.taken and max(abs(t.x - spot[0]), abs(t.y - spot[1])) <= 1]
        if len(close) == 1:
            on = close[0]
    if on or kind in ("enemy", "token", "cell"):
        target = find_target(st, on, kind)
        if target:
            action["target"] = target
    return action


SHOT_EFFECTS = ("aim", "mark")
"""Skill effects that change a shot: in a one-line activation they are used before the shot."""


def _shot_first(st, first: Action, skill: Action) -> bool:
    """Whether the skill changes the shot of ``first`` (so it goes first): Aimed Shot always, Mark Target
    when it marks the unit shot at."""
    if not first.get("shoot"):
        return False
    effect = content().skills[str(skill["skill"])].effect
    return effect in SHOT_EFFECTS and (effect != "mark" or skill.get("target") == first["shoot"])


async def _play(
    table: Table, ctx: Ctx, st, first: Action, skill: str | None, on: str | None, end: bool | None
) -> Reply:
    """One activation in one command: the action, then the Skill action (before the action when the skill
    changes the action's shot), then the end of the activation."""
    steps = [first]
    if skill:
        at = parse_cell(str(first["to"]), 24 if st.half else 48) if first["type"] in ("advance", "rush") else None
        used = _skill_action(st, first["hero"], skill, on, at)
        steps = [used, first] if _shot_first(st, first, used) else [first, used]
    elif on:
        raise RuleError("on: names what a skill: is used on; say the skill too.")
    if end:
        steps.append({"type": "done", "hero": first["hero"]})
    return await table.act(ctx, steps[0] if len(steps) == 1 else {"type": BATCH, "actions": steps})


async def advance(
    table: Table,
    ctx: Ctx,
    to: str,
    hero: str | None = None,
    shoot: str | None = None,
    jump: bool | None = None,
    limited: bool | None = None,
    skill: str | None = None,
    on: str | None = None,
    end: bool | None = None,
) -> Reply:
    """Advance (6") and shoot after moving; optionally a Skill action and the end of the activation."""
    _, st, key = await _hero(table, ctx, hero)
    action: Action = {"type": "advance", "hero": key, "to": find_cell(st, to)}
    if shoot:
        action["shoot"] = find_enemy(st, shoot)
    if jump:
        action["jump"] = True
    if limited:
        action["limited"] = True
    return await _play(table, ctx, st, action, skill, on, end)


async def rush(
    table: Table,
    ctx: Ctx,
    to: str,
    hero: str | None = None,
    jump: bool | None = None,
    skill: str | None = None,
    on: str | None = None,
    end: bool | None = None,
) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    action: Action = {"type": "rush", "hero": key, "to": find_cell(st, to)}
    if jump:
        action["jump"] = True
    return await _play(table, ctx, st, action, skill, on, end)


async def hold(
    table: Table,
    ctx: Ctx,
    hero: str | None = None,
    shoot: str | None = None,
    limited: bool | None = None,
    skill: str | None = None,
    on: str | None = None,
    end: bool | None = None,
) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    action: Action = {"type": "hold", "hero": key}
    if shoot:
        action["shoot"] = find_enemy(st, shoot)
    if limited:
        action["limited"] = True
    return await _play(table, ctx, st, action, skill, on, end)


async def charge(
    table: Table, ctx: Ctx, target: str, hero: str | None = None, to: str | None = None, end: bool | None = None
) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    action: Action = {"type": "charge", "hero": key, "target": find_enemy(st, target)}
    if to:
        action["to"] = find_cell(st, to)
    return await _play(table, ctx, st, action, None, None, end)


async def skill(
    table: Table, ctx: Ctx, skill: str, hero: str | None = None, on: str | None = None, end: bool | None = None
) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    return await _play(table, ctx, st, _skill_action(st, key, skill, on), None, None, end)


async def cast(
    table: Table, ctx: Ctx, spell: str, hero: str | None = None, on: str | None = None, boost: int | None = None
) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    chosen = content().spells[find_spell(spell)]
    action: Action = {"type": "cast", "hero": key, "spell": chosen.key}
    if chosen.target != "self" and (on or chosen.target == "enemy"):
        action["target"] = find_target(st, on, chosen.target)
    if boost:
        action["boost"] = boost
    return await table.act(ctx, action)


async def rest(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    _, _, key = await _hero(table, ctx, hero)
    return await table.act(ctx, {"type": "rest", "hero": key})


async def start(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    _, _, key = await _hero(table, ctx, hero)
    return await table.act(ctx, {"type": "start", "hero": key})


async def done(table: Table, ctx: Ctx, hero: str | None = None) -> Reply:
    _, _, key = await _hero(table, ctx, hero)
    return await table.act(ctx, {"type": "done", "hero": key})


async def revive(table: Table, ctx: Ctx, target: str, hero: str | None = None) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    return await table.act(ctx, {"type": "revive", "hero": key, "target": find_hero(st, target, None)})


async def use(table: Table, ctx: Ctx, item: str, hero: str | None = None, on: str | None = None) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    unit = find(st, key)
    assert unit is not None
    action: Action = {"type": "use", "hero": key, "item": find_item(list(unit.items), item, key)}
    action["target"] = find_hero(st, on, None) if on else key
    return await table.act(ctx, action)


async def give(table: Table, ctx: Ctx, item: str, to: str, hero: str | None = None) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    unit = find(st, key)
    assert unit is not None
    thing = find_item(list(unit.items), item, key)
    return await table.act(ctx, {"type": "give", "hero": key, "item": thing, "to": find_hero(st, to, None)})


async def take(table: Table, ctx: Ctx, item: str, holder: str, hero: str | None = None) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    other = find_hero(st, holder, None)
    unit = find(st, other)
    assert unit is not None
    thing = find_item(list(unit.items), item, other)
    return await table.act(ctx, {"type": "take", "hero": key, "item": thing, "from": other})


async def arrive(table: Table, ctx: Ctx, to: str, hero: str | None = None) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    return await table.act(ctx, {"type": "arrive", "hero": key, "to": find_cell(st, to)})


async def deploy(table: Table, ctx: Ctx, to: str, hero: str | None = None) -> Reply:
    _, st, key = await _hero(table, ctx, hero)
    where = "reserve" if norm(to) == "reserve" else find_cell(st, to)
    return await table.act(ctx, {"type": "deploy", "hero": key, "to": where})


async def ready(table: Table, ctx: Ctx) -> Reply:
    return await table.act(ctx, {"type": "ready"})


async def train(table: Table, ctx: Ctx, advance: str, hero: str | None = None, skill: str | None = None) -> Reply:
    _, _, key = await _hero(table, ctx, hero)
    action: Action = {"type": "train", "hero": key, "advance": norm(advance)}
    if skill:
        action["skill"] = norm(skill)
    return await table.act(ctx, action)


async def order(table: Table, ctx: Ctx, key: str, value: str, hero: str | None = None) -> Reply:
    _, _, who = await _hero(table, ctx, hero)
    wanted = norm(key)
    if wanted not in POLICIES:
        raise RuleError(f"There is no standing order '{key[:20]}'. Orders: {', '.join(POLICIES)}.")
    return await table.act(ctx, {"type": "policy", "hero": who, "key": wanted, "value": norm(value)})


async def answer(
    table: Table, ctx: Ctx, pay: bool | None = None, odd: str | None = None, hero: str | None = None
) -> Reply:
    """Answer the open question: pay the power for a failed roll or not, or who takes the odd Blast hits."""
    sc = await context(table, ctx)
    st = state(sc)
    if st.ask is None:
        raise RuleError("Nobody is asking anything right now.")
    key = find_hero(st, hero, None) if hero else st.ask.hero
    action: Action = {"type": "answer", "hero": key}
    if st.ask.kind != "blast" and pay is None and not odd:
        raise RuleError("Answer with pay:yes (pay the power and succeed) or pay:no (the roll stays failed).")
    if pay:
        action["pay"] = True
    if odd:
        named = [find_enemy_or_hero(st, part) for part in odd.replace(",", "+").split("+") if part.strip()]
        action["odd"] = "+".join(named)
    return await table.act(ctx, action)


def find_enemy_or_hero(st, text: str) -> str:
    """A unit an answer names: an enemy unit (S1, a name) or a hero; unknown words pass to the rules."""
    word = text.strip()
    unit = find(st, word.lower())
    if unit is not None and unit.side == "hero":
        return unit.id
    try:
        return find_enemy(st, word)
    except RuleError:
        return word.upper()
