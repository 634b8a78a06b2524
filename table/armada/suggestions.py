"""Autocomplete for the ``/armada`` commands, from the engine's ``legal()`` for the asking seat.

:func:`suggest` makes the ``Option.suggest`` callback of one command's option; every callback goes
through :func:`complete`, which never raises: a suggestion list must never break the command box.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from rules.armada.content import CONTENT as C
from rules.armada.finals import event_for
from rules.armada.state import State
from rules.core import Action, RuleError, normalise

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
    """Legal assign actions (not the Escape card: that is /armada escape), for one die when one is named."""
    state: State = sc.state  # type: ignore[assignment]
    acts = [a for a in of_type(legal(sc, seat), "assign") if a.get("station") != "escape"]
    chosen = N.die_by_id(state, die_text_) if not N.blank(die_text_) else None
    if chosen is None:
        return acts
    return [a for a in acts if a.get("die") == chosen.id]


def complete_sync(sc: SeatContext, command: str, option: str, typed: str, given: Mapping[str, Any]) -> Choices:
    """Autocomplete for ``/armada <command>``'s ``option``; ``given`` holds the other options typed so far."""
    state: State = sc.state  # type: ignore[assignment]
    if option == "captain" and command in ("view ship",):
        return _filter(((captain_label(state, i), str(i + 1)) for i in range(len(state.seats))), typed)
    if sc.seat is None:
        return []
    seat = sc.seat
    acts = legal(sc, seat)
    player = state.players[seat]
    choices: list[tuple[str, str]] = []
    if command == "travel":
        choices = [(planet_label(state, a["to"]), a["to"]) for a in of_type(acts, "travel")]
    elif command in ("give", "trade"):
        gives = of_type(acts, command)
        if option == "captain":
            tos = sorted({int(a["to"]) for a in gives})
            choices = [(captain_label(state, t - 1), str(t)) for t in tos]
        elif option == "what":
            choices = [(w, w) for w in N.TRADE_WHAT if any(a["what"] == w for a in gives)]
        elif option in ("value", "for_value"):
            who = seat
            if option == "for_value":
                try:
                    who = N.captain(state, given.get("captain"))
                except RuleError:
                    return []
            q = state.players[who]
            what = normalise(str(given.get("what" if option == "value" else "for_what") or ""))
            if what == "credits":
                choices = [(f"{n} credit(s)", str(n)) for n in range(1, q.credits + 1)]
            elif what == "module":
                choices = [(module_label(state, who, m), m) for m in sorted(set(q.storage))]
            elif what == "hero":
                choices = [(C.heroes[h].name + f" [{h}]", h) for h in q.heroes]
        elif option == "for_what":
            swaps = of_type(acts, "trade")
            choices = [(w, w) for w in N.TRADE_WHAT if any(a["for_what"] == w for a in swaps)]
    elif command == "answer" and deciding(state):
        for a in acts:
            if a.get("type") in DECIDE_TYPES:
                choices.append((decide_label(state, a), sc.system.format(a)))
    elif command == "answer":
        kinds = {a["type"] for a in acts}
        choices = [(w, w) for w, k in (("accept", "accept_trade"), ("decline", "decline_trade")) if k in kinds]
    elif command == "buy":
        ok = [a["module"] for a in of_type(acts, "buy")]
        choices = [(module_label(state, seat, m, with_price=True), m) for m in ok]
        if player.offer_kind == "shop":  # what you cannot afford is still worth seeing
            choices += [
                ("(too expensive) " + module_label(state, seat, m, with_price=True), m)
                for m in player.offer
                if m not in ok
            ]
    elif command == "sell":
        choices = [(module_label(state, seat, a["module"]), a["module"]) for a in of_type(acts, "sell")]
    elif command == "configure":
        installs = of_type(acts, "install")
        stores = of_type(acts, "store")
        if option == "station":
            numbers = sorted({int(a["station"]) for a in installs + stores})
            choices = [(station_label(state, seat, n), str(n)) for n in numbers]
        else:
            want = str(given.get("station") or "").strip()
            mods = sorted({a["module"] for a in installs if not want or str(a["station"]) == want})
            choices = [(module_label(state, seat, m), m) for m in mods]
            if any(not want or str(a["station"]) == want for a in stores):
                choices.append(("storage: take the installed module off", "storage"))
    elif command == "hire":
        ok = [a["hero"] for a in of_type(acts, "hire")]
        choices = [(hero_label(state, seat, h), h) for h in ok]
        if player.offer_kind == "hire":
            choices += [(f"(too expensive) {hero_label(state, seat, h)}", h) for h in player.offer if h not in ok]
    elif command == "engage":
        fights = of_type(acts, "fight")
        if option == "target":
            for a in fights:
                fleet = next(f for f in state.fleets if f.token == a["fleet"])
                choices.append((fleet_label(state, fleet), str(a["fleet"])))
            if of_type(acts, "challenge"):
                choices.append(("The Galactic Savior (duel)", "savior"))
            for a in of_type(acts, "attack"):
                choices.append((f"Attack {captain_label(state, int(a['target']) - 1)}", str(a["target"])))
            if of_type(acts, "pass") and state.phase == "ambush":
                choices.append(("Hold fire (pass)", "pass"))
        elif option == "teammates":
            fleet = str(given.get("target") or "").strip()
            mates = sorted(
                {int(t) for a in fights if a.get("team") and (not fleet or str(a["fleet"]) == fleet) for t in a["team"]}
            )
            choices = [(captain_label(state, t - 1), str(t)) for t in mates]
        elif option == "frontline":
            team = str(given.get("teammates") or "").replace(",", " ").split()
            seats = [seat]
            for t in team:
                try:
                    seats.append(N.captain(state, t))
                except RuleError:
                    continue
            choices = [(captain_label(state, s), str(s + 1)) for s in dict.fromkeys(seats)]
    elif command == "mission":
        missions_ = of_type(acts, "mission")
        if option == "beacon":
            numbers = sorted({int(a["event"]) for a in missions_})
            choices = [(clip(event_line(n, event_for(n).planet).replace("**", "")), str(n)) for n in numbers]
        else:
            beacon = str(given.get("beacon") or "").strip()
            mates = sorted(
                {
                    int(t)
                    for a in missions_
                    if a.get("team") and (not beacon or str(a["event"]) == beacon)
                    for t in a["team"]
                }
            )
            choices = [(captain_label(state, t - 1), str(t)) for t in mates]
    elif command == "scan":
        for a in of_type(acts, "scan"):
            fleet = next(f for f in state.fleets if f.token == a["fleet"])
            choices.append((fleet_label(state, fleet), str(a["fleet"])))
    elif command == "assign":
        choices = _complete_assign(sc, seat, option, given)
    elif command == "reroll":
        for a in of_type(acts, "reroll"):
            ids = a["dice"]
            blanks = all(N.die_by_id(state, i) is not None and N.die_by_id(state, i).face == "-" for i in ids)
            name = "blanks" if blanks else "all"
            choices.append((f"{name}: " + ", ".join(f"#{i}" for i in ids), ",".join(map(str, ids))))
        if of_type(acts, "relay"):
            choices.append(("enemy: pay 1 credit to reroll the enemy die (Relay)", "enemy"))
    elif command in ("escape", "sacrifice"):
        if command == "sacrifice":
            acts = of_type(acts, "sacrifice")
        else:
            acts = [a for a in of_type(acts, "assign") if a.get("station") == command]
            if command == "escape":
                acts = [a for a in acts if "hull_to_one" not in a]
        ids = sorted({int(a["die"]) for a in acts})
        if command != "sacrifice":
            faces = {(d.face, d.hero) for i in ids if (d := N.die_by_id(state, i)) is not None}
            ids = [d.id for d in state.dice if d.owner == seat and d.loc == "rolled" and (d.face, d.hero) in faces]
        choices = [(die_text(d), str(d.id)) for i in ids if (d := N.die_by_id(state, i)) is not None]
    elif command == "ram":
        if option == "target":
            targets = sorted({str(a["target"]) for a in of_type(acts, "ram")}, key=int)
            fleet = next((f for f in state.fleets if state.combat and f.token == state.combat.fleet), None)
            choices = [(ship_name(state, fleet, int(t)) if fleet else t, t) for t in targets]
        else:
            choices = [(f"{n} Hull", str(n)) for n in range(1, player.hull + 1)]
    elif command == "hero":
        for a in acts:
            if a.get("type") in HERO_TYPES:
                text = sc.system.format(a)
                choices.append((hero_move_label(state, a) or text, text))
    return _filter(choices, typed)


def _complete_assign(sc: SeatContext, seat: int, option: str, given: Mapping[str, Any]) -> Choices:
    state: State = sc.state  # type: ignore[assignment]
    m = state.mission
    if m is not None and seat in m.members:
        acts = of_type(legal(sc, seat), "assign")
        if option == "die":
            ids = sorted({int(a["die"]) for a in acts})
            return [(die_text(d), str(d.id)) for i in ids if (d := N.die_by_id(state, i)) is not None]
        if option == "station":
            die = str(given.get("die") or "").strip().lstrip("#")
            sections = sorted({int(a["section"]) for a in acts if not die or str(a["die"]) == die})
            event = event_for(m.event)
            flat = [sec for row in event.rows for sec in row]
            return [(f"section {s}: {flat[s - 1]} still needs {sym(m.need[s - 1])}", str(s)) for s in sections]
        return []
    if option == "die":
        ids = {a.get("die") for a in _assign_actions(sc, seat, None)}
        return [(die_text(d), str(d.id)) for d in state.dice if d.id in ids]
    acts = _assign_actions(sc, seat, given.get("die"))
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
