"""Starcadia Quest pictures (a viewer-filtered state in, PNG bytes out).

- ``board(state, events=...)`` (:mod:`.board`): the station (:mod:`.station`: walls, doors, what lies in
  each space, the figures, what the last update changed, a pending decision) above a panel (:mod:`.strip`:
  crews with VT and their heroes' wounds, the monsters' wounds, the quest, what ends the scenario, a
  legend). Every text reads 11 px tall when the picture is shown 500 px wide.
- The detail pictures (:mod:`.sheets`): ``dashboard``, ``monsters_picture``, ``quests_picture``,
  ``campaign_picture``, ``offer_picture``.

``draw_*`` return the Pillow image (for snapshot tests).
"""

from .board import board, draw_board
from .sheets import (
    campaign_picture,
    dashboard,
    draw_campaign,
    draw_crew,
    draw_monsters,
    draw_offer,
    draw_quests,
    monsters_picture,
    offer_picture,
    quests_picture,
)

__all__ = [
    "board",
    "campaign_picture",
    "dashboard",
    "draw_board",
    "draw_campaign",
    "draw_crew",
    "draw_monsters",
    "draw_offer",
    "draw_quests",
    "monsters_picture",
    "offer_picture",
    "quests_picture",
]
