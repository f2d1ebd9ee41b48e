"""The one bot runner: bots at some seats of a table, on a clock it is given."""

from __future__ import annotations

from mixmo.engine.bot import Level
from mixmo.engine.bot_seats import bots_at
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.session.bots import BotRunner
from mixmo.session.local import LocalTable


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _table() -> LocalTable:
    return LocalTable(Game(MatchOptions(players=("Ann", "Bot"), seed=3)))


def _submit(table: LocalTable):
    return lambda action: table.submit(action) is None


def test_a_bot_builds_its_grid_on_the_clock_it_is_given() -> None:
    table, clock = _table(), Clock()
    runner = BotRunner(bots_at(table.options, table.lexicon, [1], Level.EXPERT), clock)
    while clock.now < 120 and not table.round.player(1).grid:
        runner.tick(lambda: table.state, _submit(table))
        clock.now += 0.1
    assert table.round.player(1).grid, "the bot placed nothing in two minutes"
    assert not table.round.player(0).grid  # the person's seat is the person's
    assert 0 < table.game.log[-1].at <= clock.now  # stamped with the given clock


def test_bots_wait_while_the_people_cannot_play_and_lose_no_time_for_it() -> None:
    table, clock = _table(), Clock()
    asked = [False]
    runner = BotRunner(
        bots_at(table.options, table.lexicon, [1], Level.EXPERT), clock, waits=lambda: asked[0]
    )
    runner.tick(lambda: table.state, _submit(table))
    asked[0] = True  # a question opens over the board
    for _ in range(600):
        clock.now += 0.1
        runner.tick(lambda: table.state, _submit(table))
    assert not table.game.log, "a bot acted behind the question"
    asked[0] = False
    clock.now += 0.1
    assert runner.bot_time() is not None and runner.bot_time() < 1.0  # the minute did not count
    while not table.game.log and clock.now < 300:
        runner.tick(lambda: table.state, _submit(table))
        clock.now += 0.1
    assert table.game.log and table.game.log[0].at >= 60  # stamped with the game's time
