"""Armada's bot captain: the careful scripted player, for bot seats and the balance tests.

It decides from the state as its own seat sees it (:meth:`Armada.view`): unrevealed fleet
cards, the decks, the beacon bag and the seed are hidden there, so hidden information cannot leak
into a bot's play. It is deterministic (ties go by list order and names, never by chance), so the
seed of the contract is not needed. It only ever answers with one of the legal actions it is given.

What a sensible new team would do: repair when hurt, fly to where beacons and fleets pile up,
fight together when a captain is near, put each die where it does the most good right now (damage,
shields, hull, healing), escape when nearly dead, and fill mission sections. Where the rules leave a
choice with a safe default (falling back, splitting, voting, a sacrifice), it takes the default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from rules.core import Action, RuleError

from .content import CONTENT as C
from .finals import event_for
from .helpers import distance, module_at
from .state import State

Apply = Callable[[State, int, Action], object]
"""The engine's ``apply``: the bot tries a die placement on a copy to see what it does."""

USEFUL = ("damage", "shield", "repair", "heal", "drone", "reroll", "max_hull", "max_shield")
"""Module kinds worth buying at a shipyard."""


def score(state: State) -> float:
    """How good the position looks for the captains (higher is better)."""
    total = 0.0
    for p in state.players:
        total += p.shield + 1.5 * p.hull - (8 if p.critical else 0)
    c = state.combat
    if c is not None:
        for f in state.fleets:
            if f.token == c.fleet:
                total += sum(2 * s.damage - s.shields for s in f.ships)
    else:
        total += 20  # the fight is over (won or escaped)
    m = state.mission
    if m is not None:
        total -= 3 * sum(len(n) for n in m.need)
    total -= 0.5 * sum(1 for d in state.dice if d.loc == "infirmary")
    total -= sum(1 for p in state.players for st in p.stations if st.offline)
    return total


def best(state: State, seat: int, options: Sequence[Action], apply: Apply) -> Action | None:
    """The option that raises :func:`score` most (tried on a copy), or None if none raises it."""
    base = score(state)
    chosen, gain = None, 0.0
    for a in options:
        try:
            after, _ = apply(state, seat, a)  # type: ignore[misc]  # apply returns (state, events)
        except RuleError:  # a listed move should play; skip it if not
            continue
        g = score(after) - base
        if g > gain:
            chosen, gain = a, g
    return chosen


def targets(state: State) -> dict[str, int]:
    """How urgent each planet is: beacons (they lose the game at 6) and fleets."""
    need: dict[str, int] = {}
    for b in state.beacons:
        if b.carrier < 0:
            prime = event_for(b.event).prime  # a Prime beacon blocks every other one: go there first
            need[b.planet] = need.get(b.planet, 0) + (8 if prime or b.event == 99 else 3)
    for f in state.fleets:
        # the Artemis station falls only to a captain waiting beside it while mission 99 succeeds
        weight = 25 if f.final == "artemis" else 6 if f.final else 2
        need[f.planet] = need.get(f.planet, 0) + weight
    return need


def stand_in(view: State) -> State:
    """The seat's view with every hidden card replaced by a stand-in taken from the content alone.

    A view hides the decks, the beacon bag and face-down fleet cards behind placeholders; the bot
    tries moves on a copy (:func:`best`, and the engine's ``legal``), and a move that draws a card
    must find a real one there. The stand-ins depend on nothing the seat cannot see (card ids in a
    fixed order; the beacon bag all Don't Panic, so a move is never judged by a beacon nobody has
    drawn yet), so whatever the hidden cards are, the bot decides the same.
    """
    state = msgspec.msgpack.decode(msgspec.msgpack.encode(view), type=type(view))
    enemies = sorted(e.id for e in C.enemies.values() if e.copies)
    state.enemy_deck = _fill(state.enemy_deck, enemies)
    state.td_deck = _fill(state.td_deck, sorted(C.threats))
    state.hero_deck = _fill(state.hero_deck, sorted(h for h in C.heroes if not _hired(state, h)))
    state.module_pool = _fill(state.module_pool, sorted(m.id for m in C.modules.values() if m.tier == 1))
    state.data_pile = _fill(state.data_pile, list(C.data_symbols))
    state.bag = [-1] * len(state.bag)  # a beacon yet to come is unknown: the bot expects quiet (Don't Panic)
    for fleet in state.fleets:
        for ship in fleet.ships:
            if ship.card == "?":
                ship.card = enemies[ship.uid % len(enemies)]
    return state


def _fill(cards: list[str], known: list[str]) -> list[str]:
    return [c if c != "?" else known[i % len(known)] for i, c in enumerate(cards)] if known else cards


def _hired(state: State, hero: str) -> bool:
    return any(hero in p.heroes or hero in p.offer for p in state.players)


class Choice:
    """The legal actions grouped by type, and a safe way to name one of them."""

    def __init__(self, legal: Sequence[Action], default: Action | None) -> None:
        self.legal = list(legal)
        self.kinds: dict[str, list[Action]] = {}
        for a in self.legal:
            self.kinds.setdefault(str(a["type"]), []).append(a)
        self.default = default

    def of(self, kind: str) -> list[Action]:
        return self.kinds.get(kind, [])

    def has(self, kind: str) -> bool:
        return kind in self.kinds

    def plain(self, kind: str) -> Action | None:
        """The legal action of ``kind`` with no arguments (``end``, ``done``...), if listed."""
        return next((a for a in self.of(kind) if len(a) == 1), None)

    def fallback(self) -> Action:
        """The prompt's default when it is legal, else the first legal action."""
        if self.default is not None and self.default in self.legal:
            return self.default
        return self.legal[0]

    def first(self, *picks: Action | str | None) -> Action:
        """The first of ``picks`` that is legal (a type name stands for its plain action), else the fallback."""
        for pick in picks:
            action = self.plain(pick) if isinstance(pick, str) else pick
            if action is not None and action in self.legal:
                return action
        return self.fallback()


def _shopping(state: State, seat: int, ch: Choice) -> Action:
    """At the shipyard: buy the priciest useful module we can afford, fit it over a weaker one."""
    p = state.players[seat]
    for a in ch.of("install"):
        new = C.modules[a["module"]]
        old = module_at(p, a["station"])
        if old is not None and old.kind == new.kind and old.cost < new.cost:
            return a
    buys = [a for a in ch.of("buy") if C.modules[a["module"]].kind in USEFUL]
    if buys and not p.storage:
        return max(buys, key=lambda a: (C.modules[a["module"]].cost, a["module"]))
    return ch.first("close")


def careful(state: State, seat: int, legal: Sequence[Action], default: Action | None, apply: Apply) -> Action:
    """The careful captain's choice among ``legal`` (never anything else); ``default`` is the prompt's."""
    ch = Choice(legal, default)
    if not ch.legal:
        raise RuleError("The bot has nothing to choose from.")
    c, m = state.combat, state.mission
    if state.retreats or state.split is not None or state.vote is not None:
        return ch.fallback()  # fall back to the safest planet, split scrap evenly, vote for the first tied
    if c is not None:
        return _in_combat(state, seat, ch, apply)
    if m is not None:
        if m.step == "sacrifice":
            return ch.fallback()
        placed = best(state, seat, ch.of("assign"), apply)
        if placed is None and ch.has("giveup") and _retry_fails(state, seat, ch, apply):
            return ch.first("giveup")  # the last die would be spent for nothing
        return ch.first(placed, "done")
    if ch.has("accept_trade") or ch.has("decline_trade"):
        return ch.first("decline_trade")
    if state.phase == "planning":
        return _planning(state, seat, ch)
    if state.phase == "encounter":
        return _encounter(state, seat, ch)
    return ch.fallback()


def _retry_fails(state: State, seat: int, ch: Choice, apply: Apply) -> bool:
    """Whether rolling again ends the mission at once (nobody has a die left to roll with)."""
    done = ch.plain("done")
    if done is None:
        return False
    try:
        after, _ = apply(state, seat, done)  # type: ignore[misc]  # apply returns (state, events)
    except RuleError:
        return False
    return after.mission is None


def _in_combat(state: State, seat: int, ch: Choice, apply: Apply) -> Action:
    c = state.combat
    assert c is not None
    p = state.players[seat]
    if c.step == "relay":
        return ch.first("accept")
    if c.step == "gather":
        if p.hull <= max(3, p.max_hull // 3) and ch.has("escape"):
            return ch.first("escape")
        return ch.first("gather")
    if c.step == "escape":
        burn = [a for a in ch.of("assign") if not a.get("hull_to_one")]
        return ch.first(*burn[:1], *ch.of("assign")[:1])
    if ch.has("suggested"):  # every die at once, as this bot would place them one by one
        return ch.of("suggested")[0]
    assigns = [a for a in ch.of("assign") if a.get("station") not in ("swap", "escape")]
    # a station waiting for more crew must fire before step 1 ends: then "done" is not legal
    return ch.first(best(state, seat, assigns, apply), "done", *assigns[:1])


def _planning(state: State, seat: int, ch: Choice) -> Action:
    p = state.players[seat]
    if p.offer_kind == "shop":
        return _shopping(state, seat, ch)
    if p.offer_kind == "hire":
        return ch.first(*ch.of("hire")[:1], "close")
    if p.actions > 0 and ch.has("repair") and (p.critical or p.hull * 5 < p.max_hull * 3):
        return ch.first("repair")
    step = _travel_step(state, seat, ch)
    if step is not None:
        return step
    if p.actions > 0 and ch.has("recruit") and p.credits >= 4 and not p.offer:
        return ch.first("recruit")
    if p.actions > 0 and ch.has("shop") and p.credits >= 5:
        return ch.first("shop")
    if p.actions > 0 and ch.has("repair") and p.hull < p.max_hull:
        return ch.first("repair")
    return ch.first("end")


def _travel_step(state: State, seat: int, ch: Choice) -> Action | None:
    """One jump toward the most urgent planet, spreading the captains out; None to stay."""
    p = state.players[seat]
    need = targets(state)
    if p.hull * 4 < p.max_hull * 3:  # hurt: keep away from big fleets
        for f in state.fleets:
            if len(f.ships) > 3 and f.planet in need:
                need[f.planet] -= 6
    if p.actions <= 0 or not need or p.critical:
        return None
    crowd = {
        q.planet: sum(1 for o, r in enumerate(state.players) if o != seat and r.planet == q.planet and not r.critical)
        for q in state.players
    }

    def worth(q: str) -> tuple[int, str]:  # spread out: a planet already covered is worth less
        return need[q] - 2 * distance(state, p.planet, q) - (3 * crowd.get(q, 0) if q != p.planet else 0), q

    here = worth(p.planet)[0] if p.planet in need else 0
    goal = max(need, key=worth)
    if goal == p.planet or worth(goal)[0] <= here:
        return None
    step = min(ch.of("travel"), key=lambda a: (distance(state, a["to"], goal), a["to"]), default=None)
    if step is not None and distance(state, step["to"], goal) < distance(state, p.planet, goal):
        return step
    return None


def _encounter(state: State, seat: int, ch: Choice) -> Action:
    p = state.players[seat]
    fights = ch.of("fight")
    if fights:
        team = [a for a in fights if a.get("team")]
        return (team or fights)[0]
    missions = ch.of("mission")
    if missions and not p.critical:
        # hard (Prime) missions with a teammate; otherwise alone, so the others keep their own turn
        team = [a for a in missions if a.get("team") and event_for(a["event"]).prime]
        alone = [a for a in missions if not a.get("team")]
        return (team or alone or missions)[0]
    return ch.first("end")
