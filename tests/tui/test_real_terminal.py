"""`mixmo play` in a real terminal: tmux runs it, send-keys types, capture-pane reads the screen."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

from tests.tui.helpers import known_players
from tests.tui.tmux import alive, kill, needs_tmux, tmux, wait_for

pytestmark = needs_tmux


def start(session: str, tmp_path: Path, *args: str) -> None:
    known_players(tmp_path)
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play {' '.join(args)}"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)


def test_a_game_killed_with_sigkill_resumes_where_it_was(tmp_path: Path) -> None:
    session = f"mixmo-kill-{os.getpid()}"
    start(session, tmp_path, "--seed", "3", "--names", "Ann,Bob", "--light")
    try:
        screen = wait_for(session, lambda s: "Rack" in s and "1. Ann" in s)
        rack_line = next(line for line in screen.splitlines() if "Rack" in line)
        letters = [c for c in rack_line.split("Rack", 1)[1].split("Rack")[0].split() if c.isalpha()]
        word = letters[:2]
        tmux("send-keys", "-t", session, *[c.lower() for c in word])
        shown = " ".join(word)
        wait_for(session, lambda s: any(shown in ln and "Rack" not in ln for ln in s.splitlines()))
        pid = int(tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip())
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and alive(session):
            time.sleep(0.2)
    finally:
        kill(session)
    resumed = f"{session}-again"
    start(resumed, tmp_path, "--resume")
    pattern = re.compile(".".join(word))  # the cursor may sit between the letters
    try:
        wait_for(
            resumed, lambda s: any(pattern.search(ln) and "Rack" not in ln for ln in s.splitlines())
        )
    finally:
        kill(resumed)


def test_play_places_a_word_and_quits_in_a_real_terminal(tmp_path: Path) -> None:
    session = f"mixmo-test-{os.getpid()}"
    known_players(tmp_path)
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"{env} {sys.executable} -m mixmo play --seed 3 --names Ann,Bob"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen = wait_for(session, lambda s: "Rack" in s and "1. Ann" in s)
        rack_line = next(line for line in screen.splitlines() if "Rack" in line)
        letters = re.findall(r"\b([A-Z?!])\b", rack_line.split("Rack", 1)[1].split("Rack")[0])
        word = [c for c in letters if c.isalpha()][:3]
        tmux("send-keys", "-t", session, *[c.lower() for c in word])
        shown = " ".join(word)

        def on_the_board(screen: str) -> bool:
            return any(shown in line and "Rack" not in line for line in screen.splitlines())

        screen = wait_for(session, on_the_board)
        assert "1 word " in screen and "1 words" not in screen
        tmux("send-keys", "-t", session, "C-q")
        wait_for(session, lambda s: "Quit?" in s)
        tmux("send-keys", "-t", session, "y")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and alive(session):
            time.sleep(0.2)
        assert not alive(session), "mixmo did not quit"
    finally:
        kill(session)
    saved = (tmp_path / "autosave.json").read_text()
    assert '"kind":"place"' in saved.replace(" ", "")


def test_a_first_game_suggests_the_tutorial_and_later_ones_do_not(tmp_path: Path) -> None:
    session = f"mixmo-first-{os.getpid()}"
    start(session, tmp_path, "--seed", "3")
    try:
        screen = wait_for(session, lambda s: "Rack" in s)
        assert "New to Mixmo? Quit and try `mixmo tutorial`" in screen
    finally:
        kill(session)
    again = f"{session}-again"
    start(again, tmp_path, "--resume")
    try:
        screen = wait_for(again, lambda s: "Rack" in s)
        assert "mixmo tutorial" not in screen
    finally:
        kill(again)
