"""Grimdark Future Star Quest as a :class:`~rules.core.GameSystem`: setup, prompts, legal commands,
hidden information, text forms and the bot seats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from rules.core import Action, Choice, GameSystem, Listing, OptionSpec, Outcome, Prompt, RngState, RuleError, Turn
from rules.core.rng import Rng

from . import actions, aimed, paths
from .bots import choose
from .campaign import CAMP, affordable, conclude
from .content import cell_name, content
from .dice import POLICIES
from .memo import legal_by_position, remembered
from .missions import DEFAULT_PARTY, begin, build, mission_spec
from .notation import format_action, parse_action
from .options import candidates, closest, deploy_legal, legal_of, shot_span
from .secrets import redraw_hidden
from .state import GrimState, HeroSheet, Model, Unit
from .units import enemies, heroes, name, stats
from .words import describe, label, status_lines

HOUSE = {
    "exhaustion": ("whole", ("whole", "shortfall"), "power short: take all of it as wounds, or only the shortfall"),
    "double_skill": ("yes", ("yes", "no"), "the main action may be a second Skill action"),
    "morale": ("every", ("every", "first"), "test morale every time a hurt unit is at half, or only the first"),
    "dangerous": ("tou", ("tou", "one"), "a single model rolls Tou dice on dangerous ground, or one die"),
    "drops": ("jump", ("jump", "climb"), 'a hero jumps drops over 3" (the book), or may climb down at their height'),
}
"""House rules for what the sheet leaves to common sense: name -> (default, choices, meaning)."""


class Grimdark(GameSystem[GrimState]):
    id = "grimdark"
    name = "Grimdark Future Star Quest"
    min_seats = 1
    max_seats = 4
    state_type = GrimState
    summary = (
        "Co-op skirmish: 2-4 heroes with power fight enemy units run by the AI flowchart, on a battlefield "
        "measured in inches; one mission, the Ashfall campaign, or endless drawn missions. Pick the heroes "
        "with options:heroes=kessa+orrin (see /grimdark help)."
    )
    free_actions = frozenset({"policy"})
    max_batch = 6

    # -- setup ---------------------------------------------------------------------------------------
    def scenarios(self) -> list[Choice]:
        c = content()
        out = [Choice(value=k, label=f"Campaign: {v.name}", help=v.brief) for k, v in c.campaigns.items()]
        out.append(Choice(value="builder", label="Campaign builder: endless drawn missions", help="until a loss"))
        out += [Choice(value=k, label=f"Mission: {m.name}", help=m.brief) for k, m in c.missions.items()]
        return out

    def options(self) -> list[OptionSpec]:
        out = [
            OptionSpec(
                name="heroes",
                help=f"2-4, or names joined by +: {' '.join(content().heroes)}",
                default="",
            ),
            OptionSpec(
                name="table",
                help="full 48x48 table, or half 24x24 with distances halved",
                default="full",
                choices=["full", "half"],
            ),
        ]
        out += [OptionSpec(name=k, help=h, default=d, choices=list(ch)) for k, (d, ch, h) in HOUSE.items()]
        return out

    def lobby_hint(self, options: Mapping[str, str]) -> list[str]:
        """How to choose the party, with every hero and their role."""
        heroes = content().heroes
        roster = ", ".join(f"`{key}` ({hero.name}, {hero.role})" for key, hero in heroes.items())
        picked = str(options.get("heroes") or "")
        default = "+".join(DEFAULT_PARTY)
        if not picked or picked.isdigit():
            count = f"{picked} heroes" if picked else "one hero per player (at least 2)"
            chosen = f"{count}, taken in this order: {default}"
        else:
            chosen = picked
        return [
            f"Heroes: {chosen}. The host picks them when opening the table, e.g. "
            "`/game new system:grimdark options:heroes=kessa+orrin+ash` (2 to 4 heroes).",
            f"Heroes to choose from: {roster}.",
        ]

    def seat_labels(self, count: int) -> list[str]:
        return [f"Player {i + 1}" for i in range(count)]

    def setup(self, seats: Sequence[str], options: Mapping[str, str], seed: int) -> GrimState:
        c = content()
        if not 1 <= len(seats) <= 4:
            raise RuleError("Grimdark Future Star Quest takes 1 to 4 players.")
        scenario = str(options.get("scenario") or next(iter(c.campaigns))).strip().lower()
        party = self._party(str(options.get("heroes") or ""), len(seats))
        half = str(options.get("table") or "full") == "half"
        house = {k: str(options.get(k) or d) for k, (d, _, _) in HOUSE.items()}
        for key, value in house.items():
            if value not in HOUSE[key][1]:
                raise RuleError(f"Option {key} must be one of: {', '.join(HOUSE[key][1])}.")
        rng_state = RngState(seed=seed)
        rng = Rng(rng_state)
        if scenario in c.campaigns:
            mode, campaign = "campaign", scenario
            spec = mission_spec(c.campaigns[scenario].missions[0], len(party))
        elif scenario == "builder":
            mode, campaign = "builder", ""
            spec = build(rng, len(party), 1)
        elif scenario in c.missions:
            mode, campaign = "mission", ""
            spec = mission_spec(scenario, len(party))
        else:
            names = ", ".join(ch.value for ch in self.scenarios())
            raise RuleError(f"There is no scenario '{scenario[:30]}'. Scenarios: {names}.")
        state = GrimState(
            system=self.id,
            schema=self.schema_version,
            seats=list(seats),
            phase="deploy",
            rng=rng_state,
            mode=mode,
            campaign=campaign,
            mission=spec,
            half=half,
            house=house,
        )
        for index, key in enumerate(party):
            seat = index % len(seats)
            state.party.append(HeroSheet(key=key, seat=seat))
            state.units.append(Unit(id=key, kind=key, side="hero", seat=seat, models=[Model(x=0, y=0)]))
        begin(state, rng, spec)
        return state

    @staticmethod
    def _party(text: str, seats: int) -> list[str]:
        c = content()
        text = text.strip().lower()
        if not text or text.isdigit():
            count = int(text) if text else max(2, seats)
            if not 2 <= count <= 4:
                raise RuleError("A party has 2 to 4 heroes.")
            if count < seats:
                raise RuleError(f"{seats} players need at least {seats} heroes.")
            return list(DEFAULT_PARTY[:count])
        keys = [k.strip() for k in text.replace(",", "+").split("+") if k.strip()]
        for key in keys:
            if key not in c.heroes:
                raise RuleError(f"There is no hero '{key[:20]}'. Heroes: {', '.join(c.heroes)}.")
        if len(set(keys)) != len(keys):
            raise RuleError("Each hero can join the party only once.")
        if not 2 <= len(keys) <= 4 or len(keys) < seats:
            raise RuleError(f"A party has 2 to 4 heroes, at least one per player ({seats}).")
        return keys

    # -- queries ---------------------------------------------------------------------------------------
    @staticmethod
    def _setup_task(state: GrimState, seat: int) -> str:
        if state.phase == "deploy":
            return "deploy your heroes or ready"
        mine = {h.id for h in heroes(state) if h.seat == seat}
        if any(affordable(p) for p in state.party if p.key in mine):
            return "train your heroes or ready"
        return "ready for the next mission (no hero of yours has XP enough for an advance)"

    def pending(self, state: GrimState) -> list[Prompt]:
        with remembered():  # the defaults' checks ask the same questions of one unchanging state
            return self._pending(state)

    def _pending(self, state: GrimState) -> list[Prompt]:
        if state.phase == "over":
            return []
        players = sorted({h.seat for h in heroes(state)})
        if state.phase in ("deploy", CAMP):
            return [
                Prompt(
                    seat=s,
                    kind="setup",
                    text=f"{state.seats[s]}: {self._setup_task(state, s)}",
                    default={"type": "ready"},
                )
                for s in players
                if s not in state.ready
            ]
        if state.ask is not None:
            hero = next(h for h in heroes(state) if h.id == state.ask.hero)
            return [
                Prompt(
                    seat=hero.seat,
                    kind="reaction",
                    text=actions.question(state),
                    default={"type": "answer", "hero": hero.id},
                )
            ]
        if state.act is not None:
            hero = next(h for h in heroes(state) if h.id == state.act.hero)
            return [
                Prompt(
                    seat=hero.seat,
                    kind="turn",
                    text=f"{name(hero)} is mid-activation: act again, or done",
                    default={"type": "done", "hero": hero.id},
                )
            ]
        deciding = actions.in_reserve(state)
        if deciding:
            return [
                Prompt(
                    seat=seat,
                    kind="turn",
                    text=f"the round starts: {', '.join(name(h) for h in deciding if h.seat == seat)} may arrive"
                    " from ambush (using the activation) or wait (done)",
                    default={"type": "done", "hero": next(h.id for h in deciding if h.seat == seat)},
                )
                for seat in sorted({h.seat for h in deciding})
            ]
        prompts = []
        for seat in players:
            waiting = [
                h
                for h in heroes(state)
                if h.seat == seat and not h.activated and not h.down and (h.placed or state.round >= 2)
            ]
            if waiting:
                names = ", ".join(name(h) for h in waiting)
                prompts.append(
                    Prompt(seat=seat, kind="turn", text=f"activate {names}", default=self._default(state, waiting[0]))
                )
        return prompts

    def _default(self, state: GrimState, hero: Unit) -> Action:
        """What a time-out plays: roll first if needed, else Hold and shoot the closest enemy in reach,
        else Rest when short of power, else nothing."""
        if hero.placed and state.act is None and actions.needs_start(state, hero):
            return {"type": "start", "hero": hero.id}
        if not hero.placed or hero.shaken:
            return {"type": "done", "hero": hero.id}
        foes = enemies(state)
        here = hero.models[0].cell
        gaps = [closest(here, u) for u in foes]
        span = shot_span(state, hero, False)
        for k in sorted(range(len(foes)), key=gaps.__getitem__):
            if gaps[k] > span + 1e-9:
                break  # beyond every weapon's range, and so is every farther unit: refused for certain
            action = {"type": "hold", "hero": hero.id, "shoot": foes[k].id}
            if self.allows(state, hero.seat, action):
                return action
        if hero.power < stats(state, hero).power:
            return {"type": "rest", "hero": hero.id}
        return {"type": "done", "hero": hero.id}

    def legal(self, state: GrimState, seat: int) -> list[Action]:
        return legal_by_position(state, seat, lambda: self._legal(state, seat))

    def _legal(self, state: GrimState, seat: int) -> list[Action]:
        with remembered():
            if state.phase == "deploy":
                return deploy_legal(state, seat, lambda action: self.allows(state, seat, action))
            return legal_of(state, seat, lambda action: self.allows(state, seat, action))

    def legal_reads_hidden(self, state: GrimState, seat: int) -> bool:
        """Never: legal() reads only placed units, revealed tokens' contents and the public mission, so
        what :meth:`hide` turns face down (unplaced enemies, coming waves, token contents) and the
        seed change nothing."""
        return False

    def candidates(self, state: GrimState, seat: int) -> list[Action]:
        return candidates(state, seat)

    def check(self, state: GrimState, seat: int, action: Action) -> None:
        if self.outcome(state) is not None:
            raise RuleError("This game is over.")
        actions.check(state, seat, action)

    def outcome(self, state: GrimState) -> Outcome | None:
        if state.phase != "over":
            return None
        players = sorted({h.seat for h in heroes(state)})
        wins = sum(r.endswith(":win") for r in state.record)
        return Outcome(
            result=state.result or "loss",
            winners=players if state.result == "win" else [],
            scores={s: wins for s in players},
            summary=state.summary,
        )

    def hide(self, state: GrimState, seat: int | None) -> GrimState:
        """Search-token contents, enemies not yet on the table and coming waves stay hidden."""
        hidden = any(not t.revealed and not t.taken for t in state.tokens)
        hidden = hidden or any(u.side == "ai" and not u.placed for u in state.units)
        hidden = hidden or any(not w.arrived for w in state.waves)
        if not hidden:
            return state
        # a new state sharing every part it does not change (views are only read), not a whole copy
        replace = msgspec.structs.replace
        return replace(
            state,
            tokens=[t if t.revealed or t.taken else replace(t, content="?") for t in state.tokens],
            units=[u for u in state.units if u.side == "hero" or u.placed],
            waves=[w if w.arrived else replace(w, units=[]) for w in state.waves],
            mission=replace(state.mission, force=[], waves=[]),
        )

    def resample(self, state: GrimState, observer: int | None, seed: int) -> GrimState:
        """A new seed, and search tokens, ambush arrivals and coming waves dealt again (every seat sees
        the same battlefield, so ``observer`` changes nothing)."""
        other = super().resample(state, observer, seed)
        redraw_hidden(other, Rng(RngState(seed=seed, draws=1)))
        return other

    def glossary(self) -> dict[str, str]:
        """Every term the bot narrates -> a short explanation (:mod:`.glossary`)."""
        from .glossary import glossary

        return glossary()

    def describe(self, state: GrimState) -> str:
        return describe(state)

    def status_lines(self, state: GrimState) -> list[str]:
        return status_lines(state)

    def action_label(self, state: GrimState, action: Action) -> str:
        return label(state, action)

    def button_choices(self, state: GrimState, seat: int, legal: list[Action]) -> list[int]:
        """Done first when an activation is open, then shots, then the rest."""
        order = {"done": 0, "ready": 0, "hold": 1, "advance": 2, "charge": 3, "skill": 4, "rest": 5}
        ranked = sorted(range(len(legal)), key=lambda i: (order.get(legal[i]["type"], 9), i))
        if state.act is None:
            ranked = [i for i in ranked if legal[i]["type"] != "done"] + [
                i for i in ranked if legal[i]["type"] == "done"
            ]
        return ranked[:4]

    def warm_up(self) -> None:
        paths.build_tables()
        aimed.build_tables()

    def forced_action(self, state: GrimState, prompt: Prompt, legal: Listing | None = None) -> Action | None:
        if state.phase == CAMP:  # nothing the player's XP pays for: no camp to linger in
            listed = [a for a in self.legal_from(state, prompt.seat, legal) if a["type"] not in self.free_actions]
            return listed[0] if listed == [{"type": "ready"}] else None
        if state.phase != "battle" or state.verdict:
            return None
        listed = [a for a in self.legal_from(state, prompt.seat, legal) if a["type"] not in self.free_actions]
        return listed[0] if len(listed) == 1 else None

    def ai_action(self, view: GrimState, seat: int, seed: int) -> Action | None:
        return choose(self, view, seat, seed)

    # -- actions ---------------------------------------------------------------------------------------
    def perform(self, state: GrimState, seat: int | None, action: Action, turn: Turn) -> None:
        actions.perform(state, seat, action, turn)
        if state.verdict and state.phase == "battle":
            conclude(state, turn)

    def format(self, action: Action) -> str:
        if action.get("type") == "batch":
            return super().format(action)
        return format_action(action)

    def parse(self, text: str, state: GrimState, seat: int) -> Action:
        parts = [p for p in text.split(";") if p.strip()]
        if len(parts) > 1:
            return {"type": "batch", "actions": [parse_action(p) for p in parts]}
        return parse_action(text)


__all__ = ["HOUSE", "POLICIES", "Grimdark", "cell_name"]
