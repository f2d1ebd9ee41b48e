"""A key (Ctrl+O) shows a pane full size, the next one at each press, and Escape gives the
board back; F1's help lists it. Bob's screen at a real server, read as it is drawn."""

from __future__ import annotations

from pathlib import Path

from mixmo.tui.app import MixmoApp
from tests.net.test_panes_follow_the_tiles import ann_places, letters_on_screen
from tests.net.test_remote_seat import ann_and_bob, grid_letters, until
from tests.net.test_watcher_screen import pane_text, screen_lines

SMALL = (80, 24)


async def test_the_zoom_key_shows_another_player_s_grid_full_size_and_escape_returns(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started and seats.bob.started)
        word = await ann_places(seats.ann, [0, 1, 2, 15, 16])
        app = MixmoApp(seats.bob)
        async with app.run_test(size=SMALL) as pilot:
            ann, bob = app.pane_widgets[0], app.pane_widgets[1]
            await until(lambda: len(grid_letters(app, 0)) == len(word), pilot)
            await pilot.pause()
            assert "zoomed out" in pane_text(app, 0)
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert ann.region.width == SMALL[0] and not bob.region.area  # Ann's alone
            assert "zoomed out" not in pane_text(app, 0)  # room for every cell now
            assert letters_on_screen(app, 0) == word
            await pilot.press("ctrl+l")  # the next pane: Bob's own
            await pilot.pause()
            assert bob.region.width == SMALL[0] and not ann.region.area
            await pilot.press("escape")
            await pilot.pause()
            assert ann.region.area and bob.region.area and ann.region.width < SMALL[0] // 2
            assert "zoomed out" in pane_text(app, 0)
            letter = next(t.symbol for t in seats.bob.round.player(1).rack if t.symbol.isalpha())
            await pilot.press(letter.lower())  # Bob's keys still play on his grid
            await until(lambda: grid_letters(app, 1) == {(0, 0): letter}, pilot)


async def test_help_lists_the_zoom_key(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.bob.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("f1")
            await pilot.press("end")  # the game's commands come after the board's keys
            await pilot.pause()
            assert any(
                "show a pane full size" in line and "ctrl+l" in line for line in screen_lines(app)
            )
