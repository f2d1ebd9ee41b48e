"""Leaving `mixmo join` in a real terminal (tmux): Ctrl+C mid-match, then yes, prints the
standings so far in the shell (it used to print nothing at all)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.tui.tmux import flat, join_in_terminal, kill, needs_tmux, tmux, wait_for

pytestmark = [needs_tmux, pytest.mark.slow]


def test_ctrl_c_mid_match_then_yes_prints_the_standings_so_far(tmp_path: Path, served: str) -> None:
    url = served
    ann, bob = f"mixmo-leave-ann-{os.getpid()}", f"mixmo-leave-bob-{os.getpid()}"
    try:
        new_room = ["--new", "--players", "2", "--name", "Ann", "--seed", "4"]
        join_in_terminal(ann, tmp_path / "ann", url, *new_room, keep_open=True)
        lobby = wait_for(ann, lambda s: "2. free" in s, timeout=30)
        assert "English · Classic · to 200 points" in lobby  # the room's settings
        match = re.search(r"room ([A-Z]{6})", lobby)
        assert match is not None, lobby
        join_in_terminal(
            bob, tmp_path / "bob", f"{url}/{match.group(1)}", "--name", "Bob", keep_open=True
        )
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
