"""Scripted players for Quasar Search: a careful teammate that plays from its own view only.

``choose(view, seat, seed)`` answers whatever the seat is asked: Rank Cards (lowest first, saving
the high ones), the Confrontation (see ai_plan.py), Shifts in a window (only when they help meet
the Target), Boons (Lessons while the deck needs work, else Glory), draws (a good Warp or Stockpile
card over the Deck), discards and Demands (the weakest card first), Sensors (the next Challenge it
can meet best) and Ship Phase refits (Lost in Space out first, then reserve cards, then weak cards).
"""

from __future__ import annotations

from rules.core import Action, Rng, RngState, RuleError

from . import decisions
from .ai_plan import plan_commit
from .content import LIS, content
from .state import QuasarState, owned_key
from .targets import evaluate
from .zones import cards_in, hand

JUNK = 2
"""Cards worth this or less are the first to go (discards, Demands, Lessons)."""


def choose(view: QuasarState, seat: int, seed: int) -> Action | None:
    legal = decisions.legal(view, seat)
    if not legal:
        return None
    task = decisions.task_for(view, seat)
    kind = task.kind if task else ""
    pick = {
        "rank": _rank,
        "commit": _commit,
        "window": _window,
        "boon": _boon,
        "draw": _draw,
        "trim": _discard,
        "discard": _discard,
        "demand": _demand,
        "scan": _scan,
        "refit": _refit,
    }.get(kind)
    if pick is not None:
        action = pick(view, seat, legal)
        if action is not None and _allowed(view, seat, action):
            return action
    return legal[0] if kind in ("order", "drop") else Rng(RngState(seed=seed)).choice(legal)


def _allowed(view: QuasarState, seat: int, action: Action) -> bool:
    """Accepted though not listed (a commit with Overcommit cards)."""
    try:
        decisions.check(view, seat, action)
    except RuleError:
        return False
    return True


def _worth(view: QuasarState, key: str) -> float:
    card = content().cards[key]
    if key == LIS or card.value is None:
        return -1.0
    return card.value + 0.5 * len(card.keywords)


def _rank(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    """The lowest unused Rank Card (the last Act takes what is left)."""
    ids = cards_in(view, owned_key("ranks", seat))
    ranks = [content().cards[view.cards[c].key].rank for c in ids]
    return {"type": "rank", "rank": min(ranks)}


def _commit(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    plan = plan_commit(view, seat)
    if plan is None or not plan.slots:
        return {"type": "stall"}
    return {"type": "commit", "cards": plan.slots}


def _distance(view: QuasarState) -> float:
    """How far the Confrontation is from its Target (0: met)."""
    ok, verdicts = evaluate(view)
    if ok:
        return 0.0
    gap = 0.0
    for v in verdicts:
        if v.ok:
            continue
        digits = "".join(ch for ch in v.got if ch.isdigit() or ch == ".")
        got = float(digits) if digits and digits != "." else 0.0
        gap += abs((v.wanted or 0) - got) if v.wanted is not None else 3.0
    return gap or 1.0


def _window(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    """Shift only when it meets the Target or gets closer to it; else pass."""
    before = _distance(view)
    if before == 0:
        return {"type": "pass"}
    best, best_gap = None, before
    for action in legal:
        if action["type"] != "use" or "target" not in action:
            continue
        target = next(c for c in cards_in(view, "confront") if view.cards[c].key == action["target"])
        view.cards[target].shift += int(action["amount"])
        gap = _distance(view)
        view.cards[target].shift -= int(action["amount"])
        if gap < best_gap:
            best, best_gap = action, gap
    return best if best is not None else {"type": "pass"}


def _boon(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    outcomes = [a["outcome"] for a in legal]
    mine = [view.cards[c].key for c in hand(view, seat)]
    if "meridian-faction" in outcomes and len(mine) < 5:
        return {"type": "boon", "outcome": "meridian-faction"}
    lis_held = sum(
        1 for name in ("hand", "discard") for c in cards_in(view, owned_key(name, seat)) if view.cards[c].key == LIS
    )
    if "wardens-faction" in outcomes and lis_held:
        return {"type": "boon", "outcome": "wardens-faction"}
    mission = content().missions[view.mission]
    if view.act < len(mission.acts) and (lis_held > view.lessons[seat] or view.lessons[seat] < 2):
        return {"type": "boon", "outcome": "lesson"}
    return {"type": "boon", "outcome": "glory"}


def _draw(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    good = [a for a in legal if "card" in a and _worth(view, a["card"]) >= 5]
    if good:
        return max(good, key=lambda a: _worth(view, a["card"]))
    decks = [a for a in legal if a["from"] == "deck"]
    return max(decks, key=lambda a: a.get("count", 1)) if decks else legal[0]


def _discard(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    return min(legal, key=lambda a: _worth(view, a["card"]))


def _demand(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    cards = [a for a in legal if a["type"] == "pay" and a["with"] != "energy"]
    junk = [a for a in cards if _worth(view, a["with"]) <= JUNK]
    if junk:
        return min(junk, key=lambda a: _worth(view, a["with"]))
    if any(a.get("with") == "energy" for a in legal):
        return {"type": "pay", "with": "energy"}
    if cards:
        return min(cards, key=lambda a: _worth(view, a["with"]))
    return {"type": "pass"}


def _scan(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    """Bring forward the Challenge with the lowest Reach-like demand (a rough guess of the easiest)."""
    from .targets import amount

    def hardness(action: Action) -> int:
        card = content().cards[action["card"]]
        return sum(amount(view, p) if p.amount.per_player or p.amount.base else 4 for p in card.target)

    return min(legal, key=hardness)


def _refit(view: QuasarState, seat: int, legal: list[Action]) -> Action:
    removes = [a for a in legal if a["type"] == "remove"]
    lis = [a for a in removes if a["card"] == LIS]
    if lis:
        return lis[0]
    gains = [a for a in legal if a["type"] == "gain"]
    if gains:
        return max(gains, key=lambda a: _worth(view, a["card"]))
    weak = [a for a in removes if a["from"] == "discard" and _worth(view, a["card"]) <= 1]
    if weak and view.lessons[seat] >= 1:
        return weak[0]
    return {"type": "ready"}


__all__ = ["choose"]
