"""What ``mixmo solve`` needs from the engine: one call from its options, and a JSON-ready dict.

The command line stays a thin layer: it reads the grid file, calls
:func:`solve_request`, and prints :func:`result_as_dict` (``--json``) or a
view of the grid (Rich).
"""

from __future__ import annotations

import time
from typing import Any

from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import Lexicon, open_lexicon
from mixmo.engine.solver.api import SolveResult, parse_rack, solve
from mixmo.engine.solver.search import Clock
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant, variant_for


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
    """
    lexicon = open_lexicon(dict_spec, lang)
    variant = variant_for(expert=expert)
    grid = Grid.parse(grid_text) if grid_text is not None else None
    if grid is not None and len(grid):
        report = validate(grid, lexicon, variant)
        if not report.valid:
            raise ValueError(f"the grid to complete is not valid: {report.problems[0]}")
    result = solve(
        parse_rack(letters), lexicon, variant, grid, budget=seconds, seed=seed, clock=clock
    )
    return result, lexicon, variant


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
        "explanation": result.explanation,
        "lexicon": lexicon.name,
        "variant": variant.name,
    }
