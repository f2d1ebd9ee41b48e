"""A plain reference for MixUp, to check the engine and the searcher against.

No bitboards, no pruning, no symmetry: columns as lists, the pool as a
counter, wins found by looking at every window of four cells, and a minimax
that tries every legal move. Slow, obviously right.
"""

from __future__ import annotations

from collections import Counter

from mixmo.mixup.pieces import ALL_PIECES, PIECES_PER_KIND, Piece, Side

COLUMNS, ROWS = 7, 6


def _windows() -> list[tuple[tuple[int, int], ...]]:
    """Every four cells in a row (across, up, both diagonals) or in a 2x2 square, 0-based."""
    found = []
    for col in range(COLUMNS):
        for row in range(ROWS):
            for cells in (
                [(col + k, row) for k in range(4)],
                [(col, row + k) for k in range(4)],
                [(col + k, row + k) for k in range(4)],
                [(col + k, row - k) for k in range(4)],
                [(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)],
            ):
                if all(0 <= c < COLUMNS and 0 <= r < ROWS for c, r in cells):
                    found.append(tuple(cells))
    return found


WINDOWS = _windows()
WINDOWS_THROUGH = {
    (c, r): [w for w in WINDOWS if (c, r) in w] for c in range(COLUMNS) for r in range(ROWS)
}


class Reference:
    def __init__(self) -> None:
        self.columns: list[list[Piece]] = [[] for _ in range(COLUMNS)]
        self.pool: Counter[Piece] = Counter({p: PIECES_PER_KIND for p in ALL_PIECES})
        self.played: list[Piece] = []
        self.winner: Side | None = None
        self.full = False

    @property
    def to_move(self) -> Side:
        return Side.COLOUR if len(self.played) % 2 == 0 else Side.SHAPE

    def at(self, col: int, row: int) -> Piece | None:
        if not (0 <= col < COLUMNS and 0 <= row < ROWS):
            return None
        stack = self.columns[col]
        return stack[row] if row < len(stack) else None

    def legal(self, piece: Piece, column: int) -> bool:
        if self.winner is not None or self.full:
            return False
        if not 1 <= column <= COLUMNS or len(self.columns[column - 1]) >= ROWS:
            return False
        if self.pool[piece] <= 0:
            return False
        return not (len(self.played) == 1 and piece.shape == self.played[0].shape)

    def moves(self) -> list[tuple[Piece, int]]:
        return [(p, c) for c in range(1, COLUMNS + 1) for p in ALL_PIECES if self.legal(p, c)]

    def wins(self, side: Side, through: tuple[int, int] | None = None) -> bool:
        """A line or square of ``side``'s attribute (only those through ``through``, if given)."""
        for cells in WINDOWS if through is None else WINDOWS_THROUGH[through]:
            pieces = [self.at(c, r) for c, r in cells]
            if all(pieces) and len({p.attribute(side) for p in pieces if p}) == 1:
                return True
        return False

    def play(self, piece: Piece, column: int) -> int:
        mover = self.to_move
        self.columns[column - 1].append(piece)
        self.pool[piece] -= 1
        self.played.append(piece)
        cell = (column - 1, len(self.columns[column - 1]) - 1)
        if self.wins(mover, cell):
            self.winner = mover
        elif self.wins(mover.other, cell):
            self.winner = mover.other
        elif all(len(c) == ROWS for c in self.columns):
            self.full = True
        return len(self.columns[column - 1])

    def undo(self, column: int) -> None:
        piece = self.columns[column - 1].pop()
        self.pool[piece] += 1
        self.played.pop()
        self.winner = None
        self.full = False

    def value(self, depth: int) -> int:
        """+1 when the player to move forces a win within ``depth`` plies, -1 a loss, else 0."""
        if depth == 0:
            return 0
        mover = self.to_move
        best = -1
        any_move = False
        for piece, column in self.moves():
            any_move = True
            self.play(piece, column)
            if self.winner is mover:
                value = 1
            elif self.winner is not None:
                value = -1
            elif self.full:
                value = 0
            else:
                value = -self.value(depth - 1)
            self.undo(column)
            if value > best:
                best = value
                if best == 1:
                    break
        return best if any_move else 0
