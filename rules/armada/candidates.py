"""Every action worth offering a captain now, legal or not (the cost rule of rules/core/game.py).

A superset of ``legal()``: the engine keeps the candidates that :func:`rules.armada.checks.check`
allows. Each list is cheap to build and never copies or changes the state.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Action

from . import choices, idle
from .fleets import combat_fleet, enemy_def, ship_numbers
from .helpers import C, dice_of, has_kind, locations, module_at, planet_links, station_numbers
from .state import Combat, Die, State
from .turns import waiting

MAX_LISTED_DICE = 16  # assignments are listed for at most this many rolled dice per captain


Keep = Callable[[object, object], bool]
"""``keep(die, station)``: whether a die's placements on a station are listed (a caller's filter)."""


def candidates(state: State, seat: int, keep: Keep | None = None) -> list[Action]:
    """``keep``: see :data:`Keep` (``legal()`` leaves out the dice and stations the rules refuse)."""
    if state.phase == "over" or not 0 <= seat < len(state.seats):
        return []
    return _listed(state, seat, keep)


def _listed(state: State, seat: int, keep: Keep | None = None) -> list[Action]:
    if choices.blocking(state):
        return choices.candidates(state, seat)
    c = state.combat
    if c is not None:
        if seat not in c.members:
            return []
        return _combat(state, seat, keep)
    m = state.mission
    if m is not None:
        if seat not in m.members:
            return []
        if m.step == "sacrifice":
            if seat not in m.owing:
                return [{"type": "giveup"}]
            acts: list[Action] = [{"type": "sacrifice", "die": d.id} for d in dice_of(state, seat, "rolled", "crew")]
            return [*acts, {"type": "giveup"}]
        acts = []
        rolled = dice_of(state, seat, "rolled")
        if m.rerolls.get(seat, 0) > 0 and seat not in m.assigned and rolled:
            blanks = [d.id for d in rolled if d.face == "-"]
            if blanks and has_kind(state.players[seat], "lock"):  # Kira Matrix keeps the rest
                acts.append({"type": "reroll", "dice": blanks})
            acts.append({"type": "reroll", "dice": [d.id for d in rolled]})
        for d in rolled:
            for i, need in enumerate(m.need):
                if need:
                    acts.append({"type": "assign", "die": d.id, "section": i + 1})
        return [*acts, {"type": "done"}, {"type": "giveup"}]
    if state.trade is not None:
        if seat == state.trade.to:
            return [{"type": "accept_trade"}, {"type": "decline_trade"}]
        return [{"type": "decline_trade"}] if seat == state.trade.seat else []
    if state.phase == "ambush":
        if seat != state.savior:
            return []
        here = state.players[seat].planet
        targets = [
            {"type": "attack", "target": i + 1}
            for i, p in enumerate(state.players)
            if i != seat and p.planet == here and not p.out and not p.critical
        ]
        return [*targets, {"type": "pass"}]
    if state.active not in (-1, seat) or seat not in waiting(state):
        return []
    player = state.players[seat]
    acts = [{"type": "end"}]
    if state.active == -1:
        acts.append({"type": "begin"})
    if state.phase == "planning":
        if player.offer_kind == "shop":
            acts += [{"type": "buy", "module": mid} for mid in player.offer]
            if state.hardline:
                acts += [{"type": "buy", "module": mid} for mid in sorted(set(state.upgrade_stock))]
            for mid in sorted(set(player.storage)):
                if not C.modules[mid].cargo:
                    acts += [{"type": "install", "module": mid, "station": n} for n in range(1, 7)]
                    acts.append({"type": "sell", "module": mid})
            acts += [{"type": "store", "station": n} for n in range(1, 7) if player.stations[n - 1].module]
            acts.append({"type": "close"})
            return acts
        if player.offer_kind == "hire":
            acts = [{"type": "hire", "hero": h} for h in player.offer]
            return [*acts, {"type": "close"}]
        acts += [{"type": "travel", "to": p} for p in locations(state) if p != player.planet]
        if idle.reason(state, seat, {"type": "repair"}) is None:
            acts.append({"type": "repair"})
        acts += [{"type": "shop"}, {"type": "recruit"}]
        for mid in sorted(set(player.storage)):
            if C.modules[mid].cargo:
                acts += [{"type": "install", "module": mid, "station": n} for n in range(1, 7)]
        for other in range(len(state.seats)):
            if other != seat and state.players[other].planet == player.planet:
                acts.append({"type": "give", "to": other + 1, "what": "credits", "value": 1})
                acts += [
                    {"type": "give", "to": other + 1, "what": "module", "value": mid}
                    for mid in sorted(set(player.storage))
                ]
                acts += [{"type": "give", "to": other + 1, "what": "hero", "value": h} for h in player.heroes]
                acts += swap_offers(state, seat, other)
    elif state.phase == "encounter":
        mates = [
            o + 1
            for o, q in enumerate(state.players)
            if o != seat
            and o not in state.encountered
            and not q.critical
            and (
                q.planet == player.planet
                or (q.ship == "pale-valkyrie" and q.planet in planet_links(state, player.planet))
            )
        ]
        for f in state.fleets:
            if f.planet == player.planet:
                acts.append({"type": "fight", "fleet": f.token})
                acts += [{"type": "fight", "fleet": f.token, "team": [o]} for o in mates]
        for b in state.beacons:
            if b.planet == player.planet and b.carrier < 0:
                acts.append({"type": "mission", "event": b.event})
                acts += [{"type": "mission", "event": b.event, "team": [o]} for o in mates]
        acts.append({"type": "deliver"})
        if state.savior >= 0 and seat != state.savior:
            acts.append({"type": "challenge"})
    if has_kind(player, "scan"):
        acts += [{"type": "scan", "fleet": f.token} for f in state.fleets if any(not s.revealed for s in f.ships)]
    return acts


def swap_offers(state: State, seat: int, other: int) -> list[Action]:
    """Swaps with a captain here: a stored module or hero (or 1 credit) for one of theirs."""

    def items(who: int) -> list[tuple[str, str]]:
        q = state.players[who]
        out = [("module", mid) for mid in sorted(set(q.storage)) if not C.modules[mid].cargo]
        out += [("hero", h) for h in q.heroes]
        return out + ([("credits", "1")] if q.credits else [])

    acts: list[Action] = []
    for what, value in items(seat)[:6]:
        for for_what, for_value in items(other)[:6]:
            if what == for_what == "credits":
                continue
            acts.append(
                {
                    "type": "trade",
                    "to": other + 1,
                    "what": what,
                    "value": value,
                    "for_what": for_what,
                    "for_value": for_value,
                }
            )
    return acts


def _combat(state: State, seat: int, keep: Keep | None) -> list[Action]:
    """Combat moves, without the placements that would change nothing (:mod:`.idle`)."""
    memo: idle.Memo = {}
    acts = _combat_all(state, seat, keep)
    return [a for a in acts if a["type"] != "assign" or idle.reason(state, seat, a, memo) is None]


def placements(state: State, seat: int, skipped: tuple[str, ...], keep: Keep | None = None) -> list[Action]:
    """The ``assign`` candidates whose station is not one of ``skipped``, in :func:`candidates`' order,
    listing only those (the bot's suggestion asks for them after each die it places), without
    asking :mod:`.idle` (the caller does, when it needs to). ``keep(die, station)``: a filter of the
    caller's, asked before a die's placements on a station are listed."""
    c = state.combat
    simple = state.phase != "over" and 0 <= seat < len(state.seats) and not choices.blocking(state)
    if not (simple and c is not None and seat in c.members and not c.pvp and c.step == "assign"):
        listed = [a for a in candidates(state, seat) if a["type"] == "assign" and a.get("station") not in skipped]
        return listed if keep is None else [a for a in listed if keep(a.get("die"), a.get("station"))]
    if seat in c.finished:
        return []
    listed = _station_moves(state, seat, c, dice_of(state, seat, "rolled"), keep)
    return [a for a in listed if a.get("station") not in skipped]


def _combat_all(state: State, seat: int, keep: Keep | None) -> list[Action]:
    c = state.combat
    assert c is not None
    if c.pvp:
        return _duel(state, seat)
    if c.step == "relay":
        return [{"type": "relay"}, {"type": "accept"}]
    if c.step == "gather" and c.knockouts:
        if seat not in c.knockouts:
            return []
        return [{"type": "knockout", "die": d.id} for d in dice_of(state, seat, "rolled", "crew")]
    if c.step == "gather":
        return [{"type": "gather"}, {"type": "escape"}]
    rolled = dice_of(state, seat, "rolled")
    if c.step == "escape":
        acts: list[Action] = []
        for d in rolled:
            acts.append({"type": "assign", "die": d.id, "station": "escape"})
            acts.append({"type": "assign", "die": d.id, "station": "escape", "hull_to_one": "yes"})
        return [*acts, {"type": "done"}]
    if seat in c.finished:
        return []
    fleet = combat_fleet(state)
    player = state.players[seat]
    acts = [{"type": "done"}]
    if c.rerolls.get(seat, 0) > 0 and seat not in c.assigned:
        blanks = [d.id for d in rolled if d.face == "-"]
        if blanks:
            acts.append({"type": "reroll", "dice": blanks})
        if rolled:
            acts.append({"type": "reroll", "dice": [d.id for d in rolled]})
    acts += _station_moves(state, seat, c, rolled, keep)
    if len(c.members) - len(c.shadow) > 1 and seat not in c.swap:
        acts += [{"type": "assign", "die": d.id, "station": "swap"} for d in rolled if "T" in d.face or "C" in d.face]
    if has_kind(player, "ram"):
        acts += [{"type": "ram", "amount": 1, "target": p} for p in ship_numbers(state, fleet)]
    if has_kind(player, "configure_anywhere") and seat not in c.assigned:
        for mid in sorted(set(player.storage)):
            acts += [{"type": "install", "module": mid, "station": n} for n in range(1, 7)]
    hero_ids = set(player.heroes)
    if "kisaragi" in hero_ids:
        acts += [{"type": "lockon", "die": d.id} for d in rolled]
    if "genevieve" in hero_ids:
        basic = [d for d in rolled if not d.hero]
        for d in basic[:2]:
            for crew in rolled:
                if crew.id != d.id:
                    acts += [{"type": "parley", "die": d.id, "crew": crew.id, "face": f} for f in "TESM"]
                    break
    if "kino" in hero_ids and len(rolled) == 1:
        acts += [{"type": "setface", "die": rolled[0].id, "face": f} for f in "TESM"]
    for d in rolled:
        if d.hero == "setsuna":
            acts += [{"type": "copy", "die": d.id, "source": o.id} for o in rolled if o.id != d.id]
        if d.hero == "rose-palroy":
            acts += [{"type": "rose", "die": d.id, "target": o.id} for o in dice_of(state, seat, "station")]
    return acts


def _station_moves(state: State, seat: int, c: Combat, rolled: list[Die], keep: Keep | None = None) -> list[Action]:
    """Every rolled die on every station and the Infirmary, with each target, mode or ally it needs;
    ``keep(die, station)``: only the dice and stations it keeps."""
    fleet = combat_fleet(state)
    player = state.players[seat]
    acts: list[Action] = []
    positions = ship_numbers(state, fleet)  # numbers kept for the whole fight
    stations = []  # each station as an action names it, its module's kind, whether it aims (alike for every die)
    for n in [*station_numbers(player), 7]:
        module = module_at(player, n) if n < 7 else None
        kind = module.kind if module else ""
        aimed = kind in ("damage", "drone", "spindle", "gatling", "stasis") and not (
            module and "area" in module.effect.get("keywords", [])
        )
        stations.append(("infirmary" if n == 7 else n, kind, aimed))
    for d in rolled[:MAX_LISTED_DICE]:  # every die, so buttons and autocomplete are exact
        for station, kind, aimed in stations:
            if keep is not None and not keep(d.id, station):
                continue
            base: Action = {"type": "assign", "die": d.id, "station": station}
            if aimed:
                for p in positions:
                    extra: Action = {**base, "target": p}
                    if kind == "stasis":
                        e = enemy_def(fleet.ships[positions.index(p)])
                        acts += [{**extra, "action": i + 1} for i in range(len(e.actions))]
                        if e.passives:
                            acts.append({**extra, "action": "passive"})
                    else:
                        acts.append(extra)
            elif kind == "polarity":
                acts += [{**base, "mode": "energy"}, {**base, "mode": "kinetic"}]
            elif kind in ("transfer",):
                acts += [{**base, "ally": o + 1} for o in c.members if o != seat]
            elif kind == "teleport":
                for o in c.members:
                    if o == seat:
                        continue
                    acts += [{**base, "ally": o + 1, "mode": "send", "crew": x.id} for x in rolled if x.id != d.id][:2]
                    acts += [
                        {**base, "ally": o + 1, "mode": "pull", "crew": x.id} for x in dice_of(state, o, "rolled")
                    ][:2]
            else:
                acts.append(base)
    return acts


def _duel(state: State, seat: int) -> list[Action]:
    c = state.combat
    assert c is not None
    if c.step == "gather":
        return [{"type": "gather"}, {"type": "escape"}] if seat == c.seat else [{"type": "escape"}]
    if seat != c.turn_of:
        return []
    rolled = dice_of(state, seat, "rolled")
    if c.step == "escape":
        acts: list[Action] = [{"type": "assign", "die": d.id, "station": "escape"} for d in rolled]
        return [*acts, {"type": "done"}]
    player = state.players[seat]
    acts = [{"type": "done"}]
    if c.rerolls.get(seat, 0) > 0 and seat not in c.assigned and rolled:
        acts.append({"type": "reroll", "dice": [d.id for d in rolled]})
    for d in rolled:
        for n in [*station_numbers(player), 7]:
            acts.append({"type": "assign", "die": d.id, "station": "infirmary" if n == 7 else n})
    return acts
