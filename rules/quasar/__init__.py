"""Quasar Search ("Space Game", system id ``quasar``): a co-op deck-builder of Missions, Acts and Challenges.

Setup options: ``mission=first-light|silent-running|quasar`` (or ``scenario=``), ``factions=helix+wardens``.

Text notation (``format``/``parse``; several commands may be joined with ``;``):
    rank 2 (your second unused Rank Card) | commit 1 [3] (hand positions) | stall
    use trim raid 2 (Shift raid +2) | use reactor | pass | boon glory|lesson|project|<card>
    draw deck | draw warp relay | discard raid | pay energy | pay raid | scan signal-lock [order ...]
    order 2 1 3 | remove lis discard | gain prize-crew | ready | drop 1

Content (factions, cards, missions, numbers, rules topics) lives in data/quasar/ and is checked
at load: :func:`content`. The effect language is described in :mod:`rules.quasar.effects`.
"""

from rules.core import register

from .content import ContentError, content
from .engine import Quasar

SYSTEM = register(Quasar())

__all__ = ["SYSTEM", "ContentError", "Quasar", "content"]
