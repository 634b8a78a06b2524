"""Quasar Search at the table: the ``/quasar`` commands, for Discord and the console alike.

- :mod:`.commands`: the command table (registered at import; ``table.spec.load_all`` finds it).
- :mod:`.play`: the commands that play decisions; :mod:`.produce` says how each legal action is typed.
- :mod:`.names`: card, zone and player names as players type them.
- :mod:`.suggest`: autocomplete from the engine's ``legal()`` for the asking seat.
- :mod:`.views`: the private hand (text and picture), card texts, zones and the mission briefing.
- :mod:`.seat`: whose game and seat it is.

Secret choices (the Confrontation commit, the Rank Card pick) name a hand card by its place in
the asker's own hand, so the public board and log never show a card before it is revealed.
Nothing here imports Discord.
"""
