"""A dialog's keys in a real terminal (tmux): one send-keys is one burst, and the
Bandit's theme is the one typed, Backspace included; the letters after Enter play on the board."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mixmo.data.storage import load_game
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from tests.tui.helpers import known_players, seed_where
from tests.tui.tmux import flat, kill, needs_tmux, quit_the_game, tmux, wait_for

pytestmark = needs_tmux


def test_a_theme_typed_in_one_burst_with_a_backspace_and_letters_after_enter(
    tmp_path: Path,
) -> None:
    session = f"mixmo-dialog-keys-{os.getpid()}"
    known_players(tmp_path)
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    seed = seed_where(2, bandit_first=True)
    command = (
        f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play "
        f"--seed {seed} --names Ann,Bob"
    )
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "36", command)
    try:
        wait_for(session, lambda s: "choose a theme" in flat(s), timeout=30)
        deal = Game(MatchOptions(players=("Ann", "Bob"), seed=seed), AnyWord())
        # Ann's pane has the keyboard once the theme is chosen: two of her letters.
        letters = [t.symbol for t in deal.round.player(0).rack if t.symbol.isalpha()][:2]
        keys = ["c", "a", "t", "x", "BSpace", "s", "Enter", *[c.lower() for c in letters]]
        tmux("send-keys", "-t", session, *keys)  # one call: one burst
        screen = wait_for(session, lambda s: "Theme: cats" in flat(s) or "theme cats" in flat(s))
        assert "catx" not in screen and "cats" + letters[0] not in screen.replace(" ", "")
        quit_the_game(session)
    finally:
        kill(session)
    saved = load_game(tmp_path / "autosave.json", lexicon=AnyWord())
    assert saved.round.theme == "cats"
    assert len(saved.round.player(0).grid) == 2, "the letters after Enter are on the board"
