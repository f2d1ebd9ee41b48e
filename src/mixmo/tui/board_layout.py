"""How the board's panes share the terminal, and when it is too small to play.

Pure arithmetic on sizes, so the app only asks and applies; no Textual here.
"""

from __future__ import annotations

from mixmo.engine.values import value

LAYOUTS = {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}
"""Columns and rows of panes for each number of players."""
MIN_PANE_WIDTH = 24
"""The narrowest pane that still shows a usable grid and rack."""
MIN_GRID_ROWS = 5
"""Fewer grid rows than this and the screen asks for a larger terminal."""


@value
class Board:
    """The panes on screen: how many, and whether one of them is this screen's own
    (at a server: it takes two thirds of the width)."""

    panes: int
    own_pane: bool = False

    def pane_room(self, width: int, height: int) -> tuple[int, int, int]:
        """The columns the board needs, and the width and height of the pane that must
        show a usable grid (the smallest, or one's own at a server)."""
        if self.own_pane:
            return 2, width * 2 // 3, height - 2
        columns, rows = LAYOUTS[self.panes]
        return columns, width // columns, (height - 2) // rows

    def grid_rows(self, width: int, height: int, *, rack_label: int, longest_rack: int) -> int:
        """How many rows the smallest grid gets at this terminal size.

        A pane is its border (2), a title, the grid, the rack (``rack_label``
        columns, then two per tile, wrapping when long) and the news (up to two lines).
        """
        _columns, pane_width, pane_height = self.pane_room(width, height)
        inside = max(1, pane_width - 4)
        rack_lines = min(3, max(1, -(-(rack_label + 2 * longest_rack) // inside)))
        return pane_height - 2 - 1 - rack_lines - 2

    def size_needed(self, width: int, height: int, grid_rows: int) -> tuple[int, int] | None:
        """The terminal size to ask for when a grid would get too few rows (None: it fits)."""
        columns, _width, pane_height = self.pane_room(width, height)
        rows = max(1, (height - 2) // max(1, pane_height))
        short = MIN_GRID_ROWS - grid_rows
        if width >= columns * MIN_PANE_WIDTH and short <= 0:
            return None
        return max(width, columns * MIN_PANE_WIDTH), height + max(0, short) * rows
