"""Helpers for the Quasar Search tests: build positions, play decisions, add test-only cards.

``extra_content(toml)`` loads the shipped data plus some cards written for a test (appended to the
Corsairs reserve), for rules the shipped cards do not exercise; use it with ``using(...)``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.core import RuleError, Turn
from rules.quasar import SYSTEM as S
from rules.quasar.content import DATA, Content, load
from rules.quasar.state import QuasarState, owned_key
from rules.quasar.zones import add_card, cards_in, hand, move, to_box


def extra_content(tmp: Path, cards: str) -> Content:
    """The shipped content plus ``cards`` (TOML ``[[card]]`` entries, set = "reserve") as Corsairs cards."""
    folder = tmp / "quasar-data"
    shutil.copytree(DATA, folder)
    path = folder / "faction_corsairs.toml"
    path.write_text(path.read_text() + "\n" + cards)
    return load(folder)


def game(n: int = 2, mission: str = "first-light", seed: int = 1, factions: str = "") -> QuasarState:
    seats = ["ann", "bob", "cat", "dan"][:n]
    options = {"mission": mission}
    if factions:
        options["factions"] = factions
    return S.setup(seats, options, seed)


def act(state: QuasarState, seat: int, action: dict) -> tuple[QuasarState, list]:
    return S.apply(state, seat, action)


def refused(state: QuasarState, seat: int, action: dict, match: str) -> None:
    """``action`` is refused with a message containing ``match``, and the state is untouched."""
    before = S.dumps(state)
    with pytest.raises(RuleError, match=match):
        S.apply(state, seat, action)
    assert S.dumps(state) == before
    assert action not in S.legal(state, seat)


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


def pick_ranks(state: QuasarState, values: list[int] | None = None) -> QuasarState:
    """Everyone picks a Rank Card (the given values, else the first unused)."""
    from rules.quasar.content import content

    for seat in range(len(state.seats)):
        if state.tasks[0].kind != "rank" or state.picked[seat]:
            continue
        slot = 1
        if values is not None:
            ids = cards_in(state, owned_key("ranks", seat))
            slot = [content().cards[state.cards[c].key].rank for c in ids].index(values[seat]) + 1
        state, _ = act(state, seat, {"type": "rank", "slot": slot})
    return state


def play_until(state: QuasarState, kind: str, limit: int = 200) -> QuasarState:
    """Answer every decision by its default (pass, glory...) until a ``kind`` decision is on top."""
    for _ in range(limit):
        if S.outcome(state) is not None or (state.tasks and state.tasks[0].kind == kind):
            return state
        prompt = S.pending(state)[0]
        state, _ = act(state, prompt.seat, _sensible_default(state, prompt))
    raise AssertionError(f"no {kind} decision within {limit} steps")


def _sensible_default(state: QuasarState, prompt) -> dict:
    if prompt.default and prompt.default.get("type") == "stall":
        return {"type": "commit", "cards": [1] if len(state.seats) > 1 else [1, 2]}
    return prompt.default


def set_hand(state: QuasarState, seat: int, keys: list[str]) -> list[str]:
    """Replace ``seat``'s hand with new cards ``keys`` (the old ones go to the box)."""
    for cid in list(hand(state, seat)):
        to_box(state, cid)
    return [add_card(state, key, owned_key("hand", seat), seat) for key in keys]


def place(state: QuasarState, key: str, zone: str, by: int | None = None) -> str:
    """A new card instance of ``key`` in ``zone``."""
    return add_card(state, key, zone, by)


def commit_all(state: QuasarState, hands: dict[int, list[str]]) -> QuasarState:
    """Give each seat the hand ``hands[seat]`` and commit all of it (at a commit decision)."""
    assert state.tasks[0].kind == "commit", state.tasks[0]
    for seat, keys in hands.items():
        set_hand(state, seat, keys)
    for seat, keys in hands.items():
        state, _ = act(state, seat, {"type": "commit", "cards": list(range(1, len(keys) + 1))})
    return state


def turn(state: QuasarState) -> Turn:
    return Turn(state, None)


def move_card(state: QuasarState, cid: str, zone: str, by: int | None = None) -> None:
    move(state, cid, zone, by)
