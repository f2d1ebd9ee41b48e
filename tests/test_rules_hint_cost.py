"""The price of a hint (mixmo's own rule): the hint is an action of the log, and for 30 s of
game time its taker's grid edits and MIXMO wait while the others play on."""

from __future__ import annotations

import pytest

from mixmo.engine import actions as a
from mixmo.engine.game_errors import HintWaitError, NoHintNowError
from mixmo.engine.hint_cost import HELD_BY_A_HINT, HINT_COST
from mixmo.engine.save import dumps, loads
from mixmo.engine.state import Phase
from tests.game_helpers import (
    claim_first_words,
    lay_out,
    new_game,
    play_until_bag_is_empty,
    playing_game,
)


def test_a_hint_holds_the_seats_grid_edits_and_mixmo_for_30_s_and_not_the_others() -> None:
    game = playing_game()
    game.apply(a.TakeHint(seat=0, at=10.0))
    assert game.round.player(0).hint_until == 10.0 + HINT_COST == 40.0
    ann, bob = game.round.player(0).rack, game.round.player(1).rack
    cells = ((0, 0),)
    held = [
        a.PlaceTile(seat=0, row=0, col=0, symbol=ann[0].symbol, at=39.5),
        a.MoveTiles(seat=0, cells=cells, drow=0, dcol=1, at=20.0),
        a.FlipTiles(seat=0, cells=cells, at=20.0),
        a.TakeBack(seat=0, cells=cells, at=20.0),
        a.TakeApart(seat=0, at=20.0),
        a.Undo(seat=0, at=20.0),
        a.Redo(seat=0, at=20.0),
        a.CallMixmo(seat=0, at=39.0),
    ]
    assert {type(action) for action in held} == set(HELD_BY_A_HINT)
    for action in held:
        with pytest.raises(HintWaitError) as refused:
            game.apply(action)
        assert refused.value.code == "hint-wait"
    assert refused.value.message.fields == {"cost": 30, "seconds": 1}
    assert str(refused.value) == "the hint costs 30 s: play on in 1 s"
    assert len(game.round.player(0).grid) == 0, "nothing held was played"
    game.apply(a.PlaceTile(seat=1, row=0, col=0, symbol=bob[0].symbol, at=11.0))
    game.apply(a.SayStuck(seat=0, at=12.0))  # not held: a call about the rack, not play
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=ann[0].symbol, at=40.0))
    assert len(game.round.player(0).grid) == 1, "paid at 40 s: the grid is Ann's again"


def test_a_second_hint_waits_for_the_first_to_be_paid() -> None:
    game = playing_game()
    game.apply(a.TakeHint(seat=0, at=5.0))
    with pytest.raises(HintWaitError, match="play on in 20 s"):
        game.apply(a.TakeHint(seat=0, at=15.0))
    game.apply(a.TakeHint(seat=0, at=35.0))
    assert game.round.player(0).hint_until == 65.0


def test_no_hint_is_taken_out_of_play() -> None:
    game = new_game(2, seed=1)
    play_until_bag_is_empty(game, caller=0)
    lay_out(game, 0, 200.0)
    game.apply(a.CallMixmo(seat=0, at=201.0))
    assert game.phase is not Phase.PLAYING
    with pytest.raises(NoHintNowError, match="no hint now"):
        game.apply(a.TakeHint(seat=1, at=202.0))


def test_a_hint_survives_save_and_resume() -> None:
    game = playing_game()
    game.apply(a.TakeHint(seat=1, at=3.0))
    resumed = loads(dumps(game), lexicon=game.lexicon)
    assert resumed.log[-1] == a.TakeHint(seat=1, at=3.0)
    assert resumed.round.player(1).hint_until == 33.0
    bob = resumed.round.player(1).rack
    with pytest.raises(HintWaitError, match="play on in 28 s"):
        resumed.apply(a.PlaceTile(seat=1, row=0, col=0, symbol=bob[0].symbol, at=5.0))


def test_undo_never_takes_a_hint_back() -> None:
    game = playing_game()
    rack = game.round.player(0).rack
    game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=rack[0].symbol, at=1.0))
    game.apply(a.TakeHint(seat=0, at=2.0))
    game.apply(a.Undo(seat=0, at=40.0))  # the placing is undone, not the hint
    assert len(game.round.player(0).grid) == 0
    assert game.round.player(0).hint_until == 32.0


def test_a_new_round_starts_with_no_hint_owed() -> None:
    game = new_game(2, seed=2, target=5000)
    at = play_until_bag_is_empty(game, caller=0)
    game.apply(a.TakeHint(seat=1, at=at + 1))
    lay_out(game, 0, at + 2)
    game.apply(a.CallMixmo(seat=0, at=at + 3))
    if game.phase is Phase.CLAIMING:
        claim_first_words(game)
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=0, at=at + 3))
    assert game.phase is Phase.SCORED
    game.apply(a.NextRound(seat=0, at=at + 4))
    assert game.round.player(1).hint_until is None
    bob = game.round.player(1).rack
    game.apply(a.PlaceTile(seat=1, row=0, col=0, symbol=bob[0].symbol, at=at + 5))
