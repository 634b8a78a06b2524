"""Endure the Stars: arriving at the Refuge between campaign missions, and who must decide what there.

Playing the Refuge's decisions (and setting out for the next mission) is :mod:`.campaign`.
"""

from __future__ import annotations

from typing import Any

from rules.core import Prompt, Turn

from .content import content
from .state import EndureState, ResolveSlot, Survivor
from .world import deal_accomplishment, general_items, sname


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
