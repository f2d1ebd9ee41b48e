"""The pure rules engine of Mixmo.

Nothing here imports a user interface, prints, reads the clock or draws on
global randomness: every result follows from the arguments (and a seed).

The names below are imported from their modules when first used, so that
importing one module of the engine (``mixmo word`` needs only the word
lists) does not build the grid's and tiles' classes (a tenth of that
command's time).
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOME = {
    **dict.fromkeys(("Direction", "Grid", "GridSyntaxError", "Word"), "grid"),
    **dict.fromkeys(
        (
            "BANDIT",
            "BANDIT_LETTERS",
            "JOKER",
            "TILE_DISTRIBUTION",
            "TILE_SET_SIZE",
            "TILES_PER_PLAYER",
            "Tile",
            "TileKind",
        ),
        "tiles",
    ),
}


def __getattr__(name: str) -> Any:
    """``from mixmo.engine import Grid``: the name, from its module, on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


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
