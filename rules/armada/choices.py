"""Choices the rules leave to the players, each a prompt with a safe default.

- A beaten or escaping ship falls back to *any* nearby planet: its owner picks (default: the
  nearby planet with the fewest enemy ships, then beacons).
- After a Team Combat victory the team agrees on the scrap split, and after a Team Away Mission
  success on the split of its credit reward: any member proposes a split, the others accept; the
  even split is on the table first and is every absent member's answer.
- Event 20 (Disputed Claim) pays its credits to the poorest captain; a tie between captains is
  settled by a vote of all captains (default: the first tied captain in seat order).

While one of these is open nobody else acts, as with a trade offer: they are quick answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import Prompt, RuleError, Turn
from rules.core.grammar import count, plural
from rules.core.validate import get_choice, get_int

from . import say
from .content import Event
from .helpers import gain_credits, planet_links, retreat_to
from .state import Retreat, Split, State, Vote

TYPES = ("retreat", "split", "agree", "vote")
MAX_SPLIT_LISTED = 12  # proposals listed in legal(); any other split may still be typed


def blocking(state: State) -> bool:
    return bool(state.retreats) or state.split is not None or state.vote is not None


# -- falling back -------------------------------------------------------------------------------


def fall_back(state: State, seat: int, turn: Turn, verb: str = "falls back") -> None:
    """Move a beaten/escaping ship to the default nearby planet; its owner may then pick another."""
    player = state.players[seat]
    origin = player.planet
    player.planet = retreat_to(state, origin)
    turn.say(f"{state.seats[seat]} {verb} to {player.planet}.")
    if len(planet_links(state, origin)) > 1 and not player.out and state.phase != "over":
        state.retreats = [r for r in state.retreats if r.seat != seat]
        state.retreats.append(Retreat(seat=seat, origin=origin))


def _retreat(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    mine = next((r for r in state.retreats if r.seat == seat), None)
    if mine is None:
        raise RuleError("Your ship is not choosing where to fall back.")
    options = planet_links(state, mine.origin)
    dest = get_choice(action, "to", options, "planet")
    state.retreats.remove(mine)
    player = state.players[seat]
    if dest != player.planet:
        player.planet = dest
    turn.say(f"{state.seats[seat]} settles at {dest}.")


# -- the team's split of scrap or a mission reward --------------------------------------------------


def split_name(split: Split) -> str:
    """What the team is splitting, in words: "scrap" or "mission reward"."""
    return "mission reward" if split.what == "reward" else "scrap"


def even_shares(total: int, n: int) -> list[int]:
    share, extra = divmod(total, n)
    return [share + (1 if i < extra else 0) for i in range(n)]


def start_split(state: State, members: list[int], total: int, turn: Turn, what: str = "scrap") -> None:
    """Open the team's split of ``total`` credits (``what``: scrap or a mission reward), the even
    split proposed first; a lone member simply takes it all."""
    if total <= 0 or not members:
        return
    split = Split(total=total, members=list(members), shares=even_shares(total, len(members)), what=what)
    if len(members) == 1:
        gain_credits(state, members[0], total, turn, split_name(split))
        return
    state.split = split
    names = ", ".join(f"{state.seats[s]} {n}" for s, n in zip(members, split.shares, strict=True))
    turn.say(
        f"The team splits {total} {split_name(split)} {plural('credit', total)}: proposed {names}. "
        "Everyone accepts or proposes another split."
    )


def parse_shares(action: Mapping[str, Any], split: Split) -> list[int]:
    raw = action.get("shares")
    if isinstance(raw, str | int):
        raw = str(raw).replace(",", " ").split()
    if not isinstance(raw, list) or len(raw) != len(split.members):
        raise RuleError(f"Give one share per team member ({len(split.members)} numbers, in seat order).")
    shares = [get_int({"n": v}, "n", 0, split.total, "a share") for v in raw]
    if sum(shares) != split.total:
        raise RuleError(
            f"The shares must add up to the {split.total} {split_name(split)} {plural('credit', split.total)}."
        )
    return shares


def _propose(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    split = state.split
    if split is None or seat not in split.members:
        raise RuleError("You have no credits to split.")
    split.shares = parse_shares(action, split)
    split.accepted = [seat]
    names = ", ".join(f"{state.seats[s]} {n}" for s, n in zip(split.members, split.shares, strict=True))
    turn.say(f"{state.seats[seat]} proposes a {split_name(split)} split: {names}.")
    _settle_split(state, turn)


def _agree(state: State, seat: int, turn: Turn) -> None:
    split = state.split
    if split is None or seat not in split.members:
        raise RuleError("You have no split to accept.")
    if seat in split.accepted:
        raise RuleError("You already accepted this split; the others still have to.")
    split.accepted.append(seat)
    turn.say(f"{state.seats[seat]} accepts the split.")
    _settle_split(state, turn)


def _settle_split(state: State, turn: Turn) -> None:
    split = state.split
    assert split is not None
    if any(m not in split.accepted for m in split.members):
        return
    state.split = None
    for seat, share in zip(split.members, split.shares, strict=True):
        if share:
            gain_credits(state, seat, share, turn, f"{split_name(split)} share")


# -- event 20: the poorest captain, ties by vote ---------------------------------------------------


def award_poorest(state: State, event: Event, turn: Turn) -> None:
    """Event 20's credits go to the captain with the fewest credits; all captains settle a tie."""
    if event.credits <= 0:
        return
    eligible = [i for i, p in enumerate(state.players) if not p.out and i != state.savior]
    if not eligible:
        return
    fewest = min(state.players[i].credits for i in eligible)
    tied = [i for i in eligible if state.players[i].credits == fewest]
    if len(tied) == 1:
        gain_credits(state, tied[0], event.credits, turn, f"event {event.number}, the poorest captain")
        return
    state.vote = Vote(event=event.number, credits=event.credits, tied=tied, voters=eligible)
    names = ", ".join(state.seats[i] for i in tied)
    turn.say(
        f"Event {event.number}: {names} tie for the claim. All captains vote who gets {count(event.credits, 'credit')}."
    )


def _vote(state: State, seat: int, action: dict[str, Any], turn: Turn) -> None:
    vote = state.vote
    if vote is None or seat not in vote.voters:
        raise RuleError("There is no vote for you right now.")
    if seat in vote.votes:
        raise RuleError("You already voted; wait for the other captains.")
    pick = get_int(action, "for", 1, len(state.seats), "the captain's seat") - 1
    if pick not in vote.tied:
        raise RuleError(say.vote_for(vote.tied))
    vote.votes[seat] = pick
    turn.say(f"{state.seats[seat]} votes for {state.seats[pick]}.")
    if len(vote.votes) < len(vote.voters):
        return
    counts = {t: sum(1 for v in vote.votes.values() if v == t) for t in vote.tied}
    winner = max(vote.tied, key=lambda t: (counts[t], -vote.tied.index(t)))
    state.vote = None
    turn.say(f"The captains award the claim to {state.seats[winner]} ({count(counts[winner], 'vote')}).")
    gain_credits(state, winner, vote.credits, turn, f"event {vote.event}")


# -- the engine's hooks ----------------------------------------------------------------------------


def perform(state: State, seat: int, kind: str, action: dict[str, Any], turn: Turn) -> None:
    if state.retreats:
        if kind != "retreat":
            names = ", ".join(state.seats[r.seat] for r in state.retreats)
            raise RuleError(f"Waiting for {names} to choose where to fall back.")
        _retreat(state, seat, action, turn)
    elif state.split is not None:
        if kind not in ("split", "agree"):
            name = split_name(state.split)
            raise RuleError(say.split_first(name))
        if kind == "split":
            _propose(state, seat, action, turn)
        else:
            _agree(state, seat, turn)
    elif state.vote is not None:
        if kind != "vote":
            raise RuleError(say.VOTE_FIRST)
        _vote(state, seat, action, turn)
    else:
        raise RuleError("There is nothing to choose right now.")


def prompts(state: State) -> list[Prompt]:
    if state.retreats:
        return [
            Prompt(
                seat=r.seat,
                kind="choice",
                text=f"{state.seats[r.seat]}: choose the nearby planet your ship falls back to"
                " (`/armada answer reply:<planet>`)",
                default={"type": "retreat", "to": state.players[r.seat].planet},
            )
            for r in state.retreats
        ]
    split = state.split
    if split is not None:
        even = even_shares(split.total, len(split.members))
        out = []
        for m in split.members:
            if m in split.accepted:
                continue
            default: dict[str, Any] = {"type": "agree"} if split.shares == even else {"type": "split", "shares": even}
            out.append(
                Prompt(
                    seat=m,
                    kind="choice",
                    text=f"{state.seats[m]}: accept the {split_name(split)} split (`/armada answer reply:agree`) "
                    "or propose other shares (such as `reply:split 2 1`)",
                    default=default,
                )
            )
        return out
    vote = state.vote
    if vote is not None:
        return [
            Prompt(
                seat=v,
                kind="choice",
                text=f"{state.seats[v]}: vote which tied captain gets the claim of event {vote.event} "
                "(`/armada answer reply:<seat>`)",
                default={"type": "vote", "for": vote.tied[0] + 1},
            )
            for v in vote.voters
            if v not in vote.votes
        ]
    return []


def candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.retreats:
        mine = next((r for r in state.retreats if r.seat == seat), None)
        if mine is None:
            return []
        return [{"type": "retreat", "to": p} for p in planet_links(state, mine.origin)]
    split = state.split
    if split is not None:
        if seat not in split.members:
            return []
        acts: list[dict[str, Any]] = []
        if seat not in split.accepted:
            acts.append({"type": "agree"})
        options = [even_shares(split.total, len(split.members))]
        if len(split.members) == 2:
            options += [[a, split.total - a] for a in range(split.total + 1)]
        else:
            for i in range(len(split.members)):
                options.append([split.total if j == i else 0 for j in range(len(split.members))])
        seen: list[list[int]] = []
        for shares in options:
            if shares not in seen and shares != split.shares:
                seen.append(shares)
        return acts + [{"type": "split", "shares": s} for s in seen[:MAX_SPLIT_LISTED]]
    vote = state.vote
    if vote is not None:
        if seat not in vote.voters or seat in vote.votes:
            return []
        return [{"type": "vote", "for": t + 1} for t in vote.tied]
    return []


def describe(state: State) -> list[str]:
    lines = []
    for r in state.retreats:
        lines.append(f"retreat: {state.seats[r.seat]} from {r.origin} (now {state.players[r.seat].planet})")
    if state.split is not None:
        s = state.split
        shares = " ".join(f"{state.seats[m]}:{n}" for m, n in zip(s.members, s.shares, strict=True))
        lines.append(f"{split_name(s)} split {s.total}: {shares} accepted by {len(s.accepted)}/{len(s.members)}")
    if state.vote is not None:
        v = state.vote
        lines.append(
            f"vote on event {v.event}: tied {', '.join(state.seats[t] for t in v.tied)}; "
            f"{len(v.votes)}/{len(v.voters)} voted"
        )
    return lines
