"""The bot's suggested placement (``rules.armada.greedy``) leaves placements out before trying them
(refused or only waiting, alike to one tried, the rule checks' memo shared) and shares the fleets not
being fought between its copies. Here it is compared with the plain search it stands for: every legal
single placement played on a full copy of the board, die after die, on positions of seeded games
played by the careful bot and by random legal picks; and ``legal()`` must leave the state as it was.
"""

from __future__ import annotations

import random

import msgspec

from rules.armada import SYSTEM as S
from rules.armada import checks, combat, memo, placing, plan
from rules.armada.ai import score
from rules.armada.candidates import candidates
from rules.armada.greedy import SKIPPED_STATIONS
from rules.armada.state import State
from rules.core import Action, RuleError, Turn

GAMES = (
    (2, {"difficulty": "hard"}, 31, "bot"),
    (3, {}, 32, "random"),
    (4, {"difficulty": "hard"}, 33, "random"),
    (4, {"hardline": "yes"}, 34, "bot"),
    (3, {"difficulty": "hard"}, 35, "random"),
)


def _copy(state: State) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


def _singles(board: State, seat: int) -> list[Action]:
    listed = [a for a in candidates(board, seat) if a["type"] == "assign" and a.get("station") not in SKIPPED_STATIONS]
    return checks.legal(board, seat, listed)


def plain_suggestion(state: State, seat: int) -> Action | None:
    """The suggestion without any shortcut (what ``placing.suggestion`` must answer)."""
    c = state.combat
    if c is None or c.pvp or c.step != "assign" or seat not in c.members or seat in c.finished:
        return None
    if not any(d.owner == seat and d.loc == "rolled" for d in state.dice):
        return None
    board, chosen = state, []
    for _ in range(plan.MAX_STEPS):
        base, found, gain = score(board), None, 0.0
        for action in _singles(board, seat):
            trial = _copy(board)
            turn = Turn(trial, seat)
            try:
                combat.assign(trial, seat, dict(action), turn)
            except RuleError:
                continue
            if turn.saw_hidden:
                continue
            if score(trial) - base > gain:
                found, gain = (action, trial), score(trial) - base
        if found is None:
            break
        chosen.append(found[0])
        board = found[1]
        now = board.combat
        if now is None or seat not in now.members or now.step != "assign":
            break
    return plan.plan_of(chosen, "suggested") if chosen else None


def _positions():
    for seats, options, seed, player in GAMES:
        state = S.setup([f"p{i}" for i in range(seats)], options, seed)
        rng = random.Random(seed)
        for step in range(260):
            if S.outcome(state) is not None:
                break
            seat = S.pending(state)[0].seat
            memo.forget()
            before = S.dumps(state)
            legal = S.legal(state, seat)
            assert S.dumps(state) == before, "legal() changed the state"
            yield state, seat
            if player == "bot":
                action = S.ai_action(S.view(state, seat), seat, step)
            else:
                action = rng.choice(legal)
            state, _ = S.apply(state, seat, action)


def test_the_suggestion_is_the_plain_search():
    compared = 0
    for state, _seat in _positions():
        c = state.combat
        if c is None or c.step != "assign":
            continue
        for member in c.members:
            before = S.dumps(state)
            assert placing.suggestion(state, member) == plain_suggestion(state, member)
            assert S.dumps(state) == before, "the suggestion changed the state"
            compared += 1
    assert compared >= 40
