"""The MixUp stand: seven columns of six cells, filled from the bottom.

Columns and rows are numbered from 1, row 1 at the bottom, as players count
them and as ``mixmo mixup --headless --json`` prints them.

The text format (see docs/mixup.md) shows the stand as the players see it:
six lines, top row first, seven cells a line separated by one space; a cell is
``..`` (empty) or a colour letter and a shape letter, ``Rm`` for a red moon.
Lines starting with ``#`` and blank lines are ignored. ``Board.parse`` and
``Board.format`` round-trip.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from mixmo.mixup.errors import ColumnFullError, NoSuchColumnError
from mixmo.mixup.messages import N_, MixUpError, Sentence
from mixmo.mixup.pieces import Piece, PieceSyntaxError, Side

COLUMNS = 7
ROWS = 6
"""The rules do not say; the classic stand of this kind has six rows (docs/mixup.md)."""

Cell = tuple[int, int]
"""(column, row), both from 1; row 1 is the bottom."""

EMPTY = ".."


def _windows() -> tuple[tuple[Cell, ...], ...]:
    """Every four cells that win together: lines across, up, both diagonals, and 2x2 squares."""
    found: list[tuple[Cell, ...]] = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for col in range(1, COLUMNS + 1):
            for row in range(1, ROWS + 1):
                cells = tuple((col + k * dc, row + k * dr) for k in range(4))
                if all(1 <= c <= COLUMNS and 1 <= r <= ROWS for c, r in cells):
                    found.append(cells)
    for col in range(1, COLUMNS):
        for row in range(1, ROWS):
            found.append(((col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)))
    return tuple(found)


WINDOWS: tuple[tuple[Cell, ...], ...] = _windows()
"""The 99 winning shapes of four cells on a 7x6 stand (69 lines, 30 squares)."""


@dataclass(frozen=True, slots=True)
class TooManyRows(Sentence):
    rows: int
    code: ClassVar[str] = "too-many-rows"
    template: ClassVar[str] = N_("more than {rows} rows")


@dataclass(frozen=True, slots=True)
class CellsNotOneSpaceApart(Sentence):
    code: ClassVar[str] = "cells-not-one-space-apart"
    template: ClassVar[str] = N_("cells are separated by one space")


@dataclass(frozen=True, slots=True)
class WrongRowLength(Sentence):
    columns: int
    count: int
    code: ClassVar[str] = "wrong-row-length"
    template: ClassVar[str] = N_("a row has {columns} cells, this one {count}")


@dataclass(frozen=True, slots=True)
class WrongRowCount(Sentence):
    rows: int
    count: int
    code: ClassVar[str] = "wrong-row-count"
    template: ClassVar[str] = N_("a board has {rows} rows, this one {count}")


@dataclass(frozen=True, slots=True)
class FloatingPiece(Sentence):
    """A piece with an empty cell below it (pieces fall to the bottom)."""

    piece: str
    """The piece as written (``Rm``)."""
    code: ClassVar[str] = "floating-piece"
    template: ClassVar[str] = N_("{piece} floats: the cell below it is empty")


BoardProblemReason = (
    TooManyRows | CellsNotOneSpaceApart | WrongRowLength | WrongRowCount | FloatingPiece
) | PieceSyntaxError


@dataclass(frozen=True, slots=True)
class BoardSyntaxProblem:
    """One unreadable spot of a board text, at a 1-based line and column, and why."""

    line: int
    col: int
    reason: BoardProblemReason

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.reason}"


class BoardSyntaxError(MixUpError):
    """A board text that cannot be read; lists every problem, the first in the message
    (``1:1: a row has 7 cells, this one 1 (and 2 more)``)."""

    code: ClassVar[str] = "board-syntax"
    template: ClassVar[str] = "{line}:{col}: {reason}"
    """Where, and why (not a sentence to translate: the edges translate the reason)."""
    MORE: ClassVar[tuple[str, str]] = ("(and {count} more)", "(and {count} more)")
    """Said after the first problem when there are others (singular, plural)."""

    def __init__(self, problems: list[BoardSyntaxProblem]) -> None:
        super().__init__(problems)
        self.problems = tuple(problems)

    @property
    def line(self) -> int:
        return self.problems[0].line

    @property
    def col(self) -> int:
        return self.problems[0].col

    @property
    def more(self) -> int:
        """How many problems besides the first."""
        return len(self.problems) - 1

    def fields(self) -> Mapping[str, object]:
        first = self.problems[0]
        return {"line": first.line, "col": first.col, "reason": first.reason}

    def __str__(self) -> str:
        text = super().__str__()
        if self.more:
            text += " " + self.MORE[self.more != 1].format(count=self.more)
        return text


@dataclass(frozen=True, slots=True)
class Board:
    """The stand: for each column, its pieces from the bottom up (so gravity holds by construction)."""

    columns: tuple[tuple[Piece, ...], ...] = ((),) * COLUMNS

    def __post_init__(self) -> None:
        if len(self.columns) != COLUMNS or any(len(c) > ROWS for c in self.columns):
            raise ValueError(f"a board has {COLUMNS} columns of at most {ROWS} pieces")

    def at(self, column: int, row: int) -> Piece | None:
        """The piece at (column, row), or None for an empty cell."""
        stack = self.columns[column - 1]
        return stack[row - 1] if row <= len(stack) else None

    def height(self, column: int) -> int:
        return len(self.columns[column - 1])

    def is_open(self, column: int) -> bool:
        """True when ``column`` exists and has room for one more piece."""
        return 1 <= column <= COLUMNS and self.height(column) < ROWS

    @property
    def open_columns(self) -> tuple[int, ...]:
        return tuple(c for c in range(1, COLUMNS + 1) if self.height(c) < ROWS)

    @property
    def full(self) -> bool:
        return not self.open_columns

    def __len__(self) -> int:
        return sum(len(c) for c in self.columns)

    def pieces(self) -> Iterator[tuple[Cell, Piece]]:
        for col, stack in enumerate(self.columns, start=1):
            for row, piece in enumerate(stack, start=1):
                yield (col, row), piece

    def drop(self, piece: Piece, column: int) -> tuple[Board, int]:
        """The board with ``piece`` fallen to the lowest free cell of ``column``, and its row."""
        if not 1 <= column <= COLUMNS:
            raise NoSuchColumnError(column, COLUMNS)
        stack = self.columns[column - 1]
        if len(stack) >= ROWS:
            raise ColumnFullError(column)
        columns = list(self.columns)
        columns[column - 1] = (*stack, piece)
        return Board(tuple(columns)), len(stack) + 1

    def without_top(self, column: int) -> Board:
        """The board with the top piece of ``column`` lifted out (for taking a move back)."""
        columns = list(self.columns)
        columns[column - 1] = columns[column - 1][:-1]
        return Board(tuple(columns))

    def winning_lines(self, side: Side) -> tuple[tuple[Cell, ...], ...]:
        """Every four-in-a-row or 2x2 square whose pieces share ``side``'s attribute."""
        found = []
        for window in WINDOWS:
            pieces = [self.at(c, r) for c, r in window]
            if all(p is not None for p in pieces):
                values = {p.attribute(side) for p in pieces if p is not None}
                if len(values) == 1:
                    found.append(window)
        return tuple(found)

    def winning_line(self, side: Side, through: Cell | None = None) -> tuple[Cell, ...] | None:
        """One winning line for ``side`` (through ``through`` if one does), or None."""
        lines = self.winning_lines(side)
        if through is not None:
            lines = tuple(w for w in lines if through in w) or lines
        return lines[0] if lines else None

    def format(self) -> str:
        """The board in the text format: top row first, one line a row."""
        rows = []
        for row in range(ROWS, 0, -1):
            cells = (self.at(c, row) for c in range(1, COLUMNS + 1))
            rows.append(" ".join(p.code if p else EMPTY for p in cells))
        return "\n".join(rows) + "\n"

    @classmethod
    def parse(cls, text: str) -> Board:
        """A board from the text format; every unreadable spot is reported at once.

        A piece with an empty cell below it is a syntax problem too: pieces
        fall to the bottom, so such a board cannot happen.
        """
        problems: list[BoardSyntaxProblem] = []
        grid: list[tuple[int, list[Piece | None]]] = []
        last_line = 0
        for number, line in enumerate(text.splitlines(), start=1):
            last_line = number
            stripped = line.rstrip()
            if not stripped or stripped.lstrip().startswith("#"):
                continue
            if len(grid) == ROWS:
                problems.append(BoardSyntaxProblem(number, 1, TooManyRows(ROWS)))
                break
            cells: list[Piece | None] = []
            tokens = stripped.split(" ")
            col = 1
            for token in tokens:
                if token == EMPTY:
                    cells.append(None)
                elif token == "":
                    problems.append(BoardSyntaxProblem(number, col, CellsNotOneSpaceApart()))
                else:
                    try:
                        cells.append(Piece.parse(token))
                    except PieceSyntaxError as error:
                        problems.append(BoardSyntaxProblem(number, col, error))
                        cells.append(None)
                col += len(token) + 1
            if len(cells) != COLUMNS and not any(p.line == number for p in problems):
                problems.append(BoardSyntaxProblem(number, 1, WrongRowLength(COLUMNS, len(cells))))
            grid.append((number, (cells + [None] * COLUMNS)[:COLUMNS]))
        if len(grid) < ROWS and not problems:
            problems.append(BoardSyntaxProblem(last_line + 1, 1, WrongRowCount(ROWS, len(grid))))
        if problems:
            raise BoardSyntaxError(problems)
        columns: list[list[Piece]] = [[] for _ in range(COLUMNS)]
        for index, (number, cells) in enumerate(reversed(grid)):
            for col, piece in enumerate(cells):
                if piece is None:
                    continue
                if len(columns[col]) != index:
                    problems.append(
                        BoardSyntaxProblem(number, col * 3 + 1, FloatingPiece(piece.code))
                    )
                columns[col].append(piece)
        if problems:
            raise BoardSyntaxError(problems)
        return cls(tuple(tuple(c) for c in columns))
