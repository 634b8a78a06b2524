"""The engine's memory of the position it works on (rules/quasar/held.py) is never stale and never outlives
the call: moves forget it, other states and other threads never see it, and nothing stays held after."""

from __future__ import annotations

import threading

from rules.quasar import SYSTEM as Q
from rules.quasar.held import ACTIVES, MEMO, RANKS, STATE, holding
from rules.quasar.layers import Active, active
from rules.quasar.rank import rank_order
from rules.quasar.state import QuasarState
from rules.quasar.zones import cards_in, move


def _game() -> QuasarState:
    state = Q.setup(["a", "b", "c"], {"mission": "first-light"}, 7)
    for _ in range(6):  # past the Rank picks, so Rank Cards lie in the Personal Zones
        prompt = Q.pending(state)[0]
        state, _ = Q.apply(state, prompt.seat, Q.legal(state, prompt.seat)[0])
    return state


def _fresh(state: QuasarState) -> tuple[list[Active], list[int]]:
    """The answers worked out from scratch (outside any held block)."""
    return list(active(state)), rank_order(state)


def test_a_move_inside_the_block_is_seen_at_once() -> None:
    state = _game()
    personal = next(k for k in state.zones if k.startswith("personal:") and state.zones[k])
    with holding(state):
        assert (list(active(state)), rank_order(state)) == _fresh(Q.clone(state))
        assert MEMO.slot[ACTIVES] is not None and MEMO.slot[RANKS] is not None  # remembered...
        for cid in list(cards_in(state, personal)):
            move(state, cid, "discard:0", 0)
        assert MEMO.slot[ACTIVES] is None and MEMO.slot[RANKS] is None  # ...and forgotten by the move
        moved = (list(active(state)), rank_order(state))
    assert moved == _fresh(state)


def test_nothing_is_held_after_a_call_and_edits_between_calls_count() -> None:
    state = _game()
    Q.legal(state, 0)
    Q.pending(state)
    assert MEMO.slot[STATE] is None
    personal = next(k for k in state.zones if k.startswith("personal:") and state.zones[k])
    for cid in list(cards_in(state, personal)):
        state.cards[cid].down = True  # an edit in place, as tests stage positions, with no move
    with holding(state):
        assert (list(active(state)), rank_order(state)) == _fresh(state)


def test_another_state_inside_the_block_is_worked_out_afresh() -> None:
    state = _game()
    other = Q.clone(state)
    personal = next(k for k in other.zones if k.startswith("personal:") and other.zones[k])
    for cid in list(cards_in(other, personal)):
        other.cards[cid].down = True
    with holding(state):
        mine = list(active(state))
        with holding(other):
            assert list(active(other)) == _fresh(other)[0]
        assert list(active(state)) == mine
    assert MEMO.slot[STATE] is None


def test_each_thread_holds_its_own_position() -> None:
    state = _game()
    seen: list[object] = []
    with holding(state):
        thread = threading.Thread(target=lambda: seen.append(MEMO.slot[STATE]))
        thread.start()
        thread.join()
    assert seen == [None]
