"""A throwaway PostgreSQL cluster for tests: a real server, no mocks.

``pg_cluster()`` runs ``initdb`` in a fresh temporary directory and ``pg_ctl start`` on a free
loopback port, once per test process, and removes it all at exit (even after failures). As root
(CI), every server command runs as an unprivileged user (``postgres`` if it exists, else
``nobody``), because PostgreSQL refuses to run as root. ``new_database()`` gives each test its own
empty database.

When PostgreSQL cannot be started the tests skip with the reason, unless ``STARHOST_REQUIRE_PG=1``
(set by ``.ci/run``): then they fail, so CI never passes by skipping them.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

REQUIRE_ENV = "STARHOST_REQUIRE_PG"
BIN_ENV = "STARHOST_PG_BIN"
SUPERUSER = "starhost"
SHARED_DB = "starhost_tests"


def find_bindir() -> Path | None:
    """Where initdb, pg_ctl and postgres live: $STARHOST_PG_BIN, Debian's newest, or PATH."""
    if os.environ.get(BIN_ENV):
        return Path(os.environ[BIN_ENV])
    debian = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: [int(n) for n in re.findall(r"\d+", p.parent.parent.name)],
    )
    if debian:
        return debian[-1].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _unprivileged_user() -> str | None:
    """The user to run the server as: None when we are not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise RuntimeError("running as root and neither a 'postgres' nor a 'nobody' user exists")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PgCluster:
    """One PostgreSQL server in its own temporary directory."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.user = _unprivileged_user()
        self.root = Path(tempfile.mkdtemp(prefix="starhost-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 0
        self._names = itertools.count(1)
        self._shared_created = False
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self.root.chmod(0o700)

    def _run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=self.root, check=False)

    def _check(self, result: subprocess.CompletedProcess[str], what: str) -> None:
        if result.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{what} failed ({result.returncode}): {result.stderr.strip()[-2000:]}\n{log}")

    def init(self) -> None:
        self._check(
            self._run(
                "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                "--no-sync", "--no-instructions", "--locale=C",
            ),
            "initdb",
        )  # fmt: skip

    def start(self) -> None:
        """Start on a free loopback port (a few tries: another process may take the port first)."""
        error: RuntimeError | None = None
        for _ in range(5):
            self.port = _free_port()
            try:
                self._pg_ctl_start()
                return
            except RuntimeError as exc:
                error = exc
        assert error is not None
        raise error

    def _pg_ctl_start(self) -> None:
        # fsync off: tests crash processes, not the machine (the page cache survives them);
        # synchronous_commit stays on, as the store requires.
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.root}"
            " -c fsync=off -c full_page_writes=off -c max_connections=200"
        )
        result = self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")
        self._check(result, "pg_ctl start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", timeout=60)

    def crash_and_restart(self) -> None:
        """Stop the server the way a crash would (immediate: no checkpoint), then start it: WAL recovery."""
        self._check(self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop"), "pg_ctl stop")
        self._pg_ctl_start()

    def remove(self) -> None:
        with contextlib.suppress(Exception):
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        command = [str(self.bindir / "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", self.url(database)]
        result = subprocess.run(
            [*command, "-c", sql],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        self._check(result, f"psql {sql[:40]!r}")
        return result.stdout

    def new_database(self) -> str:
        """The URL of a fresh, empty place for one test's tables.

        Each is a schema of its own in one shared database, chosen by ``search_path`` in the URL
        (asyncpg passes it to the server): as good as a database for the store, and created in
        milliseconds where CREATE DATABASE takes most of a second.
        """
        if not self._shared_created:
            self.psql(f"CREATE DATABASE {SHARED_DB}")
            self._shared_created = True
        name = f"t{os.getpid()}_{next(self._names)}"
        self.psql(f"CREATE SCHEMA {name}", SHARED_DB)
        return f"{self.url(SHARED_DB)}?search_path={name}"


_cluster: PgCluster | None = None
_failure: str | None = None


def _start() -> PgCluster:
    bindir = find_bindir()
    if bindir is None or not (bindir / "initdb").exists():
        raise RuntimeError(
            "PostgreSQL is not installed (no initdb; apt-get install postgresql, or set STARHOST_PG_BIN)"
        )
    cluster = PgCluster(bindir)
    atexit.register(cluster.remove)
    cluster.init()
    cluster.start()
    return cluster


def pg_cluster() -> PgCluster:
    """The test process's PostgreSQL server, started on first use; skip (or fail, if required) without one."""
    global _cluster, _failure
    if _cluster is None and _failure is None:
        try:
            _cluster = _start()
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            _failure = f"PostgreSQL test server unavailable: {exc}"
    if _cluster is None:
        assert _failure is not None
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{_failure} ({REQUIRE_ENV}=1)", pytrace=False)
        pytest.skip(_failure)
    return _cluster


def new_database() -> str:
    """A fresh database on the test server (skips or fails like :func:`pg_cluster`)."""
    return pg_cluster().new_database()
