"""One player's grid: a scrolling board drawn line by line (Textual's Line API).

The app pushes a :class:`GridPicture` down (attributes down); clicks and
drags go up as messages (messages up); its keys take the app's one route
(:mod:`mixmo.tui.key_routing`). A cell is two columns wide: the tile and a
spacer, which also shows the typing direction at the cursor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from math import ceil

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mixmo.engine.grid import Cell, Direction, Grid
from mixmo.engine.tiles import TileKind
from mixmo.tui.key_routing import route_key

CELL_WIDTH = 2
BIG_CELL_WIDTH = 3
"""With ``--big``: a double-width (full-width) tile and a spacer, for a table watching one screen."""
WIDE = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)} | {"·": "・"}
"""ASCII and the empty-cell dot to their full-width forms (two columns each)."""
MARGIN = 2
"""Empty cells shown around the tiles, so there is room to build."""

EMPTY = Style(dim=True)
LETTER = Style(bold=True)
SELECTED = Style(reverse=True)
CURSOR = Style(reverse=True, bold=True)
LOCKED = Style(dim=True)
SPACER = EMPTY
"""The spacer after a cell: the empty cell's style itself, so that a row of empty cells is
one run of one style (:meth:`GridView.render_line`)."""
SPACER_AT_CURSOR = Style(dim=True, bold=True)
BANDIT_MARK = "!"
"""A placed Bandit whose letter the grid does not decide yet (its rack symbol). Once it
stands for a letter it is that letter in italics, inside its own cell (never a mark
spilling into the gap after it): a joker is a bold ``k``, the Bandit an italic one, told
apart without colour too."""


@dataclass(frozen=True, slots=True)
class CellStyles:
    """The theme's styles for the tiles (from the widget's component classes, so that each
    theme gives colours with AA contrast on its own background)."""

    joker: Style
    bandit: Style
    invalid: Style
    highlight: Style


@dataclass(frozen=True, slots=True)
class GridPicture:
    """Everything the grid view draws."""

    grid: Grid = field(default_factory=Grid)
    cursor: Cell = (0, 0)
    direction: Direction = Direction.ACROSS
    selection: frozenset[Cell] = frozenset()
    bad_cells: frozenset[Cell] = frozenset()
    letters: Mapping[Cell, str] = field(default_factory=dict)
    """Letters found for open jokers and the Bandit."""
    highlight: str | None = None
    active: bool = False
    locked: bool = False
    follow_tiles: bool = False
    """A read-only pane (another seat's, a watcher's): it shows every tile, centred on
    them, zoomed out when they do not fit, and never follows a cursor."""

    def tiles_box(self) -> tuple[Cell, Cell]:
        """The top-left and bottom-right cells of the tiles (the cursor's, with none)."""
        rows = [r for r, _ in self.grid] or [self.cursor[0]]
        cols = [c for _, c in self.grid] or [self.cursor[1]]
        return (min(rows), min(cols)), (max(rows), max(cols))

    def window(self) -> tuple[Cell, Cell]:
        """The top-left and bottom-right cells on show: the tiles and the cursor, with a margin."""
        rows = [r for r, _ in self.grid] + [self.cursor[0]]
        cols = [c for _, c in self.grid] + [self.cursor[1]]
        return (min(rows) - MARGIN, min(cols) - MARGIN), (max(rows) + MARGIN, max(cols) + MARGIN)


BANDIT_COLOURS = {True: "#c39bff", False: "#6a2c9c"}
"""The Bandit's purple on a dark and on a light theme (no theme colour is purple)."""
HIGHLIGHT_BACKGROUND = "#1a1a1a"
"""Under the accent, reversed: near-black on the accent's orange (9:1), kept by NO_COLOR."""


def cell_styles_for(variables: Mapping[str, str], *, dark: bool) -> CellStyles:
    """The tiles' styles from a theme's colours: text colours with AA contrast (4.5:1) on
    the theme's background (tests/tui/test_readability.py); meaning never rests on colour
    alone (case, marks, underline, reverse).

    Read from the theme rather than from CSS component classes: each of those is styled
    again with its widget (mount, focus, every class change), a fifth of the grids' share
    of the first frame."""

    def colour(name: str) -> RichColor:
        return Color.parse(variables[name]).rich_color

    return CellStyles(
        joker=Style(color=colour("text-primary"), bold=True),
        bandit=Style(color=Color.parse(BANDIT_COLOURS[dark]).rich_color, bold=True, italic=True),
        invalid=Style(color=colour("text-error"), underline=True),
        highlight=Style(
            color=colour("accent"),
            bgcolor=Color.parse(HIGHLIGHT_BACKGROUND).rich_color,
            bold=True,
            reverse=True,
        ),
    )


class GridView(ScrollView, can_focus=True):
    """A player's board. Focused, it owns the keys and hands each to the app's route
    (in arrival order); clicks and drags become messages for it. It follows the cursor,
    so it needs no scrollbars."""

    DEFAULT_CSS = """
    GridView { height: 1fr; scrollbar-size: 0 0; }
    """

    picture: reactive[GridPicture] = reactive(GridPicture)
    """Compared by value: an unchanged picture costs nothing."""

    # Each message has a docstring: without one, dataclass() would build it from the
    # signature (inspect), which costs the first frame about 14 ms.
    @dataclass
    class CellClicked(Message):
        """A click on a cell of this grid."""

        view: GridView
        cell: Cell

    @dataclass
    class Dragged(Message):
        """A tile dragged from ``start`` to ``end`` on this grid."""

        view: GridView
        start: Cell
        end: Cell

    @dataclass
    class Zoomed(Message):
        """This grid is drawn zoomed out (``scale`` cells a character; 0: at full size)."""

        view: GridView
        scale: int

    def __init__(self, seat: int, *, id: str | None = None, big: bool = False) -> None:
        super().__init__(id=id)
        self.seat = seat
        self.big = big
        self.cell_width = BIG_CELL_WIDTH if big else CELL_WIDTH
        self._origin: Cell = (0, 0)
        self._drag_start: Cell | None = None
        self._frame_styles: tuple[Style, CellStyles] | None = None
        """The widget's colours and the tiles' styles while a frame is drawn."""
        self.scale = 0
        """0: every cell at full size; else the grid is zoomed out to fit a read-only
        pane, one character for ``scale`` by ``scale`` cells, without spacers."""
        self._compact: dict[int, dict[int, Cell]] = {}
        """Zoomed out: line -> column -> the tile drawn there (one of its block's)."""

    # --- drawing -------------------------------------------------------------

    def watch_picture(self, picture: GridPicture) -> None:
        self._lay_out(picture)

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out(self.picture)

    def _lay_out(self, picture: GridPicture) -> None:
        """Fit the board to the tiles and the cursor, filling at least the visible area
        (a read-only pane: to the tiles alone, see :meth:`_fit_tiles`)."""
        scale = self._fit_tiles(picture) if picture.follow_tiles else 0
        if scale != self.scale:
            self.scale = scale
            self.post_message(self.Zoomed(self, scale))
        if picture.follow_tiles:
            self.refresh()
            return
        (top, left), (bottom, right) = picture.window()
        spare_rows = self.size.height - (bottom - top + 1)
        spare_cols = self.size.width // self.cell_width - (right - left + 1)
        if spare_rows > 0:
            top -= spare_rows // 2
            bottom += spare_rows - spare_rows // 2
        if spare_cols > 0:
            left -= spare_cols // 2
            right += spare_cols - spare_cols // 2
        if (top, left) != self._origin:
            self._origin = (top, left)
        self.virtual_size = Size((right - left + 1) * self.cell_width, bottom - top + 1)
        row, col = picture.cursor
        self.scroll_to_region(
            Region((col - left) * self.cell_width, row - top, self.cell_width, 1),
            animate=False,
            force=True,
        )
        self.refresh()

    def _fit_tiles(self, picture: GridPicture) -> int:
        """Centre the view on the tiles' bounding box: at full size when it fits, else
        zoomed out (the scale returned) so that every tile stays in sight. Only the tiles
        are placed, never the cells between them: coordinates may be far apart."""
        if not self.size.area:
            return self.scale  # not laid out yet: on_resize fits it
        width, height = self.size.width, self.size.height
        (top, left), (bottom, right) = picture.tiles_box()
        rows, cols = bottom - top + 1, right - left + 1
        self._compact = {}
        self.virtual_size = Size(width, height)
        self.scroll_to(0, 0, animate=False, force=True)
        if cols * self.cell_width <= width and rows <= height:
            spare_rows, spare_cols = height - rows, width // self.cell_width - cols
            self._origin = (top - spare_rows // 2, left - spare_cols // 2)
            return 0
        scale = max(1, ceil(cols / width), ceil(rows / height))
        pad_y = (height - ceil(rows / scale)) // 2
        pad_x = (width - ceil(cols / scale)) // 2
        for row, col in sorted(picture.grid):
            line = self._compact.setdefault((row - top) // scale + pad_y, {})
            line.setdefault((col - left) // scale + pad_x, (row, col))
        self._origin = (top - pad_y * scale, left - pad_x * scale)
        return scale

    def _compact_line(self, y: int, base: Style, styles: CellStyles) -> Strip:
        """One line of a zoomed-out grid: a character a block of cells, no spacers."""
        picture, tiles = self.picture, self._compact.get(y, {})
        segments: list[Segment] = []
        run: list[str] = []
        run_style = EMPTY
        for x in range(self.size.width):
            cell = tiles.get(x)
            char, style = ("·", EMPTY) if cell is None else self._cell(picture, cell, styles)
            if picture.locked:
                style = style + LOCKED
            if style is not run_style and style != run_style:
                if run:
                    segments.append(Segment("".join(run), run_style))
                run, run_style = [], style
            run.append(char)
        if run:
            segments.append(Segment("".join(run), run_style))
        return Strip(segments, self.size.width).apply_style(base)

    def render_line(self, y: int) -> Strip:
        if self.scale:
            base, styles = self._frame_styles or (self.rich_style, self.cell_styles())
            return self._compact_line(y, base, styles)
        scroll_x, scroll_y = self.scroll_offset
        picture = self.picture
        top, left = self._origin
        width = self.virtual_size.width
        row = top + y + scroll_y
        # Every line in the widget's own colours (the theme's), not the terminal's defaults:
        # a light theme on a dark terminal must not draw dark-on-dark.
        base, styles = self._frame_styles or (self.rich_style, self.cell_styles())
        if y + scroll_y >= self.virtual_size.height:
            return Strip.blank(self.size.width, base)  # a style, never None (NO_COLOR filter)
        # Neighbouring cells of one style make one segment (a row of empty cells, one):
        # the line is drawn as many times as the board changes, and the first frame
        # draws every line of every grid.
        # Only the columns on show are drawn: the board's extent comes from the tiles, and a
        # tile far away (from a crafted save or another seat) must cost nothing to the rest.
        first = scroll_x // self.cell_width
        last = min(width // self.cell_width, (scroll_x + self.size.width) // self.cell_width + 1)
        segments: list[Segment] = []
        run: list[str] = []
        run_style = EMPTY
        for index in range(first, last):
            cell = (row, left + index)
            char, style = self._cell(picture, cell, styles)
            if self.big:
                char = WIDE.get(char, char)
            spacer, spacer_style = " ", SPACER_AT_CURSOR if cell == picture.cursor else SPACER
            if cell == picture.cursor and picture.active:
                style = style + CURSOR
                spacer = "→" if picture.direction is Direction.ACROSS else "↓"
            if picture.locked:
                style = style + LOCKED
            for text, text_style in ((char, style), (spacer, spacer_style)):
                if text_style is not run_style and text_style != run_style:
                    if run:
                        segments.append(Segment("".join(run), run_style))
                    run, run_style = [], text_style
                run.append(text)
        if run:
            segments.append(Segment("".join(run), run_style))
        start = scroll_x - first * self.cell_width
        strip = Strip(segments, (last - first) * self.cell_width).crop(
            start, start + self.size.width
        )
        return strip.apply_style(base)

    def cell_styles(self) -> CellStyles:
        """The tiles' styles in the current theme (:func:`cell_styles_for`)."""
        theme = self.app.current_theme
        return cell_styles_for(self.app.theme_variables, dark=theme.dark)

    def render_lines(self, crop: Region) -> list[Strip]:
        # The styles are read once a frame, not once a line: Textual works the widget's
        # own colours out through every ancestor on each call (40% of a line's cost).
        self._frame_styles = (self.rich_style, self.cell_styles())
        try:
            return super().render_lines(crop)
        finally:
            self._frame_styles = None

    @staticmethod
    def _cell(picture: GridPicture, cell: Cell, styles: CellStyles) -> tuple[str, Style]:
        tile = picture.grid.get(cell)
        if tile is None:
            return ("·", EMPTY + SELECTED) if cell in picture.selection else ("·", EMPTY)
        if tile.kind is TileKind.LETTER:
            char, style = tile.symbol, LETTER
        elif tile.kind is TileKind.JOKER:
            char, style = (tile.letter or picture.letters.get(cell, "?")).lower(), styles.joker
        else:
            char, style = picture.letters.get(cell, BANDIT_MARK).lower(), styles.bandit
        if cell in picture.bad_cells:
            style = style + styles.invalid
        letter = tile.letter or picture.letters.get(cell)
        if picture.highlight and letter == picture.highlight:
            style = style + styles.highlight
        if cell in picture.selection:
            style = style + SELECTED
        return char, style

    def cell_at(self, x: int, y: int) -> Cell:
        """The board cell under a point of the widget."""
        scroll_x, scroll_y = self.scroll_offset
        top, left = self._origin
        if self.scale:
            return (top + y * self.scale, left + x * self.scale)
        return (top + y + int(scroll_y), left + (x + int(scroll_x)) // self.cell_width)

    # --- input ----------------------------------------------------------------------

    async def on_key(self, event: events.Key) -> None:
        await route_key(self, event)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._drag_start = self.cell_at(event.x, event.y)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        end = self.cell_at(event.x, event.y)
        start, self._drag_start = self._drag_start, None
        if start is not None and start != end and start in self.picture.grid:
            self.post_message(self.Dragged(self, start, end))
        else:
            self.post_message(self.CellClicked(self, end))
