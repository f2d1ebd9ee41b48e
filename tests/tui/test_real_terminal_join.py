"""Two people, two real terminals (tmux), one `mixmo serve`: the README's three commands."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.tui.tmux import flat, join_in_terminal, kill, needs_tmux, tmux, wait_for

pytestmark = [needs_tmux, pytest.mark.slow]


def _own_rack(screen: str) -> str:
    """The letters of the rack line of one's own pane (the first "Rack" line)."""
    line = next(line for line in screen.splitlines() if "Rack" in line)
    return line.split("Rack", 1)[1].split("│")[0]


def _choose_a_theme_if_dealt_the_bandit(session: str) -> None:
    """A random deal gives someone the Bandit (!) one time in ten: the game waits for
    that player's theme, as it would for a person at the table."""
    rack = _own_rack(wait_for(session, lambda s: "Rack" in s, 30))
    if "!" in rack:
        wait_for(session, lambda s: "choose a theme" in flat(s), 30)
        tmux("send-keys", "-t", session, "animals", "Enter")
        wait_for(session, lambda s: "choose a theme" not in flat(s), 30)


def test_two_people_in_two_terminals_see_each_other_s_word(tmp_path: Path, served: str) -> None:
    url = served
    ann, bob = f"mixmo-ann-{os.getpid()}", f"mixmo-bob-{os.getpid()}"
    try:
        join_in_terminal(ann, tmp_path / "ann", url, "--new", "--players", "2", "--name", "Ann")
        lobby = wait_for(ann, lambda s: "2. free" in s, timeout=30)
        assert "1. Ann (you)" in lobby
        match = re.search(r"room ([A-Z]{6})", lobby)
        assert match is not None, lobby
        join_in_terminal(bob, tmp_path / "bob", f"{url}/{match.group(1)}", "--name", "Bob")
        screen = wait_for(ann, lambda s: "Rack" in s and "1. Ann" in s and "2. Bob" in s, 30)
        for session in (ann, bob):
            _choose_a_theme_if_dealt_the_bandit(session)
        screen = wait_for(ann, lambda s: "Rack" in s and "choose a theme" not in flat(s))
        rack_line = next(line for line in screen.splitlines() if "Rack" in line)
        letters = re.findall(r"\b([A-Z])\b", rack_line.split("Rack", 1)[1].split("│")[0])
        word = letters[:3]
        tmux("send-keys", "-t", ann, *[c.lower() for c in word])
        shown = " ".join(word)
        wait_for(ann, lambda s: shown in s, 30)
        wait_for(bob, lambda s: shown in s, 30)  # Ann's word on Bob's screen, in her small pane
    finally:
        kill(ann)
        kill(bob)
