"""Quasar Search: the GameSystem (setup, prompts, legal actions, views, outcome)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import (
    Action,
    Choice,
    GameSystem,
    Listing,
    OptionSpec,
    Outcome,
    Prompt,
    RngState,
    RuleError,
    Turn,
    only_choice,
)
from rules.core.game import LOG_KEEP

from . import decisions, glossary, public, views, words
from .content import LIS, content
from .copies import copy_state
from .flow import start
from .hand import hand_lines
from .held import holding, moved
from .redraw import redraw
from .state import QuasarState, owned_key
from .steps import take
from .zones import add_card, cards_in, deck, hand

DEFAULT_FACTIONS = ("corsairs", "meridian", "helix", "wardens")
MAX_BATCH = 6


class Quasar(GameSystem[QuasarState]):
    id = "quasar"
    name = "Quasar Search"
    min_seats = 1
    max_seats = 4
    max_batch = MAX_BATCH
    secret_actions = frozenset({"commit", "stall", "rank"})
    state_type = QuasarState
    summary = (
        "Co-op deck-builder: a mission of three Acts, each of three Challenges. Everyone commits a card in "
        "secret, then the team must meet the Challenge's Target together."
    )

    # -- setup -------------------------------------------------------------------------------------------
    def scenarios(self) -> list[Choice]:
        return [
            Choice(value=m.key, label=m.name, help=f"{m.difficulty}. {m.brief}" if m.difficulty else m.brief)
            for m in content().missions.values()
        ]

    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec(name="mission", help="which mission", default="first-light", choices=list(content().missions)),
            OptionSpec(
                name="factions",
                help="each seat's faction joined with +, e.g. helix+wardens (default: seat order)",
                default="",
            ),
        ]

    def seat_labels(self, count: int) -> list[str]:
        return [f"Crew {i + 1}" for i in range(count)]

    def _factions(self, text: str, n: int) -> list[str]:
        known = content().factions
        picks = []
        for raw in [p for p in text.replace(",", "+").split("+") if p.strip()]:
            word = raw.strip().lower()
            match = [k for k, f in known.items() if word in (k, f.name.lower())]
            if not match:
                raise RuleError(f"There is no faction '{word[:20]}'. Factions: {', '.join(known)}.")
            if match[0] in picks:
                raise RuleError(f"{known[match[0]].name} can only be played by one player.")
            picks.append(match[0])
        if len(picks) > n:
            raise RuleError(f"{len(picks)} factions named for {n} player{'s' if n > 1 else ''}.")
        for key in DEFAULT_FACTIONS:
            if len(picks) < n and key not in picks:
                picks.append(key)
        return picks

    def setup(self, seats: Sequence[str], options: Mapping[str, str], seed: int) -> QuasarState:
        c = content()
        n = len(seats)
        if not self.min_seats <= n <= self.max_seats:
            raise RuleError("Quasar Search takes 1 to 4 players.")
        wanted = str(options.get("scenario") or options.get("mission") or "first-light").strip().lower()
        match = [k for k, m in c.missions.items() if wanted in (k, m.name.lower())]
        if not match:
            raise RuleError(f"There is no mission '{wanted[:30]}'. Missions: {', '.join(c.missions)}.")
        mission = c.missions[match[0]]
        factions = self._factions(str(options.get("factions", "") or ""), n)
        st = QuasarState(
            system=self.id,
            schema=self.schema_version,
            seats=list(seats),
            phase="setup",
            rng=RngState(seed=int(seed)),
            mission=mission.key,
            factions=factions,
            glory=[0] * n,
            lessons=[0] * n,
            damage=[0] * n,
            commits=[[] for _ in range(n)],
            committed=[False] * n,
            picks=[0] * n,
            picked=[False] * n,
        )
        turn = Turn(st, None)
        # Mission Setup: the Mission card, Morale, the scenario deck, Lost in Space in the box.
        add_card(st, mission.key, "mission")
        st.morale_start = st.morale = c.starting_morale(n)
        for act_key in mission.acts:
            add_card(st, act_key, "scenario")
            chosen = list(c.cards[act_key].challenges)
            turn.rng.shuffle(chosen)
            keep = c.tuning.challenges_per_act
            for key in chosen[:keep]:
                add_card(st, key, "scenario")
            for key in chosen[keep:]:  # set aside unseen: face-down in the box
                st.cards[add_card(st, key)].down = True
                moved()
        for _ in range(c.tuning.lis_copies):
            add_card(st, LIS)
        turn.say(f"Mission: {mission.name}. {mission.brief} Morale starts at {st.morale}.")
        # Player Setup: faction card, Rank Cards, reserve, shuffled starter deck, a hand.
        for seat, key in enumerate(factions):
            faction = c.factions[key]
            add_card(st, faction.card, owned_key("personal", seat))
            for r in faction.ranks:
                add_card(st, r, owned_key("ranks", seat), seat)
            turn.rng.shuffle(st.zones[owned_key("ranks", seat)])
            for r in faction.reserve:
                add_card(st, r, owned_key("reserve", seat), seat)
            for card in faction.starter:
                add_card(st, card, owned_key("deck", seat), seat)
            turn.rng.shuffle(st.zones[owned_key("deck", seat)])
            for _ in range(min(c.base_hand_size(n), len(deck(st, seat)))):
                take(st, turn, seat, owned_key("deck", seat))
            turn.say(f"{seats[seat]} plays the {faction.name} (Rankbreaker {faction.rankbreaker}).")
        for cid in cards_in(st, "mission"):
            st.cards[cid].by = None
        moved()
        start(st, turn)
        st.log = [e.text for e in turn.events if e.visible_to is None][-LOG_KEEP:]
        return st

    # -- queries -----------------------------------------------------------------------------------------
    def pending(self, state: QuasarState) -> list[Prompt]:
        with holding(state):
            return decisions.prompts(state)

    def legal(self, state: QuasarState, seat: int) -> list[Action]:
        """The checked candidates (:func:`.decisions.legal`: each decision's facts are found once)."""
        if state.result:
            return []
        with holding(state):
            return decisions.legal(state, seat)

    def candidates(self, state: QuasarState, seat: int) -> list[Action]:
        return decisions.candidates(state, seat)

    def check(self, state: QuasarState, seat: int, action: Action) -> None:
        if state.result:
            raise RuleError("This game is over.")
        decisions.check(state, seat, action)

    def legal_reads_hidden(self, state: QuasarState, seat: int) -> bool:
        """False where the decision's list comes from public facts alone (see :mod:`.public`)."""
        return public.legal_reads_hidden(state, seat)

    def outcome(self, state: QuasarState) -> Outcome | None:
        if not state.result:
            return None
        scores = dict(enumerate(state.glory))
        winners = list(range(len(state.seats))) if state.result == "win" else []
        return Outcome(result=state.result, winners=winners, scores=scores, summary=state.summary)

    def clone(self, state: QuasarState) -> QuasarState:
        """A deep copy, the cards copied one by one rather than decoded (:mod:`.copies`)."""
        return copy_state(state)

    def hide(self, state: QuasarState, seat: int | None) -> QuasarState:
        return views.view(state, seat)

    def resample(self, state: QuasarState, observer: int | None, seed: int) -> QuasarState:
        """A new seed, and what ``observer`` cannot see dealt again (see :mod:`rules.quasar.redraw`)."""
        other = super().resample(state, observer, seed)
        redraw(other, observer, seed)
        return other

    def private_lines(self, view: QuasarState, seat: int) -> list[str]:
        return hand_lines(view, seat)

    def describe(self, state: QuasarState) -> str:
        return words.describe(state)

    def glossary(self) -> dict[str, str]:
        """Every term the bot prints -> a short explanation (:mod:`.glossary`; any spelling a player types
        is found with :func:`rules.quasar.glossary.lookup`)."""
        return glossary.glossary()

    def lookup_term(self, text: str) -> tuple[str, str] | None:
        return glossary.lookup(text)

    def status_lines(self, state: QuasarState) -> list[str]:
        return words.status_lines(state)

    def action_label(self, state: QuasarState, action: Action) -> str:
        return words.action_label(state, action)

    def forced_action(self, state: QuasarState, prompt: Prompt, legal: Listing | None = None) -> Action | None:
        """The one answer, unless being the only one would tell the table about a hidden hand (a
        discard from a hand of twins is still asked for)."""
        task = decisions.task_for(state, prompt.seat)
        if task is not None and task.kind in ("trim", "discard") and len(hand(state, prompt.seat)) > 1:
            return None
        return only_choice(self.legal_from(state, prompt.seat, legal))

    def button_choices(self, state: QuasarState, seat: int, legal: list[Action]) -> list[int]:
        """Secret choices get no buttons (a button on the public board would show a hand's shape)."""
        if legal and legal[0].get("type") in ("commit", "stall", "rank"):
            return []
        return list(range(min(4, len(legal))))

    def ai_action(self, view: QuasarState, seat: int, seed: int) -> Action | None:
        from .ai import choose

        return choose(view, seat, seed)

    def parse(self, text: str, state: QuasarState, seat: int) -> Action:
        """The notation; ``commit 2 5`` is read even when not listed (Overcommit additions are not listed)."""
        words = text.split()
        if len(words) >= 2 and words[0].lower() == "commit" and all(w.isdigit() for w in words[1:]):
            return {"type": "commit", "cards": [int(w) for w in words[1:]]}
        return super().parse(text, state, seat)

    # -- actions -----------------------------------------------------------------------------------------
    def perform(self, state: QuasarState, seat: int | None, action: Action, turn: Turn) -> None:
        if seat is None:
            raise RuleError("Every Quasar Search decision belongs to a player.")
        with holding(state):
            decisions.perform(state, seat, action, turn)


__all__ = ["Quasar"]
