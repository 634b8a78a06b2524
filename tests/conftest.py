"""Shared test setup: hypothesis profiles, a pinned timezone, the test game registered."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

import tests.fixtures.pig  # noqa: F401  (registers the Pig test system)

# CI: small, repeatable, and no shrinking (a failure there must not eat the time budget;
# rerun it locally with the dev profile to get a minimal example).
settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    print_blob=True,
)
# The default: more examples than CI, and the same ones every run, so the README's test command
# gives the same answer on every machine, every time. To hunt for new failing examples, use
# ``explore`` (random examples, remembered in .hypothesis/) or ``deep``.
settings.register_profile("dev", max_examples=60, deadline=None, derandomize=True, database=None)
settings.register_profile("explore", max_examples=200, deadline=None)
settings.register_profile("deep", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
os.environ.setdefault("TZ", "UTC")


def pytest_sessionfinish(session: object, exitstatus: int) -> None:
    """Stop every SQLite worker thread a failed test left open.

    aiosqlite runs each connection in a thread that is not a daemon: a test that fails before closing
    its store would keep the process alive after the report, so a red run would hang instead of
    ending (seen when an assertion failed mid-test). Passing tests close their stores themselves.
    """
    import gc
    import warnings

    import aiosqlite

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for thing in gc.get_objects():
            if isinstance(thing, aiosqlite.Connection) and thing._thread.is_alive():
                thing.stop()
