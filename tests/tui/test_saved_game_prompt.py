"""A new `mixmo play` never replaces an unfinished saved game without asking."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from mixmo.data.storage import save_game
from mixmo.engine import actions as act
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from tests.tui.helpers import known_players
from tests.tui.tmux import alive, kill, needs_tmux, tmux, wait_for


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path))
    return tmp_path


def saved_match(folder: Path, moves: int = 3) -> Path:
    """An unfinished match with a few tiles placed, saved where `mixmo play` looks."""
    for seed in range(50):
        game = Game(MatchOptions(players=("Ann", "Bob"), seed=seed))
        if game.phase.value == "playing":
            break
    for col, tile in enumerate(game.round.player(0).rack[:moves]):
        game.apply(act.PlaceTile(seat=0, row=0, col=col, symbol=tile.symbol))
    return save_game(game, folder / "autosave.json")


def test_quitting_at_the_question_leaves_the_save_untouched(mixmo, data) -> None:
    save = saved_match(data)
    before = save.read_bytes()
    run = mixmo("play", "--seed", "1", stdin="q\n")
    assert run.code == 0
    assert "An unfinished game is saved: round 1, Ann 0, Bob 0 (3 moves)." in run.out
    assert "[r] resume it, [n] start a new game" in run.out
    assert "left as it was" in run.out
    assert save.read_bytes() == before
    assert not (data / "autosave.previous.json").exists()


def test_no_answer_is_no_replacement(mixmo, data) -> None:
    save = saved_match(data)
    before = save.read_bytes()
    run = mixmo("play", "--seed", "1", stdin="")
    assert run.code == 2 and "no answer: the saved game is left as it was" in run.err
    assert save.read_bytes() == before


def test_a_save_that_cannot_be_resumed_is_kept_too(mixmo, data) -> None:
    save = data / "autosave.json"
    save.write_text('{"format": "mixmo-game", "version": 1, "options": {}}')
    run = mixmo("play", "--seed", "1", stdin="q\n")
    assert run.code == 0
    assert "A saved game cannot be resumed:" in run.out and "[n] start a new game" in run.out
    assert save.read_text().startswith('{"format"')


tmux_only = needs_tmux


def start(session: str, folder: Path, *args: str) -> None:
    known_players(folder)
    env = f"MIXMO_DATA_DIR={folder} MIXMO_CONFIG_DIR={folder}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play {' '.join(args)}"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", command)


def gone(session: str, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive(session):
            return True
        time.sleep(0.2)
    return False


@tmux_only
def test_in_a_terminal_a_new_game_asks_and_resume_or_start_anew_keep_the_old_save(
    tmp_path: Path,
) -> None:
    session = f"mixmo-prompt-{os.getpid()}"
    start(session, tmp_path, "--seed", "3", "--names", "Ann,Bob")
    try:
        screen = wait_for(session, lambda s: "Rack" in s and "1. Ann" in s)
        rack = screen.split("Rack", 1)[1].split()[:3]
        tmux("send-keys", "-t", session, *[c.lower() for c in rack], "F4")
        wait_for(session, lambda s: "check on" in s)
        tmux("send-keys", "-t", session, "C-q")
        wait_for(session, lambda s: "Quit?" in s)
        tmux("send-keys", "-t", session, "y")
        assert gone(session)
        save = tmp_path / "autosave.json"
        before = save.read_bytes()

        start(session, tmp_path, "--seed", "1")
        wait_for(session, lambda s: "An unfinished game is saved: round 1, Ann 0, Bob 0" in s)
        assert save.read_bytes() == before, "asking changes nothing"
        tmux("send-keys", "-t", session, "r", "Enter")
        wait_for(session, lambda s: " ".join(rack) in s.split("Rack", 1)[0] and "check on" in s)
        tmux("send-keys", "-t", session, "C-q")
        wait_for(session, lambda s: "Quit?" in s)
        tmux("send-keys", "-t", session, "y")
        assert gone(session)
        resumed = save.read_bytes()

        start(session, tmp_path, "--seed", "1")
        wait_for(session, lambda s: "[r] resume it" in s)
        tmux("send-keys", "-t", session, "n", "Enter")
        wait_for(session, lambda s: "1. Ann" in s)  # the names given before, remembered
        assert (tmp_path / "autosave.previous.json").read_bytes() == resumed
        assert json.loads(save.read_text())["options"]["seed"] == 1, "the new game's save"
    finally:
        kill(session)


# --- a second new game never deletes the game kept the first time -------------------


@tmux_only
def test_starting_anew_twice_keeps_both_old_games_and_the_question_says_where(
    tmp_path: Path,
) -> None:
    first = saved_match(tmp_path, moves=2)
    kept_before = tmp_path / "autosave.previous.json"
    os.replace(first, kept_before)
    os.utime(kept_before, (1_790_000_000, 1_790_000_000))  # kept on a known day
    older = kept_before.read_bytes()
    unfinished = saved_match(tmp_path, moves=3).read_bytes()
    session = f"mixmo-keep-{os.getpid()}"
    start(session, tmp_path, "--seed", "77", "--names", "Ann,Bob")
    try:
        screen = wait_for(session, lambda s: "[r] resume it" in s)
        from datetime import datetime

        stamp = datetime.fromtimestamp(1_790_000_000).strftime("%Y-%m-%d-%H%M")
        dated = f"autosave.previous.{stamp}.json"
        flat = screen.replace("\n", "")  # the question wraps at the terminal's width
        assert f"the game kept there before as {dated}" in flat
        tmux("send-keys", "-t", session, "n", "Enter")
        wait_for(session, lambda s: "Rack" in s and "1. Ann" in s)
        assert (tmp_path / "autosave.previous.json").read_bytes() == unfinished
        assert (tmp_path / dated).read_bytes() == older, "the game kept before is kept too"
        assert json.loads((tmp_path / "autosave.json").read_text())["options"]["seed"] == 77
    finally:
        kill(session)


# --- a new game over a save in a read-only folder starts, unsaved --------------------


@tmux_only
def test_a_new_game_over_a_save_in_a_read_only_folder_plays_unsaved_and_says_why(
    tmp_path: Path,
) -> None:
    import subprocess

    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    session = f"mixmo-ro-{os.getpid()}"
    try:
        known_players(disk)
        before = saved_match(disk).read_bytes()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        env = f"MIXMO_DATA_DIR={disk} MIXMO_CONFIG_DIR={tmp_path}"
        command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play --seed 3"
        tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "30", command)
        wait_for(session, lambda s: "[r] resume it" in s)
        tmux("send-keys", "-t", session, "n", "Enter")
        screen = wait_for(session, lambda s: "Rack" in s and "not saved" in s)
        assert "Errno" not in screen
        assert (
            f"The data folder {disk} cannot be written (the folder is read-only): "
            "this new game is not saved" in screen
        )
        assert (disk / "autosave.json").read_bytes() == before, "the old save is left as it was"
        tmux("send-keys", "-t", session, "C-q")
        wait_for(session, lambda s: "This game is not saved." in s)
    finally:
        kill(session)
        subprocess.run(["umount", "-l", str(disk)], check=False)
