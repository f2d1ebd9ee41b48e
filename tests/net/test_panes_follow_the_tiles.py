"""Another player's pane, and every pane of a watcher, shows every tile of its grid:
centred on the tiles rather than on the start square, and zoomed out (one character a
cell, no spacers, then a block of cells a character) when the grid is larger than the pane.

Ann plays at a real server; Bob's screen (and a watcher's) is read as it is drawn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.actions import PlaceTile
from mixmo.net.client import GameClient
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from tests.net.test_remote_seat import ann_and_bob, grid_letters, until
from tests.net.test_watcher_screen import pane_text, screen_lines


def grid_lines(app: MixmoApp, seat: int) -> list[str]:
    """What ``seat``'s grid shows on the screen, one string a line."""
    region = app.pane_widgets[seat].grid_view.region
    lines = screen_lines(app)[region.y : region.y + region.height]
    return [line[region.x : region.x + region.width] for line in lines]


def letters_on_screen(app: MixmoApp, seat: int) -> str:
    """The letters ``seat``'s grid shows, read line by line."""
    return "".join(ch for line in grid_lines(app, seat) for ch in line if ch.isalpha())


async def ann_places(table: RemoteTable, columns: list[int]) -> str:
    """Ann puts letters of her rack on row 0 at ``columns``; the letters, in order."""
    letters = [t.symbol for t in table.round.player(0).rack if t.symbol.isalpha()]
    placed = ""
    for symbol, col in zip(letters, columns, strict=False):
        assert await table.apply(PlaceTile(seat=0, row=0, col=col, symbol=symbol)) is None
        placed += symbol
    return placed


@pytest.mark.parametrize(
    ("size", "columns", "zoomed"),
    [
        ((120, 40), [14, 15, 16, 17, 18], False),  # a word typed 14 cells right of the start
        ((80, 24), [0, 1, 2, 15, 16], True),  # two words 18 cells apart: 11 cells on show
    ],
)
async def test_another_player_s_pane_shows_every_tile_of_their_grid(
    tmp_path: Path, size: tuple[int, int], columns: list[int], zoomed: bool
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started and seats.bob.started)
        word = await ann_places(seats.ann, columns)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=size) as pilot:
            await until(lambda: len(grid_letters(app, 0)) == len(word), pilot)
            await pilot.pause()
            assert letters_on_screen(app, 0) == word, grid_lines(app, 0)
            assert ("zoomed out" in pane_text(app, 0)) is zoomed, pane_text(app, 0)
            assert "zoomed out" not in pane_text(app, 1)  # one's own pane follows the cursor


async def test_a_watcher_s_panes_follow_the_tiles_as_they_are_placed(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        watcher = GameClient(seats.url)
        await watcher.connect(seats.code)
        await watcher.watch(seats.code)
        table = RemoteTable(watcher)
        await until(lambda: table.started)
        app = MixmoApp(table)
        async with app.run_test(size=(80, 24)) as pilot:
            word = await ann_places(seats.ann, [20, 21, 22, 23])
            await until(lambda: len(grid_letters(app, 0)) == len(word), pilot)
            await pilot.pause()
            assert letters_on_screen(app, 0) == word, grid_lines(app, 0)
            assert "zoomed out" not in pane_text(app, 0)
        await watcher.close()
