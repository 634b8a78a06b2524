"""Compound commands (several commands in one): played in order, never refused because of a hidden roll.

Before anything hidden comes to light, a command that cannot be played refuses the whole compound
command and nothing happens. After a roll, a drawn card or a revealed token, the command stops at
the first part that cannot be played, keeps what happened and says what was not played and why.
"""

from __future__ import annotations

import pytest

from rules.core import BATCH, RuleError
from rules.endure import SYSTEM as ENDURE
from tests.fixtures.pig import Pig

from .test_endure_support import Script, place, texts


class BatchPig(Pig):
    """Pig that takes up to four commands at once."""

    max_batch = 4


PIG = BatchPig()


def batch(*types: str) -> dict:
    return {"type": BATCH, "actions": [{"type": t} for t in types]}


def refused(system, state, seat, action, match: str) -> None:
    before = system.dumps(state)
    with pytest.raises(RuleError, match=match):
        system.apply(state, seat, action)
    assert system.dumps(state) == before


def test_a_compound_command_plays_every_part_in_order():
    state = PIG.setup(["a", "b"], {}, 3)
    after, _events = PIG.apply(state, 0, batch("hold", "taunt"))
    assert after.current == 1 and after.taunts == 1
    assert PIG.format(batch("roll", "hold")) == "roll; hold"


def test_refused_before_any_roll_refuses_everything():
    """`hold; roll`: nothing was rolled when the roll is refused (the turn passed), so nothing is played."""
    state = PIG.setup(["a", "b"], {}, 3)
    refused(
        PIG, state, 0, batch("hold", "roll"), r"Command 2 \(`roll`\): It is no longer your turn\. Nothing was played"
    )


def test_after_a_roll_the_command_stops_and_keeps_what_happened():
    """`roll; hold; roll`: the die was rolled, so what cannot follow it is left out instead of refusing it all.

    Whatever the die shows, the command is accepted: a 1 ends the turn at once (the hold and the
    last roll are not played), anything else is banked by the hold (the last roll is not played).
    """
    endings = set()
    for seed in range(40):
        state = PIG.setup(["a", "b"], {}, seed)
        after, events = PIG.apply(state, 0, batch("roll", "hold", "roll"))
        lines = texts(events)
        assert after.current == 1 and after.rng.draws == 1, "one die rolled, then the turn passed"
        assert [e.kind for e in events].count("roll") == 1
        if "rolled a 1" in lines:
            assert "Not played: `hold`: It is no longer your turn." in lines and "Also not played: `roll`" in lines
            endings.add("one")
        else:
            assert after.scores[0] > 0 and "Not played: `roll`: It is no longer your turn." in lines
            endings.add("banked")
    assert endings == {"one", "banked"}


def test_later_parts_are_named_when_the_command_stops():
    state = PIG.setup(["a", "b"], {}, 1)
    _after, events = PIG.apply(
        state, 0, {"type": BATCH, "actions": [{"type": "roll"}, {"type": "hold"}, {"type": "roll"}, {"type": "hold"}]}
    )
    lines = texts(events)
    assert "Not played: `roll`" in lines and "Also not played: `hold`" in lines


def test_malformed_compound_commands_are_refused():
    state = PIG.setup(["a", "b"], {}, 3)
    refused(PIG, state, 0, {"type": BATCH, "actions": []}, "needs a list")
    refused(PIG, state, 0, {"type": BATCH, "actions": "roll"}, "needs a list")
    refused(PIG, state, 0, batch("roll", "roll", "roll", "roll", "roll"), "At most 4")
    refused(PIG, state, 0, {"type": BATCH, "actions": [{"type": "roll"}, batch("hold")]}, "single command")
    refused(PIG, state, 0, {"type": BATCH, "actions": [{"type": "roll"}, 7]}, "single command")
    refused(Pig(), state, 0, batch("roll", "hold"), "one command at a time")


# -- Endure: the audit's case -----------------------------------------------------------------------


def _crowded_start():
    """A survivor in SEC-b with a Swarmer beside her: leaving calls for a Resolve check."""
    from .test_endure_support import fresh

    st = fresh(2)
    place(st, "swarmer", "SEC-b")
    return st


@pytest.mark.parametrize("passes", [True, False])
def test_endure_move_after_a_failed_resolve_check_is_left_out_not_refused(monkeypatch, passes: bool):
    """Rulebook, Resolve checks on leaving a zone with enemies: a failed check freezes the survivor.

    `move SEC-w; move SEC-x` is accepted whatever the dice say. When the check fails the survivor
    stays frozen in SEC-b, the roll is kept, and the second move is reported as not played; the
    whole command is never refused, so nobody can probe the roll for free.
    """
    st = _crowded_start()
    Script(monkeypatch, Resolve_check=[[1, 1] if passes else [6, 6]])
    after, events = ENDURE.apply(st, 0, ENDURE.parse("move SEC-w; move SEC-x", st, 0))
    lines = texts(events)
    if passes:
        assert after.survivors[0].zone == "SEC-x" and "Not played" not in lines
    else:
        assert after.survivors[0].zone == "SEC-b" and after.survivors[0].frozen
        assert "freezes" in lines and "Not played: `move SEC-x`" in lines


def test_endure_compound_accepted_alike_under_many_seeds():
    """The same compound command from the same position is accepted for every seed."""
    verdicts = set()
    for seed in range(30):
        st = _crowded_start()
        st.rng.seed = seed
        try:
            ENDURE.apply(st, 0, ENDURE.parse("move SEC-w; move SEC-x; search", st, 0))
            verdicts.add("ok")
        except RuleError as exc:
            verdicts.add(str(exc))
    assert verdicts == {"ok"}


def test_endure_compound_refused_before_a_roll_plays_nothing():
    from .test_endure_support import fresh

    st = fresh(2)
    refused(
        ENDURE,
        st,
        0,
        ENDURE.parse("move SEC-w; move NAV-a", st, 0),
        r"Command 2 \(`move NAV-a`\).*cannot be reached.*Nothing was played",
    )
