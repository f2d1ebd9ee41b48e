"""What ``mixmo solve`` needs from the engine: one call from its options, and a JSON-ready dict.

The command line stays a thin layer: it reads the grid file, opens a
:class:`SolveSession` once per run (the dictionary and the solver's index are
loaded and built once, however many racks follow), and prints
:func:`result_as_dict` (``--json``) or a view of the grid (Rich).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import CodedError, Kind, Message
from mixmo.engine.solver.api import SolveResult, parse_rack, solve
from mixmo.engine.solver.index import index_for
from mixmo.engine.solver.search import Clock
from mixmo.engine.tiles import Tile
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant, variant_for

GRID_NOT_VALID = Kind("grid-to-complete-invalid", "the grid to complete is not valid: {problem}")


class InvalidGridError(CodedError):
    """The grid to complete breaks a rule (a grid the player gave, not a rack)."""


@dataclass(frozen=True, slots=True)
class GridMend:
    """How an invalid grid to complete was mended before the rack was added to it: a
    player mid-game asks how to finish a grid that is not valid yet."""

    problems: tuple[Message, ...]
    """What is wrong with the grid as given (as `mixmo check` words it)."""
    taken_back: tuple[Tile, ...]
    """The tiles taken off it (the solver lays them again with the rack)."""
    kept: Grid
    """What stayed of it: a valid grid, or empty when every tile is laid again."""


def mend(grid: Grid, lexicon: Lexicon, variant: Variant) -> GridMend | None:
    """None for a valid grid; otherwise the largest valid part of it found by taking off
    the tiles of each problem (again, while what is left breaks a rule), and the rest."""
    report = validate(grid, lexicon, variant)
    if report.valid:
        return None
    problems = tuple(problem.message for problem in report.problems)
    kept = grid
    while len(kept) and not report.valid:
        bad = {cell for problem in report.problems for cell in problem.cells}
        if len(kept.groups()) > 1:  # keep the largest group: the others come back as tiles
            bad |= set(kept) - kept.groups()[0]
        if not bad & set(kept):
            kept = Grid()  # a rule no tile can be taken off for: lay every tile again
            break
        kept = Grid((cell, tile) for cell, tile in kept.items() if cell not in bad)
        report = validate(kept, lexicon, variant)
    taken_back = tuple(tile for cell, tile in grid.items() if cell not in kept)
    return GridMend(problems, taken_back, kept)


class SolveSession:
    """One dictionary and one variant for every rack of a run.

    Opening a word list and building the solver's index for it cost far more
    than solving a rack (0.5-2 s against milliseconds): a session pays them
    once, and says what each rack paid in :attr:`setup_seconds`, so that the
    figures a user sees count the set-up honestly.

    Raises :class:`~mixmo.engine.lexicon.LexiconError` for a dictionary that
    cannot be opened (a ``ValueError``).
    """

    def __init__(
        self,
        *,
        lang: str = "en",
        dict_spec: str | None = None,
        expert: bool = False,
        lexicon: Lexicon | None = None,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.clock = clock
        start = clock()
        self.lexicon = lexicon if lexicon is not None else open_lexicon(dict_spec, lang)
        self.variant = variant_for(expert=expert)
        self._pending_setup = clock() - start
        self.setup_seconds = 0.0
        """What the last rack paid before its search: opening the dictionary (the
        first rack only) and indexing words as long as it needs (when no rack before
        it was as long)."""
        self.mended: GridMend | None = None
        """How the last rack's grid to complete was mended (None: it was valid)."""

    def solve(
        self,
        letters: str,
        *,
        grid_text: str | None = None,
        seconds: float | None = 2.0,
        seed: int = 0,
        mend_grid: bool = True,
    ) -> SolveResult:
        """Solve one rack; see :func:`solve_request` for the errors it raises. An invalid
        grid to complete is mended (:func:`mend`, told in :attr:`mended`): its problem
        tiles join the rack; with ``mend_grid=False`` it is refused instead."""
        start = self.clock()
        tiles = parse_rack(letters)
        grid = Grid.parse(grid_text) if grid_text is not None else None
        self.mended = None
        if grid is not None and len(grid):
            self.mended = mend(grid, self.lexicon, self.variant)
            if self.mended is not None:
                if not mend_grid:
                    raise InvalidGridError(GRID_NOT_VALID(problem=self.mended.problems[0]))
                tiles = [*tiles, *self.mended.taken_back]
                grid = self.mended.kept if len(self.mended.kept) else None
        longest = len(tiles) + (len(grid) if grid is not None else 0) + 1
        index_for(self.lexicon).prepare(longest)
        self.setup_seconds = self._pending_setup + self.clock() - start
        self._pending_setup = 0.0
        return solve(
            tiles, self.lexicon, self.variant, grid, budget=seconds, seed=seed, clock=self.clock
        )


def solve_request(
    letters: str,
    *,
    grid_text: str | None = None,
    lang: str = "en",
    dict_spec: str | None = None,
    expert: bool = False,
    seconds: float = 2.0,
    seed: int = 0,
    clock: Clock = time.perf_counter,
) -> tuple[SolveResult, Lexicon, Variant]:
    """Solve ``letters`` (grid symbols: ``?`` joker, ``!`` Bandit) for the command's options.

    Raises :class:`~mixmo.engine.tiles.TileError` for a character that is no
    tile, :class:`~mixmo.engine.grid.GridSyntaxError` for an unreadable grid,
    :class:`~mixmo.engine.lexicon.LexiconError` for a dictionary that cannot be
    opened, and :class:`~mixmo.engine.solver.index.SolverLexiconError` for one
    the solver cannot draw words from: all ``ValueError``, exit status 2.
    One rack only: for many, open a :class:`SolveSession` once.
    """
    session = SolveSession(lang=lang, dict_spec=dict_spec, expert=expert, clock=clock)
    result = session.solve(letters, grid_text=grid_text, seconds=seconds, seed=seed)
    return result, session.lexicon, session.variant


def result_as_dict(result: SolveResult, lexicon: Lexicon, variant: Variant) -> dict[str, Any]:
    """The result for ``--json``: the grid text, its words, and what is left."""
    words: list[str] = []
    if len(result.grid):
        words = [verdict.text for verdict in validate(result.grid, lexicon, variant).words]
    return {
        "solved": result.solved,
        "proven_impossible": result.proven_impossible,
        "grid": result.grid.normalized().to_text(),
        "words": words,
        "tiles_left": "".join(tile.symbol for tile in result.tiles_left),
        "elapsed": round(result.elapsed, 4),
        "explanation": str(result.explanation),
        "lexicon": lexicon.name,
        "variant": variant.name,
    }
