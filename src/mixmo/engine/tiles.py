"""Tiles: the 26 letters, the two jokers and the Bandit, and the 120-tile set.

A tile is a small frozen value. Its one-character *symbol* is the same as in
the grid text format: ``A``-``Z`` for a letter, ``?`` for an open joker,
``a``-``z`` for a joker declared as that letter, ``!`` for the Bandit.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mixmo.engine.messages import CodedError, Kind

JOKER_NAME = Kind("a-joker", "joker")
BANDIT_NAME = Kind("the-bandit", "Bandit")
NOT_A_LETTER = Kind("not-a-letter", "a letter tile needs a letter A-Z, not {letter!r}")
JOKER_NOT_A_LETTER = Kind(
    "joker-not-a-letter", "a joker can only be declared as a letter A-Z, not {letter!r}"
)
BANDIT_DECLARED = Kind(
    "bandit-declared", "the Bandit is never declared: its letter is found among K W X Y Z"
)
NOT_A_TILE = Kind("not-a-tile", "{symbol!r} is not a tile (A-Z, a-z for a declared joker, ? or !)")
PLAYER_COUNT = Kind("player-count", "Mixmo is played by {least} to {most} players, not {players}")

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWERCASE_LETTERS = LETTERS.lower()
BANDIT_LETTERS = "KWXYZ"
"""The only letters the Bandit may stand for."""

HARD_LETTERS = frozenset("KWXYZ")
"""Letters whose placed tiles earn a bonus with the points option."""


class TileKind(enum.Enum):
    """What a tile is, independent of the letter it may stand for."""

    LETTER = "letter"
    JOKER = "joker"
    BANDIT = "bandit"


class TileError(CodedError):
    """A character or letter that names no tile."""


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile of the set.

    ``letter`` is the printed letter for a letter tile, the declared letter
    for a declared joker, and ``None`` for an open joker or the Bandit (whose
    letter the validator finds). Tiles of one kind order as their letters do.
    """

    kind: TileKind
    letter: str | None = None

    def __post_init__(self) -> None:
        if self.kind is TileKind.LETTER and (self.letter is None or self.letter not in LETTERS):
            raise TileError(NOT_A_LETTER(letter=self.letter))
        if self.kind is TileKind.JOKER and self.letter is not None and self.letter not in LETTERS:
            raise TileError(JOKER_NOT_A_LETTER(letter=self.letter))
        if self.kind is TileKind.BANDIT and self.letter is not None:
            raise TileError(BANDIT_DECLARED())

    @classmethod
    def from_symbol(cls, symbol: str) -> Tile:
        """The tile a grid-format character stands for."""
        if len(symbol) == 1:
            if symbol in LETTERS:
                return cls(TileKind.LETTER, symbol)
            if symbol == "?":
                return JOKER
            if symbol == "!":
                return BANDIT
            if symbol in LOWERCASE_LETTERS:
                return cls(TileKind.JOKER, symbol.upper())
        raise TileError(NOT_A_TILE(symbol=symbol))

    @property
    def symbol(self) -> str:
        """The character that stands for this tile in the grid text format."""
        if self.kind is TileKind.LETTER:
            assert self.letter is not None
            return self.letter
        if self.kind is TileKind.BANDIT:
            return "!"
        return "?" if self.letter is None else self.letter.lower()

    @property
    def is_blank(self) -> bool:
        """True for the tiles whose letter is not printed on them (jokers, Bandit)."""
        return self.kind is not TileKind.LETTER

    @property
    def is_open(self) -> bool:
        """True when the validator must find the letter (open joker, Bandit)."""
        return self.letter is None

    @property
    def set_key(self) -> str:
        """The key of this tile in :data:`TILE_DISTRIBUTION` (a declared joker is a joker)."""
        if self.kind is TileKind.LETTER:
            assert self.letter is not None
            return self.letter
        return "?" if self.kind is TileKind.JOKER else "!"

    def allowed_letters(self) -> str:
        """The letters this tile may stand for."""
        if self.letter is not None:
            return self.letter
        return BANDIT_LETTERS if self.kind is TileKind.BANDIT else LETTERS

    def __str__(self) -> str:
        return self.symbol


JOKER = Tile(TileKind.JOKER)
BANDIT = Tile(TileKind.BANDIT)

TILE_DISTRIBUTION: Mapping[str, int] = MappingProxyType(
    {
        "A": 10, "B": 2, "C": 3, "D": 4, "E": 17, "F": 2, "G": 3, "H": 3, "I": 9,
        "J": 2, "K": 1, "L": 6, "M": 3, "N": 7, "O": 7, "P": 3, "Q": 2, "R": 6,
        "S": 7, "T": 7, "U": 6, "V": 3, "W": 1, "X": 1, "Y": 1, "Z": 1,
        "?": 2, "!": 1,
    }
)  # fmt: skip
"""How many of each tile the set holds, keyed by :attr:`Tile.set_key` (rulebook table)."""

TILE_SET_SIZE = 120
assert sum(TILE_DISTRIBUTION.values()) == TILE_SET_SIZE

TILES_PER_PLAYER: Mapping[int, int] = MappingProxyType({2: 60, 3: 40, 4: 30, 5: 24, 6: 20})
"""How many tiles each grid holds at the end of a round, by number of players."""

MIN_PLAYERS = min(TILES_PER_PLAYER)
MAX_PLAYERS = max(TILES_PER_PLAYER)


def full_tile_set() -> list[Tile]:
    """Every tile of the set, in a fixed order (A..Z, jokers, Bandit)."""
    return [Tile.from_symbol(key) for key, count in TILE_DISTRIBUTION.items() for _ in range(count)]


def tiles_per_player(players: int) -> int:
    """The tiles-per-player count of the rulebook for ``players`` players."""
    try:
        return TILES_PER_PLAYER[players]
    except KeyError:
        raise CodedError(
            PLAYER_COUNT(least=MIN_PLAYERS, most=MAX_PLAYERS, players=players)
        ) from None


def excess_over_set(tiles: Iterable[Tile]) -> dict[str, tuple[int, int]]:
    """Tiles held more times than the set has them: ``{set_key: (held, in_set)}``."""
    held = Counter(tile.set_key for tile in tiles)
    return {
        key: (count, TILE_DISTRIBUTION[key])
        for key, count in sorted(held.items())
        if count > TILE_DISTRIBUTION[key]
    }
