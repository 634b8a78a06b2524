"""The bot's process settings: start-up objects frozen out of the collector, collections spaced out."""

from __future__ import annotations

import gc

from sessions.runtime import THRESHOLDS, settle_after_start_up


def test_settle_freezes_start_up_and_spaces_collections() -> None:
    before = gc.get_threshold()
    try:
        settle_after_start_up()
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 0
        garbage = [[]]
        garbage[0].append(garbage)  # a cycle made after start-up is still collected
        del garbage
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_big_blocks_are_given_back_on_glibc() -> None:
    import platform

    from sessions.runtime import give_back_large_blocks

    done = give_back_large_blocks()
    if platform.libc_ver()[0] == "glibc":
        assert done


def test_warm_up_builds_what_games_need_before_any_turn() -> None:
    from rules.core import registry
    from rules.grimdark import paths
    from rules.grimdark.content import content

    for system in registry.all_systems():
        system.warm_up()  # every system has it (most have nothing to build)
    tables = len(content().layouts) * 2 * 2  # layouts x table sizes x climbing rules
    assert paths.walk_edges.cache_info().currsize >= tables
    before = paths.walk_edges.cache_info().misses
    registry.get("grimdark").warm_up()
    assert paths.walk_edges.cache_info().misses == before, "built once per process"
