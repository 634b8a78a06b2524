"""Colours and type sizes of the Grimdark pictures (sizes read at 500 px wide on a 1000 px picture)."""

from __future__ import annotations

from ..common import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, SEAT_COLOURS

SMALL = 24
"""Labels on the board: column letters, row numbers, unit tags, heights (12 px at 500 px wide)."""
TEXT = 24
TITLE = 32

GROUND = "#2b2f38"
GRIDLINE = "#3a404c"
COLUMN_BAND = "#454c5a"
SOLID = "#69707f"
SOLID_EDGE = "#9aa1b0"
RAISED = "#8fb8d8"
RAISED_GROUND = "#3d4a57"
COVER = "#56B4E9"
DIFFICULT = "#b58a4c"
DANGER = "#D55E00"
ENEMY = "#7a1f2b"
ENEMY_EDGE = "#ff8a8a"
WOUND = "#ff4d4d"
HEALTH = "#2fbf71"
POWER = "#F0E442"
DARK = "#111111"
TOKEN = "#e0c341"
TOKEN_SEEN = "#f5e9a8"
SHAKEN = "#ffcc00"
CHARGE_LINE = "#ff9f1c"
PURPLE = "#CC79A7"
MELEE = "#ff3b3b"
BLUE = "#0072B2"
HELD = {"heroes": "#009E73", "ai": "#D55E00", "": "#5a5f6a"}
DEPLOY = "#009E73"
EXIT = "#F0E442"

REACH = {"advance": (BLUE, 150), "rush": ("#F0E442", 120)}
"""Move areas: colour and opacity (of 255) of the shade."""
CHARGE = PURPLE

ALL = [
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    HIGHLIGHT,
    GROUND,
    GRIDLINE,
    COLUMN_BAND,
    SOLID,
    SOLID_EDGE,
    RAISED,
    RAISED_GROUND,
    COVER,
    DIFFICULT,
    DANGER,
    ENEMY,
    ENEMY_EDGE,
    WOUND,
    HEALTH,
    POWER,
    DARK,
    TOKEN,
    TOKEN_SEEN,
    SHAKEN,
    CHARGE_LINE,
    MELEE,
    *HELD.values(),
    *SEAT_COLOURS,
]
"""Every colour the pictures use (the fixed palette is made from them and their blends)."""


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
