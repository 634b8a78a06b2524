"""Grimdark Future Star Quest (system id ``grimdark``): co-op skirmish of 2-4 heroes against an AI flowchart.

Scenarios: ``ashfall`` (the narrative campaign, default), ``builder`` (endless drawn missions) or one
mission (``landing``, ``vault``, ``relay``, ``hunt``, ``throne``). Options: ``heroes=3`` or
``heroes=kessa+orrin+ash``, ``table=full|half`` and the house rules (see :data:`HOUSE`).

Text notation (``format``/``parse``; several commands joined with ``;`` make one compound command):
    advance kessa to=F12 shoot=S1 [jump=yes] [limited=yes] | rush kessa to=F12 | hold kessa shoot=S1
    charge ash target=B1 [to=K20] | rest kessa | start kessa | done kessa
    skill orrin skill=patch-up target=kessa | cast ysolde spell=psy-bolt target=S1 [boost=1]
    use orrin item=medkit target=kessa | give kessa item=stim-pack to=ash | take ash item=data-core from=kessa
    revive orrin target=kessa | arrive rook to=C20 | deploy rook to=P44 | deploy rook to=reserve | ready
    train kessa advance=power | train kessa advance=skill skill=sprint | policy kessa key=tests value=always

Besides the GameSystem contract: :func:`content` (all data, rules topics in ``content().topics``) and
``render.grimdark.board``.
"""

from rules.core import register

from .content import ContentError, content
from .engine import HOUSE, Grimdark

SYSTEM = register(Grimdark())

__all__ = ["HOUSE", "SYSTEM", "ContentError", "Grimdark", "content"]
