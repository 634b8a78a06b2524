"""Between missions: experience, advances bought with it, items kept, and the next mission."""

from __future__ import annotations

from rules.core import RuleError, Turn

from .content import content
from .missions import begin, build, mission_spec
from .state import GrimState, HeroSheet
from .units import heroes, name

CAMP = "camp"


def conclude(state: GrimState, turn: Turn) -> None:
    """The mission is decided: award experience, keep items, and go to the camp or end the game."""
    c = content()
    won = state.verdict == "win"
    state.record = [*state.record, f"{state.mission.key}:{state.verdict}"]
    for hero in heroes(state):
        sheet = next(s for s in state.party if s.key == hero.id)
        gained = c.xp["played"] + (c.xp["won"] if won else 0) + (0 if hero.down else c.xp["standing"])
        sheet.xp += gained
        sheet.items = [i for i in hero.items if c.items[i].kind != "mission"]
        sheet.policy = dict(hero.policy)
        turn.say(f"{name(hero)} earns {gained} XP ({sheet.xp} to spend).")
    more = False
    if state.mode == "campaign":
        more = state.stage + 1 < len(c.campaigns[state.campaign].missions)
    elif state.mode == "builder":
        more = won
    if more:
        state.phase = CAMP
        state.ready = []
        if any(affordable(s) for s in state.party):
            turn.say("The party makes camp: spend XP with train, then ready for the next mission.", kind="turn")
        else:
            turn.say("The party makes camp; no hero has XP enough for an advance, so on to the next mission.")
        return
    state.phase = "over"
    wins = sum(r.endswith(":win") for r in state.record)
    if state.mode == "campaign":
        state.result = "win" if won else "loss"
        state.summary = (
            f"{c.campaigns[state.campaign].name}: {wins} of {len(state.record)} missions won;"
            f" the final mission was {'won' if won else 'lost'}."
        )
    elif state.mode == "builder":
        state.result = "loss"
        state.summary = f"The party fell on drawn mission {state.stage + 1} after {wins} victories."
    else:
        state.result = state.verdict
        state.summary = f"{state.mission.name}: {'won' if won else 'lost'} ({state.verdict_why})."
    turn.say(state.summary, kind="end")


def advance_cost(sheet: HeroSheet, key: str) -> int:
    adv = content().advances[key]
    return adv.cost


def check_train(state: GrimState, sheet: HeroSheet, key: str, skill: str) -> None:
    c = content()
    if key not in c.advances:
        raise RuleError(f"There is no advance '{key[:20]}'. Advances: {', '.join(c.advances)}.")
    adv = c.advances[key]
    if sheet.advances.count(key) >= adv.times:
        raise RuleError(f"{c.heroes[sheet.key].name} has already taken {adv.name} {adv.times} times.")
    if sheet.xp < adv.cost:
        raise RuleError(f"{adv.name} costs {adv.cost} XP; {c.heroes[sheet.key].name} has {sheet.xp}.")
    if key == "skill":
        options = learnable(sheet)
        if skill not in options:
            raise RuleError(f"Say which skill to learn: {', '.join(options) or 'none left'}.")


def affordable(sheet: HeroSheet) -> list[str]:
    """The advances a hero's XP pays for now (a new skill only while one is left to learn)."""
    c = content()
    return [
        key
        for key, adv in c.advances.items()
        if sheet.xp >= adv.cost and sheet.advances.count(key) < adv.times and (key != "skill" or learnable(sheet))
    ]


def learnable(sheet: HeroSheet) -> list[str]:
    c = content()
    known = set(c.heroes[sheet.key].skills) | set(sheet.skills)
    return [k for k, s in c.skills.items() if not s.common and k not in known]


def train(state: GrimState, turn: Turn, sheet: HeroSheet, key: str, skill: str) -> None:
    c = content()
    adv = c.advances[key]
    sheet.xp -= adv.cost
    sheet.advances = [*sheet.advances, key]
    if key == "skill":
        sheet.skills = [*sheet.skills, skill]
    what = f"learns {c.skills[skill].name}" if key == "skill" else f"takes {adv.name}"
    turn.say(f"{c.heroes[sheet.key].name} {what} ({sheet.xp} XP left).")


def next_mission(state: GrimState, turn: Turn) -> None:
    """Everyone is ready: set up the next mission of the campaign (or a newly drawn one)."""
    state.stage += 1
    party = len(state.party)
    if state.mode == "campaign":
        spec = mission_spec(content().campaigns[state.campaign].missions[state.stage], party)
    else:
        spec = build(turn.rng, party, state.stage + 1)
    begin(state, turn.rng, spec)
    turn.say(f"Next mission: {state.mission.name}. {state.mission.brief}", kind="turn")
    turn.say("Deploy your heroes (or keep the default places), then ready.")
