"""The game's screen and what it holds: the header, the players' panes laid out on the
board, the request for a larger terminal, and the key bar's row.

:func:`board_widgets` composes them for the app, knowing it only through
:class:`BoardHost` (the app imports this module, never the other way round); what
each pane shows is :mod:`mixmo.tui.panes`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import ComposeResult
from textual.containers import Grid as GridLayout
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from mixmo.tui.board_layout import LAYOUTS
from mixmo.tui.player_pane import PlayerPane

if TYPE_CHECKING:
    from mixmo.session.table import Table
    from mixmo.tui.panes import PaneViews


class BoardScreen(Screen[None], inherit_bindings=False):
    """The game's screen. Tab and Shift+Tab are the keymap's (the next and previous
    pane), not Screen's focus cycling, which would take their place in the key bar.

    The app's first screen holds what the app composes; the one that takes the lobby's
    place when a server's match starts composes the board itself (``board``)."""

    def __init__(self, board: Callable[[], ComposeResult] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board

    def compose(self) -> ComposeResult:
        if self.board is not None:
            yield from self.board()


class BoardHost(Protocol):
    """What the board's widgets need from the app (or a test); it keeps them."""

    table: Table
    big: bool
    active: int
    pane_views: PaneViews
    header: Static
    too_small: Static
    pane_widgets: dict[int, PlayerPane]
    footer_row: Widget

    def visible_seats(self) -> list[int]: ...
    def own_seat(self) -> int | None: ...


def board_widgets(host: BoardHost) -> ComposeResult:
    """The board's widgets, each drawn right in the first frame. They are kept on the
    host as attributes: a dialog may be the current screen when they update."""
    host.header = Static(id="header")
    host.too_small = Static(id="too-small")
    names = host.table.options.players
    panes = host.pane_widgets = {
        seat: PlayerPane(seat, names[seat], big=host.big) for seat in host.visible_seats()
    }
    if host.active not in panes:
        host.active = next(iter(panes))
    for seat, widget in panes.items():
        widget.preset(*host.pane_views.pane_view(seat))
    yield host.header
    own = host.own_seat()
    with GridLayout(id="board") as board:
        if own is None:
            columns, rows = LAYOUTS[len(panes)]
            board.styles.grid_size_columns = columns
            board.styles.grid_size_rows = rows
            yield from panes.values()
        else:  # one seat at this screen: its pane large on the left, the others beside it
            board.styles.grid_size_columns = 2
            board.styles.grid_size_rows = len(panes) - 1
            board.styles.grid_columns = "2fr 1fr"
            panes[own].styles.row_span = len(panes) - 1
            yield panes[own]
            yield from (w for seat, w in panes.items() if seat != own)
    yield host.too_small
    # The key bar's row, kept for the Footer, which comes after the first frame: the
    # board is what a player waits for (the Footer's styles and keys cost 6 ms).
    host.footer_row = Widget(id="footer-row")
    yield host.footer_row
