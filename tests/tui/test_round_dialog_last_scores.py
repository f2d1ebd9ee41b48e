"""The last round's scores can be read again once the next round is dealt (a table
that dealt on at once never saw them, and nothing on screen showed them again)."""

from __future__ import annotations

from mixmo.tui.modals import HelpScreen
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, VoteScreen
from tests.tui.helpers import burst, handled, keys_for_rack, make_app, seed_where
from tests.tui.test_round_dialog_keys import SIZE, keys, shows, to_the_claims


async def test_f12_shows_the_last_round_s_scores_again_while_the_next_round_is_played() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        await keys(app, "space", "enter")  # Ann claims her first word
        assert isinstance(app.screen, ClaimScreen)
        await keys(app, "enter")  # Bob claims nothing
        assert isinstance(app.screen, VoteScreen)
        await keys(app, "enter")  # Bob accepts Ann's word
        assert isinstance(app.screen, ScoresScreen)
        assert await shows(app, "Ann wins round 1")
        await keys(app, "enter")
        assert app.table.round.number == 2 and not isinstance(app.screen, ScoresScreen)
        if app.screen is not app.screen_stack[0]:  # the deal gave someone the Bandit
            await keys(app, *"cats", "enter")
        assert app.screen is app.screen_stack[0]
        await keys(app, "f12")
        assert await shows(app, "Ann wins round 1", "Enter or Esc closes this sheet.")
        assert app.table.round.number == 2
        await keys(app, "escape")
        assert app.screen is app.screen_stack[0], "Esc closes the sheet, and nothing else"
        letter = keys_for_rack(app, app.active)[0]
        await keys(app, "f12", "enter", letter)  # read, closed, and play goes on
        assert app.screen is app.screen_stack[0]
        assert len(app.table.round.player(app.active).grid) == 1


async def test_before_any_round_is_scored_the_key_says_so() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE):
        await handled(app)
        burst(app, "f12")
        await handled(app)
        assert app.screen is app.screen_stack[0]
        assert await shows(app, "no round has been scored yet")


async def test_the_help_lists_the_scores_key() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE):
        await handled(app)
        await keys(app, "f1")
        assert isinstance(app.screen, HelpScreen)
        assert ("f12", "the last round's scores again") in app.screen.keys
