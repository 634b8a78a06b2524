"""Whose turn it is outside Combat and Away Missions: who still waits to take a Planning or an
Encounter turn, and which fleets must be fought before a captain may end the turn."""

from __future__ import annotations

from .state import State

TURN_TYPES = {"begin", "end", "travel", "repair", "give", "shop", "recruit", "buy", "sell", "install"}
TURN_TYPES |= {"store", "hire", "close", "fight", "mission", "deliver", "scan", "challenge", "trade"}
TRADE_ANSWERS = {"accept_trade": True, "decline_trade": False}


def waiting(state: State) -> list[int]:
    """The captains who have not taken their turn of this phase yet."""
    if state.phase == "planning":
        if state.savior >= 0 and not state.players[state.savior].done:
            return [state.savior]
        return [i for i, p in enumerate(state.players) if not p.done]
    if state.phase == "encounter":
        return [i for i in range(len(state.seats)) if i not in state.encountered]
    return []


def artemis_waits(state: State, seat: int) -> bool:
    """Captains at the Artemis station wait for those at Titan VI (their fight is not open yet)."""
    if state.phase != "encounter":
        return False
    player = state.players[seat]
    here = [f for f in state.fleets if f.planet == player.planet and f.final == "artemis"]
    return bool(here) and any(
        p.planet == "Titan VI" and not p.critical and i not in state.encountered and i != seat
        for i, p in enumerate(state.players)
    )


def mandatory(state: State, seat: int) -> list[int]:
    """The fleets at the captain's planet that must be fought before the Encounter turn ends."""
    player = state.players[seat]
    if player.critical:
        return []
    return [
        f.token
        for f in state.fleets
        if f.planet == player.planet and not f.fresh and f.final in ("", "artemis", "artemis-v2")
    ]
