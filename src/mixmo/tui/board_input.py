"""What the board's keys and the mouse do to the active player's grid.

:class:`BoardInput` is the app's controller, knowing it only through
:class:`BoardHost` (the app imports it, never the other way round): every board
key reaches the app's one route in the order the terminal sent them
(``MixmoApp.take_key``), which runs the matching ``action_*`` of the app, handed
here at once. The mouse arrives as the grid view's messages, which the app's
handlers hand here too.
Grid edits go to the engine as actions; the cursor, selection and rack order
live in the pane's :class:`~mixmo.tui.pane_state.PaneState`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import actions as act
from mixmo.engine.game_editing import flipped, in_the_way_of_flip
from mixmo.engine.grid import Direction
from mixmo.i18n import _, ngettext
from mixmo.tui.grid_view import GridView
from mixmo.tui.pane_state import rectangle
from mixmo.tui.player_pane import RackView

if TYPE_CHECKING:
    from mixmo.session.table import Table
    from mixmo.tui.pane_state import PaneState

ASK_BEFORE_TAKING_APART = 4
"""F8 asks first when the grid holds more tiles than this."""


class BoardHost(Protocol):
    """What the board's keys and the mouse need from the app (or a test)."""

    table: Table
    panes: list[PaneState]
    active: int
    awaiting_highlight: bool
    clock: Callable[[], float]

    @property
    def push_screen(self) -> Callable[..., Any]: ...  # Textual's App.push_screen

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...
    def refresh_pane(self, seat: int, *, force: bool = False) -> None: ...
    def tell(self, seat: int, message: str) -> None: ...
    def activate(self, seat: int) -> None: ...
    def may_take(self, seat: int) -> bool: ...
    def save_view(self) -> None: ...


class BoardInput:
    """Grid editing for the app (the active pane's keys, and the mouse on any pane)."""

    def __init__(self, host: BoardHost) -> None:
        self.host = host

    # --- typing -------------------------------------------------------------------------

    def type_symbol(self, symbol: str) -> None:
        """A letter, ``?`` or ``!`` typed on the active pane: place it and step on."""
        seat = self.host.active
        pane = self.host.panes[seat]
        if self.host.awaiting_highlight:
            self.host.awaiting_highlight = False
            pane.highlight = None if pane.highlight == symbol else symbol
            self.host.refresh_pane(seat)
            return
        tile = self.host.table.round.player(seat).grid.get(pane.cursor)
        if tile is not None and tile.symbol == symbol:
            self.step(seat)  # typing along a word already there
            return
        row, col = pane.cursor
        placed = act.PlaceTile(seat=seat, row=row, col=col, symbol=symbol, at=self.host.clock())
        if self.host.apply(placed):
            self.step(seat)

    def step(self, seat: int, backwards: bool = False) -> None:
        """Move the cursor one cell in the typing direction."""
        pane = self.host.panes[seat]
        drow, dcol = pane.direction.step
        sign = -1 if backwards else 1
        pane.cursor = (pane.cursor[0] + sign * drow, pane.cursor[1] + sign * dcol)
        self.host.refresh_pane(seat)

    def move_cursor(self, drow: int, dcol: int) -> None:
        self._move(drow, dcol, extend=False)

    def select(self, drow: int, dcol: int) -> None:
        self._move(drow, dcol, extend=True)

    def _move(self, drow: int, dcol: int, *, extend: bool) -> None:
        pane = self.host.panes[self.host.active]
        if extend and pane.anchor is None:
            pane.anchor = pane.cursor
        elif not extend:
            pane.anchor, pane.selection = None, frozenset()
        pane.cursor = (pane.cursor[0] + drow, pane.cursor[1] + dcol)
        if pane.anchor is not None:
            pane.selection = rectangle(pane.anchor, pane.cursor)
        self.host.refresh_pane(self.host.active)

    def toggle_direction(self) -> None:
        pane = self.host.panes[self.host.active]
        pane.direction = Direction.DOWN if pane.direction is Direction.ACROSS else Direction.ACROSS
        self.host.refresh_pane(self.host.active)

    def erase(self, backwards: bool) -> None:
        seat = self.host.active
        pane = self.host.panes[seat]
        if backwards:
            self.step(seat, backwards=True)
        if pane.cursor in self.host.table.round.player(seat).grid:
            self.host.apply(act.TakeBack(seat=seat, cells=(pane.cursor,), at=self.host.clock()))

    def clear_selection(self) -> None:
        pane = self.host.panes[self.host.active]
        pane.anchor, pane.selection, pane.picked = None, frozenset(), None
        self.host.refresh_pane(self.host.active)

    # --- blocks and the whole grid ---------------------------------------------------------

    def move_selection(self, drow: int, dcol: int) -> None:
        seat = self.host.active
        pane = self.host.panes[seat]
        grid = self.host.table.round.player(seat).grid
        cells = tuple(c for c in pane.selection if c in grid)
        if not cells:
            self.host.tell(seat, _("select tiles first (shift+arrows)"))
            return
        if self.host.apply(
            act.MoveTiles(seat=seat, cells=cells, drow=drow, dcol=dcol, at=self.host.clock())
        ):
            pane.selection = frozenset((r + drow, c + dcol) for r, c in pane.selection)
            if pane.anchor is not None:
                pane.anchor = (pane.anchor[0] + drow, pane.anchor[1] + dcol)
            pane.cursor = (pane.cursor[0] + drow, pane.cursor[1] + dcol)
            self.host.refresh_pane(seat)

    def shift_grid(self, drow: int, dcol: int) -> None:
        seat = self.host.active
        cells = tuple(self.host.table.round.player(seat).grid)
        if cells and self.host.apply(
            act.MoveTiles(seat=seat, cells=cells, drow=drow, dcol=dcol, at=self.host.clock())
        ):
            pane = self.host.panes[seat]
            pane.cursor = (pane.cursor[0] + drow, pane.cursor[1] + dcol)
            pane.selection = frozenset((r + drow, c + dcol) for r, c in pane.selection)
            self.host.refresh_pane(seat)

    def flip(self) -> None:
        """Turn the selected block over its top-left corner: rows become columns.

        One engine action (a flip is one edit: one ctrl+z takes it back). A flip onto
        another tile is refused, as the rules refuse it."""
        seat = self.host.active
        pane = self.host.panes[seat]
        grid = self.host.table.round.player(seat).grid
        cells = tuple(sorted(c for c in pane.selection if c in grid))
        if not cells:
            self.host.tell(seat, _("select tiles first (shift+arrows)"))
            return
        if in_the_way_of_flip(grid, cells):  # the engine's rule, said without row numbers
            self.host.tell(seat, "✗ " + _("cannot flip: a tile is in the way"))
            return
        if self.host.apply(act.FlipTiles(seat=seat, cells=cells, at=self.host.clock())):
            pane.selection = frozenset(flipped(cells).values())
            pane.anchor = None
            self.host.refresh_pane(seat)

    def take_apart(self) -> None:
        """The whole grid back to the rack; a grid of more than a few tiles asks first."""
        seat = self.host.active
        tiles = len(self.host.table.round.player(seat).grid)
        if tiles <= ASK_BEFORE_TAKING_APART:
            self.host.apply(act.TakeApart(seat=seat, at=self.host.clock()))
            return

        def answer(yes: object) -> None:
            if yes:
                self.host.apply(act.TakeApart(seat=seat, at=self.host.clock()))

        question = ngettext(
            "Take the {count} tile of your grid back to the rack? (ctrl+z undoes it)",
            "Take all {count} tiles of your grid back to the rack? (ctrl+z undoes it)",
            tiles,
        ).format(count=tiles)
        from mixmo.tui.modals import ConfirmScreen  # the dialogs load when first opened

        dialog = ConfirmScreen(question)
        dialog.answered = answer
        self.host.push_screen(dialog)

    def undo(self) -> None:
        self.host.apply(act.Undo(seat=self.host.active, at=self.host.clock()))

    def redo(self) -> None:
        self.host.apply(act.Redo(seat=self.host.active, at=self.host.clock()))

    # --- the rack ----------------------------------------------------------------------------

    def sort_rack(self) -> None:
        pane = self.host.panes[self.host.active]
        pane.rack = tuple(sorted(pane.rack, key=lambda t: (t.is_blank, t.symbol)))
        pane.picked = None
        self.host.refresh_pane(self.host.active)
        self.host.save_view()

    def shuffle_rack(self) -> None:
        pane = self.host.panes[self.host.active]
        order = list(pane.rack)
        random.Random(self.host.clock()).shuffle(order)
        pane.rack, pane.picked = tuple(order), None
        self.host.refresh_pane(self.host.active)
        self.host.save_view()

    # --- the mouse (any pane) ----------------------------------------------------------------

    def cell_clicked(self, message: GridView.CellClicked) -> None:
        seat = message.view.seat
        if not self.host.may_take(seat):
            return  # another player's grid at a server: read-only
        self.host.activate(seat)
        pane = self.host.panes[seat]
        pane.cursor = message.cell
        pane.anchor, pane.selection = None, frozenset()
        if pane.picked is not None:
            tile = pane.rack[pane.picked]
            pane.picked = None
            row, col = message.cell
            self.host.apply(
                act.PlaceTile(seat=seat, row=row, col=col, symbol=tile.symbol, at=self.host.clock())
            )
        self.host.refresh_pane(seat)

    def dragged(self, message: GridView.Dragged) -> None:
        seat = message.view.seat
        if not self.host.may_take(seat):
            return
        self.host.activate(seat)
        pane = self.host.panes[seat]
        drow, dcol = message.end[0] - message.start[0], message.end[1] - message.start[1]
        grid = self.host.table.round.player(seat).grid
        cells = (
            [c for c in pane.selection if c in grid]
            if message.start in pane.selection
            else [message.start]
        )
        if self.host.apply(
            act.MoveTiles(seat=seat, cells=tuple(cells), drow=drow, dcol=dcol, at=self.host.clock())
        ):
            pane.selection = frozenset((r + drow, c + dcol) for r, c in pane.selection)
            pane.cursor = message.end
            self.host.refresh_pane(seat)

    def rack_picked(self, message: RackView.Picked) -> None:
        if not self.host.may_take(message.seat):
            return
        self.host.activate(message.seat)
        pane = self.host.panes[message.seat]
        pane.picked = None if pane.picked == message.index else message.index
        self.host.refresh_pane(message.seat)
