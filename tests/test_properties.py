"""Properties that hold for every grid and every text (hypothesis)."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mixmo.engine.grid import Grid, GridSyntaxError
from mixmo.engine.tiles import Tile

SYMBOLS = string.ascii_uppercase + string.ascii_lowercase + "?!"

cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
tiles = st.sampled_from(SYMBOLS).map(Tile.from_symbol)
grids = st.dictionaries(cells, tiles, max_size=40).map(Grid)


@given(grids)
def test_to_text_then_parse_gives_the_same_grid(grid: Grid) -> None:
    assert Grid.parse(grid.to_text()) == grid.normalized()


@given(grids)
def test_to_text_is_a_fixed_point(grid: Grid) -> None:
    text = grid.to_text()
    assert Grid.parse(text).to_text() == text


@given(grids)
def test_every_tile_of_a_connected_grid_is_in_a_word(grid: Grid) -> None:
    if len(grid) >= 2 and grid.is_connected():
        in_words = {cell for word in grid.words() for cell in word.cells}
        assert in_words == set(grid)


@given(st.text(alphabet=SYMBOLS + ". #\n\t\r@1é", max_size=200))
def test_parse_either_reads_the_text_or_names_a_line_and_column(text: str) -> None:
    try:
        Grid.parse(text)
    except GridSyntaxError as error:
        lines = text.split("\n")
        for problem in error.problems:
            assert lines[problem.line - 1][problem.col - 1] == problem.char


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=120), st.sampled_from([[], ["--json"], ["--expert", "--players", "2"]]))
def test_mixmo_check_on_any_text_exits_0_1_or_2_without_a_traceback(mixmo, text, options) -> None:
    run = mixmo("check", "-", *options, stdin=text)
    assert run.code in (0, 1, 2)
    assert "Traceback" not in run.err + run.out
    if run.code == 2:
        assert len(run.err.strip().splitlines()) == 1
