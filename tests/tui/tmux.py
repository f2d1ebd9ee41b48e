"""A real terminal for tests: tmux on a server of our own, send-keys to type, capture-pane to read."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ports import free_port

needs_tmux = pytest.mark.skipif(
    shutil.which("tmux") is None and not os.environ.get("CI"),
    reason="tmux is not installed (apt-get install tmux); CI installs it",
)

SOCKET = f"mixmo-tests-{os.getpid()}"
"""A tmux server of our own: sessions of other runs cannot change our window's size."""


SERVER_GOING = ("server exited unexpectedly", "lost server")
"""What tmux says when a command reaches our server as it stops (its last session has just
ended): a new session then needs a new server, a moment later."""


def tmux(*args: str) -> str:
    command = ["tmux", "-L", SOCKET, *args]
    for _attempt in range(20):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode == 0 or args[0] != "new-session":
            break
        if not any(going in done.stderr for going in SERVER_GOING):
            break
        time.sleep(0.1)
    done.check_returncode()
    return done.stdout


def alive(session: str) -> bool:
    command = ["tmux", "-L", SOCKET, "has-session", "-t", session]
    return subprocess.run(command, capture_output=True).returncode == 0


def kill(session: str) -> None:
    subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)


def screen_of(session: str) -> str:
    """What the session's terminal shows; empty once the program in it has ended (its
    session, and with the last session the tmux server, end with it)."""
    if not alive(session):
        return ""
    try:
        return tmux("capture-pane", "-p", "-t", session)
    except subprocess.CalledProcessError:
        if alive(session):
            raise
        return ""


def wait_for(session: str, predicate, timeout: float = 20.0) -> str:
    """The screen once ``predicate`` holds for it; fails with the last screen after ``timeout``."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = screen_of(session)
        if predicate(screen):
            return screen
        time.sleep(0.2)
    raise AssertionError(f"the screen never showed what was expected:\n{screen}")


def flat(screen: str) -> str:
    """The screen's words on one line: a sentence a dialog wraps reads whole."""
    return " ".join(screen.split())


def quit_the_game(session: str) -> None:
    """Ctrl+Q, then "y" to the quit question, as a player leaves: waits until mixmo has ended
    (or at least the question has gone)."""
    tmux("send-keys", "-t", session, "C-q")
    wait_for(session, lambda s: "Quit?" in flat(s))
    tmux("send-keys", "-t", session, "y")
    wait_for(session, lambda s: not s.strip() or "Quit?" not in flat(s))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`mixmo serve` in a process of its own, on a free loopback port, with its data in
    ``tmp_path/srv``: its ws:// address; stopped after the test."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mixmo", "serve", "--port", str(port), "--data", str(tmp_path / "srv")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith("mixmo server on ws://127.0.0.1:")
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(10)


def join_in_terminal(
    session: str, data: Path, *args: str, size: tuple[int, int] = (100, 30), keep_open: bool = False
) -> None:
    """`mixmo join ARGS` in a terminal of its own (``size``: columns, lines), with its own data
    and config folder ``data``. With ``keep_open`` the terminal stays once mixmo has ended
    (the shell prints "mixmo-ended": its last lines can be read)."""
    env = f"MIXMO_DATA_DIR={data} MIXMO_CONFIG_DIR={data}"
    join = f"env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo join {' '.join(args)}"
    command = f"{join}; echo mixmo-ended; sleep 600" if keep_open else f"exec {join}"
    tmux("new-session", "-d", "-s", session, "-x", str(size[0]), "-y", str(size[1]), command)
