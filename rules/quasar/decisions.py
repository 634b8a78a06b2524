"""Players' decisions: who must decide now, what they may do, the checks and what each choice does.

Several players may decide at once: every player picks a Rank Card in secret, every player commits
to the Confrontation in secret, Boons granted together are chosen together, and every player refits
in the Ship Phase. Other decisions belong to one player at a time (a window in Rank order, a Draw
with a choice of zones, a discard, paying a Demand, ordering a split effect).

Each action type has a read-only ``check`` (the same one ``legal`` filters candidates with) that raises
:class:`RuleError` with a sentence the player understands, and a ``perform`` that begins with it.
Actions name hand cards by position (``commit 2``) and Rank Cards by their place among yours
(``rank 1``), so nothing a player types in public shows a hidden card before it is revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

from rules.core import Action, Prompt, RuleError, Turn

from .content import LIS, content
from .flow import advance, discard_from_hand, finish_draw, window_seat
from .layers import can_shift, hand_size, value_of
from .options import (
    DrawRef,
    boon_outcomes,
    commit_problem,
    demand_means,
    draw_card,
    draw_choices,
    plain_commits,
    refit_options,
    required_cards,
    shift_targets,
    usable,
    zone_word,
)
from .rank import rank_order
from .state import Mod, QuasarState, Task, owned_key
from .steps import drop_project, personal_steps, push, seat_name, start_project, take
from .targets import target_text
from .text import PHASE_NAMES, card_label, name_of, plural
from .zones import active_projects, cards_in, drawable, hand, move, to_box

Check = Callable[[QuasarState, int, Action, Task], Any]


def boon_run(state: QuasarState) -> list[tuple[int, int]]:
    """(seat, task index) of the Boons waiting at the head of the queue, one per player."""
    out: list[tuple[int, int]] = []
    for index, task in enumerate(state.tasks):
        if task.kind != "boon":
            break
        if all(seat != task.player for seat, _ in out):
            out.append((task.player, index))
    return out


def waiting(state: QuasarState) -> list[tuple[int, Task]]:
    """Every (seat, task) that needs a decision now."""
    if state.result or not state.tasks:
        return []
    task = state.tasks[0]
    kind = task.kind
    n = len(state.seats)
    if kind == "rank":
        return [(s, task) for s in range(n) if not state.picked[s]]
    if kind == "commit":
        return [(s, task) for s in range(n) if not state.committed[s]]
    if kind == "window":
        return [(window_seat(state, task), task)]
    if kind == "boon":
        return [(seat, state.tasks[i]) for seat, i in boon_run(state)]
    if kind == "demand":
        return [(rank_order(state)[task.data[0]], task)]
    if kind == "refit":
        return [(s, task) for s in range(n) if not task.data[s]]
    if kind in ("draw", "trim", "discard", "scan", "order", "drop"):
        return [(task.player, task)]
    return []


def task_for(state: QuasarState, seat: int) -> Task | None:
    return next((t for s, t in waiting(state) if s == seat), None)


# -- prompts -----------------------------------------------------------------------------------------------


def prompt_for(state: QuasarState, seat: int, task: Task) -> Prompt:
    kind = task.kind
    if kind == "rank":
        return Prompt(
            seat=seat,
            kind="setup",
            text=f"Act {state.act}: pick your Rank Card in secret (all are shown once everyone has picked).",
            default={"type": "rank", "rank": min(rank_values(state, seat), default=1)},
        )
    if kind == "commit":
        key = state.cards[state.challenge].key
        need = required_cards(state)
        what = "a card" if need == 1 else f"{need} cards"
        return Prompt(
            seat=seat,
            kind="choice",
            text=f"{name_of(key)} ({target_text(state, key)}): commit {what} in secret.",
            default={"type": "stall"},
        )
    if kind == "window":
        return Prompt(
            seat=seat,
            kind="reaction",
            text=f"{PHASE_NAMES[task.text]}: use a card effect, or pass.",
            default={"type": "pass"},
        )
    if kind == "boon":
        why = f" ({task.text})" if task.text else ""
        return Prompt(
            seat=seat, kind="choice", text=f"Choose your Boon{why}.", default={"type": "boon", "outcome": "glory"}
        )
    if kind == "draw":
        choices = draw_choices(state, task)
        return Prompt(
            seat=seat,
            kind="choice",
            text=f"Draw {plural(task.n, 'more card')}: choose where from, card by card.",
            default=draw_action(choices[0]) if choices else {"type": "draw", "from": "deck"},
        )
    if kind in ("trim", "discard"):
        ids = hand(state, seat)
        text = (
            f"Discard down to your Hand Size ({hand_size(state, seat)})."
            if kind == "trim"
            else f"Discard a card ({task.text})."
        )
        return Prompt(
            seat=seat, kind="choice", text=text, default={"type": "discard", "card": state.cards[ids[-1]].key}
        )
    if kind == "demand":
        return Prompt(
            seat=seat,
            kind="choice",
            text=f"Demand: {task.n} left to pay. Pay with a card from your hand or with Energy, or pass.",
            default={"type": "pass"},
        )
    if kind == "scan":
        first = cards_in(state, "scan")[0]
        return Prompt(
            seat=seat,
            kind="choice",
            text="Sensors: choose the Challenge that goes into the Sensors Zone (it comes up next).",
            default={"type": "scan", "card": state.cards[first].key},
        )
    if kind == "order":
        names = ", ".join(seat_name(state, p) for p in task.data)
        return Prompt(
            seat=seat,
            kind="choice",
            text=f"The order matters for {name_of_src(state, task)}{f': {task.text}' if task.text else ''}. "
            f"Choose who goes first ({names}).",
            default={"type": "order", "seats": [p + 1 for p in task.data]},
        )
    if kind == "refit":
        return Prompt(
            seat=seat,
            kind="choice",
            text=f"Ship Phase: spend your Lessons ({state.lessons[seat]}) on your deck, then say ready.",
            default={"type": "ready"},
        )
    if kind == "drop":
        return Prompt(
            seat=seat,
            kind="choice",
            text="Choose which Active Project to discard.",
            default={"type": "drop", "slot": 1},
        )
    raise ValueError(kind)


def name_of_src(state: QuasarState, task: Task) -> str:
    if task.card:
        return name_of(state.cards[task.card].key)
    return "the Cleanup draw"


def prompts(state: QuasarState) -> list[Prompt]:
    return [prompt_for(state, seat, task) for seat, task in waiting(state)]


def draw_action(choice: tuple[str, DrawRef]) -> Action:
    """A draw choice as an action: a card the drawer can see by its key, one they cannot by its place."""
    source, ref = choice
    action: Action = {"type": "draw", "from": zone_word(source)}
    if isinstance(ref, int):
        action["slot"] = ref
    elif ref is not None:
        action["card"] = ref
    return action


# -- candidates --------------------------------------------------------------------------------------------


def candidates(state: QuasarState, seat: int) -> list[Action]:
    task = task_for(state, seat)
    return [] if task is None else listed(state, seat, task)


def listed(state: QuasarState, seat: int, task: Task) -> list[Action]:
    """The candidates for ``seat``'s decision ``task``."""
    kind = task.kind
    if kind == "rank":
        return [{"type": "rank", "rank": v} for v in sorted(rank_values(state, seat))]
    if kind == "commit":
        return [{"type": "commit", "cards": c} for c in plain_commits(state, seat)] + [{"type": "stall"}]
    if kind == "window":
        return [*use_candidates(state, seat, task.text), {"type": "pass"}]
    if kind == "boon":
        return [{"type": "boon", "outcome": o.key} for o in boon_outcomes(state, seat)]
    if kind == "draw":
        out = []
        for choice in draw_choices(state, task):
            out.append(draw_action(choice))
            rest = min(task.n, len(drawable(state, choice[0])))
            if choice[1] is None and rest > 1:
                out.append({**draw_action(choice), "count": rest})
        return out
    if kind in ("trim", "discard"):
        keys = dict.fromkeys(state.cards[c].key for c in hand(state, seat))
        return [{"type": "discard", "card": k} for k in keys]
    if kind == "demand":
        return [*({"type": "pay", "with": m} for m in demand_means(state, seat)), {"type": "pass"}]
    if kind == "scan":
        keys = [state.cards[c].key for c in cards_in(state, "scan")]
        out: list[Action] = []
        for keep in keys:
            rest = [k for k in keys if k != keep]
            orders = list(dict.fromkeys(permutations(rest)))
            if len(orders) <= 1:
                out.append({"type": "scan", "card": keep})
            else:
                out += [{"type": "scan", "card": keep, "order": list(o)} for o in orders]
        return out
    if kind == "order":
        return [{"type": "order", "seats": [p + 1 for p in o]} for o in permutations(task.data)]
    if kind == "refit":
        out = []
        for what, key, word in refit_options(state, seat):
            out.append(
                {"type": "remove", "card": key, "from": word} if what == "remove" else {"type": "gain", "card": key}
            )
        return [*out, {"type": "ready"}]
    if kind == "drop":
        return [{"type": "drop", "slot": i + 1} for i in range(len(active_projects(state, seat)))]
    return []


def use_candidates(state: QuasarState, seat: int, phase: str) -> list[Action]:
    out: list[Action] = []
    found = usable(state, seat, phase)
    for a in found:
        base: Action = {"type": "use", "card": a.key}
        if sum(1 for b in found if b.key == a.key and b.index != a.index):
            base["effect"] = a.index + 1
        shift = a.effect.shift
        if not shift:
            if base not in out:
                out.append(base)
            continue
        for target in dict.fromkeys(state.cards[c].key for c in shift_targets(state)):
            for amount in [*range(shift, 0, -1), *range(-1, -shift - 1, -1)]:
                action = {**base, "target": target, "amount": amount}
                if action not in out:
                    out.append(action)
    return out


# -- checks --------------------------------------------------------------------------------------------------

ACTION_KINDS = {
    "rank": ("rank",),
    "commit": ("commit",),
    "stall": ("commit",),
    "use": ("window",),
    "pass": ("window", "demand"),
    "boon": ("boon",),
    "draw": ("draw",),
    "discard": ("trim", "discard"),
    "pay": ("demand",),
    "scan": ("scan",),
    "order": ("order",),
    "remove": ("refit",),
    "gain": ("refit",),
    "ready": ("refit",),
    "drop": ("drop",),
}


def require_task(state: QuasarState, seat: int, action: Action) -> Task:
    """The decision ``seat`` answers with ``action``, or a refusal that says what is awaited."""
    kind = action.get("type")
    if kind not in ACTION_KINDS:
        known = ", ".join(sorted(ACTION_KINDS))
        raise RuleError(f"There is no action '{str(kind)[:20]}' in Quasar Search. Actions: {known}.")
    task = task_for(state, seat)
    if task is None:
        who = waiting(state)
        if kind == "rank" and state.tasks and state.tasks[0].kind == "rank":
            raise RuleError("You already picked your Rank Card: it is shown when everyone has picked.")
        if kind in ("commit", "stall") and state.tasks and state.tasks[0].kind == "commit":
            raise RuleError("You have already committed: the cards are revealed when everyone has committed.")
        names = ", ".join(dict.fromkeys(seat_name(state, s) for s, _ in who)) or "nobody"
        raise RuleError(f"It is not your decision now: waiting for {names}.")
    if task.kind not in ACTION_KINDS[kind]:
        raise RuleError(f"Not now: {prompt_for(state, seat, task).text}")
    return task


def _int(action: Action, key: str, what: str) -> int:
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).lstrip("+-").isdigit():
        raise RuleError(f"Give {what} as a whole number.")
    return int(value)


def _key(action: Action, key: str, what: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"Say which {what}.")
    return value.strip().lower()


def _names(keys: list[str]) -> str:
    shown = [f"{name_of(k)} ({k})" for k in dict.fromkeys(keys)]
    return ", ".join(shown) or "none"


def rank_values(state: QuasarState, seat: int) -> list[int]:
    """The Rank values of ``seat``'s unused Rank Cards, in their (shuffled) order; 0 for a card hidden
    in a view."""
    cards = content().cards
    return [cards[k].rank if (k := state.cards[c].key) else 0 for c in cards_in(state, owned_key("ranks", seat))]


def check_rank(state: QuasarState, seat: int, action: Action, task: Task) -> int:
    """The place of the picked Rank Card among the unused ones. A pick names the card by its Rank value
    (``rank 4``), as ``/quasar hand`` lists it; records from before name its place (``slot``)."""
    values = rank_values(state, seat)
    if "slot" in action and "rank" not in action:
        slot = _int(action, "slot", "the Rank Card's place")
        count = len(values)
        if not 1 <= slot <= count:
            raise RuleError(f"You have {plural(count, 'unused Rank Card')}: choose 1 to {count}.")
        return slot
    wanted = _int(action, "rank", "the Rank Card's value")
    if wanted not in values:
        shown = sorted(v for v in values if v)
        choose = ", ".join(str(v) for v in shown[:-1]) + (" or " if len(shown) > 1 else "") + str(shown[-1])
        raise RuleError(f"You have no unused Rank Card {wanted}: choose {choose}, as /quasar hand lists them.")
    return values.index(wanted) + 1


def check_commit(state: QuasarState, seat: int, action: Action, task: Task) -> list[int]:
    raw = action.get("cards")
    if not isinstance(raw, list) or not raw:
        raise RuleError("Say which cards of your hand to commit, by position (e.g. commit 2).")
    slots = [_int({"v": v}, "v", "a card's position in your hand") for v in raw]
    problem = commit_problem(state, seat, slots)
    if problem:
        raise RuleError(problem)
    return sorted(slots)


def check_stall(state: QuasarState, seat: int, action: Action, task: Task) -> None:
    return None


def check_use(state: QuasarState, seat: int, action: Action, task: Task) -> tuple[Any, str | None, int]:
    return check_use_of(state, action, usable(state, seat, task.text))


def check_use_of(state: QuasarState, action: Action, found: list[Any]) -> tuple[Any, str | None, int]:
    """:func:`check_use` given the effects usable now (``legal()`` finds them once for every candidate)."""
    key = _key(action, "card", "card")
    matching = [a for a in found if a.key == key]
    if not matching:
        raise RuleError(f"No effect of '{key[:30]}' can be used now. Usable: {_names([a.key for a in found])}.")
    if "effect" in action:
        index = _int(action, "effect", "the effect's number") - 1
        matching = [a for a in matching if a.index == index]
        if not matching:
            raise RuleError(f"{name_of(key)} has no usable effect number {index + 1} now.")
    chosen = matching[0]
    shift = chosen.effect.shift
    if not shift:
        if "target" in action or "amount" in action:
            raise RuleError(f"{name_of(key)} does not Shift: use it without a target.")
        return chosen, None, 0
    target = _key(action, "target", "confronting card to Shift")
    targets = [c for c in shift_targets(state) if state.cards[c].key == target]
    if not targets:
        if any(state.cards[c].key == target for c in cards_in(state, "confront")) and target == LIS:
            raise RuleError("A Lost in Space has no value: it can never be Shifted.")
        options = [state.cards[c].key for c in shift_targets(state)]
        raise RuleError(f"'{target[:30]}' is not confronting. Confronting cards you may Shift: {_names(options)}.")
    amount = _int(action, "amount", "the Shift")
    if amount == 0 or abs(amount) > shift:
        raise RuleError(f"{name_of(key)} shifts by 1 to {shift}, up or down (e.g. +{shift} or -1).")
    value = value_of(state, targets[0])
    if value is not None and value + amount < 0:
        raise RuleError(f"{name_of(target)} is worth {value}: a Shift cannot take it below 0.")
    return chosen, targets[0], amount


def check_pass(state: QuasarState, seat: int, action: Action, task: Task) -> None:
    return None


def check_boon(state: QuasarState, seat: int, action: Action, task: Task) -> Any:
    wanted = _key(action, "outcome", "Boon outcome")
    outcomes = boon_outcomes(state, seat)
    for o in outcomes:
        if wanted == o.key:
            return o
    if wanted == "project":
        raise RuleError("Your Deck is empty: there is no card to start a Project with.")
    raise RuleError(f"'{wanted[:30]}' is not a Boon you can choose. Choose: {', '.join(o.key for o in outcomes)}.")


def check_draw(state: QuasarState, seat: int, action: Action, task: Task) -> tuple[str, str, int]:
    word = _key(action, "from", "zone to draw from")
    choices = draw_choices(state, task)
    sources = {zone_word(s): s for s, _ in choices}
    if word not in sources:
        shown = ", ".join(dict.fromkeys(zone_word(s) for s, _ in choices))
        raise RuleError(f"You cannot draw from '{word[:20]}' now. Draw from: {shown}.")
    source = sources[word]
    refs = [r for s, r in choices if s == source and r is not None]
    if not refs:
        if "card" in action or "slot" in action:
            raise RuleError(f"The {word} is drawn from the top: do not name a card.")
        count = _int(action, "count", "how many cards") if "count" in action else 1
        most = min(task.n, len(drawable(state, source)))
        if not 1 <= count <= most:
            raise RuleError(f"Draw 1 to {plural(most, 'card')} from the {word} now.")
        return source, drawable(state, source)[0], count
    if "count" in action:
        raise RuleError(f"Cards of the {word} are drawn one at a time: name the card.")
    keys = [r for r in refs if isinstance(r, str)]
    slots = [r for r in refs if isinstance(r, int)]
    if "slot" in action:
        if "card" in action:
            raise RuleError("Name the card or give its place, not both.")
        slot = _int(action, "slot", "the face-down card's place")
        if slot not in slots:
            many = len(slots)
            there = f"choose 1 to {many}" if many else "there is none"
            raise RuleError(f"The {word} has {plural(many, 'card')} you cannot see: {there}.")
        return source, draw_card(state, task, source, slot), 1
    if not keys:
        raise RuleError(f"The cards of the {word} you may draw are face-down: give a place (slot) instead.")
    key = _key(action, "card", f"card of the {word}")
    if key not in keys:
        hidden = f" (and {len(slots)} face-down, by place)" if slots else ""
        raise RuleError(f"There is no '{key[:30]}' in the {word}. There: {_names(keys)}{hidden}.")
    return source, draw_card(state, task, source, key), 1


def check_discard(state: QuasarState, seat: int, action: Action, task: Task) -> str:
    key = _key(action, "card", "card to discard")
    ids = hand(state, seat)
    found = next((c for c in reversed(ids) if state.cards[c].key == key), None)
    if found is None:
        raise RuleError(f"You hold no '{key[:30]}'. Your hand: {_names([state.cards[c].key for c in ids])}.")
    return found


def check_pay(state: QuasarState, seat: int, action: Action, task: Task) -> str | None:
    key = _key(action, "with", "card or energy")
    if key == "energy":
        if state.energy <= 0:
            raise RuleError("The Energy Zone is empty: pay with a card from your hand, or pass.")
        return None
    return check_discard(state, seat, {"card": key}, task)


def check_scan(state: QuasarState, seat: int, action: Action, task: Task) -> tuple[str, list[str]]:
    key = _key(action, "card", "Challenge for the Sensors Zone")
    ids = cards_in(state, "scan")
    keys = [state.cards[c].key for c in ids]
    if key not in keys:
        raise RuleError(f"'{key[:30]}' is not among the Challenges your sensors show: {_names(keys)}.")
    chosen = ids[keys.index(key)]
    rest = [c for c in ids if c != chosen]
    if "order" in action:
        order = action["order"]
        if not isinstance(order, list) or sorted(str(k).lower() for k in order) != sorted(
            state.cards[c].key for c in rest
        ):
            raise RuleError(f"Give the order of the others: {_names([state.cards[c].key for c in rest])}.")
        by_key = {state.cards[c].key: c for c in rest}
        rest = [by_key[str(k).lower()] for k in order]
    return chosen, rest


def check_order(state: QuasarState, seat: int, action: Action, task: Task) -> list[int]:
    raw = action.get("seats")
    if not isinstance(raw, list):
        raise RuleError("List the players in order, by seat number.")
    seats = [_int({"v": v}, "v", "a seat number") - 1 for v in raw]
    if sorted(seats) != sorted(task.data):
        names = ", ".join(f"{p + 1} {seat_name(state, p)}" for p in task.data)
        raise RuleError(f"Put each of these players in order once: {names}.")
    return seats


def check_remove(state: QuasarState, seat: int, action: Action, task: Task) -> str:
    key = _key(action, "card", "card to remove")
    word = _key(action, "from", "zone (hand or discard)")
    cost = content().tuning.remove_cost
    if state.lessons[seat] < cost:
        raise RuleError(f"Removing a card costs {cost} Lesson; you have {state.lessons[seat]}.")
    if word not in ("hand", "discard"):
        raise RuleError("Remove a card from your hand or your discard.")
    ids = cards_in(state, owned_key(word, seat))
    found = next((c for c in ids if state.cards[c].key == key), None)
    if found is None:
        raise RuleError(f"There is no '{key[:30]}' in your {word}. There: {_names([state.cards[c].key for c in ids])}.")
    return found


def check_gain(state: QuasarState, seat: int, action: Action, task: Task) -> str:
    key = _key(action, "card", "reserve card")
    cost = content().tuning.gain_cost
    if state.lessons[seat] < cost:
        raise RuleError(f"A Faction Reserve card costs {cost} Lessons; you have {state.lessons[seat]}.")
    ids = cards_in(state, owned_key("reserve", seat))
    found = next((c for c in ids if state.cards[c].key == key), None)
    if found is None:
        raise RuleError(
            f"Your Faction Reserve has no '{key[:30]}'. It holds: {_names([state.cards[c].key for c in ids])}."
        )
    return found


def check_ready(state: QuasarState, seat: int, action: Action, task: Task) -> None:
    return None


def check_drop(state: QuasarState, seat: int, action: Action, task: Task) -> str:
    found = active_projects(state, seat)
    slot = _int(action, "slot", "the Project's number")
    if not 1 <= slot <= len(found):
        raise RuleError(f"You have {len(found)} Active Projects: choose 1 to {len(found)}.")
    return found[slot - 1]


CHECKS: dict[str, Check] = {
    "rank": check_rank,
    "commit": check_commit,
    "stall": check_stall,
    "use": check_use,
    "pass": check_pass,
    "boon": check_boon,
    "draw": check_draw,
    "discard": check_discard,
    "pay": check_pay,
    "scan": check_scan,
    "order": check_order,
    "remove": check_remove,
    "gain": check_gain,
    "ready": check_ready,
    "drop": check_drop,
}


LISTED_AS_CHECKED = frozenset({"rank", "commit", "boon"})
"""Decisions whose candidates :func:`check` always accepts: they are built from the very facts it reads
(the picker's Rank values; ``required`` distinct hand positions, never more normal cards than allowed;
the Boon outcomes on offer), so ``legal()`` lists them without checking each."""


def legal(state: QuasarState, seat: int) -> list[Action]:
    """The candidates :func:`check` accepts, with the decision found once (not once per candidate)."""
    task = task_for(state, seat)
    if task is None:
        return []
    actions = listed(state, seat, task)
    kind = task.kind
    if kind in LISTED_AS_CHECKED:
        return actions
    if kind == "window":
        found = usable(state, seat, task.text)
        return [a for a in actions if a["type"] == "pass" or _accepts(check_use_of, state, a, found)]
    return [a for a in actions if _accepts(CHECKS[a["type"]], state, seat, a, task)]


def _accepts(check: Callable[..., Any], *args: Any) -> bool:
    try:
        check(*args)
    except RuleError:
        return False
    return True


def check(state: QuasarState, seat: int, action: Action) -> tuple[Task, Any]:
    """Read-only: the task answered and the checked values, or a RuleError."""
    task = require_task(state, seat, action)
    return task, CHECKS[str(action["type"])](state, seat, action, task)


# -- performing ----------------------------------------------------------------------------------------------


def perform(state: QuasarState, seat: int, action: Action, turn: Turn) -> None:
    task, value = check(state, seat, action)
    kind = str(action["type"])
    who = seat_name(state, seat)
    if kind == "rank":
        state.picks[seat], state.picked[seat] = value, True
        left = state.picked.count(False)
        turn.say(f"{who} has picked a Rank Card{f' ({left} still to pick)' if left else ''}.", concerns=[seat])
    elif kind in ("commit", "stall"):
        state.commits[seat] = value or []
        state.committed[seat] = True
        left = state.committed.count(False)
        # A stall is a secret choice like a commit: the table hears the same words for both; the
        # reveal says who stalled.
        turn.say(f"{who} has committed{f' ({left} still to commit)' if left else ''}.", concerns=[seat])
    elif kind == "use":
        use_effect(state, seat, task, value, turn)
    elif kind == "pass":
        if task.kind == "window":
            task.data = [task.data[0] + 1, task.data[1] + 1]
            turn.say(f"{who} passes.", concerns=[seat])
        else:
            task.data = [task.data[0] + 1, task.data[1]]
            turn.say(f"{who} pays no more.", concerns=[seat])
    elif kind == "boon":
        state.tasks.remove(task)
        take_boon(state, seat, value, turn)
    elif kind == "draw":
        source, cid, count = value
        take(state, turn, seat, source, cid)
        for _ in range(count - 1):
            take(state, turn, seat, source)
        task.n -= count
        if task.n <= 0:
            state.tasks.remove(task)
            finish_draw(state, turn, task)
    elif kind == "discard":
        state.tasks.remove(task)
        discard_from_hand(state, turn, seat, value)
        if task.kind == "trim":
            push(state, [Task(kind="trim", player=seat)])
    elif kind == "pay":
        task.n -= 1
        if value is None:
            state.energy -= 1
            turn.say(f"{who} pays 1 Energy towards the Demand.", concerns=[seat])
        else:
            discard_from_hand(state, turn, seat, value)
    elif kind == "scan":
        chosen, rest = value
        state.tasks.remove(task)
        move(state, chosen, "sensors", seat)
        for cid in reversed(rest):
            move(state, cid, "scenario", None, bottom=False)
            state.cards[cid].known = True  # everyone saw them go back, in this order
        after = f"; the rest go back: {', '.join(name_of(state.cards[c].key) for c in rest)}" if rest else ""
        turn.say(f"{who} puts {name_of(state.cards[chosen].key)} into the Sensors Zone{after}.", concerns=[seat])
    elif kind == "order":
        state.tasks.remove(task)
        turn.say(f"{who} (Team Leader) orders: {', '.join(seat_name(state, p) for p in value)}.", concerns=[seat])
        push(state, personal_steps(task.card, task.src, value))
    elif kind == "remove":
        state.lessons[seat] -= content().tuning.remove_cost
        key = state.cards[value].key
        to_box(state, value)
        turn.say(f"{who} spends a Lesson: {card_label(key)} goes into the box.", concerns=[seat])
    elif kind == "gain":
        state.lessons[seat] -= content().tuning.gain_cost
        move(state, value, owned_key("discard", seat), seat, bottom=False)
        turn.say(
            f"{who} spends Lessons: {card_label(state.cards[value].key)} joins their Discard Zone.", concerns=[seat]
        )
    elif kind == "ready":
        task.data[seat] = 1
        turn.say(f"{who} is ready.", concerns=[seat])
    elif kind == "drop":
        state.tasks.remove(task)
        drop_project(state, turn, seat, value)
    advance(state, turn)


def use_effect(state: QuasarState, seat: int, task: Task, value: tuple[Any, str | None, int], turn: Turn) -> None:
    chosen, target, amount = value
    effect = chosen.effect
    who = seat_name(state, seat)
    paid = []
    for what, n in effect.cost:
        if what == "glory":
            state.glory[seat] -= n
        elif what == "energy":
            state.energy -= n
        elif what == "lessons":
            state.lessons[seat] -= n
        paid.append(f"{n} {what.capitalize()}")
    state.used.append(f"{chosen.card}#{chosen.index}")
    task.data = [task.data[0], 0]
    cost = f", paying {', '.join(paid)}" if paid else ""
    turn.say(f"{who} uses {name_of(chosen.key)}{cost}.", concerns=[seat])
    discards = [
        Task(kind="discard", player=seat, text="a cost")
        for what, n in effect.cost
        if what == "discard"
        for _ in range(n)
    ]
    if effect.rules and effect.lasting:
        state.mods.append(Mod(src=chosen.src, card=chosen.card, player=seat, style="triggered", until=effect.lasting))
    if target is not None:
        if can_shift(state, seat):
            before = value_of(state, target)
            state.cards[target].shift += amount
            after = value_of(state, target)
            turn.say(f"{name_of(state.cards[target].key)} shifts from {before} to {after}.")
        else:
            turn.say("A rule forbids Shift now: nothing changes.")
    steps = [t for t in personal_steps(chosen.card, chosen.src, [seat]) if effect.steps[t.step].do != "shift"]
    push(state, [*discards, *steps])


def take_boon(state: QuasarState, seat: int, outcome: Any, turn: Turn) -> None:
    who = seat_name(state, seat)
    if outcome.key == "glory":
        state.glory[seat] += 1
        turn.say(f"{who} takes a Boon: 1 Glory.", concerns=[seat])
    elif outcome.key == "lesson":
        state.lessons[seat] += 1
        turn.say(f"{who} takes a Boon: 1 Lesson.", concerns=[seat])
    elif outcome.key == "project":
        turn.say(f"{who} takes a Boon: a Project.", concerns=[seat])
        start_project(state, turn, seat)
    else:
        turn.say(f"{who} takes a Boon: {outcome.label} ({name_of(outcome.key)}).", concerns=[seat])
        push(state, personal_steps(outcome.card, outcome.src, [seat]))
