"""The board's help page (``/rules system:starcadia topic:board``), made from what the picture draws: a
few sentences on what every board shows, one per entry of the picture's legend (:data:`.strip.LEGEND`, in
its order), and the panel under the board. ``data/starcadia/rules.toml`` holds :func:`board_page` word for
word, and a test fails when a legend entry has no sentence here or the page drifts from the picture."""

from __future__ import annotations

from .strip import LEGEND

BASICS = (
    "The letters and numbers around it name the spaces (C4). Heroes: round-ended tags in their crew's colour with "
    "initials (ED: Edge). Monsters: dark red square-cornered tags (WE1: the first Weeble); a Huge one fills "
    "its space. A frame in a crew's colour is its shuttle (while crews claim, free slots show their "
    "number). Light lines are walls; crossed dark squares cannot be entered. In a space, what lies "
    "there comes first:"
)

PAGE = {
    "terminal": "a boxed T is a computer terminal;",
    "hacked": "✓Y: hacked by those crews;",
    "portal": "a coloured ring with a letter is a portal (A amber, C cyan, V violet);",
    "jammed": "a ring with x is a jammed portal;",
    "spawn": "a large red ring is a spawn point.",
    "stimpack": "Tokens are chips with pointed ends: S (green) stimpack,",
    "hoverboard": "H (purple) hoverboard,",
    "recharge": "R (yellow) recharge,",
    "victory": "V (blue) victory token,",
    "quest": "Q (white) quest token,",
    "armory": "U (orange) armory item (named under the board);",
    "count": "a number counts them (S2: two stimpacks).",
    "dazed": "A hatched figure is dazed.",
    "door shut": "A thick orange bar across an edge is a closed door; the log names a door by the spaces it "
    "joins (the door between E3 and F3).",
    "door open": "A thin green bar is an open door (door:E in a path flips the door east of you).",
    "path": "A yellow line from a hollow square to an arrow is the last move;",
    "monster path": "a pink one a monster's move;",
    "attack": "a red arrow an attack, from attacker to target.",
    "named": "A thin white frame marks a space the last update named;",
    "active": "a thick yellow frame the active hero's space.",
    "decision": "Pink frames mark the figures of a decision the game waits for, pink crosses the spaces to "
    "choose from.",
    "more": "A white corner: the space holds more than it shows (listed under the board).",
}
"""One phrase per legend entry (keys of :data:`.strip.LEGEND`); in legend order they make sentences."""

SPACE_KEYS = ("terminal", "hacked", "portal", "jammed", "spawn", "stimpack", "hoverboard", "recharge")
SPACE_KEYS += ("victory", "quest", "armory", "count")
"""The legend entries about what a space holds (the ``board`` page); the rest are lines and frames."""

MARKS = "Figures, doors, moves and frames on the board:"

PANEL = (
    "Under the board: the scenario and turn; a pink box while a decision is awaited (whose, and what); "
    "each crew with its colour letter and VT (a yellow frame around the crew to play) and its heroes as "
    "tag, name, wounds/life, ready upgrades/upgrades and +g for gadgets (DEAD in red); the monsters with "
    "wounds/life; what crowded spaces hide; the armory item by name; the current quest; what ends the "
    "scenario; and a key of the symbols on that picture."
)

TOPICS = {
    "board": "Reading the board picture",
    "board-marks": "Board: doors, moves and frames",
    "board-panel": "Board: the panel under it",
}
"""The help topics this module writes (key -> title), in ``data/starcadia/rules.toml`` word for word."""


def legend_keys() -> list[str]:
    """The picture's legend entries, in its order."""
    return list(LEGEND)


def board_pages() -> dict[str, str]:
    """Each board topic's text: the spaces and figures, the lines and frames, the panel."""
    space = [PAGE[key] for key in legend_keys() if key in SPACE_KEYS]
    marks = [PAGE[key] for key in legend_keys() if key not in SPACE_KEYS]
    more = "More: topics board-marks and board-panel."
    return {
        "board": " ".join([BASICS, *space, more]),
        "board-marks": " ".join([MARKS, *marks]),
        "board-panel": PANEL,
    }
