"""Process settings for a long-running bot: fewer and shorter garbage-collection pauses.

A turn allocates many short-lived objects (copied states, events, buttons), and every loaded game is a
large tree of long-lived ones. With CPython's default thresholds the collector often walks all of them,
a pause of several milliseconds in the middle of someone's turn. Once start-up is done, what was
loaded then (modules, game content, fonts) is frozen out of the collector's walks, and the young
generation is collected less often. Reference counting still frees almost everything at once; the
collector is only for cycles.
"""

from __future__ import annotations

import gc

THRESHOLDS = (20_000, 50, 100)
"""Allocations before a young collection, and young (then middle) collections before an older one."""


def settle_after_start_up() -> None:
    """Freeze what start-up loaded and space the collections out (call once, before serving)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
