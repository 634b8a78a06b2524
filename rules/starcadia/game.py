"""The Starcadia Quest game system: setup, prompts, legal actions, notation, views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

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

from . import ai, glossary, labels
from . import board as B
from . import campaign as C
from . import checks as K
from . import control as X
from . import engine as E
from . import memo as M
from . import text as T
from .allowed import allowed
from .content import CONTENT, CREW_LABELS, CREWS
from .state import Activation, CrewState, HeroState, StarState, Task, Up

STARTER_SPLIT = (["S01", "S04", "S07", "S06"], ["S02", "S03", "S05"])
TURN_LIMIT_MIN, TURN_LIMIT_MAX = 4, 999
PHASE_ACTIONS = K.PHASE_ACTIONS
HIDDEN_CHOICES = frozenset({"claim", "outfit", "rest"})
"""Actions whose one listed form hides a choice (hero placement, a loadout, transfers): never forced."""
PHASE_ACTIONS = {"updraft": "keep", "upgrade": "take", "outfit": "outfit", "route": "route"}
_QUEST_STEPS = frozenset({"hack", "pickup"})
_DECISIONS = frozenset(
    {"use", "claim", "pick", "event", "payback", "keep", "take", "route", "outfit"}
    | {"guard", "monster", "shove", "defend", "place"}
)
"""Kinds of action the buttons rank after attacks and quest moves: decisions and gadgets."""
_LEGAL = M.Memo()
"""legal()'s answers per (seat, position), shared by every game of the process (bounded)."""


def turn_limit_option(value: object) -> int:
    """The turn_limit table option as a number of turns (0: off, the book's rule)."""
    text = str(value if value is not None else "off").strip().lower()
    if text in ("off", "none", "0", ""):
        return 0
    if not text.isdigit() or not TURN_LIMIT_MIN <= int(text) <= TURN_LIMIT_MAX:
        raise RuleError(f"turn_limit is a number of turns from {TURN_LIMIT_MIN} to {TURN_LIMIT_MAX}, or off.")
    return int(text)


class Starcadia(GameSystem[StarState]):
    id = "starcadia"
    name = "Starcadia Quest"
    min_seats = 2
    max_seats = 4
    state_type = StarState
    summary = "Rival crews raid a monster-filled space station for quests, loot and glory."
    free_actions = frozenset({"prefs", "gear"})  # standing choices any crew may change at any time

    # -- setup -----------------------------------------------------------------------------
    def scenarios(self) -> list[Choice]:
        return [Choice(value=s.id, label=f"{s.id}: {s.title}", help=s.text[:100]) for s in CONTENT.scenarios.values()]

    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec(name="scenario", help="scenario to play", default="1", choices=sorted(CONTENT.scenarios)),
            OptionSpec(
                name="draft",
                help="hero choice: choice (2 each in turn), snake (advanced draft), random",
                default="choice",
                choices=["choice", "snake", "random"],
            ),
            OptionSpec(
                name="events",
                help="auto: event choices follow a fixed policy; choose: the active player makes them",
                default="auto",
                choices=["auto", "choose"],
            ),
            OptionSpec(
                name="monsters",
                help=(
                    "player: the controller decides for monsters (guard order, payback, event moves, shoves), "
                    "with the bot's choice as the time-out default; bot: the bot always runs them"
                ),
                default="player",
                choices=["player", "bot"],
            ),
            OptionSpec(
                name="defence",
                help="prefs: attacked heroes follow their standing /starcadia prefs; ask: the defender is asked live",
                default="prefs",
                choices=["prefs", "ask"],
            ),
            OptionSpec(name="mode", help="campaign or episodic", default="campaign", choices=["campaign", "episodic"]),
            OptionSpec(
                name="turn_limit",
                help=(
                    "our rule, not the book's: end each scenario after this many turns (every player's turn "
                    "counts), most VT wins, a tie goes to more quests fulfilled, then the CRIT roll-off; "
                    f"{TURN_LIMIT_MIN}-{TURN_LIMIT_MAX} or off (by the book: only the quests end it)"
                ),
                default="off",
            ),
            OptionSpec(
                name="tiles",
                help="random, or tile ids joined by '+' (e.g. t01+t02+t03+t04)",
                default="random",
            ),
        ]

    def seat_labels(self, count: int) -> list[str]:
        return [CREW_LABELS[c] for c in CREWS[:count]]

    def setup(self, seats: Sequence[str], options: Mapping[str, str], seed: int) -> StarState:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise RuleError("Starcadia Quest needs 2 to 4 players.")
        sid = str(options.get("scenario", "1")).upper()
        if sid not in CONTENT.scenarios:
            raise RuleError(f"There is no scenario '{sid[:10]}'.")
        draft = str(options.get("draft", "choice"))
        if draft not in ("choice", "snake", "random"):
            raise RuleError("draft must be choice, snake or random.")
        if str(options.get("monsters", "player")) not in ("player", "bot"):
            raise RuleError("monsters must be player or bot.")
        if str(options.get("defence", "prefs")) not in ("prefs", "ask"):
            raise RuleError("defence must be prefs or ask.")
        mode = str(options.get("mode", "campaign"))
        if mode not in ("campaign", "episodic"):
            raise RuleError("mode must be campaign or episodic.")
        if mode == "campaign" and sid != "1":
            raise RuleError("A campaign always starts with scenario 1; use mode=episodic for a one-off.")
        limit = turn_limit_option(options.get("turn_limit", "off"))
        sc = CONTENT.scenarios[sid]
        state = StarState(
            system=self.id,
            schema=self.schema_version,
            seats=list(seats),
            phase="draft",
            rng=RngState(seed=seed),
            scenario=sid,
            mode=mode,
            draft=draft,
            monster_control=str(options.get("monsters", "player")),
            defence=str(options.get("defence", "prefs")),
            event_mode=str(options.get("events", "auto")),
            turn_limit=limit,
        )
        turn = Turn(state, None)
        rng = turn.rng
        n = len(seats)
        state.first = rng.below(n)
        state.crews = [CrewState(seat=i, colour=CREWS[i]) for i in range(n)]
        tiles_opt = str(options.get("tiles", "random"))
        tiles = None
        if tiles_opt != "random":
            tiles = [t.strip() for t in tiles_opt.replace(",", "+").split("+")]
            if len(tiles) != len(sc.layout) or len(set(tiles)) != len(tiles):
                raise RuleError(f"Name {len(sc.layout)} different tiles.")
            for tid in tiles:
                if tid not in CONTENT.tiles:
                    raise RuleError(f"There is no tile '{tid[:10]}'.")
        C.start_scenario(state, turn, sid, tiles)
        order = [(state.first + i) % n for i in range(n)]
        state.phase = "draft"
        if draft == "random":
            picks = rng.sample(sorted(CONTENT.heroes), 2 * n)
            for i, seat in enumerate(order):
                self._give_heroes(state, seat, picks[2 * i : 2 * i + 2])
            self._crews_ready(state, turn)
        elif draft == "snake":
            state.order = order + order[::-1]
        else:
            state.order = order
        state.log = [e.text for e in turn.events if e.visible_to is None][-10:]
        return state

    def _crews_ready(self, state: StarState, turn: Turn) -> None:
        """Heroes are chosen: draft upgrades (episodic) or go claim shuttles."""
        if state.mode == "episodic" and C.start_episodic_draft(state, turn):
            return
        C.to_shuttle_phase(state)
        turn.say("Crews are ready. Claim your shuttle slots.", kind="turn")

    def _give_heroes(self, state: StarState, seat: int, ids: list[str]) -> None:
        crew = state.crews[seat]
        for hid in ids:
            slot = len(crew.heroes)
            crew.heroes.append(hid)
            state.heroes.append(HeroState(id=hid, seat=seat, upgrades=[Up(id=u) for u in STARTER_SPLIT[slot]]))

    # -- queries -----------------------------------------------------------------------------
    def pending(self, state: StarState) -> list[Prompt]:
        if state.phase == "draft":
            seat = state.order[state.order_pos]
            free = self._free_heroes(state)
            k = 1 if state.draft == "snake" else 2
            return [
                Prompt(
                    seat=seat,
                    kind="setup",
                    text=(
                        f"{state.seats[seat]}: pick {k} hero{'es' if k > 1 else ''} "
                        "(/starcadia offer lists the free ones with their stats)"
                    ),
                    default={"type": "pick", "heroes": free[:k]},
                )
            ]
        if state.phase == "shuttle":
            seat = state.order[state.order_pos]
            free = self._free_slots(state)
            return [
                Prompt(
                    seat=seat,
                    kind="setup",
                    text=f"{state.seats[seat]}: claim a shuttle slot (free: {', '.join(str(i + 1) for i in free)})",
                    default={"type": "claim", "slot": free[0] + 1},
                )
            ]
        if state.phase == "updraft":
            return [
                Prompt(
                    seat=c.seat,
                    kind="choice",
                    text=f"{state.seats[c.seat]}: keep 2 upgrade tokens from your hand",
                    default={"type": "keep"},  # the first two of the hand: no secret in the prompt
                )
                for c in state.crews
                if not c.ready
            ]
        if state.phase == "upgrade":
            seat = state.order[state.order_pos]
            return [
                Prompt(
                    seat=seat,
                    kind="choice",
                    text=f"{state.seats[seat]}: take an upgrade token",
                    default={"type": "take", "token": state.pool[0]},
                )
            ]
        if state.phase == "outfit":
            return [
                Prompt(
                    seat=c.seat,
                    kind="assign",
                    text=f"{state.seats[c.seat]}: outfit your heroes (6 upgrades each at most)",
                    default={"type": "outfit"},
                )
                for c in state.crews
                if not c.ready
            ]
        if state.phase == "route":
            seat = state.order[0]
            nxt = CONTENT.scenarios[state.scenario].next
            return [
                Prompt(
                    seat=seat,
                    kind="choice",
                    text=f"{state.seats[seat]}: choose the next scenario ({', '.join(nxt)})",
                    default={"type": "route", "scenario": nxt[0]},
                )
            ]
        if state.phase != "play":
            return []
        seat = state.current
        if state.wait is not None:
            return [X.prompt(state)]
        if state.payback is not None:
            pb = state.payback
            m = E.find_monster(state, pb.monster)
            tag = E.mname(m) if m is not None else pb.monster
            text = (
                f"{state.seats[pb.seat]}: run the Payback of {tag} against {pb.hero} "
                "with /starcadia payback (path, attack) or /starcadia answer (empty: the bot's run)"
            )
            return [Prompt(seat=pb.seat, kind="reaction", text=text, default={"type": "payback"})]
        if state.pending_event:
            card = CONTENT.events[state.pending_event]
            text = (
                f"{state.seats[seat]}: event {card.name}: choose the {card.designation} figure and target "
                "with /starcadia event (empty: the usual choice)"
            )
            return [Prompt(seat=seat, kind="choice", text=text, default={"type": "event"})]
        if state.act.hero:
            h = E.find_hero(state, state.act.hero)
            left = [f"move ({state.act.mp} MP)"] if not state.act.moved else []
            alive = h is not None and not h.dead and bool(h.pos)
            if not state.act.attacked and alive and self._can_attack(state, E.board_of(state), h):
                left.append("attack")
            left.append("end" if left or state.act.attacked else "end (nothing in reach to attack)")
            text = (
                f"{state.seats[seat]}: {CONTENT.heroes[state.act.hero].name} is active; "
                f"still possible: {', '.join(left)}"
            )
            return [Prompt(seat=seat, kind="turn", text=text, default={"type": "end"})]
        return [
            Prompt(
                seat=seat,
                kind="turn",
                text=f"{state.seats[seat]}: activate one hero (move and/or attack) or rest the crew",
                default={"type": "rest"},
            )
        ]

    def status_lines(self, state: StarState) -> list[str]:
        """For /game status: the scenario and turn (of the turn limit, if set), each crew's VT, and during
        play what still ends the scenario."""
        sc = CONTENT.scenarios[state.scenario]
        count = f"turn {state.turn_no} of {state.turn_limit}" if state.turn_limit else f"turn {state.turn_no}"
        head = f"Scenario {sc.id}: {sc.title} · {count if state.phase == 'play' else state.phase}"
        lines = [head, "VT: " + ", ".join(f"{c.colour} ({state.seats[c.seat]}) {c.vt}" for c in state.crews)]
        if state.phase == "play":
            lines.append(E.end_condition(state) + ".")
        return lines

    def action_label(self, state: StarState, action: Action) -> str:
        """The action in plain words for a button ("Edge: walk to C4 (3 MP) and hack")."""
        return labels.action_label(state, action) or self.format(action)

    def glossary(self) -> dict[str, str]:
        """Every term the bot prints -> a short explanation (:mod:`.glossary`, built from the data)."""
        return glossary.glossary()

    def lookup_term(self, text: str) -> tuple[str, str] | None:
        return glossary.lookup(text)

    def forced_action(self, state: StarState, prompt: Prompt, legal: Listing | None = None) -> Action | None:
        """The one answer when nothing is left to decide: ``end`` once the active hero can do nothing
        else, a draft pick or a token that is the last one left, a decision with a single option. A claim,
        an outfit and a rest are never forced: where the heroes stand, who carries what and what moves
        between them are choices the listed action does not show."""
        forced = only_choice(self.legal_from(state, prompt.seat, legal), self.free_actions)
        if forced is None or forced["type"] in HIDDEN_CHOICES:
            return None
        return forced

    def ai_action(self, view: StarState, seat: int, seed: int) -> Action | None:
        """The quest-minded bot (:mod:`.ai`), deciding from ``view`` alone."""
        legal = self.legal(view, seat)
        if not legal:
            return None
        return ai.bot_choice(view, legal, ai.Coins(seed))

    def _free_heroes(self, state: StarState) -> list[str]:
        taken = {h.id for h in state.heroes}
        return [h for h in CONTENT.heroes if h not in taken]

    def _free_slots(self, state: StarState) -> list[int]:
        taken = {c.shuttle for c in state.crews}
        return [i for i in range(len(CONTENT.scenarios[state.scenario].shuttle_slots)) if i not in taken]

    def outcome(self, state: StarState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = ", ".join(state.seats[s] for s in state.winners)
        if state.mode == "campaign":
            scores = {c.seat: c.badges for c in state.crews}
            return Outcome(
                result="win",
                winners=list(state.winners),
                scores=scores,
                summary=f"{names} win(s) the campaign with {max(scores.values())} badges.",
            )
        scores = {c.seat: c.vt for c in state.crews}
        return Outcome(
            result="win",
            winners=list(state.winners),
            scores=scores,
            summary=f"{names} win(s) the scenario with {max(scores.values())} VT.",
        )

    def legal(self, state: StarState, seat: int) -> list[Action]:
        """The candidates :meth:`check` allows (:mod:`.allowed`), remembered per position (:mod:`.memo`): the
        table asks about one position many times a turn, on copies and on views that hide nothing legal() reads."""
        return _LEGAL.answer((seat, M.position_key(state)), lambda: allowed(self, state, seat))

    def check(self, state: StarState, seat: int, action: Action) -> None:
        """Refuse what ``seat`` may not do now, reading the state only (:mod:`.checks`)."""
        K.check(state, seat, action, lambda: {p.seat for p in self.pending(state)})

    def candidates(self, state: StarState, seat: int) -> list[Action]:
        """Every action worth offering ``seat`` now: the bounded answers to a decision, the setup and
        campaign choices, and on a turn rest or end, each hero's moves, gadgets and attacks; :meth:`check`
        keeps those the rules allow (legal() is the default: candidates filtered by check)."""
        if not self._prompted(state, seat):
            return []
        if state.phase == "draft":
            free = self._free_heroes(state)
            if state.draft == "snake":
                return [{"type": "pick", "heroes": [h]} for h in free]
            return [{"type": "pick", "heroes": [a, b]} for i, a in enumerate(free) for b in free[i + 1 :]]
        if state.phase == "shuttle":
            return [{"type": "claim", "slot": i + 1} for i in self._free_slots(state)]
        if state.phase == "updraft":
            hand = state.crews[seat].hand
            if len(hand) <= 2:
                return [{"type": "keep", "tokens": list(hand)}]
            return [{"type": "keep", "tokens": [a, b]} for i, a in enumerate(hand) for b in hand[i + 1 :]]
        if state.phase == "upgrade":
            return [{"type": "take", "token": tok} for tok in state.pool]
        if state.phase == "outfit":
            return [{"type": "outfit"}]
        if state.phase == "route":
            return [{"type": "route", "scenario": s} for s in CONTENT.scenarios[state.scenario].next]
        if state.wait is not None:
            return X.options(state)
        if state.payback is not None:
            return E.payback_options(state)
        if state.pending_event:
            return self._event_options(state)
        out: list[Action] = []
        crew = state.crews[seat]
        heroes = [E.find_hero(state, hid) for hid in crew.heroes]
        if state.act.hero:
            active = [E.find_hero(state, state.act.hero)]
            out.append({"type": "end"})
        else:
            out.append({"type": "rest"})
            active = [h for h in heroes if h is not None and not h.dead and h.pos]
        b = E.board_of(state)
        for h in active:
            if h is None or h.dead or not h.pos:
                continue
            if E.can_move(state, h):
                out.extend(self._move_options(state, b, h))
            if not state.act.attacked:
                out.extend(self._attack_options(state, b, h))
            for g in sorted(set(h.gadgets)):
                if g == "stimpack" and not h.wounds:
                    continue
                if g == "hoverboard":
                    out.extend(self._hoverboard_options(state, b, h))
                    continue
                out.append({"type": "use", "hero": h.id, "gadget": g})
        return out

    def _prompted(self, state: StarState, seat: int) -> bool:
        """Whether :meth:`pending` asks ``seat`` something (a decision's prompt is not built: its default
        runs the monster policy)."""
        if state.phase == "play" and state.wait is not None:
            return state.wait.seat == seat
        return any(p.seat == seat for p in self.pending(state))

    def _event_options(self, state: StarState) -> list[Action]:
        figures, points = E.event_choices(state)
        out: list[Action] = [{"type": "event"}]
        heroes = E.heroes_on_board(state)
        for m in figures:
            out.append({"type": "event", "figure": m.uid})
            if state.monster_control == "bot":  # else the target is chosen when the figure acts
                out.extend({"type": "event", "figure": m.uid, "target": h.id} for h in heroes)
        out.extend({"type": "event", "spawn": B.name(p)} for p in points)
        return out

    def _hoverboard_options(self, state: StarState, b: B.Board, h: HeroState) -> list[Action]:
        crew = state.crews[h.seat]
        ally = next((E.find_hero(state, x) for x in crew.heroes if x != h.id), None)
        if ally is None or ally.dead or not ally.pos:
            return []
        found = E.reach(state, b, ally.pos, E.BASE_MP, ally.id)
        return [
            {"type": "use", "hero": h.id, "gadget": "hoverboard", "path": path}
            for _space, (_cost, path) in sorted(found.items())
            if path
        ]

    def _move_options(self, state: StarState, b: B.Board, h: HeroState) -> list[Action]:
        mp = E.move_points(state, h)
        out: list[Action] = []
        reach = E.reach(state, b, h.pos, mp, h.id)  # its paths are new lists: the actions keep them
        q = E.current_pve(state)
        hack_quest = q is not None and q.goal == "hack"
        hacked = set(state.crews[h.seat].hacked)
        tokens = state.tokens
        armory = state.armory_space if state.armory_item and len(h.upgrades) < E.SLOTS else None
        for space in sorted(reach):
            cost, path = reach[space]
            if path:
                out.append({"type": "move", "hero": h.id, "path": path})
            if (
                hack_quest
                and B.parse_space(space) in b.terminals
                and space not in hacked
                and cost < mp
                and not E.enemies_in(state, space, h)
            ):
                out.append({"type": "move", "hero": h.id, "path": [*path, "hack"]})
            has_quest = space in tokens and any(t.startswith("quest:") for t in tokens[space])
            if (has_quest or space == armory) and not E.enemies_in(state, space, h):
                out.append({"type": "move", "hero": h.id, "path": [*path, "pickup"]})
        here = B.parse_space(h.pos)
        for side, (dx, dy) in B.DIRS.items():
            if B.edge(here, (here[0] + dx, here[1] + dy)) in b.door_of and mp >= 1:
                out.append({"type": "move", "hero": h.id, "path": [f"door:{side}"]})
        return out

    def _attack_options(self, state: StarState, b: B.Board, h: HeroState) -> list[Action]:
        """Every ready weapon on every enemy it reaches (melee Close, ranged in sight), with each useful boost
        set; :meth:`check` still decides (the wound cost of a boost, a target that left)."""
        out: list[Action] = []
        targets = [(m.uid, m.pos) for m in state.monsters]
        targets += [(o.id, o.pos) for o in E.heroes_on_board(state) if o.seat != h.seat]
        reached = E.Reached(state, b, h, targets)
        for card, tok in E.ups(h):
            if card.category != "weapon" or tok.exhausted:
                continue
            kind = E.attack_kind(card)
            combos = E.boost_combos(h, card)
            for tid in reached.by(kind):
                out.extend(
                    {"type": "attack", "hero": h.id, "target": tid, "weapon": card.slug, "boosts": list(c)}
                    for c in combos
                )
        return out

    def _can_attack(self, state: StarState, b: B.Board, h: HeroState) -> bool:
        """Whether :meth:`_attack_options` offers anything (a ready weapon reaches a target), stopping at the
        first: the turn's prompt only says whether an attack is still possible."""
        targets = [(m.uid, m.pos) for m in state.monsters]
        targets += [(o.id, o.pos) for o in E.heroes_on_board(state) if o.seat != h.seat]
        reached = E.Reached(state, b, h, targets)
        for card, tok in E.ups(h):
            if card.category != "weapon" or tok.exhausted:
                continue
            if reached.by(E.attack_kind(card)) and E.boost_combos(h, card):
                return True
        return False

    def button_choices(self, state: StarState, seat: int, legal: list[Action]) -> list[int]:
        """Every move, most useful first (the first four get buttons, a menu can follow this order): attacks
        (first on rivals whose PvP quest is open), moves that hack or pick up, the walk towards an open PvP
        quest, decisions and gadgets, end/rest, then the other walks, longest first, the heroes taking turns
        (so a list cut short still shows both heroes)."""
        pvp = {h.id for h in E.pvp_targets(state, seat)} if state.phase == "play" else set()
        approach = E.pvp_approach(state, seat) if any(a.get("type") == "move" for a in legal) else None
        towards = {"type": "move", "hero": approach.hero, "path": approach.path} if approach else None

        def rank(action: Action) -> tuple[int, int]:
            kind = action.get("type")
            if kind == "attack":
                return (0, 0 if action.get("target") in pvp else 1)
            if kind == "move" and not _QUEST_STEPS.isdisjoint(map(str, action.get("path", []) or [])):
                return (1, 0)
            if action == towards:
                return (1, 1)
            if kind in _DECISIONS:
                return (2, 0)
            if kind in ("end", "rest"):
                return (3, 0)
            return (4, walk_turn.get(id(action), 0))

        walks: dict[str, list[Action]] = {}
        for action in legal:
            if action.get("type") == "move":
                walks.setdefault(str(action.get("hero")), []).append(action)
        walk_turn: dict[int, int] = {}
        for h, mine in enumerate(walks.values()):
            mine.sort(key=lambda a: -len(a.get("path", []) or []))
            walk_turn.update({id(a): k * len(walks) + h for k, a in enumerate(mine)})
        return sorted(range(len(legal)), key=lambda i: (rank(legal[i]), i))

    def hide(self, state: StarState, seat: int | None) -> StarState:
        """The deck and the other crews' hands face down, no seed. The rest is shared with ``state``, not
        copied (the contract allows it: views are read, never changed), as the table asks for views often."""
        crews = [c if c.seat == seat else msgspec.structs.replace(c, hand=["?"] * len(c.hand)) for c in state.crews]
        return msgspec.structs.replace(state, deck=["?"] * len(state.deck), rng=RngState(seed=0, draws=0), crews=crews)

    def legal_reads_hidden(self, state: StarState, seat: int) -> bool:
        """Only the episodic draft (``updraft``) lists a hidden thing: the tokens of one's own hand, which
        :meth:`hide` turns face down. Otherwise the hands are empty and legal() never reads the deck (only
        its size, which a view keeps), so the public view lists the same actions."""
        return state.phase == "updraft"

    def resample(self, state: StarState, observer: int | None, seed: int) -> StarState:
        """A new seed, the event deck in another order, and the draft tokens in the other crews' hands
        dealt again among those hands (each keeps its size): everything :meth:`hide` turns face down."""
        other = super().resample(state, observer, seed)
        rng = Rng(RngState(seed=seed, draws=1))  # draw 1 went to the new seed
        rng.shuffle(other.deck)
        hidden = [c for c in other.crews if c.seat != observer and c.hand]
        tokens = [t for c in hidden for t in c.hand]
        rng.shuffle(tokens)
        for crew in hidden:
            crew.hand, tokens = tokens[: len(crew.hand)], tokens[len(crew.hand) :]
        return other

    # -- actions -------------------------------------------------------------------------------
    def perform(self, state: StarState, seat: int | None, action: Action, turn: Turn) -> None:
        """Check (the same read-only check legal() uses), then play the action where the game stands."""
        self.check(state, seat, action)
        assert seat is not None
        kind = action["type"]
        if kind in ("prefs", "gear"):
            return (self._prefs if kind == "prefs" else self._gear)(state, seat, action, turn)
        if state.phase in PHASE_ACTIONS:
            handler = {"keep": C.keep, "take": C.take, "outfit": C.outfit, "route": C.route}[kind]
            return handler(state, turn, seat, dict(action))
        if state.phase == "draft":
            return self._pick(state, seat, action, turn)
        if state.phase == "shuttle":
            return self._claim(state, seat, action, turn)
        if state.wait is not None:
            return X.answer(state, turn, seat, dict(action))
        if state.payback is not None:
            E.resolve_payback(state, turn, dict(action))
        elif state.pending_event:
            E.resolve_event(state, turn, dict(action))
        elif kind == "rest":
            E.rest(state, turn, seat, action)
        elif kind == "end":
            E.end_turn(state, turn)
        else:
            self._hero_action(state, turn, K.hero_arg(state, action), action)
        E.drain(state, turn)
        return None

    def _hero_action(self, state: StarState, turn: Turn, h: HeroState, action: Action) -> None:
        """A hero's move, attack or gadget: the first of them activates the hero."""
        E.start_activation(state, turn, h)
        state.todo.append(Task(kind="after_hero"))
        if action["type"] == "move":
            state.act.mp -= E.hero_move(state, turn, h, action.get("path"), state.act.mp)
            state.act.moved = True
        elif action["type"] == "attack":
            E.hero_attack(state, turn, h, dict(action))
            state.act.attacked = True
            if state.act.moved:  # movement came first: it is over, and its unspent MP are gone
                state.act.sealed = True
                state.act.mp = 0
        else:
            E.use_gadget(state, turn, h, dict(action))

    def _pick(self, state: StarState, seat: int, action: Action, turn: Turn) -> None:
        if seat != state.order[state.order_pos]:
            raise RuleError("It is not your pick.")
        heroes = action.get("heroes")
        if isinstance(heroes, str):
            heroes = heroes.split()
        k = 1 if state.draft == "snake" else 2
        if not isinstance(heroes, list | tuple) or len(heroes) != k:
            raise RuleError(f"Pick exactly {k} hero{'es' if k > 1 else ''}.")
        free = self._free_heroes(state)
        ids = []
        for ref in heroes:
            if not isinstance(ref, str):
                raise RuleError("Name heroes by their id, e.g. edge.")
            hid = ref.strip().lower()
            if hid not in CONTENT.heroes:
                raise RuleError(f"There is no hero '{ref[:20]}'. Heroes: {', '.join(CONTENT.heroes)}.")
            if hid not in free or hid in ids:
                raise RuleError(f"{CONTENT.heroes[hid].name} is already taken.")
            ids.append(hid)
        self._give_heroes(state, seat, ids)
        turn.say(f"{state.seats[seat]} takes {', '.join(CONTENT.heroes[h].name for h in ids)}.")
        state.order_pos += 1
        if state.order_pos >= len(state.order):
            self._crews_ready(state, turn)

    def _claim(self, state: StarState, seat: int, action: Action, turn: Turn) -> None:
        if seat != state.order[state.order_pos]:
            raise RuleError("It is not your turn to claim a shuttle slot.")
        from rules.core.validate import get_int

        slot = get_int(action, "slot", 1, 4, "the shuttle slot") - 1
        if slot not in self._free_slots(state):
            free = ", ".join(str(i + 1) for i in self._free_slots(state))
            raise RuleError(f"That shuttle slot is taken. Free slots: {free}.")
        crew = state.crews[seat]
        crew.shuttle = slot
        b = E.board_of(state)
        spaces = [B.name(xy) for xy in b.shuttles[crew.colour]]
        place = action.get("place") or {}
        if not isinstance(place, dict) or len(place) > 2:
            raise RuleError("Place your heroes as hero: shuttle space.")
        for key, space in place.items():
            if not isinstance(key, str) or key.lower() not in crew.heroes:
                raise RuleError(f"'{str(key)[:20]}' is not a hero of your crew.")
            if not isinstance(space, str) or space.upper() not in spaces:
                raise RuleError(f"Your shuttle's spaces are {' and '.join(spaces)}.")
        for i, hid in enumerate(crew.heroes):
            want = {k.lower(): v.upper() for k, v in place.items()}.get(hid, spaces[i % 2])
            E.find_hero(state, hid).pos = want
        turn.say(f"The {crew.colour} shuttle docks at slot {slot + 1} ({spaces[0]}).")
        state.order_pos += 1
        if state.order_pos >= len(state.order):
            state.phase = "play"
            state.order = []
            state.current = state.first
            state.act = Activation()
            turn.say(f"The scenario begins. {state.seats[state.current]} goes first.", kind="turn")

    def _gear(self, state: StarState, seat: int, action: Action, turn: Turn) -> None:
        if state.phase not in ("draft", "shuttle"):
            raise RuleError("Outside setup, upgrades move between heroes only when the crew rests.")
        h = K.hero_arg(state, action)
        if h.seat != seat:
            raise RuleError(f"{E.hero_name(h)} is not in your crew.")
        crew = state.crews[seat]
        if len(crew.heroes) != 2:
            raise RuleError("Pick both heroes first.")
        ally = E.find_hero(state, next(x for x in crew.heroes if x != h.id))
        refs = action.get("tokens", [])
        if isinstance(refs, str):
            refs = refs.split()
        if not isinstance(refs, list | tuple) or len(refs) > 6:
            raise RuleError(f"A hero carries at most {E.SLOTS} upgrades.")
        # A crew may own several copies of one upgrade (armory items repeat), so count copies.
        pool = h.upgrades + ally.upgrades
        rest = list(pool)
        mine = []
        for ref in refs:
            card = CONTENT.upgrade_by_ref(ref) if isinstance(ref, str) and len(ref) < 60 else None
            if card is None or all(u.id != card.id for u in pool):
                raise RuleError(f"Your crew has no upgrade '{str(ref)[:30]}'.")
            copy = next((u for u in rest if u.id == card.id), None)
            if copy is None:
                owned = sum(1 for u in pool if u.id == card.id)
                raise RuleError(f"{card.name} is listed more times than your crew has it ({owned}).")
            rest.remove(copy)
            mine.append(copy)
        if len(rest) > E.SLOTS:
            raise RuleError(f"{E.hero_name(ally)} would hold more than {E.SLOTS} upgrades.")
        h.upgrades = mine
        ally.upgrades = rest
        names = ", ".join(CONTENT.upgrades[u.id].name for u in mine) or "nothing"
        turn.say(f"{E.hero_name(h)} now carries {names}.")

    def _prefs(self, state: StarState, seat: int, action: Action, turn: Turn) -> None:
        h = K.hero_arg(state, action)
        if h.seat != seat:
            raise RuleError(f"{E.hero_name(h)} is not in your crew.")
        rr = action.get("reroll")
        if rr is not None:
            if rr not in ("on", "off", True, False):
                raise RuleError("reroll is on or off.")
            h.auto_reroll = rr in ("on", True)
        rx = action.get("reaction")
        if rx is not None:
            if not isinstance(rx, str):
                raise RuleError("reaction is an upgrade name or none.")
            if rx.strip().lower() in ("none", "off", ""):
                h.reaction = ""
            else:
                card, _ = E.resolve_upgrade(h, rx, "reaction")
                if card.category != "reaction":
                    raise RuleError(f"{card.name} is not a reaction.")
                h.reaction = card.id
        rname = CONTENT.upgrades[h.reaction].name if h.reaction else "none"
        turn.say(f"{E.hero_name(h)}: auto-reroll {'on' if h.auto_reroll else 'off'}, reaction {rname}.")

    # -- notation and text form ---------------------------------------------------------------------------
    def format(self, action: Action) -> str:
        return T.format_action(action)

    def parse(self, text: str, state: StarState, seat: int) -> Action:
        return T.parse_action(text)

    def describe(self, state: StarState) -> str:
        return T.describe(state)
