"""The MixUp stand and the pool, as Line-API widgets that draw what they are given.

Attributes go down: the app sets ``picture`` (a frozen ``StandPicture`` or
``PoolPicture``) and the widget repaints. Every piece reads without colour: a
colour letter (R, G, B) and a shape glyph (☾ moon, ϟ bolt, ♦ drop); the
winning cells are also bracketed, not only highlighted.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from mixmo.i18n import _, ngettext
from mixmo.i18n.mixup import initial, words
from mixmo.mixup.board import COLUMNS, ROWS, Board, Cell
from mixmo.mixup.pieces import ALL_PIECES, Colour, Piece, Pool

CELL_WIDTH = 5
INK = {
    Colour.RED: "#ff5f5f",
    Colour.GREEN: "#5fd75f",
    Colour.BLUE: "#5f87ff",
}
LIGHT_INK = {Colour.RED: "#c00000", Colour.GREEN: "#007000", Colour.BLUE: "#0030c0"}


def piece_text(piece: Piece) -> str:
    """``R☾``: the colour's initial (in the interface language: ``V☾`` is a green moon in
    French) and the shape glyph."""
    return initial(piece.colour) + piece.shape.glyph


@dataclass(frozen=True, slots=True)
class StandPicture:
    board: Board
    cursor: int = 4
    """The column (1-7) the next piece goes into."""
    line: tuple[Cell, ...] = ()
    falling: tuple[Piece, Cell] | None = None
    """A piece on its way down, drawn at that cell; its final cell is hidden meanwhile."""
    landing: Cell | None = None
    light: bool = False


class StandView(Widget):
    """The seven columns, the cursor above them and the column numbers below."""

    DEFAULT_CSS = """
    StandView { width: 38; height: 10; }
    """

    def __init__(self, picture: StandPicture, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.picture = picture

    def show(self, picture: StandPicture) -> None:
        self.picture = picture
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return COLUMNS * CELL_WIDTH + 2

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return ROWS + 4

    def text_lines(self) -> list[str]:
        """The stand as plain text, line by line (what a player reads without colour)."""
        return ["".join(segment.text for segment in self._segments(y)) for y in range(ROWS + 4)]

    def render_line(self, y: int) -> Strip:
        # In the theme's colours, not the terminal's (a light theme on a dark terminal).
        return Strip(self._segments(y)).apply_style(self.rich_style)

    def _segments(self, y: int) -> list[Segment]:
        p = self.picture
        frame = Style(dim=True)
        if y == 0:
            pointer = " " * (1 + (p.cursor - 1) * CELL_WIDTH) + "  ▼  "
            return [Segment(pointer.ljust(COLUMNS * CELL_WIDTH + 2), Style(bold=True))]
        if 1 <= y <= ROWS:
            row = ROWS + 1 - y
            segments = [Segment("│", frame)]
            for column in range(1, COLUMNS + 1):
                segments.append(self._cell(column, row))
            segments.append(Segment("│", frame))
            return segments
        if y == ROWS + 1:
            return [Segment("└" + "─" * (COLUMNS * CELL_WIDTH) + "┘", frame)]
        if y == ROWS + 2:
            numbers = "".join(f"{c:^{CELL_WIDTH}}" for c in range(1, COLUMNS + 1))
            return [Segment(" " + numbers + " ", Style(dim=True))]
        return [Segment(" " * (COLUMNS * CELL_WIDTH + 2), Style())]

    def _cell(self, column: int, row: int) -> Segment:
        p = self.picture
        cell = (column, row)
        piece = p.board.at(column, row)
        if p.falling is not None and cell == p.landing and cell != p.falling[1]:
            piece = None
        falling = p.falling is not None and p.falling[1] == cell
        if falling and p.falling is not None:
            piece = p.falling[0]
        if piece is None:
            return Segment("  ·  ", Style(dim=True))
        ink = (LIGHT_INK if p.light else INK)[piece.colour]
        if cell in p.line:
            return Segment(f" [{piece_text(piece)}]", Style(color=ink, bold=True, reverse=True))
        return Segment(f"  {piece_text(piece)} ", Style(color=ink, bold=True, underline=falling))


@dataclass(frozen=True, slots=True)
class PoolPicture:
    pool: Pool
    selected: int = 0
    """Index into ``ALL_PIECES`` of the chosen kind."""
    light: bool = False


class PoolView(Widget):
    """The nine kinds of piece, how many of each are left, and the one chosen."""

    DEFAULT_CSS = """
    PoolView { width: 24; height: 11; }
    """

    def __init__(self, picture: PoolPicture, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.picture = picture

    def show(self, picture: PoolPicture) -> None:
        self.picture = picture
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return 24

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(ALL_PIECES) + 2

    def text_lines(self) -> list[str]:
        return ["".join(s.text for s in self._segments(y)) for y in range(len(ALL_PIECES) + 2)]

    def render_line(self, y: int) -> Strip:
        return Strip(self._segments(y)).apply_style(self.rich_style)

    def _segments(self, y: int) -> list[Segment]:
        p = self.picture
        if y == 0:
            return [Segment(_("Pool (Up/Down)").ljust(24), Style(bold=True))]
        if y > len(ALL_PIECES):
            left = ngettext("{count} piece left", "{count} pieces left", len(p.pool))
            return [Segment(left.format(count=len(p.pool)).ljust(24), Style(dim=True))]
        index = y - 1
        piece = ALL_PIECES[index]
        count = p.pool.counts[index]
        chosen = index == p.selected
        ink = (LIGHT_INK if p.light else INK)[piece.colour]
        marker = "▶ " if chosen else "  "
        style = Style(color=ink, bold=chosen, reverse=chosen, dim=count == 0)
        text = f"{marker}{piece_text(piece)} {words(piece):<12} x{count}"
        return [Segment(text.ljust(24), style)]
