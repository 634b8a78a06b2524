"""Endure's public view shares what it does not turn over with the state: it must still show exactly
what a full copy with the hidden parts turned over showed, and building it must leave the state alone."""

from __future__ import annotations

import random

from rules.endure import SYSTEM as E
from rules.endure.state import EndureState


def _copied_view(state: EndureState) -> EndureState:
    """The reference: a full copy, everything hidden turned over in place (how ``hide`` used to work)."""
    v = E.clone(state)
    for tok in v.radar:
        tok.token = "?"
    for name in ("pool", "radar_sealed", "item_deck", "event_deck", "resolve_deck", "accomplishment_deck"):
        setattr(v, name, ["?"] * len(getattr(v, name)))
    v.refuge_deck = ["?"] * len(v.refuge_deck)
    for b in v.bosses:
        b.deck = ["?"] * len(b.deck)
    for s in v.survivors:
        for slot in s.resolve_cards:
            if not slot.revealed:
                slot.card = ""
    return v


def test_the_shared_view_shows_what_a_copy_showed_and_leaves_the_state_alone() -> None:
    checked = 0
    for n, mission in enumerate(("CG00", "CG05", "C013", "C015", "ROP19")):
        state = E.setup(["a", "b"], {"mission": mission}, 40 + n)
        rnd = random.Random(n)
        for _ in range(150):
            if E.outcome(state) is not None or not E.pending(state):
                break
            before = E.dumps(state)
            assert E.dumps(E.hide(state, None)) == E.dumps(_copied_view(state))
            assert E.dumps(state) == before
            checked += 1
            seat = E.pending(state)[0].seat
            legal = E.legal(state, seat)
            if not legal:
                break
            state, _ = E.apply(state, seat, rnd.choice(legal))
    assert checked > 100
