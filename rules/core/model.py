"""Plain data shared by every rules engine: actions, events, prompts, outcomes, state."""

from __future__ import annotations

from typing import Any

import msgspec

Action = dict[str, Any]
"""An action is plain data, e.g. ``{"type": "move", "path": ["B2", "B3"]}``."""


class Event(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One narrated line of what happened.

    ``visible_to`` limits a private event (a card drawn into a hand) to one seat;
    public channels never show it. ``concerns`` names the seats the event happened to (a hit
    taken, a card lost, a hero downed), for a returning player's catch-up; None when the engine
    does not say (the platform then guesses from ``seat``, ``visible_to`` and the seat's name).
    """

    text: str
    kind: str = "info"  # info | roll | turn | warn | end | private
    seat: int | None = None
    visible_to: int | None = None
    data: dict[str, Any] | None = None
    concerns: list[int] | None = None


class Prompt(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Somebody must decide something now.

    ``default`` is the action the host may apply for an absent player after the
    reminder deadline; every prompt should have one so no game can freeze.
    """

    seat: int
    kind: str  # turn | reaction | reroll | assign | choice | setup
    text: str
    default: Action | None = None


class Outcome(msgspec.Struct, kw_only=True, omit_defaults=True):
    """How a finished game ended. ``result`` is ``win``, ``loss`` (co-op), or ``draw``."""

    result: str
    winners: list[int] = []
    scores: dict[int, int] = {}
    summary: str = ""


class Choice(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A named option shown in menus (scenarios, option values)."""

    value: str
    label: str
    help: str = ""


class OptionSpec(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A setup option a host may pass as ``name=value`` in ``/game new options:``."""

    name: str
    help: str
    default: str
    choices: list[str] = []  # empty: free integer/text, validated by the system


class RngState(msgspec.Struct, kw_only=True):
    """Serialisable generator state: the seed and how many 64-bit words were drawn."""

    seed: int
    draws: int = 0


class BaseState(msgspec.Struct, kw_only=True):
    """Fields every game state carries. Systems subclass this with their own fields.

    ``log`` keeps the last few narrated lines so a state alone tells a returning
    player what just happened; the full history lives in the session's action log.
    """

    system: str
    schema: int
    seats: list[str]
    phase: str
    rng: RngState
    log: list[str] = []
