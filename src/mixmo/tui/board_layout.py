"""How the board's panes share the terminal, and when it is too small to play.

Pure arithmetic on sizes, so the app only asks and applies; no Textual here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

LAYOUTS = {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}
"""Columns and rows of panes for each number of players."""
MIN_PANE_WIDTH = 24
"""The narrowest pane that still shows a usable grid and rack."""
MIN_GRID_ROWS = 5
"""Fewer grid rows than this and the screen asks for a larger terminal."""
TOO_SMALL_NOTE = "too-small-note"
"""The class of the line a dialog shows instead of itself when the terminal is too small
(the app sets its words, mixmo.tui.modals hides the dialog for it)."""
MAX_ROWS_ASKED = 1_000
"""The search for the fewest rows stops here (no real layout comes near)."""


@dataclass(frozen=True, slots=True)
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

    def minimum_size(self, grid_rows: Callable[[int, int], int]) -> tuple[int, int]:
        """The smallest terminal that plays: the narrowest width that gives every pane
        column :data:`MIN_PANE_WIDTH`, and the fewest rows that give the grid that must
        show :data:`MIN_GRID_ROWS` at that width.

        ``grid_rows(width, height)`` is the screen's own count (a lesson's panel takes
        rows, a long rack wraps): one value whatever size the terminal has now, and a
        terminal at least this large in both directions always plays, since more columns
        never wrap a rack more and more rows never shrink a grid.
        """
        columns, _width, _height = self.pane_room(MIN_PANE_WIDTH, MIN_GRID_ROWS)
        width = columns * MIN_PANE_WIDTH
        height = MIN_GRID_ROWS
        while grid_rows(width, height) < MIN_GRID_ROWS and height < MAX_ROWS_ASKED:
            height += 1
        return width, height

    def size_needed(
        self, width: int, height: int, grid_rows: Callable[[int, int], int]
    ) -> tuple[int, int] | None:
        """The terminal size to ask for when this one is too small to play (None: it plays).

        Too small: a pane column narrower than :data:`MIN_PANE_WIDTH`, or a grid of fewer
        than :data:`MIN_GRID_ROWS` rows. What is asked for is :meth:`minimum_size`.
        """
        columns, _width, _height = self.pane_room(width, height)
        if width >= columns * MIN_PANE_WIDTH and grid_rows(width, height) >= MIN_GRID_ROWS:
            return None
        return self.minimum_size(grid_rows)
