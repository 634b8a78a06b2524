"""Endure the Stars: arriving at the Refuge between campaign missions, and who must decide what there.

Playing the Refuge's decisions (and setting out for the next mission) is :mod:`.campaign`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core import Prompt, RuleError, Turn

from .content import content
from .state import EndureState, ItemInst, ResolveSlot, Survivor
from .world import deal_accomplishment, find_item, general_items, sname


def draw_resolve(st: EndureState, s: Survivor) -> None:
    if not st.resolve_deck:
        in_hand = {r.card for sv in st.survivors for r in sv.resolve_cards}
        st.resolve_deck = sorted(k for k in content().resolve if k not in in_hand)
    if not st.resolve_deck:
        return
    k = st.resolve_deck.pop()
    number = content().resolve[k].number
    s.resolve_cards.append(ResolveSlot(card=k, number=number, dormant=number > s.resolve))


def enter_refuge(st: EndureState, turn: Turn) -> None:
    """A campaign mission was won: go to the Refuge, or win the campaign after the last mission."""
    camp = content().campaigns[st.campaign]
    st.campaign_done.append(st.mission)
    st.next_options = list(camp.next.get(st.mission, ()))
    if not st.next_options:
        st.phase, st.result = "over", "win"
        st.summary = f"Campaign {camp.name} complete!"
        turn.say(st.summary, kind="end")
        return
    r = content().refuge
    st.phase = "refuge"
    st.refuge_track = r.track
    st.refuge_visited, st.votes = [], {}
    st.enemies, st.radar, st.noise, st.bosses, st.event = [], [], [], [], ""
    turn.say(f"Back at the Refuge. Next: {' or '.join(st.next_options)}.", kind="turn")
    post: list[str] = []
    while st.item_deck and len(post) < r.trading_post:
        k = st.item_deck.pop()
        turn.reveal("an item card for the trading post")
        if content().items[k].kind != "noise":
            post.append(k)
    st.trading_post = post
    if post:
        turn.say("The Trading Post offers: " + ", ".join(content().items[k].name for k in post) + ".")
    for i, s in enumerate(st.survivors):
        if not s.alive:
            continue
        s.exited = False
        s.resolve_cards = [r for r in s.resolve_cards if not r.revealed]
        while len(s.resolve_cards) < 3:
            draw_resolve(st, s)
        if not s.unlocked:
            deal_accomplishment(st, turn, i)
    if not st.refuge_deck:
        st.refuge_deck = sorted(content().refuge.events)
        turn.rng.shuffle(st.refuge_deck)


def needs_recruit(st: EndureState) -> list[int]:
    """Fallen survivors still to be replaced (none once every survivor has been used)."""
    if not unused_keys(st):
        return []
    return [i for i, s in enumerate(st.survivors) if not s.alive]


def unvisited(st: EndureState) -> list[int]:
    return [i for i, s in enumerate(st.survivors) if s.alive and i not in st.refuge_visited]


def refuge_pending(st: EndureState) -> list[Prompt]:
    dead = needs_recruit(st)
    if dead:
        out = []
        for i in dead:
            key = unused_keys(st)[:1]
            default = {"type": "recruit", "replace": i, "survivor": key[0]} if key else {"type": "vote"}
            out.append(
                Prompt(
                    seat=st.survivors[i].seat,
                    kind="choice",
                    text=f"{sname(st.survivors[i])} died: pick a new survivor with `/endure refuge recruit`.",
                    default=default,
                )
            )
        return out
    todo = [i for i, s in enumerate(st.survivors) if s.alive and i not in st.refuge_visited]
    if todo:
        return [
            Prompt(
                seat=st.survivors[i].seat,
                kind="choice",
                text=f"{sname(st.survivors[i])}: visit a place at the Refuge (`/endure refuge visit`).",
                default={"type": "visit", "survivor": i, "place": "quarters", "pick": "resolve"},
            )
            for i in todo
        ]
    seats = sorted({s.seat for s in st.survivors})
    return [
        Prompt(
            seat=seat,
            kind="choice",
            text="Stay another round at the Refuge or leave: `/endure refuge vote choice:stay` or `choice:leave`.",
            default={"type": "vote", "choice": "leave"},
        )
        for seat in seats
        if seat not in st.votes
    ]


def unused_keys(st: EndureState) -> list[str]:
    return [k for k in sorted(content().survivors) if k not in st.used_keys]


def refuge_legal(st: EndureState, seat: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    dead = needs_recruit(st)
    if dead:
        for i in dead:
            if st.survivors[i].seat == seat:
                out += [{"type": "recruit", "replace": i, "survivor": k} for k in unused_keys(st)]
        return out
    todo = [i for i, s in enumerate(st.survivors) if s.alive and i not in st.refuge_visited and s.seat == seat]
    if todo or unvisited(st):
        for i in todo:
            s = st.survivors[i]
            out += [
                {"type": "visit", "survivor": i, "place": "infirmary"},
                {"type": "visit", "survivor": i, "place": "loved-ones"},
                {"type": "visit", "survivor": i, "place": "quarters", "pick": "health"},
                {"type": "visit", "survivor": i, "place": "quarters", "pick": "resolve"},
            ]
            items = [it.card for it in general_items(s)]
            if len(items) >= 2:
                for k in sorted(set(st.trading_post)):
                    out.append(
                        {
                            "type": "visit",
                            "survivor": i,
                            "place": "trading-post",
                            "take": k,
                            "give": items[:2],
                        }
                    )
        return out
    if seat not in st.votes:
        out.append({"type": "vote", "choice": "leave"})
        for m in st.next_options[1:]:
            out.append({"type": "vote", "choice": "leave", "route": m})
        if st.refuge_track > 0:  # each extra round costs 1; at 0 everyone must leave
            out.append({"type": "vote", "choice": "stay"})
    return out


@dataclass
class RefugeStep:
    """A checked Refuge decision: the survivor it concerns and, at the Trading Post, the two items given."""

    survivor: int = -1
    give: tuple[ItemInst, ItemInst] | None = None


def check_refuge(st: EndureState, seat: int, action: dict[str, Any]) -> RefugeStep:
    """Whether ``seat`` may recruit, visit or vote as ``action`` says; reads the state only."""
    kind = action["type"]
    dead = needs_recruit(st)
    if kind == "recruit":
        i = action.get("replace")
        if type(i) is not int or i not in dead:
            raise RuleError("Say which fallen survivor to replace (by number).")
        if st.survivors[i].seat != seat:
            raise RuleError("That survivor was not yours.")
        if action.get("survivor") not in unused_keys(st):
            raise RuleError("Pick a survivor nobody has played yet in this campaign.")
        return RefugeStep(survivor=i)
    if dead:
        raise RuleError("First replace the survivors who died.")
    if kind == "visit":
        return _check_visit(st, seat, action)
    if kind == "vote":
        if unvisited(st):
            raise RuleError("Everyone must visit a place at the Refuge before deciding.")
        if seat in st.votes:
            raise RuleError("You have already voted.")
        choice = action.get("choice", "leave")
        if choice not in ("stay", "leave"):
            raise RuleError("Vote 'stay' or 'leave'.")
        if choice == "stay" and st.refuge_track <= 0:
            raise RuleError("The Refuge track is at 0: the crew must leave now, so vote 'leave'.")
        route = action.get("route")
        if route is not None and route not in st.next_options:
            raise RuleError(f"The next mission can be: {', '.join(st.next_options)}.")
        return RefugeStep()
    raise RuleError("At the Refuge you can recruit, visit or vote.")


def _check_visit(st: EndureState, seat: int, action: dict[str, Any]) -> RefugeStep:
    i = action.get("survivor")
    if type(i) is not int or not 0 <= i < len(st.survivors):
        mine = [j for j, s in enumerate(st.survivors) if s.seat == seat and j not in st.refuge_visited]
        if len(mine) != 1:
            raise RuleError("Say which survivor visits (by number).")
        i = mine[0]
    s = st.survivors[i]
    if s.seat != seat:
        raise RuleError("That survivor is not yours.")
    if i in st.refuge_visited:
        raise RuleError(f"{sname(s)} has already been somewhere this round.")
    place = action.get("place")
    if place == "trading-post":
        give = action.get("give")
        if action.get("take") not in st.trading_post:
            raise RuleError("The Trading Post does not have that.")
        if not isinstance(give, list) or len(give) != 2:
            raise RuleError("Trade exactly two of your items.")
        a = find_item(s, give[0], where="general")
        b = find_item(s, give[1], where="general")
        if a.uid == b.uid:
            twin = [it for it in general_items(s) if it.card == b.card and it.uid != a.uid]
            if not twin:
                raise RuleError("Give two different items.")
            b = twin[0]
        return RefugeStep(survivor=i, give=(a, b))
    if place == "quarters":
        if action.get("pick") not in ("health", "resolve"):
            raise RuleError("At the quarters, pick health or resolve.")
    elif place not in ("infirmary", "loved-ones"):
        raise RuleError("Visit the infirmary, loved-ones, trading-post or quarters.")
    return RefugeStep(survivor=i)
