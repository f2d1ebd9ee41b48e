"""A player who takes their seat back at a server (`mixmo join` again) finds their
screen on their grid's tiles, the cursor among them, not on the start square 40
columns away."""

from __future__ import annotations

from pathlib import Path

from mixmo.tui.app import MixmoApp
from tests.net.test_panes_follow_the_tiles import ann_places, grid_lines, letters_on_screen
from tests.net.test_remote_seat import ann_and_bob, grid_letters, seated, until


async def test_after_a_rejoin_the_view_and_the_cursor_are_on_your_tiles(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started)
        columns = [40, 41, 42, 43, 44]
        word = await ann_places(seats.ann, columns)
        await seats.ann.client.close()  # Ann's window closes; she joins again
        ann = await seated(seats.url, seats.code, "Ann", tmp_path)
        try:
            assert ann.seat == 0
            app = MixmoApp(ann)
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: len(grid_letters(app, 0)) == len(word), pilot)
                await pilot.pause()
                row, col = app.panes[0].cursor
                assert row == 0 and columns[0] <= col <= columns[-1], app.panes[0].cursor
                assert letters_on_screen(app, 0) == word, grid_lines(app, 0)
        finally:
            await ann.client.close()
