"""The match every table in this process plays (a local table's, a server room's): a game
on a game clock, which stamps an action with the match's time when it arrives."""

from __future__ import annotations

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.session.core import GameClock, MatchCore


def core_at(seconds: float) -> tuple[MatchCore, list[ev.Event]]:
    """A two-player match whose game time stands at ``seconds`` (a clock that stopped)."""
    game = Game(MatchOptions(players=("Ann", "Bob"), variant="free-spirit", seed=4), AnyWord())
    core = MatchCore(game, lambda: seconds)
    heard: list[ev.Event] = []
    core.subscribe(heard.append)
    return core, heard


def place_first_tile(core: MatchCore, at: float = 0.0) -> act.PlaceTile:
    tile = core.game.round.player(0).rack[0].symbol
    return act.PlaceTile(seat=0, row=0, col=0, symbol=tile, at=at)


def test_an_action_takes_the_match_s_time_when_it_arrives_not_the_one_it_carries() -> None:
    core, heard = core_at(12.3456)
    events = core.apply(place_first_tile(core, at=99.0))
    assert core.game.log[-1].at == 12.346
    assert heard == events != []


def test_a_replayed_action_keeps_the_time_it_was_taken_at() -> None:
    core, _ = core_at(500.0)
    core.apply(place_first_tile(core, at=7.0), stamp=False)
    assert core.game.log[-1].at == 7.0


def test_the_game_clock_starts_again_at_the_match_s_start() -> None:
    clock = GameClock(base=600.0, start=0.0)  # a room opened long ago
    assert clock() >= 600.0
    clock.restart()
    assert 0.0 <= clock() < 600.0
    clock.restart(42.0)  # a restored room goes on from the time it had reached
    assert 42.0 <= clock() < 600.0
