"""The solver: complete any rack into a valid grid, fast; and hints for players.

``solve(rack, lexicon, variant, grid, budget=..., seed=..., clock=...)`` returns a
:class:`SolveResult`; ``hint(rack, lexicon, variant, grid, level)`` a :class:`Hint`.
See docs/solver.md for the design and the measured figures.
"""

from mixmo.engine.solver.api import SolveResult, parse_rack, solve
from mixmo.engine.solver.hints import Hint, hint
from mixmo.engine.solver.index import LexiconIndex, SolverLexiconError, index_for
from mixmo.engine.solver.request import result_as_dict, solve_request

__all__ = [
    "Hint",
    "LexiconIndex",
    "SolveResult",
    "SolverLexiconError",
    "hint",
    "index_for",
    "parse_rack",
    "result_as_dict",
    "solve",
    "solve_request",
]
