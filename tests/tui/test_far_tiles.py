"""A tile far from the others (a crafted save, a hostile seat) costs the screen nothing:
the board draws the cells on show, never the whole width between the tiles."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from mixmo.engine.grid import Grid
from mixmo.engine.tiles import Tile
from mixmo.tui.grid_view import GridPicture, GridView


class OneBoard(App[None]):
    def compose(self) -> ComposeResult:
        yield GridView(0, id="board")


def far_board(column: int) -> GridPicture:
    grid = Grid({(0, 0): Tile.from_symbol("A"), (0, column): Tile.from_symbol("Z")})
    return GridPicture(grid=grid, cursor=(0, 1), active=True)


@pytest.mark.parametrize("column", [3_000_000, 10**12])
async def test_a_far_tile_draws_only_the_cells_on_show(monkeypatch, column: int) -> None:
    drawn = 0
    draw_cell = GridView._cell

    def counted(*args):  # type: ignore[no-untyped-def]
        nonlocal drawn
        drawn += 1
        if drawn > 100_000:
            raise AssertionError("the board draws cells nobody sees")
        return draw_cell(*args)

    monkeypatch.setattr(GridView, "_cell", staticmethod(counted))
    app = OneBoard()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one("#board", GridView)
        view.picture = far_board(column)
        await pilot.pause()
        lines = [view.render_line(y).text for y in range(view.size.height)]
    assert any("A ·→" in line for line in lines), lines
    assert all(len(line) <= 40 for line in lines)


async def test_a_read_only_pane_zoomed_out_shows_both_far_tiles(monkeypatch) -> None:
    """Another seat's grid with a tile a trillion cells away: zoomed out so far that both
    show, and drawing it walks the tiles, never the cells between them."""
    drawn = 0
    draw_cell = GridView._cell

    def counted(*args):  # type: ignore[no-untyped-def]
        nonlocal drawn
        drawn += 1
        assert drawn < 10_000, "the board draws cells nobody sees"
        return draw_cell(*args)

    monkeypatch.setattr(GridView, "_cell", staticmethod(counted))
    grid = Grid({(0, 0): Tile.from_symbol("A"), (3, 10**12): Tile.from_symbol("Z")})
    app = OneBoard()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one("#board", GridView)
        view.picture = GridPicture(grid=grid, follow_tiles=True)
        await pilot.pause()
        lines = [view.render_line(y).text for y in range(view.size.height)]
    text = "".join(lines)
    assert "A" in text and "Z" in text and text.index("A") < text.index("Z"), lines
    assert view.scale > 1
    assert all(len(line) == 40 for line in lines)
