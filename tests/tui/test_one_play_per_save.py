"""One `mixmo play` at a time on a save: a second one, started while the first
plays, refuses in one line naming the first (exit 2) and never touches its game; a first
one killed with SIGKILL does not block the next start (the kernel drops its lock)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from mixmo.data.storage import hold_save, lock_path, release_save
from tests.tui.helpers import known_players
from tests.tui.tmux import alive, kill, needs_tmux, tmux, wait_for


def start(session: str, data: Path, *args: str) -> int:
    """``mixmo play`` in a terminal of its own; its process id."""
    known_players(data)
    env = f"MIXMO_DATA_DIR={data} MIXMO_CONFIG_DIR={data}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play {' '.join(args)}"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    return int(tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip())


def second_play(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MIXMO_DATA_DIR": str(data), "MIXMO_CONFIG_DIR": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "mixmo", "play", *args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def saved_names(data: Path) -> list[str]:
    return json.loads((data / "autosave.json").read_text())["options"]["players"]


@needs_tmux
def test_a_second_play_on_the_same_save_refuses_and_a_killed_first_does_not_block(
    tmp_path: Path,
) -> None:
    first = f"mixmo-first-{os.getpid()}"
    pid = start(first, tmp_path, "--seed", "9", "--names", "Ann,Bob")
    try:
        wait_for(first, lambda s: "Rack" in s and "1. Ann" in s)
        second = second_play(tmp_path, "--seed", "33", "--names", "Cat,Dan")
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert f"another mixmo play is running with this save (pid {pid}," in lines[0]
        assert "quit it first" in lines[0] and "MIXMO_DATA_DIR" in lines[0]
        assert saved_names(tmp_path) == ["Ann", "Bob"], "the first game's save is untouched"
        assert not (tmp_path / "autosave.previous.json").exists(), "nothing moved aside"
        resume = second_play(tmp_path, "--resume")
        assert resume.returncode == 2 and "another mixmo play is running" in resume.stderr
        os.kill(pid, signal.SIGKILL)  # the first dies without a word: its lock goes with it
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and alive(first):
            time.sleep(0.2)
    finally:
        kill(first)
    again = f"{first}-again"
    start(again, tmp_path, "--resume")
    try:
        wait_for(again, lambda s: "Rack" in s and "1. Ann" in s)
    finally:
        kill(again)


def test_a_folder_that_cannot_hold_a_lock_plays_as_before(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    assert hold_save(tmp_path / "a-file" / "autosave.json") is None, "saving will say why"


def test_the_lock_names_the_process_and_is_let_go(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    assert hold_save(path) is None
    try:
        assert lock_path(path).read_text().strip() == str(os.getpid())
        code = (
            "import sys; from pathlib import Path; from mixmo.data.storage import hold_save; "
            "print(hold_save(Path(sys.argv[1])))"
        )
        other = subprocess.run(
            [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
        )
        assert other.stdout.strip() == str(os.getpid()), "another process is refused"
    finally:
        release_save(path)
    free = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    )
    assert free.stdout.strip() == "None", "once let go, the next process holds it"


@needs_tmux
def test_a_second_mixup_on_the_same_save_refuses_in_one_line(tmp_path: Path) -> None:
    session = f"mixmo-mixup-{os.getpid()}"
    known_players(tmp_path)
    env = f"MIXMO_DATA_DIR={tmp_path}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo mixup --names Ann,Bob"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "26", command)
    pid = int(tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip())
    try:
        wait_for(session, lambda s: "to move" in s)
        second = subprocess.run(
            [sys.executable, "-m", "mixmo", "mixup", "--names", "Cat,Dan"],
            env={**os.environ, "MIXMO_DATA_DIR": str(tmp_path)},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        kill(session)
    assert second.returncode == 2
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1, second.stderr
    assert f"another mixmo mixup is running with this save (pid {pid}," in lines[0]
    assert "--save-file" in lines[0]
