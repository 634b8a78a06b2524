"""Starhost's performance bench: ``python -m bench`` (``./starhost bench``).

A script, not a test. For every registered game (and the toy ``pig`` as the floor), each in a
process of its own, it plays many games through the real table layer on a real SQLite file in a
temporary directory and measures what a player waits for:

* the act (``GameService.act``: apply + durable commit) and the bare ``sqlite3`` commit of the
  same bytes, one action at a time;
* the reply the table builds after an act, without the picture (narration, prompts, ``legal()``
  for the buttons and their labels);
* autocomplete answers (``/act``'s suggestions and the game's own options, where it declares them);
* the picture, drawn in a worker thread as the bot does, and the event loop's stalls meanwhile;
* all of it again under a paced arrival rate over many games and with every game acting at once
  (saturation), plus resident memory, start-up with many stored games and a whole random game.

It prints one table (measures by game), then the targets PASS/MISS for every game; the heaviest
game is the one that has to meet them. Modules: ``cli`` (arguments, one child per game), ``one``
(everything for one game), ``warm`` (mid-game starting states), ``driver`` (a player's turn),
``load`` (the three ways of playing), ``pictures``, ``suggest``, ``baseline``, ``startup``,
``simulate``, ``report``, ``stats``.
"""
