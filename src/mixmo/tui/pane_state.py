"""What the interface remembers of each player beyond the engine: cursor, selection, rack order."""

from __future__ import annotations

from dataclasses import dataclass, field

from mixmo.engine.grid import Cell, Direction, Grid
from mixmo.engine.state import PlayerState
from mixmo.engine.tiles import Tile


@dataclass
class PaneState:
    """What the interface remembers of one player beyond the engine: cursor, selection, rack order."""

    cursor: Cell = (0, 0)
    direction: Direction = Direction.ACROSS
    anchor: Cell | None = None
    selection: frozenset[Cell] = frozenset()
    rack: tuple[Tile, ...] = ()
    picked: int | None = None
    highlight: str | None = None
    message: str = ""
    said_at: float = 0.0
    """Game time of the message: it goes after a while (see news.PANE_NEWS_SECONDS)."""
    shown: PlayerState | None = field(default=None, repr=False)


def reconcile(order: tuple[Tile, ...], rack: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The rack in the player's chosen order: kept tiles first, in order, new tiles after."""
    left = list(rack)
    kept = []
    for tile in order:
        if tile in left:
            left.remove(tile)
            kept.append(tile)
    return tuple(kept + left)


def rectangle(corner: Cell, other: Cell) -> frozenset[Cell]:
    """Every cell of the block between two corners."""
    (r1, c1), (r2, c2) = corner, other
    return frozenset(
        (r, c)
        for r in range(min(r1, r2), max(r1, r2) + 1)
        for c in range(min(c1, c2), max(c1, c2) + 1)
    )


def near_the_tiles(cursor: Cell, grid: Grid, margin: int) -> Cell:
    """``cursor`` if it is within ``margin`` cells of ``grid``'s tiles, else the tile
    nearest their middle: a screen that opens on a grid (a resume without its view, a
    seat taken back at a server) starts on the tiles, not on a start square far away."""
    if not grid:
        return cursor
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    row, col = cursor
    if min(rows) - margin <= row <= max(rows) + margin and (
        min(cols) - margin <= col <= max(cols) + margin
    ):
        return cursor
    middle = ((min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2)
    return min(grid, key=lambda cell: (abs(cell[0] - middle[0]) + abs(cell[1] - middle[1]), cell))
