"""The engine contract every game system implements.

A system subclasses :class:`GameSystem` and fills in ``setup``, ``pending``,
``legal``, ``perform`` and ``outcome`` (plus ``view``/``parse``/``format`` where
the defaults do not fit). The public :meth:`GameSystem.apply` wraps ``perform``:
it works on a copy of the state, so a :class:`RuleError` never leaves a trace,
and it collects the narrated events, dice rolls included.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import ClassVar, Generic, TypeVar

import msgspec

from .errors import RuleError
from .model import Action, BaseState, Choice, Event, OptionSpec, Outcome, Prompt, RngState
from .rng import Rng

S = TypeVar("S", bound=BaseState)

LOG_KEEP = 30
"""How many narrated lines a state keeps in ``state.log``."""


class Turn:
    """What ``perform`` gets besides the state: the acting seat, dice and a narrator."""

    def __init__(self, state: BaseState, seat: int | None) -> None:
        self.seat = seat
        self.events: list[Event] = []
        self.rng = Rng(state.rng, self.events)

    def say(self, text: str, *, kind: str = "info", seat: int | None = None, **data: object) -> None:
        """Narrate one public line."""
        self.events.append(Event(text=text, kind=kind, seat=seat, data=dict(data) or None))

    def tell(self, seat: int, text: str) -> None:
        """Narrate a line only ``seat`` may see (a card drawn into a hand)."""
        self.events.append(Event(text=text, kind="private", seat=seat, visible_to=seat))


class GameSystem(Generic[S]):
    """Base class of a rules engine. Instances are stateless; all state is in ``S``."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 4
    state_type: ClassVar[type[BaseState]]
    schema_version: ClassVar[int] = 1
    summary: ClassVar[str] = ""
    free_actions: ClassVar[frozenset[str]] = frozenset()
    """Action types a seat may take at any time, not only when prompted (standing preferences...)."""

    # -- setup ---------------------------------------------------------------------
    def scenarios(self) -> list[Choice]:
        """Scenarios a host can pick in ``/game new``; empty if the game has none."""
        return []

    def options(self) -> list[OptionSpec]:
        """Setup options a host can pass as ``name=value``."""
        return []

    def seat_labels(self, count: int) -> list[str]:
        """Names of the seats in the lobby (crew colours, ship names...)."""
        return [f"Seat {i + 1}" for i in range(count)]

    def setup(self, seats: Sequence[str], options: Mapping[str, str], seed: int) -> S:
        raise NotImplementedError

    # -- queries ---------------------------------------------------------------------
    def pending(self, state: S) -> list[Prompt]:
        """Who must decide what now. Empty when the game is over."""
        raise NotImplementedError

    def legal(self, state: S, seat: int) -> list[Action]:
        """The actions ``seat`` may take now, where that set is finite (else a useful sample)."""
        raise NotImplementedError

    def button_choices(self, state: S, seat: int, legal: list[Action]) -> list[int]:
        """Which of ``legal`` (by index) deserve a button under the board; at most 4.

        The default takes the first four; a system can put its most useful moves first.
        """
        return list(range(min(4, len(legal))))

    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` (or a spectator, ``None``) may see. Override to hide secrets."""
        return state

    def player_view(self, state: S, seat: int | None) -> S:
        """What front ends show: :meth:`view`, and never the seed (it would predict every roll and shuffle)."""
        seen = self.view(state, seat)
        if seen is state:
            seen = self.clone(state)
        seen.rng = RngState(seed=0, draws=seen.rng.draws)
        return seen

    def describe(self, state: S) -> str:
        """A compact text form of the state for logs, tests and the console."""
        return f"{self.name}: phase {state.phase}"

    # -- actions ---------------------------------------------------------------------
    def apply(self, state: S, seat: int | None, action: Action) -> tuple[S, list[Event]]:
        """Check and apply ``action`` by ``seat``; return the new state and what happened.

        ``seat`` is ``None`` for actions the platform takes on nobody's behalf
        (none in the current systems, reserved for timers). Raises
        :class:`RuleError` and leaves ``state`` untouched when the rules forbid it.
        """
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise RuleError("That is not an action I understand.")
        if self.outcome(state) is not None:
            raise RuleError("This game is over.")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.seats)):
            raise RuleError("You do not have a seat in this game.")
        new = self.clone(state)
        turn = Turn(new, seat)
        self.perform(new, seat, dict(action), turn)
        new.log = (new.log + [e.text for e in turn.events if e.visible_to is None])[-LOG_KEEP:]
        return new, turn.events

    def perform(self, state: S, seat: int | None, action: Action, turn: Turn) -> None:
        """Mutate ``state`` (already a private copy) or raise :class:`RuleError`."""
        raise NotImplementedError

    def default_action(self, state: S, prompt: Prompt) -> Action:
        """What happens when the host times out an absent player."""
        if prompt.default is None:
            raise RuleError("This decision has no default; the player must make it.")
        return prompt.default

    # -- notation ----------------------------------------------------------------------
    def format(self, action: Action) -> str:
        """Text notation of an action: its type, then its values in order."""
        parts = [str(action["type"])]
        for key, value in action.items():
            if key == "type":
                continue
            if isinstance(value, list | tuple):
                parts.extend(str(v) for v in value)
            else:
                parts.append(str(value))
        return " ".join(parts)

    def parse(self, text: str, state: S, seat: int) -> Action:
        """Turn typed notation into an action by matching it against ``legal``.

        Systems whose actions cannot be listed override this.
        """
        wanted = normalise(text)
        if not wanted:
            raise RuleError("Type an action, for example one of the suggestions.")
        options = self.legal(state, seat)
        for action in options:
            if normalise(self.format(action)) == wanted:
                return action
        hint = ", ".join(self.format(a) for a in options[:6])
        if not options:
            raise RuleError("You have nothing to do right now.")
        raise RuleError(f"'{text.strip()[:60]}' is not something you can do now. Try: {hint}.")

    # -- serialisation -------------------------------------------------------------------
    def clone(self, state: S) -> S:
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=type(state))

    def dumps(self, state: S) -> bytes:
        return msgspec.json.encode(state)

    def loads(self, raw: bytes | str) -> S:
        return msgspec.json.decode(raw, type=self.state_type)


_SPACES = re.compile(r"\s+")
_OPTION_SPLIT = re.compile(r"\s+|,(?=\s*[A-Za-z_][\w-]*=)")


def normalise(text: str) -> str:
    """Lower-case, single-spaced notation for comparing what a player typed."""
    return _SPACES.sub(" ", str(text).strip().lower())


def parse_options(text: str | None, specs: Sequence[OptionSpec]) -> dict[str, str]:
    """Parse ``name=value name=value`` against ``specs``, filling in defaults."""
    result = {spec.name: spec.default for spec in specs}
    known = {spec.name: spec for spec in specs}
    # Options are separated by spaces or by commas that start a new name=; other commas stay
    # inside a value, so lists like ships=hades,pathfinder survive.
    for token in _OPTION_SPLIT.split((text or "").strip()):
        token = token.strip().strip(",")
        if not token:
            continue
        name, sep, value = token.partition("=")
        name = name.strip().lower()
        if not sep or not value:
            raise RuleError(f"Options are written name=value; '{token[:40]}' is not.")
        spec = known.get(name)
        if spec is None:
            names = ", ".join(known) or "none"
            raise RuleError(f"There is no option '{name[:30]}'. Options: {names}.")
        if spec.choices and value not in spec.choices:
            raise RuleError(f"Option {name} must be one of: {', '.join(spec.choices)}.")
        result[name] = value
    return result
