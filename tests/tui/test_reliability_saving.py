"""Inside the game: a data folder that cannot be written
never stops play; the player is told once, plainly, where saving failed."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mixmo.data import storage
from mixmo.data.storage import load_game
from tests.tui.helpers import keys_for_rack, make_app, seed_where
from tests.tui.tmux import flat

SIZE = (120, 36)


def messages(app) -> list[str]:
    return [str(notification.message) for notification in app._notifications]


async def test_a_disk_that_fills_up_mid_game_is_told_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(seed=seed_where(2, bandit_first=False), save_path=path)
    real_replace = os.replace
    app.autosave()  # as `mixmo play` does before the screen is up

    def full(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        good = path.read_text()
        keys = keys_for_rack(app, 0)
        monkeypatch.setattr(storage.os, "replace", full)
        await pilot.press(*keys[:3])
        await pilot.pause()
        assert len(app.table.round.player(0).grid) == 3  # play went on
        failures = [m for m in messages(app) if m.startswith("Cannot save")]
        assert failures == [
            f"Cannot save the game to {path}: the disk is full. "
            "Play goes on, and saving is tried again after every move."
        ]
        assert path.read_text() == good  # the last good save is kept
        monkeypatch.setattr(storage.os, "replace", real_replace)
        await pilot.press(keys[3])
        await pilot.pause()
        assert f"The game is saved again to {path}." in messages(app)
        assert load_game(path).log == app.table.game.log  # the retry saved every move


async def test_a_data_folder_that_is_a_file_still_lets_the_game_start(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.write_text("a file, not a folder")
    app, _ = make_app(seed=seed_where(2, bandit_first=False), save_path=folder / "autosave.json")
    app.autosave()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys_for_rack(app, 0)[:2])
        await pilot.pause()
        assert len(app.table.round.player(0).grid) == 2
        said = [m for m in messages(app) if m.startswith("Cannot save")]
        assert len(said) == 1
        assert "a file stands where the folder should be" in said[0] and str(folder) in said[0]


@pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"), reason="no tmux")
def test_mixmo_play_with_a_data_folder_that_is_a_file_plays_and_says_so(tmp_path: Path) -> None:
    """A real process in a real terminal: the game starts, says why it cannot save, plays."""
    folder = tmp_path / "data"
    folder.write_text("a file, not a folder")
    session = f"mixmo-rofs-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={folder} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env {env} {sys.executable} -m mixmo play --seed 3 --names Ann,Bob"
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "160", "-y", "40", command],
                   check=True)  # fmt: skip
    try:
        deadline, screen = time.monotonic() + 20, ""
        while time.monotonic() < deadline and "Cannot save" not in screen:
            time.sleep(0.3)
            screen = subprocess.run(["tmux", "-L", session, "capture-pane", "-p", "-J", "-t", session],
                                    capture_output=True, text=True).stdout  # fmt: skip
        assert "Cannot save the game to" in screen and "Rack" in screen, screen
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], check=False)
    assert folder.read_text() == "a file, not a folder"


CRASHING_PLAY = """
import sys
from mixmo.tui import app

def crash(self) -> None:
    raise RuntimeError("a bug inside the interface")

app.MixmoApp.on_mount = crash
from mixmo.cli import main
main(["play", "--seed", "3", "--names", "Ann,Bob"])
"""


@pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"), reason="no tmux")
def test_a_crash_inside_the_game_exits_non_zero(tmp_path: Path) -> None:
    """Point 2: Textual prints a crash and returns; `mixmo play` must not then exit 0."""
    script, status = tmp_path / "crash.py", tmp_path / "status"
    script.write_text(CRASHING_PLAY)
    session = f"mixmo-crash-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"env {env} {sys.executable} {script}; echo $? > {status}"
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "100", "-y", "30", command],
                   check=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not status.exists():
            time.sleep(0.2)
        time.sleep(0.2)
        assert status.read_text().strip() == "1"
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], check=False)


@pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"), reason="no tmux")
def test_mixmo_play_on_a_read_only_disk_says_so_and_plays(tmp_path: Path) -> None:
    """Point 1 as it was found: the data folder on a read-only file system."""
    import re

    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,ro", "tmpfs", str(disk)],
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a read-only tmpfs here: {mounted.stderr.decode().strip()}")
    session = f"mixmo-erofs-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={disk}/mixmo MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env {env} {sys.executable} -m mixmo play --seed 3 --names Ann,Bob"
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "160", "-y", "40", command],
                   check=True)  # fmt: skip

    def screen() -> str:
        return subprocess.run(["tmux", "-L", session, "capture-pane", "-p", "-t", session],
                              capture_output=True, text=True).stdout  # fmt: skip

    def wait(predicate) -> str:
        deadline, shown = time.monotonic() + 20, ""
        while time.monotonic() < deadline:
            shown = screen()
            if predicate(shown):
                return shown
            time.sleep(0.3)
        raise AssertionError(shown)

    try:
        shown = wait(lambda s: "Cannot save the game to" in s and "Rack" in s)
        assert "read-only" in shown, shown
        rack = next(line for line in shown.splitlines() if "Rack" in line)
        letters = re.findall(r"\b([A-Z])\b", rack.split("Rack", 1)[1].split("Rack")[0])[:2]
        subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, *[c.lower() for c in letters]],
                       check=True)  # fmt: skip
        placed = " ".join(letters)
        wait(lambda s: any(placed in ln and "Rack" not in ln for ln in s.splitlines()))
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], check=False)
        subprocess.run(["umount", "-l", str(disk)], check=False)


def toast(screen: str) -> str:
    """A notice's words on one line: each of its lines is what follows its left bar, up
    to the border of the pane it lies over (the board and the rack show to its left)."""
    lines = [line.split("▌", 1)[1].rstrip(" │┃") for line in screen.splitlines() if "▌" in line]
    return flat("\n".join(lines))


@pytest.mark.skipif(shutil.which("tmux") is None and not os.environ.get("CI"), reason="no tmux")
def test_mixmo_play_on_a_disk_that_fills_up_keeps_playing_and_saving(tmp_path: Path) -> None:
    """Point 2 as it was found: a tiny disk fills up during play (it used to crash, exit 0)."""
    import re

    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)],
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    session = f"mixmo-enospc-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={disk} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env {env} {sys.executable} -m mixmo play --seed 3 --names Ann,Bob"
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "160", "-y", "40", command],
                   check=True)  # fmt: skip

    def screen() -> str:
        return subprocess.run(["tmux", "-L", session, "capture-pane", "-p", "-t", session],
                              capture_output=True, text=True).stdout  # fmt: skip

    def wait(predicate) -> str:
        deadline, shown = time.monotonic() + 20, ""
        while time.monotonic() < deadline:
            shown = screen()
            if predicate(shown):
                return shown
            time.sleep(0.3)
        raise AssertionError(shown)

    def press(*keys: str) -> None:
        subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, *keys], check=True)

    try:
        shown = wait(lambda s: "Rack" in s and (disk / "autosave.json").exists())
        rack = next(line for line in shown.splitlines() if "Rack" in line)
        letters = re.findall(r"\b([A-Z])\b", rack.split("Rack", 1)[1].split("Rack")[0])[:3]
        good = (disk / "autosave.json").read_text()
        filler = disk / "filler"
        # Fill the disk to the last byte (unbuffered: closing has nothing left to write).
        with contextlib.suppress(OSError), filler.open("wb", buffering=0) as file:
            while True:
                file.write(b"\0" * 4096)
        press(letters[0].lower())
        wait(lambda s: "Cannot save the game to" in toast(s) and "disk is full" in toast(s))
        assert (disk / "autosave.json").read_text() == good  # the last good save, kept
        press(letters[1].lower())  # play goes on
        wait(lambda s: " ".join(letters[:2]) in s)
        filler.unlink()
        press(letters[2].lower())
        wait(lambda s: "The game is saved again" in toast(s))
        from mixmo.data.storage import load_game

        assert len(load_game(disk / "autosave.json").log) == 3  # every move, saved on retry
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], check=False)
        subprocess.run(["umount", "-l", str(disk)], check=False)
