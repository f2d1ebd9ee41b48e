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


VALID_GRIDS = [
    "HOUSE\nA...A\nTIGER\n",
    "ELEPHANT\n.....X..\n",
    "QUIZ.\n.....\n",
    "CATS\nA..O\nBOXY\n",
]


@st.composite
def grids_with_jokers(draw: st.DrawFn) -> tuple[Grid, Grid]:
    """A valid grid, and the same grid with up to two jokers and the Bandit for letters."""
    grid = Grid.parse(draw(st.sampled_from(VALID_GRIDS)))
    cells = draw(st.lists(st.sampled_from(list(grid)), max_size=3, unique=True))
    jokered = grid
    bandit_used = False
    for cell in cells:
        letter = grid[cell].letter
        assert letter is not None
        symbol = "?"
        if letter in "KWXYZ" and not bandit_used and draw(st.booleans()):
            symbol, bandit_used = "!", True
        elif sum(t.symbol == "?" for t in jokered.tiles()) == 2:
            continue
        jokered = jokered.remove(cell).place(cell, Tile.from_symbol(symbol))
    return grid, jokered


@settings(max_examples=80, deadline=None)
@given(grids_with_jokers())
def test_jokers_replacing_letters_of_a_valid_grid_keep_it_valid(pair) -> None:
    from mixmo.engine.lexicon import embedded
    from mixmo.engine.validation import validate

    original, jokered = pair
    english = embedded("en")
    assert validate(original, english).valid
    report = validate(jokered, english)
    assert report.valid, report.problems
    assert all(verdict.text in english for verdict in report.words)
    for tile in report.open_tiles:
        assert tile.letter is not None and tile.letter in tile.options
