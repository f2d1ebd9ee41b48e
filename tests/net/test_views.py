"""What each seat may see: the JSON the server sends is the view's model, exactly."""

from __future__ import annotations

from pathlib import Path

from mixmo.engine.actions import CallMixmo, ChooseTheme, PlaceTile, TakeHint
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.state import Phase
from mixmo.net.protocol import SeatView
from mixmo.net.views import ViewMaker, view_state
from tests.game_helpers import lay_out, new_game, play_until_bag_is_empty


def _game_with_a_theme() -> Game:
    """A seeded game in which someone draws the Bandit at once, so a theme gets chosen."""
    for seed in range(200):
        game = Game(MatchOptions(players=("Ann", "Bob", "Cy"), seed=seed))
        if game.phase is Phase.CHOOSING_THEME:
            return game
    raise AssertionError("no seed below 200 deals the Bandit at once")


def test_the_json_sent_to_each_seat_is_its_view() -> None:
    game = _game_with_a_theme()
    seat = game.state.round.bandit_seat
    assert seat is not None
    game.apply(ChooseTheme(seat=seat, theme='"players":[] {"x": 1}'))
    tile = game.state.round.player(1).rack[0]
    game.apply(PlaceTile(seat=1, row=0, col=0, symbol=tile.symbol))
    maker = ViewMaker(game.options)
    for viewer in (0, 1, 2, None):
        sent = SeatView.model_validate_json(maker.view_json(game.state, viewer, 3.25))
        assert sent == maker.view(game.state, viewer, 3.25)
        assert sent.state.round.theme == '"players":[] {"x": 1}'
        racks = [p.rack for p in sent.state.round.players]
        assert [bool(rack) for rack in racks] == [seat == viewer for seat in range(3)]


def test_a_view_holds_the_seat_s_own_state_whole() -> None:
    game = Game(MatchOptions(players=("Ann", "Bob"), seed=2))
    mine = view_state(ViewMaker(game.options).view(game.state, 1, 0.0)).round.player(1)
    assert mine == game.state.round.player(1)


SEAT_VIEWS = Path(__file__).parent.parent / "data" / "seat-views-v1.jsonl"
"""Each seat's view and a watcher's, one a line, as the server sent them before one module
wrote both saves and views: 3 players (one named with an accent), a match of 3 rounds,
three tiles laid by each, and a hint taken by the third (its wait left)."""


def _seat_views_game() -> Game:
    game = Game(
        MatchOptions(players=("Ann", "Bob", "Zoë"), seed=11, scoring=ScoringMode.ROUNDS,
                     target=2, rounds_to_play=3),
        AnyWord(language="en"),
    )  # fmt: skip
    assert game.phase is Phase.PLAYING
    for seat in range(3):
        for col, tile in enumerate(game.round.player(seat).rack[:3]):
            game.apply(PlaceTile(seat=seat, row=0, col=col, symbol=tile.symbol, at=1.0 + col))
    game.apply(TakeHint(seat=2, at=6.0))
    return game


def test_the_json_each_seat_reads_is_byte_for_byte_what_it_was() -> None:
    game = _seat_views_game()
    maker = ViewMaker(game.options)
    sent = [
        maker.view_json(game.state, seat, 7.25, 20.0 if seat == 2 else 0.0)
        for seat in (0, 1, 2, None)
    ]
    assert sent == SEAT_VIEWS.read_bytes().splitlines()


def test_a_kept_view_maker_writes_each_view_as_a_fresh_one_would() -> None:
    # The server keeps one maker per room and reuses what an action did not change (each
    # player's JSON, the rest of the state's): after every action of a whole round, theme,
    # MIXMOs, final MIXMO and scores included, every seat reads what a new maker writes.
    played = new_game(3, seed=3, target=1000)
    play_until_bag_is_empty(played, caller=1)
    lay_out(played, 1, 500.0)
    played.apply(CallMixmo(seat=1, at=505.0))
    assert played.phase is not Phase.PLAYING
    replay = Game(played.options, AnyWord(language="en"))
    kept = ViewMaker(replay.options)
    for action in played.log:
        replay.apply(action)
        for viewer in (0, 1, 2, None):
            fresh = ViewMaker(replay.options).view_json(replay.state, viewer, 9.5)
            assert kept.view_json(replay.state, viewer, 9.5) == fresh
