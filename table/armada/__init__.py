"""Deep Space D-6: Armada at the table: the ``/armada`` commands, for Discord and the console alike.

- :mod:`.commands`: the command table (registered at import; ``table.spec.load_all`` finds it).
- :mod:`.play`: the commands that play actions; :mod:`.produce` says how each legal action is typed
  with them (one command per action type).
- :mod:`.names`: every name form a captain may type for planets, captains, modules, heroes, dice,
  fleets, beacons and stations.
- :mod:`.suggestions`: autocomplete from the engine's ``legal()``; :mod:`.labels`: how things read there.
- :mod:`.views`: private views (ship, fleets, events, map, moves); :mod:`.texts`: the help page's
  intro and "your move".
- :mod:`.seat`: whose game and seat it is.

Nothing here imports Discord.
"""
