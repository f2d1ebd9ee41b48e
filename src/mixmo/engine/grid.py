"""A player's grid: tiles on an unbounded board, its words, and its text format.

The text format (docs/grid-format.md) is one row per line and one cell per
character: ``.`` or a space is an empty cell, ``A``-``Z`` a letter, ``?`` an
open joker, ``a``-``z`` a joker declared as that letter, ``!`` the Bandit.
Lines that start with ``#`` are comments; blank lines before and after the
grid are ignored. ``Grid.parse(grid.to_text()) == grid.normalized()``.

Reading is linear in the size of the text, and a text larger than any real
grid (:data:`MAX_TEXT_CHARS`, :data:`MAX_COLUMNS`, :data:`MAX_ROWS`,
:data:`MAX_TILES`) is refused at once with :class:`GridTooLargeError`, so that
no input can make a check hang or fill the memory. A whole Mixmo set is about
120 tiles: the limits are far above any grid a game can build.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mixmo.engine.messages import CodedError, Kind, Message, Plural
from mixmo.engine.tiles import Tile

NOT_A_GRID_CELL = Kind("not-a-grid-cell", "{char!r} is not a grid cell (use A-Z, a-z, ?, ! or .)")
AT_PLACE = Kind("at-line-col", "{line}:{col}: {problem}")
AND_MORE = Plural("and-more", "{problem} (and {count} more)", "{problem} (and {count} more)")
TEXT_TOO_LONG = Kind(
    "grid-text-too-long",
    "the grid text is longer than {count} characters (a Mixmo grid is far smaller)",
)
TOO_MANY_ROWS = Kind("grid-too-many-rows", "the grid has more than {count} rows")
TOO_WIDE = Kind("grid-too-wide", "the row is wider than {count} columns")
TOO_MANY_TILES = Kind("grid-too-many-tiles", "the grid holds more than {count} tiles")

Cell = tuple[int, int]
"""A board position as ``(row, col)``; rows grow downwards, columns rightwards."""

EMPTY_SYMBOLS = frozenset(". ")

MAX_TEXT_CHARS = 1_000_000
"""The longest grid text read, in characters (comments included)."""
MAX_COLUMNS = 1_000
"""The widest grid row, in cells."""
MAX_ROWS = 1_000
"""The most grid rows, blank rows inside the grid included."""
MAX_TILES = 10_000
"""The most tiles in one grid text (a whole Mixmo set is about 120)."""
MAX_REPORTED = 100
"""Bad characters listed one by one; the rest are only counted."""

_TILE_OF: dict[str, Tile] = {
    symbol: Tile.from_symbol(symbol)
    for symbol in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz?!"
}
"""Every cell character and its (immutable, shared) tile: one dictionary look-up per cell."""


class Direction(enum.Enum):
    """The two reading directions of Mixmo words."""

    ACROSS = "across"
    DOWN = "down"

    @property
    def step(self) -> Cell:
        return (0, 1) if self is Direction.ACROSS else (1, 0)


@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    """One unreadable character of a grid text, at a 1-based line and column."""

    line: int
    col: int
    char: str

    @property
    def message(self) -> Message:
        return AT_PLACE(line=self.line, col=self.col, problem=NOT_A_GRID_CELL(char=self.char))

    def __str__(self) -> str:
        return str(self.message)


class GridSyntaxError(CodedError):
    """A grid text holds characters that are not cells; lists them (the first
    :data:`MAX_REPORTED` one by one) and counts them all."""

    def __init__(self, problems: Iterable[SyntaxProblem], total: int | None = None) -> None:
        self.problems = tuple(problems)
        self.total = max(total or 0, len(self.problems))
        first = self.problems[0]
        more = self.total - 1
        message = first.message
        super().__init__(AND_MORE(problem=message, count=more) if more else message)

    @property
    def line(self) -> int:
        return self.problems[0].line

    @property
    def col(self) -> int:
        return self.problems[0].col


class GridTooLargeError(GridSyntaxError):
    """A grid text beyond the stated limits; refused before it is read in full."""

    def __init__(self, line: int, col: int, message: Message) -> None:
        self.problems = ()
        self.total = 1
        self._where = (line, col)
        CodedError.__init__(self, AT_PLACE(line=line, col=col, problem=message))

    @property
    def line(self) -> int:
        return self._where[0]

    @property
    def col(self) -> int:
        return self._where[1]


class CellOccupiedError(ValueError):
    """A tile was put on a cell that already holds one."""


class EmptyCellError(ValueError):
    """A tile was taken from a cell that holds none."""


@dataclass(frozen=True, slots=True)
class Word:
    """A maximal run of two or more tiles in one direction.

    ``tiles`` are in reading order; the letters of open jokers and of the
    Bandit are not known here (see :mod:`mixmo.engine.jokers`).
    """

    start: Cell
    direction: Direction
    tiles: tuple[Tile, ...]

    @property
    def cells(self) -> tuple[Cell, ...]:
        (row, col), (drow, dcol) = self.start, self.direction.step
        return tuple((row + i * drow, col + i * dcol) for i in range(len(self.tiles)))

    @property
    def pattern(self) -> str:
        """The word as grid symbols, e.g. ``CA?`` or ``!EBRa``."""
        return "".join(tile.symbol for tile in self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def has_open_tiles(self) -> bool:
        """True when a joker or the Bandit in the word has a letter to find."""
        return any(tile.is_open for tile in self.tiles)

    def spell(self, letters: Mapping[Cell, str]) -> str:
        """The word's letters, with ``letters`` giving those of the open tiles."""
        return "".join(
            tile.letter if tile.letter is not None else letters.get(cell, "?")
            for cell, tile in zip(self.cells, self.tiles, strict=True)
        )


class Grid:
    """An immutable set of placed tiles. Edits return a new grid."""

    __slots__ = ("_tiles",)

    def __init__(self, tiles: Mapping[Cell, Tile] | Iterable[tuple[Cell, Tile]] = ()) -> None:
        self._tiles: Mapping[Cell, Tile] = MappingProxyType(dict(tiles))

    # --- text format -------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read the grid text format; :class:`GridSyntaxError` lists every bad character
        and :class:`GridTooLargeError` refuses a text beyond the limits."""
        if len(text) > MAX_TEXT_CHARS:
            at_line = text.count("\n", 0, MAX_TEXT_CHARS) + 1
            at_col = MAX_TEXT_CHARS - (text.rfind("\n", 0, MAX_TEXT_CHARS) + 1) + 1
            raise GridTooLargeError(
                at_line,
                at_col,
                TEXT_TOO_LONG(count=f"{MAX_TEXT_CHARS:,}"),
            )
        numbered = [
            (number, line.rstrip("\r"))
            for number, line in enumerate(text.split("\n"), start=1)
            if not line.startswith("#")
        ]
        first = 0
        while first < len(numbered) and not numbered[first][1].strip():
            first += 1
        last = len(numbered)
        while last > first and not numbered[last - 1][1].strip():
            last -= 1
        numbered = numbered[first:last]
        if len(numbered) > MAX_ROWS:
            raise GridTooLargeError(
                numbered[MAX_ROWS][0],
                1,
                TOO_MANY_ROWS(count=f"{MAX_ROWS:,}"),
            )
        tiles: dict[Cell, Tile] = {}
        problems: list[SyntaxProblem] = []
        bad = 0
        for row, (number, line) in enumerate(numbered):
            if len(line.rstrip(" .")) > MAX_COLUMNS:
                raise GridTooLargeError(
                    number,
                    MAX_COLUMNS + 1,
                    TOO_WIDE(count=f"{MAX_COLUMNS:,}"),
                )
            for col, char in enumerate(line):
                tile = _TILE_OF.get(char)
                if tile is not None:
                    tiles[(row, col)] = tile
                elif char not in EMPTY_SYMBOLS:
                    bad += 1
                    if len(problems) < MAX_REPORTED:
                        problems.append(SyntaxProblem(number, col + 1, char))
            if len(tiles) > MAX_TILES:
                message = TOO_MANY_TILES(count=f"{MAX_TILES:,}")
                raise GridTooLargeError(number, 1, message)
        if problems:
            raise GridSyntaxError(problems, bad)
        return cls(tiles)

    def to_text(self) -> str:
        """The grid's bounding box in the text format, one line per row."""
        if not self._tiles:
            return ""
        (top, left), (bottom, right) = self.bounds()
        lines = []
        for row in range(top, bottom + 1):
            line = "".join(
                self._tiles[(row, col)].symbol if (row, col) in self._tiles else "."
                for col in range(left, right + 1)
            )
            lines.append(line)
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_text()

    # --- the mapping of cells to tiles -------------------------------------

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, cell: object) -> bool:
        return cell in self._tiles

    def __getitem__(self, cell: Cell) -> Tile:
        return self._tiles[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(sorted(self._tiles))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and dict(self._tiles) == dict(other._tiles)

    def __hash__(self) -> int:
        return hash(frozenset(self._tiles.items()))

    def __repr__(self) -> str:
        return f"Grid.parse({self.to_text()!r})"

    def get(self, cell: Cell) -> Tile | None:
        return self._tiles.get(cell)

    def items(self) -> list[tuple[Cell, Tile]]:
        """Cells and tiles in reading order."""
        return sorted(self._tiles.items())

    def tiles(self) -> list[Tile]:
        """The placed tiles in reading order."""
        return [tile for _, tile in self.items()]

    def bounds(self) -> tuple[Cell, Cell]:
        """The top-left and bottom-right cells of the bounding box."""
        if not self._tiles:
            raise ValueError("an empty grid has no bounds")
        rows = [row for row, _ in self._tiles]
        cols = [col for _, col in self._tiles]
        return (min(rows), min(cols)), (max(rows), max(cols))

    # --- edits --------------------------------------------------------------

    def place(self, cell: Cell, tile: Tile) -> Grid:
        """This grid with ``tile`` on the free ``cell``."""
        if cell in self._tiles:
            raise CellOccupiedError(f"cell {cell} already holds {self._tiles[cell]}")
        return Grid({**self._tiles, cell: tile})

    def remove(self, cell: Cell) -> Grid:
        """This grid without the tile on ``cell``."""
        if cell not in self._tiles:
            raise EmptyCellError(f"cell {cell} holds no tile")
        return Grid({c: t for c, t in self._tiles.items() if c != cell})

    def shifted(self, drow: int, dcol: int) -> Grid:
        """The same grid moved by ``(drow, dcol)``."""
        return Grid({(row + drow, col + dcol): tile for (row, col), tile in self._tiles.items()})

    def normalized(self) -> Grid:
        """The same grid moved so that its bounding box starts at ``(0, 0)``."""
        if not self._tiles:
            return self
        (top, left), _corner = self.bounds()
        return self.shifted(-top, -left)

    # --- reading ------------------------------------------------------------

    def words(self) -> list[Word]:
        """Every word: the maximal runs of two or more tiles, across then down."""
        found: list[Word] = []
        for direction in Direction:
            drow, dcol = direction.step
            for row, col in sorted(self._tiles):
                if (row - drow, col - dcol) in self._tiles:
                    continue  # not the start of a run
                run: list[Tile] = []
                cell = (row, col)
                while cell in self._tiles:
                    run.append(self._tiles[cell])
                    cell = (cell[0] + drow, cell[1] + dcol)
                if len(run) >= 2:
                    found.append(Word((row, col), direction, tuple(run)))
        return found

    def groups(self) -> list[frozenset[Cell]]:
        """The groups of orthogonally connected tiles, largest first.

        Linear in the number of tiles (each is visited once) and then sorted:
        a grid of thousands of scattered tiles costs milliseconds.
        """
        unseen = set(self._tiles)
        groups: list[tuple[Cell, frozenset[Cell]]] = []
        for start in self._tiles:
            if start not in unseen:
                continue
            stack, group = [start], {start}
            unseen.discard(start)
            while stack:
                row, col = stack.pop()
                for neighbour in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                    if neighbour in unseen:
                        unseen.discard(neighbour)
                        group.add(neighbour)
                        stack.append(neighbour)
            groups.append((min(group), frozenset(group)))
        groups.sort(key=lambda pair: (-len(pair[1]), pair[0]))
        return [group for _, group in groups]

    def is_connected(self) -> bool:
        """True when all tiles form one group (an empty grid is not connected)."""
        return len(self.groups()) == 1
