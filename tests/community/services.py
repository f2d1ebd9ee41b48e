"""Throw-away PostgreSQL and Redis servers for the community server's tests.

`.ci/run` starts one of each from the distribution's packages and names them in
``MIXMO_TEST_POSTGRES`` and ``MIXMO_TEST_REDIS``. Without those, the tests start their
own (the packages ``postgresql`` and ``redis-server`` installed: `apt-get install`),
in a temporary folder, on free loopback ports; on a machine without them the tests are
skipped, as the tmux and browser tests are, except in CI (``CI`` set), which installs
them. Each test gets a database and a Redis key prefix of its own, so tests in parallel
never see each other's rooms.
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tests.ports import free_port

MISSING = "{what} is not installed: apt-get install {package}{or_named}"


def missing(what: str, package: str, variable: str = "") -> NoReturn:
    """Skip the test on a machine without ``package`` (as the tmux and browser tests do);
    fail it in CI, which installs it (`.ci/run`)."""
    or_named = f" (or name a running one in {variable})" if variable else ""
    said = MISSING.format(what=what, package=package, or_named=or_named)
    if os.environ.get("CI"):
        pytest.fail(said)
    pytest.skip(said)


def _as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run its programs as ``postgres``."""
    if os.geteuid() != 0:
        return command
    return ["su", "postgres", "-c", " ".join(f"'{part}'" for part in command)]


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A PostgreSQL server of its own for this test session: the address of its
    ``postgres`` database."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        missing("PostgreSQL", "postgresql", "MIXMO_TEST_POSTGRES")
    bin_dir = Path(found[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="mixmo-pg-"))
    folder.chmod(0o777)  # the postgres user writes there
    port = free_port()
    data = folder / "data"
    subprocess.run(
        _as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    ctl = [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w"]
    subprocess.run(_as_postgres([*ctl, "-o", options, "start"]), check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([*ctl, "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A Redis server of its own for this test session: its address."""
    program = shutil.which("redis-server")
    if program is None:
        missing("Redis", "redis-server", "MIXMO_TEST_REDIS")
    port = free_port()
    process = subprocess.Popen(
        [program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


@contextlib.contextmanager
def fresh_database(server: str) -> Iterator[str]:
    """A new, empty database on the PostgreSQL server whose ``postgres`` database is
    ``server``: its address; dropped afterwards."""
    import psycopg

    name = f"mixmo_test_{secrets.token_hex(6)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield server.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
