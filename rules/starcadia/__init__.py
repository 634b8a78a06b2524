"""Starcadia Quest: rival crews, a monster-filled station, an event deck and a branching campaign.

Public entry points beyond the GameSystem contract (``SYSTEM``):

- ``rules.starcadia.sheets.crew_sheet(state, seat)`` / ``monster_sheet(state)``: text dashboards
  (upgrades listed by the names players type in attack commands).
- ``rules.starcadia.campaign.campaign_sheet(state)``: the campaign record as text lines.
- ``rules.starcadia.content.CONTENT``: heroes, monsters, upgrades, scenarios and the rules topics
  (``CONTENT.topics``: key, title, text).
- ``render.starcadia.board(state, events=...)``, ``dashboard(state, seat)``, and the pictures
  ``monsters_picture(state)``, ``quests_picture(state)``, ``campaign_picture(state)``, ``offer_picture``.
- Engine helpers the front end may rely on (``rules.starcadia.engine``, stable public names):
  ``find_hero``, ``find_monster``, ``hero_name``, ``hero_life``, ``heroes_on_board``, ``mstats``,
  ``board_of``, ``occupancy``, ``shove_spaces``, ``attack_kind``, ``boost_fits``,
  ``fitting_boosts(hero, weapon)`` (ready boosts that fit), ``boost_combos(hero, weapon)`` (the
  bounded list of useful boost sets legal() offers), ``boost_dice(boosts)``, ``monster_tag(m)`` and
  ``hero_tag(hero_id)`` (the unique tags the board picture prints, e.g. OC1, OR1, ZK).

- The bot of bot seats and balance tests: ``rules.starcadia.ai`` (``smart_choice``, ``bot_choice``);
  button labels in plain words: ``rules.starcadia.labels``; the read-only ``check`` that legal() and
  apply share: ``rules.starcadia.checks`` (``candidates`` lists what is worth offering).
- Mid-play decisions (``rules.starcadia.control``): ``state.wait`` (a ``Wait``: kind guard | payer |
  monster | shove | place | defend, the seat asked, the options) or ``state.payback``; ``legal()`` lists
  the bounded answers, the prompt's ``default`` is the bot's policy. Options ``monsters=player|bot``
  and ``defence=prefs|ask`` switch them on and off.

Events carry ``data={"path": [...]}`` for walked paths and ``data={"attack": [from, to]}`` for
attacks, which the board picture draws.
"""

from rules.core import register

from .game import Starcadia

SYSTEM = register(Starcadia())

__all__ = ["SYSTEM", "Starcadia"]
