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


def test_corner_with_an_l_of_walls_around_a_side_space_is_blocked():
    """Rulebook p. 17 (Line of Sight): a line through the meeting point of four spaces is clear only
    when a single side there is blocked. At the C2/D2/C3/D3 corner the walls C3|D3 and D2|D3 form an L
    around D3, so the line D2 -> C3 through that corner is blocked, although the other side (C2) is open."""
    b = _board()
    shut = {"D1": False, "D2": False}
    assert b.close(xy("C2"), xy("D2"), shut) and b.close(xy("C2"), xy("C3"), shut)  # the open side
    assert not b.close(xy("C3"), xy("D3"), shut) and not b.close(xy("D2"), xy("D3"), shut)  # the L
    assert not b.los(xy("D2"), xy("C3"), shut)
    assert not b.los(xy("C3"), xy("D2"), shut)


def _open_grid(size: int = 2) -> B.Board:
    """A bare size x size room: every space playable, every edge open (walls are removed edges)."""
    cells = {(x, y): "." for x in range(size) for y in range(size)}
    board = B.Board(width=size, height=size, cells=cells)
    for x, y in cells:
        for nb in ((x + 1, y), (x, y + 1)):
            if nb in cells:
                board.open_edges.add(B.edge((x, y), nb))
    return board


def _walled(*walls: tuple[B.XY, B.XY]) -> B.Board:
    board = _open_grid()
    for a, c in walls:
        board.open_edges.discard(B.edge(a, c))
    return board


def test_corner_rule_counts_the_blocked_sides():
    """Rulebook p. 17 (Line of Sight): the line A1 -> B2 runs exactly through the corner of the four
    spaces. One blocked side there is only grazed; two blocked sides stop it, whether they form an L
    around a side space (A2 or B1), an L around an end, or one straight wall through the corner."""
    a1, b1, a2, b2 = (0, 0), (1, 0), (0, 1), (1, 1)
    none: dict[str, bool] = {}
    assert _walled().los(a1, b2, none)
    for one in ((a1, b1), (a1, a2), (b1, b2), (a2, b2)):
        assert _walled(one).los(a1, b2, none), one
    assert not _walled((a1, b1), (b1, b2)).los(a1, b2, none)  # L around the side space B1
    assert not _walled((a1, a2), (a2, b2)).los(a1, b2, none)  # L around the side space A2
    assert not _walled((a1, b1), (a1, a2)).los(a1, b2, none)  # L around the start
    assert not _walled((a1, b1), (a2, b2)).los(a1, b2, none)  # one straight wall through the corner
    assert not _walled((a1, b1), (b1, b2)).los(b2, a1, none)  # the same seen from the other end


def test_a_closed_door_counts_as_a_blocked_side_at_a_corner():
    """Rulebook p. 15 (Doors) and p. 17: a closed door blocks sight like a wall, an open one does not;
    a closed door alone at a corner is grazed, a closed door plus a wall in an L is not."""
    a1, b1, b2 = (0, 0), (1, 0), (1, 1)
    board = _walled((b1, b2))
    board.doors["D1"] = B.edge(a1, b1)
    board.door_of[B.edge(a1, b1)] = "D1"
    assert not board.los(a1, b2, {"D1": False})
    assert board.los(a1, b2, {"D1": True})
    lone = _open_grid()
    lone.doors["D1"] = B.edge(a1, b1)
    lone.door_of[B.edge(a1, b1)] = "D1"
    assert lone.los(a1, b2, {"D1": False})


def test_line_leaving_the_station_is_blocked():
    b = _board()
    shut = {"D1": False, "D2": False}
    # From the yellow shuttle (D1) the line to F2 runs through the void at E1.
    assert not b.los(xy("D1"), xy("F2"), shut)


def test_blocked_space_is_not_playable():
    b = _board()
    assert not b.playable(xy("B5"))
    assert b.playable(xy("C5"))


def test_remembered_sight_follows_every_door_change():
    """A sight line is remembered per board and per set of the doors it passes: whatever doors open or
    close, in whatever order, the remembered answer is the line walked afresh with those doors."""
    b = _board()
    spaces = [xy for xy in b.cells if b.playable(xy)]
    doors = sorted(b.doors)
    settings = [{d: bool(bits >> i & 1) for i, d in enumerate(doors)} for bits in range(2 ** len(doors))]
    for door_open in settings + settings[::-1]:
        for a in spaces[::3]:
            for c in spaces:
                assert b.los(a, c, door_open) == (a == c or b._los(a, c, door_open)), (a, c, door_open)
