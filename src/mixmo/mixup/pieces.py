"""MixUp's pieces: three colours times three shapes, six of each, and the pool.

Each piece has a colour and a shape; one player wins with colours, the other
with shapes (``Side``). The pool holds the pieces not yet played; both players
draw from it. Their ``words()`` are English, and the catalogue's message ids: the
edges translate them (``mixmo.i18n.mixup``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar

from mixmo.mixup.messages import N_, MixUpError


class Side(enum.Enum):
    """The two players: the one who wins with colours moves first."""

    COLOUR = "colour"
    SHAPE = "shape"

    @property
    def other(self) -> Side:
        return Side.SHAPE if self is Side.COLOUR else Side.COLOUR

    def words(self) -> str:
        """``colour`` or ``shape``."""
        return _SIDE_WORDS[self]

    def title(self) -> str:
        """``Colour`` or ``Shape``: the side as a heading."""
        return _SIDE_TITLES[self]


_SIDE_WORDS = {Side.COLOUR: N_("colour"), Side.SHAPE: N_("shape")}
_SIDE_TITLES = {Side.COLOUR: N_("Colour"), Side.SHAPE: N_("Shape")}


class Colour(enum.Enum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        """``R``, ``G`` or ``B``: the colour in the board text format (upper case)."""
        return self.value[0].upper()

    def words(self) -> str:
        """``red``, ``green``, ``blue``."""
        return _COLOUR_WORDS[self]


class Shape(enum.Enum):
    MOON = "moon"
    BOLT = "bolt"
    DROP = "drop"

    @property
    def letter(self) -> str:
        """``m``, ``b`` or ``d``: the shape in the board text format (lower case)."""
        return self.value[0]

    @property
    def glyph(self) -> str:
        """A one-cell picture of the shape, readable without colour."""
        return _GLYPHS[self]

    def words(self) -> str:
        """``moon``, ``bolt``, ``drop``."""
        return _SHAPE_WORDS[self]


_GLYPHS = {Shape.MOON: "☾", Shape.BOLT: "ϟ", Shape.DROP: "♦"}
_COLOUR_WORDS = {Colour.RED: N_("red"), Colour.GREEN: N_("green"), Colour.BLUE: N_("blue")}
_SHAPE_WORDS = {Shape.MOON: N_("moon"), Shape.BOLT: N_("bolt"), Shape.DROP: N_("drop")}
_PIECE_WORDS = {
    (Colour.RED, Shape.MOON): N_("red moon"),
    (Colour.RED, Shape.BOLT): N_("red bolt"),
    (Colour.RED, Shape.DROP): N_("red drop"),
    (Colour.GREEN, Shape.MOON): N_("green moon"),
    (Colour.GREEN, Shape.BOLT): N_("green bolt"),
    (Colour.GREEN, Shape.DROP): N_("green drop"),
    (Colour.BLUE, Shape.MOON): N_("blue moon"),
    (Colour.BLUE, Shape.BOLT): N_("blue bolt"),
    (Colour.BLUE, Shape.DROP): N_("blue drop"),
}
"""Each kind whole, so that a language can agree the colour with the shape (lune verte)."""

PIECES_PER_KIND = 6
"""Six of each colour-and-shape: 54 pieces in all."""


class PieceSyntaxError(MixUpError):
    """A piece written with letters that name no colour or shape."""


class NotAPieceError(PieceSyntaxError):
    """Not two letters."""

    code: ClassVar[str] = "not-a-piece"
    template: ClassVar[str] = N_(
        "{code!r} is not a piece: write a colour letter (R, G, B) "
        "and a shape letter (m, b, d), like Rm"
    )

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.text = code

    def fields(self) -> Mapping[str, object]:
        return {"code": self.text}


class NotAColourError(PieceSyntaxError):
    """A first letter that is not R, G or B."""

    code: ClassVar[str] = "not-a-colour"
    template: ClassVar[str] = N_("{letter!r} is not a colour: R (red), G (green) or B (blue)")

    def __init__(self, letter: str) -> None:
        super().__init__(letter)
        self.letter = letter

    def fields(self) -> Mapping[str, object]:
        return {"letter": self.letter}


class NotAShapeError(PieceSyntaxError):
    """A second letter that is not m, b or d."""

    code: ClassVar[str] = "not-a-shape"
    template: ClassVar[str] = N_("{letter!r} is not a shape: m (moon), b (bolt) or d (drop)")

    def __init__(self, letter: str) -> None:
        super().__init__(letter)
        self.letter = letter

    def fields(self) -> Mapping[str, object]:
        return {"letter": self.letter}


@dataclass(frozen=True, slots=True, order=True)
class Piece:
    """One piece: a colour and a shape. Written ``Rm`` (red moon), ``Bb`` (blue bolt)..."""

    colour: Colour
    shape: Shape

    @property
    def code(self) -> str:
        return self.colour.letter + self.shape.letter

    def attribute(self, side: Side) -> Colour | Shape:
        """What counts for ``side``: the colour for the colour player, the shape for the other."""
        return self.colour if side is Side.COLOUR else self.shape

    def describe(self) -> str:
        """``red moon``: the piece in words."""
        return _PIECE_WORDS[(self.colour, self.shape)]

    def words(self) -> str:
        """``red moon``: the piece in words (as ``describe``), in a sentence."""
        return self.describe()

    @classmethod
    def parse(cls, code: str) -> Piece:
        """A piece from its two letters: colour (R, G, B) then shape (m, b, d)."""
        if len(code) != 2:
            raise NotAPieceError(code)
        colour = _COLOURS.get(code[0])
        shape = _SHAPES.get(code[1])
        if colour is None:
            raise NotAColourError(code[0])
        if shape is None:
            raise NotAShapeError(code[1])
        return cls(colour, shape)


_COLOURS = {colour.letter: colour for colour in Colour}
_SHAPES = {shape.letter: shape for shape in Shape}

ALL_PIECES: tuple[Piece, ...] = tuple(Piece(c, s) for c in Colour for s in Shape)
"""The nine kinds of piece, colour by colour: the order the pool lists them in."""


@dataclass(frozen=True, slots=True)
class Pool:
    """How many pieces of each kind are left to play (a kind missing has none left)."""

    counts: tuple[int, ...] = (PIECES_PER_KIND,) * len(ALL_PIECES)

    def __post_init__(self) -> None:
        if len(self.counts) != len(ALL_PIECES) or any(n < 0 for n in self.counts):
            raise ValueError(f"a pool counts nine kinds of piece, none below 0: {self.counts}")

    def count(self, piece: Piece) -> int:
        return self.counts[ALL_PIECES.index(piece)]

    def __contains__(self, piece: object) -> bool:
        return isinstance(piece, Piece) and self.count(piece) > 0

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[Piece]:
        """The kinds still available (one each), in pool order."""
        return (piece for piece, n in zip(ALL_PIECES, self.counts, strict=True) if n)

    def without(self, piece: Piece) -> Pool:
        index = ALL_PIECES.index(piece)
        counts = list(self.counts)
        counts[index] -= 1
        return Pool(tuple(counts))

    def with_back(self, piece: Piece) -> Pool:
        index = ALL_PIECES.index(piece)
        counts = list(self.counts)
        counts[index] += 1
        return Pool(tuple(counts))

    def as_mapping(self) -> Mapping[Piece, int]:
        return dict(zip(ALL_PIECES, self.counts, strict=True))
