"""A real game server, a room in it, `mixmo web` in front of it, and a headless Chromium.

Everything listens on a free loopback port and lives in the test's tmp folder;
the processes are stopped by their process ids when the test ends.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.web.browser import chromium_path

MIXMO = [sys.executable, "-m", "mixmo"]


@dataclass
class Started:
    """A process started by a test, the first line it printed and the lines since."""

    process: subprocess.Popen[str]
    first_line: str
    lines: list[str] = field(default_factory=list)

    def follow(self) -> None:
        """Keep reading its output on a thread (so its pipe never fills up)."""
        stream = self.process.stdout
        assert stream is not None
        threading.Thread(target=lambda: self.lines.extend(stream), daemon=True).start()

    def wait_for_line(self, wanted: str, timeout: float = 60) -> str:
        """The first line since the first that holds ``wanted``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if wanted in line:
                    return line.strip()
            time.sleep(0.1)
        raise AssertionError(f"never printed {wanted!r}; printed {self.lines!r}")

    def interrupt(self, timeout: float = 20) -> int:
        """Ctrl+C, as a user stops it; its exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout)


def start(argv: list[str], env: dict[str, str], log: Path) -> Started:
    """Start ``argv`` and read its first line of output (its address, its room code)."""
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=log.open("a"), text=True, env=env,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline().strip()
    if not first:
        process.wait(10)
        raise AssertionError(f"{argv[3:]} printed nothing; exit {process.returncode}: "
                             f"{log.read_text()[-2000:]}")  # fmt: skip
    started = Started(process, first)
    started.follow()
    return started


@pytest.fixture
def environment(tmp_path: Path) -> dict[str, str]:
    """The environment of every process of the test: its own data folder, English messages."""
    return {**os.environ, "MIXMO_DATA_DIR": str(tmp_path / "data"), "LANGUAGE": "en"}


@pytest.fixture
def processes() -> Iterator[list[Started]]:
    """Processes to stop (by pid) when the test ends, whatever happened."""
    started: list[Started] = []
    yield started
    for item in reversed(started):
        if item.process.poll() is None:
            item.process.send_signal(signal.SIGINT)  # `mixmo web` then ends its visitors
            try:
                item.process.wait(10)
            except subprocess.TimeoutExpired:
                item.process.kill()
                item.process.wait(10)


@pytest.fixture
def game_server(tmp_path: Path, environment: dict[str, str], processes: list[Started]) -> str:
    """``mixmo serve`` on a free loopback port; its ws:// address."""
    server = start([*MIXMO, "serve", "--port", "0", "--data", str(tmp_path / "server")],
                   environment, tmp_path / "serve.log")  # fmt: skip
    processes.append(server)
    assert server.first_line.startswith("mixmo server on ws://127.0.0.1:")
    return server.first_line.removeprefix("mixmo server on ")


def open_room(
    url: str, environment: dict[str, str], processes: list[Started], log: Path, *extra: str
) -> str:
    """A two-seat room whose first seat an easy bot client takes; its code."""
    bot = start([*MIXMO, "join", url, "--new", "--players", "2", "--bot", "easy",
                 "--name", "Bot", *extra], environment, log)  # fmt: skip
    processes.append(bot)
    kind, code = bot.first_line.split()
    assert kind == "room"
    return code


def serve_web(
    room_url: str, environment: dict[str, str], processes: list[Started], log: Path
) -> str:
    """``mixmo web ROOM_URL`` on a free loopback port; its http:// address."""
    web = start([*MIXMO, "web", room_url, "--port", "0"], environment, log)
    processes.append(web)
    assert web.first_line.startswith("mixmo web on http://127.0.0.1:"), web.first_line
    return web.first_line.removeprefix("mixmo web on ")


@pytest.fixture
def chromium() -> str:
    """Debian's chromium; a test needing it is skipped where it is missing (never in CI)."""
    found = chromium_path()
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI installs chromium (.ci/run) but it is not on PATH")
        pytest.skip("no chromium on this machine: apt-get install chromium")
    return found
