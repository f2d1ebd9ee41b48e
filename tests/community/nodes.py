"""Three `mixmo serve` nodes of one community server behind HAProxy, run as processes
on loopback (docs/community/haproxy.cfg itself, its ports changed), for the tests that
play through them as people and bot clients do."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
import redis

from tests.community.services import missing
from tests.ports import free_port

DOCS = Path(__file__).resolve().parents[2] / "docs" / "community" / "haproxy.cfg"
LEASE = 2.0
"""Seconds a dead node keeps its rooms in these tests (the default is 10)."""
T = TypeVar("T")


def mixmo(data: Path, *args: str) -> list[str]:
    """The command line of `mixmo ARGS` (run with ``environment(data)``)."""
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


def healthy(port: int) -> bool:
    """Whether ``GET /healthz`` at this port answers 200: a node that serves, or a
    balancer that has a node marked up (it answers 503 until its first good check)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as answer:
            return bool(answer.status == 200)
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
    """Three nodes and HAProxy in front of them; stopped after the test."""
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
    proxy: subprocess.Popen[bytes] | None = None
    try:
        # HAProxy starts once the nodes answer, so its first checks find them up; until
        # then it marks them down and refuses players for a check interval or two.
        wait_until(lambda: all(healthy(port) for port in ports), 30, "the nodes")
        balancer = free_port()
        proxy = balance(tmp_path, balancer, ports)
        wait_until(lambda: healthy(balancer), 30, "the balancer to have a node up")
        yield Community(
            f"ws://127.0.0.1:{balancer}",
            nodes,
            database,
            redis.Redis.from_url(redis_address, decode_responses=True),
            community,
        )
    finally:
        processes = [*nodes.values(), *([proxy] if proxy else [])]
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(10)


def balance(folder: Path, port: int, nodes: list[int]) -> subprocess.Popen[bytes]:
    """HAProxy at `port` in front of `nodes`, with docs/community/haproxy.cfg."""
    config = DOCS.read_text(encoding="utf-8").replace("127.0.0.1:8765", f"127.0.0.1:{port}")
    for number, node in enumerate(nodes, start=1):
        config = config.replace(f"127.0.0.1:880{number}", f"127.0.0.1:{node}")
    (folder / "haproxy.cfg").write_text(config, encoding="utf-8")
    return subprocess.Popen(
        ["haproxy", "-db", "-f", str(folder / "haproxy.cfg")],
        stdout=subprocess.DEVNULL,
        stderr=(folder / "haproxy.log").open("w"),
    )
