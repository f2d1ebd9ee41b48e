"""The handlers of grid editing: place, move, flip, take back, take apart, undo, redo.

Each edit is allowed in play to a player who may act (not locked after a hasty
MIXMO, not out of the round), and takes back that player's "stuck".
"""

from __future__ import annotations

from collections.abc import Iterable

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game_base import GameBase, take_back, why_locked
from mixmo.engine.game_errors import (
    CellTakenError,
    NoTileThereError,
    OffBoardError,
    PlayerLockedError,
    TileNotInRackError,
    UndoError,
    WrongPhaseError,
)
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.state import MatchState, Phase, PlayerState
from mixmo.engine.tiles import JOKER, Tile, TileError, TileKind
from mixmo.engine.undo import NothingToUndoError, regrid
from mixmo.i18n import _, ngettext


class EditingHandlers(GameBase):
    """``_on_PlaceTile`` ... ``_on_Redo``: a player's own grid, in play."""

    def _editor(self, state: MatchState, seat: int) -> PlayerState:
        """The player at ``seat``, if they may edit their grid now."""
        if state.round.phase is not Phase.PLAYING:
            raise WrongPhaseError(
                _("grids cannot change now ({phase})").format(phase=state.round.phase.value)
            )
        player = state.round.player(seat)
        if not player.may_act:
            raise PlayerLockedError(
                _("{player} may not act on their grid {why}").format(
                    player=player.name, why=why_locked(player)
                )
            )
        return player

    def _edited(
        self, state: MatchState, seat: int, player: PlayerState, cells: Iterable[Cell]
    ) -> tuple[MatchState, list[ev.Event]]:
        """``state`` with ``player``'s edit of ``cells``; an edit takes back a "stuck"."""
        events: list[ev.Event] = [ev.GridChanged(seat, tuple(cells))]
        if state.round.player(seat).stuck:
            player = player.with_(stuck=False)
            events.append(ev.PlayerStuck(seat, False))
        return state.with_(round=state.round.with_player(seat, player)), events

    def _on_PlaceTile(
        self, state: MatchState, action: act.PlaceTile
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        try:
            placed = Tile.from_symbol(action.symbol)
        except TileError as error:
            raise TileNotInRackError(str(error)) from None
        from_rack = JOKER if placed.kind is TileKind.JOKER else placed
        rack = list(player.rack)
        if from_rack not in rack:
            raise TileNotInRackError(
                _("{player} has no {tile} on their rack").format(
                    player=player.name, tile=_tile_name(from_rack)
                )
            )
        cell = (action.row, action.col)
        _require_on_board([cell])
        if cell in player.grid:
            raise CellTakenError(
                _("row {row}, column {col} already holds a tile").format(
                    row=action.row, col=action.col
                )
            )
        rack.remove(from_rack)
        player = player.with_(rack=tuple(rack), grid=player.grid.place(cell, placed))
        return self._edited(state, action.seat, player, [cell])

    def _on_MoveTiles(
        self, state: MatchState, action: act.MoveTiles
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        moved = {(r + action.drow, c + action.dcol): player.grid[(r, c)] for r, c in cells}
        _require_on_board(moved)
        kept = {cell: tile for cell, tile in player.grid.items() if cell not in cells}
        clash = sorted(set(moved) & set(kept))
        if clash:
            row, col = clash[0]
            raise CellTakenError(
                _("the tiles cannot move there: row {row}, column {col} is taken").format(
                    row=row, col=col
                )
            )
        player = player.with_(grid=Grid({**kept, **moved}))
        return self._edited(state, action.seat, player, sorted(cells | set(moved)))

    def _on_FlipTiles(
        self, state: MatchState, action: act.FlipTiles
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        clash = in_the_way_of_flip(player.grid, cells)
        if clash:  # every tile in the way, not just the first
            raise CellTakenError(
                ngettext(
                    "the tiles cannot flip there: {cells} is taken",
                    "the tiles cannot flip there: {cells} are taken",
                    len(clash),
                ).format(cells=_cell_list(clash))
            )
        target = flipped(cells)
        _require_on_board(target.values())
        turned = {target[cell]: player.grid[cell] for cell in cells}
        kept = {cell: tile for cell, tile in player.grid.items() if cell not in cells}
        player = player.with_(grid=Grid({**kept, **turned}))
        return self._edited(state, action.seat, player, sorted(cells | set(turned)))

    def _on_TakeBack(
        self, state: MatchState, action: act.TakeBack
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        player = take_back(player, cells)
        return self._edited(state, action.seat, player, sorted(cells))

    def _on_TakeApart(
        self, state: MatchState, action: act.TakeApart
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        cells = set(player.grid)
        return self._edited(state, action.seat, take_back(player, cells), sorted(cells))

    def _on_Undo(self, state: MatchState, action: act.Undo) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        try:
            edit = self.history.to_undo(action.seat, player.grid)
            changed = regrid(player, edit.before)
        except NothingToUndoError as error:
            raise UndoError(f"{player.name}: {error}") from None
        return self._edited(state, action.seat, changed, edit.cells())

    def _on_Redo(self, state: MatchState, action: act.Redo) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action.seat)
        try:
            edit = self.history.to_redo(action.seat, player.grid)
            changed = regrid(player, edit.after)
        except NothingToUndoError as error:
            raise UndoError(f"{player.name}: {error}") from None
        return self._edited(state, action.seat, changed, edit.cells())


def flipped(cells: Iterable[Cell]) -> dict[Cell, Cell]:
    """Where each cell of a block goes when the block turns over its top-left corner:
    the cell ``d`` rows below and ``e`` columns right of that corner goes ``e`` rows
    below and ``d`` columns right of it (rows become columns; flipping twice is no change)."""
    block = list(cells)
    top = min(r for r, _c in block)
    left = min(c for _r, c in block)
    return {(r, c): (top + c - left, left + r - top) for r, c in block}


def in_the_way_of_flip(grid: Grid, cells: Iterable[Cell]) -> list[Cell]:
    """The cells, in reading order, whose tiles (not of the block) the flip of the block
    ``cells`` would land on: the flip is refused unless there are none. (The interface
    asks first, to say so in its own words: its board has no row numbers.)"""
    block = set(cells)
    return sorted(to for to in flipped(block).values() if to in grid and to not in block)


def _require_on_board(cells: Iterable[Cell]) -> None:
    """Nothing if every cell is within the board's reach; OffBoardError naming the first
    one past it otherwise."""
    limit = act.BOARD
    for row, col in cells:
        if not (-limit <= row <= limit and -limit <= col <= limit):
            raise OffBoardError(
                _("row {row}, column {col} is off the board (from -{limit} to {limit})").format(
                    row=row, col=col, limit=limit
                )
            )


def _cell_list(cells: list[Cell]) -> str:
    """Cells as a refusal names them: "row 1, column 2; row 3, column 0"."""
    return "; ".join(_("row {row}, column {col}").format(row=row, col=col) for row, col in cells)


def _tile_name(tile: Tile) -> str:
    """A tile as a refusal names it: "joker", "Bandit", "E tile"."""
    if tile.kind is TileKind.JOKER:
        return _("joker")
    if tile.kind is TileKind.BANDIT:
        return _("Bandit")
    return _("{letter} tile").format(letter=tile.letter)


def _require_tiles(grid: Grid, cells: set[Cell]) -> None:
    """Refuse an edit naming an empty cell (the first one, in reading order)."""
    empty = sorted(cell for cell in cells if cell not in grid)
    if empty:
        row, col = empty[0]
        raise NoTileThereError(_("row {row}, column {col} holds no tile").format(row=row, col=col))
