"""The most one placement can add to :func:`rules.armada.ai.score`, worked out without playing it.

The suggestion's search (:func:`rules.armada.greedy.best`) plays each placement on a copy of the
board and keeps the first one with the highest gain, replacing it only by a strictly higher one. A
placement whose ceiling is no higher than the best gain found so far can therefore never be chosen,
and need not be played (nor checked first). A ceiling is only given where ``combat.assign`` is
simple enough to follow here, and is never below what the placement really adds:

- ``assign`` moves the die (the score counts only dice in the Infirmary), marks the station, pays
  credits (not scored) and fires the module ``fires`` times; a module that boosts with extra dice
  or feeds Hades' Twin Link does more, and gets no ceiling.
- Stasis, polarity, guards, cloaks, a Shield transfer (one member's Shield to another: the score
  adds every captain's Shield) and a teleport change nothing the score reads: ceiling 0.
- Shields and repairs add at most up to the maximum (a growing shield adds the dice already there).
- A plain weapon (damage or drone with no keyword but ``direct`` or ``quickstrike``) hits the one
  ship its target names, outside a final fleet: the hits are followed on that ship's damage and
  shields as ``shots.hit`` deals them (a Quartz shrug or an empty fleet only add less). A
  Quickstrike hit that destroys the ship takes its part of the score away (``shots.destroy``; a
  captain with Leo's Rally gets one crew die back from the Infirmary, half a point). Area,
  multi-target, spindle, gatling, healing: no ceiling.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Action, RuleError

from . import checks
from .fleets import combat_fleet, enemy_def, ship_by_number
from .helpers import has_hero, station_of
from .state import State

PLAIN_KEYWORDS = frozenset(("direct", "quickstrike"))
"""Weapon keywords a ceiling follows: a direct hit ignores protectors and Quartz; a Quickstrike hit
that reaches the hull destroys the ship at once."""

NEUTRAL = frozenset(("stasis", "polarity", "guard", "cloak", "transfer", "teleport"))
"""Module kinds whose firing changes nothing :func:`rules.armada.ai.score` reads."""

Ceiling = Callable[[Action], "float | None"]


def ceilings(board: State, seat: int, memo: checks.Memo) -> Ceiling:
    """``ceiling(action)``: the most ``action`` (a single placement of ``seat`` on ``board``) can add
    to the score, or None when unknown (it must be played to tell). ``memo``: the checks' memo for
    ``board`` (where each die goes and what it fires)."""
    c = board.combat
    if c is None or c.pvp or c.step != "assign":
        return lambda action: None
    player = board.players[seat]
    fleet = combat_fleet(board)
    final = bool(fleet.final)

    def ceiling(action: Action) -> float | None:
        try:
            placed = checks.place_of(board, c, seat, action.get("die"), action.get("station"), memo)
        except RuleError:
            return None
        if placed is None or placed[3] <= 0:
            return None
        die, number, module, fires = placed
        effect = module.effect
        if effect.get("boost") or effect.get("twin"):
            return None
        kind = effect["kind"]
        if kind in NEUTRAL:
            return 0.0
        if kind == "shield":
            grows = station_of(player, number).dice if effect.get("growing") else 0
            return float(min(max(0, player.max_shield - player.shield), fires * (effect["amount"] + grows)))
        if kind == "repair":
            return 1.5 * min(max(0, player.max_hull - player.hull), fires * effect["amount"])
        keywords = effect.get("keywords", ())
        if kind not in ("damage", "drone") or final or not PLAIN_KEYWORDS.issuperset(keywords):
            return None
        target = action.get("target")
        ship = ship_by_number(board, fleet, target) if type(target) is int else None
        if ship is None:
            return None
        dtype = effect["dtype"]
        if die.hero == "grok-grok" and dtype == "energy":
            dtype = "kinetic"
        quick = "quickstrike" in keywords
        most = _hits(effect["amount"], dtype, fires, enemy_def(ship).hull, ship.damage, ship.shields, quick)
        if most is None:  # destroyed: the ship's part of the score leaves it, and Leo brings crew back
            most = -(2 * ship.damage - ship.shields) + 0.5 * sum(has_hero(board, m, "rally") for m in c.members)
        return float(max(0, most))

    return ceiling


def _hits(amount: int, dtype: str, fires: int, hull: int, damage: int, shields: int, quick: bool) -> int | None:
    """What ``fires`` hits of ``amount`` (``shots.hit``) add to a ship's 2 x damage - shields; None
    when a Quickstrike hit destroys it (``shots.destroy``; a later shot would find no ship)."""
    added = 0
    for _ in range(fires):
        removed = min(shields, amount) if dtype in ("ion", "energy") else 0
        shields -= removed
        rest = amount if dtype not in ("ion", "energy") else amount - removed if dtype == "energy" else 0
        now = min(hull, damage + rest)
        if quick and now >= hull:
            return None
        added += removed + 2 * (now - damage)
        damage = now
    return added
