"""Keys in a real terminal (tmux): bursts arrive in order, and digits switch panes."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from tests.tui.tmux import kill, needs_tmux, tmux, wait_for

pytestmark = needs_tmux


@pytest.fixture
def game(tmp_path: Path):
    """`mixmo play` for three in a 120x30 tmux window; yields the session name."""
    session = f"mixmo-keys-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play --seed 3 --names Ann,Bob,Cid"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30", command)
    try:
        wait_for(session, lambda s: "Rack" in s and "1. Ann" in s)
        yield session
    finally:
        kill(session)


def rack_letters(screen: str, pane: int, panes: int = 3, width: int = 120) -> list[str]:
    """The letters of a pane's rack (panes side by side, each width // panes columns)."""
    for line in screen.splitlines():
        for match in re.finditer("Rack", line):
            if match.start() // (width // panes) == pane:
                part = re.split("[│┃]", line[match.end() :])[0]
                return [c for c in part.split() if len(c) == 1 and c.isalpha()]
    raise AssertionError(f"no rack for pane {pane}:\n{screen}")


def test_a_burst_of_letters_and_arrows_is_played_in_order(game: str) -> None:
    first, second = rack_letters(tmux("capture-pane", "-p", "-t", game), 0)[:2]
    tmux("send-keys", "-t", game, first.lower(), "Left", "Left", second.lower())
    pattern = re.compile(f"{second}.{first}")  # "m Left Left i" reads "I M"
    wait_for(game, lambda s: any(pattern.search(ln) for ln in s.splitlines() if "Rack" not in ln))


def test_digits_switch_panes_in_tmux(game: str) -> None:
    tmux("send-keys", "-t", game, "3")
    wait_for(game, lambda s: "▶ 3. Cid" in s and "▶ 1. Ann" not in s)
    screen = tmux("capture-pane", "-p", "-t", game)
    ann, bob = rack_letters(screen, 0), rack_letters(screen, 1)
    letter = bob[0]
    tmux("send-keys", "-t", game, "2", letter.lower(), "3")
    screen = wait_for(game, lambda s: len(rack_letters(s, 1)) == len(bob) - 1)
    assert "▶ 3. Cid" in screen
    assert rack_letters(screen, 0) == ann, "the letter went to Bob, typed after '2'"
