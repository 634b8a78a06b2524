"""Starhost's performance bench: ``python -m bench``.

A script, not a test. It drives the real session service on a real SQLite file in
a temporary directory and prints each number against its target:

* per-action latency (``GameService.act`` = apply + persist) and throughput over many
  concurrent games,
* start-up time with many games stored,
* resident memory during the latency run,
* a bare ``sqlite3`` baseline committing the same bytes per action,
* board render timings and PNG sizes.
"""
