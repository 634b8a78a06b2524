"""Whether a seat may take an action now, decided by reading the state only (the cost rule of
rules/core/game.py): no copy, no change, no dice. ``Starcadia.perform`` begins with :func:`check`, so
what ``legal()`` offers and what ``apply`` accepts are one definition.

The check follows ``perform``'s order: free standing choices, the phases between scenarios, the draft and
the shuttles, a decision in the middle of play, a Payback, the active player's event card, then the turn
itself (rest, end, and a hero's move, attack or gadget, each planned without rolling anything).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core import Action, RuleError

from . import control as X
from . import engine as E
from .content import CONTENT
from .state import HeroState, StarState

ACTION_TYPES = (
    "pick",
    "claim",
    "gear",
    "prefs",
    "move",
    "attack",
    "use",
    "end",
    "rest",
    "keep",
    "take",
    "outfit",
    "route",
    "event",
    "payback",
    "guard",
    "monster",
    "shove",
    "defend",
    "place",
)
PHASE_ACTIONS = {"updraft": "keep", "upgrade": "take", "outfit": "outfit", "route": "route"}
ANSWERS = ("guard", "monster", "shove", "defend", "place")


def hero_arg(state: StarState, action: Mapping, key: str = "hero") -> HeroState:
    ref = action.get(key)
    if not isinstance(ref, str) or not ref.strip() or len(ref) > 40:
        raise RuleError("Say which hero.")
    h = E.find_hero(state, ref.strip().lower())
    if h is None:
        raise RuleError(f"There is no hero called '{ref[:30]}' in this game.")
    return h


def own_hero(state: StarState, seat: int, action: Mapping) -> HeroState:
    h = hero_arg(state, action)
    if h.seat != seat:
        raise RuleError(f"{E.hero_name(h)} is not in your crew.")
    return h


def check(state: StarState, seat: int | None, action: Action, waiting: Callable[[], set[int]]) -> None:
    """Raise :class:`RuleError` when ``seat`` may not take ``action`` now; ``waiting()``: the seats prompted."""
    kind = action.get("type")
    if kind not in ACTION_TYPES:
        raise RuleError(f"Unknown action. Actions: {', '.join(ACTION_TYPES)}.")
    if seat is None:
        raise RuleError("Only a player can act here.")
    if kind == "prefs":
        own_hero(state, seat, action)
        return
    if kind == "gear":
        if state.phase not in ("draft", "shuttle"):
            raise RuleError("Outside setup, upgrades move between heroes only when the crew rests.")
        own_hero(state, seat, action)
        if len(state.crews[seat].heroes) != 2:
            raise RuleError("Pick both heroes first.")
        return
    if state.phase in PHASE_ACTIONS:
        want = PHASE_ACTIONS[state.phase]
        if kind != want:
            raise RuleError(f"Between scenarios now; use {want}.")
        if seat not in waiting():
            raise RuleError("Nothing is waiting for you right now.")
        return
    if kind in PHASE_ACTIONS.values():
        raise RuleError("That is only possible between scenarios.")
    if state.phase == "draft":
        if kind != "pick":
            raise RuleError("Heroes are being chosen; use pick.")
        if seat != state.order[state.order_pos]:
            raise RuleError("It is not your pick.")
        return
    if state.phase == "shuttle":
        if kind != "claim":
            raise RuleError("Shuttle slots are being claimed; use claim (or gear to reorganise).")
        if seat != state.order[state.order_pos]:
            raise RuleError("It is not your turn to claim a shuttle slot.")
        return
    if kind in ("pick", "claim"):
        raise RuleError("Setup is over.")
    if state.wait is not None:
        X.check_answer(state, seat, action)
        return
    if kind in ANSWERS:
        raise RuleError("Nothing is waiting for that decision.")
    if state.payback is not None:
        if kind != "payback" or seat != state.payback.seat:
            raise RuleError("A monster's Payback is waiting for the player to the right.")
        E.check_payback(state, dict(action))
        return
    if kind == "payback":
        raise RuleError("No Payback is waiting.")
    if seat != state.current:
        raise RuleError("It is not your turn.")
    if state.pending_event:
        if kind != "event":
            raise RuleError("Resolve the event card first (event ...).")
        E.check_event(state, dict(action))
        return
    if kind == "event":
        raise RuleError("There is no event card waiting for your choices.")
    _check_turn(state, seat, action)


def _check_turn(state: StarState, seat: int, action: Action) -> None:
    """Rest, end, or one hero's move, attack or gadget on the active player's turn."""
    kind = action["type"]
    if kind == "rest":
        if state.act.hero:
            raise RuleError("You already activated a hero this turn; you cannot rest too.")
        return
    if kind == "end":
        if not state.act.hero:
            raise RuleError("Activate a hero first (move, attack or use a gadget), or rest.")
        return
    h = own_hero(state, seat, action)
    if h.dead or not h.pos:
        raise RuleError(f"{E.hero_name(h)} is dead; rest to bring them back.")
    if state.act.hero and state.act.hero != h.id:
        raise RuleError(f"You already activated {CONTENT.heroes[state.act.hero].name} this turn.")
    mine = state.act.hero == h.id
    if kind == "move":
        if mine and state.act.sealed:
            raise RuleError(
                "This hero attacked after moving: its movement is one unbroken block and is over (use a gadget or end)."
            )
        if mine and state.act.moved and state.act.mp <= 0:
            raise RuleError("This hero has no movement points left this activation.")
        mp = state.act.mp if mine else E.BASE_MP + E.ability(h, "extra_mp")
        E.plan_path(state, h, action.get("path"), mp)
    elif kind == "attack":
        if mine and state.act.attacked:
            raise RuleError("This hero already attacked this activation.")
        E.plan_attack(state, h, dict(action))
    else:
        E.check_gadget(state, h, dict(action))
