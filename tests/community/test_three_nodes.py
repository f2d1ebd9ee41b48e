"""Three `mixmo serve` nodes behind HAProxy (docs/community/haproxy.cfg), sharing
PostgreSQL and Redis: a rated match of two bot clients, signed in to their accounts,
goes on at another node when the node that plays it is killed (SIGKILL), with every
acknowledged action kept, both clients agreeing, and the rating and the archive
holding the result."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import psycopg
import pytest
import redis

from tests.community.services import missing
from tests.ports import free_port

DOCS = Path(__file__).resolve().parents[2] / "docs" / "community" / "haproxy.cfg"
LEASE = 2.0
T = TypeVar("T")


def mixmo(data: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mixmo", *args]


def environment(data: Path) -> dict[str, str]:
    return {**os.environ, "MIXMO_DATA_DIR": str(data), "MIXMO_CONFIG_DIR": str(data)}


def wait_until(predicate: Callable[[], T | None], timeout: float, what: str) -> T:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited {timeout} s for {what}")


def listening(port: int) -> bool:
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), 0.2):
            return True
    except OSError:
        return False


@dataclass
class Community:
    url: str
    """The load balancer's address: the only one players are given."""
    nodes: dict[int, subprocess.Popen[str]]
    """Each node's process, by its port."""
    database: str
    redis: redis.Redis
    community: str


@pytest.fixture
def community_server(
    tmp_path: Path, database: str, redis_address: str, community: str
) -> Iterator[Community]:
    if shutil.which("haproxy") is None:
        missing("HAProxy", "haproxy")
    ports = [free_port() for _ in range(3)]
    nodes: dict[int, subprocess.Popen[str]] = {}
    for number, port in enumerate(ports, start=1):
        command = [
            *mixmo(tmp_path, "serve"), "--port", str(port), "--data", str(tmp_path / f"node{number}"),
            "--database", database, "--redis", redis_address, "--community", community,
            "--lease", str(LEASE),
        ]  # fmt: skip
        log = (tmp_path / f"node{number}.log").open("w")
        nodes[port] = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, text=True, env=environment(tmp_path)
        )
    balancer = free_port()
    config = DOCS.read_text(encoding="utf-8").replace("127.0.0.1:8765", f"127.0.0.1:{balancer}")
    for number, port in enumerate(ports, start=1):
        config = config.replace(f"127.0.0.1:880{number}", f"127.0.0.1:{port}")
    (tmp_path / "haproxy.cfg").write_text(config, encoding="utf-8")
    proxy = subprocess.Popen(
        ["haproxy", "-db", "-f", str(tmp_path / "haproxy.cfg")],
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "haproxy.log").open("w"),
    )
    try:
        wait_until(lambda: all(listening(p) for p in [*ports, balancer]), 30, "the nodes")
        yield Community(
            f"ws://127.0.0.1:{balancer}",
            nodes,
            database,
            redis.Redis.from_url(redis_address, decode_responses=True),
            community,
        )
    finally:
        proxy.terminate()
        for process in nodes.values():
            process.terminate()
        for process in [proxy, *nodes.values()]:
            process.wait(10)


def run(data: Path, *args: str) -> str:
    done = subprocess.run(
        mixmo(data, *args), capture_output=True, text=True, env=environment(data), timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def logged(database: str, code: str) -> list[str]:
    with psycopg.connect(database) as db:
        rows = db.execute("SELECT action FROM actions WHERE code = %s ORDER BY n", (code,))
        return [text for (text,) in rows]


def moves_past(database: str, code: str, count: int) -> list[str] | None:
    """The room's log once it holds ``count`` actions."""
    log = logged(database, code)
    return log if len(log) >= count else None


def test_a_rated_match_outlives_the_node_that_played_it(
    tmp_path: Path, community_server: Community
) -> None:
    site = community_server
    ann, bob = tmp_path / "ann", tmp_path / "bob"
    run(ann, "account", "create", site.url, "Ann")
    run(bob, "account", "create", site.url, "Bob")

    bot = ["--bot", "normal", "--speed", "8"]
    first = subprocess.Popen(
        mixmo(ann, "join", site.url, "--new", "--rated", "--players", "2", "--rounds", "1", *bot),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(ann),
    )  # fmt: skip
    assert first.stdout is not None
    code = re.fullmatch(r"room ([A-Z]{6})\n", first.stdout.readline())[1]  # type: ignore[index]
    second = subprocess.Popen(
        mixmo(bob, "join", f"{site.url}/{code}", *bot),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(bob),
    )  # fmt: skip

    # Mid-match, the node that plays the room dies without a word.
    before = wait_until(lambda: moves_past(site.database, code, 30), 60, "30 moves")
    holder = site.redis.get(f"{site.community}:room:{code}")
    assert holder is not None
    port = int(holder.rsplit(":", 1)[1])
    site.nodes[port].send_signal(signal.SIGKILL)
    site.nodes[port].wait(10)

    outs = [process.communicate(timeout=240) for process in (first, second)]
    for process, (_out, err) in zip((first, second), outs, strict=True):
        assert process.returncode == 0, err
    standings = [out[out.index(" round(s)") :] for out, _err in outs]
    assert standings[0] == standings[1]  # both clients saw the same end
    assert "Ann" in standings[0] and "Bob" in standings[0]

    now = site.redis.get(f"{site.community}:room:{code}")
    assert now is None or not now.endswith(f":{port}")  # another node finished it
    with psycopg.connect(site.database) as db:
        archived = [
            text
            for (text,) in db.execute(
                "SELECT action FROM match_actions WHERE code = %s AND number = 1 ORDER BY n",
                (code,),
            )
        ]
    assert archived[: len(before)] == before  # nothing acknowledged was lost
    assert len(archived) > len(before)  # and the match went on elsewhere

    board = run(ann, "top", site.url)
    assert "Ann" in board and "Bob" in board
    assert code in run(ann, "replay", site.url)
