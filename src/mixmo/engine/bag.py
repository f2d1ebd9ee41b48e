"""The bag: the face-down tiles, shuffled from a seed so every draw can be replayed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from mixmo.engine.tiles import Tile, full_tile_set


class BagEmptyError(ValueError):
    """A draw asked for more tiles than the bag holds."""


@dataclass(frozen=True, slots=True)
class Bag:
    """The tiles left to draw, in the order they will come out.

    A bag is a value: :meth:`draw` returns the tiles and the bag that is left,
    so a game state can keep, compare and serialise it.
    """

    tiles: tuple[Tile, ...]

    @classmethod
    def shuffled(cls, seed: int | str) -> Bag:
        """The full 120-tile set in an order fixed by ``seed``."""
        tiles = full_tile_set()
        random.Random(seed).shuffle(tiles)
        return cls(tuple(tiles))

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, count: int) -> tuple[tuple[Tile, ...], Bag]:
        """Take ``count`` tiles from the top; the tiles and the bag that is left."""
        if count < 0:
            raise ValueError(f"cannot draw a negative number of tiles ({count})")
        if count > len(self.tiles):
            raise BagEmptyError(f"cannot draw {count} tiles: the bag holds {len(self.tiles)}")
        return self.tiles[:count], Bag(self.tiles[count:])
