"""`mixmo mixup` with a file where the data folder should be: there is no game to keep,
so the game starts, the screen says saving is off and why, and the moves play on (docs/mixup.md:
play goes on when the disk refuses a save), as `mixmo play` does. It used to stop with
'mixup-autosave.json: cannot keep the unfinished game (Not a directory)'."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.tui.tmux import flat, kill, needs_tmux, tmux, wait_for


@needs_tmux
@pytest.mark.parametrize("variable", ["MIXMO_DATA_DIR", "XDG_DATA_HOME"])
def test_a_file_where_the_data_folder_should_be_starts_the_game_unsaved(
    tmp_path: Path, variable: str
) -> None:
    blocker = tmp_path / "somefile"
    blocker.write_text("not a folder\n")
    save = blocker / "mixup-autosave.json"
    if variable == "XDG_DATA_HOME":
        save = blocker / "mixmo" / "mixup-autosave.json"
    env = f"-u MIXMO_DATA_DIR -u COLUMNS -u LINES XDG_CONFIG_HOME={tmp_path} {variable}={blocker}"
    session = f"mixmo-mixup-file-{variable}-{os.getpid()}"
    command = f"exec env {env} {sys.executable} -m mixmo mixup --names Ann,Bob; sleep 60"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "26", command)
    try:
        # The notice may come a frame after the board: wait for both (or an error).
        screen = wait_for(
            session, lambda s: ("to move" in s and "play goes on" in flat(s)) or "error" in s
        )
        assert "Ann (colour) to move" in screen, screen
        assert "cannot keep" not in screen
        said = f"Cannot save to {save} (a file stands where the folder should be): play goes on"
        assert said in " ".join(screen.split()), screen
        tmux("send-keys", "-t", session, "4", "Enter")
        screen = wait_for(session, lambda s: "Bob (shape, any shape but moon) to move" in s)
        words = " ".join(screen.split())  # the news line wraps
        assert "Ann (colour) dropped R☾ (red moon) into column 4, row 1." in words, screen
        assert "play goes on, unsaved" in words, "still said after the move"
    finally:
        kill(session)
    assert blocker.read_text() == "not a folder\n", "the file in the way is left as it was"


def test_resume_there_says_there_is_no_saved_game(mixmo, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """No game can be saved under a file: --resume says so, not 'cannot read (Not a directory)'."""
    (tmp_path / "somefile").write_text("")
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "somefile"))
    run = mixmo("mixup", "--resume")
    assert run.code == 2
    save = tmp_path / "somefile" / "mixup-autosave.json"
    assert run.err == f"mixmo: error: {save}: no saved MixUp game to resume\n"
