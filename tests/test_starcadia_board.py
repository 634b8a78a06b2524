"""Station geometry: coordinates, Close, doors, line of sight and the corner rule."""

from __future__ import annotations

from rules.starcadia import board as B


def _board():
    return B.build("1", ("t01", "t02", "t03", "t04"), (("yellow", 0), ("blue", 1)))


def xy(text):
    return B.parse_space(text)


def test_coordinates_round_trip():
    for x in range(10):
        for y in range(10):
            assert B.parse_space(B.name((x, y))) == (x, y)
    assert B.parse_space("c4") == (2, 3)
    assert B.parse_space("4C") is None and B.parse_space("") is None and B.parse_space(7) is None


def test_tiles_join_only_at_facing_hatches():
    b = _board()
    closed = {"D1": False, "D2": False}
    assert b.close(xy("I3"), xy("J3"), closed)  # hatch into the docked blue shuttle
    assert not b.close(xy("E2"), xy("F2"), closed)  # tile edge without hatches is a wall
    assert b.close(xy("C5"), xy("C6"), closed)  # two facing hatches make an opening
    assert not b.playable(xy("A7"))  # no shuttle docked west of B7: that hatch opens on nothing
    assert not b.close(xy("B7"), xy("A7"), closed)


def test_close_respects_walls_doors_and_diagonals():
    b = _board()
    shut = {"D1": False, "D2": False}
    opened = {"D1": True, "D2": True}
    assert b.close(xy("C4"), xy("C4"), shut)
    assert b.close(xy("C4"), xy("C5"), shut)
    assert not b.close(xy("C4"), xy("D4"), shut)  # wall
    assert not b.close(xy("C4"), xy("D5"), shut)  # diagonal
    assert not b.close(xy("E3"), xy("F3"), shut)  # closed door
    assert b.close(xy("E3"), xy("F3"), opened)


def test_line_of_sight_basics():
    b = _board()
    shut = {"D1": False, "D2": False}
    assert b.los(xy("B7"), xy("E7"), shut)  # straight down an open row
    assert not b.los(xy("B7"), xy("G7"), shut)  # closed door D2 in the way
    assert b.los(xy("B7"), xy("G7"), {"D1": False, "D2": True})
    assert b.los(xy("C4"), xy("C4"), shut)  # own space
    assert not b.los(xy("C3"), xy("D3"), shut)  # wall


def test_corner_rule():
    b = _board()
    shut = {"D1": False, "D2": False}
    # C4 -> D5 grazes the corner of the C4|D4 wall; the other side (C5, D5) is open: visible.
    assert b.los(xy("C4"), xy("D5"), shut)
    # C3 -> D4: the corner is walled on both routes (C3|D3 and C3/C4): blocked.
    assert not b.los(xy("C3"), xy("D4"), shut)


def test_line_leaving_the_station_is_blocked():
    b = _board()
    shut = {"D1": False, "D2": False}
    # From the yellow shuttle (D1) the line to F2 runs through the void at E1.
    assert not b.los(xy("D1"), xy("F2"), shut)


def test_blocked_space_is_not_playable():
    b = _board()
    assert not b.playable(xy("B5"))
    assert b.playable(xy("C5"))
