"""The first game's header suggests the tutorial until the player makes a move (it once stayed
over placed tiles until other news replaced it). Game time is a fake clock here: it moves
only when a test says so, so the welcome's own 10 seconds never run out under a test."""

from __future__ import annotations

from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.tui.app import MixmoApp
from mixmo.tui.news import TUTORIAL_SUGGESTION
from tests.tui.helpers import FakeClock, burst, handled, keys_for_rack, seed_where

SIZE = (120, 30)
SUGGESTION = "New to Mixmo? Quit and try `mixmo tutorial`"
UNSAVED = "This new game is not saved: the data folder cannot be written"


def first_game(welcome: str, *, bots: int = 0) -> MixmoApp:
    options = MatchOptions(players=("Ann", "Bob"), seed=seed_where(2, bandit_first=False))
    return MixmoApp(Game(options, AnyWord(language="en")), clock=FakeClock(), welcome=welcome,
                    bots=bots)  # fmt: skip


def header(app: MixmoApp) -> str:
    return str(app.query_one("#header").render())


async def test_the_tutorial_s_suggestion_goes_at_the_first_tile_placed() -> None:
    app = first_game(TUTORIAL_SUGGESTION)
    async with app.run_test(size=SIZE):
        await handled(app)
        assert SUGGESTION in header(app), "a first game suggests the tutorial"
        burst(app, "right", "down")  # looking around is not a move yet
        await handled(app)
        assert SUGGESTION in header(app)
        burst(app, keys_for_rack(app, 0)[0])
        await handled(app)
        assert len(app.table.round.player(0).grid) == 1
        assert SUGGESTION not in header(app), "the player has started: the suggestion goes"
        assert "round 1" in header(app), "the match's settings are back in the header"


async def test_a_bot_s_tile_leaves_the_suggestion_to_the_person() -> None:
    from mixmo.engine import actions as act

    app = first_game(TUTORIAL_SUGGESTION, bots=1)
    async with app.run_test(size=SIZE):
        await handled(app)
        tile = app.table.round.player(1).rack[0]
        app.apply(act.PlaceTile(seat=1, row=0, col=0, symbol=tile.symbol), quiet=True)
        await handled(app)
        assert len(app.table.round.player(1).grid) == 1
        assert SUGGESTION in header(app), "the bot's move is not the person's first step"


async def test_a_welcome_that_is_news_stays_its_time_after_a_move() -> None:
    """Other welcomes (a game that cannot be saved) are news whatever the player does."""
    app = first_game(UNSAVED)
    async with app.run_test(size=SIZE):
        await handled(app)
        burst(app, keys_for_rack(app, 0)[0])
        await handled(app)
        assert len(app.table.round.player(0).grid) == 1
        assert UNSAVED in header(app)
