"""The Armada GameSystem: setup, turn flow, prompts, legal actions, views and notation."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

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
    normalise,
    only_choice,
)
from rules.core.grammar import count
from rules.core.rng import Rng
from rules.core.validate import get_int

from . import (
    ai,
    candidates,
    checks,
    choices,
    combat,
    enemy,
    glossary,
    heroes,
    idle,
    memo,
    missions,
    placing,
    planning,
    public,
    savior,
    say,
    turns,
    words,
)
from .finals import event_for
from .fleets import combat_fleet, fleet_by_token, fleet_summary
from .helpers import (
    C,
    dice_of,
    has_hero,
    has_kind,
    peeks,
    recompute_max,
)
from .resolution import lose, resolution, start_encounter
from .state import Beacon, Die, Fleet, Player, State, Station, copy_state
from .turns import TRADE_ANSWERS, TURN_TYPES

SHIP_ORDER = ["pathfinder", "hades", "harmony", "ag-01", "dawns-reach", "pale-valkyrie"]
CREW = {1: (6, 2), 2: (5, 2), 3: (5, 2), 4: (5, 0)}
SOLO_REMOVE = {
    "lupin-teleporter": 99,
    "alyssum-thrusters": 99,
    "ferox-transfer": 99,
    "barrier-v3": 2,
    "barrier-x": 2,
    "cereus-plating": 2,
}
MAX_ROUNDS = 60

# Positional arguments of each action type in the typed notation (the rest are key=value).
SCHEMA: dict[str, list[str]] = {
    "attack": ["target"],
    "lockon": ["die"],
    "parley": ["die", "crew", "face"],
    "setface": ["die", "face"],
    "copy": ["die", "source"],
    "rose": ["die", "target"],
    "travel": ["to"],
    "give": ["to", "what", "value"],
    "trade": ["to", "what", "value", "for_what", "for_value"],
    "buy": ["module"],
    "sell": ["module"],
    "install": ["module", "station"],
    "store": ["station"],
    "hire": ["hero"],
    "fight": ["fleet"],
    "mission": ["event"],
    "reroll": ["dice"],
    "assign": ["die", "station", "target"],
    "ram": ["amount", "target"],
    "sacrifice": ["die"],
    "scan": ["fleet"],
    "retreat": ["to"],
    "split": ["shares"],
    "vote": ["for"],
    "knockout": ["die"],
    "place": ["plan"],
    "suggested": ["plan"],
}
LIST_KEYS = {"dice", "team", "shares", "plan"}


class Armada(GameSystem[State]):
    id = "armada"
    name = "Deep Space D-6: Armada"
    min_seats = 1
    max_seats = 4
    state_type = State
    summary = "Co-op: crew dice on starship stations against enemy fleets, distress beacons and a final foe."

    # -- setup -------------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec(name="ships", help="ship ids joined by +, one per seat (e.g. hades+pathfinder)", default=""),
            OptionSpec(
                name="difficulty",
                help="Don't Panic tokens and credits",
                default="normal",
                choices=["easy", "normal", "hard"],
            ),
            OptionSpec(name="short", help="Final Encounter at 3 Data tokens", default="no", choices=["no", "yes"]),
            OptionSpec(
                name="hardline",
                help="no upgrades in the pool; buy them directly",
                default="no",
                choices=["no", "yes"],
            ),
            OptionSpec(
                name="solo_bonus",
                help="harder solo (our table option): enemy attacks of 2+ damage deal 1 extra to a lone captain",
                default="off",
                choices=["off", "on"],
            ),
        ]

    def scenarios(self) -> list[Choice]:
        return [Choice(value="standard", label="Standard campaign", help="Defend the six planets.")]

    def seat_labels(self, count: int) -> list[str]:
        # Ships can be chosen with the ships= option, so the seats are just numbered captains.
        return [f"Captain {i + 1}" for i in range(count)]

    def setup(self, seats: Sequence[str], options: Mapping[str, str], seed: int) -> State:
        n = len(seats)
        if not self.min_seats <= n <= self.max_seats:
            raise RuleError("Armada needs 1 to 4 captains.")
        raw_ships = str(options.get("ships", "") or "")
        ships = [s.strip() for s in raw_ships.replace("+", ",").replace("/", ",").split(",") if s.strip()]
        if not ships:
            ships = SHIP_ORDER[:n]
        if len(ships) != n:
            raise RuleError(f"Give exactly {n} ship ids (one per seat).")
        for s in ships:
            if s not in C.ships:
                raise RuleError(f"There is no ship '{s[:30]}'. Ships: {', '.join(SHIP_ORDER)}.")
        if len(set(ships)) != n:
            raise RuleError("Each captain needs a different ship.")
        difficulty = str(options.get("difficulty", "normal"))
        if difficulty not in C.dont_panic:
            raise RuleError("Difficulty must be easy, normal or hard.")
        solo_bonus = str(options.get("solo_bonus", "off"))
        if solo_bonus not in ("off", "on"):
            raise RuleError("solo_bonus must be off or on.")
        crew, credits = CREW[n]
        credits = {"easy": credits + 2, "normal": credits, "hard": max(0, credits - 2)}[difficulty]
        state = State(
            system=self.id,
            schema=self.schema_version,
            seats=list(seats),
            phase="planning",
            rng=RngState(seed=seed),
            difficulty=difficulty,
            short=str(options.get("short", "no")) == "yes",
            hardline=str(options.get("hardline", "no")) == "yes",
            solo=n == 1,
            solo_bonus=n == 1 and solo_bonus == "on",
        )
        rng = Rng(state.rng)
        for seat, sid in enumerate(ships):
            ship = C.ships[sid]
            player = Player(
                ship=sid,
                shield=ship.shield,
                hull=ship.hull,
                max_shield=ship.shield,
                max_hull=ship.hull,
                credits=credits,
                stations=[Station(base=b) for b in ship.stations],
                rebuild=1 if n == 1 else 0,
            )
            recompute_max(player)
            player.shield, player.hull = player.max_shield, player.max_hull
            state.players.append(player)
            for _ in range(crew):
                state.dice.append(Die(id=state.next_die, owner=seat))
                state.next_die += 1
        state.bank = 40 - credits * n
        removed = dict(SOLO_REMOVE) if n == 1 else {}
        for m in C.modules.values():
            copies = max(0, m.copies - removed.get(m.id, 0))
            target = state.upgrade_stock if state.hardline and m.tier > 1 else state.module_pool
            target.extend([m.id] * copies)
        state.hero_deck = list(C.heroes)
        rng.shuffle(state.hero_deck)
        state.enemy_deck = [e.id for e in C.enemies.values() for _ in range(e.copies)]
        rng.shuffle(state.enemy_deck)
        state.td_deck = list(C.threats)
        rng.shuffle(state.td_deck)
        state.bag = [e.number for e in C.events.values() if not e.out_of_deck]
        state.bag += [-1] * C.dont_panic[difficulty]
        state.data_pile = [s for s in C.data_symbols for _ in range(C.data_per_symbol)]
        rng.shuffle(state.data_pile)
        state.fleet_tokens = [t for t in range(1, 27) if t != 9]
        state.beacons.append(Beacon(event=0, planet="Terra"))
        state.log = [f"Round 1: Planning phase. {count(len(seats), 'captain')} start at Terra."]
        return state

    # -- queries ---------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.result == "savior":
            return Outcome(result="win", winners=[state.savior], summary=state.reason)
        if state.result == "win":
            winners = [i for i in range(len(state.seats)) if i != state.savior]
            return Outcome(result="win", winners=winners, summary=state.reason)
        if state.result == "loss":
            return Outcome(result="loss", summary=state.reason)
        return None

    def pending(self, state: State) -> list[Prompt]:
        if state.phase == "over":
            return []
        if choices.blocking(state):
            return choices.prompts(state)
        c = state.combat
        if c is not None and c.pvp:
            who = c.turn_of if c.step in ("assign", "escape") else c.seat
            default = {"type": "gather"} if c.step == "gather" else self._step_one_default(state, who)
            moves = say.DUEL_MOVES.get(c.step, say.DUEL_MOVES["assign"])
            text = f"{state.seats[who]}: your move in the duel ({moves})"
            return [Prompt(seat=who, kind="assign", text=text, default=default)]
        if state.phase == "ambush":
            return [
                Prompt(
                    seat=state.savior,
                    kind="choice",
                    text="Galactic Savior: attack a captain on your planet (`/armada engage target:<seat>`)"
                    " or let them be (`/armada end-step`)",
                    default={"type": "pass"},
                )
            ]
        if c is not None:
            if c.step == "assign":
                return [
                    Prompt(
                        seat=m,
                        kind="assign",
                        text=f"{state.seats[m]}: place your crew dice with `/armada assign`, then `/armada end-step`",
                        default=self._step_one_default(state, m),
                    )
                    for m in c.members
                    if m not in c.finished
                ]
            if c.step == "relay":
                return [
                    Prompt(
                        seat=c.frontline,
                        kind="reroll",
                        text="Pay 1 credit to reroll the enemy die (`/armada reroll dice:enemy`),"
                        " or accept the roll (`/armada end-step`)",
                        default={"type": "accept"},
                    )
                ]
            if c.step == "gather" and c.knockouts:
                return [
                    Prompt(
                        seat=s,
                        kind="choice",
                        text=f"{state.seats[s]}: choose which crew die the enemy knocked out to the Infirmary"
                        " (`/armada answer reply:<die>`)",
                        default=enemy.default_knockout(state, s),
                    )
                    for s in c.knockouts
                ]
            if c.step == "gather":
                return [
                    Prompt(
                        seat=c.seat if c.seat in c.members else c.members[0],
                        kind="choice",
                        text="Step 4: gather your crew for the next round (`/armada roll`),"
                        " or try to escape (`/armada escape`)",
                        default={"type": "gather"},
                    )
                ]
            if c.step == "escape":
                return [
                    Prompt(
                        seat=c.seat if c.seat in c.members else c.members[0],
                        kind="assign",
                        text="Escape attempt: place dice on the Escape card (`/armada escape die:<n>`),"
                        " or stop trying (`/armada end-step`)",
                        default={"type": "done"},
                    )
                ]
        m = state.mission
        if m is not None:
            if m.step == "sacrifice":
                return [
                    Prompt(
                        seat=o,
                        kind="choice",
                        text="Send one of your dice to the Infirmary to try again (`/armada sacrifice`),"
                        " or give up (`/armada giveup`)",
                        default=missions.default_sacrifice(state, o),
                    )
                    for o in m.owing
                ]
            return [
                Prompt(
                    seat=s,
                    kind="assign",
                    text="Place dice on the mission sections (`/armada assign`), then roll again (`/armada roll`)",
                    default={"type": "done"},
                )
                for s in m.members
            ]
        if state.trade is not None:
            t = state.trade
            return [
                Prompt(
                    seat=t.to,
                    kind="choice",
                    text=f"{state.seats[t.to]}: {state.seats[t.seat]} offers "
                    f"{planning.trade_item(t.what, t.value)} for your "
                    f"{planning.trade_item(t.for_what, t.for_value)}; {say.ANSWER_SWAP}",
                    default={"type": "decline_trade"},
                )
            ]
        if state.active >= 0:
            return [
                Prompt(
                    seat=state.active,
                    kind="turn",
                    text=f"{state.seats[state.active]}: your turn",
                    default=self._turn_default(state, state.active),
                )
            ]
        waiting = self._waiting(state)
        # captains at the Artemis station wait for those at Titan VI (their fight is not open yet)
        waiting = [s for s in waiting if not self._artemis_waits(state, s)] or waiting
        return [
            Prompt(
                seat=s,
                kind="turn",
                text=f"{state.seats[s]}: take your {state.phase} turn",
                default=self._turn_default(state, s),
            )
            for s in waiting
        ]

    def _step_one_default(self, state: State, seat: int) -> Action:
        """``done``, unless a station waits for more crew: then the first die that goes on with it
        (``done`` would be refused, and a default must always play)."""
        c = state.combat
        if c is None or c.step != "assign" or combat.waiting_station(state, seat) is None:
            return {"type": "done"}
        return next((a for a in self.legal(state, seat) if a["type"] == "assign"), {"type": "done"})

    def _artemis_waits(self, state: State, seat: int) -> bool:
        return turns.artemis_waits(state, seat)

    def _waiting(self, state: State) -> list[int]:
        return turns.waiting(state)

    def _mandatory(self, state: State, seat: int) -> list[int]:
        return turns.mandatory(state, seat)

    def _turn_default(self, state: State, seat: int) -> Action:
        player = state.players[seat]
        if player.offer_kind:
            return {"type": "close"}
        if state.phase == "encounter":
            must = self._mandatory(state, seat)
            if must:
                return {"type": "fight", "fleet": must[0]}
        return {"type": "end"}

    def candidates(self, state: State, seat: int) -> list[Action]:
        listed = candidates.candidates(state, seat)
        if any(a["type"] == "assign" for a in listed):
            return placing.suggested_first(state, seat, listed)
        return listed

    def check(self, state: State, seat: int, action: Action) -> None:
        checks.check(state, seat, action)

    def legal(self, state: State, seat: int) -> list[Action]:
        return memo.remembered(state, seat, lambda: placing.legal(state, seat))

    def legal_reads_hidden(self, state: State, seat: int) -> bool:
        return public.legal_reads_hidden(state, seat)

    # -- actions -------------------------------------------------------------------------------
    def perform(self, state: State, seat: int | None, action: Action, turn: Turn) -> None:
        if seat is None:
            raise RuleError("Only a captain can act in Armada.")
        checks.check(state, seat, action, deep=False)  # perform plays on its own copy: no trial copy needed
        peekers = self._peekers(state)
        kind = action["type"]
        idle_why = idle.reason(state, seat, action)
        if choices.blocking(state) or kind in choices.TYPES:
            choices.perform(state, seat, kind, action, turn)
        elif state.trade is not None or kind in TRADE_ANSWERS:
            if kind not in TRADE_ANSWERS:
                t = state.trade
                assert t is not None
                raise RuleError(say.swap_waiting(state.seats[t.to]))
            planning.answer_trade(state, seat, TRADE_ANSWERS[kind], turn)
        elif state.phase == "ambush" and state.combat is None:
            self._ambush(state, seat, kind, action, turn)
        elif state.combat is not None:
            self._combat_action(state, seat, kind, action, turn)
        elif state.mission is not None:
            self._mission_action(state, seat, kind, action, turn)
        else:
            self._turn_action(state, seat, kind, action, turn)
        if idle_why:
            turn.say(placing.changed_nothing(idle_why), seat=seat)
        self._advance(state, turn)
        if state.td_deck and not self._peekers(state) <= peekers:
            turn.reveal("the top Threat Detected card")  # a captain who could not peek now sees it

    def _peekers(self, state: State) -> set[int]:
        """The captains who see the top Threat card (see :meth:`_peeks`)."""
        return {seat for seat in range(len(state.players)) if self._peeks(state, seat)}

    def _ambush(self, state: State, seat: int, kind: str, action: Action, turn: Turn) -> None:
        if seat != state.savior:
            raise RuleError("The Galactic Savior is deciding whether to attack; wait.")
        if kind == "pass":
            state.ambushed = True
            turn.say(f"{state.seats[seat]} holds fire.")
            return
        if kind != "attack":
            raise RuleError(say.AMBUSH)
        target = get_int(action, "target", 1, len(state.seats), "the captain's seat") - 1
        if target == seat:
            raise RuleError("Attack somebody else.")
        savior.start(state, seat, target, turn)

    def _combat_action(self, state: State, seat: int, kind: str, action: Action, turn: Turn) -> None:
        c = state.combat
        assert c is not None
        if seat not in c.members:
            raise RuleError(f"A Combat is under way at {combat_fleet(state).planet}; wait for it to finish.")
        handlers = {
            "assign": lambda: combat.assign(state, seat, action, turn),
            "reroll": lambda: combat.reroll(state, seat, action, turn),
            "ram": lambda: combat.ram(state, seat, action, turn),
            "done": lambda: combat.done(state, seat, turn),
            "gather": lambda: combat.gather(state, seat, turn),
            "escape": lambda: combat.escape(state, seat, turn),
            "relay": lambda: combat.relay(state, seat, True, turn),
            "accept": lambda: combat.relay(state, seat, False, turn),
            "install": lambda: combat.reconfigure(state, seat, "install", action, turn),
            "store": lambda: combat.reconfigure(state, seat, "store", action, turn),
            "lockon": lambda: heroes.lock_on(state, seat, action, turn),
            "parley": lambda: heroes.parley(state, seat, action, turn),
            "setface": lambda: heroes.set_face(state, seat, action, turn),
            "copy": lambda: heroes.copy(state, seat, action, turn),
            "rose": lambda: heroes.rose(state, seat, action, turn),
            "knockout": lambda: combat.knockout(state, seat, action, turn),
            "place": lambda: placing.play(state, seat, action, turn),
            "suggested": lambda: placing.play(state, seat, action, turn),
        }
        if kind not in handlers:
            raise RuleError(say.IN_COMBAT)
        initiator = c.seat
        members = list(c.members)
        handlers[kind]()
        if state.combat is None and state.phase != "over":
            for m in members:
                if m != initiator and m not in state.encountered:
                    state.encountered.append(m)
            if state.active in state.encountered:
                state.active = -1

    def _mission_action(self, state: State, seat: int, kind: str, action: Action, turn: Turn) -> None:
        m = state.mission
        assert m is not None
        if seat not in m.members:
            raise RuleError("An Away Mission is under way; wait for it to finish.")
        handlers = {
            "assign": lambda: missions.assign(state, seat, action, turn),
            "done": lambda: missions.done(state, seat, turn),
            "sacrifice": lambda: missions.sacrifice(state, seat, action, turn),
            "reroll": lambda: missions.reroll(state, seat, action, turn),
            "giveup": lambda: missions.giveup(state, seat, turn),
        }
        if kind not in handlers:
            raise RuleError(say.ON_MISSION)
        members = list(m.members)
        handlers[kind]()
        if state.mission is None:
            keep = state.keep_turn
            state.keep_turn = -1
            for s in members:
                if s not in state.encountered and s != keep:
                    state.encountered.append(s)
            state.active = keep if keep >= 0 and state.phase == "encounter" else -1

    def _claim(self, state: State, seat: int, turn: Turn) -> None:
        if state.phase not in ("planning", "encounter"):
            raise RuleError("Nobody takes turns right now.")
        if state.active == seat:
            return
        if state.active >= 0:
            raise RuleError(f"It is {state.seats[state.active]}'s turn; wait until they end it.")
        if (
            state.phase == "planning"
            and state.savior >= 0
            and seat != state.savior
            and not state.players[state.savior].done
        ):
            raise RuleError("The Galactic Savior plans first this round.")
        if seat not in self._waiting(state):
            raise RuleError(f"You already took your {state.phase} turn this round.")
        state.active = seat
        turn.say(f"{state.seats[seat]} takes the {state.phase} turn.", kind="turn")

    def _turn_action(self, state: State, seat: int, kind: str, action: Action, turn: Turn) -> None:
        if kind not in TURN_TYPES:
            raise RuleError(f"'{str(kind)[:20]}' is not something you can do in the {state.phase} phase.")
        self._claim(state, seat, turn)
        player = state.players[seat]
        if kind == "begin":
            return
        if kind == "end":
            if player.offer_kind:
                planning.close(state, seat, turn)
            if state.phase == "planning":
                player.done = True
            else:
                must = self._mandatory(state, seat)
                if must:
                    raise RuleError(say.fight_first(must[0]))
                state.encountered.append(seat)
            state.active = -1
            turn.say(f"{state.seats[seat]} ends the turn.")
            return
        if kind == "scan":
            self._scan(state, seat, action, turn)
            return
        if state.phase == "planning":
            handlers = {
                "travel": lambda: planning.travel(state, seat, action, turn),
                "repair": lambda: planning.repair(state, seat, turn),
                "give": lambda: planning.give(state, seat, action, turn),
                "trade": lambda: planning.offer_trade(state, seat, action, turn),
                "shop": lambda: planning.shop(state, seat, turn),
                "recruit": lambda: planning.recruit(state, seat, turn),
                "buy": lambda: planning.buy(state, seat, action, turn),
                "sell": lambda: planning.sell(state, seat, action, turn),
                "install": lambda: planning.install(state, seat, action, turn),
                "store": lambda: planning.store(state, seat, action, turn),
                "hire": lambda: planning.hire(state, seat, action, turn),
                "close": lambda: planning.close(state, seat, turn),
            }
            if kind not in handlers:
                raise RuleError("That is done in the Encounter phase.")
            handlers[kind]()
            return
        if kind == "challenge":
            if state.savior < 0 or seat == state.savior:
                raise RuleError("There is no Galactic Savior for you to challenge.")
            savior.start(state, seat, state.savior, turn)
        elif kind == "fight":
            if seat == state.savior:
                raise RuleError("The Galactic Savior does not fight fleets.")
            self._fight(state, seat, action, turn)
        elif kind == "mission":
            if self._mandatory(state, seat):
                raise RuleError("Beat the fleets on this planet before answering its beacons.")
            missions.start(state, seat, action, turn)
            if state.mission is None:
                if seat not in state.encountered:
                    state.encountered.append(seat)
                state.active = -1
        elif kind == "deliver":
            missions.deliver(state, seat, turn)
        else:
            raise RuleError("That is done in the Planning phase.")

    def _fight(self, state: State, seat: int, action: Action, turn: Turn) -> None:
        token, members, frontline, shadow = checks.fight_team(state, seat, action)
        combat.start(state, seat, token, turn, members, frontline, shadow)

    def _scan(self, state: State, seat: int, action: Action, turn: Turn) -> None:
        player = state.players[seat]
        if not has_kind(player, "scan"):
            raise RuleError("You need working Iris Scanners.")
        if player.scanned:
            raise RuleError("Iris Scanners work once per round.")
        fleet = fleet_by_token(state, get_int(action, "fleet", 1, 999, "the fleet number"))
        if all(s.revealed for s in fleet.ships):
            raise RuleError("That fleet is already revealed.")
        turn.reveal("enemy ship cards")
        for s in fleet.ships:
            s.revealed = True
        player.scanned = True
        turn.say(f"{state.seats[seat]}'s Iris Scanners reveal {fleet_summary(state, fleet)}.")

    def _advance(self, state: State, turn: Turn) -> None:
        for _ in range(4):
            if state.phase == "over":
                return
            if state.solo and state.players[0].critical:
                lose(state, turn, "Your ship is in Critical Damage with no Rebuild left.")
                return
            if savior.check(state, turn):
                return
            if choices.blocking(state):
                return
            if state.combat is not None or state.mission is not None or state.active >= 0:
                return
            if state.phase == "planning" and all(p.done for p in state.players):
                if self._ambush_possible(state):
                    state.phase = "ambush"
                    turn.say("The Galactic Savior may attack a captain on its planet.", kind="turn")
                    return
                start_encounter(state, turn)
                continue
            if state.phase == "ambush" and state.ambushed:
                start_encounter(state, turn)
                continue
            if state.phase == "encounter" and not self._waiting(state):
                if state.round >= MAX_ROUNDS:
                    lose(state, turn, f"The Armada runs out of time after {MAX_ROUNDS} rounds.")
                    return
                resolution(state, turn)
                continue
            return

    def _ambush_possible(self, state: State) -> bool:
        if state.savior < 0 or state.ambushed:
            return False
        sv = state.players[state.savior]
        if sv.out or sv.critical:
            return False
        return any(
            i != state.savior and p.planet == sv.planet and not p.out and not p.critical
            for i, p in enumerate(state.players)
        )

    # -- views and text -------------------------------------------------------------------------
    def clone(self, state: State) -> State:
        return copy_state(state)

    def hide(self, state: State, seat: int | None) -> State:
        """The state with the hidden cards turned face down. It shares every part it does not hide
        with ``state`` (no copy of the whole state): front ends only read it."""
        peek = seat is not None and 0 <= seat < len(state.seats) and self._peeks(state, seat)
        return msgspec.structs.replace(
            state,
            rng=RngState(seed=0, draws=state.rng.draws),
            enemy_deck=["?"] * len(state.enemy_deck),
            td_deck=[(c if (peek and i == 0) else "?") for i, c in enumerate(state.td_deck)],
            hero_deck=["?"] * len(state.hero_deck),
            module_pool=["?"] * len(state.module_pool),
            bag=[0] * len(state.bag),
            data_pile=["?"] * len(state.data_pile),
            fleets=[_face_down(f) for f in state.fleets],
        )

    def resample(self, state: State, observer: int | None, seed: int) -> State:
        """A new seed and every face-down pile drawn again: the enemy deck and the face-down fleet
        ships exchange their cards (a face-down ship shows nothing but being there), and the Threat
        deck (bar a peeking observer's top card), hero deck, module pool, beacon bag and Data pile
        are shuffled. Everything :meth:`hide` turns face down, nothing else."""
        other = super().resample(state, observer, seed)
        rng = Rng(RngState(seed=seed, draws=1))  # draw 1 went to the new seed
        face_down = [s for f in other.fleets for s in f.ships if not s.revealed]
        cards = other.enemy_deck + [s.card for s in face_down]
        rng.shuffle(cards)
        for ship, card in zip(face_down, cards[len(other.enemy_deck) :], strict=True):
            ship.card = card
        other.enemy_deck = cards[: len(other.enemy_deck)]
        peek = observer is not None and 0 <= observer < len(state.seats) and self._peeks(state, observer)
        kept = other.td_deck[:1] if peek else []
        rest = other.td_deck[len(kept) :]
        rng.shuffle(rest)
        other.td_deck = kept + rest
        for pile in (other.hero_deck, other.module_pool, other.bag, other.data_pile):
            rng.shuffle(pile)
        return other

    def _peeks(self, state: State, seat: int) -> bool:
        return peeks(state, seat)

    def describe(self, state: State) -> str:
        lines = [
            f"armada round {state.round} {state.phase}"
            + (f" active={state.seats[state.active]}" if state.active >= 0 else "")
        ]
        if state.result:
            lines.append(f"result: {state.result} ({state.reason})")
        for i, p in enumerate(state.players):
            crew = dice_of(state, i)
            inf = sum(1 for d in crew if d.loc == "infirmary")
            mods = ",".join(
                str(i + 1) + ":" + (s.module or s.base or "-") + ("!" if s.offline else "")
                for i, s in enumerate(p.stations)
            )
            flags = " CRIT" if p.critical else ""
            lines.append(
                f"P{i + 1} {state.seats[i]} {p.ship}@{p.planet} S{p.shield}/{p.max_shield} "
                f"H{p.hull}/{p.max_hull} cr{p.credits} act{p.actions} crew{len(crew)} inf{inf} "
                f"data{len(p.data)}{flags} [{mods}]"
            )
        for f in state.fleets:
            lines.append(fleet_summary(state, f))
        if state.beacons:
            lines.append(
                "beacons: "
                + " ".join(
                    f"{b.event}@{b.planet}"
                    + ("*" if event_for(b.event).prime else "")
                    + ("(cargo)" if b.carrier >= 0 else "")
                    for b in state.beacons
                )
            )
        c = state.combat
        if c is not None:
            dice = " ".join(f"#{d.id}{d.face or '?'}@{d.loc}" for m in c.members for d in dice_of(state, m))
            lines.append(f"combat fleet {c.fleet} round {c.round} step {c.step} die {c.enemy_die}: {dice}")
            for s, n in c.knockouts.items():
                lines.append(f"knocked out: {state.seats[s]} picks {count(n, 'die')} for the Infirmary")
        if state.mission is not None:
            lines.append(f"mission {state.mission.event} {state.mission.step}: {missions.describe_sections(state)}")
        if state.final:
            lines.append(f"final: {state.final}")
        if state.trade is not None:
            lines.append("trade offer: " + planning.trade_text(state, state.trade))
        lines += choices.describe(state)
        return "\n".join(lines)

    # -- async play: forced steps, words, the bot (issue 12) ------------------------------------
    def status_lines(self, state: State) -> list[str]:
        return words.status_lines(state, [p.seat for p in self.pending(state)])

    def action_label(self, state: State, action: Action) -> str:
        return words.action_label(state, action)

    def glossary(self) -> dict[str, str]:
        """Every term the bot prints -> a short explanation (:mod:`.glossary`, built from the data)."""
        return glossary.glossary()

    def lookup_term(self, text: str) -> tuple[str, str] | None:
        return glossary.lookup(text)

    def forced_action(self, state: State, prompt: Prompt, legal: Listing | None = None) -> Action | None:
        """The one answer when nothing is left to decide: ``end`` once a Planning turn has no action
        left or an Encounter turn has nothing to engage (and no captain waiting could take this one
        along), ``done`` when no die can be placed (in an Away Mission only when trying again costs
        nothing that giving up would spare), a last planet to fall back to, a last die to lose, an
        enemy die nobody can pay to reroll. ``begin`` (claiming the turn) is no choice of its own."""
        c = state.combat
        if c is not None and not c.pvp and c.step == "gather" and not c.knockouts and not choices.blocking(state):
            return None if enemy.escape_worth_asking(state) else {"type": "gather"}
        listed = self.legal_from(state, prompt.seat, legal)
        if state.mission is not None and state.mission.step == "assign" and not choices.blocking(state):
            return self._forced_retry(state, prompt.seat, listed)
        forced = only_choice(listed, frozenset({"begin"}))
        if forced is None:
            return None
        in_turn = forced["type"] == "end" and state.phase == "encounter" and state.active == -1
        if in_turn and self._wanted_as_mate(state, prompt.seat):
            return None
        if forced == {"type": "end"} and state.phase == "encounter":
            return {"type": "end", "for": prompt.seat + 1}  # names its captain, so its label can say why
        return forced

    def _forced_retry(self, state: State, seat: int, legal: list[Action]) -> Action | None:
        """Try Again when no member can place or reroll a die and it costs no crew die before a choice:
        each member retries free or will still choose a die to send (or give up) at the next step."""
        m = state.mission
        assert m is not None
        if {a["type"] for a in legal} != {"done", "giveup"}:
            return None
        for other in m.members:
            if other != seat and {a["type"] for a in self.legal(state, other)} - {"done", "giveup"}:
                return None
            mine = dice_of(state, other, "rolled", "crew")
            free = other in m.helped or any("M" in d.face for d in dice_of(state, other, "rolled"))
            if len(mine) == 1 and not free and not (has_hero(state, other, "rigsystem") and other not in m.waived):
                return None  # its last die would be spent: giving up now may be the better answer
        return {"type": "done"}

    def _wanted_as_mate(self, state: State, seat: int) -> bool:
        """Whether a captain still to take the Encounter turn could bring ``seat`` into a fight or mission."""
        for other in self._waiting(state):
            if other == seat:
                continue
            for action in self.legal(state, other):
                team = action.get("team") or []
                if seat + 1 in team or str(seat + 1) in team:
                    return True
        return False

    def ai_action(self, view: State, seat: int, seed: int) -> Action | None:
        """The careful captain (:mod:`.ai`), deciding from ``view`` alone; deterministic, so ``seed``
        is unused. Hidden cards in the view are replaced by stand-ins from the content before the bot
        tries anything on it."""
        board = ai.stand_in(view)
        legal = self.legal(board, seat)
        if not legal:
            return None
        prompt = next((p for p in self.pending(board) if p.seat == seat), None)
        return ai.careful(board, seat, legal, prompt.default if prompt else None, self.apply)

    def format(self, action: Action) -> str:
        kind = str(action.get("type", ""))
        keys = SCHEMA.get(kind, [])
        parts = [kind]
        for k in keys:
            if k in action:
                v = action[k]
                parts.append(",".join(str(x) for x in v) if isinstance(v, list) else str(v))
        for k, v in action.items():
            if k == "type" or k in keys:
                continue
            parts.append(f"{k}=" + (",".join(str(x) for x in v) if isinstance(v, list) else str(v)))
        return " ".join(parts)

    def parse(self, text: str, state: State, seat: int) -> Action:
        """The typed notation back as the action ``legal()`` lists: whole numbers as ints, faces in
        capitals, planets by their names; ``parse(format(a)) == a`` for every legal ``a``."""
        wanted = normalise(text)
        if not wanted:
            raise RuleError("Type an action, for example: end.")
        tokens = wanted.split(" ")[:40]
        kind = tokens[0]
        action: dict[str, Any] = {"type": kind}
        keys = SCHEMA.get(kind, [])
        if kind == "assign" and state.mission is not None:
            keys = ["die", "section"]
        positional = [t for t in tokens[1:] if "=" not in t]
        for t in tokens[1:]:
            if "=" in t:
                k, _, v = t.partition("=")
                action[k] = _value(kind, k, v)
        if kind in ("travel", "retreat") and positional:
            action["to"] = _planet_name(" ".join(positional))
            return action
        if kind in ("reroll",):
            action["dice"] = _value(kind, "dice", ",".join(positional))
            return action
        for i, t in enumerate(positional):
            if i >= len(keys):
                raise RuleError(f"Too many values for {kind}.")
            action[keys[i]] = _value(kind, keys[i], t)
        return action


_WHOLE = re.compile(r"[0-9]{1,9}")
# Values legal() keeps as text even when they are digits: a trade's terms are stored as written.
TEXT_KEYS = {"trade": {"value", "for_value"}}


def _value(kind: str, key: str, text: str) -> Any:
    """One typed value as legal() writes it: a list for list keys (or anything with commas), whole
    numbers as ints, a die face in capitals, planet names as the board spells them."""
    if key in LIST_KEYS or "," in text:
        return [_value(kind, "", part) for part in text.split(",") if part]
    if key in TEXT_KEYS.get(kind, ()):
        return text
    if _WHOLE.fullmatch(text):
        return int(text)
    if key == "face":
        return text.upper()
    if key == "to":
        return _planet_name(text)
    return text


def _face_down(fleet: Fleet) -> Fleet:
    """The fleet as the captains see it: unrevealed ships show no card and no damage."""
    if all(s.revealed for s in fleet.ships):
        return fleet
    ships = [s if s.revealed else msgspec.structs.replace(s, card="?", damage=0) for s in fleet.ships]
    return msgspec.structs.replace(fleet, ships=ships)


def _planet_name(text: str) -> str:
    for p in [*C.planets, "Artemis"]:
        if normalise(p) == normalise(text):
            return p
    return text
