"""A whole game between two computer players, as records (``mixmo mixup --headless``).

The records are plain dicts, ready for JSON: first the board, then one per
move, last the result, in the shapes documented in docs/mixup.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mixmo.mixup.board import COLUMNS, ROWS
from mixmo.mixup.game import GameWon, MixUpGame, Outcome
from mixmo.mixup.levels import ComputerPlayer, Level
from mixmo.mixup.pieces import Side


def play_headless(seed: int, colour: Level, shape: Level) -> Iterator[dict[str, Any]]:
    """Play a game between ``colour`` and ``shape`` levels; yield the records as they happen."""
    rng = random.Random(seed)
    players = {
        Side.COLOUR: ComputerPlayer(colour, rng.randrange(2**31)),
        Side.SHAPE: ComputerPlayer(shape, rng.randrange(2**31)),
    }
    game = MixUpGame()
    yield {
        "board": {"columns": COLUMNS, "rows": ROWS},
        "seed": seed,
        "levels": {"colour": colour.value, "shape": shape.value},
    }
    while not game.state.over:
        side = game.state.to_move
        move = players[side].choose(game.state)
        game.apply(move)
        last = game.state.moves[-1]
        yield {
            "player": side.value,
            "piece": {"colour": last.piece.colour.value, "shape": last.piece.shape.value},
            "column": last.column,
            "row": last.row,
        }
    yield result_record(game)


def result_record(game: MixUpGame) -> dict[str, Any]:
    """``{"result": "colour"|"shape"|"draw", "line": [[column, row], ...]}``."""
    state = game.state
    both = any(isinstance(e, GameWon) and e.both for e in game.events[-2:])
    record: dict[str, Any] = {
        "result": state.outcome.value,
        "line": [list(cell) for cell in state.line],
    }
    if state.outcome is not Outcome.DRAW and both:
        record["both"] = True
    return record
