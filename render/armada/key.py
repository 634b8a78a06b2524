"""The help pages of the Armada pictures (``/rules system:armada topic:board`` and ``fight-picture``),
made from the renderer's own vocabulary: one sentence per entry the map's legend can show
(:data:`.mapview.LEGEND`), per tag a planet card writes, per column of the captains table
(:data:`.panel.COLUMNS`) and per part of the fight picture. :data:`PAGE` must have text for every legend
entry and :data:`COLUMN_TEXT` for every column; a test holds them to that and holds the two topics of
data/armada/rules.toml to :func:`board_page` and :func:`fight_page`.
"""

from __future__ import annotations

from .mapview import LEGEND
from .panel import COLUMNS

PAGE: dict[str, str] = {
    "disc": "Discs: captains by seat",
    "crit": "grey 2!: in Critical Damage",
    "savior": "square: the Galactic Savior",
    "fleet": "orange F3 ×9: fleet 3, 9 ships (FINAL: the final foe)",
    "beacon": "blue diamond: beacons waiting there, event numbers beside it",
    "loss": "6 on one planet lose the game",
    "prime": "★: a Prime beacon, answered first",
    "ring": "yellow ring: moved just now (red: hit)",
    "frame": "yellow frame: changed just now",
}
"""Page text per legend entry, in the legend's order."""

TAGS = "SHOP: shipyard (modules), HIRE: waystation (heroes)"
STATUS = "Status box: Data tokens found (4 bring the final foe), beacons in the bag, cards left in the decks"

COLUMN_TEXT: dict[str, str] = {
    "Captain": "Table: captain and ship",
    "At": "planet",
    "Shield": "Shield",
    "Hull": "Hull (−N: just lost)",
    "Credits": "credits",
    "Crew": "crew dice (N hurt: in the Infirmary)",
    "Now": "actions left, TO ACT, done, CRITICAL or OUT",
}
"""Page text per column of the captains table."""

FIGHT = (
    "The fight picture shows the enemy ships by number (their number never changes in a fight; "
    "'on 5': the enemy die numbers that fire an action; hull squares: green left, red lost), each ship's stations "
    "1-6 with the symbols they need (T Tactical, E Engineering, S Science, M Medical, C Command, "
    "* any face) and the dice on them, 'Not placed': rolled dice with their numbers (#3) for "
    "`/armada assign`, and the enemy die top right. On an Away Mission: the sections, what each needs, DONE"
)


def legend_keys() -> list[str]:
    """Every entry the map's legend can show, by key."""
    return [kind for kind, _ in LEGEND]


def board_page() -> str:
    """The help page of the board, in the order of the picture: the map, its legend, the captains table."""
    tokens = "; ".join(PAGE[key] for key in legend_keys())
    columns = ", ".join(COLUMN_TEXT[name] for name, _, _ in COLUMNS)
    return f"{tokens}. {TAGS}. {STATUS}. {columns}. Fights have their own picture: topic fight-picture."


def fight_page() -> str:
    """The help page of the fight picture (a Combat or an Away Mission)."""
    return FIGHT + "."
