"""Starcadia Quest: rival crews, a monster-filled station, an event deck and a branching campaign.

Public entry points beyond the GameSystem contract (``SYSTEM``):

- ``rules.starcadia.sheets.crew_sheet(state, seat)`` / ``monster_sheet(state)``: text dashboards
  (upgrades listed by the names players type in attack commands).
- ``rules.starcadia.campaign.campaign_sheet(state)``: the campaign record as text lines.
- ``rules.starcadia.content.CONTENT``: heroes, monsters, upgrades, scenarios and the rules topics
  (``CONTENT.topics``: key, title, text).
- ``render.starcadia.board(state, events=...)`` and ``render.starcadia.dashboard(state, seat)``.

Events carry ``data={"path": [...]}`` for walked paths and ``data={"attack": [from, to]}`` for
attacks, which the board picture draws.
"""

from rules.core import register

from .game import Starcadia

SYSTEM = register(Starcadia())

__all__ = ["SYSTEM", "Starcadia"]
