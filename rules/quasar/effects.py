"""The effect language of Quasar Search: what a card *does*, written as data and checked at load.

A card carries a list of effects; each effect is a TOML table::

    [[card.effect]]
    style = "triggered"            # constant | required | triggered
    when = "pre_resolution"        # the phase or event it fires in (none for constant effects)
    who = "you"                    # whom it applies to: you, each_player, team_leader, ...
    cost = { glory = 1 }           # triggered only: what using it costs
    if = ["morale_low"]            # conditions that must hold
    steps = [{ do = "shift", n = 2 }]
    rules = [{ rule = "hand_size", add = 1 }]   # rule changes (constant, or lasting ones)
    lasting = "challenge"          # how long rules set by a required/triggered effect last

Keywords (``"Energy 2"``, ``"Warp"``...) are shorthands that expand into the same effects, so the
engine knows only one language. Everything here is pure: parsing raises :class:`ContentError`
naming the file, the entry and the fault.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.content import ContentError, get_int, get_list, get_str, require

STYLES = ("constant", "required", "triggered")
"""Constant effects change rules while their card is in play; required ones happen by themselves when
their moment comes; triggered ones are a choice their owner may make (paying a cost)."""

PHASE_TRIGGERS = (
    "act_start",
    "challenge_start",
    "pre_confrontation",
    "pre_resolution",
    "pre_cleanup",
    "cleanup",
    "act_resolution",
    "ship",
)
WINDOWS = ("act_start", "challenge_start", "pre_confrontation", "pre_resolution", "pre_cleanup")
"""Phases in which players may use triggered effects (a window opens only when one is usable)."""

CARD_TRIGGERS = ("confront", "success", "failure", "complete", "boon")
"""Events of the card itself: it enters the Confrontation Zone; its Confrontation (or, on a scenario
card, its Challenge or Act) succeeds or fails; its Project completes; a Boon outcome it declares."""

PLAYER_TRIGGERS = ("draw",)
"""Events of the card's owner: ``draw`` fires once after each Draw effect of the owner that took at least
one card, however many it took (almanac, Draw: a Draw of several cards is one Draw effect)."""

TRIGGERS = PHASE_TRIGGERS + CARD_TRIGGERS + PLAYER_TRIGGERS

WHO = (
    "you",
    "each_player",
    "team_leader",
    "lowest_ranked",
    "highest_ranked",
    "highest_value",
    "lowest_value",
    "with_project",
    "confronted_lis",
    "highest_rank_value",
    "lowest_rank_value",
)
"""``you`` is the owner of the card; the others single players out (or split over each player).
``highest_rank_value`` / ``lowest_rank_value`` compare Rank Values only, so every tied player is
picked (almanac, Rank: "Rank Value" may tie where Rank never does)."""

CONDITIONS = ("morale_low", "solo", "multiplayer", "target_met", "target_missed", "has_project", "energy")
COSTS = ("glory", "energy", "lessons", "discard")

STEP_ARGS: dict[str, tuple[str, ...]] = {
    "draw": ("n", "from"),
    "refill": (),
    "glory": ("n",),
    "learn": ("n",),
    "project": (),
    "boon": ("n",),
    "damage": ("n",),
    "morale": ("n",),
    "energy": ("n",),
    "shift": ("n",),
    "sensors": ("n",),
    "new_lis": ("n", "into"),
    "drop_project": (),
    "discard": ("n",),
    "progress": ("n",),
    "extra_success": (),
    "move": ("n", "from", "into"),
    "purge": ("n",),
}
"""Every step an effect can take, with the arguments it accepts. ``move`` without ``from`` moves the
effect's own card; with ``from`` it moves up to n Player Cards from the top (the front) of that zone."""

SIGNED_STEPS = ("morale",)
"""Steps whose amount may be negative."""

TEAM_STEPS = ("morale", "extra_success")
"""Steps that act on the whole team: they must single out one player, or they would repeat per player."""

SINGLE_WHO = ("you", "team_leader", "lowest_ranked", "highest_ranked")
"""Selectors that always pick exactly one player (Rank never ties)."""

RULES: dict[str, tuple[str, ...]] = {
    "hand_size": ("add", "set"),
    "draw_bonus": ("add",),
    "can_draw": ("set",),
    "can_shift": ("set",),
    "draw_from": ("allow",),
    "value": ("add",),
    "hold": ("zone",),
}
"""Rules an effect may change, and how (add to a number, set a value, allow a zone). ``hold`` forbids
any card to leave a zone (``{ rule = "hold", zone = "confront" }``); it wins against a move made by an
effect of its own style or a lower one (almanac, Game Effects: Constant > Required > Triggered)."""

BOOL_RULES = ("can_draw", "can_shift")
VALUE_SCOPES = ("self", "yours")

KEYWORDS: dict[str, bool] = {
    "adrenaline": True,
    "energy": True,
    "glory": True,
    "lesson": False,
    "overcommit": False,
    "project": False,
    "sensors": True,
    "shift": True,
    "stockpile": False,
    "warp": False,
}
"""The ten player-card mechanics: keyword -> whether it takes a number (``Energy 2``)."""

FLAG_KEYWORDS = ("overcommit", "stockpile", "warp")
"""Keywords that change where a card may go rather than adding an effect."""

ZONE_NAME = re.compile(r"^[a-z]+(?:-[a-z]+)*$")
"""How an effect names a zone that no file lists (one it creates on demand)."""

NOT_ZONES = ("box", "your", "zone")
"""Words that never name a zone (the box holds what is in no zone)."""

_NUMBER = re.compile(r"^\s*(?:(?P<a>\d*)\s*P)?\s*(?P<sign>[+-])?\s*(?P<b>\d+)?\s*$")


@dataclass(frozen=True)
class Step:
    """One thing an effect does, e.g. ``draw 2 from discard``."""

    do: str
    n: int = 1
    zone: str = ""
    """The zone drawn from (draw), or put into (new_lis, move)."""
    source: str = ""
    """move: the zone the cards are taken from ("" = the effect's own card)."""


@dataclass(frozen=True)
class RuleMod:
    """A change to a rule: ``hand_size add 1``, ``can_draw set false``, ``draw_from allow warp``."""

    rule: str
    op: str
    value: int | bool | str
    scope: str = "self"
    """For ``value``: this card only (self) or every confronting card of the owner (yours)."""


@dataclass(frozen=True)
class Effect:
    style: str
    when: str = ""
    who: str = "you"
    cost: tuple[tuple[str, int], ...] = ()
    conditions: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    rules: tuple[RuleMod, ...] = ()
    lasting: str = ""
    label: str = ""
    """A short name (a Boon outcome's name, shown in menus)."""
    keyword: str = ""
    """The keyword this effect was expanded from, if any."""

    @property
    def shift(self) -> int:
        """The largest Shift this effect makes (0: none)."""
        return max((s.n for s in self.steps if s.do == "shift"), default=0)


@dataclass(frozen=True)
class Amount:
    """A scaled number, ``a x P + b``: P is the number of players (2 when playing alone)."""

    per_player: int = 0
    base: int = 0

    def at(self, players: int) -> int:
        return self.per_player * max(players, 2) + self.base

    def __str__(self) -> str:
        if not self.per_player:
            return str(self.base)
        head = "P" if self.per_player == 1 else f"{self.per_player}P"
        return head if not self.base else f"{head}{'+' if self.base > 0 else '-'}{abs(self.base)}"


def parse_amount(raw: object, where: str) -> Amount:
    """``4``, ``"4P"``, ``"3P+1"`` or ``"P-1"`` as an :class:`Amount`."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        require(0 <= raw <= 60, where, f"the number {raw} is out of range 0-60")
        return Amount(0, raw)
    match = _NUMBER.match(raw) if isinstance(raw, str) and raw.strip() else None
    require(match is not None and (match["a"] is not None or match["b"]), where, f"cannot read the number {raw!r}")
    assert match is not None
    per = 0 if match["a"] is None and "P" not in str(raw) else int(match["a"] or 1)
    base = int(match["b"] or 0) * (-1 if match["sign"] == "-" else 1)
    require(0 <= per <= 10 and -20 <= base <= 60, where, f"the number {raw!r} is out of range")
    return Amount(per, base)


def _one_of(value: object, choices: tuple[str, ...], where: str, what: str) -> str:
    require(
        isinstance(value, str) and value in choices, where, f"{what} must be one of {', '.join(choices)}, not {value!r}"
    )
    return str(value)


def parse_step(raw: object, where: str, zones: Mapping[str, bool]) -> Step:
    """One ``{ do = "...", n = 2, from = "warp" }`` table. ``zones`` maps zone names to 'owned'."""
    require(isinstance(raw, dict), where, f'a step must be a table like {{ do = "draw", n = 1 }}, not {raw!r}')
    assert isinstance(raw, dict)
    do = _one_of(raw.get("do"), tuple(STEP_ARGS), where, "a step's 'do'")
    allowed = STEP_ARGS[do]
    extra = set(raw) - {"do", *allowed}
    require(not extra, where, f"step {do} does not take {', '.join(sorted(extra))}")
    low = -10 if do in SIGNED_STEPS else 1
    n = get_int(raw, "n", f"{where}: step {do}", low, 10, 1) if "n" in allowed else 1
    require(n != 0, where, f"step {do}: n may not be 0")
    zone = source = ""
    for key in ("from", "into"):
        if key in raw:
            ref = parse_zone_ref(raw[key], f"{where}: step {do}", zones)
            if do == "move" and key == "from":
                source = ref
            else:
                zone = ref
    if do in ("new_lis", "move"):
        require(bool(zone), where, f"step {do} needs 'into' (a zone)")
    require(do != "move" or "n" not in raw or bool(source), where, "step move takes n only with 'from'")
    return Step(do, n, zone, source)


def parse_zone_ref(raw: object, where: str, zones: Mapping[str, bool]) -> str:
    """A zone named by an effect: an unowned zone (``warp``), or an owned one, always the card owner's
    (``discard`` and ``your discard`` mean the same); ``your <unowned>`` asks for an owned instance.

    A name no file lists is a zone the effect creates when first needed (almanac, Zones), unowned
    unless the effect says "your"; it must be a plain name (lower-case words joined by '-')."""
    require(isinstance(raw, str) and raw.strip(), where, f"a zone must be named, not {raw!r}")
    assert isinstance(raw, str)
    words = raw.strip().lower().split()
    yours = words[0] == "your"
    name = " ".join(words[1:] if yours else words)
    if name not in zones:
        require(
            bool(ZONE_NAME.match(name)) and name not in NOT_ZONES,
            where,
            f"{name!r} cannot name a zone: use lower-case words joined by '-' (zones: {', '.join(sorted(zones))})",
        )
        return f"your {name}" if yours else name
    return f"your {name}" if (yours or zones[name]) else name


def parse_rule(raw: object, where: str, zones: Mapping[str, bool]) -> RuleMod:
    require(isinstance(raw, dict), where, f"a rule change must be a table, not {raw!r}")
    assert isinstance(raw, dict)
    rule = _one_of(raw.get("rule"), tuple(RULES), where, "'rule'")
    ops = [op for op in RULES[rule] if op in raw]
    require(len(ops) == 1, where, f"rule {rule} takes exactly one of {', '.join(RULES[rule])}")
    op = ops[0]
    extra = set(raw) - {"rule", op, "scope"}
    require(not extra, where, f"rule {rule} does not take {', '.join(sorted(extra))}")
    value: int | bool | str
    if rule in BOOL_RULES:
        require(isinstance(raw[op], bool), where, f"rule {rule} is set to true or false")
        value = bool(raw[op])
    elif op in ("allow", "zone"):
        value = parse_zone_ref(raw[op], where, zones)
    else:
        value = get_int(raw, op, f"{where}: rule {rule}", -10 if op == "add" else 0, 12)
    scope = "self"
    if "scope" in raw:
        require(rule == "value", where, "only the value rule takes a scope")
        scope = _one_of(raw["scope"], VALUE_SCOPES, where, "'scope'")
    return RuleMod(rule, op, value, scope)


def parse_effect(raw: object, where: str, zones: Mapping[str, bool], *, scenario: bool = False) -> Effect:
    """One effect table, checked for consistency.

    ``scenario``: the card is placed by setup (Mission, Act, Challenge), so it has no owner: it may not
    say "you", and it cannot be a triggered choice.
    """
    require(isinstance(raw, dict), where, f"an effect must be a table, not {raw!r}")
    assert isinstance(raw, dict)
    known = {"style", "when", "who", "cost", "if", "steps", "rules", "lasting", "label"}
    extra = set(raw) - known
    require(not extra, where, f"unknown field(s) {', '.join(sorted(extra))}; an effect has {', '.join(sorted(known))}")
    style = _one_of(raw.get("style"), STYLES, where, "'style'")
    when = raw.get("when", "")
    if when:
        when = _one_of(when, TRIGGERS, where, "'when'")
    who = _one_of(raw.get("who", "each_player" if scenario else "you"), WHO, where, "'who'")
    cost_raw = raw.get("cost", {})
    require(isinstance(cost_raw, dict), where, "'cost' must be a table like { glory = 1 }")
    cost = tuple((_one_of(k, COSTS, where, "a cost"), get_int(cost_raw, k, where, 1, 5)) for k in sorted(cost_raw))
    conditions = tuple(_one_of(c, CONDITIONS, where, "a condition") for c in get_list(raw, "if", where, []))
    steps = tuple(parse_step(s, where, zones) for s in get_list(raw, "steps", where, []))
    rules = tuple(parse_rule(r, where, zones) for r in get_list(raw, "rules", where, []))
    lasting = raw.get("lasting", "")
    if lasting:
        lasting = _one_of(lasting, ("challenge", "act"), where, "'lasting'")
    label = get_str(raw, "label", where, "x") if "label" in raw else ""
    effect = Effect(style, when, who, cost, conditions, steps, rules, lasting, label)
    _check_shape(effect, where, scenario)
    return effect


def _check_shape(e: Effect, where: str, scenario: bool) -> None:
    """The combinations that make sense (a constant effect has no moment; a cost needs a choice...)."""
    if e.style == "constant":
        require(not e.cost and not e.lasting, where, "a constant effect has no cost and no 'lasting'")
        require(
            e.who in (*SINGLE_WHO, "each_player"),
            where,
            f"a constant effect applies to one of {', '.join(SINGLE_WHO)}, each_player",
        )
        if e.when == "boon":
            require(bool(e.steps) and not e.rules, where, "a Boon outcome lists steps")
            require(bool(e.label), where, "a Boon outcome needs a 'label' (its name in menus)")
        else:
            require(not e.when, where, "a constant effect has no 'when' (it applies while in play)")
            require(bool(e.rules) and not e.steps, where, "a constant effect changes rules and takes no steps")
    else:
        require(bool(e.when) and e.when != "boon", where, f"a {e.style} effect needs a 'when' (not boon)")
        require(bool(e.steps or e.rules), where, "the effect does nothing: give it steps or rules")
        require(not e.rules or bool(e.lasting), where, "rules changed by a required or triggered effect need 'lasting'")
    if e.when in PLAYER_TRIGGERS:
        require(e.style == "required", where, "a draw trigger is a required effect (it fires by itself)")
        require(
            not any(s.do in ("draw", "refill") for s in e.steps),
            where,
            "a draw trigger may not draw itself (it would fire again after its own draw)",
        )
    if any(r.rule == "hold" for r in e.rules):
        require(
            e.style != "constant" and e.lasting == "challenge",
            where,
            "a hold is set by a required or triggered effect for the Challenge (lasting = challenge)",
        )
    if e.style == "triggered":
        require(e.when in WINDOWS, where, f"a triggered effect is used in a window: {', '.join(WINDOWS)}")
        require(e.who == "you", where, "a triggered effect is used by its owner (who = you)")
    else:
        require(not e.cost, where, "only triggered effects have a cost")
    shifts = [s for s in e.steps if s.do == "shift"]
    require(len(shifts) <= 1, where, "at most one shift step per effect")
    require(not shifts or e.style == "triggered", where, "a shift is a choice: only triggered effects shift")
    if any(s.do in TEAM_STEPS for s in e.steps):
        require(e.who in SINGLE_WHO, where, f"a team step (morale, extra_success) needs one of {', '.join(SINGLE_WHO)}")
    if any(s.do == "extra_success" for s in e.steps):
        require(e.when in ("success", "failure"), where, "extra_success belongs to a result")
    if any(c in ("target_met", "target_missed") for c in e.conditions):
        require(e.when in ("pre_resolution", "pre_cleanup"), where, "target conditions need a confrontation")
    if scenario:
        require(e.style != "triggered", where, "scenario cards have no owner to trigger their effects")
        require(e.who != "you", where, "scenario cards have no owner: single players out instead of 'you'")
        require(e.when != "confront", where, "scenario cards never confront")
        require(e.when not in PLAYER_TRIGGERS, where, "scenario cards have no owner whose draws they watch")
        require(not any(r.rule == "value" and r.scope == "self" for r in e.rules), where, "a value change needs scope")


def parse_keyword(raw: object, where: str) -> tuple[str, int]:
    """``"Energy 2"`` -> ("energy", 2); ``"Warp"`` -> ("warp", 0)."""
    require(isinstance(raw, str) and raw.strip(), where, f"a keyword must be a text like 'Energy 2', not {raw!r}")
    assert isinstance(raw, str)
    words = raw.strip().split()
    name = words[0].lower().rstrip(":")
    if name == "lessons":
        name = "lesson"
    require(
        name in KEYWORDS,
        where,
        f"unknown keyword {words[0]!r}; keywords: {', '.join(k.capitalize() for k in KEYWORDS)}",
    )
    numbered = KEYWORDS[name]
    if numbered:
        require(
            len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= 6,
            where,
            f"{name.capitalize()} needs a number 1-6",
        )
        return name, int(words[1])
    if name == "lesson" and len(words) == 2 and words[1].isdigit():
        return name, int(words[1])
    require(len(words) == 1, where, f"{name.capitalize()} takes no number")
    return name, 1 if name == "lesson" else 0


def keyword_effects(name: str, n: int, project: tuple[Step, ...] = ()) -> list[Effect]:
    """The effects a keyword stands for (flags like Warp add none: the rules check them directly)."""
    if name == "energy":
        return [Effect("required", "confront", steps=(Step("energy", n),), keyword=name)]
    if name == "glory":
        return [Effect("required", "success", steps=(Step("glory", n),), keyword=name)]
    if name == "lesson":
        return [Effect("required", "failure", steps=(Step("learn", n),), keyword=name)]
    if name == "sensors":
        return [Effect("required", "confront", steps=(Step("sensors", n),), keyword=name)]
    if name == "shift":
        return [Effect("triggered", "pre_resolution", steps=(Step("shift", n),), keyword=name)]
    if name == "adrenaline":
        return [Effect("constant", conditions=("morale_low",), rules=(RuleMod("value", "add", n),), keyword=name)]
    if name == "project" and project:
        return [Effect("required", "complete", steps=project, keyword=name)]
    return []


def as_table(effect: Effect) -> dict[str, Any]:
    """An effect back as the TOML table it came from (round-trip tests, the card reference)."""
    out: dict[str, Any] = {"style": effect.style}
    if effect.when:
        out["when"] = effect.when
    out["who"] = effect.who
    if effect.cost:
        out["cost"] = dict(effect.cost)
    if effect.conditions:
        out["if"] = list(effect.conditions)
    if effect.steps:
        out["steps"] = [_step_table(s) for s in effect.steps]
    if effect.rules:
        out["rules"] = [_rule_table(r) for r in effect.rules]
    if effect.lasting:
        out["lasting"] = effect.lasting
    if effect.label:
        out["label"] = effect.label
    return out


def _step_table(step: Step) -> dict[str, Any]:
    table: dict[str, Any] = {"do": step.do}
    if "n" in STEP_ARGS[step.do] and (step.do != "move" or step.source):
        table["n"] = step.n
    if step.source:
        table["from"] = step.source
    if step.zone:
        table["into" if step.do in ("new_lis", "move") else "from"] = step.zone
    return table


def _rule_table(rule: RuleMod) -> dict[str, Any]:
    table: dict[str, Any] = {"rule": rule.rule, rule.op: rule.value}
    if rule.rule == "value":
        table["scope"] = rule.scope
    return table


__all__ = [
    "CARD_TRIGGERS",
    "CONDITIONS",
    "COSTS",
    "KEYWORDS",
    "PHASE_TRIGGERS",
    "PLAYER_TRIGGERS",
    "RULES",
    "STEP_ARGS",
    "STYLES",
    "WHO",
    "WINDOWS",
    "Amount",
    "ContentError",
    "Effect",
    "RuleMod",
    "Step",
    "as_table",
    "keyword_effects",
    "parse_amount",
    "parse_effect",
    "parse_keyword",
    "parse_step",
]
