"""MixUp's rules (shared/rules/mixup-spielregeln-de.txt), one test per rule, on real boards.

Moves are written as a piece and a column: ``Rm4`` is a red moon into column 4
(R red, G green, B blue; m moon, b bolt, d drop). Boards are in the text
format of docs/mixup.md, top row first.
"""

from __future__ import annotations

from textwrap import dedent

import pytest

from mixmo.mixup import (
    ALL_PIECES,
    Board,
    ColumnFullError,
    DropPiece,
    ForbiddenFirstShapeError,
    GameOverError,
    MixUpGame,
    NoSuchColumnError,
    NothingToTakeBackError,
    Outcome,
    Piece,
    PieceNotInPoolError,
    Side,
)
from mixmo.mixup.game import GameDrawn, GameWon, MoveTakenBack, PieceDropped


def play(moves: str) -> MixUpGame:
    """A game after ``moves`` (space-separated, like ``Rm4 Gb4``)."""
    return MixUpGame(DropPiece(Piece.parse(m[:2]), int(m[2:])) for m in moves.split())


def board(text: str) -> str:
    return dedent(text).lstrip("\n")


def refused(game: MixUpGame, move: str, error: type[Exception], words: str) -> None:
    """``move`` is refused with ``error`` whose sentence contains ``words``; nothing changes."""
    before = (game.state, list(game.log), list(game.events))
    with pytest.raises(error) as raised:
        game.apply(DropPiece(Piece.parse(move[:2]), int(move[2:])))
    assert words in str(raised.value)
    assert (game.state, game.log, game.events) == before


# --- material -------------------------------------------------------------------------


def test_54_pieces_six_of_each_colour_and_shape() -> None:
    pool = MixUpGame().state.pool
    assert len(pool) == 54
    assert len(ALL_PIECES) == 9
    assert all(pool.count(piece) == 6 for piece in ALL_PIECES)
    assert {p.colour.value for p in ALL_PIECES} == {"red", "green", "blue"}
    assert {p.shape.value for p in ALL_PIECES} == {"moon", "bolt", "drop"}


def test_the_stand_has_seven_columns_of_six_rows() -> None:
    game = play("Rm1 Gb1 Rd1 Gd1 Bm1 Bb1")
    assert game.state.board.format() == board("""
        Bb .. .. .. .. .. ..
        Bm .. .. .. .. .. ..
        Gd .. .. .. .. .. ..
        Rd .. .. .. .. .. ..
        Gb .. .. .. .. .. ..
        Rm .. .. .. .. .. ..
    """)


# --- the sequence of play ------------------------------------------------------------


def test_colour_moves_first_then_the_players_take_turns() -> None:
    game = MixUpGame()
    assert game.state.to_move is Side.COLOUR
    game.apply(DropPiece(Piece.parse("Rm"), 4))
    assert game.state.to_move is Side.SHAPE
    game.apply(DropPiece(Piece.parse("Gb"), 4))
    assert game.state.to_move is Side.COLOUR
    assert [m.side for m in game.state.moves] == [Side.COLOUR, Side.SHAPE]


def test_a_piece_falls_to_the_lowest_free_cell_of_its_column() -> None:
    game = play("Rm3 Gb5 Bd3")
    assert game.state.moves[-1].row == 2
    assert game.state.board.format() == board("""
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        .. .. Bd .. .. .. ..
        .. .. Rm .. Gb .. ..
    """)
    assert game.events[-1] == PieceDropped(Side.COLOUR, Piece.parse("Bd"), 3, 2)


def test_a_piece_played_never_moves() -> None:
    game = play("Rm3 Gb5")
    first = game.state.board.at(3, 1)
    for move in ["Bd3", "Rb4", "Gd3", "Bb1"]:
        game.apply(DropPiece(Piece.parse(move[:2]), int(move[2:])))
        assert game.state.board.at(3, 1) == first
        assert game.state.board.at(5, 1) == Piece.parse("Gb")


def test_each_piece_played_leaves_the_pool() -> None:
    game = play("Rm3 Gb5 Rm3")
    assert game.state.pool.count(Piece.parse("Rm")) == 4
    assert game.state.pool.count(Piece.parse("Gb")) == 5
    assert len(game.state.pool) == 51


def test_a_full_column_takes_no_more_pieces() -> None:
    game = play("Rm2 Gb2 Rd2 Gd2 Bm2 Bb2")
    refused(game, "Rb2", ColumnFullError, "column 2 is full")


def test_there_are_only_columns_1_to_7() -> None:
    game = MixUpGame()
    refused(game, "Rm8", NoSuchColumnError, "there is no column 8")
    refused(game, "Rm0", NoSuchColumnError, "the columns are 1 to 7")


def test_a_piece_none_of_which_is_left_cannot_be_played() -> None:
    game = play("Rm1 Gb2 Rm1 Gb2 Rm1 Gb2 Rm3 Gb4 Rm3 Gb4 Rm5")  # six red moons, no line
    assert game.state.pool.count(Piece.parse("Rm")) == 0
    assert not game.state.over
    refused(game, "Rm6", PieceNotInPoolError, "no red moon is left in the pool")


def test_shapes_first_piece_may_not_have_the_shape_already_on_the_board() -> None:
    game = play("Rm4")
    refused(game, "Gm3", ForbiddenFirstShapeError, "may not be a moon")
    assert set(game.state.legal_pieces()) == {p for p in ALL_PIECES if p.shape.value != "moon"}


def test_after_shapes_first_piece_any_piece_may_be_played() -> None:
    game = play("Rm4 Gb3")
    assert set(game.state.legal_pieces()) == set(ALL_PIECES)
    game.apply(DropPiece(Piece.parse("Rb"), 5))
    game.apply(DropPiece(Piece.parse("Gm"), 5))  # shape may play a moon now
    assert game.state.board.at(5, 2) == Piece.parse("Gm")


# --- winning -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "moves", "line"),
    [
        ("across", "Rm1 Gb7 Rb2 Gd7 Rd3 Bb6 Rm4", ((1, 1), (2, 1), (3, 1), (4, 1))),
        ("up", "Rm1 Gb2 Rb1 Gd2 Rd1 Bb3 Rm1", ((1, 1), (1, 2), (1, 3), (1, 4))),
        (
            "diagonal up",
            "Rm1 Gb2 Rd2 Gd3 Bb3 Rb3 Gm4 Bm4 Bd4 Rb4",
            ((1, 1), (2, 2), (3, 3), (4, 4)),
        ),
    ],
)
def test_colour_wins_with_four_in_a_row_of_one_colour(name: str, moves: str, line: tuple) -> None:
    game = play(moves)
    assert game.state.outcome is Outcome.COLOUR_WON, name
    assert game.state.line == line
    assert game.events[-1] == GameWon(Side.COLOUR, line)


def test_colour_wins_with_four_down_a_diagonal() -> None:
    game = play("Rm4 Gb1 Bd1 Gd1 Rb1 Bb2 Gm2 Bd3 Rd3 Gm5 Rm2")
    assert game.state.board.format() == board("""
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        Rb .. .. .. .. .. ..
        Gd Rm .. .. .. .. ..
        Bd Gm Rd .. .. .. ..
        Gb Bb Bd Rm Gm .. ..
    """)
    assert game.state.outcome is Outcome.COLOUR_WON
    assert game.state.line == ((1, 4), (2, 3), (3, 2), (4, 1))


def test_colour_wins_with_a_2x2_square_of_one_colour() -> None:
    game = play("Rm3 Gb7 Rb4 Gd7 Rd3 Bb6 Rb4")
    assert game.state.outcome is Outcome.COLOUR_WON
    assert set(game.state.line) == {(3, 1), (4, 1), (3, 2), (4, 2)}


def test_shape_wins_with_four_in_a_row_of_one_shape() -> None:
    game = play("Rm1 Gb2 Rd7 Bb3 Gd7 Rb4 Rm6 Gb5")
    assert game.state.outcome is Outcome.SHAPE_WON
    assert game.state.line == ((2, 1), (3, 1), (4, 1), (5, 1))
    assert game.state.board.format() == board("""
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. ..
        .. .. .. .. .. .. Gd
        Rm Gb Bb Rb Gb Rm Rd
    """)


def test_shape_wins_with_a_2x2_square_of_one_shape() -> None:
    game = play("Rm1 Gd2 Bm6 Rd3 Gm7 Bd2 Rm6 Gd3")
    assert game.state.outcome is Outcome.SHAPE_WON
    assert set(game.state.line) == {(2, 1), (3, 1), (2, 2), (3, 2)}


def test_four_of_mixed_colours_and_shapes_win_nothing() -> None:
    game = play("Rm1 Gb2 Bd3 Rb4")
    assert game.state.outcome is Outcome.PLAYING
    assert game.state.line == ()


def test_a_line_made_for_the_other_player_wins_for_them() -> None:
    # shape puts down the fourth red: colour's line, colour wins
    game = play("Rm1 Gb7 Rb2 Gd7 Rd3 Rb4")
    assert game.state.moves[-1].side is Side.SHAPE
    assert game.state.outcome is Outcome.COLOUR_WON
    assert game.events[-1] == GameWon(Side.COLOUR, ((1, 1), (2, 1), (3, 1), (4, 1)))


def test_a_piece_that_makes_both_win_wins_for_the_player_who_played_it() -> None:
    # the red moon into column 4 completes four reds and four moons at once
    game = play("Rm1 Gb7 Rm2 Gd7 Rm3 Bb6")
    game.apply(DropPiece(Piece.parse("Rm"), 4))
    assert game.state.outcome is Outcome.COLOUR_WON
    assert game.events[-1] == GameWon(Side.COLOUR, ((1, 1), (2, 1), (3, 1), (4, 1)), both=True)
    # and the same for shape: its piece makes both lines, shape wins
    game = play("Rm1 Gb7 Rm2 Gd7 Rm3")
    game.apply(DropPiece(Piece.parse("Rm"), 4))
    assert game.state.moves[-1].side is Side.SHAPE
    assert game.state.outcome is Outcome.SHAPE_WON


def test_no_move_after_the_game_is_won() -> None:
    game = play("Rm1 Gb7 Rb2 Gd7 Rd3 Bb6 Rm4")
    refused(game, "Gd5", GameOverError, "the game is over (colour won)")


# --- a full board --------------------------------------------------------------------

DRAW = (
    "Rd1 Bm2 Gb3 Bm4 Bb5 Rd6 Gm7 Bm1 Bd2 Bd3 Gm4 Gm5 Bb6 Gm7 Gm1 Rd2 Bm3 Rm4 Gd5 Rm6 Bm7 "
    "Gb1 Gm2 Gd3 Bd4 Gb5 Bm6 Bd7 Rd1 Bd2 Gb3 Rb4 Rb5 Bd6 Rm7 Rm1 Gd2 Gb3 Rm4 Gd5 Gb6 Rd7"
)


def test_a_full_board_without_a_line_is_a_draw() -> None:
    game = play(DRAW)
    assert game.state.board.format() == board("""
        Rm Gd Gb Rm Gd Gb Rd
        Rd Bd Gb Rb Rb Bd Rm
        Gb Gm Gd Bd Gb Bm Bd
        Gm Rd Bm Rm Gd Rm Bm
        Bm Bd Bd Gm Gm Bb Gm
        Rd Bm Gb Bm Bb Rd Gm
    """)
    assert game.state.outcome is Outcome.DRAW
    assert game.events[-1] == GameDrawn()
    assert len(game.state.pool) == 54 - 42
    refused(game, "Rm1", GameOverError, "a draw")


# --- taking a move back --------------------------------------------------------------


def test_taking_back_a_move_returns_its_piece_and_the_turn() -> None:
    game = play("Rm4 Gb4")
    events = game.take_back()
    assert events == (MoveTakenBack(Side.SHAPE, Piece.parse("Gb"), 4, 2),)
    assert game.state == play("Rm4").state


def test_taking_back_a_winning_move_reopens_the_game() -> None:
    game = play("Rm1 Gb7 Rb2 Gd7 Rd3 Bb6 Rm4")
    game.take_back()
    assert game.state.outcome is Outcome.PLAYING
    assert game.state.to_move is Side.COLOUR


def test_nothing_to_take_back_at_the_start() -> None:
    game = MixUpGame()
    with pytest.raises(NothingToTakeBackError, match="nothing to take back"):
        game.take_back()


def test_a_board_text_round_trips() -> None:
    text = play(DRAW).state.board.format()
    assert Board.parse(text).format() == text
    assert Board.parse("# a comment\n\n" + text) == play(DRAW).state.board
