"""What a player could do now: usable triggered effects, Boon outcomes, draw sources, commits.

Read-only helpers shared by the flow (does a window need to open? does a draw need a choice?) and
by the decisions (what is legal). Nothing here changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .content import LIS, content
from .layers import Active, active, boon_extras, can_shift, value_of
from .state import QuasarState, Task, owned_key, split_key
from .targets import confronting, holds
from .text import plural
from .views import hidden_from
from .zones import active_projects, cards_in, deck, drawable, hand, spec


def required_cards(state: QuasarState) -> int:
    """Normal cards each player commits from their hand: one (a lone player: solo_cards - solo_blind)."""
    tuning = content().tuning
    return tuning.solo_cards - tuning.solo_blind if len(state.seats) == 1 else 1


def blind_cards(state: QuasarState) -> int:
    """Cards a lone player confronts from the top of their Deck, unseen, at the reveal."""
    return content().tuning.solo_blind if len(state.seats) == 1 else 0


def shift_targets(state: QuasarState) -> list[str]:
    """Confronting cards a Shift may change (never a Lost in Space)."""
    return [cid for cid in confronting(state) if state.cards[cid].key != LIS]


def can_pay(state: QuasarState, seat: int, cost: tuple[tuple[str, int], ...]) -> bool:
    for what, n in cost:
        have = {
            "glory": state.glory[seat],
            "energy": state.energy,
            "lessons": state.lessons[seat],
            "discard": len(hand(state, seat)),
        }[what]
        if have < n:
            return False
    return True


def usable(state: QuasarState, seat: int, phase: str) -> list[Active]:
    """Triggered effects ``seat`` may use in the ``phase`` window now (cost payable, unused...)."""
    out = []
    for a in active(state):
        e = a.effect
        if e.style != "triggered" or e.when != phase or a.owner != seat:
            continue
        if f"{a.card}#{a.index}" in state.used:
            continue
        if not all(holds(state, c, seat) for c in e.conditions) or not can_pay(state, seat, e.cost):
            continue
        if e.shift and (not shift_targets(state) or not can_shift(state, seat)):
            continue
        out.append(a)
    return out


@dataclass(frozen=True)
class Outcome:
    key: str
    label: str
    card: str = ""
    src: str = ""


def boon_outcomes(state: QuasarState, seat: int) -> list[Outcome]:
    """The outcomes a Boon offers ``seat`` now: the three base ones (a Project needs a Deck card) and
    the extra ones in-play cards declare."""
    out = [Outcome("glory", "gain 1 Glory"), Outcome("lesson", "learn 1 Lesson")]
    if deck(state, seat):
        out.insert(1, Outcome("project", "start a Project"))
    seen = {o.key for o in out}
    for a in boon_extras(state, seat):
        if a.key not in seen:
            seen.add(a.key)
            out.append(Outcome(a.key, a.effect.label, a.card, a.src))
    return out


DrawRef = str | int | None
"""What a Draw takes from a zone: None (the top of an ordered zone), a card key (a card the drawer can
see in an unordered zone), or a position (1-based, among the zone's cards the drawer cannot see, such as
face-down Active Projects: they are named by place, never by what they are)."""


def unseen(state: QuasarState, cid: str, seat: int) -> bool:
    """Whether ``seat`` cannot see card ``cid`` where it lies (face-down, or in a zone hidden from them).

    In a view a card hidden from the viewer has no key: it counts as unseen too."""
    card = state.cards[cid]
    return not card.key or hidden_from(state, cid, card.zone, seat)


def draw_choices(state: QuasarState, task: Task) -> list[tuple[str, DrawRef]]:
    """(zone key, what to take) a pending Draw may take next: the top of an ordered zone, any distinct
    card of an unordered one the drawer can see, and each card there they cannot see by its position."""
    out: list[tuple[str, DrawRef]] = []
    for source in task.text.split(","):
        ids = drawable(state, source)
        if not ids:
            continue
        if spec(source).ordered:
            out.append((source, None))
            continue
        hidden = [cid for cid in ids if unseen(state, cid, task.player)]
        keys = list(dict.fromkeys(state.cards[cid].key for cid in ids if cid not in hidden))
        out += [(source, key) for key in keys]
        out += [(source, slot) for slot in range(1, len(hidden) + 1)]
    return out


def draw_card(state: QuasarState, task: Task, source: str, ref: DrawRef) -> str:
    """The card instance a draw choice takes (the first copy of a named card)."""
    ids = drawable(state, source)
    if ref is None:
        return ids[0]
    if isinstance(ref, int):
        return [cid for cid in ids if unseen(state, cid, task.player)][ref - 1]
    return next(cid for cid in ids if state.cards[cid].key == ref and not unseen(state, cid, task.player))


def zone_word(key: str) -> str:
    return split_key(key)[0]


def commit_options(state: QuasarState, seat: int) -> list[list[int]]:
    """Every legal commit as hand positions (1-based): up to the required number of normal cards,
    plus any Overcommit cards, at least the required number in all. Twin cards are listed at each
    position: leaving one out would show the table (through the deciding player's move menu) that a
    hand holds two of a kind.

    Fewer cards than required are allowed only when the hand holds no more (a new Lost in Space
    makes up the rest at the reveal).
    """
    ids = hand(state, seat)
    need = min(required_cards(state), len(ids))
    if need == 0:
        return []
    cards = content().cards
    flexible = [i + 1 for i, cid in enumerate(ids) if cards[state.cards[cid].key].has("overcommit")]
    plain = [i + 1 for i in range(len(ids)) if i + 1 not in flexible]
    out = []
    for k in range(min(required_cards(state), len(plain)) + 1):
        for normal in combinations(plain, k):
            for m in range(len(flexible) + 1):
                for extra in combinations(flexible, m):
                    combo = sorted(normal + extra)
                    if k + m >= need:
                        out.append(combo)
    return sorted(out, key=lambda c: (len(c), c))


def plain_commits(state: QuasarState, seat: int) -> list[list[int]]:
    """The commits listed as legal moves: exactly the required number of hand positions, whatever the cards.

    Adding Overcommit cards is accepted too (see :func:`commit_options`) but not listed: the deciding
    player's moves are shown on the public board, and a list that depends on which cards are Overcommit
    cards would tell the table where they sit in a hand.
    """
    ids = hand(state, seat)
    need = min(required_cards(state), len(ids))
    if need == 0:
        return []
    return [list(c) for c in combinations(range(1, len(ids) + 1), need)]


def _overcommit(key: str) -> bool:
    """Whether a card is an Overcommit card; a card hidden in a view (no key) counts as a normal one."""
    card = content().cards.get(key)
    return card is not None and card.has("overcommit")


def commit_problem(state: QuasarState, seat: int, slots: list[int]) -> str | None:
    """Why a commit is refused (None when it is fine)."""
    ids = hand(state, seat)
    if any(not 1 <= s <= len(ids) for s in slots):
        return f"Your hand holds {plural(len(ids), 'card')}: give positions 1 to {len(ids)}."
    if len(set(slots)) != len(slots):
        return "Each card can be committed once."
    need = min(required_cards(state), len(ids))
    if len(slots) < need:
        return f"Commit {plural(need, 'card')} (or stall with a Lost in Space)."
    plain = [s for s in slots if not _overcommit(state.cards[ids[s - 1]].key)]
    if len(plain) > required_cards(state):
        many = required_cards(state)
        return f"Only {plural(many, 'normal card')}: any more must be Overcommit cards."
    return None


def refit_options(state: QuasarState, seat: int) -> list[tuple[str, str, str]]:
    """(kind, card key, zone word) of Ship Phase Lessons: remove a card, or gain a reserve card."""
    tuning = content().tuning
    out: list[tuple[str, str, str]] = []
    if state.lessons[seat] >= tuning.remove_cost:
        for word in ("discard", "hand"):
            for key in dict.fromkeys(state.cards[c].key for c in cards_in(state, owned_key(word, seat))):
                out.append(("remove", key, word))
    if state.lessons[seat] >= tuning.gain_cost:
        for key in dict.fromkeys(state.cards[c].key for c in cards_in(state, owned_key("reserve", seat))):
            out.append(("gain", key, "reserve"))
    return out


def demand_means(state: QuasarState, seat: int) -> list[str]:
    """What ``seat`` can pay a Demand with: ``energy`` and the card keys in their hand."""
    out = ["energy"] if state.energy > 0 else []
    out += list(dict.fromkeys(state.cards[c].key for c in hand(state, seat)))
    return out


def projects(state: QuasarState, seat: int) -> list[str]:
    return active_projects(state, seat)


def value_now(state: QuasarState, cid: str) -> int | None:
    return value_of(state, cid)
