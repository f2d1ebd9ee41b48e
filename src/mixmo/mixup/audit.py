"""Could this board happen in a game? What ``mixmo mixup check`` reports, as data:
findings with codes and fields (said in the player's language by ``mixmo.i18n.mixup``).

A board text says where the pieces are, not in which order they came, so the
audit checks what any order must satisfy and says where the game stands:
- at most six pieces of each kind;
- with two pieces or more, the first two moves (both in the bottom row, or the
  second on top of the first) must differ in shape (the shape player's first
  piece may not have the shape already on the board);
- a game ends at the first line, so every line on the board must run through
  one piece at the top of its column, the last one played.
Gravity is the text format's own rule (a floating piece is a syntax error).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from mixmo.mixup.board import COLUMNS, Board, Cell
from mixmo.mixup.game import Outcome
from mixmo.mixup.messages import N_, Sentence
from mixmo.mixup.pieces import ALL_PIECES, PIECES_PER_KIND, Piece, Side


@dataclass(frozen=True, slots=True)
class TooManyOfAKind(Sentence):
    """More pieces of one kind than the game has."""

    piece: Piece
    count: int
    most: int
    code: ClassVar[str] = "too-many-of-a-kind"
    template: ClassVar[str] = N_("{count} pieces {code} ({piece}): there are only {most}")

    def fields(self) -> Mapping[str, object]:
        return {
            "count": self.count,
            "code": self.piece.code,
            "piece": self.piece,
            "most": self.most,
        }


@dataclass(frozen=True, slots=True)
class FirstMovesSameShape(Sentence):
    """No two pieces that could have been the first two moves differ in shape."""

    code: ClassVar[str] = "first-moves-same-shape"
    template: ClassVar[str] = N_(
        "no two first moves differ in shape: the shape player's first piece may not "
        "have the shape already on the board"
    )


@dataclass(frozen=True, slots=True)
class LinesNotFromOneLastPiece(Sentence):
    """Lines that no single last piece made: the game would have stopped at the first."""

    code: ClassVar[str] = "lines-not-from-one-last-piece"
    template: ClassVar[str] = N_(
        "the lines on the board were not all made by one last piece: "
        "the game would have ended earlier"
    )


Finding = TooManyOfAKind | FirstMovesSameShape | LinesNotFromOneLastPiece


@dataclass(frozen=True, slots=True)
class Audit:
    pieces: int
    problems: tuple[Finding, ...]
    outcome: Outcome
    line: tuple[Cell, ...]
    to_move: Side | None
    """The player to move (None when the game is over)."""


def audit(board: Board) -> Audit:
    """Every rule the board breaks, and where the game stands if it breaks none."""
    problems: list[Finding] = []
    kinds = Counter(piece for _, piece in board.pieces())
    for piece in ALL_PIECES:
        if kinds[piece] > PIECES_PER_KIND:
            problems.append(TooManyOfAKind(piece, kinds[piece], PIECES_PER_KIND))
    if len(board) >= 2 and not _first_two_possible(board):
        problems.append(FirstMovesSameShape())
    lines = {side: board.winning_lines(side) for side in Side}
    every = [w for side in Side for w in lines[side]]
    tops = {(c, board.height(c)) for c in range(1, COLUMNS + 1) if board.height(c)}
    last = set(tops)
    for window in every:
        last &= set(window)
    if every and not last:
        problems.append(LinesNotFromOneLastPiece())
    last_mover = Side.COLOUR if len(board) % 2 == 1 else Side.SHAPE
    outcome: Outcome = Outcome.PLAYING
    line: tuple[Cell, ...] = ()
    if lines[last_mover]:
        outcome, line = Outcome.won_by(last_mover), lines[last_mover][0]
    elif lines[last_mover.other]:
        outcome, line = Outcome.won_by(last_mover.other), lines[last_mover.other][0]
    elif board.full:
        outcome = Outcome.DRAW
    to_move = None if outcome is not Outcome.PLAYING else last_mover.other
    return Audit(len(board), tuple(problems), outcome, line, to_move)


def _first_two_possible(board: Board) -> bool:
    bottom = [(c, board.at(c, 1)) for c in range(1, COLUMNS + 1) if board.at(c, 1)]
    for column, first in bottom:
        assert first is not None
        seconds = [p for c, p in bottom if c != column]
        above = board.at(column, 2)
        if above is not None:
            seconds.append(above)
        if any(second is not None and second.shape is not first.shape for second in seconds):
            return True
    return False
