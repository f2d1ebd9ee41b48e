"""Hints for players, the smallest useful help first.

* level 1, **a word**: one word the rack can make, attached to the grid if
  there is one (where it goes is in ``cells``, for a client that wants to
  show it only on request);
* level 2, **a hard letter**: the rack's hardest letter (Q, J, X, Z...) and a
  word and a place for it;
* level 3, **a full grid**: :func:`~mixmo.engine.solver.api.solve`'s answer.

Every word a hint proposes is placed on a copy of the grid by the same rules
as the solver's moves, so it is valid where it is proposed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import CodedError, Kind, Message
from mixmo.engine.solver.api import _board_from_grid, parse_rack, solve
from mixmo.engine.solver.board import Board, Move, Words
from mixmo.engine.solver.index import index_for
from mixmo.engine.solver.search import Clock, Search
from mixmo.engine.tiles import Tile
from mixmo.engine.validation import DIRECTIONS
from mixmo.engine.variants import Variant

WORD_GOES = Kind("word-goes", "{word} {direction}")
WORD_CROSSES = Kind(
    "word-crosses", "{word} {direction}, its {letter} on the {letter} at row {row}, column {col}"
)
BAD_LEVEL = Kind(
    "bad-hint-level",
    "a hint level is 1 (a word), 2 (a hard letter) or 3 (a full grid), not {level}",
)
FULL_GRID = Kind("hint-full-grid", "a full grid with every tile")
BEST_GRID_LEAVES = Kind("hint-best-grid-leaves", "the best grid found still leaves {tiles}: {why}")
NO_LETTER_TILE = Kind("hint-no-letter-tile", "the rack holds no letter tile: jokers fit anywhere")
NO_WORD_PLACES = Kind(
    "hint-no-word-places", "no word places {letter} here yet: it may need the grid rearranged"
)
NOTHING_FITS = Kind(
    "hint-nothing-fits", "no word from this rack fits the grid as it is: try a full grid"
)
LETTER_GOES = Kind("hint-letter-goes", "{letter} can go in {where}")
TRY_WORD_AT = Kind("hint-try-word-at", "try {word}: {where}")
TRY_WORD = Kind("hint-try-word", "try {word}")

LEVELS = {1: "a word", 2: "a hard letter", 3: "a full grid"}


@dataclass(frozen=True, slots=True)
class Hint:
    """One hint: a sentence for the player and the facts behind it."""

    level: int
    message: Message
    word: str | None = None
    letter: str | None = None
    """The hard letter a level-2 hint is about."""
    cells: tuple[Cell, ...] = ()
    """Where the word goes, in the grid's coordinates (the first word of an empty grid at row 0)."""
    grid: Grid | None = None
    """The grid with the hint applied (level 3: the solver's grid)."""
    solved: bool = False


def _moves(board: Board, search: Search, letter: str | None, limit: int) -> list[Move]:
    pool = search.root_pool()
    if letter is not None:
        pool = search.index.holding(pool, letter)
    if board.letters:
        moves = search.word_moves(pool, limit * 4)
    else:
        moves = search.first_moves(pool, limit * 4)
    if letter is not None:
        # The hard letter must come from the rack, not from a tile it crosses.
        moves = [m for m in moves if any(ch == letter for _, ch, _ in m.tiles)]
    return moves[:limit]


def _place(board: Board, move: Move) -> Grid:
    board.apply(move)
    try:
        return board.grid()
    finally:
        board.undo(move)


def _where(word: str, cells: Sequence[Cell], new: Sequence[Cell], grid: Grid | None) -> Message:
    """Where a word goes, told by the grid tile it crosses (row and column 1-based, as
    ``mixmo check`` counts them on the player's grid)."""
    direction = DIRECTIONS["across" if cells[0][0] == cells[-1][0] else "down"]()
    crossed = [(i, cell) for i, cell in enumerate(cells) if cell not in new]
    if grid is None or not crossed:
        return WORD_GOES(word=word, direction=direction)
    (top, left), _corner = grid.bounds()
    i, (r, c) = crossed[0]
    return WORD_CROSSES(
        word=word, direction=direction, letter=word[i], row=r - top + 1, col=c - left + 1
    )


def hint(
    rack: Sequence[Tile] | str,
    lexicon: Lexicon,
    variant: Variant | None = None,
    grid: Grid | None = None,
    level: int = 1,
    *,
    budget: float = 1.0,
    seed: int = 0,
    clock: Clock = time.perf_counter,
) -> Hint:
    """The help of ``level`` (1 a word, 2 a hard letter, 3 a full grid) for this rack and grid.

    ``budget`` and ``clock`` bound the level-3 search (see ``solve``); levels
    1 and 2 look at the best-ranked words only and take a few milliseconds.
    """
    if level not in LEVELS:
        raise CodedError(BAD_LEVEL(level=level))
    variant = variant or Variant()
    tiles = parse_rack(rack)
    base = grid if grid is not None and len(grid) else None
    if level == 3:
        result = solve(tiles, lexicon, variant, base, budget=budget, seed=seed, clock=clock)
        if result.solved:
            message = FULL_GRID()
        else:
            left = "".join(tile.symbol for tile in result.tiles_left)
            message = BEST_GRID_LEAVES(tiles=left, why=result.explanation)
        return Hint(3, message, grid=result.grid, solved=result.solved)

    index = index_for(lexicon).prepare(len(tiles) + (len(base) if base else 0) + 1)
    board = Board(Words(lexicon), variant)
    if base is not None:
        _board_from_grid(board, base, lexicon, variant)
    board.add_to_rack(tiles)
    search = Search(board, index, seed=seed, deadline=float("inf"), clock=clock)

    letter: str | None = None
    if level == 2:
        letters = sorted({t.letter for t in tiles if t.letter}, key=lambda c: -index.weight[c])
        for candidate in letters:
            if _moves(board, search, candidate, 1):
                letter = candidate
                break
        if letter is None:
            hardest = letters[0] if letters else None
            if hardest is None:
                return Hint(2, NO_LETTER_TILE())
            return Hint(
                2,
                NO_WORD_PLACES(letter=hardest),
                letter=hardest,
            )
    moves = _moves(board, search, letter, 1)
    if not moves:
        return Hint(level, NOTHING_FITS())
    move = moves[0]
    cells = tuple(cell for cell, _, _ in move.tiles)
    word_cells = _word_cells(move, board)
    placed = _place(board, move)
    where = _where(move.word, word_cells, cells, base)
    if letter is not None:
        message = LETTER_GOES(letter=letter, where=where)
    elif base:
        message = TRY_WORD_AT(word=move.word, where=where)
    else:
        message = TRY_WORD(word=move.word)
    return Hint(level, message, word=move.word, letter=letter, cells=cells, grid=placed)


def _word_cells(move: Move, board: Board) -> tuple[Cell, ...]:
    """The cells of the move's main word (its new tiles and the tiles it crosses)."""
    new = [cell for cell, _, _ in move.tiles]
    if len(new) == 1:
        return tuple(new)
    (r0, c0), (r1, _) = new[0], new[-1]
    step = (0, 1) if r0 == r1 else (1, 0)
    # Walk back to the word's first cell, then forward over its letters.
    r, c = r0, c0
    while (r - step[0], c - step[1]) in board.letters:
        r, c = r - step[0], c - step[1]
    return tuple((r + i * step[0], c + i * step[1]) for i in range(len(move.word)))
