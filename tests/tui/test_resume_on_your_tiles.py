"""`mixmo play --resume` opens on each grid's tiles: when the view file did not keep the
cursors (a crash before it was written, a save carried to another machine), each
cursor goes to its grid's tiles instead of the start square far from them."""

from __future__ import annotations

from mixmo.data.storage import load_game
from mixmo.engine.lexicon import AnyWord
from mixmo.tui.app import MixmoApp
from mixmo.tui.view_state import view_path
from tests.tui.helpers import burst, keys_for_rack, make_app, screen_text, seed_where, settle

SIZE = (80, 24)


async def test_a_resume_without_its_view_opens_on_the_tiles(tmp_path) -> None:
    path = tmp_path / "autosave.json"
    app, _ = make_app(seed=seed_where(2, bandit_first=False), save_path=path)
    async with app.run_test(size=SIZE) as pilot:
        rack = keys_for_rack(app, 0)[:4]
        burst(app, *["right"] * 40, *rack)
        await settle(pilot, 6)
        word = "".join(
            tile.symbol for _cell, tile in sorted(app.table.round.player(0).grid.items())
        )
        assert len(word) == 4
        await pilot.press("ctrl+q", "y")
        await settle(pilot)
    view_path(path).unlink()
    resumed = MixmoApp(load_game(path, lexicon=AnyWord(language="en")), save_path=path)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row, col = resumed.panes[0].cursor
        assert row == 0 and 40 <= col <= 43, resumed.panes[0].cursor
        assert resumed.panes[1].cursor == (0, 0)  # an empty grid keeps its start square
        grid = resumed.pane_widgets[0].grid_view
        shown = screen_text(resumed).splitlines()[grid.region.y : grid.region.bottom]
        letters = "".join(
            ch for line in shown for ch in line[grid.region.x : grid.region.right] if ch.isalpha()
        )
        assert letters == word, shown
