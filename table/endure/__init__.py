"""Endure the Stars at the table: the ``/endure`` commands, for Discord and the console alike.

- :mod:`.commands`: the command table (registered at import; ``table.spec.load_all`` finds it).
- :mod:`.play` and :mod:`.refuge`: the commands that play actions; :mod:`.choices` reads an ability's
  or reward's ``choice:``; :mod:`.produce` says how each legal action is typed with them.
- :mod:`.names`: every name form a player may type for survivors, zones, enemies, items and places.
- :mod:`.suggestions` and :mod:`.suggest_more`: autocomplete from the engine's ``legal()``.
- :mod:`.views`: private dashboards and the briefing; :mod:`.texts`: labels and the help page's intro.
- :mod:`.seat`: whose game, seat and turn it is.

Nothing here imports Discord.
"""
