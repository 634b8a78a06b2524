"""Endure the Stars: the GameSystem (setup, prompts, legal actions, notation, views)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import (
    Action,
    Choice,
    GameSystem,
    OptionSpec,
    Outcome,
    Prompt,
    RngState,
    RuleError,
    Turn,
    only_choice,
)
from rules.core.game import BATCH, LOG_KEEP

from . import ai, words
from .actions import HANDLERS, attack_range, do_answer, survivor_arg, target_zones
from .campaign import new_survivor, refuge_perform, start_mission
from .content import content
from .following import follow_noise
from .phases import check_end, end_turn
from .probe import Foreseen, ProbeTurn
from .refuge import refuge_legal, refuge_pending
from .state import EndureState, ItemInst, Survivor
from .world import (
    carried,
    carry_cap,
    deal_accomplishment,
    event_effect,
    exits,
    general_items,
    icard,
    is_full,
    item_names,
    living,
    move_cap,
    obj_specs,
    on_map,
    scard,
    sight,
    sname,
    survivors_in,
    the_board,
)

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
        if state.phase != "survivors" or state.turn_pos >= len(state.order):
            return None
        return state.order[state.turn_pos]

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
                text=f"{sname(s)} in {s.zone}: {s.actions} action(s) left{extra}.",
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
        if state.phase == "refuge":
            return refuge_legal(state, seat)
        if state.offer is not None:
            if seat == state.survivors[state.offer.taker].seat:
                return [{"type": "answer", "accept": True}, {"type": "answer", "accept": False}]
            if seat == state.survivors[state.offer.giver].seat:
                return [{"type": "answer", "accept": False}]
            return []
        si = self.current(state)
        if si is None or state.survivors[si].seat != seat:
            return []
        st = state
        s = st.survivors[si]
        out: list[Action] = []
        if s.found:
            choices = sorted({f.card for f in s.found})
            for card in choices:
                base: Action = {"type": "keep"} if len(s.found) == 1 else {"type": "keep", "item": card}
                out.append(dict(base))
                if "hoarder" not in s.phobias:
                    for old in sorted({it.card for it in general_items(s)}):
                        out.append({**base, "drop": old})
            out.append({"type": "leave"})
            for f in s.found:
                if icard(f).single and icard(f).kind == "item" and s.actions >= 1:
                    out += [a for a in self._use_actions(st, si, f) if a not in out]
            out.append({"type": "end"})
            return self._checked(st, seat, si, out)
        # the useful actions first (attacks, interactions, exit, search), then moves: the board's
        # first buttons come from the head of this list
        moves: list[Action] = []
        has_move = s.actions >= 1 or s.free_moves > 0 or s.step_credit > 0
        if has_move and not s.frozen and s.moved < move_cap(st, s) and s.zone not in st.shields:
            for _, z, _ in exits(st, s.zone):
                if not is_full(st, z) and z not in st.shields:
                    moves.append({"type": "move", "zone": z})
        if s.actions >= 1:
            for stack in s.slots:
                card = icard(stack[0])
                if card.kind != "weapon" or any(it.uid in s.jammed for it in stack):
                    continue
                if card.cell and not any(it.card == "power-cell" for it in general_items(s)):
                    continue
                reach = target_zones(st, si, attack_range(s, card.range), ranged=card.range > 0)
                for z in sorted(reach):
                    if any(e.zone == z for e in st.enemies):
                        out.append({"type": "attack", "zone": z, "weapon": card.key})
                    out += self._object_attacks(st, si, z, card.key)
            mission = content().missions[st.mission]
            specs = obj_specs(st)
            for o in st.objectives:
                if o.zone == s.zone and not o.done:
                    spec = specs[o.id]
                    if spec.hook in ("object", "marker", "lair", "capture"):
                        continue
                    if spec.who and o.progress < 1 and scard(s).klass.lower() != spec.who.lower():
                        continue
                    if spec.hook == "pickup" and carry_cap(st) and len(carried(st, si)) >= carry_cap(st):
                        continue
                    if spec.hook == "give" and not any(i in st.set_aside for i in spec.items):
                        continue
                    out.append({"type": "interact", "objective": o.id})
            catchable = any(e.kind == "solomon" and e.marked and e.zone == s.zone for e in st.enemies)
            for o in st.objectives:
                if specs[o.id].hook == "capture" and not o.done and catchable:
                    out.append({"type": "interact", "objective": o.id})
            same = not mission.same_exit or not st.exit_used or st.exit_used == s.zone
            if s.zone in mission.exits and st.exits_open and event_effect(st) != "lockdown" and same:
                out.append({"type": "exit"})
            zone = the_board(st).zones[s.zone]
            if (
                zone.kind == "room"
                and st.item_deck
                and s.zone not in s.searched
                and not any(e.zone == s.zone for e in st.enemies)
            ):
                out.append({"type": "search"})
            out += moves
            moves = []
            for lvl in range(1, min(3, s.actions) + 1):
                out.append({"type": "noise", "level": lvl})
            for it in general_items(s):
                card = icard(it)
                if card.kind in ("armour", "helmet"):
                    out.append({"type": "equip", "item": it.card})
                elif card.kind == "item":
                    out += self._use_actions(st, si, it)
            out += self._ability_actions(st, si)
        elif s.free_reorg:  # a trade's free reorganise needs no action
            out += [
                {"type": "equip", "item": it.card} for it in general_items(s) if icard(it).kind in ("armour", "helmet")
            ]
        if s.actions >= 1 and not any(e.zone == s.zone for e in st.enemies):
            for oi in survivors_in(st, s.zone):
                if oi == si:
                    continue
                o = st.survivors[oi]
                who = o.key
                if "hoarder" not in s.phobias:
                    for it in general_items(s):
                        out.append({"type": "trade", "with": who, "give": [it.card], "take": []})
                if "hoarder" not in o.phobias:
                    for it in general_items(o):
                        out.append({"type": "trade", "with": who, "give": [], "take": [it.card]})
        out += moves
        out += self._reward_actions(st, si)
        if "hoarder" not in s.phobias:
            seen: set[str] = set()
            for it in general_items(s):
                if it.card not in seen:
                    seen.add(it.card)
                    out.append({"type": "discard", "item": it.card})
        out.append({"type": "end"})
        if st.loader_pilot == si:
            banned = {"search", "trade", "use", "ability", "attack"}
            if not st.loader_powered:
                banned.add("move")
            out = [a for a in out if a["type"] not in banned]
            if st.loader_powered and s.actions >= 1:
                lp = content().loader
                for z in sorted(target_zones(st, si, attack_range(s, lp.range), ranged=lp.range > 0)):
                    if any(e.zone == z for e in st.enemies):
                        out.insert(0, {"type": "attack", "zone": z, "weapon": "loader"})
                    out[:0] = self._object_attacks(st, si, z, "loader")
            elif s.actions >= 1:
                out.insert(0, {"type": "loader", "do": "leave"})
        elif st.loader_zone == s.zone and st.loader_pilot < 0 and s.actions >= 1:
            out.insert(0, {"type": "loader", "do": "enter"})
        if (
            "walkies" in content().missions[st.mission].specials
            and s.actions >= 1
            and scard(s).klass == "Technician"
            and len(st.allies) < 5
            and any(e.zone == s.zone and e.stunned and e.kind in ("artemis", "sip") for e in st.enemies)
        ):
            out.insert(0, {"type": "reactivate"})
        if (
            "rusty" in content().missions[st.mission].specials
            and scard(s).klass == "Engineer"
            and any(e.zone == s.zone and e.stunned and e.kind in ("artemis", "sip") for e in st.enemies)
            and any(o.colour == "green" and not o.done for o in st.objectives)
        ):
            out += [{"type": "salvage", "actions": n} for n in range(1, min(3, s.actions) + 1)]
        return self._checked(st, seat, si, out)

    def _object_attacks(self, st: EndureState, si: int, zone: str, weapon: str) -> list[Action]:
        specs = obj_specs(st)
        out: list[Action] = []
        for o in st.objectives:
            if o.zone != zone or o.done or o.hp <= 0:
                continue
            if specs[o.id].loader_only and st.loader_pilot != si:
                continue
            out.append({"type": "attack", "zone": zone, "weapon": weapon, "object": o.id})
        return out

    def _checked(self, st: EndureState, seat: int, si: int, actions: list[Action]) -> list[Action]:
        """Keep only actions whose up-front checks pass (trades may overflow an inventory), probing each
        only up to its first roll or reveal (:mod:`.probe`), so a seat's own view serves as well."""
        keep = []
        for a in actions:
            if a["type"] not in ("trade", "interact", "keep"):
                keep.append(a)
                continue
            probe = self.clone(st)
            try:
                HANDLERS[a["type"]](probe, ProbeTurn(probe, seat), si, dict(a))
            except RuleError:
                continue
            except Foreseen:
                pass  # every check passed before the first roll or reveal
            keep.append(a)
        return keep

    def _use_actions(self, st: EndureState, si: int, it: ItemInst) -> list[Action]:
        s = st.survivors[si]
        card = icard(it)
        if card.effect == "power":
            return []
        if card.effect == "heal":
            return [{"type": "use", "item": it.card}] if (s.health < s.max_health or s.injuries) else []
        if card.effect in ("stun_zone", "decoy"):
            view = sight(st, s.zone)
            return [
                {"type": "use", "item": it.card, "zone": z} for z, (d, _, _) in sorted(view.items()) if d <= card.range
            ]
        return [{"type": "use", "item": it.card}]

    def _ability_actions(self, st: EndureState, si: int) -> list[Action]:
        s = st.survivors[si]
        card = scard(s)
        out: list[Action] = []
        view = sight(st, s.zone)
        for which, ab, ok in (
            ("active", card.active, not s.used_active),
            ("crisis", card.crisis, not s.crisis_used),
        ):
            if not ok:
                continue
            base = {"type": "ability", "which": which}
            h = ab.hook
            if (
                h in ("rally", "aimed", "guard", "scan", "weapon_mods", "inspire", "second_wind", "last_stand")
                or h == "miracle"
            ):
                out.append(base)
            elif h == "patch":
                for i in survivors_in(st, s.zone):
                    t = st.survivors[i]
                    if t.health < t.max_health or t.injuries:
                        out.append({**base, "target": t.key})
            elif h in ("orders", "soothe"):
                for i in living(st):
                    if i != si and st.survivors[i].zone in view:
                        out.append({**base, "target": st.survivors[i].key})
            elif h in ("mind_blast", "turret"):
                for z, (d, _, _) in sorted(view.items()):
                    if any(e.zone == z for e in st.enemies) and (h == "mind_blast" or d <= 2):
                        out.append({**base, "zone": z})
            elif h == "improvised_exit":
                open_ = {z for _, z, _ in exits(st, s.zone)}
                for z in the_board(st).touch[s.zone]:
                    if z not in open_:
                        out.append({**base, "zone": z})
            elif h == "override":
                for o in the_board(st).openings.values():
                    if o.door and (o.a in view or o.b in view):
                        out.append({**base, "door": o.id})
            elif h in ("dash", "vanish"):
                if s.zone in st.shields or s.frozen:
                    continue
                for _, z, _ in exits(st, s.zone):
                    if not is_full(st, z) and z not in st.shields:
                        out.append({**base, "zones": [z]})
        return out

    def _reward_actions(self, st: EndureState, si: int) -> list[Action]:
        s = st.survivors[si]
        if not s.unlocked or not s.accomplishment or "memory_loss" in s.phobias:
            return []
        r = content().accomplishments[s.accomplishment].reward
        view = sight(st, s.zone)
        if r == "shove":
            out = []
            for i in survivors_in(st, s.zone):
                if i == si:
                    continue
                for _, z, _ in exits(st, s.zone):
                    if not is_full(st, z):
                        out.append({"type": "reward", "target": st.survivors[i].key, "zone": z})
            return out
        if r == "snipe":
            return [
                {"type": "reward", "zone": z}
                for z, (d, _, _) in sorted(view.items())
                if d <= 2 and any(e.zone == z and not content().enemies[e.kind].boss for e in st.enemies)
            ]
        if r == "orders":
            return [{"type": "reward", "target": st.survivors[i].key} for i in living(st) if i != si]
        return [{"type": "reward"}]

    # -- asynchronous play: plain words, forced steps, bots ----------------------------------------
    def status_lines(self, state: EndureState) -> list[str]:
        return words.status_lines(state)

    def action_label(self, state: EndureState, action: Action) -> str:
        return words.action_label(state, action)

    def forced_action(self, state: EndureState, prompt: Prompt) -> Action | None:
        """Nothing to decide: a Refuge step with one answer, or a survivor with no action and no move
        left whose other options are free discards or a reward that could do nothing now (an attack or
        escape boost with no action to use it: ending the turn keeps it for later)."""
        legal = self.legal(state, prompt.seat)
        if state.phase == "refuge":
            return only_choice(legal)
        si = self.current(state)
        if prompt.kind != "turn" or si is None or state.survivors[si].seat != prompt.seat:
            return None
        s = state.survivors[si]
        if s.actions > 0 or s.found:
            return None
        idle = s.free_moves <= 0 and s.step_credit <= 0 and not any(a["type"] == "move" for a in legal)
        real = [a for a in legal if a["type"] not in ("end", "discard") and not (idle and self._idle_reward(s, a))]
        return {"type": "end"} if not real and any(a["type"] == "end" for a in legal) else None

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
            if seat is None:
                raise RuleError("Only a player can answer a trade offer.")
            do_answer(state, turn, seat, action)
            return
        if state.offer is not None:
            taker = state.survivors[state.offer.taker]
            raise RuleError(f"Waiting for {state.seats[taker.seat]} to answer the trade offer first.")
        if state.phase == "refuge":
            if seat is None or not any(p.seat == seat for p in refuge_pending(state)):
                raise RuleError("Nothing is waiting for you at the Refuge right now.")
            refuge_perform(state, seat, action, turn)
            return
        si = self.current(state)
        if si is None:
            raise RuleError("No survivor is acting right now.")
        s = state.survivors[si]
        if seat is None or s.seat != seat:
            raise RuleError(f"It is {sname(s)}'s turn, played by {state.seats[s.seat]}.")
        if action.get("survivor") is not None and survivor_arg(state, action, "survivor") != si:
            raise RuleError(f"It is {sname(s)}'s turn, not theirs.")
        handler = HANDLERS.get(kind)
        if handler is None:
            raise RuleError(f"'{str(kind)[:20]}' is not an Endure action. Try: {', '.join(HANDLERS)}.")
        handler(state, turn, si, action)
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

    # -- views -----------------------------------------------------------------------------------
    def view(self, state: EndureState, seat: int | None) -> EndureState:
        v = self.clone(state)
        for tok in v.radar:
            tok.token = "?"
        v.pool = ["?"] * len(v.pool)
        v.radar_sealed = ["?"] * len(v.radar_sealed)
        v.item_deck = ["?"] * len(v.item_deck)
        v.event_deck = ["?"] * len(v.event_deck)
        v.resolve_deck = ["?"] * len(v.resolve_deck)
        v.accomplishment_deck = ["?"] * len(v.accomplishment_deck)
        for b in v.bosses:
            b.deck = ["?"] * len(b.deck)
        v.refuge_deck = ["?"] * len(v.refuge_deck)
        for s in v.survivors:
            for slot in s.resolve_cards:
                if not slot.revealed:
                    slot.card = ""
        return v

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
