"""Whether ``legal()`` may read something the public view hides (``GameSystem.legal_reads_hidden``).

:meth:`Armada.hide` turns face down the seed, the enemy, Threat and hero decks, the module pool, the
beacon bag and the Data pile (their lengths stay), and the card and damage of each unrevealed fleet
ship (that it is there, and unrevealed, stays). ``legal()`` reads none of them:

- the candidates and :mod:`.checks` read the captains, dice, the fight, the mission, beacons, trades
  and choices, and of the fleets their tokens, planets, ``final``, ``fresh``, how many ships and whether
  they are revealed; a ship's card (``enemy_def``) only in the fleet being fought, whose ships all
  turn face up when the fight starts (``combat.start``); no ship joins a fleet face down while it is
  fought (reinforcements come in the Threat and Resolution steps, Lokust drones face up);
- the decks, pool, bag and pile are only drawn from by ``apply`` (shop, recruit, threats, a Data
  token), never by a check;
- the suggestion (:mod:`.greedy`) plays placements on copies: ``combat.assign`` reaches the captains,
  dice and the fleet being fought, a trial that draws from the generator is left out whatever it drew
  (``Turn.saw_hidden`` counts draws; the view keeps the count), and ``ai.score`` reads the fought fleet
  only.

So every position is claimed, except a fight against a fleet with a face-down ship (none is known;
there the table compares the public view's list as before).
"""

from __future__ import annotations

from .state import State


def legal_reads_hidden(state: State, seat: int) -> bool:
    """False when ``legal(state, seat)`` reads only what ``view(state, None)`` shows (see the module notes)."""
    c = state.combat
    if c is None:
        return False
    for fleet in state.fleets:
        if fleet.token == c.fleet:
            return not all(ship.revealed for ship in fleet.ships)
    return not c.pvp  # a fight against a fleet that is gone (a duel has none): compare, to be safe
