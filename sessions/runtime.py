"""Process settings for a long-running bot: fewer and shorter garbage-collection pauses, and memory
that pictures borrow given back.

A turn allocates many short-lived objects (copied states, events, buttons), and every loaded game is a
large tree of long-lived ones. With CPython's default thresholds the collector often walks all of them,
a pause of several milliseconds in the middle of someone's turn. Once start-up is done, what was
loaded then (modules, game content, fonts) is frozen out of the collector's walks, and the young
generation is collected less often. Reference counting still frees almost everything at once; the
collector is only for cycles.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc

THRESHOLDS = (20_000, 50, 100)
"""Allocations before a young collection, and young (then middle) collections before an older one."""


def settle_after_start_up() -> None:
    """Freeze what start-up loaded and space the collections out (call once, before serving)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
"""glibc's mallopt parameters."""

LARGE_BLOCK = 1 << 20
"""Blocks from this size up are mapped for themselves and given back to the system once freed."""


def give_back_large_blocks() -> bool:
    """Keep glibc from holding on to what pictures borrowed (call first thing, before any thread).

    A board is drawn in a worker thread: several images of a few MB each. glibc would raise its
    threshold for mapping big blocks after the first ones are freed and then keep later ones in the
    thread's own heap for good (tens of MB for a bot that draws all day). A fixed threshold hands each
    big block back as soon as it is freed, and two heaps are enough for the event loop and the drawing
    thread. False where the C library is not glibc (nothing changes there).
    """
    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)) and bool(mallopt(M_ARENA_MAX, 2))
