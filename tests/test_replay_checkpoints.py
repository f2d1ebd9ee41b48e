"""A replay steps back and forth through a long match without carrying out its whole log
again at each step: it keeps the match every few actions, and each position is still
the one carrying out the log from the deal gives, Undo and Redo included."""

from __future__ import annotations

import random

from mixmo.engine import actions as a
from mixmo.engine.game import Game
from mixmo.engine.replay import CHECKPOINT, Replay
from tests.game_helpers import playing_game, win_a_round


def a_long_match() -> tuple[Game, Replay]:
    """Ann tries a tile at the corner and takes it back for two checkpoints' worth of
    actions, undoes and redoes around the next checkpoints, then the round is won."""
    game = playing_game()
    symbol = game.round.player(0).rack[0].symbol
    at = 0.0
    while len(game.log) < 2 * CHECKPOINT + 5:
        at += 1
        game.apply(a.PlaceTile(seat=0, row=0, col=0, symbol=symbol, at=at))
        game.apply(a.TakeBack(seat=0, cells=((0, 0),), at=at))
    for kind in (a.Undo, a.Undo, a.Redo, a.Undo, a.Redo, a.Redo) * 6:
        at += 1
        game.apply(kind(seat=0, at=at))
    win_a_round(game, start=at + 1)
    return game, Replay(game.options, tuple(game.log))


def from_the_deal(game: Game, step: int) -> Game:
    fresh = Game(game.options, game.lexicon)
    for action in game.log[:step]:
        fresh.apply(action)
    return fresh


def test_every_step_in_any_order_is_the_match_carried_out_from_the_deal() -> None:
    game, found = a_long_match()
    total = len(found.actions)
    assert total > 3 * CHECKPOINT
    steps = [total, 0, CHECKPOINT, CHECKPOINT - 1, CHECKPOINT + 1, *range(0, total + 1, 7)]
    random.Random(5).shuffle(steps[4:])
    for step in steps:
        replayed = found.game_after(step, game.lexicon)
        expected = from_the_deal(game, step)
        assert replayed.state == expected.state, step
        assert replayed.log == expected.log and replayed.events == expected.events
        for seat in (0, 1):
            assert replayed.history.can_undo(seat) == expected.history.can_undo(seat)
            assert replayed.history.can_redo(seat) == expected.history.can_redo(seat)
    assert found.game_after(total, game.lexicon).state == game.state


def test_a_game_from_a_checkpoint_is_its_own() -> None:
    game, found = a_long_match()
    first = found.game_after(CHECKPOINT + 2, game.lexicon)
    before = found.game_after(CHECKPOINT + 2, game.lexicon).state
    first.apply(found.actions[CHECKPOINT + 2])  # moving one on moves no other
    assert found.game_after(CHECKPOINT + 2, game.lexicon).state == before
    assert first.state == found.game_after(CHECKPOINT + 3, game.lexicon).state
