"""A new `mixmo play` never replaces an unfinished saved game without asking."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from mixmo.engine import actions as act
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.storage import save_game
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
        wait_for(session, lambda s: "1. Player 1" in s)
        assert (tmp_path / "autosave.previous.json").read_bytes() == resumed
        assert json.loads(save.read_text())["options"]["seed"] == 1, "the new game's save"
    finally:
        kill(session)
