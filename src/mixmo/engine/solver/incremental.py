"""Taking words back from a player's grid, when the new tiles do not attach as it is.

A word's *own* tiles are those that no word across it shares. Taking them
back leaves every other word whole, so the grid stays valid as long as it
stays in one piece. The solver then places the rack plus those tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mixmo.engine.grid import Cell
from mixmo.engine.solver.board import BANDIT_KIND, JOKER, STEPS, Board


def _runs(board: Board) -> list[tuple[str, list[Cell], Cell]]:
    """Every word on the board: its text, cells and step."""
    letters = board.letters
    runs = []
    for step in STEPS:
        dr, dc = step
        for r, c in sorted(letters):
            if (r - dr, c - dc) in letters:
                continue
            cells = []
            cell = (r, c)
            while cell in letters:
                cells.append(cell)
                cell = (cell[0] + dr, cell[1] + dc)
            if len(cells) >= 2:
                runs.append(("".join(letters[x] for x in cells), cells, step))
    return runs


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(cells)


def own_tiles(board: Board, cells: list[Cell], step: Cell) -> list[Cell]:
    """The cells of a word that no crossing word shares."""
    letters = board.letters
    cross = (step[1], step[0])
    return [
        (r, c)
        for (r, c) in cells
        if (r - cross[0], c - cross[1]) not in letters
        and (r + cross[0], c + cross[1]) not in letters
    ]


def take_back(board: Board, cells: list[Cell]) -> None:
    """Move the tiles on ``cells`` from the board to the rack."""
    for cell in cells:
        letter = board.letters.pop(cell)
        kind = board.kinds.pop(cell, None)
        board.fixed.pop(cell, None)
        if kind == JOKER:
            board.jokers += 1
        elif kind == BANDIT_KIND:
            board.bandits += 1
        else:
            board.rack[letter] += 1


def rip_candidates(
    make: Callable[[], Board], limit: int, pairs: int = 0
) -> Iterator[tuple[int, Board]]:
    """Boards with one word's own tiles taken back, fewest tiles first (at most ``limit``),
    then with two words' own tiles taken back (at most ``pairs``).

    A pair is tried only when the two take back no more tiles than the longest
    word of the grid holds, as a person takes back "a word or two", never half
    the grid.
    """
    board = make()
    runs = _runs(board)
    longest = max((len(cells) for _, cells, _ in runs), default=0)
    singles: list[tuple[int, int, list[Cell]]] = []
    for i, (_, cells, step) in enumerate(runs):
        own = own_tiles(board, cells, step)
        if not own or len(own) == len(board.letters):
            continue
        singles.append((len(own), i, own))
    singles.sort()
    options = [o for o in singles if _connected(set(board.letters) - set(o[2]))][:limit]
    doubles: list[tuple[int, int, list[Cell]]] = []
    for a, (_, i, own_a) in enumerate(singles):
        for _, j, own_b in singles[a + 1 :]:
            both = sorted(set(own_a) | set(own_b))
            if len(both) > longest or len(both) >= len(board.letters):
                continue
            if _connected(set(board.letters) - set(both)):
                doubles.append((len(both), i * len(runs) + j, both))
    doubles.sort()
    options += doubles[:pairs]
    for count, _, own in options:
        ripped = make()
        take_back(ripped, own)
        # The words on the board: recount from scratch after the change.
        ripped.on_board.clear()
        ripped.on_board.update(text for text, _, _ in _runs(ripped))
        yield count, ripped


def attach_word(board: Board, word: str) -> bool:
    """Place ``word`` on the board from its rack, through a tile already there
    (or first, on an empty board); True when it fits (the board then holds it)."""
    if not board.letters:
        move = board.try_word(word, (0, 0), STEPS[0])
        if move is not None:
            board.apply(move)
        return move is not None
    anchors = board.anchors()
    for p, ch in enumerate(word):
        for (r, c), (dr, dc) in anchors.get(ch, ()):
            move = board.try_word(word, (r - p * dr, c - p * dc), (dr, dc))
            if move is not None:
                board.apply(move)
                return True
    return False
