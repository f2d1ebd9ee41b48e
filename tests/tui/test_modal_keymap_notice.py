"""The "Some key bindings were refused" dialog lists keys.toml's refusals in line order."""

from __future__ import annotations

from pathlib import Path

from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.tui.app import MixmoApp
from mixmo.tui.keys import load_keymap
from mixmo.tui.modals import NoticeScreen


async def test_the_refused_key_bindings_are_listed_in_the_order_of_their_lines(
    tmp_path: Path,
) -> None:
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\nmixmo = "f2"\nstuck = "shift+up"\nhint = "f2"\nquit = "ctrl+m"\n')
    keymap, error = load_keymap(keys)
    game = Game(MatchOptions(players=("Ann", "Bob"), seed=3), AnyWord(language="en"))
    app = MixmoApp(game, keymap=keymap, keymap_error=error)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        told = [line for line in app.screen.lines if line.startswith(str(keys))]
        assert [line.split(":")[1] for line in told] == ["3", "4", "5"]
        assert "stuck" in told[0] and "hint" in told[1] and "quit" in told[2]
