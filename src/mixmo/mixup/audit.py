"""Could this board happen in a game? What ``mixmo mixup check`` reports.

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
from dataclasses import dataclass

from mixmo.i18n import _
from mixmo.mixup.board import COLUMNS, Board, Cell
from mixmo.mixup.game import Outcome
from mixmo.mixup.pieces import ALL_PIECES, PIECES_PER_KIND, Side


@dataclass(frozen=True, slots=True)
class Audit:
    pieces: int
    problems: tuple[str, ...]
    outcome: Outcome
    line: tuple[Cell, ...]
    to_move: Side | None
    """The player to move (None when the game is over)."""


def audit(board: Board) -> Audit:
    """Every rule the board breaks, and where the game stands if it breaks none."""
    problems: list[str] = []
    kinds = Counter(piece for _, piece in board.pieces())
    for piece in ALL_PIECES:
        if kinds[piece] > PIECES_PER_KIND:
            problems.append(
                _("{count} pieces {code} ({piece}): there are only {most}").format(
                    count=kinds[piece],
                    code=piece.code,
                    piece=piece.describe(),
                    most=PIECES_PER_KIND,
                )
            )
    if len(board) >= 2 and not _first_two_possible(board):
        problems.append(
            _(
                "no two first moves differ in shape: the shape player's first piece may not "
                "have the shape already on the board"
            )
        )
    lines = {side: board.winning_lines(side) for side in Side}
    every = [w for side in Side for w in lines[side]]
    tops = {(c, board.height(c)) for c in range(1, COLUMNS + 1) if board.height(c)}
    last = set(tops)
    for window in every:
        last &= set(window)
    if every and not last:
        problems.append(
            _(
                "the lines on the board were not all made by one last piece: "
                "the game would have ended earlier"
            )
        )
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
