"""The Confrontation against its Target, players' values, and singling players out.

Common Targets (our completion, checklist 6.5; "Stand Together" is the almanac's name):

- reach N: total value at least N; precise N: exactly N; cap N: at most N;
- average N: total over the number of cards (Lost in Space counts as a card) at least N;
- peak N: the highest value at least N (Lost in Space is never highest);
- floor N: every card at least N (Lost in Space is lower than anything);
- together: every player confronts and every card is equal (Lost in Space equals nothing);
- even / odd: every card even / odd (Lost in Space is neither);
- distinct: no two cards equal (Lost in Space never equals anything, so it never spoils it).

A player's value is the total of the cards they confront; a player who confronts only Lost in Space
has no value (never highest, always lowest).
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import LIS, TARGETS, TargetPart, content
from .layers import simple_holds, single, value_of
from .rank import rank_order, rank_value
from .state import QuasarState
from .values import Value, all_distinct, all_equal, average, highest, is_even, is_odd, lowest, total
from .zones import active_projects, cards_in, owner


@dataclass(frozen=True)
class Verdict:
    part: TargetPart
    ok: bool
    wanted: int | None
    got: str

    def line(self) -> str:
        mark = "met" if self.ok else "missed"
        return f"{describe_part(self.part, self.wanted)}: {self.got} ({mark})"


def confronting(state: QuasarState) -> list[str]:
    return list(cards_in(state, "confront"))


def cards_of(state: QuasarState, seat: int) -> list[str]:
    return [cid for cid in cards_in(state, "confront") if owner(state, cid) == seat]


def player_value(state: QuasarState, seat: int) -> Value:
    """The total of the player's confronting cards; no value if they confront only Lost in Space."""
    values = [value_of(state, cid) for cid in cards_of(state, seat)]
    if not any(v is not None for v in values):
        return None
    return total(values)


def amount(state: QuasarState, part: TargetPart) -> int:
    return part.amount.at(len(state.seats))


def describe_part(part: TargetPart, n: int | None) -> str:
    names = {
        "reach": "Reach",
        "precise": "Precisely",
        "cap": "At most",
        "average": "Average",
        "peak": "Peak",
        "floor": "Every card at least",
        "together": "Stand Together",
        "even": "All even",
        "odd": "All odd",
        "distinct": "All different",
    }
    head = names[part.kind]
    return head if n is None else f"{head} {n}"


def check_part(state: QuasarState, part: TargetPart, cids: list[str]) -> Verdict:
    return check_values(state, part, cids, [value_of(state, cid) for cid in cids])


def check_values(state: QuasarState, part: TargetPart, cids: list[str], values: list[Value]) -> Verdict:
    """One Target part against the cards ``cids`` worth ``values`` (their values now, or as a Shift
    would leave them)."""
    n = amount(state, part) if TARGETS[part.kind] else None
    ok = part_met(state, part, values)
    return Verdict(part, ok, n, _got(part.kind, values, ok))


def part_met(state: QuasarState, part: TargetPart, values: list[Value], everyone: bool | None = None) -> bool:
    """Whether the confronting cards, worth ``values``, meet one Target part (the verdict alone: a search
    over Shifts asks it for many sets of values and needs no words). ``everyone``: whether every player
    confronts a card, when the caller knows it already."""
    kind = part.kind
    n = (amount(state, part) if TARGETS[kind] else None) or 0
    if kind == "reach":
        return total(values) >= n
    if kind == "precise":
        return total(values) == n
    if kind == "cap":
        return total(values) <= n
    if kind == "average":
        return bool(values) and average(values) >= n
    if kind == "peak":
        top = highest(values)
        best = values[top[0]] if top else None
        return best is not None and best >= n
    if kind == "floor":
        return bool(values) and all(v is not None and v >= n for v in values)
    if kind == "together":
        if everyone is None:
            everyone = all(cards_of(state, s) for s in range(len(state.seats)))
        return everyone and all_equal(values)
    if kind == "even":
        return bool(values) and all(is_even(v) for v in values)
    if kind == "odd":
        return bool(values) and all(is_odd(v) for v in values)
    if kind == "distinct":
        return all_distinct(values)
    raise ValueError(kind)


def _got(kind: str, values: list[Value], ok: bool) -> str:
    """What the cards came to, in the words of a Target part's verdict."""
    if kind in ("reach", "precise", "cap"):
        return f"total {total(values)}"
    if kind == "average":
        shown = f"{float(average(values)):.1f}".rstrip("0").rstrip(".")
        return f"average {shown}"
    if kind == "peak":
        top = highest(values)
        best = values[top[0]] if top else None
        return f"highest {best if best is not None else '–'}"
    if kind == "floor":
        low = lowest(values)
        worst = values[low[0]] if low else None
        return f"lowest {worst if worst is not None else '–'}"
    if kind == "together":
        return "equal" if all_equal(values) else "not equal"
    if kind == "even":
        return "all even" if ok else "not all even"
    if kind == "odd":
        return "all odd" if ok else "not all odd"
    if kind == "distinct":
        return "all different" if ok else "a pair"
    raise ValueError(kind)


def evaluate(state: QuasarState) -> tuple[bool, list[Verdict]]:
    """Whether the cards now confronting meet the current Challenge's Target (every part)."""
    if not state.challenge:
        return False, []
    challenge = content().cards[state.cards[state.challenge].key]
    cids = confronting(state)
    values = [value_of(state, cid) for cid in cids]  # once for every part: nothing changes in between
    verdicts = [check_values(state, part, cids, values) for part in challenge.target]
    return all(v.ok for v in verdicts), verdicts


def target_text(state: QuasarState, key: str) -> str:
    """A Challenge's Target in words for this table ("Reach 8 and Peak 7")."""
    card = content().cards[key]
    parts = []
    for part in card.target:
        parts.append(describe_part(part, amount(state, part) if TARGETS[part.kind] else None))
    return " and ".join(parts)


def formula_text(key: str) -> str:
    """A Challenge's Target as printed, before players are counted ("Reach 3P+3 and Peak 7")."""
    card = content().cards[key]
    parts = []
    for part in card.target:
        head = describe_part(part, None)
        parts.append(f"{head} {part.amount}" if TARGETS[part.kind] else head)
    return " and ".join(parts)


def holds(state: QuasarState, condition: str, player: int | None) -> bool:
    if condition == "target_met":
        return bool(confronting(state)) and evaluate(state)[0]
    if condition == "target_missed":
        return bool(confronting(state)) and not evaluate(state)[0]
    return simple_holds(state, condition, player)


def select(state: QuasarState, who: str, owner_seat: int | None) -> list[int]:
    """The players an effect applies to, in Rank order (Team Leader first)."""
    if who in ("you", "each_player", "team_leader", "lowest_ranked", "highest_ranked"):
        return single(state, who, owner_seat)
    order = rank_order(state)
    if who == "with_project":
        return [s for s in order if active_projects(state, s)]
    if who == "confronted_lis":
        return [s for s in order if any(state.cards[c].key == LIS for c in cards_of(state, s))]
    if who in ("highest_rank_value", "lowest_rank_value"):
        ranks = [rank_value(state, s) for s in order]
        wanted = max(ranks) if who == "highest_rank_value" else min(ranks)
        return [s for s, r in zip(order, ranks, strict=True) if r == wanted]
    values = [player_value(state, s) for s in order]
    picked = highest(values) if who == "highest_value" else lowest(values)
    return [order[i] for i in picked]
