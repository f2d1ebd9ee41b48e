"""Undo and redo: a player takes back their own grid edits; draws and locks stay."""

from __future__ import annotations

import pytest

from mixmo.engine import actions as a
from mixmo.engine.game import PlayerLockedError, UndoError
from mixmo.engine.save import dumps, loads
from mixmo.engine.state import Phase
from tests.game_helpers import lay_out, new_game


def playing_game():
    for seed in range(100):
        game = new_game(2, seed=seed)
        if game.phase is Phase.PLAYING:
            return game
    raise AssertionError("no seed without the Bandit")


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
