"""Too small a terminal, in a real one: `mixmo play --players 6` started at 50x12, then
resized. The request is one size (the smallest that plays), it shows over the Bandit's
dialog open at the deal, and a theme typed before the terminal is enlarged goes nowhere."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.tui.helpers import known_players, seed_where
from tests.tui.tmux import flat, kill, needs_tmux, tmux, wait_for

pytestmark = [needs_tmux, pytest.mark.slow]

REQUEST = "Please enlarge the terminal: 6 players need at least 72x24"


def test_a_terminal_too_small_for_six_asks_for_72x24_over_the_bandit_s_dialog(
    tmp_path: Path,
) -> None:
    session = f"mixmo-small-{os.getpid()}"
    known_players(tmp_path)
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    seed = seed_where(6, bandit_first=True)
    command = (
        f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play --players 6 "
        f"--seed {seed} --names Ann,Bob,Cid,Dee,Eve,Fay"
    )
    tmux("new-session", "-d", "-s", session, "-x", "50", "-y", "12", command)
    try:
        screen = wait_for(session, lambda s: REQUEST in flat(s), timeout=30)
        assert "(it is 50x12)" in flat(screen) and "BANDIT" not in screen
        tmux("send-keys", "-t", session, "c", "a", "r", "s", "Enter")  # typed blind
        for width, height in [(60, 24), (66, 24)]:
            tmux("resize-window", "-t", session, "-x", str(width), "-y", str(height))
            wait_for(session, lambda s, w=width, h=height: f"(it is {w}x{h})" in flat(s))
        tmux("resize-window", "-t", session, "-x", "72", "-y", "24")
        screen = wait_for(session, lambda s: "choose a theme" in flat(s))
        assert "enlarge" not in screen
        assert "cars" not in screen, "the theme typed while the terminal was too small is lost"
        tmux("send-keys", "-t", session, "w", "h", "e", "e", "l", "s", "Enter")
        wait_for(session, lambda s: "theme wheels" in flat(s) and "Rack" in s)
    finally:
        kill(session)
