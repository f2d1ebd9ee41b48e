"""Undo and redo: a player takes back their own grid edits; draws and locks stay."""

from __future__ import annotations

import pytest

from mixmo.engine import actions as a
from mixmo.engine.game import CellTakenError, PlayerLockedError, UndoError
from mixmo.engine.save import dumps, loads
from tests.game_helpers import lay_out, playing_game


def test_undo_takes_back_the_last_placement_and_redo_makes_it_again() -> None:
    game = playing_game()
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    game.apply(a.PlaceTile(seat=0, row=0, col=1, symbol=rack[1].symbol))
    two = game.round.player(0)
    game.apply(a.Undo(seat=0))
    player = game.round.player(0)
    assert list(player.grid) == [(0, 0)]
    assert sorted(player.held().elements()) == sorted(two.held().elements())
    game.apply(a.Redo(seat=0))
    assert game.round.player(0).grid == two.grid
    game.apply(a.Undo(seat=0))
    game.apply(a.Undo(seat=0))
    assert len(game.round.player(0).grid) == 0
    assert sorted(game.round.player(0).rack) == sorted(rack)
    with pytest.raises(UndoError, match="nothing to undo"):
        game.apply(a.Undo(seat=0))


def test_undo_of_a_take_apart_puts_the_whole_grid_back() -> None:
    game = playing_game()
    lay_out(game, 0)
    grid = game.round.player(0).grid
    game.apply(a.TakeApart(seat=0))
    assert len(game.round.player(0).grid) == 0
    game.apply(a.Undo(seat=0))
    assert game.round.player(0).grid == grid and not game.round.player(0).rack


def test_undo_of_a_move_puts_the_tiles_back_where_they_were() -> None:
    game = playing_game()
    lay_out(game, 0)
    grid = game.round.player(0).grid
    game.apply(a.MoveTiles(seat=0, cells=tuple(grid), drow=2, dcol=0))
    game.apply(a.Undo(seat=0))
    assert game.round.player(0).grid == grid


def test_a_new_edit_forgets_what_was_undone() -> None:
    game = playing_game()
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    game.apply(a.Undo(seat=0))
    game.apply(a.PlaceTile(seat=0, row=5, col=5, symbol=rack[1].symbol))
    with pytest.raises(UndoError, match="nothing to redo"):
        game.apply(a.Redo(seat=0))


def test_a_draw_is_not_undone() -> None:
    game = playing_game()
    lay_out(game, 0)
    game.apply(a.CallMixmo(seat=0, at=1.0))
    drawn = game.round.player(0).rack
    assert len(drawn) == 2
    game.apply(a.Undo(seat=0))
    player = game.round.player(0)
    assert len(player.rack) == 3 and all(t in player.rack for t in drawn)
    assert len(game.round.bag) == 120 - 2 * 8, "the tiles drawn stay drawn"


def test_a_locked_player_cannot_undo_and_the_lock_stays() -> None:
    game = playing_game()
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    game.apply(a.CallMixmo(seat=0, at=1.0))  # hasty: tiles left on the rack
    assert game.round.player(0).locked
    with pytest.raises(PlayerLockedError):
        game.apply(a.Undo(seat=0))


def test_undo_is_per_player() -> None:
    game = playing_game()
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=game.round.player(0).rack[0].symbol))
    with pytest.raises(UndoError):
        game.apply(a.Undo(seat=1))


def test_undo_survives_saving_and_resuming() -> None:
    game = playing_game()
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol))
    game.apply(a.PlaceTile(seat=0, row=0, col=1, symbol=rack[1].symbol))
    game.apply(a.Undo(seat=0))
    resumed = loads(dumps(game), game.lexicon)
    assert resumed.state == game.state
    resumed.apply(a.Redo(seat=0))
    assert len(resumed.round.player(0).grid) == 2
    resumed.apply(a.Undo(seat=0))
    resumed.apply(a.Undo(seat=0))
    assert len(resumed.round.player(0).grid) == 0


def place_row(game, seat: int, count: int) -> str:
    """``count`` rack tiles across from (0, 0); the grid as text."""
    for col, tile in enumerate(game.round.player(seat).rack[:count]):
        game.apply(a.PlaceTile(seat=seat, row=0, col=col, symbol=tile.symbol))
    return game.round.player(seat).grid.to_text()


def test_a_flip_is_one_edit_one_undo_restores_the_grid_and_one_redo_flips_it_again() -> None:
    game = playing_game()
    row = place_row(game, 0, 3)  # e.g. "CAT": rows become columns
    before = game.round.player(0)
    game.apply(a.FlipTiles(seat=0, cells=((0, 0), (0, 1), (0, 2))))
    flipped = game.round.player(0)
    assert flipped.grid.to_text() == "\n".join(row.strip()) + "\n"  # C / A / T, down
    assert flipped.rack == before.rack, "a flip takes no tile from the rack and gives none back"
    game.apply(a.Undo(seat=0))
    assert game.round.player(0) == before, "one undo: the row as it was, not half a flip"
    game.apply(a.Redo(seat=0))
    assert game.round.player(0) == flipped, "one redo: the whole flip again"
    game.apply(a.Undo(seat=0))
    game.apply(a.Undo(seat=0))  # then the placements, one at a time
    assert game.round.player(0).grid.to_text() == row[:2] + "\n"


def test_a_flip_onto_another_tile_is_refused_naming_every_tile_in_the_way() -> None:
    game = playing_game()
    place_row(game, 0, 3)
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=1, col=0, symbol=rack[0].symbol))  # under the row:
    game.apply(a.PlaceTile(seat=0, row=2, col=0, symbol=rack[1].symbol))  # where it would go
    before = game.state
    with pytest.raises(
        CellTakenError,
        match=r"^the tiles cannot flip there: row 1, column 0; row 2, column 0 are taken$",
    ):
        game.apply(a.FlipTiles(seat=0, cells=((0, 0), (0, 1), (0, 2))))
    assert game.state == before, "a refused flip changes nothing"
    with pytest.raises(CellTakenError, match=r"^the tiles cannot flip there: row 1, column 0 is"):
        game.apply(a.FlipTiles(seat=0, cells=((0, 0), (0, 1))))
    game.apply(a.Undo(seat=0))  # a refusal is no edit: undo takes back the last placement
    assert (2, 0) not in game.round.player(0).grid and len(game.round.player(0).grid) == 4
