"""Leaving `mixmo join` in a real terminal (tmux): Ctrl+C mid-match, then yes, prints the
standings so far in the shell (it used to print nothing at all)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tui.tmux import flat, kill, needs_tmux, tmux, wait_for

pytestmark = [needs_tmux, pytest.mark.slow]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _join(session: str, data: Path, *args: str) -> None:
    """`mixmo join ARGS` in a terminal of its own, which stays open once mixmo has ended (the
    shell's last lines can be read)."""
    env = f"MIXMO_DATA_DIR={data} MIXMO_CONFIG_DIR={data}"
    command = (
        f"env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo join {' '.join(args)};"
        " echo mixmo-ended; sleep 600"
    )
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", command)


def test_ctrl_c_mid_match_then_yes_prints_the_standings_so_far(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mixmo", "serve", "--port", str(port), "--data", str(tmp_path / "srv")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    ann, bob = f"mixmo-leave-ann-{os.getpid()}", f"mixmo-leave-bob-{os.getpid()}"
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith("mixmo server on ws://127.0.0.1:")
        url = f"ws://127.0.0.1:{port}"
        _join(ann, tmp_path / "ann", url, "--new", "--players", "2", "--name", "Ann", "--seed", "4")
        lobby = wait_for(ann, lambda s: "2. free" in s, timeout=30)
        assert "English · Classic · to 200 points" in lobby  # the room's settings
        match = re.search(r"room ([A-Z]{6})", lobby)
        assert match is not None, lobby
        _join(bob, tmp_path / "bob", f"{url}/{match.group(1)}", "--name", "Bob")
        wait_for(bob, lambda s: "Rack" in s and "1. Ann" in s and "2. Bob" in s, 30)
        tmux("send-keys", "-t", bob, "C-c")
        wait_for(bob, lambda s: "Leave the table?" in flat(s), 30)
        tmux("send-keys", "-t", bob, "y")
        shell = wait_for(bob, lambda s: "mixmo-ended" in s, 30)
        assert "Standings so far (round 1):" in shell
        assert "1. Ann  0 points  0 rounds won" in shell
        assert "2. Bob  0 points  0 rounds won" in shell
    finally:
        kill(ann)
        kill(bob)
        server.terminate()
        server.wait(10)
