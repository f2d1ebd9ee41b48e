"""The bots' levels, by name: what ``--level`` and ``--bots hard,normal`` choose from.

Apart from :mod:`mixmo.engine.bot` so that a command can offer the levels
without loading the bots (and the solver behind them) before a bot plays.
"""

from __future__ import annotations

import enum


class Level(enum.Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"
