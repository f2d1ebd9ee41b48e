"""`--names` with `--bots` may name only the people: the bots keep their own names.

Played as a player does: `mixmo play` in a real terminal (tmux), the panes' titles read.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tests.tui.helpers import known_players
from tests.tui.tmux import kill, needs_tmux, tmux, wait_for

pytestmark = needs_tmux


def play(session: str, folder: Path, *args: str) -> str:
    known_players(folder)
    env = f"MIXMO_DATA_DIR={folder} MIXMO_CONFIG_DIR={folder}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play {' '.join(args)}"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30", command)
    try:
        return wait_for(session, lambda s: "Rack" in s and "1. " in s and "2. " in s)
    finally:
        kill(session)


def test_names_may_name_only_the_people_and_the_bots_keep_their_names(tmp_path: Path) -> None:
    screen = play(
        f"mixmo-names-{os.getpid()}", tmp_path, "--bots", "1", "--names", "Ann", "--seed", "3"
    )
    assert "1. Ann" in screen and "2. Bot 1" in screen


def test_names_may_still_name_every_seat_bots_included(tmp_path: Path) -> None:
    screen = play(
        f"mixmo-names-all-{os.getpid()}",
        tmp_path,
        "--bots",
        "1",
        "--names",
        "Ann,Robo",
        "--seed",
        "3",
    )
    assert "1. Ann" in screen and "2. Robo" in screen
