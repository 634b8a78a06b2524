"""The engine contract every game system implements.

A system subclasses :class:`GameSystem` and fills in ``setup``, ``pending``,
``candidates`` and ``check`` (or ``legal``), ``perform`` and ``outcome`` (plus
``view``/``parse``/``format`` where the defaults do not fit). The public
:meth:`GameSystem.apply` wraps ``perform``: it works on a copy of the state, so a
:class:`RuleError` never leaves a trace, and it collects the narrated events, dice
rolls included.

The cost rule. ``legal()`` runs after every action (to draw the buttons) and on every
autocomplete keystroke, so it must not copy the state or play anything: a copy costs as
much as decoding the whole state. The cheap way, which new games follow from their
first commit:

- ``candidates(state, seat)`` lists every action worth offering, legal or not: the
  moves to each neighbour, an attack on each target in sight... (a superset of ``legal``);
- ``check(state, seat, action)`` reads the state and raises :class:`RuleError` with the
  player's sentence when the rules forbid the action: no copy, no change, no dice;
- ``perform`` begins with the same ``check``, so what ``legal`` offers and what
  ``apply`` accepts are one definition;
- ``legal`` is then ``[a for a in candidates if check passes]`` (the default here).

The reference definition, every candidate that ``apply`` accepts, stays available as
:meth:`GameSystem.legal_by_trial` for tests: a property test compares the two on random
states. Only ``apply`` copies the state (once per accepted action).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

import msgspec

from .errors import RuleError
from .model import Action, BaseState, Choice, Event, OptionSpec, Outcome, Prompt, RngState
from .rng import Rng

Listing = Callable[[], list[Action]]
"""How a caller hands over a position's legal actions it already knows (see ``forced_action``)."""

S = TypeVar("S", bound=BaseState)

LOG_KEEP = 30
"""How many narrated lines a state keeps in ``state.log``."""


@dataclass
class Played(Generic[S]):
    """What :meth:`GameSystem.play` returns: the new state, the narration, and what came to light."""

    state: S
    events: list[Event]
    revealed: list[str]
    """Rolls, drawn cards and turned tokens (as short phrases); empty when the action was foreseeable."""


class Turn:
    """What ``perform`` gets besides the state: the acting seat, dice and a narrator.

    It also keeps track of hidden information the action brought to light: every draw of the
    generator (a die, a shuffle, a random pick) and every :meth:`reveal` the engine reports (a card
    taken from a deck shuffled earlier, a face-down token turned over). What comes after such a
    moment could not have been known before it, so it may never decide whether a command is refused.
    """

    def __init__(self, state: BaseState, seat: int | None) -> None:
        self.seat = seat
        self.events: list[Event] = []
        self.rng = Rng(state.rng, self.events)
        self.revealed: list[str] = []
        self._draws_at_start = state.rng.draws

    def reveal(self, what: str) -> None:
        """Report that hidden information was brought to light (``what`` names it, for the log)."""
        self.revealed.append(what)

    def brought_to_light(self) -> list[str]:
        """Everything unforeseeable that happened: the reveals, and "a die roll" for generator draws."""
        seen = list(self.revealed)
        if any(event.kind == "roll" for event in self.events):
            seen.insert(0, "a die was rolled")
        elif self.rng.state.draws != self._draws_at_start:
            seen.insert(0, "a random draw was made")
        return seen

    @property
    def saw_hidden(self) -> bool:
        """Whether anything unforeseeable happened so far: a draw of the generator or a reveal."""
        if self.revealed or self.rng.state.draws != self._draws_at_start:
            return True
        return any(event.kind == "roll" for event in self.events)

    def say(
        self,
        text: str,
        *,
        kind: str = "info",
        seat: int | None = None,
        concerns: Sequence[int] | None = None,
        **data: object,
    ) -> None:
        """Narrate one public line; ``concerns`` names the seats it happened to (for their catch-up)."""
        tagged = sorted(set(concerns)) if concerns is not None else None
        self.events.append(Event(text=text, kind=kind, seat=seat, data=dict(data) or None, concerns=tagged))

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
    secret_actions: ClassVar[frozenset[str]] = frozenset()
    """Action types chosen in secret (simultaneous commits): front ends offer them only in the seat's
    private view and never show what was chosen (the engine narrates the reveal)."""
    max_batch: ClassVar[int] = 0
    """How many commands one compound command (``{"type": "batch", "actions": [...]}``) may join; 0: none."""

    # -- setup ---------------------------------------------------------------------
    def scenarios(self) -> list[Choice]:
        """Scenarios a host can pick in ``/game new``; empty if the game has none."""
        return []

    def options(self) -> list[OptionSpec]:
        """Setup options a host can pass as ``name=value``."""
        return []

    def lobby_hint(self, options: Mapping[str, str]) -> list[str]:
        """A few lines the lobby shows about choosing this game's setup (what to pass in ``options``)."""
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
        """The actions ``seat`` may take now, where that set is finite (else a useful sample).

        The default keeps the :meth:`candidates` that :meth:`check` allows (see the cost rule above).
        """
        return [action for action in self.candidates(state, seat) if self.allows(state, seat, action)]

    def candidates(self, state: S, seat: int) -> list[Action]:
        """Every action worth offering ``seat`` now, legal or not (a superset of :meth:`legal`)."""
        raise NotImplementedError

    def check(self, state: S, seat: int, action: Action) -> None:
        """Raise :class:`RuleError` if ``seat`` may not take ``action`` now. Reads only: no copy, no change.

        The default plays the action on a copy (correct but slow): systems override it.
        """
        self.apply(state, seat, action)

    def allows(self, state: S, seat: int, action: Action) -> bool:
        try:
            self.check(state, seat, action)
        except RuleError:
            return False
        return True

    def legal_by_trial(self, state: S, seat: int) -> list[Action]:
        """The reference definition of :meth:`legal`: every candidate that :meth:`apply` accepts (slow; tests)."""
        out = []
        for action in self.candidates(state, seat):
            try:
                self.apply(state, seat, action)
            except RuleError:
                continue
            out.append(action)
        return out

    def button_choices(self, state: S, seat: int, legal: list[Action]) -> list[int]:
        """``legal``'s indices, most useful first: the first four get buttons under the board, the rest
        of the ranking heads the drop-down (then every move not ranked, in its order).

        The default takes the first four; a system can rank all its moves.
        """
        return list(range(min(4, len(legal))))

    def public_choices(self, state: S, seat: int, legal: list[Action] | None = None) -> list[Action] | None:
        """``seat``'s legal actions when everyone may see them, else None (the choice is made in private).

        A choice is public when the table could list it from the public view alone: ``legal()`` on
        ``view(state, None)`` gives exactly the same actions (so no button or menu names a card in a
        hand, a face-down token or the next card of a deck), and none of them is a secret pick. Front
        ends show public choices under the board and everything else only to the seat itself.
        ``legal`` is ``legal(state, seat)`` when the caller has it already.
        """
        if legal is None:
            legal = self.legal(state, seat)
        if any(action.get("type") in self.secret_actions for action in legal):
            return None
        if not self.legal_reads_hidden(state, seat):
            return legal
        try:
            public = self.view(state, None)
            if _same_but_seed(public, state):
                return legal  # nothing is hidden, and legal() never depends on the seed
            seen = self.legal(public, seat)
        except Exception:  # a view the game cannot play from (placeholders): the choice is private
            return None
        return legal if seen == legal else None

    def legal_reads_hidden(self, state: S, seat: int) -> bool:
        """Whether ``legal(state, seat)`` may depend on something ``view(state, None)`` hides.

        True (the default) makes :meth:`public_choices` play ``legal()`` again on the public view and
        compare. A game returns False for positions where it knows its legal actions come from public
        facts alone (nothing hidden is read, and no action names a hidden thing), which saves that
        second ``legal()``; ``tests/test_public_choices_claim.py`` checks every such claim on random
        games: ``legal(view(state, None), seat) == legal(state, seat)`` wherever False is returned.
        """
        return True

    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on."""
        raise NotImplementedError

    def hide(self, state: S, seat: int | None) -> S:
        """``state`` with what ``seat`` (or a spectator, ``None``) may not see turned face down: other
        hands, deck orders, face-down tokens, secret picks. Systems override this; callers use :meth:`view`.

        It may return ``state`` itself (nothing to hide) or share unchanged parts with it.
        """
        return state

    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` (or a spectator, ``None``) may see: :meth:`hide`, and never the seed (it would
        predict every roll and shuffle). Bots, front ends and tests all get their states from here.

        When nothing is hidden the result is a shallow copy that shares the rest of the state
        (cheap; callers only read it).
        """
        seen = self.hide(state, seat)
        hidden_seed = RngState(seed=0, draws=state.rng.draws)
        if seen is state:
            return msgspec.structs.replace(state, rng=hidden_seed)
        seen.rng = hidden_seed
        return seen

    def resample(self, state: S, observer: int | None, seed: int) -> S:
        """Another state that ``observer`` (a seat, or ``None`` for a spectator) cannot tell from ``state``.

        Everything hidden from the observer is drawn again, consistently with what it sees: the seed
        (so every future roll and shuffle), other seats' hands, deck orders, face-down tokens.
        ``view(resample(s, o, n), o) == view(s, o)`` always holds. The secrets property test plays both
        states and checks that the observer is told exactly the same things. The default draws only a
        new seed; systems with hidden cards or tokens extend it. ``seed`` drives the redraw (use
        :class:`Rng` on it, never the global random module).
        """
        other = self.clone(state)
        other.rng = RngState(seed=Rng(RngState(seed=seed)).next64() >> 2, draws=state.rng.draws)
        return other

    def private_lines(self, view: S, seat: int) -> list[str]:
        """What only ``seat`` sees, in words, for its private view (a hand of cards); ``view`` is
        ``view(state, seat)``. Empty when the game keeps nothing of a seat's own."""
        return []

    def glossary(self) -> dict[str, str]:
        """The game's terms (as the bot prints them) -> a one-line explanation in our own words, for
        ``/rules`` and for the first time a reply uses a term. Empty when the game has none yet."""
        return {}

    def lookup_term(self, text: str) -> tuple[str, str] | None:
        """The glossary entry a player means by ``text`` (any case, a plural): (term, explanation)."""
        wanted = normalise(text).removesuffix("s")
        for term, explanation in self.glossary().items():
            if normalise(term).removesuffix("s") == wanted:
                return term, explanation
        return None

    def describe(self, state: S) -> str:
        """A compact text form of the state for logs, tests and the console."""
        return f"{self.name}: phase {state.phase}"

    def status_lines(self, state: S) -> list[str]:
        """A compact summary for /game status: round, scores, health, whose turn (a few short lines)."""
        return []

    def action_label(self, state: S, action: Action) -> str:
        """An action in plain words for a button ("Travel to Kagawa"); the notation by default."""
        return self.format(action)

    def forced_action(self, state: S, prompt: Prompt, legal: Listing | None = None) -> Action | None:
        """The one sensible answer to ``prompt``, when there is nothing to decide; else None.

        The session service plays such a step at once (narrated) instead of pinging the
        player: an ``end`` that is all that is left, a turn with nothing to engage. Only the game
        knows when ``legal()`` lists every choice (a typed loadout may not be listed), so the
        default forces nothing; :func:`only_choice` helps games that do list everything.
        ``legal``: gives ``legal(state, prompt.seat)`` as the caller already knows it (the service
        keeps it for the position's buttons); read it with :meth:`legal_from`.
        """
        return None

    def legal_from(self, state: S, seat: int, legal: Listing | None) -> list[Action]:
        """``legal(state, seat)``, from the caller's ``legal`` when given (callers only read it)."""
        return legal() if legal is not None else self.legal(state, seat)

    def warm_up(self) -> None:
        """Build, once per process and before the first game, what every game of this system will need
        (tables per board, say), so no player's turn pays for it. The bot calls it at start-up."""

    def ai_action(self, view: S, seat: int, seed: int) -> Action | None:
        """A bot seat's choice, made from that seat's own view only; None when the game has no bot."""
        return None

    # -- actions ---------------------------------------------------------------------
    def apply(self, state: S, seat: int | None, action: Action) -> tuple[S, list[Event]]:
        """Check and apply ``action`` by ``seat``; return the new state and what happened.

        ``seat`` is ``None`` for actions the platform takes on nobody's behalf
        (none in the current systems, reserved for timers). Raises
        :class:`RuleError` and leaves ``state`` untouched when the rules forbid it.
        """
        played = self.play(state, seat, action)
        return played.state, played.events

    def play(self, state: S, seat: int | None, action: Action) -> Played[S]:
        """Like :meth:`apply`, and also says what the action brought to light (rolls, cards, tokens)."""
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise RuleError("That is not an action I understand.")
        if self.outcome(state) is not None:
            raise RuleError("This game is over.")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.seats)):
            raise RuleError("You do not have a seat in this game.")
        new = self.clone(state)
        turn = Turn(new, seat)
        if action["type"] == BATCH:
            self.perform_batch(new, seat, action.get("actions"), turn)
        else:
            self.perform(new, seat, dict(action), turn)
        new.log = (new.log + [e.text for e in turn.events if e.visible_to is None])[-LOG_KEEP:]
        return Played(new, turn.events, turn.brought_to_light())

    def perform(self, state: S, seat: int | None, action: Action, turn: Turn) -> None:
        """Mutate ``state`` (already a private copy) or raise :class:`RuleError`."""
        raise NotImplementedError

    def perform_batch(self, state: S, seat: int | None, steps: object, turn: Turn) -> None:
        """Play the commands of a compound command in order.

        Until something hidden comes to light (a roll, a drawn card, a revealed token), everything
        is foreseeable, so a refused command refuses the whole compound command and nothing is
        played. After that moment a refusal could depend on what was revealed: the command stops
        there, what happened stays (the rolls were real), and the commands not played are narrated
        with the reason. Either way, whether the compound command is accepted never depends on a
        die or card nobody had seen.
        """
        if not self.max_batch:
            raise RuleError("Give one command at a time in this game.")
        if not isinstance(steps, list) or not steps:
            raise RuleError("A compound command needs a list of commands.")
        if len(steps) > self.max_batch:
            raise RuleError(f"At most {self.max_batch} commands at once.")
        for step in steps:
            if not isinstance(step, Mapping) or not isinstance(step.get("type"), str) or step["type"] == BATCH:
                raise RuleError("Each part of a compound command must be a single command.")
        for index, step in enumerate(steps):
            if index and self.outcome(state) is not None:
                self._narrate_not_played(turn, seat, steps[index:], "the game is over")
                return
            hidden_seen = turn.saw_hidden
            snapshot = self.clone(state)
            told = len(turn.events)
            try:
                self._check_batch_step(state, seat, step, index)
                self.perform(state, seat, dict(step), turn)
            except RuleError as exc:
                if not hidden_seen:
                    if len(steps) == 1:
                        raise
                    raise RuleError(
                        f"Command {index + 1} (`{self.format(dict(step))}`): {exc} Nothing was played."
                    ) from None
                restore_in_place(state, snapshot)
                del turn.events[told:]
                self._narrate_not_played(turn, seat, steps[index:], str(exc))
                return

    def _check_batch_step(self, state: S, seat: int | None, step: Mapping, index: int) -> None:
        """A later command of a compound command must still be the seat's to give."""
        if index == 0 or seat is None or step["type"] in self.free_actions:
            return
        if seat not in {p.seat for p in self.pending(state)}:
            raise RuleError("It is no longer your turn.")

    def _narrate_not_played(self, turn: Turn, seat: int | None, rest: Sequence[Mapping], reason: str) -> None:
        """Say which commands of a compound command were not played, and why."""
        first, *others = (f"`{self.format(dict(step))}`" for step in rest)
        turn.say(f"Not played: {first}: {reason.rstrip('.')}.", kind="warn", seat=seat)
        if others:
            turn.say(
                f"Also not played: {'; '.join(others)} (a command stops at the first part that cannot be played).",
                kind="warn",
                seat=seat,
            )

    def default_action(self, state: S, prompt: Prompt) -> Action:
        """What happens when the host times out an absent player."""
        if prompt.default is None:
            raise RuleError("This decision has no default; the player must make it.")
        return prompt.default

    # -- notation ----------------------------------------------------------------------
    def format(self, action: Action) -> str:
        """Text notation of an action: its type, then its values in order."""
        if action.get("type") == BATCH:
            return "; ".join(self.format(dict(a)) for a in action.get("actions", []) if isinstance(a, Mapping))
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


def only_choice(legal: Sequence[Action], free: frozenset[str] = frozenset()) -> Action | None:
    """The single legal action that is not a free standing order, if there is exactly one."""
    real = [a for a in legal if a.get("type") not in free]
    return real[0] if len(real) == 1 else None


BATCH = "batch"
"""The action type of a compound command: ``{"type": "batch", "actions": [action, ...]}``."""


def restore_in_place(state: BaseState, snapshot: BaseState) -> None:
    """Put ``snapshot``'s fields back into ``state`` in place; the generator object stays the same
    one (the :class:`Turn` holds it), only its position goes back."""
    for name in state.__struct_fields__:
        if name == "rng":
            state.rng.draws = snapshot.rng.draws
        else:
            setattr(state, name, getattr(snapshot, name))


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


def _same_but_seed(view: BaseState, state: BaseState) -> bool:
    """Whether ``view`` is ``state`` with only the seed hidden (the cheap case of ``public_choices``)."""
    if view.rng.draws != state.rng.draws:
        return False
    return msgspec.msgpack.encode(msgspec.structs.replace(view, rng=state.rng)) == msgspec.msgpack.encode(state)
