"""The help page of the Endure board picture (``/rules system:endure topic:board``), made from the
renderer's own vocabulary: one sentence per kind of token the legend can show (:data:`.panel.ORDER`),
per line sample (doors, passages, the frame of a changed zone), per column of the crew table, and the
tags exactly as the map writes them. :data:`PAGE` must have text for every legend entry; a test holds
it to that and holds the ``board`` topic of data/endure/rules.toml to :func:`board_page`.
"""

from __future__ import annotations

from rules.endure.words import CLASS_TAGS

from .panel import COLUMNS, ORDER, line_labels
from .style import enemy_tag

EXAMPLE = f"3{enemy_tag('icarus')}"
"""A counted enemy token as the map writes it: three Icarus."""

PAGE: dict[str, str] = {
    "survivor": "Ovals: survivors, player's colour and class ("
    + ", ".join(f"{tag} {klass}" for klass, tag in CLASS_TAGS.items())
    + "; L first: in the Loader)",
    "acting": "white rim: acting now",
    "enemy": f"red squares: enemies, count then type ({EXAMPLE}: three Icarus)",
    "boss": "yellow edge: a boss",
    "stunned": "hollow: stunned",
    "ally": "green with +: a friendly Sentry",
    "marked": "!: the mission's target (purple diamond: still face down)",
    "radar": "grey ? diamond: a radar contact",
    "noise": "N1-N3: noise",
    "objective": "hexagon: an objective (G green...)",
    "loader": "LDR: the empty Exo Loader",
    "exit": "EXIT: an exit",
    "more": "+N: tokens with no room, shown under the map",
    "door open": "Hollow green bar: open door",
    "door shut": "orange bar: shut door",
    "open between zones": "dashed line: open between zones",
    "changed by the last move": "yellow frame: changed by the last move",
    "zone names": "Zones: tile + letter (CQ + a = CQ-a)",
}
"""Page text per legend entry (token kinds, line samples, the zone-name hint), in the page's order."""

CREW = {
    "Survivor": "Crew: who",
    "Health": "Health",
    "Resolve": "Resolve",
    "Wounds": "Wounds (head, chest, leg, stunned, frozen)",
    "Acts": "Acts (actions left)",
    "Carrying": "Carrying",
}
"""Page text per column of the crew table."""

TAGS_IN_COMMANDS = "Tags work in commands: `/endure dashboard survivor:Ma`, `/endure attack zone:SEC-b kill:Ja`."


def legend_keys() -> list[str]:
    """Every entry the board's legend can show, by key: token kinds, line samples, extras."""
    return [*ORDER, "more", *line_labels(), "zone names"]


def board_page() -> str:
    """The whole help page of the board, in the order of the picture: tokens, lines, zones, crew."""
    lines = line_labels()
    tokens = "; ".join(text for key, text in PAGE.items() if key not in lines and key != "zone names")
    crew = ", ".join(CREW[head] for head, _ in COLUMNS)
    return f"{tokens}. {'; '.join(PAGE[k] for k in lines)}. {PAGE['zone names']}. {crew}. {TAGS_IN_COMMANDS}"
