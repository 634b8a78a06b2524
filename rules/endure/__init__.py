"""Endure the Stars (system id ``endure``): co-op survival on a zone map with radar tokens and noise.

Setup options: ``mission=CG00..P20`` (or ``scenario=``), ``campaign=terrible|fire|sentry|house``,
``survivors=N`` (more survivors than players: seats take them in turn), ``crew=medic-b+marine+...``.

Text notation (``format``/``parse``; several commands may be joined with ``;`` into one batch):
    move LAB-a [LAB-b ...]            attack LAB-a with pistol [kill jaeger swarmer] [object id] [step Z]
    search | keep [card] [drop card] | leave | discard card | equip card | use card [at Z]
    trade medic-a give pistol take med-kit   (another player's survivor must 'answer yes|no')
    interact [colour|id] | noise 2 | exit | loader enter|leave | reactivate | salvage 2
    ability active|crisis [target who] [at Z] [door A|B] [path Z Z] | reward [target who] [at Z] [kind k]
    end
    At the Refuge: recruit 1 captain-b | visit 0 quarters pick health | visit 0 trading-post take k give a b
    | vote stay|leave [route CG05]

Besides the GameSystem contract: :func:`content` (missions, campaigns, rules topics in
``content().topics``), :meth:`Endure.current` (the acting survivor) and ``render.endure.board``.
Bot seats play the careful player of :mod:`.ai` from their own view; :mod:`.words` gives actions
and the game's status in plain words and lists the names each survivor answers to.

Modules import bottom-up: state and content; geometry (the live board: doors, sight lines,
routes); world (items, Resolve, damage, spawning); words; following, bosses, casualties, specials,
sight (what comes into view); alarms (when a planned line must hand control back) and lines (the
shape of a ``;`` line); refuge, ending (won or lost), phases, campaign; checks_map and checks
(whether a command may be played, reading the state only), inventory and actions (playing it),
candidates (what to offer); ai_sense, ai; the engine.
"""

from rules.core import register

from .content import ContentError, board, content
from .engine import Endure

SYSTEM = register(Endure())

__all__ = ["SYSTEM", "ContentError", "Endure", "board", "content"]
