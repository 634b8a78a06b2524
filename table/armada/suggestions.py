"""Autocomplete for the ``/armada`` commands, from the engine's ``legal()`` for the asking seat.

:func:`suggest` makes the ``Option.suggest`` callback of one command's option; every callback goes
through :func:`complete`, which never raises: a suggestion list must never break the command box.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.armada.content import CONTENT as C
from rules.armada.finals import event_for
from rules.armada.state import State
from rules.core import Action, RuleError, normalise
from rules.core.grammar import count

from ..commands import Ctx, SeatContext, Table
from ..spec import Pairs, Suggest
from . import names as N
from .labels import (
    captain_label,
    clip,
    decide_label,
    deciding,
    die_text,
    event_line,
    extras_label,
    fleet_label,
    hero_label,
    hero_move_label,
    module_label,
    planet_label,
    ship_name,
    station_label,
    sym,
)
from .play import DECIDE_TYPES, HERO_TYPES
from .seat import SYSTEM_ID, context, legal, of_type

log = logging.getLogger("starhost.armada")

MAX_CHOICES = 25
Choices = list[tuple[str, str]]


def _filter(choices: Iterable[tuple[str, str]], typed: str) -> Choices:
    wanted = normalise(typed or "")
    out: Choices = []
    seen: set[str] = set()
    for label, value in choices:
        value = str(value)[:100]
        if value in seen or not value:
            continue
        if wanted and wanted not in label.lower() and wanted not in value.lower():
            continue
        seen.add(value)
        out.append((clip(label), value))
        if len(out) >= MAX_CHOICES:
            break
    return out


def _assign_actions(sc: SeatContext, seat: int, die_text_: str | None) -> list[Action]:
    """Legal assign actions (not the Escape card: that is /armada escape), for the dice named, if any."""
    state: State = sc.state  # type: ignore[assignment]
    acts = [a for a in of_type(legal(sc, seat), "assign") if a.get("station") != "escape"]
    parts = str(die_text_ or "").replace(",", " ").split()
    chosen = {d.id for p in parts if (d := N.die_by_id(state, p)) is not None}
    if not chosen:
        return acts
    return [a for a in acts if a.get("die") in chosen]


@dataclass(frozen=True)
class Ask:
    """One autocomplete request: the game, the asker's seat and legal actions, the option asked for and
    the other options typed so far."""

    sc: SeatContext
    state: State
    seat: int
    acts: list[Action]
    option: str
    given: Mapping[str, Any]

    @property
    def player(self) -> Any:
        return self.state.players[self.seat]


def _travel(q: Ask) -> Choices:
    return [(planet_label(q.state, a["to"]), a["to"]) for a in of_type(q.acts, "travel")]


def _handover(kind: str) -> Callable[[Ask], Choices]:
    """``give`` and ``trade``: the captains here, what can change hands and which one."""

    def complete(q: Ask) -> Choices:
        offers = of_type(q.acts, kind)
        if q.option == "captain":
            return [(captain_label(q.state, t - 1), str(t)) for t in sorted({int(a["to"]) for a in offers})]
        if q.option in ("what", "for_what"):
            return [(w, w) for w in N.TRADE_WHAT if any(a[q.option] == w for a in offers)]
        who = q.seat
        if q.option == "for_value":
            try:
                who = N.captain(q.state, q.given.get("captain"))
            except RuleError:
                return []
        p = q.state.players[who]
        what = normalise(str(q.given.get("what" if q.option == "value" else "for_what") or ""))
        if what == "credits":
            return [(count(n, "credit"), str(n)) for n in range(1, p.credits + 1)]
        if what == "module":
            return [(module_label(q.state, who, m), m) for m in sorted(set(p.storage))]
        if what == "hero":
            return [(C.heroes[h].name + f" [{h}]", h) for h in p.heroes]
        return []

    return complete


def _answer(q: Ask) -> Choices:
    if deciding(q.state):
        return [(decide_label(q.state, a), q.sc.system.format(a)) for a in of_type(q.acts, *DECIDE_TYPES)]
    kinds = {a["type"] for a in q.acts}
    return [(w, w) for w, k in (("accept", "accept_trade"), ("decline", "decline_trade")) if k in kinds]


def _buy(q: Ask) -> Choices:
    ok = [a["module"] for a in of_type(q.acts, "buy")]
    out = [(module_label(q.state, q.seat, m, with_price=True), m) for m in ok]
    if q.player.offer_kind == "shop":  # what you cannot afford is still worth seeing
        out += [
            ("(too expensive) " + module_label(q.state, q.seat, m, with_price=True), m)
            for m in q.player.offer
            if m not in ok
        ]
    return out


def _sell(q: Ask) -> Choices:
    return [(module_label(q.state, q.seat, a["module"]), a["module"]) for a in of_type(q.acts, "sell")]


def _configure(q: Ask) -> Choices:
    installs, stores = of_type(q.acts, "install"), of_type(q.acts, "store")
    if q.option == "station":
        numbers = sorted({int(a["station"]) for a in installs + stores})
        return [(station_label(q.state, q.seat, n), str(n)) for n in numbers]
    want = str(q.given.get("station") or "").strip()
    mods = sorted({a["module"] for a in installs if not want or str(a["station"]) == want})
    out = [(module_label(q.state, q.seat, m), m) for m in mods]
    if any(not want or str(a["station"]) == want for a in stores):
        out.append(("storage: take the installed module off", "storage"))
    return out


def _hire(q: Ask) -> Choices:
    ok = [a["hero"] for a in of_type(q.acts, "hire")]
    out = [(hero_label(q.state, q.seat, h), h) for h in ok]
    if q.player.offer_kind == "hire":
        out += [(f"(too expensive) {hero_label(q.state, q.seat, h)}", h) for h in q.player.offer if h not in ok]
    return out


def _mates(q: Ask, acts: list[Action], key: str, chosen: str) -> Choices:
    """Teammates legal() offers (for the fleet or beacon already typed, if any)."""
    wanted = str(q.given.get(chosen) or "").strip()
    seats = {int(t) for a in acts if a.get("team") and (not wanted or str(a[key]) == wanted) for t in a["team"]}
    return [(captain_label(q.state, t - 1), str(t)) for t in sorted(seats)]


def _engage(q: Ask) -> Choices:
    state, fights = q.state, of_type(q.acts, "fight")
    if q.option == "teammates":
        return _mates(q, fights, "fleet", "target")
    if q.option == "frontline":
        seats = [q.seat]
        for t in str(q.given.get("teammates") or "").replace(",", " ").split():
            with contextlib.suppress(RuleError):
                seats.append(N.captain(state, t))
        return [(captain_label(state, s), str(s + 1)) for s in dict.fromkeys(seats)]
    out = [(fleet_label(state, _fleet_of(state, a["fleet"])), str(a["fleet"])) for a in fights]
    if of_type(q.acts, "challenge"):
        out.append(("The Galactic Savior (duel)", "savior"))
    for a in of_type(q.acts, "attack"):
        out.append((f"Attack {captain_label(state, int(a['target']) - 1)}", str(a["target"])))
    if of_type(q.acts, "pass") and state.phase == "ambush":
        out.append(("Hold fire (pass)", "pass"))
    return out


def _fleet_of(state: State, token: int) -> Any:
    return next(f for f in state.fleets if f.token == token)


def _mission(q: Ask) -> Choices:
    missions = of_type(q.acts, "mission")
    if q.option == "teammates":
        return _mates(q, missions, "event", "beacon")
    numbers = sorted({int(a["event"]) for a in missions})
    return [(clip(event_line(n, event_for(n).planet).replace("**", "")), str(n)) for n in numbers]


def _scan(q: Ask) -> Choices:
    return [(fleet_label(q.state, _fleet_of(q.state, a["fleet"])), str(a["fleet"])) for a in of_type(q.acts, "scan")]


def _reroll(q: Ask) -> Choices:
    out = []
    for a in of_type(q.acts, "reroll"):
        ids = a["dice"]
        dice = [N.die_by_id(q.state, i) for i in ids]
        name = "blanks" if all(d is not None and d.face == "-" for d in dice) else "all"
        out.append((f"{name}: " + ", ".join(f"#{i}" for i in ids), ",".join(map(str, ids))))
    if of_type(q.acts, "relay"):
        out.append(("enemy: pay 1 credit to reroll the enemy die (Relay)", "enemy"))
    return out


def _escape(q: Ask) -> Choices:
    """Dice for the Escape card: every rolled die showing a face that legal() accepts there."""
    acts = [a for a in of_type(q.acts, "assign") if a.get("station") == "escape" and "hull_to_one" not in a]
    faces = {(d.face, d.hero) for a in acts if (d := N.die_by_id(q.state, a["die"])) is not None}
    mine = [d for d in q.state.dice if d.owner == q.seat and d.loc == "rolled" and (d.face, d.hero) in faces]
    return [(die_text(d), str(d.id)) for d in mine]


def _sacrifice(q: Ask) -> Choices:
    ids = sorted({int(a["die"]) for a in of_type(q.acts, "sacrifice")})
    return [(die_text(d), str(d.id)) for i in ids if (d := N.die_by_id(q.state, i)) is not None]


def _ram(q: Ask) -> Choices:
    if q.option != "target":
        return [(f"{n} Hull", str(n)) for n in range(1, q.player.hull + 1)]
    targets = sorted({str(a["target"]) for a in of_type(q.acts, "ram")}, key=int)
    c = q.state.combat
    fleet = next((f for f in q.state.fleets if c and f.token == c.fleet), None)
    return [(ship_name(q.state, fleet, int(t)) if fleet else t, t) for t in targets]


def _hero(q: Ask) -> Choices:
    moves = [(a, q.sc.system.format(a)) for a in of_type(q.acts, *HERO_TYPES)]
    return [(hero_move_label(q.state, a) or text, text) for a, text in moves]


def _assign(q: Ask) -> Choices:
    return _complete_assign(q.sc, q.seat, q.option, q.given)


COMPLETERS: dict[str, Callable[[Ask], Choices]] = {
    "travel": _travel,
    "give": _handover("give"),
    "trade": _handover("trade"),
    "answer": _answer,
    "buy": _buy,
    "sell": _sell,
    "configure": _configure,
    "hire": _hire,
    "engage": _engage,
    "mission": _mission,
    "scan": _scan,
    "assign": _assign,
    "reroll": _reroll,
    "escape": _escape,
    "sacrifice": _sacrifice,
    "ram": _ram,
    "hero": _hero,
}


def complete_sync(sc: SeatContext, command: str, option: str, typed: str, given: Mapping[str, Any]) -> Choices:
    """Autocomplete for ``/armada <command>``'s ``option``; ``given`` holds the other options typed so far."""
    state: State = sc.state  # type: ignore[assignment]
    if command == "view ship" and option == "captain":
        return _filter(((captain_label(state, i), str(i + 1)) for i in range(len(state.seats))), typed)
    completer = COMPLETERS.get(command)
    if sc.seat is None or completer is None:
        return []
    return _filter(completer(Ask(sc, state, sc.seat, legal(sc, sc.seat), option, given)), typed)


def _complete_assign(sc: SeatContext, seat: int, option: str, given: Mapping[str, Any]) -> Choices:
    state: State = sc.state  # type: ignore[assignment]
    m = state.mission
    if m is not None and seat in m.members:
        acts = of_type(legal(sc, seat), "assign")
        if option == "dice":
            ids = sorted({int(a["die"]) for a in acts})
            return [(die_text(d), str(d.id)) for i in ids if (d := N.die_by_id(state, i)) is not None]
        if option == "station":
            die = str(given.get("dice") or "").strip().lstrip("#")
            sections = sorted({int(a["section"]) for a in acts if not die or str(a["die"]) == die})
            event = event_for(m.event)
            flat = [sec for row in event.rows for sec in row]
            return [(f"section {s}: {flat[s - 1]} still needs {sym(m.need[s - 1])}", str(s)) for s in sections]
        return []
    if option == "dice":
        offered = [(sc.system.action_label(state, a), "suggested") for a in of_type(legal(sc, seat), "suggested")]
        ids = {a.get("die") for a in _assign_actions(sc, seat, None)}
        return offered + [(die_text(d), str(d.id)) for d in state.dice if d.id in ids]
    acts = _assign_actions(sc, seat, given.get("dice"))
    if option == "station":
        values = list(dict.fromkeys(str(a["station"]) for a in acts))
        return [(station_label(state, seat, v), v) for v in values]
    want = str(given.get("station") or "").strip().lower()
    out = []
    for a in acts:
        if want and str(a["station"]) != want:
            continue
        extra = N.extras_text(a, ("type", "die", "station"))
        if extra:
            value = extra.replace("target=", "") if extra.startswith("target=") and " " not in extra else extra
            out.append((extras_label(state, a), value))
    return out


async def complete(
    table: Table, ctx: Ctx, command: str, option: str, typed: str, given: Mapping[str, Any] | None = None
) -> Choices:
    """Suggestions for ``/armada <command>``'s ``option``: (label, value) pairs; never raises."""
    try:
        sc = await context(table, ctx)
        if sc.system.id != SYSTEM_ID:
            return []
        return complete_sync(sc, command, option, typed or "", dict(given or {}))
    except RuleError:
        return []
    except Exception:  # a suggestion list must never break the command; log it and offer nothing
        log.exception("armada autocomplete failed for %s %s (typed %r)", command, option, typed)
        return []


def suggest(command: str, option: str) -> Suggest:
    """The ``Option.suggest`` callback for ``/armada <command> <option>:``."""

    async def callback(table: Table, ctx: Ctx, typed: str, given: dict[str, str | None]) -> Pairs:
        return await complete(table, ctx, command, option, typed, {k: v for k, v in given.items() if v is not None})

    return callback
