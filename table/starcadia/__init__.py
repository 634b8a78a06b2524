"""Starcadia Quest at the table: the ``/starcadia`` commands, for Discord and the console alike.

- :mod:`.commands`: the command table (registered at import; ``table.spec.load_all`` finds it).
- :mod:`.setup`, :mod:`.play`, :mod:`.decide` and :mod:`.between`: the commands that play actions (the
  draft and shuttles; a crew's turn; decisions in the middle of play; between scenarios);
  :mod:`.produce` says how each legal action is typed with them.
- :mod:`.names`: every name form a player may type for heroes, monsters, spaces, upgrades and crews.
- :mod:`.suggestions` and :mod:`.suggest_more` (on :mod:`.fit`): autocomplete from the engine's ``legal()``.
- :mod:`.views`: private dashboards; :mod:`.texts`: labels and the help page's intro.
- :mod:`.seat`: whose game, seat, phase and turn it is.

Nothing here imports Discord.
"""
