"""Why a MIXMO was wrong, in terms a player can find on their board.

The engine's reasons name places by board coordinates ("1 tile at row 0", "across
at row 3, column 21"): right for `mixmo check`, whose rows are the grid file's
lines, but the game's board has no row numbers and its origin is wherever the
first tile went. On screen a reason is therefore reworded from the player's grid
(unchanged since the call: the caller is locked, or out of the round):

- tiles that do not touch the rest are named by their letters and where they lie
  next to the main group ("M (right of the E of TEXT) stands apart"), or all of
  them when no group is the largest ("the grid is in 2 pieces: TO, MY");
- any other place counts rows and columns from the grid's top-left tile, row 1,
  column 1 (the engine's own sentence for the grid moved to start there).

Pure functions over engine values (no Textual), so they are tested alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import Message
from mixmo.engine.validation import ProblemKind, ValidationReport, validate
from mixmo.engine.variants import Variant
from mixmo.i18n import N_, _, ngettext
from mixmo.i18n.messages import say

PLACES = {
    (0, 1): N_("right of"),
    (0, -1): N_("left of"),
    (-1, 0): N_("above"),
    (1, 0): N_("below"),
    (-1, 1): N_("above and right of"),
    (-1, -1): N_("above and left of"),
    (1, 1): N_("below and right of"),
    (1, -1): N_("below and left of"),
}
"""Where a stray tile lies from the nearest tile of the main group, by the signs of
the row and column steps from that tile to it."""


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


Letters = Mapping[Cell, str]
"""The letters the checker found for open jokers and the Bandit (the board shows them)."""


def _letter(grid: Grid, cell: Cell, letters: Letters) -> str:
    """A tile as the board shows it: its letter, a joker's (declared or found), else ? or !."""
    tile = grid[cell]
    letter = tile.letter or letters.get(cell)
    return letter.upper() if letter else tile.symbol


def _spelt(grid: Grid, cells: tuple[Cell, ...], letters: Letters) -> str:
    return "".join(_letter(grid, cell, letters) for cell in cells)


def _longest_word(
    grid: Grid, cells: frozenset[Cell], letters: Letters, through: Cell | None = None
) -> str | None:
    """The longest word of ``grid`` made of ``cells`` only (through ``through`` if given)."""
    words = [
        word
        for word in grid.words()
        if all(cell in cells for cell in word.cells) and (through is None or through in word.cells)
    ]
    if not words:
        return None
    best = max(words, key=lambda word: (len(word), -word.start[0], -word.start[1]))
    return _spelt(grid, best.cells, letters)


def group_label(grid: Grid, group: frozenset[Cell], letters: Letters) -> str:
    """A group of tiles by its letters: one tile's letter, else its longest word
    (and "and the tiles on it" when it holds more than that word)."""
    if len(group) == 1:
        return _letter(grid, next(iter(group)), letters)
    word = _longest_word(grid, group, letters)
    if word is None:  # cannot happen: two touching tiles make a word
        return " ".join(_letter(grid, cell, letters) for cell in sorted(group))
    if len(word) == len(group):
        return word
    return _("{word} and the tiles on it").format(word=word)


def _nearest(stray: frozenset[Cell], main: frozenset[Cell]) -> tuple[Cell, Cell]:
    """The closest pair of a stray tile and a main-group tile: fewest steps, then in one
    row or column ("right of" reads better than "above and right of"), then reading order."""
    return min(
        ((s, m) for s in stray for m in main),
        key=lambda pair: (
            abs(pair[0][0] - pair[1][0]) + abs(pair[0][1] - pair[1][1]),
            pair[0][0] != pair[1][0] and pair[0][1] != pair[1][1],  # straight before diagonal
            pair[1],
            pair[0],
        ),
    )


def where_apart(grid: Grid, stray: frozenset[Cell], main: frozenset[Cell], letters: Letters) -> str:
    """Where ``stray`` lies next to the main group: "right of the E of TEXT"."""
    near, anchor = _nearest(stray, main)
    place = _(PLACES[(_sign(near[0] - anchor[0]), _sign(near[1] - anchor[1]))])
    letter = _letter(grid, anchor, letters)
    word = _longest_word(grid, main, letters, through=anchor)
    if word is None:
        return _("{place} the {letter}").format(place=place, letter=letter)
    return _("{place} the {letter} of {word}").format(place=place, letter=letter, word=word)


def apart_sentence(grid: Grid, letters: Letters | None = None) -> str:
    """The tiles that do not touch the rest of ``grid``, by letters and place (short:
    a pane's news line is two lines of a narrow pane)."""
    letters = letters or {}
    groups = grid.groups()
    if len(groups) > 1 and len(groups[0]) == len(groups[1]):  # no main group to measure by
        labels = ", ".join(group_label(grid, group, letters) for group in groups)
        return ngettext(
            "the grid is in {count} piece: {groups}",
            "the grid is in {count} pieces: {groups}",
            len(groups),
        ).format(count=len(groups), groups=labels)
    main, stray = groups[0], groups[1]
    others = len(groups) - 2
    named = _("{tiles} ({place})").format(
        tiles=group_label(grid, stray, letters), place=where_apart(grid, stray, main, letters)
    )
    if not others:
        return _("{tiles} stands apart").format(tiles=named)
    return ngettext(
        "{tiles} and {count} other group stand apart",
        "{tiles} and {count} other groups stand apart",
        others,
    ).format(tiles=named, count=others)


def board_problems(
    grid: Grid,
    lexicon: Lexicon,
    variant: Variant,
    *,
    theme: str | None = None,
    theme_words: Iterable[str] = (),
) -> list[str]:
    """Every problem of ``grid`` (checked as :func:`~mixmo.engine.validation.validate`
    checks it), in the engine's order, as the board shows it: tiles apart named by
    letters and place, other places counted from the grid's top-left tile."""
    moved = grid.normalized()  # the same problems in the same order: only places change
    report = validate(moved, lexicon, variant, theme=theme, theme_words=theme_words)
    letters = {tile.cell: tile.letter for tile in report.open_tiles if tile.letter}
    return [
        apart_sentence(moved, letters)
        if problem.kind is ProblemKind.DISCONNECTED
        else say(problem.message)
        for problem in report.problems
    ]


def for_the_board(
    reason: Message, grid: Grid, report: ValidationReport, lexicon: Lexicon, variant: Variant
) -> str:
    """``reason`` (one of the engine's reasons for ``grid``, whose verdict is ``report``)
    in terms the board shows; a reason that is not one of the grid's problems (tiles
    left on the rack) is said as it is."""
    messages = [problem.message for problem in report.problems]
    if reason not in messages:
        return say(reason)
    shown = board_problems(grid, lexicon, variant)
    if len(shown) != len(messages):
        return say(reason)
    return shown[messages.index(reason)]
