"""Endure the Stars: the GameSystem (setup, prompts, legal actions, notation, views)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import (
    Action,
    Choice,
    GameSystem,
    Listing,
    OptionSpec,
    Outcome,
    Prompt,
    Rng,
    RngState,
    RuleError,
    Turn,
    only_choice,
)
from rules.core.game import BATCH, LOG_KEEP, restore_in_place
from rules.core.grammar import count

from . import ai, glossary, lines, words
from .actions import HANDLERS, do_answer
from .alarms import alarms, line_halt, watch
from .campaign import new_survivor, refuge_perform, start_mission
from .candidates import candidates
from .checks import acting, allowed_ones, check, check_refuge_turn, check_turn
from .content import content
from .following import follow_noise
from .geometry import remembered
from .phases import check_end, end_turn
from .refuge import refuge_pending
from .secrets import face_down, redraw_hidden
from .state import EndureState, Survivor
from .world import deal_accomplishment, general_items, icard, item_names, on_map, scard, sname

DEFAULT_CREW = ["marine-a", "medic-a", "captain-a", "scout-a", "engineer-a", "psychic-a"]
MAX_BATCH = 12
IDLE_REWARDS = frozenset({"silent", "accurate", "extra_die", "annihilate", "ninja"})
"""Rewards that boost attacks or slipping away this turn: worth nothing to a survivor with no action or move left."""
KEYWORDS = {
    "pick",
    "route",
    "object",
    "with",
    "kill",
    "step",
    "at",
    "target",
    "door",
    "path",
    "give",
    "take",
    "drop",
    "kind",
}


def token_row(n: int) -> str:
    return "3" if n <= 3 else "4" if n == 4 else "5"


class Endure(GameSystem[EndureState]):
    id = "endure"
    name = "Endure the Stars"
    min_seats = 1
    max_seats = 6
    max_batch = MAX_BATCH
    state_type = EndureState
    summary = "Co-op survival aboard a ruined colony ship: sneak, search, shoot and keep your nerve."

    # -- setup ---------------------------------------------------------------------------------
    def scenarios(self) -> list[Choice]:
        return [
            Choice(value=m.key, label=f"{m.key} {m.name}", help=f"{m.difficulty}. {m.brief}")
            for m in content().missions.values()
        ]

    def options(self) -> list[OptionSpec]:
        camps = ["none"] + [k for k, v in content().campaigns.items() if v.playable]
        return [
            OptionSpec(name="campaign", help="play a campaign instead of one mission", default="none", choices=camps),
            OptionSpec(name="survivors", help="number of survivors (0 = one per player)", default="0"),
            OptionSpec(
                name="crew",
                help="survivors joined with +, e.g. medic-b+marine (default Marine, Medic, Captain...)",
                default="",
            ),
        ]

    def seat_labels(self, count: int) -> list[str]:
        return [f"Survivor {i + 1}" for i in range(count)]

    def setup(self, seats: Sequence[str], options: Mapping[str, str], seed: int) -> EndureState:
        c = content()
        n_seats = len(seats)
        if not 1 <= n_seats <= 6:
            raise RuleError("Endure the Stars takes 1 to 6 players.")
        campaign_key = str(options.get("campaign", "") or "").strip().lower()
        needs: tuple[str, ...] = ()
        if campaign_key and campaign_key != "none":
            camps = {k: v for k, v in c.campaigns.items() if v.playable}
            if campaign_key not in camps:
                raise RuleError(f"There is no playable campaign '{campaign_key[:20]}'. Try: {', '.join(camps)}.")
            camp = camps[campaign_key]
            mission = c.missions[camp.start]
            needs = tuple(camp.needs) + tuple(mission.needs)
        else:
            campaign_key = ""
            mission_key = str(options.get("scenario") or options.get("mission") or next(iter(c.missions)))
            match = [k for k in c.missions if k.lower() == mission_key.strip().lower()]
            if not match:
                raise RuleError(f"There is no mission '{mission_key[:20]}'. Missions: {', '.join(c.missions)}.")
            mission = c.missions[match[0]]
            needs = mission.needs
        raw_n = str(options.get("survivors", "0") or "0").strip()
        if not raw_n.isdigit():
            raise RuleError("survivors must be a number from 1 to 6.")
        n = int(raw_n) or n_seats
        if not n_seats <= n <= 6:
            raise RuleError(f"Choose {n_seats} to 6 survivors (at least one per player).")
        crew = self._crew(str(options.get("crew", "") or ""), n, needs)
        st = EndureState(
            system=self.id,
            schema=self.schema_version,
            seats=list(seats),
            phase="setup",
            rng=RngState(seed=int(seed)),
            mission=mission.key,
            campaign=campaign_key,
        )
        turn = Turn(st, None)
        st.resolve_deck = sorted(c.resolve)
        turn.rng.shuffle(st.resolve_deck)
        st.accomplishment_deck = sorted(c.accomplishments)
        turn.rng.shuffle(st.accomplishment_deck)
        for i, key in enumerate(crew):
            st.survivors.append(new_survivor(st, key, i % n_seats, mission.start))
            deal_accomplishment(st, turn, i)
        if campaign_key:
            turn.say(f"Campaign: {c.campaigns[campaign_key].name}.")
        start_mission(st, turn, mission.key, recruits=list(range(n)))
        st.log = [e.text for e in turn.events if e.visible_to is None][-LOG_KEEP:]
        return st

    def _crew(self, text: str, n: int, needs: Sequence[str] = ()) -> list[str]:
        c = content()
        picks: list[str] = []
        for raw in [p for p in text.replace(",", "+").split("+") if p.strip()]:
            word = raw.strip().lower()
            if word in c.survivors:
                key = word
            else:
                cands = [k for k, s in c.survivors.items() if s.klass.lower() == word]
                if not cands:
                    raise RuleError(f"There is no survivor '{word[:20]}'. Try: {', '.join(sorted(c.survivors))}.")
                key = next((k for k in cands if k not in picks), cands[0])
            if key in picks:
                raise RuleError(f"{c.survivors[key].name} can only be picked once.")
            picks.append(key)
        for klass in needs:
            if len(picks) < n and all(c.survivors[p].klass.lower() != klass.lower() for p in picks):
                cands = [k for k, sv in c.survivors.items() if sv.klass.lower() == klass.lower()]
                if cands:
                    picks.append(cands[0])
        if len(picks) > n:
            raise RuleError(f"The crew lists {len(picks)} survivors but only {n} take part.")
        for key in DEFAULT_CREW + sorted(c.survivors):
            if len(picks) >= n:
                break
            klass = c.survivors[key].klass
            if key not in picks and all(c.survivors[p].klass != klass for p in picks):
                picks.append(key)
        for klass in needs:
            if all(c.survivors[p].klass.lower() != klass.lower() for p in picks):
                raise RuleError(f"This mission needs a {klass.capitalize()} in the crew.")
        return picks

    # -- queries ---------------------------------------------------------------------------------
    def current(self, state: EndureState) -> int | None:
        """The acting survivor, if any."""
        return acting(state)

    def pending(self, state: EndureState) -> list[Prompt]:
        if state.phase == "refuge":
            return refuge_pending(state)
        if state.offer is not None:
            o = state.offer
            giver, taker = state.survivors[o.giver], state.survivors[o.taker]
            what = f"{item_names(o.give)} for {item_names(o.take)}"
            return [
                Prompt(
                    seat=taker.seat,
                    kind="reaction",
                    text=f"{sname(giver)} offers {sname(taker)} {what}: `/endure answer reply:yes` or `reply:no`.",
                    default={"type": "answer", "accept": False},
                )
            ]
        si = self.current(state)
        if si is None:
            return []
        s = state.survivors[si]
        extra = " (a find waits: `/endure keep` or `/endure leave`)" if s.found else ""
        return [
            Prompt(
                seat=s.seat,
                kind="turn",
                text=f"{sname(s)} in {s.zone}: {count(s.actions, 'action')} left{extra}.",
                default={"type": "end"},
            )
        ]

    def outcome(self, state: EndureState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(
            result=state.result or "loss",
            winners=list(range(len(state.seats))) if state.result == "win" else [],
            summary=state.summary,
        )

    def legal(self, state: EndureState, seat: int) -> list[Action]:
        """The candidates that :meth:`check` allows, each zone's sight lines and ways out worked out once."""
        if state.phase == "over":
            return []
        with remembered():
            return allowed_ones(state, seat, candidates(state, seat))

    def legal_reads_hidden(self, state: EndureState, seat: int) -> bool:
        """Never: what :meth:`hide` turns face down (radar faces, the spawn pool, sealed tokens, the
        order of every deck, unrevealed Resolve cards) is read by no candidate and no check, and no
        action names it. They read the map, models, doors, objectives, survivors' items and counters,
        the Refuge's trading post and votes, and of the item deck only whether it is empty (the view
        keeps each deck's size). ``tests/test_public_choices_claim.py`` checks this on random games."""
        return False

    def candidates(self, state: EndureState, seat: int) -> list[Action]:
        return candidates(state, seat)

    def check(self, state: EndureState, seat: int, action: Action) -> None:
        """Whether ``seat`` may play ``action`` now (:mod:`.checks`, reading the state only); of a compound
        command only the first part can be judged before it is played."""
        if state.phase == "over":
            raise RuleError("This game is over.")
        if action.get("type") == BATCH:
            steps = action.get("actions")
            if not isinstance(steps, list) or not steps or not isinstance(steps[0], Mapping):
                raise RuleError("A compound command needs a list of commands.")
            action = steps[0]
        if not isinstance(action.get("type"), str):
            raise RuleError("That is not an action I understand.")
        check(state, seat, action)

    def glossary(self) -> dict[str, str]:
        """Every term the bot narrates -> a short explanation (:mod:`.glossary`; any spelling a player
        types is found with :func:`rules.endure.glossary.lookup`)."""
        return glossary.glossary()

    def lookup_term(self, text: str) -> tuple[str, str] | None:
        return glossary.lookup(text)

    # -- asynchronous play: plain words, forced steps, bots ----------------------------------------
    def status_lines(self, state: EndureState) -> list[str]:
        return words.status_lines(state)

    def action_label(self, state: EndureState, action: Action) -> str:
        return words.action_label(state, action)

    def forced_action(self, state: EndureState, prompt: Prompt, legal: Listing | None = None) -> Action | None:
        """Nothing to decide: a Refuge step with one answer, or a survivor with no action and no move
        left whose other options are free discards or a reward that could do nothing now (an attack or
        escape boost with no action to use it: ending the turn keeps it for later)."""
        if state.phase == "refuge":
            return only_choice(self.legal_from(state, prompt.seat, legal))
        si = self.current(state)
        if prompt.kind != "turn" or si is None or state.survivors[si].seat != prompt.seat:
            return None
        s = state.survivors[si]
        if s.actions > 0 or s.found:
            return None
        listed = self.legal_from(state, prompt.seat, legal)  # asked only now: most turns are decided above
        idle = s.free_moves <= 0 and s.step_credit <= 0 and not any(a["type"] == "move" for a in listed)
        real = [a for a in listed if a["type"] not in ("end", "discard") and not (idle and self._idle_reward(s, a))]
        return {"type": "end"} if not real and any(a["type"] == "end" for a in listed) else None

    @staticmethod
    def _idle_reward(s: Survivor, action: Action) -> bool:
        """A reward whose boost lasts this turn only and needs an action or a move to matter."""
        if action["type"] != "reward" or s.accomplishment not in content().accomplishments:
            return False
        return content().accomplishments[s.accomplishment].reward in IDLE_REWARDS

    def ai_action(self, view: EndureState, seat: int, seed: int) -> Action | None:
        """The careful player (:mod:`.ai`), deciding from ``view`` alone; deterministic, so ``seed`` is unused."""
        legal = self.legal(view, seat)
        if not legal:
            return None
        return ai.careful(view, seat, legal, self.apply)

    # -- actions ---------------------------------------------------------------------------------
    def perform(self, state: EndureState, seat: int | None, action: Action, turn: Turn) -> None:
        kind = action["type"]
        if kind == "answer":
            do_answer(state, turn, seat, action)  # type: ignore[arg-type]  # check_answer refuses seat None
            return
        if state.offer is None and state.phase == "refuge":
            refuge_perform(state, check_refuge_turn(state, seat, action), action, turn)
            return
        si = check_turn(state, seat, action)
        HANDLERS[kind](state, turn, si, action)
        follow_noise(state, turn)  # CG08/CG11: a following noise keeps up with whatever moved
        if check_end(state, turn):
            return
        if state.phase == "survivors" and self.current(state) == si:
            cur = state.survivors[si]
            if not on_map(cur) or (
                cur.actions <= 0
                and not cur.found
                and cur.free_moves <= 0
                and cur.step_credit <= 0
                and not (cur.unlocked and cur.accomplishment)
                and not (cur.free_reorg and any(icard(it).kind in ("armour", "helmet") for it in general_items(cur)))
            ):
                end_turn(state, turn, si)

    def perform_batch(self, state: EndureState, seat: int | None, steps: object, turn: Turn) -> None:
        """A ``/endure turn`` line: the platform's compound command (all or nothing until something hidden
        comes to light, then a refusal stops it), with Endure's own care for the player's plan:

        - the line halts after any step that turned something over, brought enemies into sight or hurt
          a survivor (:mod:`.alarms`), naming the commands it did not play;
        - a ``keep`` or ``leave`` with no find waiting changes nothing, so it is skipped, not refused;
        - ``search`` may only end a line: the card it draws always halts the line, so a command after it
          could never be played, and the line is refused before anything is played.
        """
        lines.check_line(self, steps)
        assert isinstance(steps, list)
        for index, step in enumerate(steps):
            if index and self.outcome(state) is not None:
                self._narrate_not_played(turn, seat, steps[index:], "the game is over")
                return
            hidden_seen = turn.saw_hidden
            snapshot = self.clone(state)
            told = len(turn.events)
            before = watch(state, turn)
            try:
                self._check_batch_step(state, seat, step, index)
                if lines.nothing_waits(state, self.current(state), step):
                    turn.say(lines.skipped(self.format(dict(step))), seat=seat)
                    continue
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
            reasons = alarms(state, turn, before)
            if reasons and index + 1 < len(steps) and self.outcome(state) is None:
                rest = [self.format(dict(later)) for later in steps[index + 1 :]]
                turn.say(line_halt(self.format(dict(step)), reasons, rest), kind="warn", seat=seat)
                return

    # -- views -----------------------------------------------------------------------------------
    def hide(self, state: EndureState, seat: int | None) -> EndureState:
        """Every seat sees the same (:func:`.secrets.face_down`); the view shares what it does not turn over."""
        return face_down(state)

    def resample(self, state: EndureState, observer: int | None, seed: int) -> EndureState:
        """A new seed, and radar faces, decks and unrevealed Resolve cards dealt again (every seat sees
        the same things in Endure, so ``observer`` changes nothing)."""
        other = super().resample(state, observer, seed)
        redraw_hidden(other, Rng(RngState(seed=seed, draws=1)))
        return other

    def describe(self, state: EndureState) -> str:
        c = content()
        lines = [
            f"endure {state.mission} round {state.round} phase {state.phase}"
            + (f" event {c.events[state.event].name}" if state.event else "")
            + (f" result {state.result}" if state.result else "")
        ]
        cur = self.current(state)
        for i, s in enumerate(state.survivors):
            mark = ">" if i == cur else " "
            status = "dead" if not s.alive else f"H{s.health}/{s.max_health} R{s.resolve} a{s.actions}"
            inv = [it.card for it in general_items(s)]
            worn = [it.card for it in s.body + s.head]
            inj = f" inj:{','.join(s.injuries)}" if s.injuries else ""
            cards = " ".join((c.resolve[r.card].name if r.revealed else "?") + f"@{r.number}" for r in s.resolve_cards)
            lines.append(
                f"{mark}{scard(s).klass} {s.zone} {status}{inj} [{' '.join(inv)}]"
                + (f" worn[{' '.join(worn)}]" if worn else "")
                + f" resolve[{cards}]"
            )
        groups: dict[tuple[str, str], int] = {}
        for e in state.enemies:
            groups[(e.zone, e.kind)] = groups.get((e.zone, e.kind), 0) + 1
        if groups:
            lines.append("enemies " + " ".join(f"{k}x{n}@{z}" for (z, k), n in sorted(groups.items())))
        if state.radar:
            lines.append("radar " + " ".join(f"?@{t.zone}" + ("*" if t.marked else "") for t in state.radar))
        if state.noise:
            lines.append("noise " + " ".join(f"{n.level}@{n.zone}" for n in state.noise))
        locked = [d for d, v in state.doors.items() if v != "open"]
        if locked:
            lines.append("locked " + " ".join(locked))
        objs = []
        for o in state.objectives:
            where = f"carried by {state.survivors[o.carried_by].key}" if o.carried_by >= 0 else o.zone
            status = "delivered" if o.delivered else ("done" if o.done and o.carried_by < 0 else where)
            objs.append(f"{o.id}({o.colour})@{status}")
        if objs:
            lines.append("objectives " + " ".join(objs))
        if state.allies:
            lines.append("allies " + " ".join(f"{a.kind}@{a.zone}" for a in state.allies))
        if state.loader_zone:
            pilot = state.survivors[state.loader_pilot].key if state.loader_pilot >= 0 else "empty"
            lines.append(f"loader @{state.loader_zone} {pilot}{' powered' if state.loader_powered else ''}")
        if state.campaign:
            lines.append(
                f"campaign {state.campaign} done[{' '.join(state.campaign_done)}]"
                + (
                    f" refuge track {state.refuge_track} next {'/'.join(state.next_options)}"
                    if state.phase == "refuge"
                    else ""
                )
            )
        return "\n".join(lines)

    # -- notation --------------------------------------------------------------------------------
    def format(self, action: Action) -> str:
        t = str(action.get("type", ""))
        if t == BATCH:
            return super().format(action)
        parts = [t]
        if t == "move":
            if "zones" in action:
                parts += [str(z) for z in action["zones"]]
            else:
                parts.append(str(action.get("zone", "")))
        elif t == "attack":
            parts += [str(action.get("zone", "")), "with", str(action.get("weapon", ""))]
            if action.get("kill"):
                parts += ["kill", *[str(k) for k in action["kill"]]]
            if action.get("step"):
                parts += ["step", str(action["step"])]
            if action.get("object"):
                parts += ["object", str(action["object"])]
        elif t in ("use", "equip", "discard"):
            parts.append(str(action.get("item", "")))
            if action.get("zone"):
                parts += ["at", str(action["zone"])]
        elif t == "keep":
            if action.get("item"):
                parts.append(str(action["item"]))
            if action.get("drop"):
                parts += ["drop", str(action["drop"])]
        elif t == "trade":
            parts.append(str(action.get("with", "")))
            if action.get("give"):
                parts += ["give", *[str(x) for x in action["give"]]]
            if action.get("take"):
                parts += ["take", *[str(x) for x in action["take"]]]
        elif t == "interact":
            if action.get("objective"):
                parts.append(str(action["objective"]))
        elif t == "noise":
            parts.append(str(action.get("level", "")))
        elif t == "loader":
            parts.append(str(action.get("do", "")))
        elif t == "salvage":
            parts.append(str(action.get("actions", "")))
        elif t == "recruit":
            parts += [str(action.get("replace", "")), str(action.get("survivor", ""))]
        elif t == "visit":
            parts += [str(action.get("survivor", "")), str(action.get("place", ""))]
            if action.get("pick"):
                parts += ["pick", str(action["pick"])]
            if action.get("take"):
                parts += ["take", str(action["take"])]
            if action.get("give"):
                parts += ["give", *[str(x) for x in action["give"]]]
        elif t == "answer":
            parts.append("yes" if action.get("accept") is True else "no")
        elif t == "vote":
            parts.append(str(action.get("choice", "")))
            if action.get("route"):
                parts += ["route", str(action["route"])]
        elif t in ("ability", "reward"):
            if t == "ability":
                parts.append(str(action.get("which", "")))
            if action.get("target") is not None:
                parts += ["target", str(action["target"])]
            if action.get("zone"):
                parts += ["at", str(action["zone"])]
            if action.get("door"):
                parts += ["door", str(action["door"])]
            if action.get("zones"):
                parts += ["path", *[str(z) for z in action["zones"]]]
            if action.get("kind"):
                parts += ["kind", str(action["kind"])]
        return " ".join(p for p in parts if p != "")

    def parse(self, text: str, state: EndureState, seat: int) -> Action:
        chunks = [c.strip() for c in str(text)[:2000].split(";") if c.strip()]
        if not chunks:
            raise RuleError("Type an action, for example: move NAV-a, search, attack LAB-a with pistol, end.")
        if len(chunks) > MAX_BATCH:
            raise RuleError(f"At most {MAX_BATCH} commands at once.")
        actions = [self._parse_one(c) for c in chunks]
        return actions[0] if len(actions) == 1 else {"type": BATCH, "actions": actions}

    def _parse_one(self, text: str) -> Action:
        words = text.split()
        t = words[0].lower()
        if t == "reorganise" or t == "reorganize":
            t = "equip"
        pos: list[str] = []
        kw: dict[str, list[str]] = {}
        current: list[str] = pos
        for w in words[1:]:
            lw = w.lower()
            if lw in KEYWORDS:
                current = kw.setdefault(lw, [])
            else:
                current.append(w)

        def one(key: str) -> str | None:
            vals = kw.get(key)
            return "-".join(vals) if vals else None

        a: dict[str, Any] = {"type": t}
        if t == "move":
            if not pos:
                raise RuleError("Say where to move, for example: move NAV-a.")
            if len(pos) == 1:
                a["zone"] = pos[0]
            else:
                a["zones"] = pos
        elif t == "attack":
            if not pos or not kw.get("with"):
                raise RuleError("Write attacks as: attack ZONE with WEAPON (e.g. attack LAB-a with pistol).")
            a["zone"] = pos[0]
            a["weapon"] = "-".join(kw["with"]).lower()
            if kw.get("kill"):
                a["kill"] = [k.lower() for k in kw["kill"]]
            if kw.get("step"):
                a["step"] = kw["step"][0]
            if kw.get("object"):
                a["object"] = kw["object"][0].lower()
        elif t in ("use", "equip", "discard"):
            if not pos:
                raise RuleError(f"Say which item to {t}.")
            a["item"] = "-".join(pos).lower()
            if kw.get("at"):
                a["zone"] = kw["at"][0]
        elif t == "keep":
            if pos:
                a["item"] = "-".join(pos).lower()
            if kw.get("drop"):
                a["drop"] = "-".join(kw["drop"]).lower()
        elif t == "trade":
            if not pos:
                raise RuleError("Write trades as: trade medic give pistol take med-kit.")
            a["with"] = pos[0].lower()
            a["give"] = [x.lower() for x in kw.get("give", [])]
            a["take"] = [x.lower() for x in kw.get("take", [])]
        elif t == "interact":
            if pos:
                a["objective"] = pos[0].lower()
        elif t == "noise":
            if not pos:
                raise RuleError("Say how loud, for example: noise 2.")
            a["level"] = int(pos[0]) if pos[0].isdigit() and len(pos[0]) < 4 else pos[0]
        elif t in ("ability", "reward"):
            if t == "ability":
                if not pos:
                    raise RuleError("Say 'ability active' or 'ability crisis'.")
                a["which"] = pos[0].lower()
            if kw.get("target"):
                a["target"] = kw["target"][0].lower()
            if kw.get("at"):
                a["zone"] = kw["at"][0]
            if kw.get("door"):
                a["door"] = kw["door"][0]
            if kw.get("path"):
                a["zones"] = kw["path"]
            if kw.get("kind"):
                a["kind"] = kw["kind"][0].lower()
        elif t == "loader":
            a["do"] = pos[0].lower() if pos else ""
        elif t == "recruit":
            if len(pos) != 2 or not pos[0].isdigit() or len(pos[0]) > 2:
                raise RuleError("Write recruits as: recruit 1 captain-b (the fallen survivor's number, then who).")
            a["replace"] = int(pos[0])
            a["survivor"] = pos[1].lower()
        elif t == "visit":
            if len(pos) != 2 or not pos[0].isdigit() or len(pos[0]) > 2:
                raise RuleError("Write visits as: visit 0 quarters pick health (survivor number, then place).")
            a["survivor"] = int(pos[0])
            a["place"] = pos[1].lower()
            if kw.get("pick"):
                a["pick"] = kw["pick"][0].lower()
            if kw.get("take"):
                a["take"] = kw["take"][0].lower()
            if kw.get("give"):
                a["give"] = [x.lower() for x in kw["give"]]
        elif t == "answer":
            word = pos[0].lower() if pos else ""
            if word not in ("yes", "no", "accept", "decline"):
                raise RuleError("Answer the trade offer with: answer yes, or answer no.")
            a["accept"] = word in ("yes", "accept")
        elif t == "vote":
            a["choice"] = pos[0].lower() if pos else ""
            if kw.get("route"):
                a["route"] = kw["route"][0].upper()
        elif t == "salvage":
            a["actions"] = int(pos[0]) if pos and pos[0].isdigit() and len(pos[0]) < 3 else (pos[0] if pos else "")
        elif t in ("search", "end", "leave", "exit", "reactivate"):
            pass
        else:
            raise RuleError(
                f"'{t[:20]}' is not an Endure command. Try move, attack, search, interact, noise, use, "
                "equip, discard, trade, ability, reward, keep, leave, exit, loader or end."
            )
        return a
