"""The handlers of grid editing: place, move, flip, take back, take apart, undo, redo,
and the hint whose cost holds them.

Each edit is allowed in play to a player who may act (not locked after a hasty
MIXMO, not out of the round, not paying for a hint), and takes back that player's "stuck".
"""

from __future__ import annotations

from collections.abc import Iterable

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game_base import GameBase, take_back, why_locked
from mixmo.engine.game_errors import (
    CannotFlipThereError,
    CannotMoveThereError,
    CellHoldsTileError,
    EmptyCellError,
    GridLockedError,
    GridsFrozenError,
    NoHintNowError,
    NotOnRackError,
    OffBoardError,
    TileNotInRackError,
    UndoError,
    cells_listed,
    phase_words,
)
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.hint_cost import HINT_COST, hold_for_a_hint
from mixmo.engine.messages import Kind, Message
from mixmo.engine.state import MatchState, Phase, PlayerState
from mixmo.engine.tiles import BANDIT_NAME, JOKER, JOKER_NAME, Tile, TileError, TileKind
from mixmo.engine.undo import NothingToUndoError, regrid

A_LETTER_TILE = Kind("letter-tile", "{letter} tile")


class EditingHandlers(GameBase):
    """``_on_PlaceTile`` ... ``_on_Redo``: a player's own grid, in play."""

    def _editor(self, state: MatchState, action: act.Action) -> PlayerState:
        """The player of ``action``, if they may edit their grid now (not while a hint of
        theirs is being paid for)."""
        if state.round.phase is not Phase.PLAYING:
            raise GridsFrozenError(phase=phase_words(state.round.phase.value))
        player = state.round.player(action.seat)
        if not player.may_act:
            raise GridLockedError(player=player.name, why=why_locked(player))
        hold_for_a_hint(player, action.at)
        return player

    def _on_TakeHint(
        self, state: MatchState, action: act.TakeHint
    ) -> tuple[MatchState, list[ev.Event]]:
        """A hint, taken while the player may play: for :data:`HINT_COST` seconds their
        grid edits and MIXMO wait (a second hint waits for the first to be paid)."""
        if state.round.phase is not Phase.PLAYING:
            raise NoHintNowError(phase=phase_words(state.round.phase.value))
        player = self._editor(state, action)
        until = round(action.at + HINT_COST, 3)
        round_ = state.round.with_player(action.seat, player.with_(hint_until=until))
        return state.with_(round=round_), [ev.HintTaken(action.seat, until)]

    def _edited(
        self, state: MatchState, seat: int, player: PlayerState, cells: Iterable[Cell]
    ) -> tuple[MatchState, list[ev.Event]]:
        """``state`` with ``player``'s edit of ``cells``; an edit takes back a "stuck".

        An edit also ends the player's readiness at the last draw: a MIXMO called
        after it is a MIXMO of its own, not one called at the same draw.
        """
        events: list[ev.Event] = [ev.GridChanged(seat, tuple(cells))]
        was_stuck = state.round.player(seat).stuck
        if was_stuck:
            events.append(ev.PlayerStuck(seat, False))
        if was_stuck or player.ready_at_draw:  # seldom: most edits keep both flags as they are
            player = player.with_(ready_at_draw=False, stuck=False if was_stuck else player.stuck)
        return state.with_(round=state.round.with_player(seat, player)), events

    def _on_PlaceTile(
        self, state: MatchState, action: act.PlaceTile
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        try:
            placed = Tile.from_symbol(action.symbol)
        except TileError as error:
            raise TileNotInRackError(error.message) from None
        from_rack = JOKER if placed.kind is TileKind.JOKER else placed
        rack = list(player.rack)
        if from_rack not in rack:
            raise NotOnRackError(player=player.name, tile=_tile_name(from_rack))
        cell = (action.row, action.col)
        _require_on_board([cell])
        if cell in player.grid:
            raise CellHoldsTileError(row=action.row, col=action.col)
        rack.remove(from_rack)
        player = player.with_(rack=tuple(rack), grid=player.grid.place(cell, placed))
        return self._edited(state, action.seat, player, [cell])

    def _on_MoveTiles(
        self, state: MatchState, action: act.MoveTiles
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        moved = {(r + action.drow, c + action.dcol): player.grid[(r, c)] for r, c in cells}
        _require_on_board(moved)
        kept = {cell: tile for cell, tile in player.grid.items() if cell not in cells}
        clash = sorted(set(moved) & set(kept))
        if clash:
            row, col = clash[0]
            raise CannotMoveThereError(row=row, col=col)
        player = player.with_(grid=Grid({**kept, **moved}))
        return self._edited(state, action.seat, player, sorted(cells | set(moved)))

    def _on_FlipTiles(
        self, state: MatchState, action: act.FlipTiles
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        clash = in_the_way_of_flip(player.grid, cells)
        if clash:  # every tile in the way, not just the first
            raise CannotFlipThereError(cells=cells_listed(clash), count=len(clash))
        target = flipped(cells)
        _require_on_board(target.values())
        turned = {target[cell]: player.grid[cell] for cell in cells}
        kept = {cell: tile for cell, tile in player.grid.items() if cell not in cells}
        player = player.with_(grid=Grid({**kept, **turned}))
        return self._edited(state, action.seat, player, sorted(cells | set(turned)))

    def _on_TakeBack(
        self, state: MatchState, action: act.TakeBack
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        cells = set(action.cells)
        _require_tiles(player.grid, cells)
        player = take_back(player, cells)
        return self._edited(state, action.seat, player, sorted(cells))

    def _on_TakeApart(
        self, state: MatchState, action: act.TakeApart
    ) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        cells = set(player.grid)
        return self._edited(state, action.seat, take_back(player, cells), sorted(cells))

    def _on_Undo(self, state: MatchState, action: act.Undo) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        try:
            edit = self.history.to_undo(action.seat, player.grid)
            changed = regrid(player, edit.before)
        except NothingToUndoError as error:
            raise UndoError(player=player.name, why=error.message) from None
        return self._edited(state, action.seat, changed, edit.cells())

    def _on_Redo(self, state: MatchState, action: act.Redo) -> tuple[MatchState, list[ev.Event]]:
        player = self._editor(state, action)
        try:
            edit = self.history.to_redo(action.seat, player.grid)
            changed = regrid(player, edit.after)
        except NothingToUndoError as error:
            raise UndoError(player=player.name, why=error.message) from None
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
            raise OffBoardError(row=row, col=col, limit=limit)


def _tile_name(tile: Tile) -> Message:
    """A tile as a refusal names it: "joker", "Bandit", "E tile"."""
    if tile.kind is TileKind.JOKER:
        return JOKER_NAME()
    if tile.kind is TileKind.BANDIT:
        return BANDIT_NAME()
    return A_LETTER_TILE(letter=tile.letter)


def _require_tiles(grid: Grid, cells: set[Cell]) -> None:
    """Refuse an edit naming an empty cell (the first one, in reading order)."""
    empty = sorted(cell for cell in cells if cell not in grid)
    if empty:
        row, col = empty[0]
        raise EmptyCellError(row=row, col=col)
