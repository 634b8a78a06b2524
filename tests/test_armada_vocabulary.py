"""Armada's engine speaks the players' commands: refusals and prompts name ``/armada ...`` commands as
typed, never the bare ``/act`` words (``done``, ``gather``, ``attack <seat>``...). Whether each command
and option named exists is checked for all source texts by tests/test_command_tables.py."""

from __future__ import annotations

import random
import re

import pytest

from rules.armada import SYSTEM, savior
from rules.core import RuleError, Turn
from table.armada.commands import GROUP

from .test_armada_support import in_combat, new_game, refused, to_encounter

COMMANDS = {GROUP.path(c) for c in GROUP.commands}
NAMED = re.compile(r"`/(armada(?: [a-z][a-z-]*){1,2})")


def named(text: str) -> set[str]:
    """The /armada commands a text names (the longest existing command path at each mention)."""
    found = set()
    for match in NAMED.finditer(text):
        words = match[1]
        while words not in COMMANDS and " " in words:
            words = words.rpartition(" ")[0]
        found.add(words)
    return found


def refusal(state, seat: int, action: dict) -> str:
    """The refusal of ``action``, which check() and apply() must word the same."""
    text = refused(state, seat, action)
    with pytest.raises(RuleError) as checked:
        SYSTEM.check(state, seat, action)
    assert str(checked.value) == text
    return text


def test_a_turn_action_in_combat_is_answered_with_the_combat_commands():
    state = in_combat(new_game(), ["sentinel"], ["T"])
    text = refusal(state, 0, {"type": "repair"})
    assert {"armada assign", "armada end-step", "armada roll", "armada escape", "armada hero"} <= named(text)
    assert not re.search(r"\b(done|gather|lockon|parley)\b", text), text


def test_a_turn_action_on_a_mission_is_answered_with_the_mission_commands():
    state, _ = SYSTEM.apply(to_encounter(new_game()), 0, {"type": "mission", "event": 0})
    text = refusal(state, 0, {"type": "repair"})
    assert {"armada assign", "armada roll", "armada sacrifice", "armada giveup"} <= named(text), text


def test_the_savior_is_told_the_commands_of_the_ambush():
    state = new_game(players=3)
    state.final = "savior"
    savior.become(state, Turn(state, None))
    for seat in range(3):
        state, _ = SYSTEM.apply(state, seat, {"type": "end"})
    assert state.phase == "ambush"
    text = refusal(state, 0, {"type": "repair"})
    assert "`/armada engage target:<seat>`" in text and "`/armada end-step`" in text
    assert "attack <seat>" not in text and "pass" not in text
    assert named(SYSTEM.pending(state)[0].text) == {"armada engage", "armada end-step"}


def test_planning_refusals_name_the_commands_that_would_work():
    state = new_game()
    text = refusal(state, 0, {"type": "buy", "module": "lotus-laser"})
    assert "`/armada buy`" in text
    state, _ = SYSTEM.apply(state, 0, {"type": "shop"})
    assert "`/armada end-step`" in refusal(state, 0, {"type": "repair"})
    assert "`/armada hire`" in refusal(new_game(), 0, {"type": "hire", "hero": "kisaragi"})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_prompt_of_random_play_names_an_armada_command(players: int):
    """Random legal play (seeded choices from legal() only): each prompt that asks for something other
    than a turn ("alice: your turn") names at least one /armada command, and only commands that exist."""
    rng = random.Random(90 + players)
    state = SYSTEM.setup([f"cap{i}" for i in range(players)], {}, 90 + players)
    kinds = set()
    for _ in range(250):
        prompts = SYSTEM.pending(state)
        if SYSTEM.outcome(state) is not None or not prompts:
            break
        for prompt in prompts:
            commands = named(prompt.text)
            assert commands <= COMMANDS and (commands or prompt.kind == "turn"), prompt.text
            kinds.add(prompt.kind)
        prompt = rng.choice(prompts)
        legal = SYSTEM.legal(state, prompt.seat)
        moves = [a for a in legal if a["type"] not in ("end", "giveup")] or legal
        state, _ = SYSTEM.apply(state, prompt.seat, rng.choice(moves))
    assert {"turn", "assign"} <= kinds, kinds
