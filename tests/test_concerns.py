"""Issue 25's catch-up, engine part: each engine tags what happens TO a seat (``Turn.say(concerns=...)``).

For every game a seeded game is played by the bots; the main kinds of event that befall a seat (a hero
wounded or killed, VT gained, a ship hit, a survivor hurt, cards drawn, Glory gained...) must carry the
seat they happened to, and ``sessions/catchup.py`` must put them first in that seat's catch-up. Tags
name seats only: the text of an event is the same tagged or not.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from rules.core import get as get_system
from sessions import catchup
from sessions.store import ActionRecord

SEATS = ["ann", "ben", "cat"]


def starcadia_names(st: Any) -> dict[str, int]:
    from rules.starcadia.engine import hero_name

    names = {hero_name(h): h.seat for h in st.heroes}
    names |= {crew.colour: crew.seat for crew in st.crews}
    names |= {crew.colour.capitalize(): crew.seat for crew in st.crews}
    return names


def seat_names(st: Any) -> dict[str, int]:
    return {name: i for i, name in enumerate(st.seats)}


def endure_names(st: Any) -> dict[str, int]:
    from rules.endure.world import sname

    return {sname(s): s.seat for s in st.survivors}


def grimdark_names(st: Any) -> dict[str, int]:
    from rules.grimdark.units import name

    return {name(u): u.seat for u in st.units if u.side == "hero"}


GAMES: dict[str, tuple[dict[str, str], list[str], Callable[[Any], dict[str, int]], int]] = {
    # system: (options, patterns each naming the seat's word as <n>, names in the state, steps)
    "starcadia": (
        {"mode": "episodic"},
        [
            r"^.+?: \d+ hit\(s\), (?P<n>.+?) saves",  # a hero attacked (wounds or not)
            r"^(?P<n>\w+) crew (?:earns \d+|gains 1) VT",  # VT gained for a kill
        ],
        starcadia_names,
        900,
    ),
    "armada": (
        {},
        [r" hits (?P<n>\w+) for \d+ \w+: Shield", r"^(?P<n>\w+) gains \d+ credits?"],
        seat_names,
        900,
    ),
    "endure": (
        {},
        [r"^(?P<n>.+?) Resolve \d+\.$", r"^(?P<n>.+?) (?:fails the test|holds firm)"],
        endure_names,
        900,
    ),
    "grimdark": (
        {},
        [r"^(?P<n>.+?) takes \d+ wounds?\.$"],
        grimdark_names,
        500,
    ),
    "quasar": (
        {},
        [r"^(?P<n>\w+) draws", r"^(?P<n>\w+) (?:gains \d+ Glory|learns \d+ Lessons?|takes a Boon)"],
        seat_names,
        900,
    ),
}


def play(system: str, seed: int) -> tuple[Any, list[ActionRecord]]:
    """A seeded bot game: the final state and its log as the platform stores it (each apply one move)."""
    S = get_system(system)
    options, _, _, steps = GAMES[system]
    rnd = random.Random(seed)
    st = S.setup(SEATS, options, seed)
    log: list[ActionRecord] = []
    for version in range(1, steps + 1):
        if S.outcome(st) is not None:
            break
        prompts = S.pending(st)
        if not prompts:
            break
        seat = prompts[0].seat
        action = S.ai_action(S.view(st, seat), seat, seed)
        if action is None:
            action = rnd.choice(S.legal(st, seat))
        st, events = S.apply(st, seat, action)
        dumped = [msgspec.to_builtins(e) for e in events]
        log.append(ActionRecord(1, version, seat, None, action, dumped, at=float(version), kind="move"))
    return st, log


@pytest.mark.parametrize("system", sorted(GAMES))
def test_what_befalls_a_seat_is_tagged_with_it_and_comes_first_in_its_catch_up(system: str) -> None:
    st, log = play(system, 7)
    _, patterns, names_of, _ = GAMES[system]
    names = names_of(st)
    events = [e for r in log for e in r.events if e.get("visible_to") is None]
    tagged = [e for e in events if e.get("concerns")]
    assert tagged, "the engine tags nothing"
    for pattern in patterns:
        hits = [
            (e, names[m.group("n")]) for e in events if (m := re.search(pattern, e["text"])) and m.group("n") in names
        ]
        assert hits, (system, pattern, "never narrated about a seat")
        for e, seat in hits:
            assert e.get("concerns") is not None and seat in e["concerns"], e
    for e in tagged:  # a tag names seats only
        assert all(isinstance(s, int) and 0 <= s < len(SEATS) for s in e["concerns"]), e
    # The catch-up: what happened to the seat of the last tagged event comes before the table's news.
    at, seat = next(
        (i, s)
        for i in range(len(log) - 1, -1, -1)
        for e in log[i].events
        for s in e.get("concerns") or []
        if e.get("visible_to") is None and s != log[i].seat
    )
    since = [r for r in log[max(0, at - 30) : at + 1] if r.seat != seat]
    mine = {e["text"][: catchup.LINE_CHARS - 1] for r in since for e in r.events if seat in (e.get("concerns") or [])}
    assert mine, "the window holds something that befell the seat"
    digest = catchup.build(since, seat, [SEATS[seat]], private=False)
    shown = [line for line in digest.lines if not line.startswith("… and")]
    theirs = [i for i, line in enumerate(shown) if any(t.startswith(line.rstrip("…")) for t in mine)]
    assert theirs, (shown, mine)
    guessed = {  # lines the platform guesses are the seat's (its name in them, its own seat)
        e["text"][: catchup.LINE_CHARS - 1]
        for r in since
        for e in r.events
        if e.get("visible_to") is None and catchup._concerns(e, seat, e["text"], [re.compile(SEATS[seat])])
    }
    news = [i for i, line in enumerate(shown) if not any(t.startswith(line.rstrip("…")) for t in guessed)]
    assert not news or max(theirs) < min(news), shown  # the seat's own lines first, then the table's news
