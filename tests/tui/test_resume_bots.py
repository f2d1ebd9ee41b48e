"""A game against bots resumes with its bots: the save says which seats bots play, at what level.

Played as a player does: `mixmo play` in a real terminal (tmux), killed with SIGKILL, resumed.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

from tests.tui.helpers import known_players
from tests.tui.tmux import alive, kill, needs_tmux, tmux, wait_for

pytestmark = needs_tmux


def start(session: str, folder: Path, *args: str) -> None:
    known_players(folder)
    env = f"MIXMO_DATA_DIR={folder} MIXMO_CONFIG_DIR={folder}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play {' '.join(args)}"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", command)


def saved(folder: Path) -> dict:
    try:
        return json.loads((folder / "autosave.json").read_text())
    except (OSError, ValueError):  # not written yet
        return {}


def moves_of(folder: Path, seat: int) -> int:
    return sum(1 for action in saved(folder).get("actions", []) if action["seat"] == seat)


def wait_until(predicate, timeout: float = 40.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.25)
    raise AssertionError("timed out")


def kill_9(session: str) -> None:
    pid = int(tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip())
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and alive(session):
        time.sleep(0.2)
    kill(session)


def a_game_against_a_bot_killed_mid_round(folder: Path, session: str) -> int:
    """`--bots 1 --level expert`: the bot plays a few tiles, then the process is killed;
    how many moves the bot had made."""
    start(
        session, folder, "--bots", "1", "--level", "expert", "--names", "Ann,Robo", "--seed", "21"
    )
    try:
        wait_for(session, lambda s: "Rack" in s)
        wait_until(lambda: moves_of(folder, 1) >= 2)
    finally:
        kill_9(session)
    return moves_of(folder, 1)


def test_the_save_of_a_game_against_bots_names_the_bot_seats_and_levels(tmp_path: Path) -> None:
    a_game_against_a_bot_killed_mid_round(tmp_path, f"mixmo-bots-save-{os.getpid()}")
    assert saved(tmp_path)["bots"] == [{"seat": 1, "level": "expert"}]


def test_a_resumed_game_against_a_bot_brings_the_bot_back(tmp_path: Path) -> None:
    session = f"mixmo-bots-resume-{os.getpid()}"
    before = a_game_against_a_bot_killed_mid_round(tmp_path, session)
    start(f"{session}-again", tmp_path, "--resume")
    try:
        wait_until(lambda: moves_of(tmp_path, 1) > before)  # Robo plays on by itself
        assert moves_of(tmp_path, 0) == 0  # and Ann's seat is still hers alone
        assert saved(tmp_path)["bots"] == [{"seat": 1, "level": "expert"}]
    finally:
        kill(f"{session}-again")


def test_resuming_at_the_question_keeps_the_saved_seats_whatever_bots_are_asked(
    tmp_path: Path,
) -> None:
    session = f"mixmo-bots-answer-{os.getpid()}"
    before = a_game_against_a_bot_killed_mid_round(tmp_path, session)
    again = f"{session}-again"
    start(again, tmp_path, "--bots", "2", "--level", "expert")
    try:
        wait_for(again, lambda s: "[r] resume it" in s)
        tmux("send-keys", "-t", again, "r", "Enter")
        screen = wait_for(again, lambda s: "Rack" in s)
        wait_until(lambda: moves_of(tmp_path, 1) > before + 2)
        assert moves_of(tmp_path, 0) == 0  # no bot took Ann's seat
        screen = wait_for(again, lambda s: "not used" in s)
        assert "--bots, --level not used" in screen
    finally:
        kill(again)
