"""The pure rules engine of Mixmo.

Nothing here imports a user interface, prints, reads the clock or draws on
global randomness: every result follows from the arguments (and a seed).
"""

from mixmo.engine.grid import Direction, Grid, GridSyntaxError, Word
from mixmo.engine.tiles import (
    BANDIT,
    BANDIT_LETTERS,
    JOKER,
    TILE_DISTRIBUTION,
    TILE_SET_SIZE,
    TILES_PER_PLAYER,
    Tile,
    TileKind,
)

__all__ = [
    "BANDIT",
    "BANDIT_LETTERS",
    "JOKER",
    "TILES_PER_PLAYER",
    "TILE_DISTRIBUTION",
    "TILE_SET_SIZE",
    "Direction",
    "Grid",
    "GridSyntaxError",
    "Tile",
    "TileKind",
    "Word",
]
