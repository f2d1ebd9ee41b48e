"""The grid text format (docs/grid-format.md)."""

import pytest

from mixmo.engine.grid import CellOccupiedError, Direction, Grid, GridSyntaxError
from mixmo.engine.tiles import BANDIT, JOKER, Tile, TileKind


def test_one_row_per_line_one_cell_per_character() -> None:
    grid = Grid.parse("CAT\nA..\nB..\n")
    assert grid[(0, 0)] == Tile.from_symbol("C")
    assert grid[(2, 0)] == Tile.from_symbol("B")
    assert len(grid) == 5


def test_a_dot_or_a_space_is_an_empty_cell() -> None:
    assert Grid.parse("C.T\nA B") == Grid.parse("C T\nA.B")
    assert (0, 1) not in Grid.parse("C.T")


def test_comment_lines_are_ignored_wherever_they_stand() -> None:
    text = "# my grid\nCAT\n# between rows\nA..\n# the end\n"
    assert Grid.parse(text) == Grid.parse("CAT\nA..")


def test_leading_and_trailing_blank_lines_are_ignored() -> None:
    assert Grid.parse("\n\n  \nCAT\n\n\n") == Grid.parse("CAT")


def test_a_blank_line_inside_the_grid_is_an_empty_row() -> None:
    grid = Grid.parse("CAT\n\nDOG")
    assert (2, 0) in grid and (1, 0) not in grid
    assert len(grid.groups()) == 2


def test_jokers_bandit_and_declared_jokers() -> None:
    grid = Grid.parse("?a!")
    assert grid[(0, 0)] == JOKER
    assert grid[(0, 1)] == Tile(TileKind.JOKER, "A")
    assert grid[(0, 2)] == BANDIT


def test_any_other_character_is_an_error_with_line_and_column() -> None:
    with pytest.raises(GridSyntaxError) as caught:
        Grid.parse("# comment\nCAT\nA1.\n")
    assert (caught.value.line, caught.value.col) == (3, 2)
    assert "'1'" in str(caught.value)


def test_every_bad_character_is_reported_at_once() -> None:
    with pytest.raises(GridSyntaxError) as caught:
        Grid.parse("C@T\nA.%\n\tB")
    assert [(p.line, p.col, p.char) for p in caught.value.problems] == [
        (1, 2, "@"),
        (2, 3, "%"),
        (3, 1, "\t"),
    ]
    assert "(and 2 more)" in str(caught.value)


def test_windows_line_endings_are_read() -> None:
    assert Grid.parse("CAT\r\nA..\r\n") == Grid.parse("CAT\nA..\n")


def test_to_text_draws_the_bounding_box() -> None:
    grid = Grid.parse("..CAT\n..A..\n")
    assert grid.to_text() == "CAT\nA..\n"


def test_parse_and_to_text_round_trip() -> None:
    text = "CAT.\n?..x\n!EAR\n"
    assert Grid.parse(text).to_text() == text
    grid = Grid.parse(text).shifted(-7, 12)
    assert Grid.parse(grid.to_text()) == grid.normalized()


def test_the_board_is_unbounded_negative_cells_are_fine() -> None:
    grid = Grid().place((-5, -3), Tile.from_symbol("O")).place((-5, -2), Tile.from_symbol("X"))
    assert grid.to_text() == "OX\n"
    assert [w.pattern for w in grid.words()] == ["OX"]


def test_words_are_maximal_runs_of_two_or_more_tiles() -> None:
    grid = Grid.parse("CATS\nA...\nB.OX\n")
    across = [(w.pattern, w.start) for w in grid.words() if w.direction is Direction.ACROSS]
    down = [(w.pattern, w.start) for w in grid.words() if w.direction is Direction.DOWN]
    assert across == [("CATS", (0, 0)), ("OX", (2, 2))]
    assert down == [("CAB", (0, 0))]


def test_words_read_left_to_right_and_top_to_bottom_never_diagonally() -> None:
    grid = Grid.parse("A.\n.B")
    assert grid.words() == []
    assert not grid.is_connected(), "diagonal neighbours are not connected"


def test_a_cell_holds_one_tile() -> None:
    with pytest.raises(CellOccupiedError):
        Grid.parse("A").place((0, 0), Tile.from_symbol("B"))
