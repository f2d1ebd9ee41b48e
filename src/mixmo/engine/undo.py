"""Undo and redo of a player's own grid edits.

Each player has a history of their grid edits (placing, moving, flipping, taking
back and taking apart tiles) for the current round. :class:`~mixmo.engine.actions.Undo`
restores the grid as it was before the last edit and :class:`~mixmo.engine.actions.Redo`
does it again. Only the grid goes back: the tiles it frees return to the rack,
and a draw, a lock or a MIXMO is never undone.

The history is not part of :class:`~mixmo.engine.state.MatchState`: it follows
from the action log, so a saved game replays to the very same history and an
undo survives saving and resuming.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from mixmo.engine import actions as act
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.messages import CodedError, Kind
from mixmo.engine.state import MatchState, PlayerState
from mixmo.engine.tiles import JOKER, Tile, TileKind

GRID_EDITS = (act.PlaceTile, act.MoveTiles, act.FlipTiles, act.TakeBack, act.TakeApart)
"""The actions an undo can take back."""


class NothingToUndoError(CodedError):
    """The player has no grid edit of this round left to undo (or redo)."""


class GridGoneError(NothingToUndoError):
    kind = Kind("grid-gone", "the tiles of that grid are no longer on the rack")


class NoUndoError(NothingToUndoError):
    kind = Kind("nothing-to-undo", "nothing to undo")


class NoRedoError(NothingToUndoError):
    kind = Kind("nothing-to-redo", "nothing to redo")


@dataclass(frozen=True, slots=True)
class Edit:
    """One grid edit: the grid before and after it."""

    before: Grid
    after: Grid

    def cells(self) -> list[Cell]:
        """The cells the edit changed."""
        return sorted(
            cell
            for cell in set(self.before) | set(self.after)
            if self.before.get(cell) != self.after.get(cell)
        )


@dataclass
class _Stacks:
    done: list[Edit] = field(default_factory=list)
    undone: list[Edit] = field(default_factory=list)


def _rack_tile(tile: Tile) -> Tile:
    """A declared joker goes back to the rack as a plain joker."""
    return JOKER if tile.kind is TileKind.JOKER else tile


def regrid(player: PlayerState, grid: Grid) -> PlayerState:
    """``player`` with ``grid`` instead of theirs, the rack making up the difference.

    Raises NothingToUndoError when the rack lacks a tile the new grid needs
    (which only a history that no longer matches the grid could ask for).
    """
    now = Counter(_rack_tile(t) for t in player.grid.tiles())
    wanted = Counter(_rack_tile(t) for t in grid.tiles())
    rack = list(player.rack) + list((now - wanted).elements())
    for tile in (wanted - now).elements():
        if tile not in rack:
            raise GridGoneError()
        rack.remove(tile)
    return player.with_(grid=grid, rack=tuple(rack))


class EditHistory:
    """Every player's grid edits of the current round, with what was undone."""

    def __init__(self) -> None:
        self._seats: dict[int, _Stacks] = {}

    def _stacks(self, seat: int) -> _Stacks:
        return self._seats.setdefault(seat, _Stacks())

    def copy(self) -> EditHistory:
        """An independent history with the same edits (edits are immutable)."""
        twin = EditHistory()
        twin._seats = {
            seat: _Stacks(list(stacks.done), list(stacks.undone))
            for seat, stacks in self._seats.items()
        }
        return twin

    def can_undo(self, seat: int) -> bool:
        return bool(self._stacks(seat).done)

    def can_redo(self, seat: int) -> bool:
        return bool(self._stacks(seat).undone)

    def to_undo(self, seat: int, grid: Grid) -> Edit:
        """The edit an undo would take back now (the player's grid is ``grid``)."""
        done = self._stacks(seat).done
        if not done or done[-1].after != grid:
            raise NoUndoError()
        return done[-1]

    def to_redo(self, seat: int, grid: Grid) -> Edit:
        """The edit a redo would make again now."""
        undone = self._stacks(seat).undone
        if not undone or undone[-1].before != grid:
            raise NoRedoError()
        return undone[-1]

    def record(self, action: act.Action, before: MatchState, after: MatchState) -> None:
        """Keep the history in step with an action the game has just carried out."""
        if after.round.number != before.round.number:
            self._seats.clear()  # a new round: new grids, nothing to undo
            return
        seat = action.seat
        if isinstance(action, act.Undo):
            stacks = self._stacks(seat)
            stacks.undone.append(stacks.done.pop())
        elif isinstance(action, act.Redo):
            stacks = self._stacks(seat)
            stacks.done.append(stacks.undone.pop())
        elif isinstance(action, GRID_EDITS):
            edit = Edit(before.round.player(seat).grid, after.round.player(seat).grid)
            if edit.before != edit.after:
                stacks = self._stacks(seat)
                stacks.done.append(edit)
                stacks.undone.clear()
        else:
            # Any other change to a grid (the final sprint) ends that grid's history.
            for other, stacks in self._seats.items():
                if before.round.player(other).grid != after.round.player(other).grid:
                    stacks.done.clear()
                    stacks.undone.clear()
