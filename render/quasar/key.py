"""The help page of the Quasar Search table picture (``/rules system:quasar topic:board``), made from
the renderer's own key: one sentence per part of the picture (:data:`PARTS`, in the picture's order)
and one per entry of the key drawn under it (:data:`.board.LEGEND`). :data:`PAGE` must have text for
every legend entry and part; a test holds it to that and holds the ``board`` topic of
data/quasar/rules.toml to :func:`board_page`.
"""

from __future__ import annotations

from rules.quasar.content import content

from .board import LEGEND

PARTS: dict[str, str] = {
    "header": "Top: the mission and Act, the phase and the Team Leader; Morale with its bar, the shared Energy "
    "and the Lost in Space left in the box; then the Acts and this Act's Challenges won (✓) and lost (✗)",
    "challenge": "The panel: the current Challenge, its Demand, its Target worked out for your table, its "
    "results, and whether the cards confronting meet the Target right now",
    "last": "Under it the last Challenge's SUCCESS or FAILURE, part by part; it stays until the next one resolves",
    "confrontation": "Then the cards confronting once all are revealed, or who has committed or picked a Rank "
    "Card while that is secret",
    "players": "One row per player in Rank order: token, Faction, Rank (Team Leader marked), the Faction card "
    "and its Rankbreaker, hand/Hand Size, deck, discard, Glory, Lessons and Crew Damage taken, stockpile, "
    "and each Active Project",
    "zones": "Below: the Warp Zone and a Challenge waiting in the Sensors Zone, then the latest lines",
}
"""Page text per part of the picture, top to bottom."""

PAGE: dict[str, str] = {
    **PARTS,
    "player": "a round token in the player's colour with their initial",
    "revealed": "a revealed card: name, value and owner, its rim in the owner's colour",
    "lost": "a dark red card: Lost in Space, no value",
    "project": "a card back: a face-down Active Project (nobody sees it), its Progress out of "
    f"{content().tuning.project_goal}",
    "shifted": "a yellow value with (+1): a Shifted card",
    "marks": "✓ ✗: won, lost",
    "morale": "the bar: Morale left (green over half, yellow, then red)",
}
"""Page text per part and per entry of the picture's key."""

HAND = "Your own hand is not on the table: `/quasar hand` shows it to you alone, numbered as commit counts."


def legend_keys() -> list[str]:
    """Every entry the help page must explain: the picture's parts, then its key."""
    return [*PARTS, *(key for key, _, _ in LEGEND)]


def board_page() -> str:
    """The whole help page of the table picture, in the picture's order: parts, key, hand."""
    parts = ". ".join(PARTS.values())
    key = "; ".join(PAGE[key] for key, _, _ in LEGEND)
    return f"{parts}. Key: {key}. {HAND}"
