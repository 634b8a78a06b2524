"""Grimdark Future Star Quest: redrawing what nobody at the table can see (for the secrets property test).

Every seat sees the same battlefield, so the observer does not matter. What is hidden, and how it is
redrawn:

- the contents of unturned search tokens: drawn again from the search table, as at setup; the Data Core,
  when it still hides under one of them, goes under one of them again (never appears or disappears);
- when enemy Ambush units still waiting off the table arrive: another D3 roll that has not come up yet
  (after 1 + D3 rounds for the starting force, D3 rounds after its wave for a wave's ambusher);
- which units the coming waves bring: the units of all coming waves are dealt again among them (each
  wave keeps its size), and the mission's hidden wave list follows.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Rng

from .content import content
from .missions import draw_contents
from .state import GrimState, Unit


def redraw_hidden(state: GrimState, rng: Rng) -> None:
    """Deal everything face down in ``state`` again, in place, with ``rng``."""
    _redraw_tokens(state, rng)
    _redraw_ambush_rounds(state, rng)
    _redraw_waves(state, rng)


def _redraw_tokens(state: GrimState, rng: Rng) -> None:
    hidden = [t for t in state.tokens if not t.revealed and not t.taken]
    contents = draw_contents(rng, len(hidden))
    if any(t.content == "relic" for t in hidden):
        contents[rng.below(len(contents))] = "relic"
    for token, content_text in zip(hidden, contents, strict=True):
        token.content = content_text


def _number(unit: Unit) -> int:
    """The number in a unit's tag (S1 -> 1, SA -> 10)."""
    suffix = unit.id[1:]
    return int(suffix) if suffix.isdigit() else 10 + ord(suffix) - ord("A")


def _redraw_ambush_rounds(state: GrimState, rng: Rng) -> None:
    units = content().units
    from_force = Counter(units[p.unit].tag for p in state.mission.force)
    for unit in state.units:
        if unit.side != "ai" or unit.placed or unit.due <= state.round:
            continue
        if _number(unit) <= from_force[units[unit.kind].tag]:
            low, high = 2, 4  # the starting force: 1 + D3
        else:
            start = max(
                (w.round for w in state.waves if w.arrived and unit.kind in w.units and w.round < unit.due),
                default=unit.due - 1,
            )
            low, high = start + 1, start + 3  # a wave's ambusher: D3 rounds after its wave
        low = max(low, state.round + 1)
        if low <= unit.due <= high:
            unit.due = rng.randint(low, high)


def _redraw_waves(state: GrimState, rng: Rng) -> None:
    coming = [i for i, w in enumerate(state.waves) if not w.arrived]
    kinds = [kind for i in coming for kind in state.waves[i].units]
    rng.shuffle(kinds)
    mirrored = len(state.mission.waves) == len(state.waves)
    for i in coming:
        wave = state.waves[i]
        wave.units = [kinds.pop() for _ in wave.units]
        if mirrored:
            state.mission.waves[i].units = list(wave.units)
