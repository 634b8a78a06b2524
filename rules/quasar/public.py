"""Which decisions are listed from public facts alone (:meth:`GameSystem.legal_reads_hidden`).

``public_choices`` plays ``legal()`` a second time on the spectators' view and compares, unless the
game says the list cannot differ there. What a spectator's view hides (:mod:`.views`): the cards of
every Hand and Deck, the scenario deck, face-down cards (Active Projects, Challenges set aside) and
other players' secret commits and Rank Card picks. Every decision at the head of the task queue is of
the same kind for each player it waits for, so the kind alone mostly says whether the list reads them:

- a Rank Card pick lists the values of the picker's face-up unused Rank Cards, sorted; a commit lists
  hand *positions* (only the hand's size shows); both are secret choices anyway;
- a window lists the effects of face-up cards in play, whose conditions and costs read counts, Glory,
  Energy, Lessons and the confronting cards, all public (a discard cost counts the hand only);
- a Boon needs a Deck card for a Project (the Deck's size is public) and in-play extras;
- a Sensors sweep shows the swept Challenges face-up; an order names players; a drop numbers the Active
  Projects by place;
- a Draw takes the top of an ordered zone (only its size shows) and names cards the drawer can see, and
  each card they cannot by its place; hidden cards of a zone count as Player Cards in a view, so a source
  holding other cards face-down (the scenario deck) is the one exception;
- a discard, a Demand and a Ship Phase removal name the cards of a hand: hidden, unless the hand is empty
  (or, in the Ship Phase, the player cannot pay for a removal).

A seat nobody waits for gets no actions, on the state and on its view alike.
"""

from __future__ import annotations

from .content import content
from .state import QuasarState
from .zones import hand

PUBLIC_KINDS = frozenset({"rank", "commit", "window", "boon", "scan", "order", "drop"})
"""Decisions whose list reads nothing hidden, whatever the position."""

HAND_KINDS = frozenset({"trim", "discard", "demand"})
"""Decisions that list the cards of the decider's hand."""


def legal_reads_hidden(state: QuasarState, seat: int) -> bool:
    """Whether ``legal(state, seat)`` may list something the spectators' view hides (a few reads)."""
    if state.result or not state.tasks:
        return False
    task = state.tasks[0]
    kind = task.kind
    if kind in PUBLIC_KINDS:
        return False
    if kind == "draw":
        return "scenario" in task.text.split(",")
    if kind in HAND_KINDS:
        return bool(hand(state, seat))
    if kind == "refit":
        return state.lessons[seat] >= content().tuning.remove_cost and bool(hand(state, seat))
    return False  # every other kind waits for nobody
