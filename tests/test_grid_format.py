"""The grid text format (docs/grid-format.md)."""

import pytest

from mixmo.engine.grid import (
    MAX_COLUMNS,
    MAX_REPORTED,
    MAX_ROWS,
    MAX_TEXT_CHARS,
    MAX_TILES,
    CellOccupiedError,
    Direction,
    Grid,
    GridSyntaxError,
    GridTooLargeError,
)
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


# --- size limits: no text can make reading a grid hang or fill the memory ---


def test_a_text_longer_than_the_limit_is_refused_at_once() -> None:
    with pytest.raises(GridTooLargeError) as caught:
        Grid.parse("\0" * (MAX_TEXT_CHARS + 1))
    assert (caught.value.line, caught.value.col) == (1, MAX_TEXT_CHARS + 1)
    assert f"longer than {MAX_TEXT_CHARS:,} characters" in str(caught.value)


def test_a_row_wider_than_the_limit_is_refused_with_its_line() -> None:
    with pytest.raises(GridTooLargeError) as caught:
        Grid.parse("CAT\n" + "A" * (MAX_COLUMNS + 1))
    assert (caught.value.line, caught.value.col) == (2, MAX_COLUMNS + 1)
    assert str(caught.value).startswith(f"2:{MAX_COLUMNS + 1}: the row is wider")


def test_trailing_empty_cells_do_not_count_towards_the_width() -> None:
    assert len(Grid.parse("CAT" + "." * (2 * MAX_COLUMNS))) == 3


def test_more_rows_than_the_limit_are_refused() -> None:
    with pytest.raises(GridTooLargeError) as caught:
        Grid.parse("A\n" * (MAX_ROWS + 1))
    assert caught.value.line == MAX_ROWS + 1


def test_more_tiles_than_the_limit_are_refused() -> None:
    row = "A" * MAX_COLUMNS + "\n"
    with pytest.raises(GridTooLargeError, match=f"more than {MAX_TILES:,} tiles"):
        Grid.parse(row * (MAX_TILES // MAX_COLUMNS + 1))


def test_a_limit_error_is_a_syntax_error_for_callers_that_catch_those() -> None:
    with pytest.raises(GridSyntaxError):
        Grid.parse("A\n" * (MAX_ROWS + 1))


def test_thousands_of_bad_characters_are_counted_but_listed_only_at_first() -> None:
    with pytest.raises(GridSyntaxError) as caught:
        Grid.parse(("\0" * 900 + "\n") * 900)
    assert len(caught.value.problems) == MAX_REPORTED
    assert caught.value.total == 900 * 900
    assert str(caught.value).endswith(f"(and {900 * 900 - 1} more)")


def test_thousands_of_scattered_tiles_make_as_many_groups_largest_first() -> None:
    grid = Grid.parse("\n".join(["A." * 500, "." * 1000] * 10 + ["CAT"]))
    groups = grid.groups()
    assert len(groups) == 5000 + 1
    assert groups[0] == frozenset({(20, 0), (20, 1), (20, 2)})
    assert groups[1] == frozenset({(0, 0)}) and groups[-1] == frozenset({(18, 998)})
