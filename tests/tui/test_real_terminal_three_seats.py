"""Two people and a watcher in three 80x24 terminals (tmux) at a 3-seat table with a
server bot: a word one person types shows on the other's screen and the watcher's."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.tui.tmux import flat, join_in_terminal, kill, needs_tmux, tmux, wait_for

pytestmark = [needs_tmux, pytest.mark.slow]

SCREEN = (80, 24)
"""The smallest terminal mixmo supports, for every seat and the watcher."""


def _own_letters(screen: str) -> list[str]:
    """The letters of one's own rack: the "Rack" line of the wide pane (framed with ┃)."""
    line = next(line for line in screen.splitlines() if line.startswith("┃ Rack"))
    return re.findall(r"\b([A-Z])\b", line.split("Rack", 1)[1].split("┃")[0])


def _on_a_grid(shown: str):
    """A predicate: `shown` on some line that is not a rack (the rack holds the same letters)."""
    return lambda screen: any(shown in line and "Rack" not in line for line in screen.splitlines())


def test_a_word_typed_in_one_80x24_terminal_shows_on_the_other_and_the_watcher_s(
    tmp_path: Path, served: str
) -> None:
    url = served
    ann, bob, eve = (f"mixmo-{name}-{os.getpid()}" for name in ("ann", "bob", "eve"))
    try:
        new_room = ["--new", "--players", "3", "--bots", "1", "--free-spirit", "--seed", "7",
                    "--wait", "10", "--name", "Ann"]  # fmt: skip
        join_in_terminal(ann, tmp_path / "ann", url, *new_room, size=SCREEN)
        lobby = wait_for(ann, lambda s: re.search(r"room ([A-Z]{6})", s) is not None, 60)
        code = re.search(r"room ([A-Z]{6})", lobby)
        assert code is not None, lobby
        join_in_terminal(eve, tmp_path / "eve", f"{url}/{code.group(1)}", "--watch", size=SCREEN)
        join_in_terminal(
            bob, tmp_path / "bob", f"{url}/{code.group(1)}", "--name", "Bob", size=SCREEN
        )
        screen = wait_for(ann, lambda s: "Rack" in s and "choose a theme" not in flat(s), 90)
        word = _own_letters(screen)[:3]
        assert len(word) == 3, screen
        shown = " ".join(word)
        assert not _on_a_grid(shown)(screen), screen  # the rack alone does not count
        tmux("send-keys", "-t", ann, *[letter.lower() for letter in word])
        for session in (ann, bob, eve):
            wait_for(session, _on_a_grid(shown), 60)
    finally:
        for session in (ann, bob, eve):
            kill(session)
