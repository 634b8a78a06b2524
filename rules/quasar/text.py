"""Card texts in our own words, generated from the effect language (so data needs no prose).

``effect_text`` writes an effect the way the almanac writes card text, ``PHASE | effect``:
``PRE-RESOLUTION | Spend 1 Glory: Shift 2``.
"""

from __future__ import annotations

from rules.core.grammar import count

from .content import CardDef, content
from .effects import Effect, RuleMod, Step

MOMENTS = {
    "act_start": "ACT START",
    "challenge_start": "CHALLENGE START",
    "pre_confrontation": "PRE-CONFRONTATION",
    "pre_resolution": "PRE-RESOLUTION",
    "pre_cleanup": "PRE-CLEANUP",
    "cleanup": "CLEANUP",
    "act_resolution": "ACT RESOLUTION",
    "ship": "SHIP PHASE",
    "confront": "WHEN REVEALED",
    "success": "SUCCESS",
    "failure": "FAILURE",
    "complete": "PROJECT DONE",
    "draw": "WHENEVER YOU DRAW",
    "boon": "BOON",
}

WHO_TEXT = {
    "you": "you",
    "each_player": "each player",
    "team_leader": "the Team Leader",
    "lowest_ranked": "the lowest-ranked player",
    "highest_ranked": "the highest-ranked player",
    "highest_value": "players with the highest value",
    "lowest_value": "players with the lowest value",
    "with_project": "players with an Active Project",
    "confronted_lis": "players who confronted a Lost in Space",
    "highest_rank_value": "players with the highest Rank Value",
    "lowest_rank_value": "players with the lowest Rank Value",
}

CONDITION_TEXT = {
    "morale_low": "while Morale is at half or lower",
    "solo": "when playing alone",
    "multiplayer": "with two or more players",
    "target_met": "if the Target is met",
    "target_missed": "if the Target is missed",
    "has_project": "if you have an Active Project",
    "energy": "if there is Energy",
}

PHASE_NAMES = {
    "act_setup": "Act Setup",
    "act_start": "Act Start",
    "challenge_setup": "Challenge Setup",
    "challenge_start": "Challenge Start",
    "pre_confrontation": "Pre-Confrontation",
    "confrontation": "Confrontation",
    "pre_resolution": "Pre-Resolution",
    "resolution": "Resolution",
    "pre_cleanup": "Pre-Cleanup",
    "cleanup": "Cleanup",
    "act_resolution": "Act Resolution",
    "ship": "Ship Phase",
    "act_cleanup": "Act Cleanup",
    "mission_resolution": "Mission Resolution",
    "over": "Game over",
}


def zone_text(ref: str) -> str:
    yours = ref.startswith("your ")
    name = ref[5:] if yours else ref
    title = content().zone(name).title
    return f"your {title}" if yours else f"the {title}"


INVARIANT = ("Lost in Space",)
"""Card names that stay as they are in the plural ("2 Lost in Space")."""


def plural(n: int, word: str) -> str:
    """``n`` and the word in the right number (the grammar library's), card names left whole."""
    return f"{n} {word}" if word in INVARIANT else count(n, word)


def step_text(step: Step) -> str:
    n, do = step.n, step.do
    where = f" from {zone_text(step.zone)}" if step.zone and do == "draw" else ""
    moved = f"the top {plural(n, 'card')} of {zone_text(step.source)}" if step.source else "this card"
    texts = {
        "draw": f"draw {plural(n, 'card')}{where}",
        "refill": "draw up to your Hand Size",
        "glory": f"gain {n} Glory",
        "learn": f"learn {plural(n, 'Lesson')}",
        "project": "start a Project",
        "boon": "receive a Boon" if n == 1 else f"receive {n} Boons",
        "damage": f"take {n} Crew Damage",
        "morale": f"{'lose' if n < 0 else 'regain'} {abs(n)} Morale",
        "energy": f"add {n} Energy",
        "shift": f"Shift {n}",
        "sensors": f"Sensors {n}",
        "new_lis": f"put {'a new Lost in Space' if n == 1 else f'{n} new Lost in Space'} into "
        f"{zone_text(step.zone) if step.zone else 'a zone'}",
        "drop_project": "discard an Active Project",
        "discard": f"discard {plural(n, 'card')}",
        "progress": f"add {n} Progress to each Active Project",
        "extra_success": "count one more success for this Act",
        "move": f"move {moved} into {zone_text(step.zone) if step.zone else 'a zone'}",
        "purge": f"put {plural(n, 'Lost in Space')} from your Discard Zone into the box",
    }
    return texts[do]


def rule_text(mod: RuleMod) -> str:
    if mod.rule == "hand_size":
        sign = "+" if mod.op == "add" and int(mod.value) >= 0 else ""
        return f"Hand Size {'is ' if mod.op == 'set' else ''}{sign}{mod.value}"
    if mod.rule == "draw_bonus":
        return f"draw {plural(int(mod.value), 'more card')} with each Draw"
    if mod.rule == "can_draw":
        return "may draw" if mod.value else "cannot draw"
    if mod.rule == "can_shift":
        return "Shift may be used" if mod.value else "no Shift may be used"
    if mod.rule == "draw_from":
        return f"may also draw from {zone_text(str(mod.value))}"
    if mod.rule == "hold":
        return f"no card may leave {zone_text(str(mod.value))}"
    scope = "this card" if mod.scope == "self" else "your confronting cards"
    return f"{scope} {'+' if int(mod.value) >= 0 else ''}{mod.value} value"


def effect_text(effect: Effect) -> str:
    """One effect as card text."""
    body: list[str] = []
    who = WHO_TEXT[effect.who]
    subject = "" if effect.who == "you" else f"{who[0].upper()}{who[1:]}: "
    parts = [step_text(s) for s in effect.steps] + [rule_text(r) for r in effect.rules]
    body.append(subject + ", then ".join(parts) if parts else subject)
    text = body[0]
    if effect.cost:
        cost = ", ".join(
            f"discard {plural(n, 'card')}" if what == "discard" else f"spend {n} {what.capitalize()}"
            for what, n in effect.cost
        )
        text = f"{cost[0].upper()}{cost[1:]}: {text}"
    if effect.conditions:
        text += " (" + ", ".join(CONDITION_TEXT[c] for c in effect.conditions) + ")"
    if effect.lasting:
        text += f" until the end of the {effect.lasting.capitalize()}"
    if effect.when == "boon":
        return f"BOON outcome \u201c{effect.label}\u201d: {text}"
    if effect.when:
        return f"{MOMENTS[effect.when]} | {text[0].upper()}{text[1:]}"
    return text[0].upper() + text[1:]


def keyword_text(card: CardDef) -> list[str]:
    out = []
    for name, n in card.keywords:
        title = content().mechanics[name][0].split(" ")[0]
        if name == "project" and card.project:
            out.append("Project: " + ", then ".join(step_text(s) for s in card.project))
        elif (n and name != "lesson") or (name == "lesson" and n > 1):
            out.append(f"{title} {n}")
        else:
            out.append(title)
    return out


def card_lines(key: str) -> list[str]:
    """A card's rules text: keywords first, then its own effects (keyword effects are not repeated)."""
    card = content().cards[key]
    lines = keyword_text(card)
    lines += [effect_text(e) for e in card.effects if not e.keyword]
    return lines


def card_label(key: str) -> str:
    """``Trim (3)``, ``Lost in Space (no value)``, ``Navigator (Rank 3)`` (made once per card key)."""
    c = content()
    found = c.labels.get(key)
    if found is None:
        found = c.labels[key] = _label(c.cards[key])
    return found


def _label(card: CardDef) -> str:
    if card.kind == "lis":
        return "Lost in Space (no value)"
    if card.kind == "rank":
        return f"{card.name} (Rank {card.rank})"
    if card.value is not None:
        return f"{card.name} ({card.value})"
    return card.name


def name_of(key: str) -> str:
    return content().cards[key].name
