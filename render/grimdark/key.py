"""The help page of the Grimdark battlefield picture (``/rules system:grimdark topic:board``), made from the
renderer's own vocabulary: one phrase per kind of thing the battlefield draws (:data:`.field.DRAWN`) and per
part of the panel and map (:data:`PANEL_PARTS`). A test fails when an entry has no page text and holds the
``board`` topic of data/grimdark/rules.toml to :func:`board_page`.
"""

from __future__ import annotations

from .field import DRAWN
from .frame import MAX_SPAN

PAGE: dict[str, str] = {
    "hero": "Round tokens: heroes, in their player's colour, with the hero's initial (K Kessa...)",
    "hero acting": "a white rim: the hero acting now",
    "hero down": "a dark token with a coloured ring in a yellow square: an unconscious hero, waiting for a revive",
    "power": "the yellow arc: power left",
    "wounds": "the bar under a token: green for wounds it can still take, red for wounds taken",
    "shaken": "a red slash: Shaken",
    "enemy": "Dark red squares: enemy models with their unit's tag (S1: the first Scrapper unit)",
    "enemy shaken": "a yellow rim: a Shaken enemy unit",
    "objective": "Hexagons: objectives (grey: nobody holds it, green: the heroes, orange: the enemy)",
    "search token": "yellow squares: search tokens (? until searched; a letter once revealed)",
    "deployment zone": "Green frame: the deployment zone",
    "exit zone": "yellow frame: the exit zone",
    "ai goal": "red crosses: the enemies' AI Goals",
    "solid": "grey blocks: solid pieces, their height written on them",
    "raised": "light blue stripes: raised walkways",
    "cover": "blue hatching: cover (+1 to block shots)",
    "difficult": "brown dots: difficult ground",
    "dangerous": "orange slashes: dangerous ground",
    "move": "Yellow arrows: the last moves",
    "charge": "orange arrows: charges",
    "shot": "blue dashed lines: shots",
    "spell": "purple dashed lines: spells",
    "fight": "a thick red line: a fight",
    "push or fall": "purple arrows: pushes and falls",
    "arrival": "red frames: new arrivals (the enemy's moves stay drawn until it acts again)",
    "advance area": "With `/grimdark range`, blue cells with a white dot: where the hero can Advance",
    "rush area": "yellow cells: where it can Rush",
    "charge end": "purple frames: where a Charge can end",
}
"""Page text per thing the battlefield draws, in the page's order."""

PANEL_PARTS: dict[str, str] = {
    "frame": f"The picture frames everything in play when it fits in {MAX_SPAN} cells, else the heroes and what"
    " is nearest them; column letters and row numbers on its edges are what you type (F12)",
    "status": "Under it: the mission and round, WIN or LOSS and why once it is decided, the goal",
    "heroes": "one line per hero with its player, cell, wounds taken, power and state",
    "objectives": "who holds each objective (heroes, enemy, nobody)",
    "off the picture": "what lies off the picture, with its cell",
    "whole table": "The whole-table map: terrain, hero initials, enemy tags and objectives; the yellow box is"
    " the part drawn above",
}
"""Page text per part of the panel and the whole-table map."""


def legend_keys() -> list[str]:
    """Every entry the picture's legend covers: what the battlefield draws, then the panel's parts."""
    return [*DRAWN, *PANEL_PARTS]


def _sentences(texts: list[str]) -> str:
    """Phrases joined with ";", a new sentence at each phrase that starts with a capital."""
    groups: list[list[str]] = [[]]
    for text in texts:
        if text[0].isupper() and groups[-1]:
            groups.append([])
        groups[-1].append(text)
    return " ".join("; ".join(g) + "." for g in groups)


def board_page() -> str:
    """The whole help page, in the order of the picture."""
    drawn = _sentences([PAGE[k] for k in DRAWN])
    panel = _sentences(list(PANEL_PARTS.values()))
    return f"{drawn} {panel} `/grimdark los` and `/grimdark range` draw their answer on the same picture."
