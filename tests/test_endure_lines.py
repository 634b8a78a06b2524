"""A planned line of commands gives control back when the board changes (issue 23, Endure part).

Each trap is played through the command table, as a player types it: ``/endure turn actions:...`` (and a
path in one ``/endure move``). A line halts after a step that turned something over, brought enemies
into sight or hurt a survivor, and says what it did not play; a ``keep`` with nothing waiting is skipped;
a command after a ``search`` is refused before anything is played.
"""

from __future__ import annotations

from rules.core import Turn
from rules.endure import SYSTEM
from rules.endure.alarms import alarms, watch
from rules.endure.state import Radar
from table import Table

from .test_endure_frontend import A, arm, live, place, refused, run, start, table, version
from .test_endure_support import Script

__all__ = ["table"]  # the fixture, imported for pytest


def contact(st, zone: str, token: str) -> None:
    st.radar.append(Radar(id=st.next_id, zone=zone, token=token))
    st.next_id += 1


async def test_a_line_stops_when_a_radar_contact_turns_over(table: Table) -> None:
    st = await start(table)
    contact(st, "NAV-x", "5 jaeger")  # out of sight from SEC-b, in sight from SEC-c
    reply = await run(table, A, "turn", actions="move SEC-c; move SEC-b; move SEC-a")
    text = reply.as_text()
    assert "Stopped after `move SEC-c`: 5 Jaegers came into sight" in text
    assert "not played: `move SEC-b; move SEC-a`" in text
    marine = (await live(table)).survivors[0]
    assert marine.zone == "SEC-c" and marine.actions == 2  # the rest of the plan cost nothing


async def test_a_line_stops_when_known_enemies_come_into_sight(table: Table) -> None:
    st = await start(table)
    place(st, "jaeger", "NAV-y", 3)  # on the board already, but not seen from SEC-b
    reply = await run(table, A, "turn", actions="move SEC-c; move SEC-b")
    assert "Stopped after `move SEC-c`: 3 Jaegers came into sight" in reply.as_text()
    assert (await live(table)).survivors[0].zone == "SEC-c"


async def test_a_line_goes_on_while_nothing_changes(table: Table) -> None:
    await start(table)
    reply = await run(table, A, "turn", actions="move SEC-w; move SEC-b; end")
    assert "Stopped" not in reply.as_text() and "Lindqvist's turn" in reply.as_text()


async def test_a_path_in_one_move_halts_where_enemies_appear(table: Table) -> None:
    st = await start(table)
    contact(st, "NAV-x", "3 jaeger")
    reply = await run(table, A, "move", to="SEC-c SEC-b SEC-a")
    assert "halts in SEC-c: 3 Jaegers came into sight" in reply.as_text()
    assert "Not walked (no action spent): SEC-b SEC-a" in reply.as_text()
    marine = (await live(table)).survivors[0]
    assert marine.zone == "SEC-c" and marine.actions == 2


async def test_a_line_stops_when_a_survivor_is_hurt(table: Table, monkeypatch) -> None:
    st = await start(table)
    arm(st, 0, "pistol")
    st.survivors[1].zone = "SEC-c"
    st.survivors[1].slots = []  # no armour to save the stray shot
    place(st, "jaeger", "SEC-c")
    Script(monkeypatch, attacks=[[1, 2]])  # two misses: the stray shots hit the Medic standing there
    reply = await run(table, A, "turn", actions="attack SEC-c with pistol; move SEC-a")
    text = reply.as_text()
    assert "Stopped after `attack SEC-c with pistol`: Medic Lindqvist lost 2 health" in text
    assert "not played: `move SEC-a`" in text
    assert (await live(table)).survivors[0].zone == "SEC-b"


async def test_keep_with_nothing_waiting_is_skipped_not_refused(table: Table) -> None:
    await start(table)
    # a lone keep with nothing found is still refused: it answers nothing
    await refused(table, run(table, A, "keep"), "not found anything")
    reply = await run(table, A, "turn", actions="keep; move SEC-a; leave; move SEC-b")
    text = reply.as_text()
    assert "Skipped `keep`" in text and "Skipped `leave`" in text
    marine = (await live(table)).survivors[0]
    assert marine.zone == "SEC-b" and marine.actions == 1


async def test_commands_after_a_search_are_refused_before_anything_is_played(table: Table) -> None:
    await start(table)
    await refused(table, run(table, A, "turn", actions="move SEC-a; search; move SEC-b; search"), "one `search`")
    await refused(table, run(table, A, "turn", actions="move SEC-a; search; end"), "`end` after it")
    before = await version(table)
    reply = await run(table, A, "turn", actions="move SEC-a; search")  # search last: fine
    assert await version(table) == before + 1
    assert "SEC-a" in reply.as_text()


def test_alarms_are_quiet_for_a_plain_move_and_speak_for_a_reveal() -> None:
    st = SYSTEM.setup(["a", "b"], {"crew": "marine-a+medic-a"}, 5)
    st.radar, st.enemies = [], []
    turn = Turn(st, 0)
    before = watch(st, turn)
    st.survivors[0].zone = "SEC-w"
    assert alarms(st, turn, before) == []
    turn.reveal("an item card")
    st.survivors[0].health -= 2
    assert alarms(st, turn, before) == ["an item card was drawn", "Marine Kovac lost 2 health"]
