"""Endure's shared memo of sight lines stays bounded and answers what a fresh look would."""

from __future__ import annotations

import random

from rules.endure import SYSTEM as E
from rules.endure import geometry


def test_sight_memo_is_bounded_and_matches_a_fresh_look(monkeypatch) -> None:
    monkeypatch.setattr(geometry, "SIGHTS_KEPT", 8)
    geometry._sights.clear()
    state = E.setup(["a", "b"], {"mission": "CG05"}, 11)
    rnd = random.Random(3)
    looked = 0
    for _ in range(80):
        if E.outcome(state) is not None or not E.pending(state):
            break
        for s in state.survivors:
            fresh = geometry._lines_of_sight(state, s.zone, geometry._shut(state))
            if not geometry.blackout(state):
                assert geometry.sight(state, s.zone) == fresh
                looked += 1
        assert len(geometry._sights) <= 8
        seat = E.pending(state)[0].seat
        state, _ = E.apply(state, seat, rnd.choice(E.legal(state, seat)))
    assert looked >= 20


def test_distance_memo_is_bounded_and_matches_a_fresh_search(monkeypatch) -> None:
    """The shared distances (and the route searches that read them instead of counting crowds when no
    full zone is in the way) answer what a fresh search does."""
    monkeypatch.setattr(geometry, "FIELDS_KEPT", 8)
    geometry._fields.clear()
    state = E.setup(["a", "b", "c"], {"mission": "CG03", "survivors": "4"}, 12)
    rnd = random.Random(5)
    compared = 0
    for _ in range(120):
        if E.outcome(state) is not None or not E.pending(state):
            break
        zones = sorted({s.zone for s in state.survivors} | {e.zone for e in state.enemies})
        for goal in zones:
            fresh = geometry._distances(state, goal)
            assert geometry._shared_distances(state, goal) == fresh
            for start in zones:
                for blocked in (True, False):
                    plain = geometry.path_steps(state, start, goal, mover_blocked=blocked)
                    with geometry.doors_stay():
                        assert geometry.path_steps(state, start, goal, mover_blocked=blocked) == plain
                    compared += 1
                with geometry.doors_stay():
                    assert (
                        geometry.route_length(state, start, goal)
                        == geometry.path_steps(state, start, goal, mover_blocked=False)[0]
                    )
        assert len(geometry._fields) <= 8
        seat = E.pending(state)[0].seat
        state, _ = E.apply(state, seat, rnd.choice(E.legal(state, seat)))
    assert compared >= 200


def test_legal_asks_whose_turn_once_and_keeps_what_check_allows() -> None:
    """``allowed_ones`` (legal()'s filter) keeps exactly the candidates ``allowed`` lets each seat play,
    whoever is asked: the acting seat, the others, a trade offer's two sides, at the Refuge."""
    from rules.endure.candidates import candidates
    from rules.endure.checks import allowed, allowed_ones

    kept = 0
    for mission, seed in (("CG00", 31), ("CG04", 32), ("C013", 33)):
        state = E.setup(["a", "b", "c"], {"mission": mission, "survivors": "4"}, seed)
        rnd = random.Random(seed)
        for _ in range(150):
            if E.outcome(state) is not None or not E.pending(state):
                break
            for seat in range(len(state.seats)):
                offered = [*candidates(state, seat), *candidates(state, (seat + 1) % len(state.seats))]
                offered += [{"type": "answer", "accept": True}, {"type": "nonsense"}, {"type": "end", "survivor": 9}]
                want = [a for a in offered if allowed(state, seat, a)]
                assert allowed_ones(state, seat, offered) == want
                kept += len(want)
            seat = E.pending(state)[0].seat
            state, _ = E.apply(state, seat, rnd.choice(E.legal(state, seat)))
    assert kept >= 300
